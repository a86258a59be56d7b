#!/usr/bin/env bash
# Runs CI's suites (`just` recipes) and prints each one's wall and CPU time at the end, also
# when one fails. `just test` calls it, so every CI log ends with where its time went.
#
# Each argument is a step, run after the one before. A step is one recipe, or lanes run side
# by side and separated by `|`, each lane one or more recipes in order:
#
#   scripts/suites.sh fmt-check "lint-rust test-rust | test-frontend" test-e2e
#
# A lane's output is kept in a file and printed whole when the lane ends, so two lanes never
# interleave their lines. The first failing step stops the run (as `just a b c` would), after
# its other lanes have finished.
set -uo pipefail
cd "$(dirname "$0")/.."

just_bin="${JUST:-just}"
log_dir="${CARGO_TARGET_DIR:-target}/suites"
mkdir -p "$log_dir"
rows=()
run_started=$(date +%s%3N)

seconds() { printf '%d.%d' $(($1 / 1000)) $(($1 % 1000 / 100)); }

# The CPU time (user + system, in ms) in `times`'s second line (its children's), read from $1.
children_cpu_ms() {
    local line user system
    line=$(tail -n 1 "$1")
    user=${line%% *}
    system=${line##* }
    echo $(($(to_ms "$user") + $(to_ms "$system")))
}
to_ms() { # 1m2.345s -> 62345
    local minutes=${1%%m*} rest=${1#*m}
    rest=${rest%s}
    local whole=${rest%.*} fraction=${rest#*.}
    echo $((10#$minutes * 60000 + 10#$whole * 1000 + 10#${fraction:0:3}))
}

report() {
    echo
    echo "== suite times (wall clock, and CPU of user + system; lanes side by side marked |)"
    printf '   %-34s %9s %9s  %s\n' "suite" "wall" "CPU" "outcome"
    printf '%s\n' "${rows[@]}"
    printf '   %-34s %8s s\n' "total" "$(seconds $(($(date +%s%3N) - run_started)))"
}
trap report EXIT

# One lane: its recipes in order, in a subshell whose `times` is the lane's CPU alone.
# Writes "wall_ms cpu_ms status" to the file $2.
run_lane() {
    (
        started=$(date +%s%3N)
        status=0
        for recipe in $1; do
            "$just_bin" "$recipe" || { status=$?; break; }
        done
        # `times` here, not in a $(...): a command substitution is a shell without children.
        times >"$2.times"
        echo "$(($(date +%s%3N) - started)) $(children_cpu_ms "$2.times") $status" >"$2"
    )
}

row() { # name wall_ms cpu_ms status
    local outcome=ok
    [[ $4 -ne 0 ]] && outcome="FAILED ($4)"
    rows+=("$(printf '   %-34s %7s s %7s s  %s' "$1" "$(seconds "$2")" "$(seconds "$3")" "$outcome")")
}

step_number=0
for step in "$@"; do
    step_number=$((step_number + 1))
    IFS='|' read -r -a lanes <<<"$step"
    if [[ ${#lanes[@]} -eq 1 ]]; then
        lane=$(echo "${lanes[0]}" | xargs)
        run_lane "$lane" "$log_dir/step$step_number.result"
        read -r wall cpu status <"$log_dir/step$step_number.result"
        row "$lane" "$wall" "$cpu" "$status"
        [[ $status -ne 0 ]] && exit "$status"
        continue
    fi
    pids=()
    for i in "${!lanes[@]}"; do
        lane=$(echo "${lanes[$i]}" | xargs)
        lanes[i]=$lane
        echo "== started side by side: $lane (output when it ends)"
        run_lane "$lane" "$log_dir/step$step_number-lane$i.result" >"$log_dir/step$step_number-lane$i.log" 2>&1 &
        pids+=($!)
    done
    failed=0
    for i in "${!lanes[@]}"; do
        wait "${pids[$i]}"
        log="$log_dir/step$step_number-lane$i.log"
        echo "== ${lanes[$i]}: its output"
        cat "$log"
        read -r wall cpu status <"$log_dir/step$step_number-lane$i.result"
        row "| ${lanes[$i]}" "$wall" "$cpu" "$status"
        [[ $status -ne 0 && $failed -eq 0 ]] && failed=$status
    done
    if [[ $failed -ne 0 ]]; then exit "$failed"; fi
done
exit 0
