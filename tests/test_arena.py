"""Outside programs at the table (pedro_sim/arena, docs/protocol.md): the protocol end to end
(a player through the protocol plays exactly as in the engine's process), the example bot
legal in every game, and each way a program can fail: one line naming the seat and the
deal, the deals before it kept, nothing left hanging."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest
from in_process import run_cli
from test_trace_accounting import identity_errors

from pedro_sim import reference
from pedro_sim.arena.duel import arena_duel
from pedro_sim.arena.play import SeatFault, arena_traces
from pedro_sim.engine_inputs import PLAYED_PRESETS, EngineInputs, players
from pedro_sim.errors import PedroError
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.traces import record_deals, trace_dict

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = f"exec:{sys.executable} {ROOT / 'examples' / 'bot.py'}"
BOT = f"exec:{sys.executable} -m pedro_sim bot --policy"
TABLES = [*PLAYED_PRESETS, "cinch@2", "cinch@3", "cinch@6", "sancho@5", "dom-pedro@7"]


def inputs_of(table: str) -> EngineInputs:
    return EngineInputs.for_variant(resolve_variant(table, []))


@pytest.mark.parametrize("table,policy", [
    ("cinch", "heuristic"), ("cinch@3", "heuristic"), ("ukrainian", "random"),
    pytest.param("five-handed", "heuristic", marks=pytest.mark.slow)])  # (6 s: make test-all)
def test_a_player_through_the_protocol_is_the_same_player(table, policy):
    """duel --a "exec:pedro-sim bot --policy P" --b P: exactly zero, deal by deal."""
    deals = 4 if table == "five-handed" else 25  # five-handed: ten arrangements
    result = arena_duel(inputs_of(table), f"{BOT} {policy}", policy, deals, 7, 30.0)
    assert result.fault is None
    assert len(result.rows) == deals
    assert (result.rows[["points_diff", "score_diff"]].to_numpy() == 0).all()


@pytest.mark.many_sides
def test_the_example_bot_plays_every_game_legally():
    """The example bot at every seat: every deal checks (40 a table; the slow test plays
    1,000 beside the heuristic)."""
    for table in TABLES:
        inputs = inputs_of(table)
        traces = arena_traces(inputs, 3, range(40), [EXAMPLE] * inputs.variant.players,
                              "example")
        for t in traces:
            assert reference.check_trace(t) == [], (table, t["deal"])
            assert identity_errors(t) == [], (table, t["deal"])


@pytest.mark.slow
def test_the_example_bot_plays_1000_deals_of_every_game_legally():
    """As the issue asks: 1,000 deals of every table, each checked by the reference."""
    for table in TABLES:
        n = inputs_of(table).variant.players
        specs = [EXAMPLE if s % 2 else "heuristic" for s in range(n)]
        for t in arena_traces(inputs_of(table), 11, range(1000), specs, "example"):
            assert reference.check_trace(t) == [], (table, t["deal"])
            assert identity_errors(t) == [], (table, t["deal"])


@pytest.mark.parametrize("table", TABLES)
def test_the_arena_heuristic_is_the_engines_heuristic(table):
    """The arena's heuristic, deciding from the seats' views, plays the engine's deals
    exactly: every call, keep, card and score."""
    inputs = inputs_of(table)
    who = players("heuristic", inputs.variant)
    recs = record_deals(inputs, 5, np.arange(60), who.policy, who.flags)
    ours = arena_traces(inputs, 5, range(60), ["heuristic"] * inputs.variant.players,
                        "heuristic")
    for i, rec in enumerate(recs):
        assert trace_dict(rec, inputs, 5, i, "heuristic") == ours[i], (table, i)


# --- faults ----------------------------------------------------------------------------

FAULTY = """
import json, sys, time
MODE = {mode!r}
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({{"type": "ready"}}), flush=True)
    elif m["type"] == "decide":
        if m["deal"] == 3:
            if MODE == "illegal":
                print(json.dumps({{"action": "ZZ"}}), flush=True); continue
            if MODE == "malformed":
                print("this is not json", flush=True); continue
            if MODE == "exit":
                sys.exit(3)
            if MODE == "hang":
                time.sleep(60)
        print(json.dumps({{"action": m["legal"][0]}}), flush=True)
