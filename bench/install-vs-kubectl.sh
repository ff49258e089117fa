#!/usr/bin/env bash
# bundlectl install against kubectl apply --server-side of the same objects, on the real
# kube-apiserver 1.34.9 (KUBE_VERSION=1.26.4: that release) from ../shared/kube-api-test (started once, with OLM's CRDs, by
# dev.bundlectl.bench.install.RealServerLauncher), each command a fresh process timed with
# /usr/bin/time -v, the two alternating so that both see the same machine:
#
#  1. re-run: BUNDLE is installed once, then `bundlectl install` runs again RUNS times, against
#     `kubectl apply --server-side` of the objects bundlectl applies (the plan's steps that are not
#     NotCreated, in plan order, namespaced to a namespace of kubectl's own);
#  2. first install, CRDs included: before each trial the bundle's CRDs are deleted and both get a
#     fresh namespace; `bundlectl install` against kubectl applying the CRDs, waiting for them to be
#     Established, then applying the rest (what a careful person would type).
#
#   bench/install-vs-kubectl.sh [BUNDLE_DIR]   (default samples/bundles/cachebox-operator; RUNS=11)
#
# Both run as users run them, with the kubeconfig in KUBECONFIG and no --kubeconfig flag. Each
# figure is printed with its quartiles (Q1 / median / Q3) and the one-minute load average at the
# runs' starts, and the ratios as quartiles of the per-pair ratios.
#
# kubectl is the one on PATH when there is one (what users run), else the server's own 1.27 from
# ../shared/kube-api-test; KUBECTL=PATH picks another. Both commands use the same kubeconfig:
# AUTH=token (the default) a ServiceAccount token bound to cluster-admin, as a cloud cluster's or
# a CI runner's kubeconfig authenticates; AUTH=cert the server's admin client certificate, as
# kind's, kubeadm's and minikube's do. The kubectl client and server versions are printed.
#
# RATIOS=FILE appends the per-run re-run ratios to FILE, so that several runs can be pooled.
#
# Needs cli/target/bundlectl.jar and bench/target/benchmarks.jar:
#   ./mvnw -q -B -pl cli,bench -am package -DskipTests
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/bench/timing.sh"
source "$here/bench/real-server.sh"
bundle="$(cd "${1:-$here/samples/bundles/cachebox-operator}" && pwd)"
runs="${RUNS:-11}"
auth="${AUTH:-token}"
[[ "$auth" == token || "$auth" == cert ]] || { echo "AUTH is token or cert, not $auth" >&2; exit 1; }
kubectl="${KUBECTL:-$(command -v kubectl || echo "$here/../shared/kube-api-test/k8s/${KUBE_VERSION:-1.34.9}-linux-amd64/kubectl")}"
# BUNDLECTL: another bundlectl launcher to measure, e.g. the unpacked release archive's bin/bundlectl.
bundlectl="${BUNDLECTL:-$here/bin/bundlectl}"
for need in "$kubectl" "$here/cli/target/bundlectl.jar" "$here/bench/target/benchmarks.jar"; do
  [[ -e "$need" ]] || { echo "missing $need" >&2; exit 1; }
done

work="$(mktemp -d)"
stop() { stop_real_server; rm -rf "$work"; }
trap stop EXIT
start_real_server "$work" "$here" || exit 1
if [[ "$auth" == token ]]; then
  # A ServiceAccount's token from the TokenRequest API (the API server signs it; no controller
  # needed), bound to cluster-admin, in a kubeconfig of its own with the same server and CA.
  admin=(--kubeconfig "$work/kubeconfig")
  "$kubectl" "${admin[@]}" create serviceaccount bench-admin -n default >/dev/null
  "$kubectl" "${admin[@]}" create clusterrolebinding bench-admin --clusterrole=cluster-admin \
    --serviceaccount=default:bench-admin >/dev/null
  token="$("$kubectl" "${admin[@]}" create token bench-admin -n default --duration=2h)"
  "$kubectl" "${admin[@]}" config view --raw --minify --flatten >"$work/kubeconfig-token"
  cluster="$("$kubectl" --kubeconfig "$work/kubeconfig-token" config view -o jsonpath='{.contexts[0].context.cluster}')"
  "$kubectl" --kubeconfig "$work/kubeconfig-token" config set-credentials bench-token --token="$token" >/dev/null
  "$kubectl" --kubeconfig "$work/kubeconfig-token" config set-context bench-token --cluster="$cluster" \
    --user=bench-token >/dev/null
  "$kubectl" --kubeconfig "$work/kubeconfig-token" config use-context bench-token >/dev/null
  "$kubectl" --kubeconfig "$work/kubeconfig-token" config unset "users.$("$kubectl" "${admin[@]}" config view \
    -o jsonpath='{.contexts[0].context.user}')" >/dev/null || true
  kc=(--kubeconfig "$work/kubeconfig-token")
else
  kc=(--kubeconfig "$work/kubeconfig")
fi
# The timed commands find the kubeconfig as users' commands do; kc stays for the set-up's own
# commands, and for the live plan that lists the objects (plan without it plans offline).
export KUBECONFIG="${kc[1]}"
echo "kubectl: $kubectl; authentication: $auth"
"$kubectl" "${kc[@]}" version 2>/dev/null | sed 's/^/  /'

