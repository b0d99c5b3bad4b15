"""Fuzzing: parsers and the command line never answer random input with a traceback.
Every outcome is a result (exit 0) or a one-line error (exit 2)."""

from __future__ import annotations

import functools
import json
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pedro_sim.analysis.decisions.position import decision_from_trace
from pedro_sim.cards import parse_card, parse_hand
from pedro_sim.cli import main
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.errors import PedroError
from pedro_sim.solving import parse_position
from pedro_sim.traces import record_deals, trace_dict

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
    st.none() | st.booleans() | st.integers(-5, 60) | st.integers(-2**70, 2**70)
    | st.sampled_from(
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


HUGE = ["99999999999999999999", "-99999999999999999999", str(2**64), str(2**63)]
COMMANDS = {
    "bid": ["AH KH 5H 2H 9C 4D JS 7S 3C", "AH KH", "--bid", "8", "15", "--trump", "H", "X",
            "best", "--seat", "all", "fifth", "--deals", "40", "-3", "--policy", "random",
            "pimc", "genius", "--worlds", "2", "0", "--variant", "sancho", "pidro", "bridge",
            "--rule", "min_bid=6", "hand=3"],
    "trace": ["--deals", "3", "0", *HUGE, "--policy", "dd", "--bidders", "random", "--defenders",
              "heuristic", "--variant", "foster", "--first", "7", "--rule", "max_bid=99"],
    "show": ["--deal", "2", "-1", *HUGE, "--variant", "king-pedro", "--policy", "random"],
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
    "report": ["--deals", "5", "--games", "0", "--policy", "random", "genius"],
    "explain": ["--trace", "deals.jsonl", "--deal", "0", "99", "--trick", "0", "40", "--seat",
                "1", "7", "--call", "--position", "d.json", "--worlds", "5", "5000"],
}


# a small size first for every command whose default runs long (bid and duel: thousands
# of thinking players' deals), so that no drawn example takes half a minute
SMALL = {"bid": ["--deals", "20"], "duel": ["--deals", "4"],
         "variants": ["--deals", "50", "--games", "2"],
         "holdings": ["--deals", "20"], "technique": ["--deals", "20"],
         "advise": ["--deals", "20", "--games", "5"], "chart": ["--deals", "20"],
         "report": ["--deals", "4", "--games", "0"]}


@st.composite
def command_lines(draw):
    name = draw(st.sampled_from(sorted(COMMANDS)))
    tokens = draw(st.lists(st.sampled_from(COMMANDS[name] + ["--frobnicate", "--help"]),
                           max_size=6))
    return [name, *tokens]


@pytest.mark.many_sides
@pytest.mark.filterwarnings("ignore")
@given(command_lines())
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_command_line(tmp_path_factory, capsys, argv):
    out = tmp_path_factory.mktemp("fuzz")
    if argv[0] in SMALL:  # a default size first: the drawn options override it
        argv = [argv[0], *SMALL[argv[0]], *argv[1:]]
    if argv[0] not in ("show", "rules"):
        argv = [*argv, "--out", str(out / ("deals.jsonl" if argv[0] == "trace" else "r"))]
    if argv[0] == "explain":  # something real to explain, and something broken
        trace = explain_inputs()
        (out / "deals.jsonl").write_text(json.dumps(trace) + "\n")
        (out / "d.json").write_text(json.dumps(decision_from_trace(trace, 1, 1)))
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


@functools.cache
def explain_inputs() -> dict:
    """A pimc deal's trace (few worlds: quick)."""
    inputs = EngineInputs.for_variant("cinch")
    who = players("pimc:worlds=3,bid_worlds=8,keep_worlds=4", inputs.variant)
    rec = record_deals(inputs, 2, np.arange(1), who.policy, who.flags)[0]
    return trace_dict(rec, inputs, 2, 0, who.label)


NEEDS = {"bid": ["AH KH 5H 2H 9C 4D JS 7S 3C"], "advise": ["AH KH 5H 2H 9C 4D JS 7S 3C"],
         "technique": ["cinch"], "chart": ["bids"], "solve": ["--in", "positions.jsonl"]}


def _integer_options() -> list[tuple[str, str]]:
    """(command, flag) of every integer option, read from the commands' signatures."""
    import inspect

    from pedro_sim.cli import app

    found = []
    for info in app.registered_commands:
        name = info.name or info.callback.__name__
        for param in inspect.signature(info.callback).parameters.values():
            decls = getattr(param.default, "param_decls", None)
            if param.annotation in (int, "int") and decls:
                found.append((name, decls[0]))
    return found


def test_every_integer_option_refuses_numbers_beyond_64_bits(tmp_path, capsys):
    options = _integer_options()
    assert ("show", "--deal") in options and ("bid", "--deals") in options
    (tmp_path / "positions.jsonl").write_text("")
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        for name, flag in options:
            for value in HUGE:
                tail = [] if name in ("show", "rules", "warmup", "solve") else \
                    ["--out", str(tmp_path / "x")]
                with pytest.raises(SystemExit) as stop:
                    main([name, *NEEDS.get(name, []), flag, value, *tail])
                err = capsys.readouterr().err
                assert stop.value.code == 2, (name, flag, value, err)
                assert err.strip().count("\n") == 0 and "Traceback" not in err, (name, flag)
                assert flag in err or "bid" in err or "out of range" in err, (name, flag, err)
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("argv", [
    ["show", "--deal", "99999999999999999999"],
    ["trace", "--first", str(2**63 - 2), "--deals", "5"],
    ["bid", "AH KH 5H 2H 9C 4D JS 7S 3C", "--rule", "target=99999999999999999999"],
    ["advise", "AH KH 5H 2H 9C 4D JS 7S 3C", "--score", "-99999999999999999999-0"],
    ["rules", "cinch", "--rule", "min_bid=-99999999999999999999"],
])
def test_huge_numbers_are_one_line_errors(argv, capsys, tmp_path):
    with pytest.raises(SystemExit) as stop:
        main([*argv, *(["--out", str(tmp_path / "r")] if argv[0] in ("bid", "advise") else [])])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.strip().count("\n") == 0 and "Traceback" not in err, err
