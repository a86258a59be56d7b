#!/usr/bin/env bash
# Lighthouse on the demo shop, for docs/performance.md: home, a category page and a product
# page, mobile (Lighthouse's default emulation) and desktop (--preset=desktop), LH_RUNS runs
# each (default 3, each in a fresh Chromium), medians of the performance score, CLS, LCP, TBT
# and the SEO score; then what cost points, from Lighthouse's own audits. LH_ONLY=mobile (or
# desktop) runs one form factor.
#
# Serves a copy of frontend/dist with the release binary on a fresh SQLite database with the
# demo data (24 products). Needs the built frontend (`just bench` builds it first) and
# Debian's chromium (CHROME_PATH overrides /usr/bin/chromium). Lighthouse lives in
# scripts/lighthouse/ (its own package and lock file), installed there when missing, so the
# frontend's `npm ci` does not carry it. BENCH_BINARY=path measures a binary built elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-common.sh

PORT="${LH_PORT:-18090}"
RUNS="${LH_RUNS:-3}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
dist="frontend/dist"

if [ ! -f "$dist/index.html" ]; then
    echo "no built frontend in $dist: run \`just bench\` (it builds it) or \`just frontend-build\`" >&2
    exit 1
fi
if [ ! -x "$CHROME_PATH" ]; then
    echo "$CHROME_PATH is missing: apt-get install chromium (or set CHROME_PATH)" >&2
    exit 1
fi
if [ ! -d scripts/lighthouse/node_modules/lighthouse ]; then
    echo "== installing Lighthouse (scripts/lighthouse, npm ci)"
    (cd scripts/lighthouse && npm ci --no-audit --no-fund)
fi

paduka=$(bench_binary)

work="$(mktemp -d)"
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

export DATA_DIR="$work/data" STATIC_DIR="$work/site" BIND_ADDR="127.0.0.1:$PORT"
export DEMO_DATA=true BCRYPT_COST=4 RUST_LOG=warn PUBLIC_URL="http://127.0.0.1:$PORT"
unset DATABASE_URL SMTP_URL RAZORPAY_KEY_ID RAZORPAY_KEY_SECRET
JWT_SECRET="$(head -c 48 /dev/urandom | base64 | tr -d '\n/+=')"
export JWT_SECRET
cp -r "$dist" "$STATIC_DIR"
"$paduka" serve &
server_pid=$!
base="http://$BIND_ADDR"
bench_wait_ready "$base"

# The first category and the first product of the demo shop.
category=$(curl -fsS "$base/api/v1/category/all-categories" | python3 -c 'import json, sys; print(json.load(sys.stdin)["categories"][0]["_id"])')
product=$(curl -fsS "$base/api/v1/product/get-products?page=1&limit=1" | python3 -c 'import json, sys; print(json.load(sys.stdin)["products"][0]["_id"])')
# Warm the server's caches as a live shop's would be: the compressed pages, and every picture
# they name at every width (a photo's variants are made on their first request, which a
# shop's first visitor pays for once, not every phone).
accept='image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
for path in / "/category/$category" "/product/$product"; do
    curl -fsS -H 'Accept-Encoding: br' --compressed "$base$path" |
        grep -oE '(src|srcset)="[^"]*"' | grep -oE '/[^" ,]+' | grep -E '^/(api|placeholder)' |
        sed 's/&amp;/\&/g' | sort -u |
        while read -r picture; do curl -fsS -o /dev/null -H "Accept: $accept" "$base$picture"; done
done

reports="${CARGO_TARGET_DIR:-target}/lighthouse"
reports="$(realpath -m "$reports")"
rm -rf "$reports"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git status --porcelain -- frontend/src crates 2>/dev/null | head -n1)
echo "== Lighthouse on $base, $(date -u +%Y-%m-%dT%H:%MZ), commit $commit${dirty:+ (with uncommitted changes)}," \
    "binary built $(date -u -r "$paduka" +%H:%MZ), frontend built $(date -u -r "$dist/index.html" +%H:%MZ)," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg)"
(cd scripts/lighthouse && node run.mjs "$base" home=/ "category=/category/$category" \
    "product=/product/$product" --runs "$RUNS" --out "$reports" ${LH_ONLY:+--only "$LH_ONLY"})
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
