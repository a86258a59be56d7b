#!/usr/bin/env bash
# Fuzzes the /api/v1 contract with schemathesis: the server (release binary by default) on a
# fresh SQLite database with the demo shop, every check, as the demo admin and as the demo
# shopper side by side (a server each). Fails on any server error or conformance failure that is not in the
# baseline (scripts/api-fuzz-baseline.json, the tool's false positives, each with its reason).
#
# Settings (environment):
#   PADUKA_BIN            the server binary (default target/release/paduka)
#   FUZZ_EXAMPLES         examples per operation in the fuzzing phase (default 100)
#   FUZZ_SEED             hypothesis seed (default fixed, so a run is repeatable; "random" for none)
#   FUZZ_MAX_SECONDS      a run (of two) taking longer than this has hung and fails (default 2400: a
#                         guard, not a budget; the two runs side by side took 143 s alone on a quiet
#                         machine and over 900 s beside the Rust tests and the browser journeys on a
#                         machine two to three times slower, where the 900 s of before cut them off)
#   SCHEMATHESIS_VENV     where the pinned schemathesis is installed (default target/schemathesis-venv)
#   FUZZ_REPORT_DIR       where the reports go (default target/api-fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."

# Pinned: a new schemathesis brings new checks, which should arrive as a change of this line.
SCHEMATHESIS_VERSION="4.32.5"
target_dir="${CARGO_TARGET_DIR:-target}"
bin="${PADUKA_BIN:-$target_dir/release/paduka}"
venv="${SCHEMATHESIS_VENV:-$target_dir/schemathesis-venv}"
examples="${FUZZ_EXAMPLES:-100}"
seed="${FUZZ_SEED:-20261124}"
max_seconds="${FUZZ_MAX_SECONDS:-2400}"
report_dir="${FUZZ_REPORT_DIR:-$target_dir/api-fuzz}"
baseline="scripts/api-fuzz-baseline.json"

# schemathesis writes a missing baseline from the run's failures: never let it.
if [[ ! -f "$baseline" ]]; then
    echo "error: $baseline is missing" >&2
    exit 1
fi
if [[ ! -x "$bin" ]]; then
    echo "error: $bin is missing: run 'cargo build --release --bin paduka' (or 'just test-api-fuzz')." >&2
    exit 1
fi

# The pinned schemathesis in a virtual environment of its own, made once and reused.
if [[ "$("$venv/bin/schemathesis" --version 2>/dev/null)" != *"version $SCHEMATHESIS_VERSION" ]]; then
    echo "api-fuzz: installing schemathesis $SCHEMATHESIS_VERSION into $venv"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

mkdir -p "$report_dir"
# schemathesis keeps its replay cache (.schemathesis/) where it runs: there, not in the tree.
report_dir="$(realpath "$report_dir")"
venv="$(realpath "$venv")"
baseline="$(realpath "$baseline")"

# One server per role, each on a fresh SQLite shop of its own, so the two runs go side by side
# (one core each) and the admin's deletions never reach the shopper's run.
scratch="$(mktemp -d)"
server_pids=()
cleanup() {
    for pid in "${server_pids[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid"
            wait "$pid" 2>/dev/null || true
        fi
    done
    rm -rf "$scratch"
}
trap cleanup EXIT

# Python rather than curl: the one tool this script needs anyway.
ready() {
    python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=5)' \
        "$1/health/ready" 2>/dev/null
}

