#!/usr/bin/env bash
# Load tests, with figures for docs/performance.md:
#
# 1. What a phone's browser asks for first: the catalog (GET /api/v1/product/get-products,
#    200 products) and the main JS chunk (assets/vendor-*.js), with a browser's headers
#    (Accept-Encoding: gzip, deflate, br, zstd and the rest) and with a bare client, from
#    paduka and from nginx serving the same bytes compressed ahead of time (gzip_static,
#    brotli_static), with the same load generator (wrk) in one run: rounds that alternate
#    the two, so both meet the same load from the rest of the machine. Prints the medians of
#    throughput and p99 latency, the ratios to nginx and the server's resident memory idle
#    and at its peak.
# 2. The admin overview (GET /api/v1/admin/stats) over BENCH_ORDERS orders placed in the last
#    30 days.
# (`just bench` then runs scripts/bench-lighthouse.sh: Lighthouse on the demo shop's pages.)
#
# Needs the built frontend (`just bench` builds it first). wrk, nginx with its brotli_static
# module, brotli and gzip come from Debian packages, installed when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-common.sh

DURATION="${BENCH_DURATION:-5s}"
ROUNDS="${BENCH_ROUNDS:-3}"
CONNECTIONS="${BENCH_CONNECTIONS:-64}"
THREADS="${BENCH_THREADS:-2}"
PORT="${BENCH_PORT:-18080}"
NGINX_PORT="${BENCH_NGINX_PORT:-18081}"
ORDERS="${BENCH_ORDERS:-10000}"
ADMIN_EMAIL="bench@paduka.local" ADMIN_PASSWORD="bench-password"
dist="frontend/dist"

need() {
    # need COMMAND-OR-FILE PACKAGE...: installs the Debian packages when the first is missing.
    local what="$1"
    shift
    if ! command -v "$what" >/dev/null 2>&1 && [ ! -e "$what" ]; then
        echo "== installing $* (Debian packages)"
        apt-get install -y -qq "$@" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "$@"; }
    fi
}
need wrk wrk
need nginx nginx
need /usr/lib/nginx/modules/ngx_http_brotli_static_module.so libnginx-mod-http-brotli-static
need brotli brotli
vendor_js=$(find "$dist/assets" -maxdepth 1 -name 'vendor-*.js' 2>/dev/null | head -n1)
if [ ! -f "$dist/index.html" ] || [ -z "$vendor_js" ]; then
    echo "no built frontend in $dist: run \`just bench\` (it builds it) or \`just frontend-build\`" >&2
    exit 1
fi
vendor_path="/assets/$(basename "$vendor_js")"

paduka=$(bench_binary)
work="$(mktemp -d)"
# nginx's workers drop root for an unprivileged user, who must be able to read the copies.
chmod 755 "$work"
server_pid=""
nginx_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# Both servers get their own copy of the same build.
export DATA_DIR="$work/data" STATIC_DIR="$work/site" BIND_ADDR="127.0.0.1:$PORT"
export DEMO_DATA=false BCRYPT_COST=4 RUST_LOG=warn
cp -r "$dist" "$STATIC_DIR"

echo "== seeding 200 products, an admin and $ORDERS orders over the last 30 days"
"$paduka" demo-data --products 200
"$paduka" admin create --email "$ADMIN_EMAIL" --name Bench --password "$ADMIN_PASSWORD" >/dev/null
# Straight into the table: the overview reads orders only, and placing this many through
# checkout would take longer than the benchmark. Statuses are mixed, a quarter cancelled.
python3 - "$DATA_DIR/paduka.db" "$ORDERS" <<'PY'
import datetime, random, sqlite3, sys
db, count = sys.argv[1], int(sys.argv[2])
con = sqlite3.connect(db)
user_id, name = con.execute("SELECT id, name FROM users LIMIT 1").fetchone()
now = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
statuses = ["Pending", "Confirmed", "Delivered", "Cancelled"]
rows = []
for i in range(count):
    at = (now - datetime.timedelta(seconds=random.randrange(30 * 86400))).strftime("%Y-%m-%d %H:%M:%S.%f")
    rows.append((f"bench-{i}", user_id, name, "1 Bench Road", "492001", random.randrange(500, 10000),
                 f"pay_bench_{i}", f"order_bench_{i}", random.choice(statuses), at, at))
