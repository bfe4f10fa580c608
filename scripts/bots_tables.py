#!/usr/bin/env python3
"""bots_tables.py: rerun the measured tables and charts of docs/bots.md and rewrite them.

Every table below is a name, the `partyfood sim` runs it needs and how its rows are written.
In docs/bots.md a table sits between `<!-- bots_tables:NAME -->` and `<!-- /bots_tables -->`;
the script plays the runs (`--json`, plus `--svg` for the charts), renders the rows and replaces
only what is between the markers. Every other line of the doc stays as it is.

    scripts/bots_tables.py --list                     # the tables, their parts and commands
    scripts/bots_tables.py --only pakupaku-duels      # rerun one table (or TABLE/PART)
    scripts/bots_tables.py --scale 0.1 --doc /tmp/bots.md   # a quick look, a tenth of the games

A run with --scale below 1 refuses to write docs/bots.md itself: quick numbers never land there.
Standard library only. See "Regenerating the tables" in docs/bots.md.
"""
import argparse
import json
import os
import re
import subprocess
import tempfile
import time
from collections import namedtuple

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DOC = os.path.join(REPO, "docs", "bots.md")

# Per game: the seeds its bots were tuned on, and the held-out seeds its tables report on.
SEEDS = {
    "pizza": (range(1, 11), (9001, 9002)),
    "pancake": (range(1, 101), (9201, 9202)),
    "passfood": (range(1, 101), (9301, 9302)),
    "pakupaku": (range(1, 5), (9101, 9102)),
}

# One `partyfood sim` run. `extra` holds the sweep arguments; `svg` is the chart's path
# relative to the doc's folder (the doc links it that way), or None.
Run = namedtuple("Run", "game seats games seed extra svg")
# The key under which a report also holds the run's CPU time (user + sys).
CPU_SECONDS = "cpu_seconds (bots_tables.py)"


def sim(game, seats, games, seed, extra=(), svg=None):
    return Run(game, seats, games, seed, tuple(extra), svg)


def scaled(run, scale):
    return run._replace(games=max(1, round(run.games * scale)))


def command(run, binary="partyfood", doc_dir="docs"):
    words = [binary, "sim", run.game, "--seats", run.seats, *run.extra,
             "--games", str(run.games), "--seed", str(run.seed)]
    if run.svg:
        words += ["--svg", os.path.join(doc_dir, run.svg)]
    return words


# ---- cells: each names the runs it reads and writes its text from their reports ------------

class Cell:
    def __init__(self, runs, text):
        self.runs, self.text = tuple(runs), text


def lit(text):
    return Cell((), lambda reports: text)


def bold(cell):
    return Cell(cell.runs, lambda reports: "**%s**" % cell.text(reports))


def batch(reports, run):
    return reports[run]["batches"][0]


def win(reports, run, who):
    return batch(reports, run)["win_rates"][who]


def percent_of(w):
    """The win rate in percent, computed as the simulator's own table does (100 * wins / games:
    100 * rate can round the other way, 52.85 printing as 52.8)."""
    return 100.0 * w["wins"] / w["games"]


def rate_text(w):
    """52.4% [50.2, 54.6]: the win rate and its 95% Wilson interval, in percent."""
    return "%.1f%% [%.1f, %.1f]" % (percent_of(w), 100 * w["lo95"], 100 * w["hi95"])


def rate(run, who=0):
    """The win rate of entry `who` of --seats (0 is the team in a co-operative game)."""
    return Cell((run,), lambda reports: rate_text(win(reports, run, who)))


def percent(run, who=0):
    return Cell((run,), lambda reports: "%.1f%%" % percent_of(win(reports, run, who)))


def interval(run, who=0):
    def text(reports):
        w = win(reports, run, who)
        return "[%.1f, %.1f]" % (100 * w["lo95"], 100 * w["hi95"])
    return Cell((run,), text)


def games(run):
    return Cell((run,), lambda reports: str(batch(reports, run)["games"]))


