"""Presets beyond cinch: kernels against the reference engine, traces checked, games."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pedro_sim import reference
from pedro_sim.analysis.games import game_outcomes
from pedro_sim.cards import SUITS, card_text, parse_card
from pedro_sim.encoding import layout as L
from pedro_sim.encoding.option_array import pack_cards
from pedro_sim.engine.rng import KIND_FIXED
from pedro_sim.engine_inputs import PLAYED_PRESETS, EngineInputs, technique_flags
from pedro_sim.rules import get_preset
from pedro_sim.traces import record_deals, record_fixed, trace_dict

OTHERS = [p for p in PLAYED_PRESETS if p != "cinch"]
FLAGS = technique_flags()


def _diff(kernel: dict, ref: dict) -> str:
    return next((f"{k}: kernel {kernel.get(k)!r} != reference {ref[k]!r}" for k in ref
                 if kernel.get(k) != ref[k]), "extra keys")


@pytest.mark.parametrize("preset", OTHERS)
def test_random_deals_identical(preset):
    inputs = EngineInputs.for_variant(preset)
    recs = record_deals(inputs, 21, np.arange(1500), L.P_RANDOM, FLAGS)
    for i, rec in enumerate(recs):
        kernel = trace_dict(rec, inputs, 21, i, "random")
        ref = reference.random_deal(21, i, variant=preset)
        assert kernel == ref, f"{preset} deal {i}: {_diff(kernel, ref)}"


@pytest.mark.parametrize("preset", OTHERS)
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_traces_obey_the_rules(preset, policy):
    inputs = EngineInputs.for_variant(preset)
    pid = L.P_RANDOM if policy == "random" else L.P_HEURISTIC
    recs = record_deals(inputs, 8, np.arange(1000), pid, FLAGS)  # the slow sweep: 40,000
    for i, rec in enumerate(recs):
        d = trace_dict(rec, inputs, 8, i, policy)
        assert reference.check_trace(d) == [], (preset, i)
        assert sum(d["points"]) <= inputs.variant.total_points


@pytest.mark.parametrize("preset", OTHERS)
def test_fixed_hand_deals_identical(preset):
    inputs = EngineInputs.for_variant(preset)
    hand = pack_cards(inputs.variant)[::4][:inputs.variant.hand]
    n = inputs.variant.players
    for offset in range(n):
        recs = record_fixed(inputs, 4, np.arange(150), hand, offset, 2, L.P_RANDOM, FLAGS)
        for i, rec in enumerate(recs):
            kernel = trace_dict(rec, inputs, 4, i, "random", kind=KIND_FIXED)
            ref = reference.fixed_hand_deal(4, i, [card_text(c) for c in hand],
                                            (offset + 1) % n, SUITS[2], variant=preset)
            assert kernel == ref, f"{preset} deal {i}: {_diff(kernel, ref)}"


@pytest.mark.parametrize("preset,target", [
    ("catch-five", 8), ("sancho", 10), ("pidro", 15), ("family", 15), ("dom-pedro", 20),
    ("foster", 20), ("nicaragua", 15), ("sixty-three", 30), ("king-pedro", 60),
    ("california", 30), ("eighty-three", 100), ("lipton", 60), ("ukrainian", 80)])
def test_random_games_identical(preset, target):
    """Low targets, so that games end, ties happen and the counting order decides some."""
    variant = dataclasses.replace(get_preset(preset), max_deals=60, target=target)
    games = game_outcomes(EngineInputs.for_variant(variant), 5, 150, L.P_RANDOM, FLAGS)
    for row in games.itertuples():
        ref = reference.random_game(5, row.game, variant=preset, max_deals=60, target=target)
        got = {"winner": row.winner, "end": row.end, "deals": row.deals,
               "score": [row.score0, row.score1]}
        assert got == {k: ref[k] for k in got}, f"game {row.game}"
    assert (games.end != "unfinished").sum() > 20


@pytest.mark.parametrize("preset", OTHERS)
def test_heuristic_games_end(preset):
    inputs = EngineInputs.for_variant(preset)
    games = game_outcomes(inputs, 1, 200, L.P_HEURISTIC, FLAGS)
    assert (games.end == "target").mean() > 0.95, games.end.value_counts()
    assert set(games.winner) <= {-1, *range(inputs.sides)}


@pytest.mark.many_sides
@settings(max_examples=120, deadline=None)
@given(preset=st.sampled_from(PLAYED_PRESETS), seed=st.integers(0, 2**63 - 1),
       index=st.integers(0, 2**40), policy=st.sampled_from(["random", "heuristic"]))
def test_invariants_of_any_deal_of_any_preset(preset, seed, index, policy):
    """docs/rules.md section 6 on any deal: every card in one place, every point accounted for,
    the reference checker's replay (legality, winners, score from the tricks)."""
    inputs = EngineInputs.for_variant(preset)
    pid = L.P_RANDOM if policy == "random" else L.P_HEURISTIC
    d = trace_dict(record_deals(inputs, seed, np.array([index]), pid, FLAGS)[0], inputs, seed,
                   index, policy)
    cards = sorted(parse_card(c) for h in d["hands"] for c in h) + [
        parse_card(c) for c in d["stock"]]
    assert sorted(cards) == pack_cards(inputs.variant)
    start = [parse_card(c) for h in d["start_hands"] for c in h]
    assert len(set(start)) == len(start)
    played = [parse_card(c) for t in d["tricks"] for _, stack in t["plays"] for c in stack]
    claimed = [parse_card(c) for c in d["claimed"][1]] if d["claimed"] else []
    assert len(set(played + claimed)) == len(played + claimed)
    assert set(played + claimed) <= set(start)
    assert 0 <= sum(d["points"]) <= inputs.variant.total_points
    assert reference.check_trace(d) == []