con.executemany(
    "INSERT INTO orders (id, user_id, user_name, address, pincode, amount_rupees, payment_id,"
    " provider_order_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    rows,
)
con.commit()
PY

"$paduka" serve &
server_pid=$!
for _ in $(seq 1 300); do
    curl -fsS "http://$BIND_ADDR/health/ready" >/dev/null 2>&1 && break
    sleep 0.1
done
rss() { awk -v key="$1:" '$1 == key { printf "%.1f", $2 / 1024 }' "/proc/$server_pid/status"; }
idle_rss=$(rss VmRSS)

# nginx, unprivileged, from a config in the temporary folder: the catalog's JSON as paduka
# serves it and the built frontend, each text file next to its .br (quality 11) and .gz (-9).
root="$work/nginx/root"
mkdir -p "$work/nginx" && cp -r "$dist" "$root"
catalog_path="/api/v1/product/get-products"
curl -fsS "http://$BIND_ADDR$catalog_path" -o "$root/catalog.json"
find "$root" -type f \( -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' -o -name '*.json' \) \
    -exec brotli -q 11 -k -f {} \; -exec gzip -9 -k -n -f {} \;
cat > "$work/nginx/nginx.conf" <<CONF
load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
worker_processes auto;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    sendfile on;
    tcp_nopush on;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        root $root;
        gzip_static on;
        brotli_static on;
    }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
nginx_pid=$!
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$NGINX_PORT/catalog.json" >/dev/null 2>&1 && break
    sleep 0.1
done

# What Chrome on a phone sends for a fetch() and for a module script.
common=(-H 'Accept-Encoding: gzip, deflate, br, zstd'
    -H 'Accept-Language: en-IN,en-GB;q=0.9,en-US;q=0.8,en;q=0.7'
    -H 'User-Agent: Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
    -H 'sec-ch-ua: "Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"'
    -H 'sec-ch-ua-mobile: ?1' -H 'sec-ch-ua-platform: "Android"'
    -H 'Sec-Fetch-Site: same-origin' -H "Referer: http://$BIND_ADDR/")
fetch_headers=("${common[@]}" -H 'Accept: application/json, text/plain, */*'
    -H 'Sec-Fetch-Mode: cors' -H 'Sec-Fetch-Dest: empty')
script_headers=("${common[@]}" -H 'Accept: */*' -H 'Sec-Fetch-Mode: cors' -H 'Sec-Fetch-Dest: script'
    -H "Origin: http://$BIND_ADDR")

paduka_url="http://$BIND_ADDR"
nginx_url="http://127.0.0.1:$NGINX_PORT"
bytes=$(wc -c < "$root/catalog.json")
count=$(grep -o '"_id"' "$root/catalog.json" | wc -l)
echo "== catalog: $bytes bytes, $count ids; JS chunk $vendor_path: $(wc -c < "$vendor_js") bytes"
echo "== wrk: $THREADS threads, $CONNECTIONS connections"
echo "   what a browser gets (Content-Encoding, bytes on the wire):"
for target in "paduka $paduka_url$catalog_path" "nginx  $nginx_url/catalog.json" \
    "paduka $paduka_url$vendor_path" "nginx  $nginx_url$vendor_path"; do
    set -- $target
    curl -fsS -o /dev/null "${fetch_headers[@]}" -w "   $1 %{http_code} %{content_type} encoding=%header{content-encoding} %{size_download} B  $2\n" "$2"
done