"""


def faulty(tmp_path: Path, mode: str) -> str:
    path = tmp_path / f"{mode}.py"
    path.write_text(textwrap.dedent(FAULTY.format(mode=mode)))
    return f"exec:{sys.executable} {path}"


@pytest.mark.parametrize("mode,says", [("illegal", 'illegal action "ZZ"'),
                                       ("malformed", "malformed line"),
                                       ("exit", "the program exited"),
                                       ("hang", "no answer within 1 s")])
def test_a_failing_program_costs_its_deal_and_keeps_the_others(tmp_path, mode, says):
    spec = faulty(tmp_path, mode)
    started = time.monotonic()
    with pytest.raises(SeatFault) as caught:
        arena_traces(inputs_of("cinch"), 1, range(6), [spec, "heuristic"] * 2, "x", 1.0)
    assert time.monotonic() - started < 20  # nothing hangs
    message = str(caught.value)
    assert "in deal 3" in message and says in message and "\n" not in message
    assert message.startswith("seat ")
    assert [t["deal"] for t in caught.value.traces] == [0, 1, 2]


def cli(*args: str) -> subprocess.CompletedProcess:
    """pedro-sim ARGS in this process (tests/in_process.py), from the repository's root."""
    return run_cli(*args, cwd=ROOT)


def test_the_command_line_writes_the_finished_deals_and_one_line(tmp_path):
    out = tmp_path / "deals.jsonl"
    r = cli("trace", "--policy", faulty(tmp_path, "illegal"), "--deals", "6", "--out",
            str(out), "--bot-timeout", "5")
    assert r.returncode == 1
    errors = r.stderr.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith("error: seat 0") and "deal 3" in errors[0]
    lines = out.read_text().splitlines()
    assert [json.loads(x)["deal"] for x in lines] == [0, 1, 2]
    duel_dir = tmp_path / "duel"
    r = cli("duel", "--a", faulty(tmp_path, "exit"), "--b", "heuristic", "--deals", "6",
            "--out", str(duel_dir))
    assert r.returncode == 1 and "deal 3" in r.stderr and "exited" in r.stderr
    assert len((duel_dir / "deals.csv").read_text().splitlines()) == 1 + 3


@pytest.mark.parametrize("args,says", [
    (["duel", "--a", "exec:", "--b", "heuristic"], "exec: needs a command"),
    (["duel", "--a", "exec:nonexistent-program-xyz", "--b", "heuristic"], "cannot start"),
    (["duel", "--a", "exec:python3 bot.py 'unclosed", "--b", "heuristic"],
     "does not split as a shell would split it (No closing quotation)"),
    (["duel", "--a", "exec:true", "--b", "dd"], "cannot sit at a table"),
    (["duel", "--a", "exec:true", "--b", "pimc", "--variant", "ukrainian"],
     "pimc sits at a table with an outside program in the presets"),
    (["duel", "--a", "exec:true", "--b", "pimc:infer=auction"], "card play only"),
    (["duel", "--a", "exec:true", "--b", "pimc", "--rule", "partnerships=no"],
     "not cinch@4"),
    (["trace", "--policy", "exec:true", "--bidders", "heuristic"], "every seat"),
    (["bot", "--policy", "dd"], "cannot answer from a seat's view"),
    (["bot", "--policy", "pimc:worlds=0"], "worlds must be from 1"),
])
def test_bad_specs_are_one_line_errors(tmp_path, args, says):
    r = cli(*args, *(["--out", str(tmp_path / "o")] if args[0] != "bot" else []))
    assert r.returncode == 2, r.stderr
    assert says in r.stderr and len(r.stderr.strip().splitlines()) == 1


ARGV_BOT = """
import json, sys
with open(sys.argv[0] + ".argv", "w") as f:
    json.dump(sys.argv[1:], f)
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif m["type"] == "decide":
        print(json.dumps({"action": m["legal"][0]}), flush=True)
"""