def run_time(run):
    """The run's CPU time (user + sys): on a shared machine its wall time says more about the
    load than about the bots."""
    def text(reports):
        s = reports[run][CPU_SECONDS]
        return "< 1 s CPU" if s < 1 else "%.0f s CPU" % s
    return Cell((run,), text)


def figure_percent(run, name):
    """A 0/1 figure of the game (caught, ziggy_cake) as the percentage of games."""
    return Cell((run,), lambda reports: "%.1f%%" % (100 * batch(reports, run)["figures"][name]["mean"]))


def figure_mean(run, name):
    return Cell((run,), lambda reports: "%.1f" % batch(reports, run)["figures"][name]["mean"])


def entry_figure(run, name, who):
    """A per-seat figure credited to entry `who` (Paku Paku's penalties a game)."""
    return Cell((run,), lambda reports: "%.2f" % batch(reports, run)["figures_by_entry"][name][who]["mean"])


def best_copy(run):
    """The highest win rate among the entries after the first (the copies of the level below)."""
    def text(reports):
        rates = batch(reports, run)["win_rates"][1:]
        return rate_text(max(rates, key=lambda w: w["wins"]))
    return Cell((run,), text)


def bot_name(entry):
    return entry[len("bot:"):] if entry.startswith("bot:") else entry


def every_bot(runs, plural=None):
    """Each bot of a mixed table with its win rate on every run, runs separated by " / ":
    "child 4.7% [3.8, 5.7] / 4.0% [3.2, 4.9]; experts 40.5% [..] and 34.1% [..] / ..."."""
    plural = plural or {}

    def text(reports):
        names = [bot_name(e) for e in runs[0].seats.split(",")]
        parts = []
        for name in dict.fromkeys(names):
            seats = [i for i, n in enumerate(names) if n == name]
            label = plural.get(name, name) if len(seats) > 1 else name
            per_run = [" and ".join(rate_text(win(reports, r, i)) for i in seats) for r in runs]
            parts.append("%s %s" % (label, " / ".join(per_run)))
        return "; ".join(parts)
    return Cell(runs, text)


# ---- parts: the rows a table is made of ---------------------------------------------------

class Part:
    """Lines of a table made from runs; `rows` lines, rendered by `render(reports)`.
    A part with no runs is kept: its lines are carried over from the doc as they are."""
    def __init__(self, name, runs, rows, render):
        self.name, self.runs, self.rows, self.render = name, tuple(dict.fromkeys(runs)), rows, render


def row(name, cells):
    runs = [r for c in cells for r in c.runs]
    return Part(name, runs, 1, lambda reports: ["| %s |" % " | ".join(c.text(reports) for c in cells)])


def kept(name, rows=1):
    """Rows that no current bot can replay (a bot since replaced): carried over unchanged."""
    return Part(name, (), rows, None)


def grid(team, run, players=(2, 3, 4)):
    """One team's rows of the difficulty grid: per player count, "82 [80, 84]" for d0..d6
    (win rate and 95% interval in whole percent), from a --lines seats --sweep difficulty run."""
    def render(reports):
        cells = {}
        for b in reports[run]["batches"]:
            w = b["win_rates"][0]
            cells.setdefault(b["line"]["value"], []).append(
                "%.0f [%.0f, %.0f]" % (percent_of(w), 100 * w["lo95"], 100 * w["hi95"]))
        return ["| %s | %d | %s |" % (team, p, " | ".join(cells[p])) for p in players]
    return Part(team, (run,), len(players), render)


Table = namedtuple("Table", "name header parts")


# ---- the tables of docs/bots.md -----------------------------------------------------------

def ismcts_table():
    pizza = sim("pizza", "ismcts,medium", 2000, 9001)
    pancake = sim("pancake", "ismcts,medium", 2000, 9201)
    team = sim("passfood", "ismcts,ismcts,ismcts", 2000, 9301)
    medium_team = sim("passfood", "medium,medium,medium", 2000, 9301)
    return Table("ismcts", ["| game | match | games | `ismcts` | opponent |", "|---|---|---|---|---|"], [
        row("pizza", [lit("pizza"), lit("`ismcts` vs `medium`"), games(pizza), rate(pizza, 0), rate(pizza, 1)]),
        row("pancake", [lit("pancake"), lit("`ismcts` vs `medium`"), games(pancake), rate(pancake, 0),
                        rate(pancake, 1)]),
        row("passfood", [lit("passfood, 3 players, difficulty 3"), lit("`ismcts` team"), games(team), rate(team),
                         Cell((medium_team,), lambda r: "(`medium` team: %s)" % rate(medium_team).text(r))]),
    ])


