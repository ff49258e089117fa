#!/usr/bin/env bash
# Times `bin/bundlectl plan --recursive CORPUS -o jsonl` as a fresh process (JVM start-up
# included): one untimed warm-up run (file cache), then RUNS timed runs; prints the median wall
# time, CPU time and peak RSS. The exit code of bundlectl (2 on the dev corpus, which holds invalid
# bundles) is expected and ignored; the output is checked to hold one line per bundle.
#
#   bench/plan-recursive.sh [CORPUS_DIR]        (default ../shared/corpus/dev; RUNS=5)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/bench/timing.sh"
corpus="${1:-$here/../shared/corpus/dev}"
runs="${RUNS:-5}"
[[ -d "$corpus" ]] || { echo "no corpus at $corpus" >&2; exit 1; }
[[ -f "$here/cli/target/bundlectl.jar" ]] || { echo "build first: ./mvnw -q -B -pl cli -am package -DskipTests" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$here/bin/bundlectl" plan --recursive "$corpus" -o jsonl >"$work/out.jsonl" 2>/dev/null || true
echo "bundles planned: $(wc -l <"$work/out.jsonl" | tr -d ' ')"
for ((i = 1; i <= runs; i++)); do
  timed "$work/samples" "$here/bin/bundlectl" plan --recursive "$corpus" -o jsonl || true
done
machine
summary "bundlectl plan --recursive $(basename "$corpus") -o jsonl" "$work/samples"