@pytest.mark.parametrize("args", [
    '"ok"',  # a quoted last argument (its closing quote was dropped)
    "'a b' c\\ d \"e 'f' g\" ''",  # spaces inside quotes, an escaped space, nested, empty
    "--name=\"x y\" 'it'\"'\"'s' /tmp/a/b.txt",  # quotes inside a word, a path
])
def test_an_exec_command_is_split_as_the_shell_splits_it(tmp_path, args):
    """exec:COMMAND's words are those /bin/sh gives the same text: the program (in a
    folder whose name has a space) receives exactly the arguments the shell would pass."""
    folder = tmp_path / "my bots"
    folder.mkdir()
    bot = folder / "bot.py"
    bot.write_text(ARGV_BOT)
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(bot))} {args}"
    shell = subprocess.run(["sh", "-c", f"{command} < /dev/null"], check=True)
    assert shell.returncode == 0
    expected = json.loads(Path(f"{bot}.argv").read_text())
    Path(f"{bot}.argv").unlink()
    arena_traces(inputs_of("cinch"), 1, range(1), [f"exec:{command}"] * 4, "x", 5.0)
    assert json.loads(Path(f"{bot}.argv").read_text()) == expected


def test_a_program_that_cannot_start_is_bad_input(tmp_path, capsys):
    """Not found, not executable, a folder: refused before any deal in one line with exit
    code 2 (bad input on the command line), and docs/protocol.md says so, apart from the
    program's faults that exit 1."""
    from pedro_sim.cli import main

    script = tmp_path / "bot.py"
    script.write_text(ARGV_BOT)
    script.chmod(0o644)
    for command in ("nonexistent-program-xyz", str(script), str(tmp_path)):
        with pytest.raises(SystemExit) as stop:
            main(["duel", "--a", f"exec:{command}", "--b", "heuristic", "--deals", "2",
                  "--out", str(tmp_path / "out")])
        err = capsys.readouterr().err
        assert stop.value.code == 2 and "cannot start the program" in err, err
        assert len(err.strip().splitlines()) == 1
        assert not (tmp_path / "out").exists()
    doc = (ROOT / "docs" / "protocol.md").read_text()
    faults = doc[doc.index("## Faults"):].split("\n\n")
    started = [p for p in faults if "cannot be started" in p or "cannot start" in p]
    assert started and all("code 2" in p and "code 1" not in p.split("cannot")[0]
                           for p in started), started


def test_a_program_that_never_says_ready(tmp_path, monkeypatch):
    from pedro_sim.arena import players as P

    monkeypatch.setattr(P, "READY_TIMEOUT", 1.0)  # (120 s: time to load or compile)
    path = tmp_path / "mute.py"
    path.write_text("import sys\nfor line in sys.stdin:\n    pass\n")
    with pytest.raises(PedroError, match="before the first deal: no answer within 1 s"):
        arena_traces(inputs_of("cinch"), 1, range(2), [f"exec:{sys.executable} {path}"] * 4,
                     "x", 1.0)


HELLO = {"type": "hello", "protocol": "pedro-bot/1", "variant": "cinch", "players": 4,
         "seed": 1, "seats": [0]}
BID_VIEW = {"format": "pedro-decision/1", "variant": "cinch", "seat": 0, "dealer": 3,
            "dealt": ["AH", "KH", "5H", "2H", "9C", "4D", "JS", "7S", "3C"],
            "hand": ["AH", "KH", "5H", "2H", "9C", "4D", "JS", "7S", "3C"], "bids": []}
ASK_BID = {"type": "decide", "deal": 0, "seat": 0, "decision": "bid",
           "legal": [0, 7, 8, 9, 10, 11, 12, 13, 14], "view": BID_VIEW}
ASK_TOP = {  # a question of the arena, trick 1, place 1 (cinch, seed 1, deal 0)
    "type": "decide", "deal": 0, "seat": 0, "decision": "top", "trick": 1, "place": 1,
    "legal": ["5H", "4D", "6D", "7D", "8D"],
    "view": {"format": "pedro-decision/1", "variant": "cinch", "seat": 0, "dealer": 0,
             "dealt": ["6S", "8S", "5H", "9H", "6D", "7D", "JC", "QC", "KC"],
             "hand": ["5H", "4D", "6D", "7D", "8D"],
             "bids": [[1, 8], [2, 0], [3, 0], [0, 0]], "bidder": 1, "bid": 8, "trump": "D",
             "discarded": ["6S", "8S", "9H", "JC", "QC", "KC"], "passed": [],
             "received": ["8H", "4D", "8D"], "hand_sizes": [6, 6, 6, 6],
             "min_trumps": [3, 5, 0, 3], "folded": [],
             "tricks": [{"leader": 1, "plays": [[1, ["2C"]], [2, ["3C"]], [3, ["AD"]],
                                                [0, ["8H"]]]},
                        {"leader": 3, "plays": [[3, ["2H"]]]}]}}
