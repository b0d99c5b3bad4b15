"""The `moon_game` house rule: the top numeric bid decides the game at once, won with every
point and lost otherwise; the deal itself is played and scored as without it."""

from __future__ import annotations

import subprocess

import numpy as np
import pandas as pd
import pytest
from in_process import run_cli

from pedro_sim import reference
from pedro_sim.analysis.games import game_outcomes
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, technique_flags
from pedro_sim.reference.engine import moon_game_end
from pedro_sim.reference.general import team
from pedro_sim.rules.overrides import resolve_variant, trace_rules
from pedro_sim.traces import record_deals, trace_dict

FLAGS = technique_flags()
HAND = "AH KH 5H 2H 9C 4D JS 7S 3C"


def _moon(preset: str, *rules: str) -> EngineInputs:
    return EngineInputs.for_variant(resolve_variant(preset, ["moon_game=yes", *rules]))


@pytest.mark.parametrize("preset,target", [("cinch", 30), ("california", 30),
                                           ("king-pedro", 60), ("foster", 20)])
def test_games_end_as_the_reference_ends_them(preset, target):
    """Random players bid the top often: games end by the moon, won and lost, deal for deal
    as the independent reference engine ends them."""
    inputs = _moon(preset, f"target={target}", "max_deals=60")
    games = game_outcomes(inputs, 5, 150, L.P_RANDOM, FLAGS)
    outcomes = []
    for row in games.itertuples():
        ref = reference.random_game(5, row.game, variant=preset, max_deals=60, target=target,
                                    rules={"moon-game": True})
        got = {"winner": row.winner, "end": row.end, "deals": row.deals,
               "score": [row.score0, row.score1]}
        assert got == {k: ref[k] for k in got}, f"{preset} game {row.game}"
        if ref["end"] == "moon_game":
            last = ref["traces"][-1]
            outcomes.append(team(last["bidder"]) == ref["winner"])
            assert last["bid"] == inputs.variant.max_bid
            every = last["points"][team(last["bidder"])] == inputs.variant.total_points
            assert every == outcomes[-1]
    assert len(outcomes) > 100 and not all(outcomes)


def test_some_moon_games_are_won():
    wins = 0
    for g in range(300):
        r = reference.random_game(5, g, variant="king-pedro", max_deals=60, target=60,
                                  rules={"moon-game": True})
        wins += r["end"] == "moon_game" and team(r["traces"][-1]["bidder"]) == r["winner"]
    assert wins >= 5


class _V:
    moon_game, max_bid, total = True, 14, 14

    @staticmethod
    def side(seat: int) -> int:  # two partnerships, as the reference's Variant gives them
        return seat % 2


@pytest.mark.parametrize("bid,points,expected", [
    (14, [14, 0], (0, "moon_game")),   # every point: the bidders win
    (14, [13, 1], (1, "moon_game")),   # one short: they lose the game
    (13, [14, 0], None),               # not the top bid: the game goes on
])
def test_the_rule_on_hand_built_deals(bid, points, expected):
    trace = {"bidder": 2, "bid": bid, "points": points}
    assert moon_game_end(_V(), trace) == expected
    off = _V()
    off.moon_game = False
    assert moon_game_end(off, trace) is None


def test_the_deal_is_played_and_scored_as_without_it():
    """Byte for byte the same deals; only the trace's rules object says the rule."""
    for preset in ("cinch", "california"):
        plain, moon = EngineInputs.for_variant(preset), _moon(preset)
        a = record_deals(plain, 9, np.arange(300), L.P_HEURISTIC, FLAGS)
        b = record_deals(moon, 9, np.arange(300), L.P_HEURISTIC, FLAGS)
        assert np.array_equal(a, b)
        d = trace_dict(b[7], moon, 9, 7, "heuristic")
        assert d["rules"] == {"moon-game": True}
        assert reference.check_trace(d) == []
        assert {k: v for k, v in d.items() if k != "rules"} == trace_dict(
            a[7], plain, 9, 7, "heuristic")
    assert trace_rules(resolve_variant("california", ["moon_game=true"])) == {"moon-game": True}


def _cli(*args: str) -> subprocess.CompletedProcess:
    return run_cli(*args)


def test_advise_wins_the_game_exactly_when_the_moon_takes_every_point(tmp_path):
    """Over the same deals, P(win) at the top bid is the share of deals the bidders take
    every point, which in cinch (14 points, top bid 14) is P(make 14)."""
    r = _cli("advise", HAND, "--policy", "heuristic", "--deals", "400", "--games", "400",
             "--rule", "moon_game=yes", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    frame = pd.read_csv(tmp_path / "advise.csv")
    top = frame[frame.bid == 14]
    assert len(top) == 4 and (top.p_make > 0).any()
    assert np.allclose(top.p_win, top.p_make) and (top.games == 400).all()
    below = frame[frame.bid == 13]
    assert (below.p_win > below.p_make).any()  # a made 13 does not end the game


def test_rules_and_variants_say_so():
    from pedro_sim.analysis.variants import variants_analysis

    r = _cli("rules", "california", "--rule", "moon_game=yes")
    assert r.returncode == 0, r.stderr
    assert "a bid of 16 wins the game at once" in " ".join(r.stdout.split())
    report = variants_analysis([_moon("california")], 300, 200, 3, L.P_RANDOM, FLAGS,
                               show_progress=False)
    g = report.games.iloc[0]
    ends = g.end_target + g.end_bidder_out + g.end_unfinished + g.end_lose_at + g.end_moon_game
    assert ends == pytest.approx(1) and g.end_moon_game > 0