# Starts the release binary for role $1 and sets `base` to its address.
start_server() {
    local who=$1 port pid
    # A free loopback port, asked of the kernel.
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    base="http://127.0.0.1:$port"
    mkdir -p "$scratch/$who/data" "$scratch/$who/static"
    # Sign-in limits far above what the fuzzer sends, so that it tests the rules behind them; the
    # sandbox pays, mail lands in the outbox (and DEV_OUTBOX mounts its page's operations, so they
    # are fuzzed too); bcrypt at its cheapest, the fuzzer registers people.
    env -i PATH="$PATH" HOME="${HOME:-/tmp}" \
        DATA_DIR="$scratch/$who/data" STATIC_DIR="$scratch/$who/static" BIND_ADDR="127.0.0.1:$port" \
        JWT_SECRET="api-fuzz-secret-of-at-least-32-characters" BCRYPT_COST=4 \
        DEMO_DATA=true DEV_OUTBOX=true RATE_LIMIT_PER_EMAIL=100000 RATE_LIMIT_PER_ADDRESS=100000 \
        RUST_LOG=warn \
        "$bin" serve >"$report_dir/server-$who.log" 2>&1 &
    pid=$!
    server_pids+=("$pid")
    for _ in $(seq 1 300); do
        if ready "$base"; then
            return 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "error: the server stopped on start:" >&2
            cat "$report_dir/server-$who.log" >&2
            exit 1
        fi
        sleep 0.2
    done
    echo "error: the server did not become ready; its log is $report_dir/server-$who.log" >&2
    exit 1
}

token() {
    python3 - "$1/api/v1/auth/login" "$2" "$3" <<'PY'
import json, sys, urllib.request
url, email, password = sys.argv[1:]
body = json.dumps({"email": email, "password": password}).encode()
request = urllib.request.Request(url, body, {"Content-Type": "application/json"})
print(json.load(urllib.request.urlopen(request, timeout=10))["token"])
PY
}

seed_args=()
if [[ "$seed" != "random" ]]; then
    seed_args=(--seed "$seed")
fi

# One role's run against its own server; its exit status in $report_dir/$who.status.
fuzz() {
    local who=$1 base=$2 tok=$3 started=$SECONDS status=0
    echo "api-fuzz: as the demo $who, $examples examples per operation"
    (cd "$report_dir/$who-cwd" && timeout --kill-after=10 "$max_seconds" \
        "$venv/bin/schemathesis" run "$base/api/v1/openapi.json" \
        --checks all \
        --header "Authorization: Bearer $tok" \
        --max-examples "$examples" \
        "${seed_args[@]}" \
        --request-timeout 20 \
        --baseline "$baseline" \
        --suppress-health-check all \
        --no-color \
        --report junit --report-dir "$report_dir/$who") >"$report_dir/$who.out" 2>&1 ||
        status=$?
    echo "api-fuzz: as the demo $who: $((SECONDS - started)) s, exit $status" >>"$report_dir/$who.out"
    echo "$status" >"$report_dir/$who.status"
}

start_server shopper
shopper_base=$base
start_server admin
admin_base=$base
run_pids=()
for who in shopper admin; do
    mkdir -p "$report_dir/$who-cwd"
    if [[ "$who" == admin ]]; then
        fuzz admin "$admin_base" "$(token "$admin_base" admin@paduka.local paduka-admin)" &
    else
        fuzz shopper "$shopper_base" "$(token "$shopper_base" shopper@paduka.local paduka-shopper)" &
    fi
    run_pids+=($!)
done
wait "${run_pids[@]}"
status=0
for who in shopper admin; do
    cat "$report_dir/$who.out"
    who_status=$(cat "$report_dir/$who.status" 2>/dev/null || echo 1)
    [[ "$who_status" != 0 ]] && status=$who_status
done

for i in 0 1; do
    who=$([[ $i == 0 ]] && echo shopper || echo admin)
    if ! kill -0 "${server_pids[$i]}" 2>/dev/null; then
        echo "error: the $who's server died during the run; its log is $report_dir/server-$who.log" >&2
        status=1
    fi
    if grep -q "request failed" "$report_dir/server-$who.log"; then
        echo "error: the $who's server logged a failed request (a 500); see $report_dir/server-$who.log" >&2
        status=1
    fi
done
# One closing line in the plain form CI summaries read: the generated test cases of both runs.
count() {
    { grep -h "generated," "$report_dir"/shopper.out "$report_dir"/admin.out 2>/dev/null || true; } |
        { grep -oE "[0-9]+ $1" || true; } | awk '{ n += $1 } END { print n + 0 }'
}
passed="$(count passed)"
failed="$(count failed)"
if [[ "$status" != 0 && "$failed" == 0 ]]; then failed=1; fi
echo "api-fuzz: $passed passed, $failed failed"
exit "$status"