def ladder(game, table, pairs, strong, old_rows=0):
    """A head-to-head ladder on the game's held-out seeds: each pair on each seed, the pairs in
    `strong` in bold, then `old_rows` rows of bots since replaced, kept as they are."""
    def match(a, b, seed):
        r = sim(game, "bot:%s,bot:%s" % (a, b), 2000, seed)
        mark = bold if (a, b) in strong else (lambda c: c)
        return row("%s-%s-%d" % (a, b, seed),
                   [mark(lit("%s vs %s" % (a, b))), lit(str(seed)), mark(rate(r, 0)), mark(rate(r, 1))])
    parts = [match(a, b, seed) for a, b in pairs for seed in SEEDS[game][1]]
    if old_rows:
        parts.append(kept("old-expert", old_rows))
    return Table(table, ["| match | seed | first | second |", "|---|---|---|---|"], parts)


LADDER = [("easy", "random"), ("medium", "easy"), ("hard", "medium"), ("expert", "hard"), ("expert", "medium")]


def pizza_ladder():
    return ladder("pizza", "pizza-ladder", LADDER, {("expert", "medium")})


def pancake_ladder():
    return ladder("pancake", "pancake-ladder", LADDER, {("expert", "hard")}, old_rows=4)


PAKU_SEEDS = SEEDS["pakupaku"][1]
PAKU_BOT = {"random": "random", "easy": "child", "medium": "adult", "hard": "skilled", "expert": "expert"}


def paku(seats, seed, n=2000):
    return sim("pakupaku", ",".join("bot:" + s for s in seats), n, seed)


def pakupaku_duels():
    def match(level, below):
        runs = [paku([PAKU_BOT[level], PAKU_BOT[below]], s) for s in PAKU_SEEDS]
        return row("%s-%s" % (level, below), [lit("%s vs %s" % (level, below))] + [rate(r, 0) for r in runs])
    return Table("pakupaku-duels", ["| match | `--seed 9101` | `--seed 9102` |", "|---|---|---|"], [
        match("easy", "random"), match("medium", "easy"), match("hard", "medium"), match("expert", "hard"),
    ])


def pakupaku_one_against_copies(name, seats):
    def match(level, below):
        runs = [paku([PAKU_BOT[level]] + [PAKU_BOT[below]] * (seats - 1), s) for s in PAKU_SEEDS]
        cells = [lit("%s vs %d %s" % (level, seats - 1, below))]
        for r in runs:
            cells += [rate(r, 0), best_copy(r)]
        return row("%s-%s" % (level, below), cells)
    words = {3: "three", 5: "five"}[seats]
    header = "| %s seats | 9101: the level | 9101: best copy | 9102: the level | 9102: best copy |" % words
    return Table(name, [header, "|---|---|---|---|---|"], [
        match("easy", "random"), match("medium", "easy"), match("hard", "medium"), match("expert", "hard"),
    ])


def pakupaku_mixed():
    def table(*seats):
        runs = [paku(seats, s) for s in PAKU_SEEDS]
        return row(",".join(seats), [lit("`%s`" % ",".join(seats)), every_bot(runs, {"expert": "experts"})])
    return Table("pakupaku-mixed", ["| `--seats` | win rates, 9101 / 9102 |", "|---|---|"], [
        table("child", "adult", "skilled"),
        table("adult", "skilled", "expert"),
        table("child", "adult", "expert"),
        table("child", "adult", "skilled", "expert", "expert"),
        table("random", "child", "adult", "skilled", "expert"),
        table("expert", "expert", "skilled", "skilled", "adult"),
    ])


