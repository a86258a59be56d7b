#!/usr/bin/env bash
# Load test: GET /api/v1/product/get-products (200 products) against a static file of the same
# bytes served by the same server, with the same load generator (wrk, 64 connections).
# Prints both throughputs, p99 latencies and their ratio. Figures go in docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${BENCH_DURATION:-15s}"
CONNECTIONS="${BENCH_CONNECTIONS:-64}"
THREADS="${BENCH_THREADS:-2}"
PORT="${BENCH_PORT:-18080}"

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

echo "== seeding 200 products"
"$paduka" demo-data --products 200

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
    # Warm up, then measure.
    wrk -t"$THREADS" -c"$CONNECTIONS" -d3s "$1" >/dev/null
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$1"
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
