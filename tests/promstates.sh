#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# promstates.sh STATES - write promtool unit tests (prometheus/
# fragstat.states.test.yml) that replay the real states captured in
# STATES (tests/fixtures/states, made by make live-capture-states) through
# fragstat.rules.yml: each state's 'fragstat --sysroot --format=prometheus'
# held for an hour as one instance, and one instance that is fragmented for
# half an hour and then compacted. FragstatHugePagesFragmented must fire
# within its 'for' on the states named in FIRES below and never on the
# others; the expected annotations carry each state's own numbers.
# tests/promrules.sh regenerates the file and fails when it differs.
set -u
: "${FRAGSTAT:?}"
states=${1:?usage: promstates.sh STATES}
FIRES="proactive-off proactive-on compacted movable-fragmented released"
QUIET="healthy movable-compacted"
# The sequence: fragmented (movable pages) for 30 minutes, then compacted
# by 'fragstat --compact' with the memory still held: the alert resolves.
SEQ_FROM=movable-fragmented
SEQ_TO=movable-compacted
# The families the fragmentation rules read.
FAMILIES='fragstat_(page_size_bytes|pageblock_order|free_pages|available_blocks|after_compaction_blocks|kcompactd_score|kcompactd_score_high|fragmentation_judgement)'

# samples STATE: the state's samples of FAMILIES, one per line.
samples() {
	"$FRAGSTAT" -q --sysroot "$states/$1" --format=prometheus |
	    grep -E "^${FAMILIES}[{ ]"
}

