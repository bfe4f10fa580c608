#!/usr/bin/env python3
"""bots_tables_test.py PARTYFOOD DOC: scripts/bots_tables.py rewrites only its marked blocks.

On copies of DOC (docs/bots.md), at --scale 0.01: a whole table (Paku Paku's duels) gets new,
well-formed rows; one part of a table (the random team's grid) gets new rows while the table's
other rows stay, and its chart goes next to the copy; every line outside the rewritten block is
byte-identical. The list and DOC name the same tables; a table whose columns were changed by hand
is refused, and so is a scaled run's writing DOC.
"""
import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "bots_tables.py")
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
spec = importlib.util.spec_from_file_location("bots_tables", SCRIPT)
bots_tables = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bots_tables)

RATE = r"\d{1,3}\.\d% \[\d{1,3}\.\d, \d{1,3}\.\d\]"
DUEL_ROW = re.compile(r"^\| (easy|medium|hard|expert) vs [a-z]+ \| %s \| %s \|$" % (RATE, RATE))
GRID_ROW = re.compile(r"^\| random \| [234] (\| \d{1,3} \[\d{1,3}, \d{1,3}\] ){7}\|$")


def fail(why):
    print("FAIL: " + why)
    sys.exit(1)


def read_lines(path):
    with open(path, encoding="utf-8", newline="") as f:
        return f.read().split("\n")


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)


def rerun(binary, doc, only, tmp):
    """Rerun `only` on a copy of doc; return the old and new lines and the block's span in both."""
    copy = os.path.join(tmp, "bots.md")
    shutil.copyfile(doc, copy)
    done = run("--binary", binary, "--doc", copy, "--scale", "0.01", "--only", only)
    if done.returncode != 0:
        fail("--only %s exited %d:\n%s%s" % (only, done.returncode, done.stdout, done.stderr))
    old, new = read_lines(doc), read_lines(copy)
    name = only.split("/")[0]
    (a0, b0), (a1, b1) = bots_tables.blocks(old)[name], bots_tables.blocks(new)[name]
    if old[:a0] != new[:a1] or old[b0:] != new[b1:]:
        fail("--only %s changed lines outside its block" % only)
    return old[a0:b0], new[a1:b1], copy


def main():
    binary, doc = sys.argv[1], sys.argv[2]
    tmp = tempfile.mkdtemp(prefix="pf-bots-tables-")
    try:
        listed = {t.name for t in bots_tables.TABLES}
        marked = set(bots_tables.blocks(read_lines(doc)))
        if listed != marked:
            fail("tables listed but not marked in the doc: %s; marked but not listed: %s"
                 % (sorted(listed - marked), sorted(marked - listed)))
        if run("--list").returncode != 0:
            fail("--list failed")

        old, new, _ = rerun(binary, doc, "pakupaku-duels", tmp)
        rows = new[2:-1]
        if new[:2] != old[:2] or len(new) != len(old) or new[-1] != "":
            fail("the duels block lost its header, rows or closing blank line:\n" + "\n".join(new))
        if rows == old[2:-1]:
            fail("the duels rows did not change at --scale 0.01")
        for r in rows:
            if not DUEL_ROW.match(r):
                fail("malformed duel row: " + r)
        print("ok: --only pakupaku-duels rewrote its %d rows and nothing else" % len(rows))

        old, new, copy = rerun(binary, doc, "passfood-grids/random", tmp)
        changed = [i for i in range(len(new)) if new[i] != old[i]]
        if len(new) != len(old) or not changed or any(not old[i].startswith("| random |") for i in changed):
            fail("--only passfood-grids/random changed rows other than the random team's")
        for i in changed:
            if not GRID_ROW.match(new[i]):
                fail("malformed grid row: " + new[i])
        if not os.path.exists(os.path.join(os.path.dirname(copy), "bots", "passfood-random.svg")):
            fail("the random team's chart was not written next to the copy")
        print("ok: --only passfood-grids/random rewrote the random team's rows only, chart next to the copy")

        with open(copy, encoding="utf-8", newline="") as f:
            text = f.read()
        with open(copy, "w", encoding="utf-8", newline="") as f:
            f.write(text.replace("| match | `--seed 9101` | `--seed 9102` |", "| match | 9101 | 9102 | 9103 |"))
        before = digest(copy)
        done = run("--binary", binary, "--doc", copy, "--scale", "0.01", "--only", "pakupaku-duels")
        if done.returncode == 0 or "other columns" not in done.stderr or digest(copy) != before:
            fail("a table whose columns were changed by hand was rewritten: " + done.stderr)
        print("ok: a table whose columns differ from the list's is refused")

        real = bots_tables.DEFAULT_DOC
        before = digest(real)
        for args in (["--doc", real], []):
            done = run("--binary", os.path.join(tmp, "no-such-partyfood"), "--scale", "0.5", *args)
            if done.returncode == 0 or "refusing" not in done.stderr or digest(real) != before:
                fail("--scale 0.5 %s did not refuse to write the doc: %s" % (" ".join(args), done.stderr))
        print("ok: --scale 0.5 refuses to write docs/bots.md")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
