"""Rules as data: presets, house rules, validation, and the `rules` command."""

from __future__ import annotations

import subprocess

import pytest
from in_process import run_cli

from pedro_sim.engine_inputs import PLAYED_PRESETS, EngineInputs, check_engine_plays
from pedro_sim.errors import PedroError
from pedro_sim.rules import PRESETS, get_preset
from pedro_sim.rules.describe import describe
from pedro_sim.rules.overrides import apply_rules, parse_rule_args, resolve_variant

# points a deal, docs/rules.md section 4
TOTALS = {"cinch": 14, "foster": 14, "california": 16, "family": 14, "pidro": 14,
          "nicaragua": 14, "catch-five": 9, "sancho": 18, "dom-pedro": 36, "king-pedro": 44,
          "sixty-three": 63, "eighty-three": 83, "lipton": 35, "ukrainian": 62,
          "five-handed": 16}


def test_every_preset_is_defined_with_its_points():
    assert {name: v.total_points for name, v in PRESETS.items()} == TOTALS
    for name, v in PRESETS.items():
        assert v.name == name
        assert describe(v)[0].startswith(name)


def test_bid_ranges():
    ranges = {n: (v.min_bid, v.max_bid) for n, v in PRESETS.items()}
    assert ranges["cinch"] == (7, 14) and ranges["california"] == (6, 16)
    assert ranges["catch-five"] == (2, 9) and ranges["dom-pedro"] == (1, 36)
    assert ranges["king-pedro"] == (30, 44) and ranges["eighty-three"] == (30, 83)


def test_house_rules_from_the_command_line():
    v = resolve_variant("cinch", ["min_bid=6", "target=52", "points.K=2", "points.T=0",
                                  "off_five_trump=yes"])
    assert (v.min_bid, v.target, v.points["K"], v.total_points) == (6, 52, 2, 15)
    with pytest.raises(PedroError, match="7 trumps score"):  # a seventh scoring trump
        resolve_variant("cinch", ["points.K=2"])
    assert resolve_variant("cinch", ["points.2=0", "max_bid=13"]).total_points == 13
    with pytest.raises(PedroError, match="within 1..13"):
        resolve_variant("cinch", ["points.2=0"])


def test_house_rules_from_toml(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('min_bid = 6\ntarget = 52\ndealer_may_equal = true\n[points]\nK = 3\nT = 0\n')
    v = resolve_variant("cinch", ["target=70"], path)
    assert (v.min_bid, v.target, v.dealer_may_equal, v.points["K"]) == (6, 70, True, 3)


@pytest.mark.parametrize("rule,fragment", [
    # names and values the reader does not know
    ("colour=blue", "unknown rule 'colour'"), ("points.Z=3", "unknown rank"),
    ("min_bid=abc", "expected an integer"), ("dealer_may_equal=maybe", "expected true or false"),
    ("auction=sometimes", "must be one of"), ("min_bid", "expected KEY=VALUE"),
    # values out of range, or that do not fit the rest of cinch's rules
    ("min_bid=20", "min_bid=20 is above max_bid=14"), ("max_bid=30", "must lie within 1..14"),
    ("target=0", "target=0"), ("discard=free", "discard=free with dealer_fill=rob-trumps"),
    ("points.joker=5", "joker scores only with deck=53"), ("plain_led=trumps-only", "must fold"),
    ("deck=32", "too few cards"),
])
def test_bad_rules_are_refused_by_name(rule, fragment):
    with pytest.raises(PedroError, match=fragment):
        resolve_variant("cinch", [rule])


def test_unknown_preset():
    with pytest.raises(PedroError, match="unknown preset 'bridge'"):
        get_preset("bridge")


@pytest.mark.many_sides
def test_the_engine_refuses_what_it_does_not_play_yet():
    check_engine_plays(resolve_variant("cinch", ["min_bid=6", "target=52", "points.J=2"]))
    assert set(PLAYED_PRESETS) == set(PRESETS), "every preset is simulated"
    for name in PRESETS:
        EngineInputs.for_variant(name)
    EngineInputs.for_variant(resolve_variant("catch-five", ["deck=32"]))  # played since #34


def test_apply_rules_keeps_the_preset_unchanged():
    before = get_preset("cinch").options()
    apply_rules(get_preset("cinch"), parse_rule_args(["min_bid=6"]))
    assert get_preset("cinch").options() == before


def cli(*args: str) -> subprocess.CompletedProcess:
    """pedro-sim ARGS in this process (tests/in_process.py)."""
    return run_cli(*args)


@pytest.mark.parametrize("args,fragment", [
    (["rules", "bridge"], "unknown preset 'bridge'"),
    (["rules", "cinch", "--rule", "colour=blue"], "unknown rule 'colour'"),
    (["rules", "cinch", "--rule", "min_bid=99"], "min_bid=99 is above max_bid"),
    (["rules", "cinch", "--rule", "discard=free"], "discard=free with dealer_fill"),
    (["bid", "AH KH 5H 2H 9C 4D", "--variant", "catch-five", "--rule", "deck=32"],
     "4D is not in catch-five's 32-card"),
    (["rules", "cinch", "--rule", "deck=32"], "too few cards for cinch, which deals 36"),
    (["rules", "cinch", "--rule", "points.offjack=1"], "off-jack scores only with"),
    (["trace", "--variant", "cinch", "--rules", "/nonexistent.toml"], "--rules /nonexistent"),
])
def test_rule_errors_on_the_command_line(args, fragment):
    r = cli(*args)
    assert r.returncode == 2, r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], r.stderr


def test_rules_command():
    r = cli("rules")
    assert r.returncode == 0 and all(name in r.stdout for name in PRESETS)
    r = cli("rules", "sancho")
    assert r.returncode == 0 and "sancho" in r.stdout and "nine 9" in r.stdout
    r = cli("rules", "catch-five", "--rule", "deck=32")
    assert r.returncode == 0 and "32 cards" in r.stdout and "yet" not in r.stdout


def test_house_rules_change_the_bid_table(tmp_path):
    r = cli("bid", "AH KH 5H 2H 9C 4D JS 7S 3C", "--rule", "min_bid=6", "--deals", "2000",
            "--policy", "heuristic", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    import pandas as pd

    assert list(pd.read_csv(tmp_path / "bid.csv").bid) == list(range(6, 15))
