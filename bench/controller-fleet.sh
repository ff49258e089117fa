#!/usr/bin/env bash
# A fleet of BundleInstalls following one catalog image, installed by ONE controller (issue 43,
# "Performance and scale"):
#
#   bench/controller-fleet.sh [N]        (default 200)
#
#  1. starts the real kube-apiserver 1.34.9 (KUBE_VERSION=1.26.4: that release) and etcd of
#     ../shared/kube-api-test (PLAIN: no OLM served, so every install renders its CSV; there is no
#     olm-operator) and the real registry of ../shared/registry on loopback with its access log on; applies deploy/crd.yaml and
#     deploy/rbac.yaml; pushes the sample's bundles 0.3.0, 0.3.1 and 0.4.0 and a catalog image (the
#     sample's file-based catalog under /configs, its images pointed at this registry) with curl;
#  2. starts one `bin/bundlectl controller --leader-elect --catalog-poll $POLL` (default workers),
#     as deploy/ runs it: authenticated as its ServiceAccount (a TokenRequest token) with exactly
#     deploy/rbac.yaml's rights, under GNU /usr/bin/time -v for its peak RSS;
#  3. applies, in one `kubectl apply --server-side` of one multi-document file (as a GitOps sync
#     would: namespaces, then accounts and RBAC, then the BundleInstalls), N namespaces, each with
#     the installer account `installer` and the least RBAC `bundlectl plan --installer-rbac` writes
#     for the bundle the catalog picks, and a BundleInstall naming that account and following the
#     catalog image (package cachebox-operator, channel stable's head, csvMode render);
#  4. measures the time from the apply's start to all N `Complete` (one kubectl watch, progress every
#     10 s); the requests the controller sent in that time (the server's apiserver_request_total
#     before and after, less the requests kubectl itself sent, which it logs with -v=6), per install
#     and the top 10 by verb and resource; the registry requests in that time (its access log); then,
#     in a quiet window of two poll intervals after all are Complete, the registry requests (a poll
#     round should be one manifest HEAD of the catalog tag, whatever N) and the controller's API
#     requests; and the controller's peak RSS and CPU time. It prints the events on the BundleInstalls
#     by reason, each Warning event's message with its count, the controller's WARNING and SEVERE
#     log lines, and one summary table;
#  5. stops everything it started on exit, also on failure.
#
# This server has no kubelet and no deployment controller, so no operator would ever run and every
# Complete install would be reconciled again and again to see whether it runs; a stand-in marks each
# rendered operator Deployment rolled out, as the tests' KubeletStandIn does (below; STANDIN=0 leaves
# it out). Its requests, and the watch's and the apply's, are kubectl's and are not counted as the
# controller's. Requests that end within a moment of a window's edge may fall on either side.
#
# Settings (environment): POLL (default 30s, the controller's --catalog-poll, whole seconds),
# RANGE (a versionRange for the BundleInstalls, e.g. '<0.4.0' to install the sample 0.3.1; default
# none: the channel's head, 0.4.0), TIMEOUT (seconds to wait for all Complete; default 120 + 3 × N),
# WORKERS (the controller's --workers; default its own default), KEEP=1 keeps the work directory
# (logs, counts) and prints where it is.
#
# Needs cli/target/bundlectl.jar and bench/target/benchmarks.jar
# (./mvnw -q -B -pl cli,bench -am package -DskipTests), curl, python3, GNU time.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/bench/real-server.sh"
n="${1:-200}"
[[ "$n" =~ ^[1-9][0-9]{0,3}$ ]] || { echo "N is a number of BundleInstalls from 1 to 9999, not '$n'" >&2; exit 2; }
poll="${POLL:-30s}"
[[ "$poll" =~ ^([1-9][0-9]*)s$ ]] || { echo "POLL is whole seconds such as 30s, not '$poll'" >&2; exit 2; }
poll_seconds="${BASH_REMATCH[1]}"
range="${RANGE:-}"
timeout="${TIMEOUT:-$((120 + 3 * n))}"
[[ -z "${WORKERS:-}" || "$WORKERS" =~ ^[1-9][0-9]?$ ]] || { echo "WORKERS is a number from 1 to 99, not '$WORKERS'" >&2; exit 2; }
bundlectl="$here/bin/bundlectl"
registry_bin="${REGISTRY_BIN:-$here/../shared/registry/docker-registry}"
kubectl="${KUBECTL:-$(command -v kubectl || echo "$here/../shared/kube-api-test/k8s/${KUBE_VERSION:-1.34.9}-linux-amd64/kubectl")}"
for need in "$kubectl" "$registry_bin" /usr/bin/time "$here/cli/target/bundlectl.jar" "$here/bench/target/benchmarks.jar"; do
  [[ -e "$need" ]] || { echo "missing $need" >&2; exit 1; }
