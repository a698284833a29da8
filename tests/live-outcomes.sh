#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-outcomes.sh - fragstat's THP outcome counters are the kernel's:
# every file of every hugepages-<N>kB/stats/ and the outcome counters of
# /proc/vmstat, read just before and just after 'fragstat --json', bound
# what fragstat printed (before <= fragstat <= after; the counters only
# grow). Then a process faults 64 MiB with MADV_HUGEPAGE between two
# samples of 'fragstat --watch --json': the interval's 2 MiB THP faults
# (allocated plus fallen back) are at least the 31 aligned 2 MiB ranges it touched.
#
# Needs the per-size stats (Linux 6.9+, readable without root) and
# python3; skipped with the reason otherwise. Changes no setting.
#
# Environment: FRAGSTAT. Exit 0 when it passed, 1 when it failed, 77 (SKIP).
LC_ALL=C
export LC_ALL
: "${FRAGSTAT:?}"
thp=/sys/kernel/mm/transparent_hugepage
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
ls "$thp"/hugepages-*kB/stats >/dev/null 2>&1 ||
	{ echo "SKIP: no $thp/hugepages-*kB/stats (Linux before 6.9)"; exit 77; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/live-outcomes.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

# snap FILE: every stats file and /proc/vmstat as JSON.
snap() {
	python3 - "$thp" >"$1" <<'EOF'
import glob, json, os, sys
d = {"thp": {}, "vmstat": {}}
for f in glob.glob(sys.argv[1] + "/hugepages-*kB/stats/*"):
    size = f.split("/")[-3][len("hugepages-"):-len("kB")]
    d["thp"].setdefault(size, {})[os.path.basename(f)] = int(open(f).read())
for line in open("/proc/vmstat"):
    k, v = line.split()
    d["vmstat"][k] = int(v)
json.dump(d, sys.stdout)
EOF
}

fail=0
snap "$tmp/before"
"$FRAGSTAT" -q --json >"$tmp/doc" || { echo "FAIL: fragstat --json: $?"; exit 1; }
snap "$tmp/after"
python3 - "$tmp/before" "$tmp/doc" "$tmp/after" <<'EOF' || fail=1
import json, sys
b, doc, a = (json.load(open(f)) for f in sys.argv[1:])
o = doc["outcomes"]
bad = 0
seen = 0
for s in o["thp"]:
    kb = str(s["size_kb"])
    if kb not in b["thp"]:
        if s["counters"] is not None:
            print("FAIL: %s kB: counters but no stats/ here" % kb)
            bad += 1
        continue
    if sorted(s["counters"]) != sorted(b["thp"][kb]):
        print("FAIL: %s kB: counters %s, stats/ has %s" %
              (kb, sorted(s["counters"]), sorted(b["thp"][kb])))
        bad += 1
        continue
    for k, v in s["counters"].items():
        seen += 1
        if not b["thp"][kb][k] <= v <= a["thp"][kb][k]:
            print("FAIL: %s kB %s: fragstat %d, the file %d before, %d after"
                  % (kb, k, v, b["thp"][kb][k], a["thp"][kb][k]))
            bad += 1
for k, v in o["vmstat"].items():
    if k not in b["vmstat"]:
        if v is not None:
            print("FAIL: vmstat %s: %d, the kernel has no such line" % (k, v))
            bad += 1
        continue
    seen += 1
    if v is None or not b["vmstat"][k] <= v <= a["vmstat"][k]:
        print("FAIL: vmstat %s: fragstat %s, %d before, %d after"
              % (k, v, b["vmstat"][k], a["vmstat"][k]))
        bad += 1
print("ok: %d counters between the kernel's before and after" % seen
      if not bad else "%d of %d counters wrong" % (bad, seen))
sys.exit(1 if bad else 0)
EOF

# The interval: 32 faults of 2 MiB (or their fallbacks) between two samples.
# With THP 'never' for 2 MiB there is nothing to fault: skip that part.
sel=$(sed 's/.*\[\(.*\)\].*/\1/' "$thp/enabled")
sel2=$(sed 's/.*\[\(.*\)\].*/\1/' "$thp/hugepages-2048kB/enabled" 2>/dev/null)
if [ "$sel" = never ] || [ "$sel2" = never ]; then
	echo "SKIP part: 2 MiB THP is off here (enabled: $sel, 2048kB: $sel2)"
	exit $fail
fi
"$FRAGSTAT" -q --watch 2 --count 2 --json >"$tmp/w" &
pid=$!
# The first sample is written at once; fault after it.
i=0
while [ ! -s "$tmp/w" ] && [ $i -lt 200 ]; do
	sleep 0.05
	i=$((i + 1))
done
python3 - <<'EOF'
import mmap
n = 64 << 20
m = mmap.mmap(-1, n, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
m.madvise(mmap.MADV_HUGEPAGE)
for i in range(0, n, 4096):
    m[i] = 1
EOF
wait $pid || { echo "FAIL: fragstat --watch: $?"; exit 1; }
python3 - "$tmp/w" <<'EOF' || fail=1
import json, sys
lines = open(sys.argv[1]).read().splitlines()
if len(lines) != 2:
    print("FAIL: %d samples, want 2" % len(lines))
    sys.exit(1)
iv = json.loads(lines[1])["outcomes_interval"]
got = [x for x in iv if x["size_kb"] == 2048 and x["kind"] == "anon_fault"]
if not got or got[0]["alloc"] + got[0]["fallback"] < 31:
    print("FAIL: 2 MiB THP faults in the interval: %s, want at least 31" % got)
    sys.exit(1)
print("ok: 2 MiB THP faults in the interval: %d allocated, %d fell back"
      % (got[0]["alloc"], got[0]["fallback"]))
EOF
exit $fail
