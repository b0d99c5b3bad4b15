"""Bourré in the Python API (games/bourre/api.py, offered by pedro_sim.api): each function
returns the DataFrame its command writes as CSV, the same numbers to the CSV's last
digit on a small run, and refuses bad input with a PedroError."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from pedro_sim import api
from pedro_sim.cli import main
from pedro_sim.errors import PedroError

HAND = "AH KH 9S 4C 2D"


def cli_csv(tmp_path: Path, csv: str, *argv: str) -> str:
    """The text of the CSV ``csv`` that `pedro-sim bourre ARGV --out FOLDER` wrote."""
    out = tmp_path / "report"
    with pytest.raises(SystemExit) as stop:
        main(["bourre", *argv, "--threads", "1", "--out", str(out)])
    assert stop.value.code == 0
    return (out / csv).read_text()


def as_csv(frame: pd.DataFrame) -> str:
    """A frame as the commands write it (report/files.py write_csv)."""
    return frame.to_csv(index=False, float_format="%.6f")


def test_the_api_offers_the_wings_functions_by_name():
    """pedro_sim.api names no game, yet lends each registered game's functions: by
    attribute, by ``from ... import``, in ``dir`` and ``__all__``; a name no game has
    is an AttributeError."""
    from pedro_sim.api import bourre_play
    from pedro_sim.games.bourre import api as wing

    assert bourre_play is wing.bourre_play is api.bourre_play
    for name in wing.__all__:
        assert name in dir(api) and name in api.__all__
    assert "bid" in api.__all__
    with pytest.raises(AttributeError):
        api.bourre_nosuch  # noqa: B018


def test_play_is_play_csv(tmp_path):
    """bourre_play: the options of play.csv, equal to the command's to the last digit."""
    frame = api.bourre_play(HAND, trump="H", players=4, policy="heuristic", deals=3000,
                            seat="second", seed=5, show_progress=False)
    assert list(frame["option"])[:2] == ["pass", "play, draw 0"]
    assert {"chips", "chips_lo", "chips_hi", "p_take", "p_bourre", "seat",
            "pot"} <= set(frame.columns)
    assert as_csv(frame) == cli_csv(tmp_path, "play.csv", "play", HAND, "--trump", "H",
                                    "--players", "4", "--policy", "heuristic", "--deals",
                                    "3000", "--seat", "second", "--seed", "5")


def test_chart_is_chart_csv(tmp_path):
    """bourre_chart: chart.csv's rows for the sizes asked."""
    frame = api.bourre_chart([3], policy="heuristic", deals=600, seed=2,
                             show_progress=False)
    assert set(frame["players"]) == {3}
    assert {"place", "class", "best", "play_chips", "policy"} <= set(frame.columns)
    assert as_csv(frame) == cli_csv(tmp_path, "chart.csv", "chart", "--tables", "3",
                                    "--policy", "heuristic", "--deals", "600", "--seed", "2")


@pytest.mark.parametrize("part", ["places", "seats", "pots", "summary"])
def test_session_parts_are_the_session_csvs(tmp_path, part):
    """bourre_session: each part is the CSV file of that name."""
    frame = api.bourre_session(part, sessions=12, deals=6, players=3, policy="heuristic",
                               rules=["limit=20"], show_progress=False)
    assert {"players", "rules", "policy"} <= set(frame.columns)
    assert as_csv(frame) == cli_csv(tmp_path, f"{part}.csv", "session", "--sessions", "12",
                                    "--deals", "6", "--players", "3", "--policy",
                                    "heuristic", "--rule", "limit=20")


def test_duel_is_the_duel_csv(tmp_path):
    """bourre_duel: the command's one row."""
    frame = api.bourre_duel("random", "heuristic", sessions=4, deals=5, players=3,
                            show_progress=False)
    assert len(frame) == 1 and {"chips_diff", "chips_diff_lo", "a_played"} <= set(frame)
    assert as_csv(frame) == cli_csv(tmp_path, "duel.csv", "duel", "--a", "random", "--b",
                                    "heuristic", "--sessions", "4", "--deals", "5",
                                    "--players", "3")


@pytest.mark.parametrize("call, fragment", [
    (lambda: api.bourre_play("AH KH 9S 4C", trump="H"), "needs 5 cards"),
    (lambda: api.bourre_play(HAND, trump="X"), "'X' is not a suit"),
    (lambda: api.bourre_play(HAND, trump="H", players=9), "2 to 8 players"),
    (lambda: api.bourre_play(HAND, trump="H", deals=0), "--deals must be 1..1,000,000,000,000"),
    (lambda: api.bourre_play(HAND, trump="H", seed=-1), "--seed must be 0.."),
    (lambda: api.bourre_play(HAND, trump="H", pot=0), "--pot 0"),
    (lambda: api.bourre_play(HAND, trump="H", seat="9"), "--seat 9"),
    (lambda: api.bourre_play(HAND, trump="H", rules=["limit"]), "expected NAME=VALUE"),
    (lambda: api.bourre_play(HAND, trump="H", policy="nosuch"), "unknown Bourré player"),
    (lambda: api.bourre_chart(9), "tables: 9 players"),
    (lambda: api.bourre_chart([]), "at least one table size"),
    (lambda: api.bourre_session("nope"), "part 'nope'"),
    (lambda: api.bourre_session(sessions=1), "--sessions must be 2.."),
    (lambda: api.bourre_session(deals=0), "--deals must be 1..1,048,576"),
    (lambda: api.bourre_duel("heuristic/random", "pimc", players=2), "no '/'"),
    (lambda: api.bourre_duel(sessions=1), "--sessions must be 2.."),
])
def test_bad_input_is_a_pedro_error(call, fragment):
    """Each refused before any deal, naming the bad option."""
    with pytest.raises(PedroError) as err:
        call()
    assert fragment in str(err.value)