done

work="$(mktemp -d)"
registry_pid="" time_pid="" watch_pid="" stand_in_pid=""
# The controller is the JVM that GNU time started (bin/bundlectl execs java in place of itself).
controller_pid() { [[ -n "$time_pid" ]] && pgrep -P "$time_pid" | head -1; }
stop_controller() {
  [[ -n "$time_pid" ]] || return 0
  local pid
  pid="$(controller_pid || true)"
  [[ -z "$pid" ]] || kill -TERM "$pid" 2>/dev/null || true
  wait "$time_pid" 2>/dev/null || true
  time_pid=""
}
cleanup() {
  [[ -z "$stand_in_pid" ]] || kill "$stand_in_pid" 2>/dev/null || true
  [[ -z "$watch_pid" ]] || kill "$watch_pid" 2>/dev/null || true
  stop_controller
  [[ -z "$registry_pid" ]] || kill "$registry_pid" 2>/dev/null || true
  stop_real_server
  if [[ "${KEEP:-}" == 1 ]]; then echo "work directory kept: $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
now() { date +%s.%N; }
seconds_since() { python3 -c "import sys; print('%.1f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$1" "${2:-$(now)}"; }
# server_cpu: the CPU seconds (user + system) the API server and etcd have used so far: every
# kube-apiserver and etcd process under the launcher this script started (the machine may run others).
server_cpu() {
  python3 - "$real_server_pid" <<'PY'
import os, sys
tick = os.sysconf("SC_CLK_TCK")
children = {}
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        stat = open("/proc/%s/stat" % pid).read()
    except OSError:
        continue
    name = stat[stat.index("(") + 1:stat.rindex(")")]
    fields = stat[stat.rindex(")") + 2:].split()
    children.setdefault(fields[1], []).append((pid, name, int(fields[11]) + int(fields[12])))
total, todo = 0, [sys.argv[1]]
while todo:
    for pid, name, ticks in children.get(todo.pop(), []):
        todo.append(pid)
        if name in ("kube-apiserver", "etcd"):
            total += ticks
print("%.1f" % (total / tick))
PY
}

# --- 1. The API server, the registry, the images --------------------------------------------------
echo "starting the real kube-apiserver (PLAIN: no OLM APIs) and the registry; N=$n, --catalog-poll $poll"
start_real_server "$work" "$here" plain || exit 1
admin_kubeconfig="$work/kubeconfig"
export KUBECONFIG="$admin_kubeconfig"
# Every kubectl of the measured window logs its requests (-v=6) to client.log, so that they can be
# told from the controller's in the server's counters.
k() { "$kubectl" --cache-dir "$work/kube-cache" "$@"; }
kv() { "$kubectl" --cache-dir "$work/kube-cache" -v=6 "$@" 2>>"$work/client.log"; }
source "$here/bench/request-counts.sh"

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
cat >"$work/registry.yml" <<YAML
version: 0.1
log: {level: warn, accesslog: {disabled: false}}
storage: {filesystem: {rootdirectory: $work/registry-data}}
http: {addr: 127.0.0.1:$port}
YAML
"$registry_bin" serve "$work/registry.yml" >"$work/registry.log" 2>&1 &
registry_pid=$!
for ((i = 0; i < 100; i++)); do curl -fsS "http://127.0.0.1:$port/v2/" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS "http://127.0.0.1:$port/v2/" >/dev/null || { cat "$work/registry.log" >&2; echo "the registry did not start" >&2; exit 1; }
registry="127.0.0.1:$port"

# upload REPO FILE: one blob pushed (monolithic upload); prints its digest.
upload() {
  local repo="$1" file="$2" digest location
  digest="sha256:$(sha256sum "$file" | cut -d' ' -f1)"
  location="$(curl -fsS -X POST -D - -o /dev/null "http://$registry/v2/$repo/blobs/uploads/" \
    | tr -d '\r' | sed -n 's/^[Ll]ocation: //p')"
  case "$location" in http*) ;; *) location="http://$registry$location" ;; esac
  curl -fsS -X PUT -H 'Content-Type: application/octet-stream' --data-binary "@$file" "$location&digest=$digest" >/dev/null
  echo "$digest"
}
# push_image REPO TAG LAYER_TGZ LABELS_JSON: an OCI image of one layer with those config labels.
push_image() {
  local repo="$1" tag="$2" layer="$3" labels="$4" dir config_digest layer_digest
  dir="$(mktemp -d "$work/push.XXXX")"
  printf '{"architecture":"amd64","os":"linux","config":{"Labels":%s}}' "$labels" >"$dir/config.json"
  layer_digest="$(upload "$repo" "$layer")"
  config_digest="$(upload "$repo" "$dir/config.json")"
  cat >"$dir/manifest.json" <<JSON
{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json",
 "config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"$config_digest","size":$(stat -c%s "$dir/config.json")},
 "layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar+gzip","digest":"$layer_digest","size":$(stat -c%s "$layer")}]}
