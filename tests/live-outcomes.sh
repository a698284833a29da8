#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-outcomes.sh - fragstat's THP outcome counters are the kernel's:
# every file of every hugepages-<N>kB/stats/ and the outcome counters of
# /proc/vmstat, read just before and just after 'fragstat --json', bound
# what fragstat printed (before <= fragstat <= after; the counters only
# grow). The gauges among them (nr_anon, nr_anon_partially_mapped: THPs
# mapped now) go down as well as up on a busy host: each is there, a count,
# and no more THPs of its size than memory holds. Then, while a process
# faults 64 MiB with MADV_HUGEPAGE, every interval of 'fragstat --watch
# --json' is the difference of its samples' counters; and between two
# documents around such a process, the 2 MiB THP faults (allocated plus
# fallen back) are at least the 31 aligned 2 MiB ranges it touched.
# Nothing depends on how long anything takes, nor on what else runs.
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
total_kb = int(open("/proc/meminfo").readline().split()[1])
bad = 0
seen = 0
gauges = 0
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
        if k.startswith("nr_"):
            if not isinstance(v, int) or not 0 <= v <= total_kb // int(kb):
                print("FAIL: %s kB %s: fragstat %r, not a count of THPs "
                      "of %s kB in %d kB" % (kb, k, v, kb, total_kb))
                bad += 1
            gauges += 1
            continue
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
print("ok: %d counters between the kernel's before and after, %d gauges "
      "plausible" % (seen - gauges, gauges) if not bad else
      "%d of %d counters and gauges wrong" % (bad, seen))
sys.exit(1 if bad else 0)
EOF

# The interval: each --watch sample's outcomes_interval is exactly what the
# counters of its outcomes (cumulative, in the same samples) moved since the
# sample before: for the PMD size, /proc/vmstat's thp_fault_*. Samples are
# taken while a process faults, however long either takes.
fault() {	# fault: 64 MiB of anonymous memory with MADV_HUGEPAGE
	python3 -c '
import mmap
n = 64 << 20
m = mmap.mmap(-1, n, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
m.madvise(mmap.MADV_HUGEPAGE)
for i in range(0, n, 4096):
    m[i] = 1'
}
"$FRAGSTAT" -q --watch 0.3 --count 4 --json >"$tmp/w" &
pid=$!
fault
wait $pid || { echo "FAIL: fragstat --watch: $?"; exit 1; }
python3 - "$tmp/w" <<'EOF' || fail=1
import json, sys
s = [json.loads(l) for l in open(sys.argv[1])]
bad = 0
for a, b in zip(s, s[1:]):
    va, vb = a["outcomes"]["vmstat"], b["outcomes"]["vmstat"]
    for x in b["outcomes_interval"]:
        if x["size_kb"] != 2048 or x["kind"] != "anon_fault":
            continue
        want = (vb["thp_fault_alloc"] - va["thp_fault_alloc"],
                vb["thp_fault_fallback"] - va["thp_fault_fallback"])
        if (x["alloc"], x["fallback"]) != want:
            print("FAIL: %s: 2 MiB THP faults %d allocated, %d fell back; "
                  "the samples' counters moved %d, %d" % (b["time"],
                  x["alloc"], x["fallback"], want[0], want[1]))
            bad += 1
print("ok: %d intervals, each the difference of its samples' counters"
      % (len(s) - 1) if not bad else "%d intervals wrong" % bad)
sys.exit(1 if bad else 0)
EOF

# The faults counted: 31 or more (the aligned 2 MiB ranges of 64 MiB)
# between two documents, unless 2 MiB THP is off here.
sel=$(sed 's/.*\[\(.*\)\].*/\1/' "$thp/enabled")
sel2=$(sed 's/.*\[\(.*\)\].*/\1/' "$thp/hugepages-2048kB/enabled" 2>/dev/null)
if [ "$sel" = never ] || [ "$sel2" = never ]; then
	echo "SKIP part: 2 MiB THP is off here (enabled: $sel, 2048kB: $sel2)"
	exit $fail
fi
"$FRAGSTAT" -q --json >"$tmp/b"
fault
"$FRAGSTAT" -q --json >"$tmp/a"
python3 - "$tmp/b" "$tmp/a" <<'EOF' || fail=1
import json, sys
def c(p):
    t = json.load(open(p))["outcomes"]["thp"]
    return [x for x in t if x["size_kb"] == 2048][0]["counters"]
b, a = c(sys.argv[1]), c(sys.argv[2])
n = sum(a[k] - b[k] for k in ("anon_fault_alloc", "anon_fault_fallback"))
if n < 31:
    print("FAIL: %d 2 MiB THP faults between the documents, want at least 31" % n)
    sys.exit(1)
print("ok: %d 2 MiB THP faults between the documents" % n)
EOF
exit $fail
