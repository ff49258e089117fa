#!/usr/bin/env bash
# The requests of the sample's one-hop upgrade (0.3.1 to 0.4.0, without --wait) with this build and
# another, on one real kube-apiserver 1.34.9 (KUBE_VERSION picks another release) that serves OLM's APIs with no olm-operator running
# (so no other client writes), each build in a namespace and under a package of its own (the other
# build's copy of the sample is renamed). Counts are the server's own apiserver_request_total.
#
#   BEFORE=<other build>/bin/bundlectl bench/upgrade-against-build.sh
#
# CRD_CHANGE=1 lowers the caches CRD's maximum in the upgrade's copy of 0.4.0, so that the upgrade
# updates a CRD: its CRD upgrade safety check then reads the live CRD and finds one thing.
#
# BUNDLECTL picks this side's launcher (default: the clone's bin/bundlectl). Needs
# bench/target/benchmarks.jar and kubectl (the one on PATH, else the server's own).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/bench/real-server.sh"
source "$here/bench/request-counts.sh"
now="${BUNDLECTL:-$here/bin/bundlectl}"
before="${BEFORE:?BEFORE=<launcher of the other build>}"
kubectl="${KUBECTL:-$(command -v kubectl || echo "$here/../shared/kube-api-test/k8s/${KUBE_VERSION:-1.34.9}-linux-amd64/kubectl")}"
work="$(mktemp -d)"
trap 'stop_real_server; rm -rf "$work"' EXIT
start_real_server "$work" "$here" || exit 1
export KUBECONFIG="$work/kubeconfig"

# renamed DIR NAME: a copy of sample DIR as package NAME-operator, its CRDs' group renamed too.
renamed() {
  local sample="$here/samples/bundles/$1" target="$work/$2-$1"
  mkdir -p "$target"
  (cd "$sample" && find . -type f) | while read -r file; do
    local copy="$target/${file//cachebox/$2}"
    mkdir -p "$(dirname "$copy")"
    sed "s/cache\.bundlectl\.dev/$2.bundlectl.dev/g; s/cachebox/$2/g" "$sample/$file" >"$copy"
  done
  if [[ "${CRD_CHANGE:-}" == 1 && "$1" == cachebox-operator-v0.4.0 ]]; then
    sed -i 's/maximum: 9/maximum: 8/' "$target/manifests/cache.bundlectl.dev_caches.yaml"
  fi
  echo "$target"
}


for side in now before; do
  launcher="$now"
  [[ "$side" == before ]] && launcher="$before"
  name="up$side"
  "$kubectl" create namespace "$side" >/dev/null
  "$launcher" install "$(renamed cachebox-operator "$name")" -n "$side" >"$work/$side.first.log" 2>&1 \
    || { cat "$work/$side.first.log" >&2; exit 1; }
  echo "requests of the one-hop upgrade, $side ($launcher):"
  requests "$launcher" install "$(renamed cachebox-operator-v0.4.0 "$name")" -n "$side"
done
