# Paduka's recipes. `just run` opens the shop; `just test` is what CI runs.

set shell := ["bash", "-euo", "pipefail", "-c"]

export CARGO_TERM_COLOR := "always"

# `cargo clippy` is `cargo check` with clippy-driver as the workspace's rustc wrapper. The same
# wrapper on the release build lints our crates, tests included, while compiling them, so CI
# pays one compile instead of a check of every crate and then a build (decisions D31). Warnings
# are errors, as in `just lint`. The recipes that compile for the tests all use it: a build
# without it would compile our crates again.
lint_while_compiling := 'RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver" CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"'

# List the recipes.
default:
    @just --list

# Install frontend packages, build the frontend and the server (the `local` profile, made for compile speed), and open the shop.
run:
    #!/usr/bin/env bash
    set -euo pipefail
    # The frontend builds while cargo compiles: npm waits on the network and Vite is mostly one
    # thread, so together they finish well before the server's build would have started alone.
    mkdir -p "${CARGO_TARGET_DIR:-target}"
    frontend_log="${CARGO_TARGET_DIR:-target}/frontend-build.log"
    {{just_executable()}} frontend-build >"$frontend_log" 2>&1 &
    frontend=$!
    cargo build --profile local --bin paduka --no-default-features
    if ! wait "$frontend"; then
        cat "$frontend_log" >&2
        echo "the frontend did not build (log above)" >&2
        exit 1
    fi
    echo "Paduka will be at http://${BIND_ADDR:-127.0.0.1:8080}/ (admin@paduka.local / paduka-admin)"
    echo "Mails and WhatsApp messages: http://${BIND_ADDR:-127.0.0.1:8080}/dev/outbox (as the admin)"
    # The development outbox (decisions D45): only this recipe turns it on.
    DEV_OUTBOX="${DEV_OUTBOX:-true}" exec "${CARGO_TARGET_DIR:-target}/local/paduka" serve

# Backend with debug build plus Vite's dev server with hot reload (http://127.0.0.1:5173).
dev: frontend-install
    #!/usr/bin/env bash
    set -euo pipefail
    trap 'kill 0' EXIT
    cargo run --bin paduka -- serve &
    (cd frontend && npm run dev -- --host 127.0.0.1) &
    wait

# Everything CI checks: formatting, lints, Rust tests on SQLite and PostgreSQL, frontend tests, e2e, several instances on PostgreSQL, API fuzzing; each suite's time printed at the end.
# Lanes split by `|` run side by side (scripts/suites.sh): the frontend's node work beside cargo's compile; then the Rust tests and the instances, the fuzzer and the browser journeys, which mostly wait on each other's servers.
test:
    scripts/suites.sh check-postgres fmt-check "release-build | test-frontend" "test-rust test-instances | test-api-fuzz | test-e2e"

# Rust tests for the whole workspace, in the release profile: the same compile as the binary the e2e, instance and fuzz suites run (decisions D31).
test-rust: release-build
    {{lint_while_compiling}} cargo test --release --workspace --all-targets --no-fail-fast

# Frontend: the API types current with the OpenAPI document, unit tests, type check, lint and production build.
test-frontend: frontend-install
    cd frontend && npm run check:api
    cd frontend && npm test
    cd frontend && npm run lint
    cd frontend && npm run build

# End-to-end journeys in Chromium on the release binary; screenshots in frontend/test-results/screens/.
test-e2e: release-build frontend-build
    scripts/e2e.sh

# Two instances of the release binary on one fresh PostgreSQL database, requests alternating between them (decisions D13).
test-instances: release-build
    scripts/instances.sh

# The API fuzzed against its OpenAPI document (schemathesis, every check) on the release binary, as the demo shopper and admin.
test-api-fuzz: release-build
    scripts/api-fuzz.sh

# The release binary the e2e, multi-instance and fuzzing suites run, compiled together with every Rust test, with clippy's lints (one compile of the workspace in one profile; decisions D31).
release-build:
    #!/usr/bin/env bash
    set -euo pipefail
    started=$(date +%s)
    {{lint_while_compiling}} cargo test --release --workspace --all-targets --no-run
    echo "release build of paduka and the Rust tests, clippy's lints on: $(( $(date +%s) - started )) s"

# Say loudly when PostgreSQL is unreachable; its tests then skip (fail under CI=true).
check-postgres:
    @scripts/check-postgres.sh

# Format the code (rustfmt, and prettier for the frontend).
fmt:
    cargo fmt --all
    cd frontend && npm run format

fmt-check:
    cargo fmt --all -- --check

# Lints: clippy with warnings as errors, and the frontend's eslint and prettier check.
lint: lint-rust
    cd frontend && npm run lint

# Clippy alone, without building (`just test` lints while it compiles, in release-build).
lint-rust:
    cargo clippy --workspace --all-targets -- -D warnings

# Load tests: the catalog and the main JS chunk as a browser asks for them, against nginx serving the same files compressed ahead of time; then the admin overview; then Lighthouse; checkout; the 10,000-product import; search over it (see docs/performance.md).
bench: frontend-build
    scripts/bench.sh
    scripts/bench-lighthouse.sh
    scripts/bench-checkout.sh
    scripts/bench-import.sh
    scripts/bench-search.sh
    just bench-ssr

# Lighthouse (mobile and desktop, median of 3) on the demo shop's home, a category and a product page (see docs/performance.md).
bench-lighthouse: frontend-build
    scripts/bench-lighthouse.sh

# Checkout under load: 32 shoppers paying through the sandbox on SQLite, PostgreSQL and two instances on one PostgreSQL, every order verified; then a kill -9 mid-load (see docs/performance.md).
bench-checkout:
    scripts/bench-checkout.sh

# The import of 10,000 products of 6 sizes (a made-up CSV, no photos) on SQLite and PostgreSQL: the 202, the job, the dry run, the import again, with the server's CPU (see docs/performance.md).
bench-import:
    scripts/bench-import.sh

# Search over 10,000 products, the server on one core: each query's p50/p99, a mix of all under load, the server's CPU per request, the index rebuild after a change (see docs/performance.md).
bench-search:
    scripts/bench-search.sh

# The drawn pages (decisions D32): home, a category, a product and a search page made by the web adapter and drawn by the app's server bundle in QuickJS, not kept (cold) and kept (cached), p50/p99 (see docs/performance.md).
bench-ssr: frontend-build
    cargo run --release -p paduka-web --example ssr_bench

# Photo sizes: the demo photos stored and as 240/480/960 WebP, and what one variant costs (see docs/performance.md).
bench-photos:
    cargo run --release -p paduka-server --example photo_variants

# npm ci only when package-lock.json is newer than what was installed from it.
frontend-install:
    #!/usr/bin/env bash
    set -euo pipefail
    cd frontend
    if [[ node_modules/.package-lock.json -nt package-lock.json ]]; then exit 0; fi
    npm ci --no-audit --no-fund || npm install --no-audit --no-fund

# Builds frontend/dist unless it is newer than every file it is built from.
frontend-build: frontend-install
    #!/usr/bin/env bash
    set -euo pipefail
    cd frontend
    if [[ -f dist/index.html && -z "$(find src public index.html package-lock.json vite.config.ts vite.ssr.config.ts tsconfig*.json -newer dist/index.html -print -quit)" ]]; then
        echo "frontend/dist is current"
        exit 0
    fi
    npm run build
