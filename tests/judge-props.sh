#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# judge-props.sh - properties of the judgement over every fixture root (and
# roots of 16 and 1024 nodes from bench/gen-root): the machine's score lies
# between its nodes' scores at every order; --need's answer never
# contradicts the zones' verdicts (ok needs a zone whose verdict is ok or
# unknown, compact one whose verdict is not reclaim, and where every zone
# says reclaim or is unusable --need says reclaim too); the headline's
# word is JSON's judgement of the machine. One answer everywhere: on each
# state of tests/fixtures/states and tests/fixtures/judge, the word for the
# pageblock size, of the machine and of each node, is JSON's in every view
# (see the last part), and a share printed beside it is on the side of
# each mark JSON's ratio is. Skips (77) without python3.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
gen=$(dirname "$0")/../bench/gen-root
if [ -f "$gen" ]; then
	python3 "$gen" --nodes 16 --orders 11 "$tmp/n16" >/dev/null &&
	python3 "$gen" --nodes 1024 --orders 11 "$tmp/n1024" >/dev/null ||
	    { echo "FAIL: bench/gen-root"; exit 1; }
fi
exec python3 - "$FRAGSTAT" "$FIXTURES" "$tmp" <<'PY'
import decimal, json, os, re, subprocess, sys

fragstat, fixtures, tmp = sys.argv[1:4]
fail = 0

def roots():
    """Every fixture root: (name, arguments), a --sysroot or named files."""
    for top in (fixtures, tmp):
        for d, subdirs, files in sorted(os.walk(top)):
            subdirs.sort()
            if os.path.basename(d) == "proc":
                continue        # its root's, read with --sysroot
            if os.path.isfile(os.path.join(d, "proc", "buddyinfo")):
                yield d, ["--sysroot=" + d]
            elif "buddyinfo" in files and "bad" not in d.split(os.sep) \
                    and "fuzz" not in d.split(os.sep):
                a = ["--buddyinfo=" + os.path.join(d, "buddyinfo")]
                for f in ("pagetypeinfo", "zoneinfo"):
                    if f in files:
                        a.append("--%s=%s" % (f, os.path.join(d, f)))
                yield d, a

def run(args):
    r = subprocess.run([fragstat, "-q"] + args, capture_output=True,
                       text=True)
    return r.returncode, r.stdout

def bad(root, what):
    global fail
    fail = 1
    print("FAIL: %s: %s" % (root, what))

n = 0
for root, args in roots():
    rc, out = run(args + ["--json"])
    if rc != 0:
        continue                # bad input: not this test's business
    n += 1
    j = json.loads(out)
    av = j.get("availability") or []
    # The machine's score between its nodes' scores, order by order.
    for m in (a for a in av if a["node"] is None and a["zone"] is None):
        nodes = [a["score"] for a in av if a["zone"] is None and
                 a["node"] is not None and a["order"] == m["order"]]
        if m["score"] is None or not nodes:
            continue
        if not min(nodes) <= m["score"] <= max(nodes):
            bad(root, "order %d: machine score %d outside its nodes' %d..%d"
                % (m["order"], m["score"], min(nodes), max(nodes)))
    # The headline's word is JSON's for the machine at the first order.
    rc, text = run(args + ["--color=never"])
    head = re.search(r"\(order (\d+)\): ([a-z ]+) \(score", text)
    if head:
        o = int(head.group(1))
        m = [a for a in av if a["node"] is None and a["zone"] is None
             and a["order"] == o]
        if m and m[0]["judgement"] != head.group(2):
            bad(root, "headline says %s, JSON %s" % (head.group(2),
                                                      m[0]["judgement"]))
    adv = j.get("advice")
    if not adv or not adv.get("orders"):
        continue
    order = adv["orders"][0]
    verdicts = [z["verdict"] for z in adv["zones"] if z["order"] == order]
    m = [a for a in av if a["node"] is None and a["zone"] is None
         and a["order"] == order]
    if not m or not verdicts:
        continue
    m = m[0]
    for count in sorted({1, m["now"] + 1, max(m["after_compaction"], 1),
                         m["after_compaction"] + 1}):
        rc, out = run(args + ["--json", "--need=%d" % count])
        if rc not in (0, 4, 5, 6, 7):
            bad(root, "--need=%d: exit %d" % (count, rc))
            continue
        need = json.loads(out)["need"]
        if need["order"] != order:
            continue
        v = need["verdict"]
        if v == "ok" and not set(verdicts) & {"ok", "unknown"}:
            bad(root, "--need=%d says ok, zones %s" % (count, verdicts))
        if v == "compact" and not set(verdicts) & {"ok", "unknown",
                                                   "compact"}:
            bad(root, "--need=%d says compact, zones %s" % (count, verdicts))
        if set(verdicts) <= {"reclaim", "unusable"} and v in ("ok",
                                                              "compact"):
            bad(root, "--need=%d says %s, zones %s" % (count, v, verdicts))