JSON
  curl -fsS -X PUT -H 'Content-Type: application/vnd.oci.image.manifest.v1+json' --data-binary "@$dir/manifest.json" \
    "http://$registry/v2/$repo/manifests/$tag" >/dev/null
}
bundle_repo=samples/cachebox-operator-bundle
bundle_labels='{"operators.operatorframework.io.bundle.mediatype.v1":"registry+v1","operators.operatorframework.io.bundle.manifests.v1":"manifests/","operators.operatorframework.io.bundle.metadata.v1":"metadata/"}'
for version in 0.3.0 0.3.1 0.4.0; do
  dir="$here/samples/bundles/cachebox-operator-v$version"
  [[ "$version" != 0.3.1 ]] || dir="$here/samples/bundles/cachebox-operator"
  tar -C "$dir" -czf "$work/bundle-$version.tar.gz" manifests metadata
  push_image "$bundle_repo" "v$version" "$work/bundle-$version.tar.gz" "$bundle_labels"
done
# The sample catalog, its bundle images (localhost:5000/…) pointed at this registry.
mkdir -p "$work/catalog/configs"
cp -r "$here/samples/catalogs/cachebox/." "$work/catalog/configs/"
find "$work/catalog/configs" -type f -exec sed -i "s#localhost:5000#$registry#g" {} +
tar -C "$work/catalog" -czf "$work/catalog.tar.gz" configs
catalog_repo=samples/cachebox-catalog
push_image "$catalog_repo" latest "$work/catalog.tar.gz" '{"operators.operatorframework.io.index.configs.v1":"/configs"}'
catalog_image="$registry/$catalog_repo:latest"
echo "registry $registry: $bundle_repo:v0.3.0, v0.3.1, v0.4.0 and the catalog $catalog_image"

k apply --server-side -f "$here/deploy/crd.yaml" -f "$here/deploy/rbac.yaml" >/dev/null
k wait --for condition=Established crd/bundleinstalls.bundlectl.dev --timeout=60s >/dev/null

# --- 2. The controller, as its ServiceAccount ------------------------------------------------------
token="$(k create token bundlectl-controller -n bundlectl-system --duration=4h)"
k config view --raw --minify --flatten >"$work/controller.kubeconfig"
cluster="$(k --kubeconfig "$work/controller.kubeconfig" config view -o jsonpath='{.contexts[0].context.cluster}')"
admin_user="$(k --kubeconfig "$work/controller.kubeconfig" config view -o jsonpath='{.contexts[0].context.user}')"
k --kubeconfig "$work/controller.kubeconfig" config set-credentials bundlectl-controller --token="$token" >/dev/null
k --kubeconfig "$work/controller.kubeconfig" config set-context controller --cluster="$cluster" --user=bundlectl-controller >/dev/null
k --kubeconfig "$work/controller.kubeconfig" config use-context controller >/dev/null
k --kubeconfig "$work/controller.kubeconfig" config unset "users.$admin_user" >/dev/null
identity=fleet-bench-controller
/usr/bin/time -v -o "$work/controller.time" "$bundlectl" controller --kubeconfig "$work/controller.kubeconfig" \
  --leader-elect --lease-namespace bundlectl-system --identity "$identity" --catalog-poll "$poll" \
  --cache-dir "$work/controller-cache" ${WORKERS:+--workers "$WORKERS"} >"$work/controller.log" 2>&1 &
