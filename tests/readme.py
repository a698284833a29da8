#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""readme.py - the README's examples are what the binary prints (#31).

Every fenced block of README.md (or of the Markdown file named, such as
doc/reference.md) whose first line is "$ fragstat ARGS" is
run: ARGS split as a POSIX shell would (no expansions), with the binary
named by $FRAGSTAT, in the top of the tree or in the directory named by an
"<!-- in DIR -->" line just above the fence (DIR from the top of the tree,
whichever file names it), which may add the exit status
the command must end with: "<!-- in DIR exit 4 -->" (default 0). The lines after the command
must equal what it prints on stdout, line by line; a line "..." stands for
any number of lines (none included). A block that drifts from the binary
fails with a diff, so an example is regenerated, never edited by hand:
UPDATE_README=1 rewrites each block's lines from the output, keeping its
"..." where they still match.

Usage: readme.py README.md|doc/reference.md   (environment: FRAGSTAT)
"""
import difflib
import os
import re
import shlex
import subprocess
import sys

IN_RE = re.compile(r"^<!-- in (\S+)(?: exit (\d+))? -->$")


def blocks(lines):
    """Yield (command line's index, end index, cwd, exit status) of each example."""
    i = 0
    while i < len(lines):
        if lines[i].startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            if j > i + 1 and lines[i + 1].startswith("$ fragstat"):
                m = IN_RE.match(lines[i - 1]) if i > 0 else None
                yield (i + 1, j, m.group(1) if m else ".",
                       int(m.group(2)) if m and m.group(2) else 0)
            i = j + 1
        else:
            i += 1


def matches(want, got):
    """Whether GOT (lines) matches WANT, where "..." matches any lines."""
    if not want:
        return not got
    if want[0] == "...":
        return any(matches(want[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and want[0] == got[0] and matches(want[1:], got[1:])


def fill(want, got):
    """WANT's "..." kept where the rest still matches GOT, else GOT whole."""
    if matches(want, got):
        return want
    return got


def main():
    path = sys.argv[1]
    # The top of the tree: this script is in its tests/.
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    name = os.path.relpath(os.path.abspath(path), top)
    binary = os.environ.get("FRAGSTAT")
    if not binary:
        print("readme.py: FRAGSTAT must name the fragstat binary")
        return 99
    update = os.environ.get("UPDATE_README") == "1"
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    env = dict(os.environ, LC_ALL="C", NO_COLOR="1")
    failed = checked = 0
    out = list(lines)
    # Rewrite from the end so that earlier indices stay valid.
    for start, end, cwd, status in reversed(list(blocks(lines))):
        args = shlex.split(lines[start][2:])
        run = subprocess.run([binary] + args[1:], cwd=os.path.join(top, cwd),
                             env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        got = run.stdout.decode("utf-8", "replace").rstrip("\n").split("\n")
        want = lines[start + 1:end]
        checked += 1
        if run.returncode != status or not matches(want, got):
            if update and run.returncode == status:
                out[start + 1:end] = fill(want, got)
                print("updated: %s" % lines[start])
                continue
            failed += 1
            print("FAIL: %s:%d: %s (exit %d, in %s)"
                  % (name, start + 1, lines[start], run.returncode, cwd))
            sys.stdout.writelines(difflib.unified_diff(
                [w + "\n" for w in want], [g + "\n" for g in got],
                name, "fragstat"))
            if run.stderr:
                print(run.stderr.decode("utf-8", "replace"))
    if update:
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(out))
    print("readme.py: %d examples, %d failed" % (checked, failed))
    return 1 if failed or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
