#!/usr/bin/env bash
# The cost of what an install re-run does now against another build of bundlectl: both re-run the
# sample, interleaved (in swapped order every other pair), on one real kube-apiserver 1.34.9 (KUBE_VERSION picks another release), each in
# a namespace and under a package of its own (the other build's copy of the sample is renamed, so
# that neither meets the other's objects). Prints both builds' figures, the per-pair difference of
# wall and CPU time as quartiles, and the requests one unchanged re-run of each sends, from the
# server's own apiserver_request_total counters.
#
#   BEFORE=<other build>/bin/bundlectl bench/rerun-against-build.sh     (RUNS=11 pairs by default)
#
# BUNDLECTL picks this side's launcher (default: the clone's bin/bundlectl). Needs
# bench/target/benchmarks.jar and kubectl (the one on PATH, else the server's own).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/bench/timing.sh"
source "$here/bench/real-server.sh"
source "$here/bench/request-counts.sh"
runs="${RUNS:-11}"
now="${BUNDLECTL:-$here/bin/bundlectl}"
before="${BEFORE:?BEFORE=<launcher of the other build>}"
kubectl="${KUBECTL:-$(command -v kubectl || echo "$here/../shared/kube-api-test/k8s/${KUBE_VERSION:-1.34.9}-linux-amd64/kubectl")}"
work="$(mktemp -d)"
trap 'stop_real_server; rm -rf "$work"' EXIT
start_real_server "$work" "$here" || exit 1
export KUBECONFIG="$work/kubeconfig"

sample="$here/samples/bundles/cachebox-operator"
renamed="$work/otherbox-operator"
mkdir -p "$renamed"
(cd "$sample" && find . -type f) | while read -r file; do
  target="$renamed/${file//cachebox/otherbox}"
  mkdir -p "$(dirname "$target")"
  sed 's/cache\.bundlectl\.dev/otherbox.bundlectl.dev/g; s/cachebox/otherbox/g' "$sample/$file" >"$target"
done
"$kubectl" create namespace now >/dev/null
"$kubectl" create namespace before >/dev/null
for ns in now before; do
  launcher="$now" bundle="$sample"
  [[ "$ns" == before ]] && launcher="$before" bundle="$renamed"
  "$launcher" install "$bundle" -n "$ns" >"$work/$ns.first.log" 2>&1 || { cat "$work/$ns.first.log" >&2; exit 1; }
done


rerun_now=("$now" install "$sample" -n now)
rerun_before=("$before" install "$renamed" -n before)
interleaved "$runs" "$work/now" rerun_now "$work/before" rerun_before
machine
summary "re-run, this build  ($now)" "$work/now"
summary "re-run, other build ($before)" "$work/before"
per_pair "$work/now" "$work/before"
echo "requests of one unchanged re-run, this build:"
requests "${rerun_now[@]}"
echo "requests of one unchanged re-run, the other build:"
requests "${rerun_before[@]}"
