"""Traces of both players obey docs/rules.md and docs/trace-format.md (reference checker)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pedro_sim import reference
from pedro_sim.cards import parse_card
from pedro_sim.commands.trace_cmd import describe_deal
from pedro_sim.encoding import layout as L
from pedro_sim.engine.rng import KIND_FIXED
from pedro_sim.traces import record_deals, record_fixed, trace_dict

POLICIES = {"random": L.P_RANDOM, "heuristic": L.P_HEURISTIC}


@pytest.mark.parametrize("policy", POLICIES)
def test_ten_thousand_traces_obey_the_rules(cinch, all_on, policy):
    n = 5_000  # (10,000 before the arena's tests joined make test; the soak checks more)
    recs = record_deals(cinch, 2024, np.arange(n), POLICIES[policy], all_on)
    bad = []
    for i in range(n):
        problems = reference.check_trace(trace_dict(recs[i], cinch, 2024, i, policy))
        if problems:
            bad.append((i, problems[:2]))
    assert not bad, bad[:3]


def _invariants(d: dict) -> None:
    """docs/rules.md section 6, stated directly on one trace."""
    cards = lambda xs: [parse_card(c) for c in xs]  # noqa: E731
    dealt = sum((cards(h) for h in d["hands"]), []) + cards(d["stock"])
    assert sorted(dealt) == list(range(52))
    start = sum((cards(h) for h in d["start_hands"]), [])
    discarded = sum((cards(h) for h in d["discards"]), [])
    received = sum((cards(h) for h in d["received"]), [])
    assert len(set(start)) == len(start)
    assert not set(start) & set(discarded)
    assert set(received) <= set(cards(d["stock"]))
    played = [parse_card(c) for t in d["tricks"] for _, stack in t["plays"] for c in stack]
    claimed = cards(d["claimed"][1]) if d["claimed"] else []
    assert sorted(played + claimed) == sorted(start), "every card in play is played once"
    assert sum(d["points"]) == 14, "all 14 points are always in play in cinch"
    bt = d["bidder"] % 2
    made = d["points"][bt] >= d["bid"]
    assert d["made"] == made
    assert d["score"][bt] == (d["points"][bt] if made else -d["bid"])
    assert d["score"][1 - bt] == d["points"][1 - bt]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), index=st.integers(0, 2**45),
       policy=st.sampled_from(sorted(POLICIES)))
def test_invariants_of_any_deal(cinch, all_on, seed, index, policy):
    rec = record_deals(cinch, seed, np.array([index]), POLICIES[policy], all_on)[0]
    d = trace_dict(rec, cinch, seed, index, policy)
    _invariants(d)
    assert reference.check_trace(d) == []
    assert describe_deal(d)[-1].startswith("points:")


@settings(max_examples=100, deadline=None)
@given(hand=st.lists(st.integers(0, 51), min_size=9, max_size=9, unique=True),
       offset=st.integers(0, 3), trump=st.integers(0, 3), seed=st.integers(0, 2**32),
       policy=st.sampled_from(sorted(POLICIES)))
def test_invariants_of_fixed_hand_deals(cinch, all_on, hand, offset, trump, seed, policy):
    recs = record_fixed(cinch, seed, np.arange(3), hand, offset, trump, POLICIES[policy], all_on)
    for i, rec in enumerate(recs):
        d = trace_dict(rec, cinch, seed, i, policy, kind=KIND_FIXED)
        _invariants(d)
        assert reference.check_trace(d) == []
        assert sorted(parse_card(c) for c in d["hands"][(offset + 1) % 4]) == sorted(hand)


def test_trace_is_json_serialisable(cinch, all_on):
    rec = record_deals(cinch, 1, np.array([0]), L.P_HEURISTIC, all_on)[0]
    d = trace_dict(rec, cinch, 1, 0, "heuristic")
    assert json.loads(json.dumps(d)) == d
