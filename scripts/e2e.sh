#!/usr/bin/env bash
# End-to-end journeys of the storefront in a real Chromium (frontend/e2e/, node:test +
# playwright-core), against the release binary serving the built frontend. Builds nothing Rust:
# `just test-e2e` builds the binary and the frontend first, then calls this.
#
# Needs target/release/paduka, frontend/dist and Debian's chromium at /usr/bin/chromium
# (CHROMIUM_PATH overrides). Without Chromium it warns loudly and passes, except under CI=true,
# where it fails.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
export PADUKA_BIN="${PADUKA_BIN:-${CARGO_TARGET_DIR:-target}/release/paduka}"

if [[ ! -x "$PADUKA_BIN" ]]; then
    echo "error: $PADUKA_BIN is missing: run 'cargo build --release --bin paduka' (or 'just test-e2e')." >&2
    exit 1
fi
# The journeys start it from frontend/: hand them an absolute path.
PADUKA_BIN="$(realpath "$PADUKA_BIN")"
if [[ ! -f frontend/dist/index.html ]]; then
    echo "error: frontend/dist is missing: run 'just frontend-build' (or 'just test-e2e')." >&2
    exit 1
fi

if [[ ! -x "$chromium" ]]; then
    if [[ "${CI:-}" == "true" ]]; then
        echo "error: $chromium is missing and CI=true: the end-to-end journeys must run in CI." >&2
        echo "       Install it with: apt-get update && apt-get install -y chromium" >&2
        exit 1
    fi
    cat >&2 <<WARN

################################################################################
##  WARNING: $chromium is missing: the END-TO-END JOURNEYS DID NOT RUN.
##  Install Debian's browser:  sudo apt-get update && sudo apt-get install -y chromium
##  (or point CHROMIUM_PATH at a Chromium). Under CI=true this is a failure.
################################################################################

WARN
    exit 0
fi

cd frontend
if [[ ! -d node_modules/playwright-core ]]; then
    npm ci --no-audit --no-fund
fi
export CHROMIUM_PATH="$chromium"
npm run --silent test:e2e
echo "e2e: screenshots in frontend/test-results/screens/, timings in frontend/test-results/performance.json," \
    "JSON bytes and layout shifts in frontend/test-results/phone-speed.json"