print("judge-props.sh: %d roots" % n)

# One answer everywhere: on every state of tests/fixtures/states and
# tests/fixtures/judge, the word for the pageblock size (the first advice
# order) of the machine and of each node is JSON's in every view: the
# summary's headline, --format=csv and ndjson rows of sizes, --advise's
# node and machine lines, --check's per-node state, --compact --dry-run's
# node lines, --watch, the alert's metric (fragstat_fragmentation_judgement),
# the SVG's machine and node badges, and --compare against
# states/healthy (B's word, and A's, healthy's own). The share free now
# printed beside a word (the summary's headline and next step, --watch,
# the SVG badges' titles, --advise's lines) lies on the side of each mark that JSON's ratio,
# the number the word was judged by, lies on: never rounded onto a mark
# from below (999 of 1999 is 49.97%, not 50.0%, beside "fragmented").
WORDS = "fine|fragmented|severely fragmented|short of memory"

def words(root):
    """The first order; JSON's word, ratio (ten-thousandths; None: no
    ratio) of the machine (None) and each node there; the marks, in
    hundredths of a percent free."""
    rc, out = run(["--sysroot=" + root, "--json"])
    j = json.loads(out, parse_float=decimal.Decimal)
    o = j["advice"]["orders"][0]
    rows = [a for a in j["availability"]
            if a["zone"] is None and a["order"] == o]
    fm = j["fragmentation_marks"]
    return (o, {a["node"]: a["judgement"] for a in rows},
            {a["node"]: None if a["ratio"] is None else
             int(a["ratio"] * 10000) for a in rows},
            [(100 - fm[k]) * 100 for k in ("fragmented", "severe")])

def share_of(title):
    """The percent at the end of an SVG badge's TITLE, "(49.97%)", or None."""
    m = re.search(r"\(([0-9.]+)%\)$", title)
    return m and m.group(1)

