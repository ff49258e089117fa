#!/usr/bin/env bash
# Cold versus cached pulls of the sample bundle image from the real Distribution registry in
# ../shared/registry: wall time of `bundlectl plan IMAGE` (JVM start included) and the blob GETs
# the registry logged for each run. Needs cli/target/bundlectl.jar
# (./mvnw -q -B -pl cli -am package -DskipTests), curl, tar, sha256sum.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
registry_bin=${REGISTRY_BIN:-$root/../shared/registry/docker-registry}
jar=$root/cli/target/bundlectl.jar
runs=${RUNS:-3}
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat > "$work/config.yml" <<YAML
version: 0.1
log: {level: info, accesslog: {disabled: false}}
storage: {filesystem: {rootdirectory: $work/data}}
http: {addr: 127.0.0.1:$port}
YAML
"$registry_bin" serve "$work/config.yml" > "$work/registry.log" 2>&1 &
pid=$!
until curl -fsS "http://127.0.0.1:$port/v2/" > /dev/null 2>&1; do sleep 0.1; done

repo=samples/cachebox-operator-bundle
upload() { # file -> digest
  local digest="sha256:$(sha256sum "$1" | cut -d' ' -f1)"
  local location
  location=$(curl -fsS -X POST -D - -o /dev/null "http://127.0.0.1:$port/v2/$repo/blobs/uploads/" \
    | tr -d '\r' | sed -n 's/^[Ll]ocation: //p')
  case "$location" in http*) ;; *) location="http://127.0.0.1:$port$location" ;; esac
  curl -fsS -X PUT -H 'Content-Type: application/octet-stream' --data-binary "@$1" \
    "$location&digest=$digest" > /dev/null
  echo "$digest"
}
tar -C "$root/samples/bundles/cachebox-operator" -czf "$work/layer.tar.gz" manifests metadata
cat > "$work/config.json" <<'JSON'
{"architecture":"amd64","os":"linux","config":{"Labels":{
 "operators.operatorframework.io.bundle.mediatype.v1":"registry+v1",
 "operators.operatorframework.io.bundle.manifests.v1":"manifests/",
 "operators.operatorframework.io.bundle.metadata.v1":"metadata/"}}}
JSON
layer=$(upload "$work/layer.tar.gz")
config=$(upload "$work/config.json")
cat > "$work/manifest.json" <<JSON
{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json",
 "config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"$config","size":$(stat -c%s "$work/config.json")},
 "layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar+gzip","digest":"$layer","size":$(stat -c%s "$work/layer.tar.gz")}]}
JSON
curl -fsS -X PUT -H 'Content-Type: application/vnd.oci.image.manifest.v1+json' --data-binary "@$work/manifest.json" \
  "http://127.0.0.1:$port/v2/$repo/manifests/v0.3.1" > /dev/null
image=127.0.0.1:$port/$repo:v0.3.1

blob_gets() { grep -c '"GET /v2/[^"]*/blobs/sha256:' "$work/registry.log" || true; }
plan() { # label cache-dir extra-args...
  local label=$1 cache=$2; shift 2
  local source=${SOURCE:-$image}
  local before; before=$(blob_gets)
  local start end
  start=$(date +%s%N)
  java -jar "$jar" plan "$source" -n demo -o yaml --cache-dir "$cache" "$@" > /dev/null
  end=$(date +%s%N)
  sleep 0.3
  printf '| %-22s | %8d | %9d |\n' "$label" $(( (end - start) / 1000000 )) $(( $(blob_gets) - before ))
}
echo "| run                    | wall ms  | blob GETs |"
echo "|------------------------|----------|-----------|"
for i in $(seq "$runs"); do
  plan "cold (empty cache)" "$work/cache-$i"
  plan "cached digest" "$work/cache-$i"
  plan "--refresh" "$work/cache-$i" --refresh
  SOURCE=$root/samples/bundles/cachebox-operator plan "directory (baseline)" "$work/unused"
done
