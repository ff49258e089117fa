#!/usr/bin/env bash
# `catalog check --upgrades DIR` of this build beside `plan --recursive DIR -o jsonl` of another
# build (the one before the check existed), each a fresh process: one untimed run of each first
# (file cache), then RUNS pairs interleaved (in swapped order every other pair), so that both see
# the same machine. Prints both commands' figures, the per-pair difference, the ratio of the
# medians, and the check's counts (the summary of its -o json document).
#
#   BEFORE=<other build>/bin/bundlectl bench/catalog-check-against-build.sh DIR
#       (RUNS=3 pairs by default; DIR a directory of bundles, e.g. /work/catalogs/community)
#
# BUNDLECTL picks this side's launcher (default: the clone's bin/bundlectl). KEEP=DIR keeps both
# sides' samples (one line per run: wall s, CPU s, peak RSS MB, load average at the start) and the
# check's JSON document.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/bench/timing.sh"
catalog="${1:?DIR: a directory of bundles}"
runs="${RUNS:-3}"
now="${BUNDLECTL:-$here/bin/bundlectl}"
before="${BEFORE:?BEFORE=<launcher of the other build>}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The check exits 3 on findings and 2 on unreadable bundles, the plan 2 on invalid bundles: all
# expected on a public catalog, so each run ends 0 unless it failed otherwise.
check_now() { local rc=0; "$now" catalog check --upgrades "$1" -o json || rc=$?; ((rc == 0 || rc == 2 || rc == 3)); }
plan_before() { local rc=0; "$before" plan --recursive "$1" -o jsonl || rc=$?; ((rc == 0 || rc == 2)); }
export -f check_now plan_before
export now before
check_now "$catalog" >"$work/check.json" 2>/dev/null
plan_before "$catalog" >/dev/null 2>&1
run_check=(bash -c 'check_now "$1" >/dev/null' check_now "$catalog")
run_plan=(bash -c 'plan_before "$1" >/dev/null' plan_before "$catalog")
interleaved "$runs" "$work/check" run_check "$work/plan" run_plan
machine
summary "catalog check --upgrades $(basename "$catalog"), this build  ($now)" "$work/check"
summary "plan --recursive $(basename "$catalog"), other build ($before)" "$work/plan"
per_pair "$work/check" "$work/plan"
echo "ratio of the medians, check / plan: wall $(awk -v a="$(median_of "$work/check" 1)" -v b="$(median_of "$work/plan" 1)" \
  'BEGIN { printf "%.2f", a / b }'), CPU $(awk -v a="$(median_of "$work/check" 2)" -v b="$(median_of "$work/plan" 2)" \
  'BEGIN { printf "%.2f", a / b }')"
echo "the check's counts:"
awk '/"summary"/ { on = 1 } on { print "  " $0 }' "$work/check.json"
if [[ -n "${KEEP:-}" ]]; then
  mkdir -p "$KEEP"
  cp "$work/check" "$KEEP/check.samples"
  cp "$work/plan" "$KEEP/plan.samples"
  cp "$work/check.json" "$KEEP/check.json"
fi