OVER = {"type": "deal_over", "deal": 0, "trace": {}}


def changed(message: dict, path: str, value=...) -> dict:
    """``message`` with the field at ``path`` (keys and list indices joined by '.') set
    to ``value``, or removed (no value)."""
    out = json.loads(json.dumps(message))
    *inner, last = [int(k) if k.isdigit() else k for k in path.split(".")]
    at = out
    for key in inner:
        at = at[key]
    if value is ...:
        del at[last]
    else:
        at[last] = value
    return out


def bot_lines(*messages) -> list[str]:
    return [(m if isinstance(m, str) else json.dumps(m)) + "\n" for m in messages]


def test_the_bot_speaks_the_protocol():
    """pedro-sim bot, fed lines: ready after hello, an action among the legal options for
    each question, nothing for the end of a deal."""
    import io

    from pedro_sim.arena.bot import serve

    out = io.StringIO()
    lines = bot_lines(HELLO, ASK_BID, ASK_TOP, OVER, {"type": "bye"})
    assert serve("heuristic", iter(lines), out) == 0
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert replies[0]["type"] == "ready" and len(replies) == 3
    assert replies[1]["action"] in ASK_BID["legal"]
    assert replies[2]["action"] in ASK_TOP["legal"]


# every message type the bot reads, every field it needs: missing, of the wrong type or
# not parsing; what the bot's one line (exit code 1) says
BAD_LINES = [
    (["not json"], "line 1: not a JSON line"),
    (["[1, 2]"], "line 1: not a JSON object"),
    ([{"seat": 0}], 'line 1: no "type"'),
    ([{"type": "hullo"}], 'line 1: unknown message type "hullo"'),
    ([changed(HELLO, "protocol", "pedro-bot/2")], "line 1 (hello): protocol is "
     '"pedro-bot/2": pedro-sim bot speaks pedro-bot/1 only'),
    *[([changed(HELLO, key)], f'line 1 (hello): no "{key}"')
      for key in ("protocol", "variant", "players", "seed", "seats")],
    ([changed(HELLO, "variant", 4)], "variant is 4, not a string"),
    ([changed(HELLO, "variant", "cinch-ish")], "unknown preset 'cinch-ish'"),
    ([changed(HELLO, "players", "4")], 'players is "4", not a whole number'),
    ([changed(HELLO, "players", 3)], "players is 3, but cinch with the hello's rules seats 4"),
    ([changed(HELLO, "seed", -1)], "seed is -1, not a whole number"),
    ([changed(HELLO, "seats", [])], "seats is empty"),
    ([changed(HELLO, "seats", [4])], "seats[0] is 4, not a seat of the table (0 to 3)"),
    ([changed(HELLO, "rules", "none")], 'rules is "none", not an object'),
    ([changed(HELLO, "rules", {"min_bid": 99})], "line 1 (hello): min_bid"),
    ([HELLO, HELLO], "line 2 (hello): a second hello"),
    ([ASK_BID], "line 1 (decide): decide before hello"),
    ([OVER], "line 1 (deal_over): deal_over before hello"),
    *[([HELLO, changed(ASK_BID, key)], f'line 2 (decide): no "{key}"')
      for key in ("deal", "seat", "decision", "legal", "view")],
    ([HELLO, changed(ASK_BID, "view", {})], 'view has no "format"'),
    ([HELLO, changed(ASK_BID, "view", [])], "view is [], not an object"),
    ([HELLO, changed(ASK_BID, "deal", "0")], 'deal is "0", not a whole number'),
    ([HELLO, changed(ASK_BID, "seat", 2)], "seat is 2, not one of this program's seats [0]"),
    ([HELLO, changed(ASK_BID, "decision", "dance")], 'decision is "dance", not one of bid'),
    ([HELLO, changed(ASK_BID, "legal", [])], "legal is empty"),
    ([HELLO, changed(ASK_BID, "legal", "7")], 'legal is "7", not a list'),
    ([HELLO, changed(ASK_BID, "legal.1", "7")], 'legal[1] is "7", not a whole number'),
    ([HELLO, changed(ASK_TOP, "legal.0", "1X")], 'legal[0] is "1X", not a card'),
    *[([HELLO, changed(ASK_BID, f"view.{key}")], f'line 2 (decide): view has no "{key}"')
      for key in BID_VIEW],
    *[([HELLO, changed(ASK_TOP, key)], f'line 2 (decide): no "{key}"')
      for key in ("trick", "place")],
    *[([HELLO, changed(ASK_TOP, f"view.{key}")], f'line 2 (decide): view has no "{key}"')
      for key in ("bidder", "bid", "trump", "discarded", "received", "passed",
                  "hand_sizes", "min_trumps", "tricks", "folded")],
    ([HELLO, changed(ASK_BID, "view.format", "pedro-trace/1")], "view.format is "
     '"pedro-trace/1", not one of pedro-decision/1'),
    ([HELLO, changed(ASK_BID, "view.dealt.3", "ZZ")], 'view.dealt[3] is "ZZ", not a card'),
    ([HELLO, changed(ASK_BID, "view.hand", "AH KH")], 'view.hand is "AH KH", not a list'),
    ([HELLO, changed(ASK_BID, "view.bids", [[1]])], "view.bids[0] is [1], not a pair"),
    ([HELLO, changed(ASK_BID, "view.dealer", 9)], "view.dealer is 9, not a seat"),
    ([HELLO, changed(ASK_BID, "view.seat", 1)], "view.seat is 1, not the question's 0"),
    ([HELLO, changed(ASK_BID, "view.variant", "pidro")], 'view.variant is "pidro", not '
     'the hello\'s "cinch"'),
    ([HELLO, changed(ASK_TOP, "view.trump", "X")], 'view.trump is "X", not a suit'),
    ([HELLO, changed(ASK_TOP, "view.tricks.0.plays.1.1.0", "3Z")],
     'view.tricks[0].plays[1][1][0] is "3Z", not a card'),
    ([HELLO, changed(ASK_TOP, "view.tricks.1.leader", "3")], "view.tricks[1].leader is"),
    ([HELLO, changed(ASK_TOP, "view.hand_sizes", [6, 6])],
     "view.hand_sizes has 2 entries for a table of 4"),
    ([HELLO, changed(ASK_TOP, "view.picked_up", ["AH", "??"])], "view.picked_up[1] is"),
    ([HELLO, changed(ASK_TOP, "trick", 5)], "line 2 (decide): the view does not fit the "
     "question"),
    ([HELLO, changed(OVER, "trace")], 'line 2 (deal_over): no "trace"'),
    ([HELLO, changed(OVER, "deal", None)], "deal is null, not a whole number"),
]


