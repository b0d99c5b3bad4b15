"""`pedro-sim bourre ...` as a user meets it (pedro_sim.cli.main in this process): bad
input refused in one line with exit code 2 and nothing written, and each command's
report on a small run: play, session, duel, trace, show, rules, chart."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from pedro_sim.analysis.bourre.table import seated
from pedro_sim.analysis.bourre.traces import session_traces
from pedro_sim.cli import main
from pedro_sim.reference import bourre as R
from pedro_sim.rules.bourre import BourreRules

HAND = "AH KH 9S 4C 2D"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """main(argv): its exit code, stdout and stderr."""
    with pytest.raises(SystemExit) as stop:
        main(["bourre", *argv])
    got = capsys.readouterr()
    return stop.value.code, got.out, got.err


@pytest.mark.parametrize("args, fragment", [
    (["play", "AH KH 9S 4C", "--trump", "H"], "needs 5 cards, got 4"),
    (["play", "AH KH 9S 4C 4C", "--trump", "H"], "duplicate card '4C'"),
    (["play", HAND, "--trump", "H", "--seat", "dealer", "--turned", "QH"],
     "the dealer's turned-up card is one of its five"),
    (["play", HAND, "--trump", "H", "--seat", "1", "--turned", "AH"],
     "only the dealer holds the turned-up card"),
    (["play", HAND, "--trump", "H", "--seat", "dealer", "--turned", "2S"], "is not a H"),
    (["play", "9S 4C 2D 3D 5D", "--trump", "H", "--seat", "dealer"], "needs a card of H"),
    (["play", HAND, "--trump", "X"], "'X' is not a suit"),
    (["play", HAND, "--trump", "H", "--players", "9"], "players=9"),
    (["play", HAND, "--trump", "H", "--players", "1"], "players=1"),
    (["play", HAND, "--trump", "H", "--rule", "limit=0"], "limit=0"),
    (["play", HAND, "--trump", "H", "--rule", "limit=abc"], "limit='abc'"),
    (["play", HAND, "--trump", "H", "--rule", "nosuch=1"], "unknown Bourré option 'nosuch'"),
    (["play", HAND, "--trump", "H", "--rule", "trump_card=maybe"], "trump_card='maybe'"),
    (["play", HAND, "--trump", "H", "--rule", "double_ante=maybe"], "double_ante='maybe'"),
    (["play", HAND, "--trump", "H", "--rule", "limit"], "expected NAME=VALUE"),
    (["play", HAND, "--trump", "H", "--rule", "players=3", "--players", "4"], "disagree"),
    (["play", HAND, "--trump", "H", "--seat", "8"], "--seat 8: a table of 7"),
    (["play", HAND, "--trump", "H", "--seat", "0"], "--seat 0"),
    (["play", HAND, "--trump", "H", "--pot", "0"], "--pot 0"),
    (["play", HAND, "--trump", "H", "--policy", "nosuch"], "unknown Bourré player 'nosuch'"),
    (["play", HAND, "--trump", "H", "--policy", "pimc:worlds=0"], "'worlds=0'"),
    (["play", HAND, "--trump", "H", "--policy", "random:worlds=3"], "only pimc"),
    (["chart", "--tables", "9"], "--tables '9'"),
    (["chart", "--tables", "3-x"], "--tables '3-x'"),
    (["session", "--players", "4", "--policy", "heuristic/random/pimc"],
     "names 3 players for a table of 4"),
    (["duel", "--a", "heuristic/random", "--players", "2"], "no '/'"),
    (["duel", "--a", "exec:python3 /path/to/bot.py"], "Bourré seats no outside program"),
    (["session", "--players", "3", "--policy", "heuristic/random/exec:./bots/a.py"],
     "'exec:./bots/a.py': Bourré seats no outside program"),
    (["session", "--players", "3", "--policy", "heuristic/exec:./bots/a.py"],
     "Bourré seats no outside program"),
    (["duel", "--sessions", "1"], "--sessions"),
    (["show", "--policy", "pimc:worlds=0"], "'worlds=0'"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, monkeypatch, tmp_path, args, fragment):
    monkeypatch.chdir(tmp_path)
    out = ["--out", str(tmp_path / "r")] if args[0] != "show" else []
    code, _, err = run(capsys, *args, *out)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and fragment in lines[0], err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == [], "nothing is written on bad input"


def test_players_given_twice_one_not_a_number(capsys, tmp_path):
    code, _, err = run(capsys, "play", HAND, "--trump", "H", "--rule", "players=x",
                       "--players", "4", "--out", str(tmp_path / "r"))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_a_limit_past_64_bits(capsys, tmp_path):
    code, _, err = run(capsys, "play", HAND, "--trump", "H", "--policy", "heuristic",
                       "--deals", "10", "--rule", "limit=99999999999999999999",
                       "--out", str(tmp_path / "r"))
    assert code == 2 and len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------------- good runs


def test_play_writes_its_report_and_marks_the_best(capsys, tmp_path):
    code, out, err = run(capsys, "play", HAND, "--trump", "H", "--seat", "2", "--players",
                         "4", "--policy", "heuristic", "--deals", "3000", "--out",
                         str(tmp_path))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["play.csv", "play.png", "run.json"]
    table = pd.read_csv(tmp_path / "play.csv")
    assert list(table.option) == ["pass"] + [f"play, draw {k}" for k in range(6)]
    assert table.best.sum() == 1
    best = table[table.best].iloc[0]
    assert best.chips == table.chips.max() and best.vs_best == 0
    assert table.loc[table.option == "pass", "chips"].item() == 0
    assert (table.deals == 3000).all() and (table.pot == 4).all()
    assert f"{best.option} *" in out, out
    meta = json.loads((tmp_path / "run.json").read_text())
    assert meta["seed"] == 12345 and meta["deals"] == 3000 and meta["policy"] == "heuristic"


def test_play_for_the_dealer_on_its_turned_up_ace_has_no_pass(capsys, tmp_path):
    """The dealer's own turned-up ace binds it to play: pass is not an option."""
    code, _, err = run(capsys, "play", HAND, "--trump", "H", "--seat", "dealer", "--turned",
                       "AH", "--players", "3", "--policy", "heuristic", "--deals", "2000",
                       "--out", str(tmp_path))
    assert code == 0, err
    table = pd.read_csv(tmp_path / "play.csv")
    assert "pass" not in set(table.option) and len(table) == 6


