"""Kernels against the plain-Python reference engine: identical deals, plays and scores."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from pedro_sim import reference
from pedro_sim.analysis.fixed_hand import points_histogram
from pedro_sim.analysis.games import game_outcomes
from pedro_sim.cards import SUITS, card_text
from pedro_sim.encoding import layout as L
from pedro_sim.engine.rng import KIND_FIXED
from pedro_sim.engine_inputs import EngineInputs
from pedro_sim.rules import get_preset
from pedro_sim.traces import record_deals, record_fixed, trace_dict


def _first_difference(kernel: dict, ref: dict) -> str:
    for key in ref:
        if kernel.get(key) != ref[key]:
            return f"{key}: kernel {kernel.get(key)!r} != reference {ref[key]!r}"
    return "extra keys"


@pytest.mark.parametrize("seed", [0, 12345, 2**63 - 1])
def test_random_deals_identical(cinch, all_on, seed):
    n = 2000
    recs = record_deals(cinch, seed, np.arange(n), L.P_RANDOM, all_on)
    for i in range(n):
        kernel = trace_dict(recs[i], cinch, seed, i, "random")
        ref = reference.random_deal(seed, i)
        assert kernel == ref, f"seed {seed} deal {i}: {_first_difference(kernel, ref)}"


def test_random_deals_far_indices(cinch, all_on):
    idx = np.array([10**6, 2**31 + 7, 2**40 + 3, 2**50 + 11])
    recs = record_deals(cinch, 77, idx, L.P_RANDOM, all_on)
    for rec, i in zip(recs, idx, strict=True):
        assert trace_dict(rec, cinch, 77, int(i), "random") == reference.random_deal(77, int(i))


HANDS = ["AH KH 5H 2H 9C 4D JS 7S 3C", "5S 5C 2S AS KS QS JS TS 9S", "2D 3D 4D 6C 7C 8C 9H TH JH"]


@pytest.mark.parametrize("hand_text", HANDS)
@pytest.mark.parametrize("offset", [0, 1, 2, 3])
def test_fixed_hand_deals_identical(cinch, all_on, hand_text, offset):
    hand = [int(x) for x in _parse(hand_text)]
    for trump in (0, 1):
        recs = record_fixed(cinch, 5, np.arange(300), hand, offset, trump, L.P_RANDOM, all_on)
        for i in range(300):
            kernel = trace_dict(recs[i], cinch, 5, i, "random", kind=KIND_FIXED)
            ref = reference.fixed_hand_deal(5, i, [card_text(c) for c in hand], (offset + 1) % 4,
                                            SUITS[trump])
            assert kernel == ref, f"deal {i}: {_first_difference(kernel, ref)}"


def test_fixed_hand_histogram_matches_reference(cinch, all_on):
    """The `bid` kernel's accumulator equals the reference's deals, counted one by one."""
    hand = _parse(HANDS[0])
    n = 1500
    hist = points_histogram(cinch, hand, 0, 1, n, 9, L.P_RANDOM, all_on, show_progress=False)
    ref = np.zeros((15, 15), dtype=np.int64)
    for i in range(n):
        d = reference.fixed_hand_deal(9, i, [card_text(c) for c in hand], 1, "H")
        ref[d["points"][d["bidder"] % 2], d["points"][1 - d["bidder"] % 2]] += 1
    assert np.array_equal(hist, ref)


@pytest.mark.parametrize("target,goes_out,max_deals", [(12, 10, 60), (62, 55, 150)])
def test_random_games_identical(target, goes_out, max_deals, all_on):
    variant = dataclasses.replace(get_preset("cinch"), target=target, goes_out_at=goes_out,
                                  max_deals=max_deals)
    inputs = EngineInputs.for_variant(variant)
    games = game_outcomes(inputs, 3, 60, L.P_RANDOM, all_on)
    for row in games.itertuples():
        ref = reference.random_game(3, row.game, target=target, goes_out_at=goes_out,
                                    max_deals=max_deals)
        got = {"winner": row.winner, "end": row.end, "deals": row.deals,
               "score": [row.score0, row.score1]}
        want = {k: ref[k] for k in got}
        assert got == want, f"game {row.game}"
    assert set(games.end) >= {"target"}


def _parse(text: str) -> list[int]:
    from pedro_sim.cards import parse_hand

    return parse_hand(text)