@pytest.mark.parametrize("lines,says", BAD_LINES)
def test_the_bot_names_what_breaks_the_protocol(lines, says):
    """What the engine does to a program that breaks the protocol, pedro-sim bot does to
    what it is sent: one line naming the line, its type and what is wrong; exit code 1."""
    import io

    from pedro_sim.arena.bot import serve

    with pytest.raises(PedroError) as caught:
        serve("heuristic", iter(bot_lines(*lines)), io.StringIO())
    message = str(caught.value)
    assert says in message and message.startswith("bot: line ") and "\n" not in message
    assert caught.value.exit_code == 1


def test_the_bot_command_line_on_malformed_input():
    """The command itself: one line on standard error, exit code 1, no traceback."""
    for lines, says in (([HELLO, changed(ASK_BID, "view")], 'no "view"'),
                        ([changed(HELLO, "protocol", "pedro-bot/2")], "pedro-bot/1 only")):
        r = subprocess.run([sys.executable, "-m", "pedro_sim", "bot", "--policy", "random"],
                           input="".join(bot_lines(*lines)), capture_output=True, text=True,
                           cwd=ROOT, timeout=300)
        assert r.returncode == 1 and says in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_a_ladder_with_an_outside_program(tmp_path):
    """ladder --player exec:...: every pair dueled in the arena, standings for each."""
    import pandas as pd

    out = tmp_path / "ladder"
    r = cli("ladder", "--player", EXAMPLE, "--player", "heuristic", "--player", "random",
            "--presets", "cinch", "--deals", "20", "--out", str(out))
    assert r.returncode == 0, r.stderr
    stand = pd.read_csv(out / "standings.csv")
    assert list(stand.player) == [EXAMPLE, "heuristic", "random"]
    assert abs(stand.score_vs_field.sum()) < 1e-9  # every duel counted once each way
    r = cli("ladder", "--player", EXAMPLE, "--player", "dd", "--presets", "cinch",
            "--out", str(tmp_path / "x"))
    assert r.returncode == 2 and "cannot sit at a table" in r.stderr