time_pid=$!
started="$(now)"
until [[ "$(k get lease bundlectl-controller -n bundlectl-system -o jsonpath='{.spec.holderIdentity}' 2>/dev/null)" == "$identity" ]]; do
  kill -0 "$time_pid" 2>/dev/null || { cat "$work/controller.log" >&2; echo "the controller stopped" >&2; exit 1; }
  (( $(date +%s) - ${started%.*} < 120 )) || { tail -20 "$work/controller.log" >&2; echo "the controller took no Lease in 120 s" >&2; exit 1; }
  sleep 0.5
done
echo "controller up (pid $(controller_pid)), leading, $(seconds_since "$started") s after its start"

# --- 3. The fleet, as one multi-document file ------------------------------------------------------
ns_of() { printf 'fleet-%04d' "$1"; }
range_args=()
[[ -z "$range" ]] || range_args=(--version-range "$range")
# The installer RBAC for the bundle the catalog picks, as a cluster admin writes it: the catalog's
# pick (the plan of the catalog names its CSV), then that bundle image's RBAC, render mode as on
# this server. One namespace's RBAC is the other's with the namespace's name replaced, which is
# checked on a second namespace; else every namespace is planned on its own (slower, the same result).
"$bundlectl" plan --catalog "$catalog_image" --package cachebox-operator "${range_args[@]}" \
  --csv-mode render --api-surface kubernetes-without-olm --cache-dir "$work/cli-cache" -o json \
  >"$work/pick.json" 2>"$work/pick.err" \
  || { echo "the catalog picks no bundle${range:+ in $range}: $(grep -v '^catalog ' "$work/pick.err" | tail -1)" >&2; exit 1; }
picked_csv="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["spec"]["clusterServiceVersionNames"][0])' "$work/pick.json")"
picked_image="$(python3 - "$work/catalog/configs" "$picked_csv" <<'PY'
import json, pathlib, sys
for path in pathlib.Path(sys.argv[1]).rglob("*.json"):
    text = path.read_text()
    decoder, at = json.JSONDecoder(), 0
    while at < len(text):  # a file of several JSON documents, as the sample's bundles.json
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            break
        doc, at = decoder.raw_decode(text, at)
        if doc.get("schema") == "olm.bundle" and doc.get("name") == sys.argv[2]:
            print(doc["image"])
            raise SystemExit
raise SystemExit("no olm.bundle " + sys.argv[2] + " in the catalog")
PY
)"
echo "the catalog picks $picked_csv ($picked_image)"
rbac_for() {
  "$bundlectl" plan "$picked_image" -n "$1" --csv-mode render --api-surface kubernetes-without-olm \
    --cache-dir "$work/cli-cache" --installer-rbac installer
}
rbac_for "$(ns_of 1)" >"$work/rbac-1.yaml"
rbac_for "$(ns_of 2)" >"$work/rbac-2.yaml"
if diff -q <(sed "s/$(ns_of 1)/$(ns_of 2)/g" "$work/rbac-1.yaml") "$work/rbac-2.yaml" >/dev/null; then
  rbac_by_name=1
else
  # The sample's rendered ClusterRoles are named with a hash that depends on the namespace.
  rbac_by_name=0
  echo "the installer RBAC of one namespace is not another's with the name replaced: planning each of the $n (two at a time)"
  export -f rbac_for ns_of
  export bundlectl picked_image work
  seq 3 "$n" | xargs -r -P 2 -I{} bash -c 'rbac_for "$(ns_of {})" >"$work/rbac-{}.yaml"'
fi
bundleinstall_spec() {
  printf 'spec:\n  serviceAccountName: installer\n  csvMode: render\n  source:\n    catalog:\n      image: "%s"\n      package: cachebox-operator\n' "$catalog_image"
  [[ -z "$range" ]] || printf '      versionRange: "%s"\n' "$range"
}
{
  for ((i = 1; i <= n; i++)); do printf -- '---\napiVersion: v1\nkind: Namespace\nmetadata: {name: %s}\n' "$(ns_of "$i")"; done
  for ((i = 1; i <= n; i++)); do
    echo ---
    if ((rbac_by_name)); then sed "s/$(ns_of 1)/$(ns_of "$i")/g" "$work/rbac-1.yaml"; else cat "$work/rbac-$i.yaml"; fi
    echo
  done
  for ((i = 1; i <= n; i++)); do
    printf -- '---\napiVersion: bundlectl.dev/v1alpha1\nkind: BundleInstall\nmetadata: {name: cachebox, namespace: %s}\n' "$(ns_of "$i")"
    bundleinstall_spec
  done
} >"$work/fleet.yaml"
objects="$(grep -c '^kind:' "$work/fleet.yaml")"
echo "fleet file: $objects objects ($n namespaces, $(($(grep -c '^kind:' "$work/rbac-1.yaml")))" \
  "RBAC objects each from plan --installer-rbac, $n BundleInstalls following $catalog_image${range:+ in $range}, csvMode render)"