def pakupaku_masher():
    r = paku(["masher", "expert", "expert"], 9101, 4000)

    def line(name, label, who):
        return row(name, [lit(label), percent(r, who), interval(r, who), entry_figure(r, "penalties", who)])
    return Table("pakupaku-masher", ["| bot | wins | 95% interval | penalty points a game |", "|---|---|---|---|"], [
        line("masher", "masher", 0),
        line("expert-after", "expert (seat after the masher)", 1),
        line("expert-other", "expert (the other)", 2),
    ])


def wilson(wins, n, z=1.96):
    """The 95% Wilson interval of wins in n, as the simulator computes it."""
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return centre - half, centre + half


def pooled(runs, text):
    """A cell of several runs of one match on different seeds, as one sample."""
    return Cell(tuple(runs), lambda reports: text([batch(reports, r) for r in runs],
                                                  [reports[r] for r in runs]))


def pooled_rate(runs):
    def text(batches, _):
        wins = sum(b["win_rates"][0]["wins"] for b in batches)
        n = sum(b["win_rates"][0]["games"] for b in batches)
        lo, hi = wilson(wins, n)
        return "%.1f%% [%.1f, %.1f]" % (100.0 * wins / n, 100 * lo, 100 * hi)
    return pooled(runs, text)


def pooled_games(runs):
    return pooled(runs, lambda batches, _: str(sum(b["games"] for b in batches)))


def pooled_figure(runs, name):
    def text(batches, _):
        n = sum(b["games"] for b in batches)
        return "%.1f%%" % (100 * sum(b["figures"][name]["mean"] * b["games"] for b in batches) / n)
    return pooled(runs, text)


def pooled_cpu(runs):
    def text(_, reports):
        s = sum(r[CPU_SECONDS] for r in reports)
        return "< 1 s" if s < 1 else "%.0f s" % s
    return pooled(runs, text)


def pooled_ms_a_decision(runs):
    """CPU time per action the team played (forced ones included)."""
    def text(batches, reports):
        actions = sum(b["length"]["mean"] * b["games"] for b in batches)
        ms = 1000 * sum(r[CPU_SECONDS] for r in reports) / actions
        return "< 0.01" if ms < 0.01 else "%.2f" % ms
    return pooled(runs, text)


def passfood_teams():
    def team(level, players, strong=False):
        runs = [sim("passfood", ",".join([level] * players), 1000, seed, ("--threads", "1"))
                for seed in SEEDS["passfood"][1]]
        rate_cell = bold(pooled_rate(runs)) if strong else pooled_rate(runs)
        return row("%s-%d" % (level, players),
                   [lit(level), lit(str(players)), pooled_games(runs), rate_cell,
                    pooled_figure(runs, "caught"), pooled_figure(runs, "ziggy_cake"), pooled_cpu(runs),
                    pooled_ms_a_decision(runs)])
    return Table("passfood-teams", [
        "| team | players | games | win rate | caught | Ziggy at the cake | CPU time | ms a decision |",
        "|---|---|---|---|---|---|---|---|"],
        [team(level, players, level == "expert") for players in (2, 3, 4) for level in ("hard", "expert")])


def passfood_grids():
    def team(level, n, seed=1):
        r = sim("passfood", level, n, seed, ("--lines", "seats=2..4", "--sweep", "difficulty=0..6"),
                "bots/passfood-%s.svg" % level)
        return grid(level, r)
    return Table("passfood-grids", [
        "| team | players | d0 | d1 | d2 | d3 (default) | d4 | d5 | d6 |",
        "|---|---|---|---|---|---|---|---|---|"], [
        team("random", 1000), team("easy", 1000), team("medium", 1000), team("hard", 1000), team("expert", 1000, 9301),
    ])


TABLES = [
    ismcts_table(),
    pizza_ladder(),
    pancake_ladder(),
    pakupaku_duels(),
    pakupaku_one_against_copies("pakupaku-three-seats", 3),
    pakupaku_one_against_copies("pakupaku-five-seats", 5),
    pakupaku_mixed(),
    pakupaku_masher(),
    passfood_teams(),
    passfood_grids(),
]


