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