# --- 4. Measure ------------------------------------------------------------------------------------
# The registry's log by line numbers (its own messages included): the requests after line FROM,
# up to line TO (default: the end).
registry_lines() { wc -l <"$work/registry.log"; }
registry_requests_between() {
  [[ -z "${2:-}" ]] || (($2 > $1)) || return 0
  sed -n "$(($1 + 1)),${2:-\$}p" "$work/registry.log" | grep '"[A-Z]* /v2/' || true
}
# requests.py BEFORE AFTER CLIENT_LOG N: the controller's requests in a window, from the server's
# counters at its start and end (request-counts.sh's `counters`) less what kubectl logged (-v=6) in
# it; prints "SUMMARY server client per-install", then "TOP count per-install verb resource" lines.
cat >"$work/requests.py" <<'PY'
import collections, re, sys
from urllib.parse import urlparse, parse_qs

def counts(path):
    out = {}
    for line in open(path):
        key, value = line.rstrip("\n").split("\t")
        out[key] = float(value)
    return out

before, after = counts(sys.argv[1]), counts(sys.argv[2])
total = collections.Counter({k: after[k] - before.get(k, 0) for k in after if after[k] - before.get(k, 0) > 0})

# kubectl -v=6: "... round_trippers.go:553] GET https://127.0.0.1:PORT/api/v1/... 200 OK in 3 milliseconds",
# keyed as the counters are: the verb as the server names it, and the resource (subresources fold in).
client = collections.Counter()
request = re.compile(r"\] (GET|POST|PUT|PATCH|DELETE) (https?://\S+) (\d{3})")
for line in open(sys.argv[3]):
    m = request.search(line)
    if not m:
        continue
    method, url = m.group(1), urlparse(m.group(2))
    parts = [p for p in url.path.split("/") if p]
    query = parse_qs(url.query)
    resource, named, rest = "", False, []
    if parts[:1] == ["api"] and len(parts) > 2:
        rest = parts[2:]
    elif parts[:1] == ["apis"] and len(parts) > 3:
        rest = parts[3:]
    if rest:
        if rest[0] == "namespaces" and len(rest) >= 3:
            resource, named = rest[2], len(rest) >= 4
        else:
            resource, named = rest[0], len(rest) >= 2
    verb = method
    if method == "GET" and resource and not named:
        verb = "WATCH" if query.get("watch") == ["true"] else "LIST"
    if method == "PATCH" and "force" in query:
        verb = "APPLY"  # kubectl apply --server-side; kubectl patch sends a plain PATCH
    client[verb + " " + resource] += 1

controller = collections.Counter({k: v - client.get(k, 0) for k, v in total.items() if v - client.get(k, 0) > 0})
n = int(sys.argv[4])
print("SUMMARY %d %d %.1f" % (sum(total.values()), sum(client.values()), sum(controller.values()) / n))
for key, value in controller.most_common(10):
    print("TOP %d %.2f %s" % (value, value / n, key.strip() or "(non-resource)"))
# Not in the counters, and so not subtracted: discovery (no resource), which this server does not
# count, and a watch still open (a request is counted when it ends).
unmatched = {k: v for k, v in client.items() if total.get(k, 0) < v and k.split(" ")[1] and not k.startswith("WATCH")}
if unmatched:
    print("UNMATCHED " + ", ".join("%s %d" % kv for kv in unmatched.items()))
PY
top_requests() {
  grep '^TOP' "$1" | awk '{ printf "    %6d  %6.2f  %s", $2, $3, $4; for (i = 5; i <= NF; i++) printf " %s", $i; print "" }'
  grep '^UNMATCHED' "$1" | sed 's/^UNMATCHED /    kubectl requests not found in the counters: /' || true
}

