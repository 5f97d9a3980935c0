#!/bin/sh
# Plays the sessions against the real Codex app-server and ours, each in a loopback-only network namespace,
# then compares the transcripts by shape. Needs `npm run build` first.
# Usage: scripts/app-server-diff/run.sh [SESSION[,SESSION]] ; output in ${OUT:-/tmp/as-diff}
set -e
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${OUT:-/tmp/as-diff}
session=${1:-all}
oracle=${CODEX_ORACLE:-/tmp/oracle/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex}
mkdir -p "$out"
for side in oracle ours; do
  if [ $side = oracle ]; then cmd="$oracle app-server"; else cmd="node $repo/dist/cli.js app-server"; fi
  unshare -rn sh -c "ip link set lo up; node '$here/driver.mjs' --server '$cmd' --out '$out/$side.jsonl' --session '$session'"
done
node "$here/compare.mjs" "$out/oracle.jsonl" "$out/ours.jsonl" | tee "$out/report.txt"
