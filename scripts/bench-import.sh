#!/usr/bin/env bash
# The catalog import (issue 24, decisions D28; figures in docs/performance.md): a made-up
# catalog of BENCH_IMPORT_PRODUCTS products (default 10,000) in BENCH_IMPORT_COLOURS colours
# (default 3; 1 is the file without colours) of BENCH_IMPORT_SIZES sizes (default 6), no photos, in Shopify's classic layout as the shop's own export writes it
# (scripts/bench-catalog.py), imported by the admin through the API into a fresh shop:
#
#   1. a dry run of the file (every product new),
#   2. the import: the 202's latency, then its job asked for every 0.1 s until done,
#   3. a dry run again (every product unchanged),
#   4. the same file imported again (every product unchanged; nothing written),
#
# each with its wall time and the server's CPU time (user + system, from /proc/PID/stat), on
# SQLite and, when it answers, on a fresh PostgreSQL database (BENCH_IMPORT_BACKENDS, default
# "sqlite postgres"; BENCH_POSTGRES, default postgres://root@127.0.0.1:5432). The goal
# (section 17, then 19 with colours): 10,000 products x 3 colours x 6 sizes within 60 s on SQLite.
#
# BENCH_BINARY=path measures a binary built elsewhere (scripts/bench-common.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-common.sh

PRODUCTS="${BENCH_IMPORT_PRODUCTS:-10000}"
SIZES="${BENCH_IMPORT_SIZES:-6}"
COLOURS="${BENCH_IMPORT_COLOURS:-3}"
BACKENDS="${BENCH_IMPORT_BACKENDS:-sqlite postgres}"
PG="${BENCH_POSTGRES:-postgres://root@127.0.0.1:5432}"
PORT="${BENCH_PORT:-18095}"
ADMIN_EMAIL="admin@paduka.local" ADMIN_PASSWORD="paduka-admin"

paduka=$(bench_binary)
work="$(mktemp -d)"
server_pid=""
database=""
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    [ -n "$database" ] && psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup EXIT

csv="$work/products.csv"
python3 scripts/bench-catalog.py "$PRODUCTS" "$SIZES" --colours "$COLOURS" >"$csv"
rows=$(($(python3 -c 'import csv, sys; print(sum(1 for _ in csv.reader(open(sys.argv[1], newline=""))))' "$csv") - 1))
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "== import of $PRODUCTS products x $COLOURS colours x $SIZES sizes ($rows rows, $(wc -c <"$csv") bytes), commit $commit," \
    "binary $paduka built $(date -u -r "$paduka" +%Y-%m-%dT%H:%MZ), $(date -u +%Y-%m-%dT%H:%MZ)"

export JWT_SECRET="bench-secret-bench-secret-bench-secret-0123"
export DEMO_DATA=false BCRYPT_COST=4 RUST_LOG=warn STATIC_DIR="$work/static"
mkdir -p "$STATIC_DIR"
base="http://127.0.0.1:$PORT"
export BIND_ADDR="127.0.0.1:$PORT"

table=()
memory=()
for backend in $BACKENDS; do
    export DATA_DIR="$work/$backend"
    mkdir -p "$DATA_DIR"
    if [ "$backend" = postgres ]; then
        if ! psql -q "$PG/postgres" -c 'SELECT 1' >/dev/null 2>&1; then
            echo "== PostgreSQL at $PG does not answer: skipped"
            continue
        fi
        database="paduka_bench_import_$$"
        psql -q "$PG/postgres" -c "CREATE DATABASE $database" >/dev/null
        export DATABASE_URL="$PG/$database"
    else
        export DATABASE_URL="$DATA_DIR/paduka.db"
    fi
    "$paduka" admin create --email "$ADMIN_EMAIL" --name Admin --password "$ADMIN_PASSWORD" >/dev/null
    "$paduka" serve >"$work/$backend.log" 2>&1 &
    server_pid=$!
    bench_wait_ready "$base" "$work/$backend.log"
    token=$(bench_login "$base" "$ADMIN_EMAIL" "$ADMIN_PASSWORD")

    echo "== $backend, load average $(bench_load)"
    printf '   %-22s %8s %8s %8s %8s %8s %9s %8s %6s\n' step status "reply s" "total s" "CPU s" \
        created updated unchanged warnings
    for step in "dry run:dry" "import:" "dry run again:dry" "import again:"; do
        label="${step%%:*}"
        cpu_before=$(bench_cpu_seconds "$server_pid")
        IFS=$'\t' read -r status reply total created updated unchanged warnings errors \
            < <(bench_import "$base" "$token" "$csv" "${step##*:}")
        cpu=$(awk -v a="$cpu_before" -v b="$(bench_cpu_seconds "$server_pid")" 'BEGIN { printf "%.2f", b - a }')
        printf '   %-22s %8s %8s %8s %8s %8s %8s %9s %6s\n' "$label" "$status" "$reply" "$total" "$cpu" \
            "$created" "$updated" "$unchanged" "$warnings"
        if [ "$status" != done ] || [ "${errors:-0}" != 0 ]; then
            echo "the $label ended $status with $errors errors" >&2
            cat "$work/$backend.log" >&2
            exit 1
        fi
        table+=("| $backend | $label | $reply s | $total s | $cpu s | $created / $updated / $unchanged |")
    done
    listed=$(curl -fsS "$base/api/v1/product/get-products?page=1&limit=1" | jq .total)
    echo "   the shop lists $listed products; load average $(bench_load)"
    after_import=$(bench_rss "$server_pid")
    # Then what a shopper does with that catalog: searches (typos and substrings too), the
    # listing's pages and filters, each reply then cached.
    for query in sneaker snekaer loafer "running shoe" kolhapuri sandal boot leather canvas heel; do
        for page in 1 2 3; do
            curl -fsS -o /dev/null "$base/api/v1/product/get-products?q=$(jq -rn --arg q "$query" '$q|@uri')&page=$page&limit=24"
        done
    done
    for page in $(seq 1 20); do
        curl -fsS -o /dev/null "$base/api/v1/product/get-products?page=$page&limit=24"
    done
    after_search=$(bench_rss "$server_pid")
    # And once idle: the runtime's blocking threads, where the import ran, end after 10 s.
    sleep "${BENCH_IMPORT_SETTLE:-15}"
    settled=$(bench_rss "$server_pid")
    echo "   resident memory: $after_import after the imports, $after_search after searching, $settled idle"
    memory+=("| $backend | $after_import | $after_search | $settled |")
    if [ "$backend" = sqlite ]; then
        echo "   SQLite file: $(du -m "$DATA_DIR/paduka.db" | cut -f1) MB"
    fi
    if [ "$listed" != "$PRODUCTS" ]; then
        echo "expected $PRODUCTS products listed, got $listed" >&2
        exit 1
    fi
    kill "$server_pid" && wait "$server_pid" 2>/dev/null || true
    server_pid=""
done

echo
echo "| database | step | answer | done | server CPU | created / updated / unchanged |"
echo "|----------|------|-------:|-----:|-----------:|-------------------------------|"
printf '%s\n' "${table[@]}"
echo
echo "| database | resident after the imports (peak) | after searching (peak) | ${BENCH_IMPORT_SETTLE:-15} s later, idle |"
echo "|----------|-----------------------------------|------------------------|------------------|"
printf '%s\n' "${memory[@]}"
echo "goal (sections 17, 19): $PRODUCTS products x $COLOURS colours x $SIZES sizes imported within 60 s on SQLite"
