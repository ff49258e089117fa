#!/usr/bin/env bash
# Start-up of a fresh bundlectl process (issue 12): `plan` of the sample bundle with and without
# the class-data archive, from the clone and from the unpacked release archive when dist/ has one,
# against `kubectl version --client` (what a Go CLI costs to start). Medians of RUNS runs after two
# warm-ups, of wall time, CPU time (user + system) and peak RSS, from /usr/bin/time (GNU time); then
# class-load counts from -Xlog:class+load. Figures and how to read them: bench/README.md.
#
#   bench/startup.sh [RUNS]        (default 15; build first: ./mvnw -B package [-Prelease] -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-15}"
sample=samples/bundles/cachebox-operator
kubectl_binary="${KUBECTL:-../shared/kube-api-test/k8s/1.26.4-linux-amd64/kubectl}"
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2; exit 1; }
[ -f cli/target/bundlectl.jar ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# measure LABEL COMMAND...: RUNS timed runs after two warm-ups; prints one table row.
measure() {
  local label="$1"; shift
  "$@" >/dev/null 2>&1 || { echo "| $label | failed: $* |"; return; }
  "$@" >/dev/null 2>&1
  : > "$work/times"
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -a -o "$work/times" -f "%e %U %S %M" "$@" >/dev/null 2>&1
  done
  python3 - "$label" "$work/times" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[2]) if line.strip()]
wall = statistics.median(float(r[0]) for r in rows)
cpu = statistics.median(float(r[1]) + float(r[2]) for r in rows)
rss = statistics.median(int(r[3]) for r in rows) / 1024
print(f"| {sys.argv[1]} | {wall:.2f} s | {cpu:.2f} s | {rss:.0f} MB |")
PY
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
echo
echo "| command ($runs runs, medians) | wall | CPU | peak RSS |"
echo "|---|---|---|---|"
measure "bin/bundlectl plan (clone, class-data archive)" bin/bundlectl plan "$sample"
measure "bin/bundlectl plan (clone, no archive)" env BUNDLECTL_CLASS_DATA=off bin/bundlectl plan "$sample"
release=(dist/bundlectl-*-linux-amd64.tar.gz)
if [ -f "${release[0]}" ]; then
  tar -xzf "${release[0]}" -C "$work"
  unpacked=("$work"/bundlectl-*-linux-amd64)
  measure "release archive: bundlectl plan (class-data archive)" "${unpacked[0]}/bin/bundlectl" plan "$sample"
  measure "release archive: bundlectl plan (no archive)" env BUNDLECTL_CLASS_DATA=off "${unpacked[0]}/bin/bundlectl" plan "$sample"
  measure "release archive: bundlectl version" "${unpacked[0]}/bin/bundlectl" version
fi
if [ -x "$kubectl_binary" ]; then
  measure "kubectl version --client" "$kubectl_binary" version --client
fi

echo
echo "| classes loaded by | total | from the archive | fabric8 | Vert.x | Netty | Jackson |"
echo "|---|---|---|---|---|---|---|"
count() {
  local label="$1"; shift
  BUNDLECTL_JAVA_OPTS="-Xlog:class+load=info:file=$work/classes.log" "$@" >/dev/null 2>&1 || true
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$(wc -l < "$work/classes.log")" \
    "$(grep -c 'shared objects file' "$work/classes.log" || true)" \
    "$(grep -c '\] io\.fabric8\.' "$work/classes.log" || true)" "$(grep -c '\] io\.vertx\.' "$work/classes.log" || true)" \
    "$(grep -c '\] io\.netty\.' "$work/classes.log" || true)" "$(grep -c '\] com\.fasterxml\.' "$work/classes.log" || true)"
}
count "plan (archive)" bin/bundlectl plan "$sample"
count "plan (no archive)" env BUNDLECTL_CLASS_DATA=off bin/bundlectl plan "$sample"
count "version" bin/bundlectl version
count "completion bash" bin/bundlectl completion bash
