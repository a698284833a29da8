#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --format=prometheus: every corpus root through promtool, and a stock
# node_exporter serving fragstat's file from its textfile collector.
# Skips (77) without promtool or prometheus-node-exporter (Debian's
# prometheus and prometheus-node-exporter packages).
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
command -v promtool >/dev/null 2>&1 || { echo "SKIP: no promtool"; exit 77; }
tmp=$(mktemp -d)
exporter=""
trap '[ -n "$exporter" ] && kill "$exporter" 2>/dev/null; rm -rf "$tmp"' EXIT
fail=0

# promtool on every capture with a buddyinfo, flat or rooted.
for d in "$FIXTURES"/corpus/*/; do
	d=${d%/}
	if [ -f "$d/proc/buddyinfo" ]; then
		set -- --sysroot "$d"
	elif [ -f "$d/buddyinfo" ]; then
		set -- --buddyinfo "$d/buddyinfo"
		[ -s "$d/pagetypeinfo" ] && set -- "$@" --pagetypeinfo "$d/pagetypeinfo"
		[ -f "$d/zoneinfo" ] && set -- "$@" --zoneinfo "$d/zoneinfo"
		[ -f "$d/pressure/memory" ] && set -- "$@" --pressure "$d/pressure/memory"
	else
		continue
	fi
	if ! "$FRAGSTAT" -q --format=prometheus "$@" > "$tmp/m.prom"; then
		echo "FAIL: fragstat --format=prometheus $*"; fail=1; continue
	fi
	if ! out=$(promtool check metrics < "$tmp/m.prom" 2>&1); then
		echo "FAIL: promtool on $d: $out"; fail=1
	fi
done

# The THP counters are named by the files of a size's stats/, and a
# file's name may hold a quote, a backslash or a newline: each label
# value that comes from one is escaped (render_prom.c's thp_series()).
cp -R "$FIXTURES/states/movable-fragmented" "$tmp/thp"
st=$tmp/thp/sys/kernel/mm/transparent_hugepage/hugepages-64kB/stats
echo 5 > "$st/sp\"lit"
echo 6 > "$st/nr_an\\on"
echo 7 > "$st/anon_fault_fall\"back"
echo 8 > "$st/sw
pout"
cat > "$tmp/thp.want" <<'EOF'
fragstat_thp_allocations_total{size="64kB",kind="anon_fault",outcome="fall\"back"} 7
fragstat_thp_events_total{size="64kB",event="sp\"lit"} 5
fragstat_thp_events_total{size="64kB",event="sw\npout"} 8
fragstat_thp_pages{size="64kB",kind="an\\on"} 6
EOF
if ! "$FRAGSTAT" -q --format=prometheus --sysroot "$tmp/thp" > "$tmp/thp.prom"; then
	echo "FAIL: fragstat --format=prometheus on odd THP counter names"; fail=1
elif ! out=$(promtool check metrics < "$tmp/thp.prom" 2>&1); then
	echo "FAIL: promtool on odd THP counter names: $out"; fail=1
fi
# The lines the four files added: those the root without them lacks.
"$FRAGSTAT" -q --format=prometheus \
    --sysroot "$FIXTURES/states/movable-fragmented" > "$tmp/thp.base"
grep -v -x -F -f "$tmp/thp.base" "$tmp/thp.prom" > "$tmp/thp.got"
if ! cmp -s "$tmp/thp.want" "$tmp/thp.got"; then
	echo "FAIL: odd THP counter names are not escaped:"
	diff "$tmp/thp.want" "$tmp/thp.got"; fail=1
fi

# A stock node_exporter scrapes the textfile collector.
if command -v prometheus-node-exporter >/dev/null 2>&1 &&
    command -v curl >/dev/null 2>&1; then
	mkdir "$tmp/textfile"
	"$FRAGSTAT" -q --format=prometheus \
	    --sysroot "$FIXTURES/corpus/vm-6.18-x86-64-holes" \
	    > "$tmp/textfile/fragstat.prom.tmp" &&
	    mv "$tmp/textfile/fragstat.prom.tmp" "$tmp/textfile/fragstat.prom"
	port=$((20000 + $$ % 20000))
	prometheus-node-exporter --collector.disable-defaults \
	    --collector.textfile \
	    --collector.textfile.directory="$tmp/textfile" \
	    --web.listen-address="127.0.0.1:$port" > "$tmp/exporter.log" 2>&1 &
	exporter=$!
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		curl -s "http://127.0.0.1:$port/metrics" > "$tmp/scrape" && break
		sleep 0.25
	done
	# Every fragstat sample must be served with its labels and value;
	# the exporter sorts labels and rewrites numbers (0.500 -> 0.5).
	norm() {
		awk '/^fragstat_/ {
			v = $NF; sub(/ [^ ]*$/, "")
			name = $0; labels = ""
			if (i = index($0, "{")) {
				name = substr($0, 1, i - 1)
				n = split(substr($0, i + 1, length($0) - i - 1), l, ",")
				for (a = 1; a <= n; a++)
					for (b = a + 1; b <= n; b++)
						if (l[b] < l[a]) { t = l[a]; l[a] = l[b]; l[b] = t }
				for (a = 1; a <= n; a++)
					labels = labels (a > 1 ? "," : "") l[a]
			}
			printf "%s{%s} %.6f\n", name, labels, v + 0
		}' "$1" | sort
	}
	norm "$tmp/textfile/fragstat.prom" > "$tmp/want"
	norm "$tmp/scrape" > "$tmp/got"
	if ! cmp -s "$tmp/want" "$tmp/got"; then
		echo "FAIL: node_exporter does not serve fragstat's metrics as written"
		diff "$tmp/want" "$tmp/got" | head -20
		cat "$tmp/exporter.log"
		fail=1
	elif grep -q '^node_textfile_scrape_error 1' "$tmp/scrape"; then
		echo "FAIL: node_exporter reports a textfile scrape error"
		fail=1
	else
		echo "node_exporter served $(wc -l < "$tmp/got") fragstat samples"
	fi
else
	echo "note: no prometheus-node-exporter or curl: scrape not tested"
fi
exit $fail
