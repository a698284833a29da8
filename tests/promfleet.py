#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""promfleet.py - prometheus/fragstat.fleet.rules.yml gives over the hosts'
series exactly what 'fragstat --fleet --json' gives over their roots.

The roots: tests/fixtures/fleet's five (4 KiB pages, 1 or 2 nodes) and 40
that bench/gen-root --mixed writes (1, 2 or 3 nodes, every fourth of 64 KiB
pages, whose 512 MiB blocks only they have). Each root's 'fragstat
--format=prometheus' becomes one host's input series (instance=the root's
index) of a 'promtool test rules' file, whose expected samples are --fleet's
counts, least, most and percentiles of free now and after compaction for
every size.

Usage: promfleet.py FRAGSTAT FIXTURES RULES GEN_ROOT
"""

import json
import os
import re
import subprocess
import sys
import tempfile

PCT = [1, 5, 10, 50, 90]
KEEP = ("fragstat_available_blocks", "fragstat_after_compaction_blocks",
        "fragstat_block_bytes")
SERIES = re.compile(r'^(fragstat_[a-z_]+)\{([^}]*)\} (\S+)$')


def run(args):
    return subprocess.run(args, check=True, stdout=subprocess.PIPE,
                          text=True).stdout


def host_series(fragstat, root, instance):
    """The input series of ROOT's metrics that the rules read, as instance INSTANCE."""
    out = []
    for line in run([fragstat, "-q", "--format=prometheus", "--sysroot",
                     root]).splitlines():
        m = SERIES.match(line)
        if m and m.group(1) in KEEP:
            labels = 'instance="%s",job="node",%s' % (instance, m.group(2))
            out.append({"series": "%s{%s}" % (m.group(1), labels),
                        "values": m.group(3)})
    return out


def expected(fleet):
    """The samples the rules must give, from --fleet --json's FLEET."""
    tests = []
    for s in fleet["sizes"]:
        h = s["hosts"]
        for rule, key in (("available", "now"),
                          ("after_compaction", "after_compaction")):
            d = h[key]
            want = [("hosts", h["count"]), ("min", d["min"]),
                    ("max", d["max"])]
            want += [("p%d" % p, d["p%d" % p]) for p in PCT]
            for stat, v in want:
                name = "bytes:fragstat_%s_blocks:%s" % (rule, stat)
                tests.append({
                    "expr": '%s{bytes="%d"}' % (name, s["bytes"]),
                    "eval_time": "0m",
                    "exp_samples": [{
                        "labels": '%s{bytes="%d"}' % (name, s["bytes"]),
                        "value": v}]})
    return tests


def main():
    fragstat, fixtures, rules, gen_root = sys.argv[1:5]
    with tempfile.TemporaryDirectory() as tmp:
        gen = os.path.join(tmp, "gen")
        subprocess.run([sys.executable, gen_root, "--mixed", "--count", "40",
                        "--minimal", gen], check=True)
        roots = [os.path.join(fixtures, "fleet", "h%d" % i)
                 for i in range(1, 6)]
        roots += sorted(os.path.join(gen, d) for d in os.listdir(gen))
        listing = os.path.join(tmp, "list")
        with open(listing, "w") as f:
            f.write("".join(r + "\n" for r in roots))
        fleet = json.loads(run([fragstat, "-q", "--fleet", "--roots-from",
                                listing, "--json"]))["fleet"]
        series = []
        for i, r in enumerate(roots):
            series += host_series(fragstat, r, "h%d" % i)
        tests = expected(fleet)
        # JSON is YAML: promtool reads it as is.
        doc = {"rule_files": [os.path.abspath(rules)],
               "evaluation_interval": "1m",
               "tests": [{"interval": "1m", "input_series": series,
                          "promql_expr_test": tests}]}
        path = os.path.join(tmp, "fleet.test.yml")
        with open(path, "w") as f:
            json.dump(doc, f, indent=1)
        rc = subprocess.run(["promtool", "test", "rules", path]).returncode
        sizes = len(fleet["sizes"])
        print("promfleet: %d roots (%d nodes), %d sizes, %d samples: %s" % (
            fleet["roots"], fleet["nodes"], sizes, len(tests),
            "agree" if rc == 0 else "DIFFER"))
        return 0 if rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
