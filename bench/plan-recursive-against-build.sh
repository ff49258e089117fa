#!/usr/bin/env bash
# bench/plan-recursive.sh's batch plan (`plan --recursive DIR... -o jsonl`, a fresh process each
# run) against another build of bundlectl: one untimed run of each first (file cache), then RUNS
# pairs interleaved (in swapped order every other pair), so that both see the same machine. Prints
# both builds' figures, the per-pair difference of wall and CPU time as quartiles, and whether both
# printed the same lines (the -o jsonl lines without their `ms`).
#
#   BEFORE=<other build>/bin/bundlectl bench/plan-recursive-against-build.sh [DIR...]
#       (default ../shared/corpus/dev; RUNS=7 pairs by default)
#
# BUNDLECTL picks this side's launcher (default: the clone's bin/bundlectl). A copied build's
# class-data archive does not fit it, so set BUNDLECTL_CLASS_DATA=off to compare like with like.
# KEEP=DIR keeps both builds' samples (one line per run, in the order they ran: wall s, CPU s,
# peak RSS MB, load average at the start).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/bench/timing.sh"
if (($# == 0)); then
  set -- "$here/../shared/corpus/dev"
fi
runs="${RUNS:-7}"
now="${BUNDLECTL:-$here/bin/bundlectl}"
before="${BEFORE:?BEFORE=<launcher of the other build>}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# bundlectl exits 2 on corpora that hold invalid bundles: expected, so each run ends 0.
plan_now() { "$now" plan --recursive "$@" -o jsonl || (($? == 2)); }
plan_before() { "$before" plan --recursive "$@" -o jsonl || (($? == 2)); }
export -f plan_now plan_before
export now before
plan_now "$@" >"$work/now.jsonl" 2>/dev/null
plan_before "$@" >"$work/before.jsonl" 2>/dev/null
same="differ"
if cmp -s <(sed 's/,"ms":[0-9]*//' "$work/now.jsonl") <(sed 's/,"ms":[0-9]*//' "$work/before.jsonl"); then
  same="the same"
fi
run_now=(bash -c 'plan_now "$@"' plan_now "$@")
run_before=(bash -c 'plan_before "$@"' plan_before "$@")
interleaved "$runs" "$work/now" run_now "$work/before" run_before
machine
names=""
for corpus in "$@"; do names+="${names:+ }$(basename "$corpus")"; done
echo "bundles planned: $(grep -c '^{' "$work/now.jsonl"); the two builds' lines (without ms) are $same"
summary "plan --recursive $names, this build  ($now)" "$work/now"
summary "plan --recursive $names, other build ($before)" "$work/before"
per_pair "$work/now" "$work/before"
if [[ -n "${KEEP:-}" ]]; then
  mkdir -p "$KEEP"
  cp "$work/now" "$KEEP/this-build.samples"
  cp "$work/before" "$KEEP/other-build.samples"
fi