# --- the bid analysis with an outside program ------------------------------------------

BID_HAND = ("AH KH 5H 2H 9C 4D JS 7S 3C", "--bid", "8", "--trump", "H")


def test_bid_through_the_protocol_is_the_engines_bid(tmp_path):
    """`bid` with the heuristic behind the protocol: the engine's own fixed-hand deals,
    so every row and the points histogram are the engine's heuristic's, count for count."""
    import pandas as pd

    engine, arena = tmp_path / "engine", tmp_path / "arena"
    r = cli("bid", *BID_HAND, "--seat", "eldest", "--policy", "heuristic",
            "--deals", "150", "--bids", "8", "--out", str(engine))
    assert r.returncode == 0, r.stderr
    bot = f"exec:{sys.executable} -m pedro_sim bot --policy heuristic"
    r = cli("bid", *BID_HAND, "--seat", "eldest", "--policy", bot, "--deals", "150",
            "--out", str(arena))
    assert r.returncode == 0, r.stderr
    for name in ("bid.csv", "points.csv"):
        a = pd.read_csv(engine / name).drop(columns="policy")
        b = pd.read_csv(arena / name).drop(columns="policy")
        pd.testing.assert_frame_equal(a, b)
    assert json.loads((arena / "run.json").read_text())["deals_per_seat"] == [150]


def test_bid_with_a_program_against_pimc_and_its_fault(tmp_path):
    """--bidders exec:... --defenders pimc plays (a row per seat); a program that fails
    in deal 3 stops the run with one line (exit 1), bid.csv written over deals 0..2."""
    import pandas as pd

    out = tmp_path / "bid"
    r = cli("bid", *BID_HAND, "--seat", "dealer", "--bidders", EXAMPLE, "--defenders",
            "pimc:worlds=6,bid_worlds=8", "--deals", "6", "--out", str(out))
    assert r.returncode == 0, r.stderr
    table = pd.read_csv(out / "bid.csv")
    assert list(table.seat) == ["dealer"]
    assert (table.n == 6).all() and (table.played_at_bid == 8).all()
    r = cli("bid", *BID_HAND, "--policy", faulty(tmp_path, "exit"), "--deals", "10",
            "--out", str(out))
    errors = r.stderr.strip().splitlines()
    assert r.returncode == 1 and len(errors) == 1 and "deal 3" in errors[0], r.stderr
    assert list(pd.read_csv(out / "bid.csv").n) == [3]
    r = cli("bid", *BID_HAND, "--policy", EXAMPLE, "--precision", "0.01", "--out", str(out))
    assert r.returncode == 2 and "--precision is not offered" in r.stderr


def test_a_perfect_make_rate_plots(tmp_path):
    """A player that made every bid (Wilson's upper end rounds to 0.9999999999999999 for
    10 bids of 10) draws its error bar: the ladder of a program against pimc stopped on
    it with matplotlib's "yerr must not contain negative values" (a traceback)."""
    import pandas as pd

    from pedro_sim.analysis.stats import wilson
    from pedro_sim.report import ladder_plots, plots

    lo, hi = wilson(10, 10)
    stand = pd.DataFrame({"variant": ["cinch"], "player": ["pimc"], "make_rate": [1.0],
                          "make_lo": [float(lo)], "make_hi": [float(hi)], "bids": [10]})
    ladder_plots.make_rate_figure(stand, 10, tmp_path / "make_rates.png")
    table = pd.DataFrame({"variant": ["cinch"], "policy": ["pimc"], "seat": ["eldest"],
                          "trump": ["H"], "bid": [7], "n": [10], "p_make": [1.0],
                          "p_make_lo": [float(lo)], "p_make_hi": [float(hi)]})
    plots.make_rate_figure(table, "AH", tmp_path / "make_rate.png")
    assert (tmp_path / "make_rates.png").exists() and (tmp_path / "make_rate.png").exists()