def test_session_writes_its_report(capsys, tmp_path):
    code, out, err = run(capsys, "session", "--sessions", "50", "--policy", "heuristic",
                         "--out", str(tmp_path))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "places.csv", "places.png", "pots.csv", "pots.png", "run.json", "seats.csv",
        "summary.csv"]
    places = pd.read_csv(tmp_path / "places.csv")
    assert list(places.place) == [str(p) for p in range(1, 7)] + ["dealer"]
    summary = pd.read_csv(tmp_path / "summary.csv").iloc[0]
    assert summary.sessions == 50 and summary.deals_per_session == 10
    # every chip the seats lost is in the pot left at the end (docs/bourre.md section 2)
    seats = pd.read_csv(tmp_path / "seats.csv")
    assert seats.chips_per_deal.sum() * 10 == pytest.approx(-summary.final_pot)
    assert pd.read_csv(tmp_path / "pots.csv").deals.sum() == 500
    assert "dealer" in out


def test_duel_shows_the_heuristic_ahead_of_random(capsys, tmp_path):
    target = tmp_path / "duel.csv"
    code, _, err = run(capsys, "duel", "--a", "heuristic", "--b", "random", "--sessions",
                       "20", "--players", "4", "--out", str(target))
    assert code == 0, err
    row = pd.read_csv(target).iloc[0]
    assert row.a == "heuristic" and row.b == "random" and row.sessions == 20
    assert row.chips_diff_lo > 0, row


@pytest.mark.parametrize("policy, rules", [("heuristic", []),
                                           ("random", ["--rule", "double_ante=true",
                                                       "--rule", "limit=7"])])
def test_trace_writes_sessions_that_check(capsys, tmp_path, policy, rules):
    """Each session of the file passes the reference checker (for the random player it
    also replays the stream)."""
    target = tmp_path / "deals.jsonl"
    code, _, err = run(capsys, "trace", "--sessions", "3", "--first", "4", "--deals", "8",
                       "--players", "5", "--policy", policy, *rules, "--out", str(target))
    assert code == 0, err
    deals = [json.loads(line) for line in target.read_text().splitlines()]
    assert len(deals) == 24 and {d["policy"] for d in deals} == {policy}
    for g in (4, 5, 6):
        session = [d for d in deals if d["deal"] >> 20 == g]
        assert len(session) == 8
        assert R.check_session(session) == [], g


def test_show_prints_the_deal(capsys):
    code, out, err = run(capsys, "show", "--session", "2", "--deal", "3", "--players", "4",
                         "--seed", "9")
    assert code == 0, err
    table = seated("heuristic", 4)
    d = session_traces(BourreRules(players=4), 9, 2, 4, table.pol, table.worlds,
                       "heuristic")[3]
    assert out.startswith(f"bourré deal {2 * 2**20 + 3} of seed 9 (heuristic): 4 players, "
                          f"dealer S{d['dealer']}")
    for s, hand in enumerate(d["hands"]):
        assert f"S{s} dealt {' '.join(hand)}" in out
    assert f"pot {d['pot_before']} after the antes" in out


def test_rules_fit_79_columns(capsys):
    code, out, err = run(capsys, "rules")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) > 10 and max(len(line) for line in lines) <= 79
    for name in ("players", "limit", "double_ante", "trump_card"):
        assert any(line.strip().startswith(f"{name}:") for line in lines), name


def test_chart_writes_its_report(capsys, tmp_path):
    code, out, err = run(capsys, "chart", "--tables", "2", "--deals", "2000", "--policy",
                         "heuristic", "--out", str(tmp_path))
    assert code == 0, err
    assert {"chart.csv", "chart.png"} <= {p.name for p in tmp_path.iterdir()}
    chart = pd.read_csv(tmp_path / "chart.csv")
    assert set(chart.players) == {2} and set(chart.place) == {"1", "dealer"}
    assert (chart.deals >= 20).all() and (chart.policy == "heuristic").all()  # 1% of 2,000
    assert "2 players: play is best in" in out


@pytest.mark.parametrize("argv", [["rules", "bourre"], ["trace", "--variant", "booray"]])
def test_bourre_as_a_pedro_preset_points_to_its_commands(capsys, tmp_path, monkeypatch, argv):
    """A user who asks a Pedro command for Bourré is told where Bourré is, in one line."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1, err
    assert "pedro-sim bourre" in err and not list(tmp_path.iterdir())