# ---- the doc's marked blocks ----------------------------------------------------------------

START = re.compile(r"^<!-- bots_tables:([a-z0-9-]+) -->$")
END = "<!-- /bots_tables -->"


def blocks(lines):
    """{name: (first, end)}: the lines strictly between a table's two markers are [first, end)."""
    found, open_at = {}, None
    for i, line in enumerate(lines):
        m = START.match(line)
        if m:
            if open_at is not None or m.group(1) in found:
                raise SystemExit("line %d: marker %s opened twice or inside another block" % (i + 1, m.group(1)))
            open_at = (m.group(1), i + 1)
        elif line == END:
            if open_at is None:
                raise SystemExit("line %d: %s without its opening marker" % (i + 1, END))
            found[open_at[0]] = (open_at[1], i)
            open_at = None
    if open_at is not None:
        raise SystemExit("marker %s is never closed" % open_at[0])
    return found


def render(table, reports, old_lines):
    """The block's new lines: header, each part's rows (a part not rerun keeps its old rows),
    and a blank line before the closing marker. A doc whose table has other columns than the
    list's was changed by hand: refused, so that a rerun never brings back an old table."""
    if old_lines[:len(table.header)] != table.header:
        raise SystemExit("%s: the doc's table has other columns than the list's (%s): update the list first"
                         % (table.name, old_lines[0] if old_lines else "empty"))
    want = len(table.header) + sum(p.rows for p in table.parts) + 1
    out, at = list(table.header), len(table.header)
    for part in table.parts:
        if part.render and all(r in reports for r in part.runs):
            out += part.render(reports)
        elif len(old_lines) == want:
            out += old_lines[at:at + part.rows]
        else:
            raise SystemExit("%s: the doc's block has %d lines where the list makes %d; rerun all of %s"
                             % (table.name, len(old_lines), want, table.name))
        at += part.rows
    return out + [""]


# ---- running ------------------------------------------------------------------------------

def play(run, binary, doc_dir):
    """The run's JSON report, with its CPU time; the chart, if any, goes next to the doc."""
    if run.svg:
        os.makedirs(os.path.dirname(os.path.join(doc_dir, run.svg)), exist_ok=True)
    if not os.access(binary, os.X_OK):
        raise SystemExit("no partyfood at %s: build it (make build) or name it with --binary" % binary)
    cpu = cpu_seconds()
    done = subprocess.run(command(run, binary, doc_dir) + ["--json"], stdout=subprocess.PIPE)
    if done.returncode != 0:
        raise SystemExit("%s failed (exit %d)" % (" ".join(command(run, binary, doc_dir)), done.returncode))
    report = json.loads(done.stdout)
    report[CPU_SECONDS] = cpu_seconds() - cpu
    if report["partial"]:
        raise SystemExit("%s was stopped early" % " ".join(command(run)))
    return report


def cpu_seconds():
    t = os.times()
    return t.children_user + t.children_system


def read(path):
    with open(path, encoding="utf-8", newline="") as f:
        return f.read().split("\n")