# The kubelet's and the deployment controller's part, which this server lacks: each operator
# Deployment the installs render is marked rolled out (the status a rolled-out Deployment has) as
# the cluster admin, once a second, as the tests' KubeletStandIn does. Without it no operator ever
# runs here, and every Complete install would be reconciled again and again ("waiting for the
# operator to run", backing off from 1 s to 5 minutes), which a real cluster does only until its
# rollout. STANDIN=0 leaves it out.
rolled_out_status='{"status":{"observedGeneration":%s,"replicas":%s,"updatedReplicas":%s,"readyReplicas":%s,"availableReplicas":%s,"conditions":[{"type":"Available","status":"True","reason":"MinimumReplicasAvailable","message":"bench stand-in"},{"type":"Progressing","status":"True","reason":"NewReplicaSetAvailable","message":"bench stand-in"}]}}'
kubelet_stand_in() {
  while :; do
    # Fields split by "|": a Deployment not yet rolled out has no observedGeneration, an empty field.
    kv get deployments -A -o jsonpath='{range .items[*]}{.metadata.namespace}|{.metadata.name}|{.metadata.generation}|{.status.observedGeneration}|{.spec.replicas}{"\n"}{end}' \
      | while IFS='|' read -r ns name generation observed replicas; do
        [[ "$generation" != "$observed" ]] || continue
        replicas="${replicas:-1}"
        # shellcheck disable=SC2059
        kv patch deployment "$name" -n "$ns" --subresource=status --type=merge \
          -p "$(printf "$rolled_out_status" "$generation" "$replicas" "$replicas" "$replicas" "$replicas")" >/dev/null || true
      done
    sleep 1
  done
}

counters >"$work/before.counts"
registry_before="$(registry_lines)"
: >"$work/client.log"
# One watch of every BundleInstall's phase, each change stamped with the time it arrived: the
# progress and the time of the last Complete come from it, without a request per look.
# kubectl itself is the background job (so that watch_pid is its own pid); its lines are stamped
# by a loop that ends when kubectl does.
stamp() { while read -r ns phase; do echo "$(date +%s.%N) $ns $phase"; done; }
start_watch() {
  "$kubectl" --cache-dir "$work/kube-cache" -v=6 get bundleinstalls -A --watch --output-watch-events=false \
    -o 'custom-columns=NS:.metadata.namespace,PHASE:.status.phase' --no-headers 2>>"$work/client.log" \
    > >(stamp >>"$work/phases.log") &
  watch_pid=$!
}
: >"$work/phases.log"
start_watch
if [[ "${STANDIN:-1}" == 1 ]]; then
  kubelet_stand_in &
  stand_in_pid=$!
fi
applied_from="$(now)"
server_cpu_from="$(server_cpu)"
kv apply --server-side -f "$work/fleet.yaml" >"$work/apply.log" \
  || { grep -v round_trippers "$work/client.log" | tail -5 >&2; echo "kubectl apply of the fleet failed" >&2; exit 1; }
applied_to="$(now)"
echo "applied in $(seconds_since "$applied_from" "$applied_to") s; waiting for $n Complete (at most $timeout s)"
# phase_counts: "Complete 12 Installing 2 … | TIME" from the newest line of each namespace, TIME
# being when the last of N turned Complete, or - while not all are.
phase_counts() {
  python3 - "$work/phases.log" "$n" <<'PY'
import collections, sys
phase, complete_at = {}, None
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) < 2: continue
    at, ns, ph = parts[0], parts[1], (parts[2] if len(parts) > 2 and parts[2] != "<none>" else "(none)")
    phase[ns] = ph
    if complete_at is None and sum(1 for p in phase.values() if p == "Complete") >= int(sys.argv[2]):
        complete_at = at
counts = collections.Counter(phase.values())
print(" ".join("%s %d" % kv for kv in sorted(counts.items())), "|", complete_at or "-")
PY
}
last_print="$applied_from" done_at=""
while :; do
  read -r counts <<<"$(phase_counts)"
  done_at="${counts##*| }"
  [[ "$done_at" == - ]] || break
  done_at=""
  kill -0 "$time_pid" 2>/dev/null || { echo "the controller stopped" >&2; tail -20 "$work/controller.log" >&2; exit 1; }
  if ! kill -0 "$watch_pid" 2>/dev/null; then
    # A dropped watch is made again; its first list brings every phase up to date.
    start_watch
  fi
  if (( $(date +%s) - ${last_print%.*} >= 10 )); then
    echo "  $(seconds_since "$applied_from") s: ${counts%% |*}"
    last_print="$(now)"
  fi
  (( $(date +%s) - ${applied_from%.*} <= timeout )) || break
  sleep 1
