# Shared by the scripts that need the real kube-apiserver from ../shared/kube-api-test (1.34.9, or the
# release KUBE_VERSION names, such as 1.26.4)
# (sourced, not run): bench/install-vs-kubectl.sh, bench/controller-fleet.sh and .ci/release-smoke. The server is
# dev.bundlectl.bench.install.RealServerLauncher from bench/target/benchmarks.jar, with OLM's CRDs;
# it runs until its standard input closes.

# start_real_server DIR REPO [FLAVOUR]: starts the server with its files under DIR (DIR/kubeconfig
# once it is up, DIR/server.log) and waits up to 300 s for it. FLAVOUR is RealServerLauncher's:
# olm (the default: OLM's CRDs served), plain or openshift. Sets real_server_pid. Returns 1, with
# the log on stderr, when the server stops or does not come up in time.
start_real_server() {
  local dir="$1" repo="$2" flavour="${3:-olm}" waited
  mkfifo "$dir/server-stdin"
  (cd "$dir" && exec java -Dbundlectl.repoRoot="$repo" -Dbundlectl.kubeVersion="${KUBE_VERSION:-}" -cp "$repo/bench/target/benchmarks.jar" \
    dev.bundlectl.bench.install.RealServerLauncher "$dir/kubeconfig" "$flavour" <"$dir/server-stdin" >"$dir/server.log" 2>&1) &
  real_server_pid=$!
  exec {real_server_stdin}>"$dir/server-stdin"
  for ((waited = 0; waited < 300; waited++)); do
    [[ -f "$dir/kubeconfig" ]] && return 0
    kill -0 "$real_server_pid" 2>/dev/null || { cat "$dir/server.log" >&2; return 1; }
    sleep 1
  done
  echo "the real API server did not come up in 300 s" >&2
  return 1
}

# stop_real_server: closes the server's standard input and waits for it to end; nothing when
# start_real_server was not called.
stop_real_server() {
  [[ -n "${real_server_pid:-}" ]] || return 0
  exec {real_server_stdin}>&-
  wait "$real_server_pid" 2>/dev/null || true
  real_server_pid=""
}
