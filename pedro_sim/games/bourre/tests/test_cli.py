"""`pedro-sim bourre ...` as a user meets it (pedro_sim.cli.main in this process): bad
input refused in one line with exit code 2 and nothing written, and each command's
report on a small run: play, session, duel, trace, show, rules, chart."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from pedro_sim.analysis.seat_words import seat_names
from pedro_sim.cli import main
from pedro_sim.games.bourre.analysis.seating import seated
from pedro_sim.games.bourre.analysis.traces import session_traces
from pedro_sim.games.bourre.rules import BourreRules
from pedro_sim.reference import bourre as R

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
    (["play", HAND, "--trump", "H", "--seat", "eldest", "--turned", "AH"],
     "only the dealer holds the turned-up card"),
    (["play", HAND, "--trump", "H", "--seat", "dealer", "--turned", "2S"], "is not a H"),
    (["play", "9S 4C 2D 3D 5D", "--trump", "H", "--seat", "dealer"], "needs a card of H"),
    (["play", HAND, "--trump", "X"], "'X' is not a suit"),
    *[(["play", HAND, "--trump", "H", "--players", n], "'--players': must be 2..8")
      for n in ("9", "1")],
    (["play", HAND, "--trump", "H", "--rule", "players=9"], "players=9"),
    (["play", HAND, "--trump", "H", "--rule", "limit=0"], "limit=0"),
    (["play", HAND, "--trump", "H", "--rule", "limit=abc"], "limit='abc'"),
    (["play", HAND, "--trump", "H", "--rule", "nosuch=1"], "unknown Bourré option 'nosuch'"),
    (["play", HAND, "--trump", "H", "--rule", "trump_card=maybe"], "trump_card='maybe'"),
    (["play", HAND, "--trump", "H", "--rule", "double_ante=maybe"], "double_ante='maybe'"),
    (["play", HAND, "--trump", "H", "--rule", "limit"], "expected NAME=VALUE"),
    (["play", HAND, "--trump", "H", "--rule", "limit="], "expected NAME=VALUE"),
    (["play", HAND, "--trump", "H", "--rule", "players=3", "--players", "4"], "disagree"),
    (["play", HAND, "--trump", "H", "--seat", "8"], "--seat 8: seats are 1..7 counted from "
     "the dealer's left (1 eldest, 7 dealer), or eldest, second, third, fourth, fifth, "
     "sixth, dealer"),
    *[(["play", HAND, "--trump", "H", "--seat", seat], f"--seat {seat}: seats are 1..7")
      for seat in ("0", "all")],
    (["play", HAND, "--trump", "H", "--pot", "0"], "'--pot': must be 1..10000"),
    (["play", HAND, "--trump", "H", "--policy", "nosuch"], "unknown Bourré player 'nosuch'"),
    (["play", HAND, "--trump", "H", "--policy", "pimc:worlds=0"], "'worlds=0'"),
    (["play", HAND, "--trump", "H", "--policy", "random:worlds=3"], "only pimc"),
    (["play", HAND, "--trump", "H", "--policy", "pimc:=3"], "pimc's Bourré settings are"),
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
    code, out, err = run(capsys, "play", HAND, "--trump", "H", "--seat", "second", "--players",
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
    assert (table.seat == "second").all()  # --seat's words, as Pedro's CSVs
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
    """--out is a folder, as every command's that writes several files (Pedro's duel too)."""
    code, out, err = run(capsys, "duel", "--a", "heuristic", "--b", "random", "--sessions",
                         "20", "--players", "4", "--out", str(tmp_path / "d"))
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == ["duel.csv", "run.json"]
    assert f"wrote {tmp_path / 'd'}/duel.csv, run.json" in out
    meta = json.loads((tmp_path / "d" / "run.json").read_text())
    assert meta["a"] == "heuristic" and meta["sessions"] == 20 and meta["seed"] == 12345
    row = pd.read_csv(tmp_path / "d" / "duel.csv").iloc[0]
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
    for s, hand in enumerate(d["hands"]):  # each seat with its --seat word
        word = seat_names(4)[(s - d["dealer"] - 1) % 4]
        assert f"S{s} ({word})".ljust(11) + f" dealt {' '.join(hand)}" in out
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


# --------------------------------------------------------------------------- issue 48

@pytest.mark.parametrize("argv, option, bounds", [
    (["session", "--players", "99"], "--players", "2..8"),
    (["trace", "--players", "0"], "--players", "2..8"),
    (["play", HAND, "--trump", "H", "--pot", "10001"], "--pot", "1..10000"),
    (["duel", "--sessions", "1"], "--sessions", "2..10000000"),
    (["session", "--deals", "0"], "--deals", "1..1048576"),
    (["show", "--deal", "1048576"], "--deal", "0..1048575"),
    (["session", "--threads", "-1"], "--threads", "0.."),
])
def test_a_number_out_of_range_is_refused_by_its_option(capsys, argv, option, bounds):
    """Refused by the option itself, the range named as --help shows it, exit 2."""
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1, err
    assert f"'{option}': must be {bounds}" in err, err
    assert f"see pedro-sim bourre {argv[0]} --help" in err


def test_players_and_threads_show_the_range_they_take(capsys):
    import numba

    code, out, _ = run(capsys, "session", "--help")
    text = " ".join(out.split())
    assert code == 0 and "[2<=x<=8]" in text and "1..99" not in text
    assert f"[0<=x<={numba.config.NUMBA_NUM_THREADS}]" in text
    code, _, err = run(capsys, "session", "--threads", str(numba.config.NUMBA_NUM_THREADS + 1))
    assert code == 2 and f"must be 0..{numba.config.NUMBA_NUM_THREADS}" in err


@pytest.mark.parametrize("argv", [
    ["play", HAND, "--trump", "H", "--players", "3", "--deals", "500"],
    ["session", "--sessions", "4", "--deals", "3", "--players", "3"],
    ["chart", "--tables", "2", "--deals", "300"],
    ["duel", "--a", "heuristic", "--b", "random", "--sessions", "2", "--players", "2",
     "--deals", "2"],
    ["trace", "--sessions", "1", "--deals", "2", "--players", "3"],
], ids=lambda a: a[0])
def test_every_command_says_what_it_wrote(capsys, tmp_path, argv):
    target = tmp_path / ("deals.jsonl" if argv[0] == "trace" else "r")
    code, out, err = run(capsys, *argv, "--policy" if argv[0] != "duel" else "--b",
                         "heuristic", "--out", str(target))
    assert code == 0, err
    files = sorted(target.iterdir()) if target.is_dir() else [target]
    said = [line for line in out.splitlines() if line.startswith("wrote ")]
    assert len(said) == 1 and files, out
    assert str(files[0].parent) in said[0]
    for f in files:
        assert f.name in said[0], (f.name, said[0])


def _drawn(monkeypatch, draw) -> list:
    """The figures ``draw`` saves, kept instead of written."""
    from pedro_sim.games.bourre import plots as BP

    figures: list = []
    monkeypatch.setattr(BP, "save", lambda fig, path: figures.append(fig))
    draw()
    return figures


def _texts(fig) -> list[str]:
    """The figure's titles, labels, notes and legends, each checked to lie whole inside it
    (tick labels apart: matplotlib draws only those within the axes' limits)."""
    fig.canvas.draw()
    renderer, box = fig.canvas.get_renderer(), fig.bbox
    texts = []
    shown = [*fig.texts, *([fig._suptitle] if fig._suptitle else []),
             *(t for legend in fig.legends for t in legend.get_texts()),
             *(t for ax in fig.axes for t in (ax.title, ax.xaxis.label, ax.yaxis.label,
                                              *ax.texts))]
    for t in shown:
        if not t.get_text().strip():
            continue
        e = t.get_window_extent(renderer)
        assert (e.x0 >= box.x0 - 0.5 and e.x1 <= box.x1 + 0.5 and e.y0 >= box.y0 - 0.5
                and e.y1 <= box.y1 + 0.5), f"cut at the figure's edge: {t.get_text()!r}"
        texts.append(t.get_text())
    return texts


def test_bourre_chart_titles_fit_their_figures(capsys, monkeypatch, tmp_path):
    """The longest titles a run gives (a seat's spec, pimc's settings) wrap, never cut."""
    spec = "pimc:declare_worlds=16,card_worlds=8/heuristic/random/heuristic"
    figures = _drawn(monkeypatch, lambda: run(
        capsys, "play", HAND, "--trump", "H", "--players", "4", "--seat", "2", "--deals",
        "300", "--policy", spec.replace("pimc:declare_worlds=16,card_worlds=8", "heuristic"),
        "--out", str(tmp_path / "p")))
    figures += _drawn(monkeypatch, lambda: run(
        capsys, "session", "--sessions", "3", "--deals", "2", "--players", "8", "--rule",
        "limit=250", "--rule", "double_ante=true", "--rule", "trump_card=nobody",
        "--policy", "heuristic", "--out", str(tmp_path / "s")))
    assert len(figures) == 3
    for fig in figures:
        _texts(fig)
    from pedro_sim.games.bourre import plots as BP

    long = pd.DataFrame({"option": ["pass", "play, draw 0"], "chips": [0.0, 1.0],
                         "chips_lo": [0.0, 0.5], "chips_hi": [0.0, 1.5]})
    title = (f"AH KH 9S 4C 2D, trumps H, place 3 after the dealer, 8 players, pot 10,000: "
             f"{spec}, 100,000,000 deals")
    fig = _drawn(monkeypatch, lambda: BP.option_chart(long, title, tmp_path / "x.png"))[0]
    assert "100,000,000 deals" in " ".join(" ".join(_texts(fig)).split())


def test_the_decision_chart_says_how_it_reads(capsys, monkeypatch, tmp_path):
    """Its pot filled in, a legend of the colours, a note on rows, columns and white cells;
    docs/bourre.md says the same."""
    figures = _drawn(monkeypatch, lambda: run(
        capsys, "chart", "--tables", "3,7", "--deals", "1000", "--policy", "heuristic",
        "--out", str(tmp_path)))
    text = " ".join(" ".join(_texts(figures[0])).split())
    assert "pot N" not in text
    assert "3 players, pot 3 chips" in text and "7 players, pot 7 chips" in text
    for words in ("pass", "play, draw 0", "play, draw 5", "1T: one trump",
                  "J-: the jack or lower", "+A: an ace of another suit",
                  "A white cell: fewer than 10 hands"):
        assert words in text, words
    assert (pd.read_csv(tmp_path / "chart.csv").eval("pot == players")).all()
    docs = " ".join((Path(__file__).parents[4] / "docs" / "bourre.md").read_text().split())
    assert "A white cell" in docs and "J-: the jack or lower" in docs


# --------------------------------------------------------------------------- issue 49


def _options(command) -> dict[str, object]:
    """A click command's options by their flag."""
    return {p.opts[0]: p for p in command.params if getattr(p, "opts", None)}


def test_both_games_share_one_declaration_of_the_common_options():
    """--seed, --threads, --players, --workers, --deals: the same limits in every command of
    both games (Bourré's deals a session apart: its stream keeps 2^20 of a session apart)."""
    import typer

    from pedro_sim.cli import app

    root = typer.main.get_command(app)
    commands = {name: c for name, c in root.commands.items() if name != "bourre"}
    commands |= {f"bourre {name}": c for name, c in root.commands["bourre"].commands.items()}
    seen: dict[str, set] = {}
    for command in commands.values():
        for flag, param in _options(command).items():
            if flag in ("--seed", "--threads", "--players", "--workers", "--deals"):
                seen.setdefault(flag, set()).add((param.min, param.max))
    assert len(seen["--seed"]) == len(seen["--threads"]) == len(seen["--workers"]) == 1
    assert seen["--players"] == {(2, 8)}
    assert seen["--deals"] == {(1, 10**12), (1, 1 << 20)}, seen["--deals"]


@pytest.mark.parametrize("argv", [["play", HAND, "--trump", "H"], ["chart"], ["session"],
                                  ["duel"], ["trace"]], ids=lambda a: a[0])
def test_an_empty_out_is_refused_at_the_option(capsys, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *argv, "--out", " ")
    assert code == 2 and err.count("\n") == 1, err
    assert "'--out': is empty" in err and not list(tmp_path.iterdir())


def test_play_refuses_deals_whose_sums_would_overflow(capsys, tmp_path):
    """--deals takes what Pedro's takes; at a pot of 10,000 the sums of the chips'
    products bound it, in one line before any work."""
    code, _, err = run(capsys, "play", HAND, "--trump", "H", "--pot", "10000", "--deals",
                       str(10**12), "--policy", "heuristic", "--out", str(tmp_path / "r"))
    assert code == 2 and err.count("\n") == 1, err
    assert "--deals 1,000,000,000,000 at a pot of 10,000 chips: at most" in err
    assert not (tmp_path / "r").exists()


def test_play_on_a_local_dask_cluster_writes_the_same_bytes(capsys, tmp_path):
    """--workers 2 (a local Dask cluster) and --threads 2: the same play.csv."""
    pytest.importorskip("dask.distributed")
    argv = ["play", HAND, "--trump", "H", "--players", "5", "--policy", "heuristic",
            "--deals", "6000"]
    for name, extra in (("threads", ["--threads", "2"]), ("workers", ["--workers", "2"])):
        code, _, err = run(capsys, *argv, *extra, "--out", str(tmp_path / name))
        assert code == 0, err
    assert (tmp_path / "threads" / "play.csv").read_bytes() == \
        (tmp_path / "workers" / "play.csv").read_bytes()
