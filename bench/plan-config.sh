#!/usr/bin/env bash
# What an operator configuration costs a plan (docs/operator-config.md): the same build, the same
# input, with and without `--config samples/operator-config/infra-nodes.yaml`, as fresh processes
# in interleaved pairs (swapped order every other pair), so that both see the same machine. Two
# inputs: the sample bundle alone (start-up dominates: the configuration's schema is read and every
# check runs once), and `plan --recursive` over the dev corpus (the merge and the checks once per
# bundle, 150 bundles). Prints both sides' figures and the per-pair difference as quartiles.
#
#   bench/plan-config.sh            (RUNS=11 pairs for the sample, CORPUS_RUNS=7 for the corpus)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/bench/timing.sh"
[[ -f "$here/cli/target/bundlectl.jar" ]] || { echo "build first: ./mvnw -q -B -pl cli -am package -DskipTests" >&2; exit 1; }
bundlectl="${BUNDLECTL:-$here/bin/bundlectl}"
config="$here/samples/operator-config/infra-nodes.yaml"
sample="$here/samples/bundles/cachebox-operator"
corpus="${CORPUS:-$here/../shared/corpus/dev}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# bundlectl exits 2 on a corpus that holds invalid bundles: expected, so each run ends 0.
plan_corpus() { "$bundlectl" plan --recursive "$corpus" -o jsonl "$@" || (($? == 2)); }
export -f plan_corpus
export bundlectl corpus

machine
plain=("$bundlectl" plan "$sample" -n bench -o json)
configured=("$bundlectl" plan "$sample" -n bench -o json --config "$config")
"${plain[@]}" >/dev/null
"${configured[@]}" >/dev/null
interleaved "${RUNS:-11}" "$work/plain" plain "$work/configured" configured
summary "plan cachebox-operator, no configuration" "$work/plain"
summary "plan cachebox-operator, --config infra-nodes.yaml" "$work/configured"
per_pair "$work/configured" "$work/plain"

if [[ -d "$corpus" ]]; then
  corpus_plain=(bash -c 'plan_corpus' plan_corpus)
  corpus_configured=(bash -c 'plan_corpus --config "$0"' "$config")
  plan_corpus >"$work/plain.jsonl" 2>/dev/null
  plan_corpus --config "$config" >"$work/configured.jsonl" 2>/dev/null
  echo "bundles planned: $(grep -c '^{' "$work/plain.jsonl") without, $(grep -c '^{' "$work/configured.jsonl") with the configuration"
  interleaved "${CORPUS_RUNS:-7}" "$work/corpus-plain" corpus_plain "$work/corpus-configured" corpus_configured
  summary "plan --recursive $(basename "$corpus"), no configuration" "$work/corpus-plain"
  summary "plan --recursive $(basename "$corpus"), --config infra-nodes.yaml" "$work/corpus-configured"
  per_pair "$work/corpus-configured" "$work/corpus-plain"
fi
