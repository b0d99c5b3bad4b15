"""Fuzzing: parsers and the command line never answer random input with a traceback.
Every outcome is a result (exit 0) or a one-line error (exit 2)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pedro_sim.cards import parse_card, parse_hand
from pedro_sim.cli import main
from pedro_sim.errors import PedroError
from pedro_sim.solving import parse_position

TEXT = st.text(alphabet="AKQJT98765432SHDCshdc10 ,;♠♥♦♣JKXZ-", max_size=40)


@given(TEXT)
@settings(max_examples=300, deadline=None)
def test_card_and_hand_parsers(text):
    for parse in (parse_card, parse_hand):
        try:
            parse(text)
        except PedroError as e:
            assert "\n" not in str(e)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.sampled_from(
        ["cinch", "pidro", "H", "X", "AH", "5D", "JK", "2C", "QS", ""]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
        st.sampled_from(["variant", "trump", "leader", "bidder", "hands", "trick",
                         "trick_index"]), inner, max_size=7),
    max_leaves=30)


@given(JSONISH)
@settings(max_examples=300, deadline=None)
def test_position_parser(obj):
    try:
        parse_position(obj)
    except PedroError as e:
        assert "\n" not in str(e)


COMMANDS = {
    "bid": ["AH KH 5H 2H 9C 4D JS 7S 3C", "AH KH", "--bid", "8", "15", "--trump", "H", "X",
            "best", "--seat", "all", "fifth", "--deals", "40", "-3", "--policy", "random",
            "pimc", "genius", "--worlds", "2", "0", "--variant", "sancho", "pidro", "bridge",
            "--rule", "min_bid=6", "hand=3"],
    "trace": ["--deals", "3", "0", "--policy", "dd", "--bidders", "random", "--defenders",
              "heuristic", "--variant", "foster", "--first", "7", "--rule", "max_bid=99"],
    "show": ["--deal", "2", "-1", "--variant", "king-pedro", "--policy", "random"],
    "rules": ["cinch", "eighty-three", "nope", "--rule", "keep=5"],
    "duel": ["--a", "random", "--b", "heuristic", "dd", "--deals", "4", "--worlds", "1",
             "--eval", "solver", "magic", "--variant", "pidro"],
    "variants": ["--presets", "cinch", "sancho,cinch", "nope", "--deals", "50", "--games",
                 "0", "2", "--policy", "random"],
    "holdings": ["--seat", "dealer", "all", "sixth", "--deals", "20", "0", "--bid", "9", "99",
                 "--variant", "sancho", "bridge", "--policy", "random", "genius"],
    "technique": ["cinch", "all", "nope", "--side", "bidders", "both", "left", "--deals", "30",
                  "--policy", "random", "--variant", "foster"],
    "advise": ["AH KH 5H 2H 9C 4D JS 7S 3C", "AH AH", "--seat", "third", "all", "--score",
               "40-35", "70-0", "x", "--deals", "30", "--games", "5", "--variant", "pidro"],
    "chart": ["bids", "cards", "all", "pie", "--by", "pedros", "colour", "--deals", "20",
              "--bid", "8", "-1"],
    "report": ["--deals", "20", "--games", "0", "--policy", "random", "genius"],
}


SMALL = {"holdings": ["--deals", "20"], "technique": ["--deals", "20"],
         "advise": ["--deals", "20", "--games", "5"], "chart": ["--deals", "20"],
         "report": ["--deals", "20", "--games", "0"]}


@st.composite
def command_lines(draw):
    name = draw(st.sampled_from(sorted(COMMANDS)))
    tokens = draw(st.lists(st.sampled_from(COMMANDS[name] + ["--frobnicate", "--help"]),
                           max_size=6))
    return [name, *tokens]


@pytest.mark.filterwarnings("ignore")
@given(command_lines())
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_command_line(tmp_path_factory, capsys, argv):
    out = tmp_path_factory.mktemp("fuzz")
    if argv[0] in SMALL:  # a default size first: the drawn options override it
        argv = [argv[0], *SMALL[argv[0]], *argv[1:]]
    if argv[0] not in ("show", "rules"):
        argv = [*argv, "--out", str(out / ("deals.jsonl" if argv[0] == "trace" else "r"))]
    cwd = os.getcwd()
    os.chdir(out)
    try:
        with pytest.raises(SystemExit) as stop:
            main(argv)
    finally:
        os.chdir(cwd)
    err = capsys.readouterr().err
    assert stop.value.code in (0, 2), (argv, err)
    assert "Traceback" not in err, (argv, err)
    if stop.value.code == 2 and err:
        assert err.strip().count("\n") == 0, (argv, err)
