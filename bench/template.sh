#!/usr/bin/env bash
# `bundlectl template` (issue 44) against `plan`, as fresh processes: `template` of the sample
# against `plan` of it, in PAIRS interleaved pairs (wall Q1 / median / Q3, CPU and peak RSS
# medians), and `template -o dir=OUT` of a bundle of 200 objects (the sample with 185 ConfigMaps
# added: 200 objects in OLM mode on the built-in surface), into a fresh directory each run.
# Figures: bench/README.md, "template".
#
#   bench/template.sh [PAIRS]      (default 11; build first: ./mvnw -B package [-Prelease] -DskipTests)
#
# LAUNCHER=PATH measures another launcher (an unpacked release's bin/bundlectl) instead of the clone's.
# Needs bash and GNU time (Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/timing.sh
pairs="${1:-11}"
sample=samples/bundles/cachebox-operator
launcher="${LAUNCHER:-bin/bundlectl}"
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2; exit 1; }
[ -f cli/target/bundlectl.jar ] || [ -n "${LAUNCHER:-}" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

machine
echo "launcher: $launcher"
echo
plan=("$launcher" plan "$sample" -n bench)
template=("$launcher" template "$sample" -n bench)
interleaved "$pairs" "$work/plan" plan "$work/template" template
differences "$work/plan" "$work/template" "$work/difference"
summary "plan $sample" "$work/plan"
summary "template $sample" "$work/template"
summary "template - plan, per pair" "$work/difference"

big="$work/bundle-200"
cp -r "$sample" "$big"
for ((i = 0; i < 185; i++)); do
  printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bench-%03d\ndata:\n  key: value-%03d\n' "$i" "$i" \
    >"$big/manifests/bench-$(printf %03d "$i")_v1_configmap.yaml"
done
objects="$("$launcher" template "$big" -n bench | grep -c '^---$')"
echo
echo "bundle of $objects objects:"
for ((i = 1; i <= pairs; i++)); do
  timed "$work/dir" "$launcher" template "$big" -n bench -o "dir=$work/out-$i"
done
summary "template -o dir (fresh process, $objects objects)" "$work/dir"