# The objects bundlectl applies to NAMESPACE, as kubectl files: CRDs, and the rest.
objects_for() {
  local namespace="$1" prefix="$2"
  "$bundlectl" plan "$bundle" -n "$namespace" "${kc[@]}" -o json 2>/dev/null >"$work/plan.json" || true
  python3 - "$work/plan.json" "$prefix" "$bundle" <<'PY'
import glob, json, sys
plan = json.load(open(sys.argv[1]))

def from_bundle(kind, name):
    # A plan shows Secret values redacted; kubectl needs the real ones, from the bundle's files.
    import yaml  # PyYAML, needed only for a bundle with Secrets
    for path in sorted(glob.glob(sys.argv[3] + "/manifests/*.y*ml")):
        for doc in yaml.safe_load_all(open(path)):
            if doc and doc.get("kind") == kind and doc.get("metadata", {}).get("name") == name:
                return doc
    raise SystemExit("no %s/%s in the bundle's manifests" % (kind, name))

crds, rest = [], []
for step in plan["status"]["plan"]:
    if step["status"] == "NotCreated":
        continue
    resource = step["resource"]
    body = json.loads(resource["manifest"])
    if "<redacted sha256:" in resource["manifest"]:
        body = from_bundle(resource["kind"], resource["name"])
    if resource.get("namespace"):
        body.setdefault("metadata", {})["namespace"] = resource["namespace"]
    (crds if resource["kind"] == "CustomResourceDefinition" else rest).append(body)
for name, docs in (("crds", crds), ("rest", rest), ("all", crds + rest)):
    with open(sys.argv[2] + "." + name + ".yaml", "w") as out:
        out.write("".join("---\n" + json.dumps(doc) + "\n" for doc in docs))
print(len(crds), len(rest))
PY
}

crd_names() { python3 -c 'import json,sys; [print(json.loads(l)["metadata"]["name"]) for l in open(sys.argv[1]) if l.startswith("{")]' "$1"; }

echo "server up; bundle $bundle"
"$kubectl" "${kc[@]}" create namespace bench-bundlectl >/dev/null
"$kubectl" "${kc[@]}" create namespace bench-kubectl >/dev/null
read -r crd_count rest_count < <(objects_for bench-kubectl "$work/kubectl")
echo "objects applied: $crd_count CRDs + $rest_count others"

# 1. Re-runs.
"$bundlectl" install "$bundle" -n bench-bundlectl "${kc[@]}" >"$work/first.log" 2>&1 || { cat "$work/first.log" >&2; exit 1; }
"$kubectl" "${kc[@]}" apply --server-side --force-conflicts -f "$work/kubectl.all.yaml" >/dev/null
rerun_bundlectl=("$bundlectl" install "$bundle" -n bench-bundlectl)
rerun_kubectl=("$kubectl" apply --server-side --force-conflicts -f "$work/kubectl.all.yaml")
interleaved "$runs" "$work/rerun-bundlectl" rerun_bundlectl "$work/rerun-kubectl" rerun_kubectl

# 2. First installs, CRDs included.
mapfile -t crds < <(crd_names "$work/kubectl.crds.yaml")
delete_crds() { [[ ${#crds[@]} -eq 0 ]] || "$kubectl" "${kc[@]}" delete crd "${crds[@]}" --ignore-not-found --wait=true >/dev/null; }
kubectl_first() {
  "$kubectl" apply --server-side -f "$1.crds.yaml" >/dev/null
  "$kubectl" wait --for condition=Established --timeout=120s "${crds[@]/#/crd/}" >/dev/null
  "$kubectl" apply --server-side -f "$1.rest.yaml" >/dev/null
}
for ((i = 1; i <= runs; i++)); do
  "$kubectl" "${kc[@]}" create namespace "first-bundlectl-$i" >/dev/null
  "$kubectl" "${kc[@]}" create namespace "first-kubectl-$i" >/dev/null
  objects_for "first-kubectl-$i" "$work/first-$i" >/dev/null
  delete_crds
  timed "$work/first-bundlectl" "$bundlectl" install "$bundle" -n "first-bundlectl-$i"
  delete_crds
  timed "$work/first-kubectl" bash -c "$(declare -p crds); $(declare -f kubectl_first); kubectl=$kubectl; kubectl_first $work/first-$i"
done

machine
summary "re-run   bundlectl install" "$work/rerun-bundlectl"
summary "re-run   kubectl apply --server-side" "$work/rerun-kubectl"
summary "first    bundlectl install (CRDs included)" "$work/first-bundlectl"
summary "first    kubectl apply CRDs + wait Established + apply the rest" "$work/first-kubectl"
paste "$work/rerun-bundlectl" "$work/rerun-kubectl" | awk '{ print $1 / $5 }' >"$work/rerun-ratio"
paste "$work/first-bundlectl" "$work/first-kubectl" | awk '{ print $1 / $5 }' >"$work/first-ratio"
echo "kubectl $("$kubectl" version --client 2>/dev/null | head -1), server $("$kubectl" "${kc[@]}" version 2>/dev/null | grep -i '^server' | head -1); authentication: $auth"
# The per-run ratios spread with the machine's other work; their quartiles show how far.
echo "ratio bundlectl / kubectl, wall, per interleaved pair (Q1 / median / Q3): re-run $(quartiles_of "$work/rerun-ratio" 1)x" \
  "($runs pairs; load average $(loads "$work/rerun-bundlectl")), first install $(quartiles_of "$work/first-ratio" 1)x"
# RATIOS=FILE: the per-run re-run ratios are also appended to FILE, to pool several runs of this script.
if [[ -n "${RATIOS:-}" ]]; then
  cat "$work/rerun-ratio" >>"$RATIOS"
  echo "re-run ratios pooled in $RATIOS: $(quartiles_of "$RATIOS" 1)x over $(wc -l <"$RATIOS" | tr -d ' ') pairs"
fi
