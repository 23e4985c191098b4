#!/usr/bin/env bash
# Runs one libFuzzer target over its seeds for a bounded time (used by ctest and ./dev.sh fuzz).
#   fuzz/run.sh FUZZ_BUILD_DIR TARGET SECONDS [RUNS]
# TARGET is bibtex, csl, json, latex, names, query or sync. New inputs go to a fresh scratch corpus that is
# deleted afterwards; the seeds are read only. With RUNS the run is deterministic (-seed=1, that
# many inputs) and SECONDS only caps it on a slow machine. A crash, leak or hang (over 10 s on
# one input) fails the run and leaves the input in FUZZ_BUILD_DIR/findings/: minimise it, fix the
# core, and add it to tests/fixtures/fuzz/TARGET/ (replayed by the core suite) under a name that
# says what it found.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
fixtures="$here/../tests/fixtures"
build="$1" target="$2" seconds="$3" runs="${4:-}"
binary="$build/fuzz/fuzz_$target"
[ -x "$binary" ] || { echo "fuzz/run.sh: $binary is missing (build with -DPAPERSHELF_FUZZ=ON)" >&2; exit 2; }

seeds=()
[ -d "$here/seeds/$target" ] && seeds+=("$here/seeds/$target")
max_len=()
case "$target" in
  bibtex|json|sync) seeds+=("$fixtures/valid" "$fixtures/invalid") ;;  # whole files, up to ~10 KB
  query) max_len=(-max_len=6000) ;;  # past the 2,000 bytes the query parsers read (query.hpp)
  csl) max_len=(-max_len=4096) ;;  # a style written from the bytes, or a small style's XML
  *) max_len=(-max_len=2048) ;;  # names and LaTeX values are short
esac
# Past findings seed the file readers; for the short-text targets they would only slow the run
# (the query one is 8 KB of "a a a ..."), and the core suite replays them all anyway.
if [ -z "${max_len[*]}" ] && [ -d "$fixtures/fuzz/$target" ]; then seeds+=("$fixtures/fuzz/$target"); fi

scratch="$(mktemp -d "${TMPDIR:-/tmp}/papershelf-fuzz-$target.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/corpus"
mkdir -p "$build/findings"
args=("${max_len[@]}" -dict="$here/$target.dict" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048
      -artifact_prefix="$build/findings/$target-" -print_final_stats=1)
if [ -n "$runs" ]; then args+=(-seed=1 -runs="$runs"); fi
echo "fuzz_$target: ${runs:-unbounded} runs, at most $seconds s, seeds: ${seeds[*]}"
# libFuzzer's progress lines are noise in a test log; keep the summary and any report.
"$binary" "${args[@]}" "$scratch/corpus" "${seeds[@]}" 2> "$scratch/log" || {
  status=$?
  cat "$scratch/log" >&2
  echo "fuzz_$target FAILED (exit $status); the input is in $build/findings/" >&2
  exit 1
}
grep -E '^(stat::|Done|INFO: Seed|#[0-9]+ +DONE)' "$scratch/log" || true
