#!/usr/bin/env bash
# Runs the test suite with busy loops hogging the CPU beside it, to find tests that depend on timing
# rather than on events. Usage: scripts/test-under-load.sh [--hogs N] [--runs N] [vitest args...]
# With no vitest args the whole suite runs (after a build, as the e2e tests drive dist/cli.js).
set -u
hogs=2
runs=1
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --hogs) hogs="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    *) break ;;
  esac
done
cd "$(dirname "$0")/.."

pids=()
stop_hogs() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
}
trap stop_hogs EXIT
trap 'exit 130' INT TERM

if [ "$build" -eq 1 ]; then npm run --silent build || exit 1; fi
for _ in $(seq "$hogs"); do
  (while :; do :; done) &
  pids+=("$!")
done
echo "test-under-load: ${hogs} CPU hog(s) running (pids ${pids[*]})"

status=0
for run in $(seq "$runs"); do
  start=$(date +%s)
  npx vitest run "$@"
  rc=$?
  echo "test-under-load: run ${run}/${runs} exited ${rc} after $(($(date +%s) - start))s"
  [ "$rc" -eq 0 ] || { status=$rc; break; }
done
exit "$status"