def write(path, lines):
    """Replace the doc in one step, so that a kill leaves the old one whole."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)), prefix=".bots_tables.")
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write("\n".join(lines))
    os.replace(tmp, path)


def selected(only):
    """The tables to rerun and, per table, the part names to rerun (None: all of them)."""
    by_name = {t.name: t for t in TABLES}
    if not only:
        return [(t, None) for t in TABLES]
    chosen = {}
    for item in only.split(","):
        name, _, part = item.partition("/")
        if name not in by_name:
            raise SystemExit("no table %s (--list names them)" % name)
        if part and part not in [p.name for p in by_name[name].parts]:
            raise SystemExit("table %s has no part %s (--list names them)" % (name, part))
        if part:
            if chosen.get(name, set()) is not None:
                chosen.setdefault(name, set()).add(part)
        else:
            chosen[name] = None
    return [(t, chosen[t.name]) for t in TABLES if t.name in chosen]


def seeds_note(runs):
    """"pakupaku 9101, 9102", and a warning for any seed its game was tuned on."""
    per_game = {}
    for r in runs:
        per_game.setdefault(r.game, set()).add(r.seed)
    notes = []
    for game, seeds in sorted(per_game.items()):
        tuning, _ = SEEDS[game]
        text = "%s %s" % (game, ", ".join(str(s) for s in sorted(seeds)))
        tuned = sorted(s for s in seeds if s in tuning)
        if tuned:
            text += " (NOT held out: %s tuned on %d..%d)" % (game, tuning.start, tuning.stop - 1)
        notes.append(text)
    return "; ".join(notes)


def list_tables(binary):
    for game, (tuning, report) in sorted(SEEDS.items()):
        print("seeds %s: tuned on %d..%d, reported on %s" % (game, tuning.start, tuning.stop - 1,
                                                              ", ".join(map(str, report))))
    for t in TABLES:
        print("\n%s (%s)" % (t.name, seeds_note([r for p in t.parts for r in p.runs])))
        for p in t.parts:
            print("  %s/%s" % (t.name, p.name) + ("" if p.runs else ": kept as measured, no current bot replays it"))
            for r in p.runs:
                print("    " + " ".join(command(r, binary)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="NAME[,NAME]: rerun these tables (TABLE/PART: that part only)")
    ap.add_argument("--list", action="store_true", help="print the tables, parts and commands")
    ap.add_argument("--binary", help="partyfood (default build-release/partyfood, else build/partyfood)")
    ap.add_argument("--doc", default=DEFAULT_DOC, help="the doc to rewrite (default docs/bots.md)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every game count (a quick look)")
    args = ap.parse_args()
    binary = args.binary or next((p for p in (os.path.join(REPO, "build-release", "partyfood"),
                                              os.path.join(REPO, "build", "partyfood")) if os.path.exists(p)),
                                 "build/partyfood")
    if args.list:
        list_tables("partyfood")
        return
    if not args.scale > 0:
        raise SystemExit("--scale must be above 0")
    if args.scale < 1 and os.path.realpath(args.doc) == os.path.realpath(DEFAULT_DOC):
        raise SystemExit("refusing to write docs/bots.md from a run with --scale %g: name another file with --doc"
                         % args.scale)
    doc_dir = os.path.dirname(os.path.abspath(args.doc))
    marked = blocks(read(args.doc))
    unknown = sorted(set(marked) - {t.name for t in TABLES})
    if unknown:
        raise SystemExit("%s: blocks with no table in the list: %s" % (args.doc, ", ".join(unknown)))
    work = selected(args.only)
    missing = [t.name for t, _ in work if t.name not in marked]
    if missing:
        raise SystemExit("%s has no block for %s" % (args.doc, ", ".join(missing)))

    played, total_wall, total_cpu, all_runs = {}, 0.0, 0.0, []
    for table, parts in work:
        runs = list(dict.fromkeys(r for p in table.parts if p.runs and (parts is None or p.name in parts)
                                  for r in p.runs))
        all_runs += runs
        wall, cpu = time.monotonic(), cpu_seconds()
        reports = {}
        for run in runs:
            key = scaled(run, args.scale)
            if key not in played:
                played[key] = play(key, binary, doc_dir)
            reports[run] = played[key]
        # Read the doc again just before writing it: edits made during a long run stay.
        lines = read(args.doc)
        first, end = blocks(lines)[table.name]
        lines[first:end] = render(table, reports, lines[first:end])
        write(args.doc, lines)
        wall, cpu = time.monotonic() - wall, cpu_seconds() - cpu
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        print("%-22s %4d runs  %8.1f s wall  %8.1f s cpu  seeds: %s"
              % (table.name, len(runs), wall, cpu, seeds_note(runs)), flush=True)
    print("%-22s %4d runs  %8.1f s wall  %8.1f s cpu  (--scale %g, %s)"
          % ("total", len(set(all_runs)), total_wall, total_cpu, args.scale, binary))


if __name__ == "__main__":
    main()
