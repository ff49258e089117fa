# Shared by the bench/*.sh scripts (sourced, not run): time a command as a fresh process with
# /usr/bin/time -v and take medians and quartiles. Each sample is one line
# "WALL_S CPU_S RSS_MB LOAD1", LOAD1 being the one-minute load average when the run started.

# timed SAMPLES_FILE CMD...: runs CMD (stdout and stderr to SAMPLES_FILE.log) and appends its
# wall-clock seconds, CPU seconds (user + system), peak RSS in MB and the one-minute load average
# when it started to SAMPLES_FILE. Returns CMD's exit code.
timed() {
  local samples="$1"; shift
  local report status=0 load start end
  report="$(mktemp)"
  read -r load _ </proc/loadavg
  # The wall time from bash's clock (microseconds; GNU time's has 10 ms steps, a fifth of the
  # difference issue 38 measures), the rest from GNU time.
  start="$EPOCHREALTIME"
  /usr/bin/time -v -o "$report" "$@" >>"$samples.log" 2>&1 || status=$?
  end="$EPOCHREALTIME"
  awk -F': ' -v load="$load" -v start="$start" -v end="$end" '
    BEGIN { wall = end - start }
    /User time \(seconds\)/ { user = $2 }
    /System time \(seconds\)/ { sys = $2 }
    /Maximum resident set size/ { rss = $2 / 1024 }
    END { printf "%.3f %.3f %.0f %s\n", wall, user + sys, rss, load }' "$report" >>"$samples"
  rm -f "$report"
  return "$status"
}

# interleaved PAIRS SAMPLES_A COMMAND_A SAMPLES_B COMMAND_B: PAIRS pairs of fresh runs, A then B in
# the odd pairs and B then A in the even ones, so that both see the same machine (its other work
# moves single runs by tens of percent here). COMMAND_A and COMMAND_B name arrays holding the
# commands. A command that fails stops the script, with its output.
interleaved() {
  local pairs="$1" samples_a="$2" samples_b="$4" i
  local -n command_a="$3" command_b="$5"
  for ((i = 1; i <= pairs; i++)); do
    if ((i % 2)); then
      timed "$samples_a" "${command_a[@]}" || { cat "$samples_a.log" >&2; return 1; }
      timed "$samples_b" "${command_b[@]}" || { cat "$samples_b.log" >&2; return 1; }
    else
      timed "$samples_b" "${command_b[@]}" || { cat "$samples_b.log" >&2; return 1; }
      timed "$samples_a" "${command_a[@]}" || { cat "$samples_a.log" >&2; return 1; }
    fi
  done
}

# median_of SAMPLES_FILE COLUMN: the median of one column (1 wall, 2 CPU, 3 RSS, 4 load).
median_of() {
  awk -v c="$2" '{ print $c }' "$1" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# quartiles_of SAMPLES_FILE COLUMN: "Q1 / MEDIAN / Q3" of one column; the quartiles are the values
# of rank (N+3)/4 and (3N+1)/4 (the 3rd and 9th of 11), the median as median_of takes it.
quartiles_of() {
  local median
  median="$(median_of "$1" "$2")"
  awk -v c="$2" '{ print $c }' "$1" | sort -g | awk -v m="$median" '{ v[NR] = $1 }
    END { printf "%.3f / %.3f / %.3f\n", v[int((NR + 3) / 4)], m, v[int((3 * NR + 1) / 4)] }'
}

# differences SAMPLES_A SAMPLES_B OUT: the per-pair differences B - A of every column but the load
# (line i of A with line i of B), and the load at A's start, as a samples file.
differences() {
  paste "$1" "$2" | awk '{ printf "%.3f %.3f %.0f %s\n", $5 - $1, $6 - $2, $7 - $3, $4 }' >"$3"
}

# per_pair SAMPLES_THIS SAMPLES_OTHER: "per-pair difference, this build minus the other (Q1 / median
# / Q3): wall … s, CPU … s (N pairs; load average …)", line i of one with line i of the other, for
# the *-against-build.sh scripts.
per_pair() {
  local wall cpu
  wall="$(mktemp)"
  cpu="$(mktemp)"
  paste "$1" "$2" | awk '{ print $1 - $5 }' >"$wall"
  paste "$1" "$2" | awk '{ print $2 - $6 }' >"$cpu"
  echo "per-pair difference, this build minus the other (Q1 / median / Q3): wall $(quartiles_of "$wall" 1) s," \
    "CPU $(quartiles_of "$cpu" 1) s ($(wc -l <"$1" | tr -d ' ') pairs; load average $(loads "$1"))"
  rm -f "$wall" "$cpu"
}

# loads SAMPLES_FILE: "A-B (median C)": the range and median of the one-minute load average at
# the starts of the runs.
loads() {
  printf '%s-%s (median %s)' "$(awk '{ print $4 }' "$1" | sort -g | head -1)" "$(awk '{ print $4 }' "$1" | sort -g | tail -1)" \
    "$(median_of "$1" 4)"
}

# summary LABEL SAMPLES_FILE: "LABEL: wall Q1 / MEDIAN / Q3 s, CPU X s, peak RSS Y MB (N runs;
# load average at their starts: A-B (median C))".
summary() {
  printf '%s: wall %s s, CPU %s s, peak RSS %s MB (%s runs; load average at their starts: %s)\n' "$1" \
    "$(quartiles_of "$2" 1)" "$(median_of "$2" 2)" "$(median_of "$2" 3)" "$(wc -l <"$2" | tr -d ' ')" "$(loads "$2")"
}

# machine: one line on where the figures come from, since other work on the machine moves them.
machine() {
  printf '%s; %s cores; load average %s; %s\n' "$(date -u +%FT%TZ)" "$(nproc)" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" "$(java -version 2>&1 | head -1)"
}

# user_kubeconfig DIR: the kubeconfig the benchmarks run with, as users run bundlectl with one:
# KUBECONFIG when it is set, else ~/.kube/config when there is one, else a file written in DIR as
# kubectl writes one (a client certificate and key, a server that is never contacted, a context
# namespace). Prints its path.
user_kubeconfig() {
  if [[ -n "${KUBECONFIG:-}" ]]; then
    echo "$KUBECONFIG"
  elif [[ -f "$HOME/.kube/config" ]]; then
    echo "$HOME/.kube/config"
  else
    openssl req -x509 -newkey rsa:2048 -nodes -keyout "$1/ca.key" -out "$1/ca.crt" -days 2 \
      -subj /CN=kubernetes >/dev/null 2>&1
    openssl req -x509 -newkey rsa:2048 -nodes -keyout "$1/admin.key" -out "$1/admin.crt" -days 2 \
      -subj "/O=system:masters/CN=kubernetes-admin" >/dev/null 2>&1
    cat >"$1/kubeconfig" <<EOF
apiVersion: v1
kind: Config
clusters:
- cluster:
    certificate-authority-data: $(base64 -w0 "$1/ca.crt")
    server: https://10.255.255.1:6443
  name: bench
contexts:
- context:
    cluster: bench
    namespace: bench
    user: bench-admin
  name: bench
current-context: bench
preferences: {}
users:
- name: bench-admin
  user:
    client-certificate-data: $(base64 -w0 "$1/admin.crt")
    client-key-data: $(base64 -w0 "$1/admin.key")
EOF
    echo "$1/kubeconfig"
  fi
}