done
counters >"$work/after.counts"
server_cpu_to="$(server_cpu)"
mv "$work/client.log" "$work/client-run.log"
quiet_from="$(registry_lines)"
registry_requests_between "$registry_before" "$quiet_from" >"$work/registry-run.log"
kill "$watch_pid" 2>/dev/null || true
watch_pid=""
if [[ -z "$done_at" ]]; then
  echo "NOT all Complete within $timeout s: ${counts%% |*}" >&2
  k get bundleinstalls -A -o jsonpath='{range .items[*]}{.metadata.namespace} {.status.phase}: {.status.message}{"\n"}{end}' \
    | grep -v ' Complete:' | head -20 >&2 || true
  time_to_complete="not reached in $timeout s"
else
  time_to_complete="$(seconds_since "$applied_from" "$done_at") s"
  echo "all $n Complete $time_to_complete after the apply started"
fi
# From each BundleInstall's creation (the watch sees it within a moment) to its Complete: the
# issue's measure, without the time the apply spends on the namespaces and RBAC before them.
since_creation="$(python3 - "$work/phases.log" <<'PY'
import statistics, sys
seen, done = {}, {}
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) < 2: continue
    at, ns = float(parts[0]), parts[1]
    seen.setdefault(ns, at)
    if len(parts) > 2 and parts[2] == "Complete":
        done.setdefault(ns, at)
spans = sorted(done[ns] - seen[ns] for ns in done)
if spans:
    print("%.1f s from the first one's creation to the last Complete; each within %.1f s of its creation "
          "(median %.1f s)" % (max(done.values()) - min(seen.values()), spans[-1], statistics.median(spans)))
else:
    print("none Complete")
PY
)"
echo "BundleInstalls: $since_creation"
server_cpu_used="$(seconds_since "$server_cpu_from" "$server_cpu_to")"
echo "the API server and etcd used $server_cpu_used s of CPU in that time"

# Objects every install shares (the CRDs, the metrics-reader RBAC) carry the package's owner list:
# their size, read once here, is what every later install's dry run and apply of them sends and
# gets back, and must not grow with the fleet but by a few dozen bytes an owner (issue 52).
echo "shared objects after $n installs (bytes as JSON with managedFields, managedFields entries, owner lists):"
for kind in customresourcedefinitions clusterroles clusterrolebindings; do
  k get "$kind" -o json --show-managed-fields 2>/dev/null | python3 -c '
import json, sys
for item in json.load(sys.stdin)["items"]:
    managers = item["metadata"].get("managedFields", [])
    lists = [v for k, v in (item["metadata"].get("annotations") or {}).items() if k.startswith("owners.bundlectl.dev/")]
    owners = sum(len(v.split(" ", 1)[1].split(",")) for v in lists if " " in v)
    if owners > 1:
        print("  %-60s %9d bytes, %4d managedFields entries, %5d owners listed in %d bytes" % (
              item["kind"] + " " + item["metadata"]["name"], len(json.dumps(item)), len(managers), owners,
              sum(len(v) for v in lists)))
' || true
done

# The quiet window: two poll intervals after all are Complete. Nothing moves, so a poll round
# should cost one HEAD of the catalog tag, whatever N, and the API server should hear little.
quiet=$((2 * poll_seconds))
echo "watching the registry and the API server for $quiet s (two poll intervals) of quiet"
sleep "$quiet"
counters >"$work/quiet.counts"
mv "$work/client.log" "$work/client-quiet.log" 2>/dev/null || : >"$work/client-quiet.log"
registry_requests_between "$quiet_from" >"$work/registry-quiet.log"
[[ -z "${stand_in_pid:-}" ]] || kill "$stand_in_pid" 2>/dev/null || true
stand_in_pid=""

# What the controller logged and recorded, for a run that misbehaves.
events_by_reason() {
  k get events -A --field-selector involvedObject.kind=BundleInstall -o jsonpath='{range .items[*]}{.reason} {.count}{"\n"}{end}' \
    | awk '{ sum[$1] += ($2 == "" ? 1 : $2) } END { for (r in sum) printf "%s %d, ", r, sum[r] }' | sed 's/, $//'
}
# warning_events: each distinct Warning event message (namespaces made alike), with its count.
warning_events() {
  k get events -A --field-selector involvedObject.kind=BundleInstall,type=Warning \
    -o jsonpath='{range .items[*]}{.count} {.reason}: {.message}{"\n"}{end}' \
    | sed -E 's/fleet-[0-9]{4}/fleet-NNNN/g' | awk '{ c = $1; $1 = ""; sum[substr($0, 2)] += (c == "" ? 1 : c) }
        END { for (m in sum) printf "    %4d %s\n", sum[m], m }' | sort -rn | cut -c1-400 | head -10
}
events="$(events_by_reason)"
warnings="$(warning_events)"
installed="$(k get bundleinstalls -A -o jsonpath='{range .items[*]}{.status.installedVersion}{"\n"}{end}' \
  | sort | uniq -c | awk '{ printf "%s: %d, ", ($2 == "" ? "none" : $2), $1 }' | sed 's/, $//')"