run() {
    # Warm up, then measure; any further arguments go to wrk (headers).
    local url="$1"
    shift
    wrk -t"$THREADS" -c"$CONNECTIONS" -d3s "$@" "$url" >/dev/null
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@" "$url"
}
to_ms() {
    awk '{ v=$1; if (v ~ /us$/) { sub(/us$/,"",v); print v/1000 } else if (v ~ /ms$/) { sub(/ms$/,"",v); print v } else { sub(/s$/,"",v); print v*1000 } }'
}
rps() { awk '/Requests\/sec/ {print $2}'; }
p99() { awk '$1=="99%" {print $2}' | to_ms; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

rows=()
compare() {
    # compare LABEL PADUKA_PATH NGINX_PATH [wrk headers...]: ROUNDS rounds of paduka then
    # nginx, so that both meet the same load from the rest of the machine; medians.
    local label="$1" paduka_path="$2" nginx_path="$3"
    shift 3
    local p_rps=() p_p99=() n_rps=() n_p99=() out
    wrk -t"$THREADS" -c"$CONNECTIONS" -d3s "$@" "$paduka_url$paduka_path" >/dev/null
    wrk -t"$THREADS" -c"$CONNECTIONS" -d3s "$@" "$nginx_url$nginx_path" >/dev/null
    for round in $(seq 1 "$ROUNDS"); do
        for server in paduka nginx; do
            local url="$paduka_url$paduka_path"
            [ "$server" = nginx ] && url="$nginx_url$nginx_path"
            out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@" "$url")
            if echo "$out" | grep -q 'Non-2xx'; then
                echo "$out" >&2
                echo "$server answered something other than 2xx or 3xx: the figures are not comparable" >&2
                exit 1
            fi
            printf '   %-24s round %s  %-6s %10s req/s  p99 %6s ms\n' "$label" "$round" "$server" \
                "$(echo "$out" | rps)" "$(echo "$out" | p99)"
            if [ "$server" = paduka ]; then
                p_rps+=("$(echo "$out" | rps)"); p_p99+=("$(echo "$out" | p99)")
            else
                n_rps+=("$(echo "$out" | rps)"); n_p99+=("$(echo "$out" | p99)")
            fi
        done
    done
    local pr pp nr np ratio
    pr=$(printf '%s\n' "${p_rps[@]}" | median); pp=$(printf '%s\n' "${p_p99[@]}" | median)
    nr=$(printf '%s\n' "${n_rps[@]}" | median); np=$(printf '%s\n' "${n_p99[@]}" | median)
    ratio=$(awk -v a="$pr" -v b="$nr" 'BEGIN { printf "%.2f", a / b }')
    rows+=("$(printf "| %-24s | %10.0f | %8s | %10.0f | %8s | %5s |" "$label" "$pr" "$pp" "$nr" "$np" "$ratio")")
}
echo "== $ROUNDS rounds of $DURATION each per server and target, after 3s of warm-up"
compare "catalog, browser" "$catalog_path" /catalog.json "${fetch_headers[@]}"
compare "catalog, bare client" "$catalog_path" /catalog.json
compare "JS chunk, browser" "$vendor_path" "$vendor_path" "${script_headers[@]}"
compare "JS chunk, bare client" "$vendor_path" "$vendor_path"
peak_rss=$(rss VmHWM)
loaded_rss=$(rss VmRSS)

echo
echo "medians of the rounds:"
echo "| target                   | paduka r/s | p99 (ms) |  nginx r/s | p99 (ms) | ratio |"
echo "|--------------------------|-----------:|---------:|-----------:|---------:|------:|"
printf '%s\n' "${rows[@]}"
echo
echo "paduka resident memory: ${idle_rss} MB idle, ${loaded_rss} MB after the load, ${peak_rss} MB at its peak (VmHWM)"
echo "goals: with a browser's headers 0.8x nginx or more and p99 under 10 ms; peak at most 64 MB"

echo
echo "== admin overview over $ORDERS orders"
token=$(curl -fsS -H 'Content-Type: application/json' \
    -d "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" \
    "http://$BIND_ADDR/api/v1/auth/login" | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
stats_url="http://$BIND_ADDR/api/v1/admin/stats"
curl -fsS -H "Authorization: $token" "$stats_url" | python3 -c 'import json, sys
s = json.load(sys.stdin)
print("   last 30 days:", s["last30Days"]["orders"], "orders,", s["last30Days"]["revenue"], "rupees;", s["pendingOrders"], "pending")'
stats_out=$(DURATION=15s run "$stats_url" -H "Authorization: $token"); echo "$stats_out"
stats_rps=$(echo "$stats_out" | rps)
stats_p50=$(echo "$stats_out" | awk '$1=="50%" {print $2}' | to_ms)
stats_p99=$(echo "$stats_out" | p99)
echo
echo "admin overview over $ORDERS orders: $stats_rps requests/s, p50 ${stats_p50} ms, p99 ${stats_p99} ms"
