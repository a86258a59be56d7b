#!/usr/bin/env bash
# The checkout load (issue 13, figures in docs/performance.md): 32 shoppers paying for one
# pair each through the sandbox, for BENCH_CHECKOUT_SECONDS, against
#   1. one instance on SQLite,
#   2. one instance on PostgreSQL,
#   3. two instances on one PostgreSQL database, requests round-robin,
# every order verified afterwards (stock taken = orders placed = acknowledgements); then a
# kill -9 in the middle of the load on each database, after which the same must hold for
# every acknowledged order; last, one account paying before and after BENCH_HISTORY_ORDERS
# (default 20,000) past orders of its own, with the server's CPU per order (decisions D18:
# within 10 %), on SQLite and PostgreSQL.
#
# Needs PostgreSQL at BENCH_POSTGRES (default postgres://root@127.0.0.1:5432); a database is
# made for each run and dropped after it. The three runs also report the servers' CPU per
# order (their /proc stat over the load). BENCH_BINARY and BENCH_CHECKOUT_LOAD measure a server
# and a load generator built elsewhere (nothing is built then).
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH="${BENCH_CHECKOUT_SECONDS:-10}"
SHOPPERS="${BENCH_CHECKOUT_SHOPPERS:-32}"
HISTORY_ORDERS="${BENCH_HISTORY_ORDERS:-20000}"
PG="${BENCH_POSTGRES:-postgres://root@127.0.0.1:5432}"
PORT_A="${BENCH_PORT:-18090}"
PORT_B=$((PORT_A + 1))
target="${CARGO_TARGET_DIR:-target}"

if [ -n "${BENCH_BINARY:-}" ] && [ -n "${BENCH_CHECKOUT_LOAD:-}" ]; then
    paduka="$BENCH_BINARY"
    load="$BENCH_CHECKOUT_LOAD"
else
    cargo build --profile dist --bin paduka --example checkout_load -p paduka-server
    paduka="${BENCH_BINARY:-$target/dist/paduka}"
    load="$target/dist/examples/checkout_load"
fi

work="$(mktemp -d)"
pids=()
databases=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    for db in "${databases[@]}"; do psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true; done
    rm -rf "$work"
}
trap cleanup EXIT

export JWT_SECRET="bench-secret-bench-secret-bench-secret-0123"
export DEMO_DATA=true BCRYPT_COST=4 RUST_LOG=warn
export RATE_LIMIT_PER_EMAIL=1000000 RATE_LIMIT_PER_ADDRESS=1000000

# start NAME PORT DATABASE_URL: an instance with a data folder of its own.
start() {
    mkdir -p "$work/$1/static"
    DATA_DIR="$work/$1" STATIC_DIR="$work/$1/static" BIND_ADDR="127.0.0.1:$2" DATABASE_URL="$3" \
        "$paduka" serve >"$work/$1.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 300); do
        curl -fsS "http://127.0.0.1:$2/health/ready" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "instance $1 did not start:" >&2
    cat "$work/$1.log" >&2
    return 1
}
stop_all() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    pids=()
}
# new_database NAME: a fresh PostgreSQL database in `url`, dropped on exit. It sets `url`
# rather than printing it: in `$(...)` the `databases+=` would be lost with the subshell.
new_database() {
    local name="paduka_bench_$$_$1"
    psql -q "$PG/postgres" -c "CREATE DATABASE $name" >/dev/null
    databases+=("$name")
    url="$PG/$name"
}
run() {
    echo "== $1"
    CHECKOUT_SERVER_PIDS="$(IFS=,; echo "${pids[*]}")" "$load" run "$2" "$3" "$SHOPPERS" "$SECONDS_EACH"
}
# start_fresh BACKEND RUN: the instance RUN-BACKEND ("kill", "history"; sqlite or postgres) on
# PORT_A over a new database; sets name and url, for restarting it.
start_fresh() {
    name="$2-$1"
    if [ "$1" = sqlite ]; then url="$work/$name/paduka.db"; else new_database "$2"; fi
    start "$name" "$PORT_A" "$url"
}

start sqlite "$PORT_A" "$work/sqlite/paduka.db"
run "one instance, SQLite" "http://127.0.0.1:$PORT_A" "$work/sqlite/outbox"
stop_all

new_database one
start pg-one "$PORT_A" "$url"
run "one instance, PostgreSQL" "http://127.0.0.1:$PORT_A" "$work/pg-one/outbox"
stop_all

new_database two
start pg-a "$PORT_A" "$url"
start pg-b "$PORT_B" "$url"
run "two instances, one PostgreSQL" "http://127.0.0.1:$PORT_A,http://127.0.0.1:$PORT_B" "$work/pg-a/outbox"
stop_all

# kill -9 halfway through a run: after a restart, every order acknowledged before the kill
# must be there, and the stock taken must equal the orders placed.
for backend in sqlite postgres; do
    start_fresh "$backend" kill
    echo "== kill -9 in the middle of the load, $backend"
    "$load" run "http://127.0.0.1:$PORT_A" "$work/$name/outbox" "$SHOPPERS" "$SECONDS_EACH" "$work/$name.record" &
    load_pid=$!
    # Registering the shoppers comes first; kill once orders are flowing.
    until [ -f "$work/$name.record" ] && [ "$(wc -l <"$work/$name.record")" -gt 50 ]; do sleep 0.2; done
    kill -9 "${pids[-1]}"
    wait "$load_pid" || true
    pids=()
    start "$name" "$PORT_A" "$url"
    "$load" verify "http://127.0.0.1:$PORT_A" "$work/$name.record"
    stop_all
done

# One account's own history: the server's CPU per order (its /proc stat, which the load
# generator on the same cores cannot skew) with no past orders and with HISTORY_ORDERS.
for backend in sqlite postgres; do
    start_fresh "$backend" history
    echo "== one account, no past orders and $HISTORY_ORDERS, $backend"
    "$load" history "http://127.0.0.1:$PORT_A" "$work/$name/outbox" "${pids[-1]}" "$HISTORY_ORDERS" "$SECONDS_EACH"
    stop_all
done
