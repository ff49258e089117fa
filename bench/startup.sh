#!/usr/bin/env bash
# Start-up of a fresh bundlectl process (issues 12 and 38), as users run it: with a kubeconfig
# present. `plan` of the sample bundle from the clone and from the unpacked release archive (when
# dist/ has one), each in PAIRS interleaved pairs of runs without a kubeconfig and with KUBECONFIG
# set; then, with KUBECONFIG set, the same without the class-data archive, `version`, and
# `kubectl version --client` (what a Go CLI costs to start); then the classes each command loads
# (-Xlog:class+load). Wall time as quartiles (Q1 / median / Q3), CPU (user + system) and peak RSS
# as medians, the one-minute load average at the runs' starts beside each figure. Figures and how
# to read them: bench/README.md.
#
#   bench/startup.sh [PAIRS]      (default 11; build first: ./mvnw -B package [-Prelease] -DskipTests)
#
# RELEASE=DIR measures the release unpacked at DIR instead of the one in dist/.
#
# The kubeconfig is KUBECONFIG when set, else ~/.kube/config, else one written as kubectl writes
# them, whose server is never contacted (bench/timing.sh, user_kubeconfig). "Without a kubeconfig"
# runs with KUBECONFIG unset and HOME an empty directory. Needs bash, GNU time (Debian package
# `time`) and openssl.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/timing.sh
pairs="${1:-11}"
sample=samples/bundles/cachebox-operator
kubectl_binary="${KUBECTL:-../shared/kube-api-test/k8s/${KUBE_VERSION:-1.34.9}-linux-amd64/kubectl}"
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2; exit 1; }
[ -f cli/target/bundlectl.jar ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/empty-home"
kubeconfig="$(user_kubeconfig "$work")"
without=(env -u KUBECONFIG HOME="$work/empty-home")
with=(env KUBECONFIG="$kubeconfig")
launchers=("clone|bin/bundlectl")
release=(dist/bundlectl-*-linux-amd64.tar.gz)
if [ -n "${RELEASE:-}" ]; then
  launchers+=("release|$RELEASE/bin/bundlectl")
elif [ -f "${release[0]}" ]; then
  tar -xzf "${release[0]}" -C "$work"
  unpacked=("$work"/bundlectl-*-linux-amd64)
  launchers+=("release|${unpacked[0]}/bin/bundlectl")
fi

machine
echo "kubeconfig: $kubeconfig"
echo
echo "plan $sample, $pairs interleaved pairs (wall Q1 / median / Q3; CPU and RSS medians):"
echo
echo "| build | without a kubeconfig | with KUBECONFIG set | per-pair difference | CPU without / with | CPU per-pair difference | RSS without / with | load average |"
echo "|---|---|---|---|---|---|---|---|"
for entry in "${launchers[@]}"; do
  label="${entry%%|*}" launcher="${entry#*|}"
  run_without=("${without[@]}" "$launcher" plan "$sample")
  run_with=("${with[@]}" "$launcher" plan "$sample")
  interleaved "$pairs" "$work/$label-without" run_without "$work/$label-with" run_with
  differences "$work/$label-without" "$work/$label-with" "$work/$label-difference"
  echo "| $label | $(quartiles_of "$work/$label-without" 1) s | $(quartiles_of "$work/$label-with" 1) s" \
    "| $(quartiles_of "$work/$label-difference" 1) s | $(median_of "$work/$label-without" 2) / $(median_of "$work/$label-with" 2) s" \
    "| $(quartiles_of "$work/$label-difference" 2) s" \
    "| $(median_of "$work/$label-without" 3) / $(median_of "$work/$label-with" 3) MB | $(loads "$work/$label-without") |"
done

echo
echo "with KUBECONFIG set, $pairs runs each:"
measure() {
  local label="$1" i; shift
  for ((i = 0; i < pairs; i++)); do
    timed "$work/measure-$label" "$@" || { echo "$label: failed: $*"; return; }
  done
  summary "$label" "$work/measure-$label"
}
for entry in "${launchers[@]}"; do
  label="${entry%%|*}" launcher="${entry#*|}"
  measure "$label: plan, no class-data archive" "${with[@]}" BUNDLECTL_CLASS_DATA=off "$launcher" plan "$sample"
  measure "$label: version" "${with[@]}" "$launcher" version
done
if [ -x "$kubectl_binary" ]; then
  measure "kubectl version --client" "${with[@]}" "$kubectl_binary" version --client
fi

echo
echo "| classes loaded, with KUBECONFIG set, by | total | from the archive | fabric8 | Vert.x | Netty | TLS | Jackson |"
echo "|---|---|---|---|---|---|---|---|"
count() {
  local label="$1"; shift
  "${with[@]}" BUNDLECTL_JAVA_OPTS="-Xlog:class+load=info:file=$work/classes.log" "$@" >/dev/null 2>&1 || true
  printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$(wc -l < "$work/classes.log")" \
    "$(grep -c 'shared objects file' "$work/classes.log" || true)" \
    "$(grep -c '\] io\.fabric8\.' "$work/classes.log" || true)" "$(grep -c '\] io\.vertx\.' "$work/classes.log" || true)" \
    "$(grep -c '\] io\.netty\.' "$work/classes.log" || true)" \
    "$(grep -c '\] \(javax\.net\.ssl\|sun\.security\.ssl\)\.' "$work/classes.log" || true)" \
    "$(grep -c '\] com\.fasterxml\.' "$work/classes.log" || true)"
}
for entry in "${launchers[@]}"; do
  label="${entry%%|*}" launcher="${entry#*|}"
  count "$label: plan (archive)" "$launcher" plan "$sample"
  count "$label: plan (no archive)" env BUNDLECTL_CLASS_DATA=off "$launcher" plan "$sample"
  count "$label: version" "$launcher" version
  count "$label: completion bash" "$launcher" completion bash
done
