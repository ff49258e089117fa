#!/usr/bin/env bash
# Times `bin/bundlectl plan --recursive DIR... -o jsonl` as a fresh process (JVM start-up
# included), with the launcher's own options (BUNDLECTL_JAVA_OPTS unset unless you set it): one
# untimed warm-up run (file cache), then RUNS timed runs; prints the median wall time, CPU time and
# peak RSS, the load average at the start of each run, and the five slowest bundles of the last run
# (the `ms` of each -o jsonl line). The exit code of bundlectl (2 on the dev corpus and the
# catalogs, which hold invalid bundles) is expected and ignored; the output is checked to hold one
# line per bundle. KEEP=FILE keeps the last run's -o jsonl output.
#
#   bench/plan-recursive.sh [DIR...]        (default ../shared/corpus/dev; RUNS=5)
#   bench/plan-recursive.sh /work/catalogs/community /work/catalogs/certified
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/bench/timing.sh"
if (($# == 0)); then
  set -- "$here/../shared/corpus/dev"
fi
runs="${RUNS:-5}"
for corpus in "$@"; do
  [[ -d "$corpus" ]] || { echo "no corpus at $corpus" >&2; exit 1; }
done
[[ -f "$here/cli/target/bundlectl.jar" ]] || { echo "build first: ./mvnw -q -B -pl cli -am package -DskipTests" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bundlectl="${BUNDLECTL:-$here/bin/bundlectl}"
"$bundlectl" plan --recursive "$@" -o jsonl >"$work/out.jsonl" 2>/dev/null || true
echo "bundles planned: $(wc -l <"$work/out.jsonl" | tr -d ' ')"
for ((i = 1; i <= runs; i++)); do
  rm -f "$work/samples.log"
  timed "$work/samples" "$bundlectl" plan --recursive "$@" -o jsonl || true
done
machine
names=""
for corpus in "$@"; do names+="${names:+ }$(basename "$corpus")"; done
summary "bundlectl plan --recursive $names -o jsonl" "$work/samples"
echo "slowest bundles of the last run (ms):"
grep '^{' "$work/samples.log" | python3 -c '
import json, sys
rows = sorted((json.loads(line) for line in sys.stdin), key=lambda r: -r["ms"])
print("  %d bundles, %d ms in all" % (len(rows), sum(r["ms"] for r in rows)))
for r in rows[:5]:
    print("  %6d  %s" % (r["ms"], r["path"]))'
[[ -z "${KEEP:-}" ]] || grep '^{' "$work/samples.log" >"$KEEP"
