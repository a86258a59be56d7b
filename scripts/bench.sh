#!/usr/bin/env bash
# Load test: GET /api/v1/product/get-products (200 products) against a static file of the same
# bytes served by the same server, with the same load generator (wrk, 64 connections).
# Prints both throughputs, p99 latencies and their ratio. Then the admin overview
# (GET /api/v1/admin/stats) over BENCH_ORDERS orders placed in the last 30 days.
# Figures go in docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${BENCH_DURATION:-15s}"
CONNECTIONS="${BENCH_CONNECTIONS:-64}"
THREADS="${BENCH_THREADS:-2}"
PORT="${BENCH_PORT:-18080}"
ORDERS="${BENCH_ORDERS:-10000}"
ADMIN_EMAIL="bench@paduka.local" ADMIN_PASSWORD="bench-password"

if ! command -v wrk >/dev/null 2>&1; then
    echo "== installing wrk (Debian package)"
    apt-get install -y -qq wrk >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq wrk; }
fi

cargo build --release --bin paduka
paduka="${CARGO_TARGET_DIR:-target}/release/paduka"
work="$(mktemp -d)"
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

export DATA_DIR="$work/data" STATIC_DIR="$work/static" BIND_ADDR="127.0.0.1:$PORT"
export DEMO_DATA=false BCRYPT_COST=4 RUST_LOG=warn
mkdir -p "$STATIC_DIR"
echo '<!doctype html><title>bench</title>' > "$STATIC_DIR/index.html"

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
for _ in $(seq 1 100); do
    curl -fsS "http://$BIND_ADDR/health/ready" >/dev/null 2>&1 && break
    sleep 0.1
done

catalog_url="http://$BIND_ADDR/api/v1/product/get-products"
curl -fsS "$catalog_url" -o "$STATIC_DIR/catalog.json"
static_url="http://$BIND_ADDR/catalog.json"
bytes=$(wc -c < "$STATIC_DIR/catalog.json")
count=$(grep -o '"_id"' "$STATIC_DIR/catalog.json" | wc -l)
echo "== response: $bytes bytes, $count ids; $THREADS threads, $CONNECTIONS connections, $DURATION each"

run() {
    # Warm up, then measure; any further arguments go to wrk (a header).
    local url="$1"
    shift
    wrk -t"$THREADS" -c"$CONNECTIONS" -d3s "$@" "$url" >/dev/null
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@" "$url"
}
to_ms() {
    awk '{ v=$1; if (v ~ /us$/) { sub(/us$/,"",v); print v/1000 } else if (v ~ /ms$/) { sub(/ms$/,"",v); print v } else { sub(/s$/,"",v); print v*1000 } }'
}

echo "== static file"
static_out=$(run "$static_url"); echo "$static_out"
echo "== catalog API"
catalog_out=$(run "$catalog_url"); echo "$catalog_out"

static_rps=$(echo "$static_out" | awk '/Requests\/sec/ {print $2}')
catalog_rps=$(echo "$catalog_out" | awk '/Requests\/sec/ {print $2}')
static_p99=$(echo "$static_out" | awk '$1=="99%" {print $2}' | to_ms)
catalog_p99=$(echo "$catalog_out" | awk '$1=="99%" {print $2}' | to_ms)
ratio=$(awk -v a="$catalog_rps" -v b="$static_rps" 'BEGIN { printf "%.2f", a / b }')

echo
echo "| target        | requests/s | p99 (ms) |"
echo "|---------------|-----------:|---------:|"
printf "| static file   | %10s | %8s |\n" "$static_rps" "$static_p99"
printf "| catalog API   | %10s | %8s |\n" "$catalog_rps" "$catalog_p99"
echo
echo "catalog / static throughput ratio: $ratio (goal >= 0.5); catalog p99 ${catalog_p99} ms (goal < 20 ms)"

echo
echo "== admin overview over $ORDERS orders"
token=$(curl -fsS -H 'Content-Type: application/json' \
    -d "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" \
    "http://$BIND_ADDR/api/v1/auth/login" | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
stats_url="http://$BIND_ADDR/api/v1/admin/stats"
curl -fsS -H "Authorization: $token" "$stats_url" | python3 -c 'import json, sys
s = json.load(sys.stdin)
print("   last 30 days:", s["last30Days"]["orders"], "orders,", s["last30Days"]["revenue"], "rupees;", s["pendingOrders"], "pending")'
stats_out=$(run "$stats_url" -H "Authorization: $token"); echo "$stats_out"
stats_rps=$(echo "$stats_out" | awk '/Requests\/sec/ {print $2}')
stats_p50=$(echo "$stats_out" | awk '$1=="50%" {print $2}' | to_ms)
stats_p99=$(echo "$stats_out" | awk '$1=="99%" {print $2}' | to_ms)
echo
echo "admin overview over $ORDERS orders: $stats_rps requests/s, p50 ${stats_p50} ms, p99 ${stats_p99} ms"
