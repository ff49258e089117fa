# Shared by the bench/*.sh scripts (sourced, not run): time a command as a fresh process with
# /usr/bin/time -v and take medians. Each sample is one line "WALL_S CPU_S RSS_MB".

# timed SAMPLES_FILE CMD...: runs CMD (stdout and stderr to SAMPLES_FILE.log) and appends its
# wall-clock seconds, CPU seconds (user + system), peak RSS in MB and the one-minute load average
# when it started to SAMPLES_FILE. Returns CMD's exit code.
timed() {
  local samples="$1"; shift
  local report status=0 load
  report="$(mktemp)"
  read -r load _ </proc/loadavg
  /usr/bin/time -v -o "$report" "$@" >>"$samples.log" 2>&1 || status=$?
  awk -F': ' -v load="$load" '
    /Elapsed \(wall clock\) time/ { n = split($2, p, ":"); wall = (n == 3) ? p[1] * 3600 + p[2] * 60 + p[3] : p[1] * 60 + p[2] }
    /User time \(seconds\)/ { user = $2 }
    /System time \(seconds\)/ { sys = $2 }
    /Maximum resident set size/ { rss = $2 / 1024 }
    END { printf "%.3f %.3f %.0f %s\n", wall, user + sys, rss, load }' "$report" >>"$samples"
  rm -f "$report"
  return "$status"
}

# median_of SAMPLES_FILE COLUMN: the median of one column (1 wall, 2 CPU, 3 RSS).
median_of() {
  awk -v c="$2" '{ print $c }' "$1" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# summary LABEL SAMPLES_FILE: "LABEL: wall X s, CPU Y s, peak RSS Z MB (median of N; load average
# at the start of each run: A B C)".
summary() {
  printf '%s: wall %s s, CPU %s s, peak RSS %s MB (median of %s; load average at each start: %s)\n' "$1" \
    "$(median_of "$2" 1)" "$(median_of "$2" 2)" "$(median_of "$2" 3)" "$(wc -l <"$2" | tr -d ' ')" \
    "$(awk '{ printf "%s%s", sep, $4; sep = " " }' "$2")"
}

# machine: one line on where the figures come from, since other work on the machine moves them.
machine() {
  printf '%s; %s cores; load average %s; %s\n' "$(date -u +%FT%TZ)" "$(nproc)" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" "$(java -version 2>&1 | head -1)"
}