# series INSTANCE STATE [THEN]: input series of STATE for INSTANCE held 60
# minutes, or 30 minutes of STATE then 30 of THEN.
series() {
	samples "$2" >"$tmp/a"
	if [ $# -gt 2 ]; then samples "$3" >"$tmp/b"; else cp "$tmp/a" "$tmp/b"; fi
	awk -v inst="$1" -v half="$#" '
		function key(line) { sub(/ [^ ]*$/, "", line); return line }
		function val(line) { sub(/.* /, "", line); return line }
		NR == FNR { then[key($0)] = val($0); next }
		{
			k = key($0)
			if (!(k in then)) next
			lbl = "instance=\"" inst ":9100\",job=\"node\""
			if (k ~ /{/) { sub(/{/, "{" lbl ",", k) } else { k = k "{" lbl "}" }
			if (half > 2)
				printf "      - series: '\''%s'\''\n        values: '\''%sx29 %sx30'\''\n", k, val($0), then[key($0)]
			else
				printf "      - series: '\''%s'\''\n        values: '\''%sx60'\''\n", k, val($0)
		}' "$tmp/b" "$tmp/a"
}

# alerts INSTANCE STATE: the alert expected of INSTANCE, with STATE's
# numbers, per node.
alerts() {
	samples "$2" | awk -v inst="$1:9100" '
		function lbl(line, name,   v) {
			v = line
			if (!match(v, name "=\"[^\"]*\"")) return ""
			v = substr(v, RSTART + length(name) + 2, RLENGTH - length(name) - 3)
			return v
		}
		/^fragstat_pageblock_order / { po = $2 }
		/^fragstat_available_blocks\{/ { now[lbl($0, "node"), lbl($0, "order")] += $2; nodes[lbl($0, "node")] = 1 }
		/^fragstat_after_compaction_blocks\{/ { after[lbl($0, "node"), lbl($0, "order")] += $2 }
		/^fragstat_kcompactd_score\{/ { score[lbl($0, "node")] = $2 }
		/^fragstat_kcompactd_score_high\{/ { high[lbl($0, "node")] = $2 }
		END {
			for (n in nodes) {
				printf "          - exp_labels:\n"
				printf "              severity: warning\n"
				printf "              instance: %s\n              job: node\n", inst
				printf "              node: \"%s\"\n              order: \"%s\"\n", n, po
				printf "            exp_annotations:\n"
				printf "              summary: \"%s node %s: free memory is fragmented below the huge page size\"\n", inst, n
				d = sprintf("On NUMA node %s of %s, %d huge pages (order %s) can be allocated now, of at most %d after compaction", n, inst, now[n, po], po, after[n, po])
				if (n in score)
					d = d sprintf(", and the kernel'\''s fragmentation score is %d of 100", score[n])
				d = d sprintf(": most free memory is in blocks too small for a huge page. Compact the node now, as root: echo 1 > /sys/devices/system/node/node%s/compact ('\''fragstat --compact'\'' compacts the nodes it judges fragmented).", n)
				if (n in high && high[n] >= 100)
					d = d " Proactive compaction is off (vm.compaction_proactiveness is 0): set it to 20, the default, or more so that kcompactd compacts ahead of demand."
				else if (n in high)
					d = d sprintf(" kcompactd compacts on its own above a score of %d: a higher vm.compaction_proactiveness makes it start sooner.", high[n])
				d = d " If compaction does not bring the count up, '\''fragstat --map'\'' as root shows the pageblocks that unmovable pages pin."
				printf "              description: \"%s\"\n", d
			}
		}'
}

# counts INSTANCE STATE: the recorded per-node counts and score of STATE.
counts() {
	samples "$2" | awk -v inst="$1:9100" '
		/^fragstat_pageblock_order / { po = $2 }
		{ match($0, /node="[^"]*"/); n = substr($0, RSTART + 6, RLENGTH - 7) }
		/^fragstat_available_blocks\{/ && $0 ~ "order=\"" po "\"" { now[n] += $2 }
		/^fragstat_after_compaction_blocks\{/ && $0 ~ "order=\"" po "\"" { after[n] += $2 }
		/^fragstat_kcompactd_score\{/ { score[n] = $2 }
		END {
			for (n in now) {
				l = sprintf("{instance=\"%s\",job=\"node\",node=\"%s\",order=\"%s\"}", inst, n, po)
				printf "          - labels: '\''node:fragstat_available_huge_blocks:sum%s'\''\n            value: %d\n", l, now[n]
				printf "          - labels: '\''node:fragstat_after_compaction_huge_blocks:sum%s'\''\n            value: %d\n", l, after[n]
				if (n in score)
					printf "          - labels: '\''node:fragstat_huge_fragmentation_score%s'\''\n            value: %d\n", l, score[n]
			}
		}'
}

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for s in $FIRES $QUIET; do
	[ -d "$states/$s" ] || { echo "promstates.sh: no state $states/$s" >&2; exit 1; }
done

cat <<EOF
# Generated by tests/promstates.sh from tests/fixtures/states: do not edit
# (tests/promrules.sh fails when it differs from what the script writes).
# Real states of one machine (see tests/fixtures/states/README.md), each
# held for an hour: FragstatHugePagesFragmented fires within its 'for' on
# $FIRES
# and never on $QUIET. The instance
# sequence is $SEQ_FROM for 30 minutes, then $SEQ_TO: it fires, then
# resolves.
rule_files:
  - fragstat.rules.yml

evaluation_interval: 1m

tests:
  - interval: 1m
    input_series:
EOF
for s in $FIRES $QUIET; do
	series "$s" "$s"
done
series sequence "$SEQ_FROM" "$SEQ_TO"
echo
echo "    promql_expr_test:"
for s in $FIRES $QUIET; do
	echo "      - expr: '{__name__=~\"node:fragstat_(available_huge_blocks:sum|after_compaction_huge_blocks:sum|huge_fragmentation_score)\",instance=\"$s:9100\"}'"
	echo "        eval_time: 10m"
	echo "        exp_samples:"
	counts "$s" "$s"
done
echo
echo "    alert_rule_test:"
echo "      # Pending for 9 minutes; firing 2 evaluations after its 'for'."
echo "      - eval_time: 9m"
echo "        alertname: FragstatHugePagesFragmented"
echo "        exp_alerts: []"
for t in 12m 29m 32m 60m; do
	[ "$t" != 32m ] ||
		echo "      # Compacted at 30 minutes: sequence resolves; the others hold."
	echo "      - eval_time: $t"
	echo "        alertname: FragstatHugePagesFragmented"
	echo "        exp_alerts:"
	for s in $FIRES; do alerts "$s" "$s"; done
	case $t in 12m|29m) alerts sequence "$SEQ_FROM" ;; esac
done