def views(root, o, want):
    """Yield (view, node, word) of every view of ROOT at order O, and
    (view, node, word, percent) of those printing a share beside it."""
    a = ["--sysroot=" + root, "--color=never"]
    _, t = run(a)
    m = re.search(r"\(order %d\): (%s) \(score" % (o, WORDS), t)
    yield "summary headline", None, m and m.group(1)
    # The shares beside the words: the headline's, the next step's.
    t = re.sub(r"\s+", " ", t)
    m = re.search(r"\(order %d\): (%s) \(score \d+\), [^;]* after "
                  r"compaction \(([0-9.]+)%%\)" % (o, WORDS), t)
    if m:
        yield "summary headline share", None, m.group(1), m.group(2)
    m = re.search(r"Memory is (%s) at [^(]* on node (\d+) \(score \d+\): "
                  r"[^(]* after compaction \(([0-9.]+)%%\)" % WORDS, t)
    if m:
        yield "next step share", int(m.group(2)), m.group(1), m.group(3)
    for fmt in ("csv", "ndjson"):
        _, t = run(a + ["--format=" + fmt, "--rows=sizes"])
        lines = t.splitlines()
        if fmt == "csv":
            head = lines[0].split(",")
            rows = [dict(zip(head, l.split(","))) for l in lines[1:]]
        else:
            rows = [json.loads(l) for l in lines]
        for r in rows:
            if int(r["order"]) != o:
                continue
            node = r["node"] if r["node"] not in ("", None) else None
            yield fmt, node if node is None else int(node), r["judgement"]
    _, t = run(a + ["--advise"])
    for m in re.finditer(r"^ *(Machine|Node (\d+)), order %d: [a-z]+; "
                         r"(?:memory )?(%s): [^(\n]* after compaction"
                         r"(?: \(([0-9.]+)%%)?" % (o, WORDS), t, re.M):
        yield "--advise", m.group(2) and int(m.group(2)), m.group(3)
        if m.group(4):
            yield ("--advise share", m.group(2) and int(m.group(2)),
                   m.group(3), m.group(4))
    _, t = run(a + ["--check"])
    for m in re.finditer(r"node (\d+)(?: \(worst of \d+\))?: [^:]*: (%s)[,;]"
                         % WORDS, t):
        yield "--check", int(m.group(1)), m.group(2)
    _, t = run(a + ["--compact", "--dry-run"])
    for m in re.finditer(r"^Node (\d+), [^:]+: [^;]*; (%s) \(score"
                         % WORDS, t, re.M):
        yield "--compact --dry-run", int(m.group(1)), m.group(2)
    _, t = run(a + ["--format=svg"])
    m = re.search(r">Machine</text>\s*(?:<rect[^>]*>\s*<title>([^<]*)</title>"
                  r"\s*</rect>\s*)?<text[^>]*>order %d \([^)]*\): (%s)</text>"
                  % (o, WORDS), t)
    yield "svg machine badge", None, m and m.group(2)
    if m and m.group(1):
        yield ("svg machine badge share", None, m.group(2),
               share_of(m.group(1)))
    for m in re.finditer(r">Node (\d+)</text>\s*<rect[^>]*>\s*<title>([^<]*)"
                         r"</title>\s*</rect>\s*<text[^>]*>order %d "
                         r"\([^)]*\): (%s)</text>" % (o, WORDS), t):
        yield "svg node badge", int(m.group(1)), m.group(3)
        yield ("svg node badge share", int(m.group(1)), m.group(3),
               share_of(m.group(2)))
    # The alert's metric: 0 fine, 1 fragmented, 2 severely, 3 short.
    _, t = run(a + ["--format=prometheus"])
    for m in re.finditer(r'^fragstat_fragmentation_judgement\{node="(\d+)",'
                         r'order="%d"\} (\d)$' % o, t, re.M):
        yield "prometheus", int(m.group(1)), WORDS.split("|")[int(m.group(2))]
    _, t = run(a + ["--watch", "0.01", "--count", "1"])
    m = re.search(r"^  [0-9]+ [KMGT]iB: (%s) \(score[^\n]* of at most \d+"
                  r" after compaction(?: \(([0-9.]+)%%\))?$" % WORDS, t, re.M)
    yield "--watch", None, m and m.group(1)
    if m and m.group(2):
        yield "--watch share", None, m.group(1), m.group(2)
    _, t = run(["--compare", os.path.join(fixtures, "states", "healthy"),
                root])
    for m in re.finditer(r"^ *(Machine|Node (\d+)), order %d: (%s) -> (%s)"
                         r"[ ;]" % (o, WORDS, WORDS), t, re.M):
        yield "--compare (B)", m.group(2) and int(m.group(2)), m.group(4)
        yield "--compare (A: healthy)", "A", m.group(3)

def share_agrees(root, view, node, word, pct, ratios, marks):
    """Fail where the share PCT printed beside WORD is on the other side
    of a mark from JSON's ratio of NODE."""
    t = ratios.get(node)
    if pct is None or t is None:
        return
    shown = int(decimal.Decimal(pct) * 100)
    for m in (m for m in marks if (shown < m) != (t < m)):
        bad(root, "%s: node %s: %s%% beside %r, JSON's ratio %d/10000 is "
            "on the other side of %d%%" % (view, node, pct, word, t,
                                           m // 100))

healthy = words(os.path.join(fixtures, "states", "healthy"))[1][None]
checked = shares = 0
shared = set()
for top in ("states", "judge"):
    base = os.path.join(fixtures, top)
    for d in sorted(os.listdir(base)):
        root = os.path.join(base, d)
        if not os.path.isdir(root):
            continue
        o, want, ratios, marks = words(root)
        want["A"] = healthy
        seen = set()
        for view, node, word, *pct in views(root, o, want):
            seen.add(view)
            if pct:
                shares += 1
                shared.add(view)
                share_agrees(root, view, node, word, pct[0], ratios, marks)
            else:
                checked += 1
            if word != want.get(node):
                bad(root, "%s: node %s says %r, JSON %r" % (view, node,
                                                           word, want.get(node)))
        for view in ("summary headline", "csv", "ndjson", "--advise",
                     "--check", "--compact --dry-run", "svg machine badge",
                     "svg node badge", "--compare (B)",
                     "--compare (A: healthy)", "--watch", "prometheus"):
            if view not in seen:
                bad(root, "%s: no word found" % view)
for view in ("summary headline share", "next step share",
             "svg machine badge share", "svg node badge share",
             "--watch share"):
    if view not in shared:
        bad(base, "%s: no share found on any root" % view)
print("judge-props.sh: %d words of the states' views, each JSON's; %d "
      "shares beside them, each on its ratio's side of the marks"
      % (checked, shares))
sys.exit(fail)
PY
