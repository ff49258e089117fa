#!/usr/bin/env bash
# Runs bin/bundlectl, as a user would (a fresh JVM each time), on generated hostile inputs and
# prints one table row per case: exit code, wall time, peak RSS and the first line of stderr.
# Every input is made in a temporary directory, which is removed at the end; nothing else is
# written. FIFO cases run under `timeout`, so a regression shows as exit 124, not as a hang.
#
#   ./mvnw -q -B package -DskipTests && bench/hostile-inputs.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bundlectl="$root/bin/bundlectl"
sample="$root/samples/bundles/cachebox-operator"
work="$(mktemp -d)"
writers=()
cleanup() {
  for pid in "${writers[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

copy_sample() {
  local target="$work/$1"
  cp -r "$sample" "$target"
  echo "$target"
}

printf '%-44s %4s %7s %8s  %s\n' "case" "exit" "wall_s" "rss_MB" "first stderr line"
run() {
  local name="$1"; shift
  local err="$work/err" stats="$work/stats" code=0
  /usr/bin/time -f '%e %M' -o "$stats" timeout 20 "$@" >/dev/null 2>"$err" || code=$?
  # time(1) puts "Command exited with non-zero status N" first when the command failed.
  read -r wall rss < <(tail -1 "$stats") || { wall="?"; rss=0; }
  local first
  # The line that says why: an error, else a predicted refusal, else the first warning.
  first="$(grep -m1 -E '^error:' "$err" || grep -m1 'would refuse' "$err" || grep -m1 '^warning:' "$err" || true)"
  printf '%-44s %4s %7s %8s  %s\n' "$name" "$code" "$wall" "$((rss / 1024))" "${first:0:150}"
}

run "valid sample (baseline)" "$bundlectl" plan "$sample"

# Special files given as options.
mkfifo "$work/caps.fifo"
yes "x: y" >"$work/caps.fifo" 2>/dev/null & writers+=($!)
run "capabilities: FIFO with an endless writer" "$bundlectl" plan "$sample" --capabilities-file "$work/caps.fifo"
run "capabilities: /dev/zero" "$bundlectl" plan "$sample" --capabilities-file /dev/zero
truncate -s 8G "$work/huge-caps.yaml"
run "capabilities: 8 GiB sparse file" "$bundlectl" plan "$sample" --capabilities-file "$work/huge-caps.yaml"
mkdir "$work/capsdir"
run "capabilities: a directory" "$bundlectl" plan "$sample" --capabilities-file "$work/capsdir"
mkfifo "$work/plan.fifo"
run "plan file: FIFO" "$bundlectl" install --plan-file "$work/plan.fifo"
mkfifo "$work/surface.fifo"
run "api surface: FIFO" "$bundlectl" plan "$sample" --api-surface "$work/surface.fifo"
mkfifo "$work/kubeconfig.fifo"
run "kubeconfig: FIFO" "$bundlectl" status --kubeconfig "$work/kubeconfig.fifo"

# Special files and links inside a bundle.
b="$(copy_sample fifo-manifest)"; mkfifo "$b/manifests/pipe.yaml"
run "manifest: FIFO" "$bundlectl" plan "$b"
b="$(copy_sample fifo-annotations)"; rm "$b/metadata/annotations.yaml"; mkfifo "$b/metadata/annotations.yaml"
run "annotations.yaml: FIFO" "$bundlectl" plan "$b"
mkdir -p "$work/elsewhere"; printf 'apiVersion: v1\nkind: Secret\nmetadata: {name: stolen}\nstringData: {k: v}\n' >"$work/elsewhere/secret.yaml"
b="$(copy_sample link-out)"; ln -s ../../elsewhere/secret.yaml "$b/manifests/x.yaml"
run "manifest: symlink out of the bundle" "$bundlectl" plan "$b"
b="$(copy_sample dangling)"; ln -s nowhere.yaml "$b/manifests/gone.yaml"
run "manifest: dangling symlink" "$bundlectl" plan "$b"
b="$(copy_sample loop)"; ln -s loop.yaml "$b/manifests/loop.yaml"
run "manifest: symlink loop" "$bundlectl" plan "$b"

# YAML tags.
for tag in '!!python/object/apply:os.system ["id"]' '!!binary aGVsbG8=' '!!set {a, b}' '!local x'; do
  b="$(copy_sample "tag-$RANDOM")"
  printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: tagged}\ndata:\n  v: %s\n' "$tag" >"$b/manifests/tagged.yaml"
  run "tag: ${tag%% *}" "$bundlectl" plan "$b"
done

# Objects the API server would refuse.
object_case() {
  local name="$1" body="$2" b
  b="$(copy_sample "object-$RANDOM")"
  printf '%s\n' "$body" >"$b/manifests/object.yaml"
  run "$name" "$bundlectl" plan "$b"
}
object_case "name: My_Config!" 'apiVersion: v1
kind: ConfigMap
metadata: {name: "My_Config!"}'
object_case "name: ../../etc/passwd" 'apiVersion: v1
kind: ConfigMap
metadata: {name: "../../etc/passwd"}'
object_case "name: 10,000 characters" "apiVersion: v1
kind: ConfigMap
metadata: {name: $(head -c 10000 /dev/zero | tr '\0' a)}"
object_case "name: bidi override" "$(printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: "cfg\u202egnp.exe"}')"
object_case "Secret data: a number" 'apiVersion: v1
kind: Secret
metadata: {name: numbers}
data: {port: 5432}'
# Four 512 KiB values: each line stays under the reader's 1 MiB line cap, the Secret does not
# stay under the API server's 1 MiB.
object_case "Secret: 2 MiB in four values" "apiVersion: v1
kind: Secret
metadata: {name: big}
stringData:
  a: $(head -c 524288 /dev/zero | tr '\0' a)
  b: $(head -c 524288 /dev/zero | tr '\0' b)
  c: $(head -c 524288 /dev/zero | tr '\0' c)
  d: $(head -c 524288 /dev/zero | tr '\0' d)"

b="$(copy_sample csv-spec-string)"
csv="$(ls "$b"/manifests/*clusterserviceversion*)"
python3 - "$csv" <<'PY'
import sys, re
path = sys.argv[1]
text = open(path).read()
# Replace the whole spec with a string: the document's top-level "spec:" key and everything after it.
text = re.sub(r'(?ms)^spec:.*', 'spec: "everything"\n', text)
open(path, 'w').write(text)
PY
run "CSV: spec is a string" "$bundlectl" plan "$b"