stop_controller
peak_rss_kb="$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$work/controller.time")"
controller_cpu="$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.1f", s }' "$work/controller.time")"

python3 "$work/requests.py" "$work/before.counts" "$work/after.counts" "$work/client-run.log" "$n" >"$work/requests-run.txt"
python3 "$work/requests.py" "$work/after.counts" "$work/quiet.counts" "$work/client-quiet.log" "$n" >"$work/requests-quiet.txt"
read -r _ server_total client_total per_install < <(grep '^SUMMARY' "$work/requests-run.txt")
read -r _ _ _ per_install_quiet < <(grep '^SUMMARY' "$work/requests-quiet.txt")
controller_total="$(python3 -c "print(round(float('$per_install') * $n))")"
controller_quiet="$(python3 -c "print(round(float('$per_install_quiet') * $n))")"

registry_table() {
  awk '{ match($0, /"[A-Z]+ \/v2\/[^ ]*/); r = substr($0, RSTART + 1, RLENGTH - 1); split(r, p, " ")
         path = p[2]; sub(/\/blobs\/sha256:.*/, "/blobs/…", path); sub(/\/manifests\/sha256:.*/, "/manifests/@digest", path)
         c[p[1] " " path]++ } END { for (k in c) printf "    %4d %s\n", c[k], k }' "$1" | sort -k1,1nr
}
catalog_head() { grep -c "\"HEAD /v2/$catalog_repo/manifests/latest " "$1" || true; }
catalog_heads_run="$(catalog_head "$work/registry-run.log")"
catalog_heads_quiet="$(catalog_head "$work/registry-quiet.log")"
other_quiet="$(($(wc -l <"$work/registry-quiet.log") - catalog_heads_quiet))"

echo
echo "Registry requests from the apply to all Complete ($(wc -l <"$work/registry-run.log")):"
registry_table "$work/registry-run.log"
echo "Registry requests in the $quiet s of quiet after ($(wc -l <"$work/registry-quiet.log")):"
registry_table "$work/registry-quiet.log"
echo "The controller's requests to the API server from the apply to all Complete, top 10 by verb and resource (count, per install):"
top_requests "$work/requests-run.txt"
echo "The controller's requests in the $quiet s of quiet ($controller_quiet), top 10:"
top_requests "$work/requests-quiet.txt"
echo "Installed versions: $installed"
echo "Events on the BundleInstalls: ${events:-none}"
[[ -z "$warnings" ]] || { echo "Warning events, by message:"; echo "$warnings"; }
log_warnings="$(grep -cE '^(WARNING|SEVERE)' "$work/controller.log" || true)"
echo "Controller log: $(wc -l <"$work/controller.log") lines, $log_warnings WARNING or SEVERE"
grep -E '^(WARNING|SEVERE)' "$work/controller.log" | sed -E 's/fleet-[0-9]{4}/fleet-NNNN/g' | cut -c1-240 \
  | sort | uniq -c | sort -rn | head -5 | sed 's/^/    /' || true

echo
echo "Controller fleet, N=$n, --catalog-poll $poll, csvMode render (PLAIN server, no olm-operator;" \
  "operator Deployments marked rolled out by the stand-in: ${STANDIN:-1}), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| N | time to all Complete | requests per install | peak RSS | catalog polls |\n|---|---|---|---|---|\n'
printf '| %d | %s (the apply took %s s; %s; API server and etcd CPU %s s) | %s (%s requests; the server counted %s, kubectl sent %s) | %s MB (CPU %s s) | %s HEAD of %s in %s s of quiet, %s other registry requests; %s during the run |\n' \
  "$n" "$time_to_complete" "$(seconds_since "$applied_from" "$applied_to")" "$since_creation" "$server_cpu_used" \
  "$per_install" "$controller_total" \
  "$(printf '%.0f' "$server_total")" "$client_total" "$((peak_rss_kb / 1024))" "$controller_cpu" \
  "$catalog_heads_quiet" "$catalog_repo:latest" "$quiet" "$other_quiet" "$catalog_heads_run"
[[ -n "$done_at" ]]
