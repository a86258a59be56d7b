#!/usr/bin/env bash
# Several instances, one shop (decisions D13): two instances of the release binary on one fresh
# PostgreSQL database, started together on it empty, requests alternating between them
# (tests/instances/, node:test, no npm packages). Builds nothing: `just test-instances` builds
# the binary first, then calls this.
#
# Needs target/release/paduka (PADUKA_BIN overrides), Node 20, psql and a PostgreSQL server
# where we may create databases: PADUKA_INSTANCES_POSTGRES, else the server of
# TEST_POSTGRES_URL, else postgres://root@127.0.0.1:5432. A database
# paduka_instances_<pid>_<time> is created for the run and dropped after it. Without PostgreSQL
# (or psql) it warns loudly and passes, except under CI=true, where it fails.
set -euo pipefail
cd "$(dirname "$0")/.."

export PADUKA_BIN="${PADUKA_BIN:-${CARGO_TARGET_DIR:-target}/release/paduka}"
if [[ ! -x "$PADUKA_BIN" ]]; then
    echo "error: $PADUKA_BIN is missing: run 'cargo build --release --bin paduka' (or 'just test-instances')." >&2
    exit 1
fi
PADUKA_BIN="$(realpath "$PADUKA_BIN")"

server="${PADUKA_INSTANCES_POSTGRES:-}"
if [[ -z "$server" ]]; then
    url="${TEST_POSTGRES_URL:-postgres://root@127.0.0.1:5432/test}"
    scheme="${url%%://*}"; rest="${url#*://}"
    server="$scheme://${rest%%/*}"
fi
export PADUKA_INSTANCES_POSTGRES="$server"

skip() {
    if [[ "${CI:-}" == "true" ]]; then
        echo "error: $1, and CI=true: the multi-instance suite must run in CI." >&2
        exit 1
    fi
    cat >&2 <<WARN

################################################################################
##  WARNING: $1:
##  the MULTI-INSTANCE SUITE DID NOT RUN (tests/instances/).
##  It needs psql and a PostgreSQL server where it may create a database
##  (PADUKA_INSTANCES_POSTGRES or TEST_POSTGRES_URL). Under CI=true this is a failure.
################################################################################

WARN
    exit 0
}

command -v psql >/dev/null || skip "psql is missing (apt-get install postgresql-client)"
psql -X -q -t -c 'SELECT 1' "$server/postgres" >/dev/null 2>&1 || skip "PostgreSQL does not answer at $server"

export PADUKA_INSTANCES_DB="paduka_instances_$$_$(date +%s)"
# The suite drops its database itself; this is for a run that was killed half way.
trap 'psql -X -q -c "DROP DATABASE IF EXISTS $PADUKA_INSTANCES_DB WITH (FORCE)" "$server/postgres" >/dev/null 2>&1 || true' EXIT

started=$(date +%s)
node --test --test-reporter=spec tests/instances/instances.test.mjs
echo "instances: passed in $(($(date +%s) - started)) s; instance logs in ${CARGO_TARGET_DIR:-target}/instances/"
