# Sourced by the bench scripts that count a command's requests on a real server: the server's own
# apiserver_request_total per verb and resource (dry runs apart), the API server's own requests left
# out. Needs $kubectl and $work.

# counters: every verb and resource's count now, one "VERB resource<TAB>count" line each.
counters() {
  "$kubectl" get --raw /metrics | awk '/^apiserver_request_total\{/ {
      line = $0; value = $NF; key = ""
      if (match(line, /verb="[A-Z]+"/)) key = substr(line, RSTART + 6, RLENGTH - 7)
      if (match(line, /resource="[a-z]*"/)) key = key " " substr(line, RSTART + 10, RLENGTH - 11)
      if (match(line, /dry_run="All"/)) key = key " (dry run)"
      if (line ~ /system_client="kube-apiserver"/) next
      sum[key] += value }
    END { for (k in sum) print k "\t" sum[k] }' | sort
}

# requests COMMAND...: the requests one run of COMMAND sends, per verb and resource, then in all.
requests() {
  counters >"$work/before.counts"
  "$@" >"$work/requests.log" 2>&1 || { cat "$work/requests.log" >&2; return 1; }
  counters >"$work/after.counts"
  join -t $'\t' -a 2 -e 0 -o 0,1.2,2.2 "$work/before.counts" "$work/after.counts" \
    | awk -F'\t' '$3 - $2 > 0 { printf "    %d %s\n", $3 - $2, $1; total += $3 - $2 } END { printf "    %d in all\n", total }'
}
