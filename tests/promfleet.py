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

The rules file is this script's RULES_TEXT, each percentile's four rules
alike; the check fails when they differ (--write RULES rewrites it).

Usage: promfleet.py FRAGSTAT FIXTURES RULES GEN_ROOT
       promfleet.py --write RULES
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


# The text of prometheus/fragstat.fleet.rules.yml, each percentile's four
# rules alike: built once here, where they cannot drift apart.
MEAS = [("available", "free now"), ("after_compaction", "at most after compaction")]
_out = []
w = _out.append
w("""# SPDX-License-Identifier: GPL-2.0-or-later
# fragstat.fleet.rules.yml - the fleet's distribution of allocations per size
# over hosts, as 'fragstat --fleet' computes it from the hosts' roots, but
# from the series node_exporter's textfile collector scraped of each host's
# 'fragstat --format=prometheus' (Prometheus itself, or a Prometheus that
# federates them). Load it where every host's series are; tests/promfleet.sh
# checks with 'promtool test rules' that it gives exactly what --fleet
# --json gives for the same roots. Written by tests/promfleet.py --write.
#
# Per host (instance) and size (label bytes: fragstat_block_bytes, the page
# size times 2 to the order, so that hosts of 4 KiB and 64 KiB pages meet at
# 2 MiB as --fleet counts them): the allocations of the size that succeed
# now (fragstat_available_blocks) and at most after compaction
# (fragstat_after_compaction_blocks), every zone summed: the host's row.
#
# Over hosts, per size: how many, the least, the most and the nearest-rank
# percentiles p1, p5, p10, p50 and p90: the value of rank ceil(p n / 100)
# of the n values sorted, always one of them (DuckDB's quantile_disc).
# PromQL's quantile() interpolates, and takes one scalar p for every size,
# whose host counts differ; so each percentile is found in four steps:
#   Q  = quantile(p), which lies between the values of ranks floor and
#        floor + 1 of p (n - 1), one below or at the nearest rank;
#   L  = the largest value <= Q, U the smallest >= Q;
#   the percentile is L when at least p n / 100 hosts have at most L,
#   else U (100 count >= p n in integers: no float rounds the rank).
# Every comparison is between a host's value and its size's one value
# (on (bytes) group_left), which PromQL allows.
#
# Whatever labels the targets carry, 'sum without (node, zone)' keeps them
# on the host's rows; the fleet's rows keep only bytes. One group: its
# rules run in order at each evaluation, each reading what the rules
# before it recorded then (groups run apart, one a step behind another).

groups:
  - name: fragstat.fleet
    rules:""")
for m, what in MEAS:
    w(f"""      # Per host and size: allocations {what}, every zone summed.
      - record: instance_bytes:fragstat_{m}_blocks:sum
        expr: |
          sum without (node, zone) (fragstat_{m}_blocks)
            * ignoring (bytes) group_left (bytes)
          count_values without () ("bytes", fragstat_block_bytes)""")
for m, what in MEAS:
    h = f"instance_bytes:fragstat_{m}_blocks:sum"
    b = f"bytes:fragstat_{m}_blocks"
    w(f"""      # Allocations {what} over hosts, per size: how many hosts, the
      # least, the most.
      - record: {b}:hosts
        expr: count by (bytes) ({h})
      - record: {b}:min
        expr: min by (bytes) ({h})
      - record: {b}:max
        expr: max by (bytes) ({h})""")
    for p in PCT:
        ph = "0.%02d" % p if p < 10 else "0.%d" % (p // 10) if p % 10 == 0 else "0.%d" % p
        w(f"""      # p{p}: Q, then L and U on either side, then L or U by the count.
      - record: {b}:p{p}_interpolated
        expr: quantile by (bytes) ({ph}, {h})
      - record: {b}:p{p}_below
        expr: max by (bytes) ({h} <= on (bytes) group_left () {b}:p{p}_interpolated)
      - record: {b}:p{p}_above
        expr: min by (bytes) ({h} >= on (bytes) group_left () {b}:p{p}_interpolated)
      - record: {b}:p{p}
        expr: |
          {b}:p{p}_below
            and on (bytes)
          (
            count by (bytes) ({h} <= on (bytes) group_left () {b}:p{p}_below) * 100
              >= {p} * {b}:hosts
          )
            or
          {b}:p{p}_above""")
RULES_TEXT = "\n".join(_out) + "\n"


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
    if sys.argv[1] == "--write":
        with open(sys.argv[2], "w") as f:
            f.write(RULES_TEXT)
        return 0
    fragstat, fixtures, rules, gen_root = sys.argv[1:5]
    with open(rules) as f:
        if f.read() != RULES_TEXT:
            print("FAIL: %s is not what promfleet.py --write writes" % rules)
            return 1
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
