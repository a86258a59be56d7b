#!/usr/bin/env bash
# Two numbers the architecture notes track: pairs of near-copied code outside tests (the
# `duplicates` tool on the tree with test files left out) and non-test files over 600 lines
# (vendored fonts, lock files and generated files aside).
set -euo pipefail
cd "$(dirname "$0")/.."
is_test='(^|/)(tests?|testing|e2e|__tests__|test-support)/|_tests?\.rs$|(^|/)tests\.rs$|(^|/)testing\.rs$|\.test\.(ts|tsx|mjs|js)$|(^|/)mock-api\.'
is_generated='(^|/)(fonts)/|package-lock\.json$|Cargo\.lock$|frontend/src/types/api\.gen\.ts$'
files=$(git ls-files | grep -vE "$is_test" | grep -vE "$is_generated")
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
printf '%s\n' "$files" | while read -r f; do [ -f "$f" ] && mkdir -p "$tree/$(dirname "$f")" && cp "$f" "$tree/$f"; done
echo "duplicates outside tests: $(duplicates --repo "$tree" --seconds 120 | head -n 1)"
echo "non-test files over 600 lines:"
printf '%s\n' "$files" | grep -vE '\.(md|json|toml|sql|svg|png|ttf|txt|lock|yml|yaml)$' | while read -r f; do
    [ -f "$f" ] || continue
    n=$(wc -l < "$f"); [ "$n" -gt 600 ] && echo "  $n $f"
done | sort -n
