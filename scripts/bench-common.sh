# What the bench scripts share; sourced by them (from the repository's root), not run.

# The server binary to measure, on stdout: BENCH_BINARY (one built elsewhere: an older commit,
# for a before/after), or this tree's dist build, built first.
bench_binary() {
    if [ -n "${BENCH_BINARY:-}" ]; then
        echo "$BENCH_BINARY"
    else
        cargo build --profile dist --bin paduka >&2
        echo "${CARGO_TARGET_DIR:-target}/dist/paduka"
    fi
}

# The CPU time a process has used so far, user and system, every thread's (dead ones too), in
# seconds, from /proc/PID/stat (fields 14 and 15, in clock ticks): the server's own cost,
# which a load generator on the same cores cannot skew.
bench_cpu_seconds() {
    awk -v tick="$(getconf CLK_TCK)" '{ printf "%.2f\n", ($14 + $15) / tick }' "/proc/$1/stat"
}

# bench_rss PID: the process's resident memory now and its peak since it started, in MB, and of
# the resident now how much is the heap and stacks (anonymous) and how much mapped files (the
# SQLite file through mmap, the binary): "41.2 MB (peak 57.9 MB; anon 30.1, files 11.1)", from
# /proc/PID/status.
bench_rss() {
    awk '/^VmRSS:/ { rss = $2 } /^VmHWM:/ { hwm = $2 } /^RssAnon:/ { anon = $2 } /^RssFile:/ { file = $2 }
        END { printf "%.1f MB (peak %.1f MB; anon %.1f, files %.1f)\n", rss / 1024, hwm / 1024, anon / 1024, file / 1024 }' \
        "/proc/$1/status"
}

# Seconds since the epoch, to the microsecond.
bench_now() {
    date +%s.%6N
}

# bench_elapsed START [END]: seconds from START (bench_now) to END (default now), 2 decimals.
bench_elapsed() {
    awk -v a="$1" -v b="${2:-$(bench_now)}" 'BEGIN { printf "%.2f\n", b - a }'
}

# The load average (1, 5 and 15 minutes), for every figure written down.
bench_load() {
    cut -d' ' -f1-3 /proc/loadavg
}

# bench_wait_ready BASE_URL [LOG]: waits up to 30 s for /health/ready; shows LOG on failure.
bench_wait_ready() {
    for _ in $(seq 1 300); do
        curl -fsS "$1/health/ready" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "the server at $1 did not start" >&2
    [ -n "${2:-}" ] && cat "$2" >&2
    return 1
}

# bench_login BASE_URL EMAIL PASSWORD: the session token (sent as `Authorization: TOKEN`).
bench_login() {
    curl -fsS -H 'Content-Type: application/json' \
        -d "{\"email\":\"$2\",\"password\":\"$3\"}" "$1/api/v1/auth/login" | jq -r .token
}

# What Chrome on a phone sends with the app's fetch() (Accept-Encoding with br and zstd), as
# curl or wrk arguments, in the array `browser_fetch`; REFERER is the page it came from.
bench_browser_fetch_headers() {
    browser_fetch=(-H 'Accept-Encoding: gzip, deflate, br, zstd'
        -H 'Accept-Language: en-IN,en-GB;q=0.9,en-US;q=0.8,en;q=0.7'
        -H 'User-Agent: Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
        -H 'sec-ch-ua: "Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"'
        -H 'sec-ch-ua-mobile: ?1' -H 'sec-ch-ua-platform: "Android"'
        -H 'Sec-Fetch-Site: same-origin' -H "Referer: $1"
        -H 'Accept: application/json, text/plain, */*'
        -H 'Sec-Fetch-Mode: cors' -H 'Sec-Fetch-Dest: empty')
}

# bench_import BASE_URL TOKEN FILE [dry]: posts FILE to /api/v1/product/import (as the admin's
# screen does, multipart `file`; `dry` adds dryRun=true) and, for an import, asks for its job
# every 0.1 s until it is no longer running. Prints one line of tab-separated fields:
#   STATUS (done, failed, or the HTTP status when it was not 200/202)
#   REPLY_S (seconds until the POST's answer) TOTAL_S (until done) CREATED UPDATED UNCHANGED
#   WARNINGS ERRORS
# and keeps the last report in $BENCH_IMPORT_REPORT (a file) when that is set.
bench_import() {
    local base="$1" token="$2" file="$3" dry="${4:-}" started reply code body job report status
    local form=(-F "file=@$file;type=text/csv")
    [ "$dry" = dry ] && form+=(-F dryRun=true)
    body="$(mktemp)"
    started=$(bench_now)
    code=$(curl -sS -o "$body" -w '%{http_code}' -H "Authorization: $token" "${form[@]}" \
        "$base/api/v1/product/import")
    reply=$(bench_elapsed "$started")
    case "$code" in
        200) report=$(cat "$body") ;;
        202)
            job=$(jq -r .job "$body")
            while :; do
                report=$(curl -fsS -H "Authorization: $token" "$base/api/v1/product/import/$job")
                status=$(jq -r .status <<<"$report")
                [ "$status" != running ] && break
                sleep 0.1
            done
            ;;
        *)
            echo "import answered $code: $(head -c 2000 "$body")" >&2
            rm -f "$body"
            printf '%s\t%s\t%s\t\t\t\t\t\n' "$code" "$reply" "$reply"
            return 1
            ;;
    esac
    rm -f "$body"
    [ -n "${BENCH_IMPORT_REPORT:-}" ] && printf '%s\n' "$report" >"$BENCH_IMPORT_REPORT"
    jq -r --arg reply "$reply" --arg total "$(bench_elapsed "$started")" \
        '[.status, $reply, $total, .created, .updated, .unchanged, (.warnings | length), (.errors | length)] | @tsv' \
        <<<"$report"
}
