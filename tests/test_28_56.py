"""The dealer's special bid 28-56 (`--rule 28-56=yes`): the dealer alone, dealt the ace, king
and 2 of the suit it names, may bid 28 over anything; it scores 56 with every point of the
deal and loses 28 otherwise, the opponents scoring their points either way."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from in_process import run_cli

from pedro_sim import reference
from pedro_sim.analysis.scores import score_grid
from pedro_sim.cards import mask_of, parse_hand, suits_with_ace_king_two
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers.deals import explain_call_position
from pedro_sim.engine.players.bid_values import suit_values
from pedro_sim.engine.thinking import think_buffers as S
from pedro_sim.engine_inputs import EngineInputs, players, technique_flags
from pedro_sim.errors import PedroError
from pedro_sim.reference.general import score_deal
from pedro_sim.reference.variants import with_rules
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.traces import record_deals, trace_dict

FLAGS = technique_flags()
ALLOWED = ("cinch", "california", "family", "pidro", "nicaragua", "catch-five", "sancho")


def _inputs(preset: str) -> EngineInputs:
    return EngineInputs.for_variant(resolve_variant(preset, ["28-56=yes"]))


def _dealer_suits(trace: dict) -> int:
    d = trace["dealer"]
    return suits_with_ace_king_two(mask_of(parse_hand(" ".join(trace["hands"][d]), None, True)))


# three presets in the default run, the other four with the slow set (make test-all)
FAST = ("cinch",)  # the others in the slow set (make test-all): 4 s each


@pytest.mark.parametrize("preset", [p if p in FAST else pytest.param(p, marks=pytest.mark.slow)
                                    for p in ALLOWED])
def test_random_deals_are_the_reference_engines(preset):
    """Every deal whose dealer may bid 28-56 (about 1 in 60), and the first 100, are the
    reference engine's deal for deal, and pass its checker."""
    inputs = _inputs(preset)
    rules = inputs.trace_rules
    assert rules == {"28-56": True}
    bid28 = made = compared = 0
    recs = record_deals(inputs, 7, np.arange(20_000), L.P_RANDOM, FLAGS)
    for i, rec in enumerate(recs):
        kernel = trace_dict(rec, inputs, 7, i, "random")
        if i >= 100 and not _dealer_suits(kernel):
            assert kernel["bid"] != L.BID_28_56
            continue
        ref = reference.random_deal(7, i, variant=preset, rules=rules)
        diff = next((k for k in ref if kernel.get(k) != ref[k]), None)
        assert diff is None, f"deal {i}: {diff}: {kernel.get(diff)!r} != {ref[diff]!r}"
        assert reference.check_trace(kernel) == [], (i, reference.check_trace(kernel))
        compared += 1
        if kernel["bid"] == L.BID_28_56:
            bid28 += 1
            made += kernel["made"]
            assert kernel["bidder"] == kernel["dealer"]
            assert _dealer_suits(kernel) >> "SHDC".index(kernel["trump"]) & 1
    assert compared >= 150 and bid28 >= 8


def test_random_28_56_is_made_and_set():
    made = set_ = 0
    for preset in ("cinch", "california", "pidro"):
        inputs = _inputs(preset)
        for i, rec in enumerate(record_deals(inputs, 8, np.arange(6000), L.P_RANDOM, FLAGS)):
            t = trace_dict(rec, inputs, 8, i, "random")
            if t["bid"] == L.BID_28_56:
                bt = t["bidder"] % 2
                every = t["points"][bt] == inputs.variant.total_points
                assert t["made"] == every
                assert t["score"][bt] == (56 if every else -28)
                assert t["score"][1 - bt] == t["points"][1 - bt]
                made += every
                set_ += not every
    assert made >= 3 and set_ >= 3


@pytest.mark.parametrize("preset,points,made,score", [
    ("cinch", (14, 0), True, (56, 0)),       # every point: 56
    ("cinch", (13, 1), False, (-28, 1)),     # one short: the bid is lost, theirs counted
    ("cinch", (0, 14), False, (-28, 14)),
    ("california", (16, 0), True, (56, 0)),  # not california's 16-for-32: 56
    ("sancho", (17, 1), False, (-28, 1)),
])
def test_hand_built_scores(preset, points, made, score):
    """The engine's scoring (the grid every analysis reads) and the reference's agree on
    deals made and set by one point."""
    grid = score_grid(_inputs(preset), [L.BID_28_56])
    m, mine, theirs = grid.at(L.BID_28_56)
    b, d = points
    assert (bool(m[b, d]), int(mine[b, d]), int(theirs[b, d])) == (made, *score)
    v = with_rules(preset, {"28-56": True})
    assert score_deal(v, list(points), 0, L.BID_28_56) == (made, list(score))


def _a_28_56_trace(policy: int, name: str, preset: str = "cinch") -> dict:
    inputs = _inputs(preset)
    for i, rec in enumerate(record_deals(inputs, 9, np.arange(4000), policy, FLAGS)):
        t = trace_dict(rec, inputs, 9, i, name)
        if t["bid"] == L.BID_28_56:
            return t
    raise AssertionError("no 28-56 in 4,000 deals")


def test_the_checker_refuses_a_28_56_the_rules_do_not_allow():
    trace = _a_28_56_trace(L.P_RANDOM, "random")
    assert reference.check_trace(trace) == []
    d = trace["dealer"]
    wrong = copy.deepcopy(trace)  # an eldest bidding it
    wrong["bids"][0] = [wrong["bids"][0][0], 28]
    assert reference.check_trace(wrong)
    other = next(s for s in "SHDC" if not _dealer_suits(trace) >> "SHDC".index(s) & 1)
    wrong = copy.deepcopy(trace)  # a trump without the ace, king and 2
    wrong["trump"] = other
    assert any("28-56" in e for e in reference.check_trace(wrong))
    wrong = copy.deepcopy(trace)  # the house rule missing
    del wrong["rules"]
    assert reference.check_trace(wrong)
    assert wrong["bidder"] == d


def _call(hand: str, seat: int, dealer: int, preset: str = "cinch", standing: int = 0,
          holder: int = -1) -> int:
    inputs = _inputs(preset)
    who = players("pimc", inputs.variant)
    x, _ = explain_call_position(who.policy, who.flags, inputs.tables, seat, dealer,
                                 mask_of(parse_hand(hand)), standing, holder, False, 5)
    return int(x[S.X_PLAYED])


def test_the_thinking_dealer_bids_it_when_it_pays():
    """By expected value: with A K J 2 and both fives of hearts 28-56 (56 when every point
    comes in) is worth far more than 7; with A K 2 and little else it is not; an eldest
    with the same cards may not bid it."""
    strong = "AH KH JH 2H 5H 5D 3C 4C 6S"
    assert _call(strong, 3, 3) == 28
    assert _call(strong, 3, 3, standing=14, holder=2) == 28  # over anything
    assert _call(strong, 0, 3) not in (0, 28)
    assert _call("AH KH 2H 5H 3C 4C 6S 7S 8D", 3, 3) != 28


def test_the_heuristic_bids_it_with_every_point_counted():
    """The heuristic bids 28-56 when its count in such a suit is every point of the deal:
    found among deals whose dealer was dealt such a hand, and checked."""
    inputs = _inputs("cinch")
    seen = 0
    for start in range(0, 300_000, 30_000):
        recs = record_deals(inputs, 2, np.arange(start, start + 30_000), L.P_HEURISTIC, FLAGS)
        for i in np.flatnonzero(recs[:, L.R_BID] == L.BID_28_56):
            t = trace_dict(recs[i], inputs, 2, start + int(i), "heuristic")
            d = t["dealer"]
            hand = np.uint64(mask_of(parse_hand(" ".join(t["hands"][d]))))
            s = "SHDC".index(t["trump"])
            assert (int(suit_values(hand, inputs.tables)) >> (16 * s) & 0xFFFF) >= 140
            assert reference.check_trace(t) == []
            seen += 1
        if seen >= 5:
            break
    assert seen >= 5


def test_pimc_traces_with_28_56_pass_the_checker():
    """pimc deals in which the dealer holds A K 2 of a suit and a good deal more."""
    inputs = _inputs("cinch")
    recs = record_deals(inputs, 4, np.arange(40_000), L.P_HEURISTIC, FLAGS)
    size = inputs.variant.hand
    picked = []
    for i, rec in enumerate(recs):
        d = int(rec[L.R_DEALER])
        hand = mask_of(rec[L.R_DEALT + d * size:L.R_DEALT + (d + 1) * size].tolist())
        suits = suits_with_ace_king_two(hand)
        value = int(suit_values(np.uint64(hand), inputs.tables))
        if any(suits >> s & 1 and (value >> (16 * s) & 0xFFFF) >= 110 for s in range(4)):
            picked.append(i)
    picked = picked[:16]
    assert len(picked) >= 8
    who = players("pimc:worlds=8,bid_worlds=32,keep_worlds=8", inputs.variant)
    bids = []
    for i, rec in zip(picked, record_deals(inputs, 4, np.array(picked), who.policy, who.flags),
                      strict=True):
        t = trace_dict(rec, inputs, 4, i, who.label)
        assert reference.check_trace(t) == [], (i, reference.check_trace(t))
        bids.append(t["bid"])
    assert 28 in bids


@pytest.mark.parametrize("preset", ["king-pedro", "sixty-three", "eighty-three", "dom-pedro",
                                    "foster"])
def test_refused_where_the_rules_do_not_allow_it(preset):
    with pytest.raises(PedroError, match="28-56"):
        resolve_variant(preset, ["28-56=yes"])


def _call_with(rules: list[str], hand: str, seat: int = 0, dealer: int = 3,
               spec: str = "pimc") -> int:
    inputs = EngineInputs.for_variant(resolve_variant("cinch", rules))
    who = players(spec, inputs.variant)
    x, _ = explain_call_position(who.policy, who.flags, inputs.tables, seat, dealer,
                                 mask_of(parse_hand(hand)), 0, -1, False, 5)
    return int(x[S.X_PLAYED])


def test_the_thinking_bidder_shoots_the_moon_when_it_pays():
    """Eldest with the moon (the top bid scores twice the bid): a hand that takes every point
    bids 14, not the lowest level that beats passing; without it, 7 scores the same 14 for
    the rule of before (overcalls=called), and the default bids higher, to keep the later
    opponents out."""
    sure = "AH KH QH JH TH 9H 2H 5H 5D"
    assert _call_with(["special_bid=moon"], sure) == 14
    assert _call_with([], sure, spec="pimc:overcalls=called") == 7
    assert _call_with([], sure) > 7
    assert _call_with(["special_bid=moon"], "AH KH 2H 5H 3C 4C 6S 7S 8D") != 14


def test_explain_shows_28_56_to_the_dealer_only(tmp_path):
    """A call position with the house rule: the dealer's table ends with 28, chosen with
    this hand; the same cards at another seat have no 28 row."""
    import json
    import re
    import subprocess

    def explain(seat: int) -> subprocess.CompletedProcess:
        pos = {"format": "pedro-decision/1", "variant": "cinch", "rules": {"28-56": True},
               "seat": seat, "dealer": 3, "hand": "AH KH JH 2H 5H 5D 3C 4C 6S".split(),
               "bids": [[0, 8], [1, 0], [2, 9]][:seat]}
        path = tmp_path / f"call{seat}.json"
        path.write_text(json.dumps(pos))
        return run_cli("explain", "--position", str(path), "--out", str(tmp_path / f"x{seat}"))

    def has_28_row(out: str) -> bool:  # a row: the call (28, * if chosen), then its suit
        return any(re.match(r"\s*28( \*)?\s+[SHDC]\s", line) for line in out.splitlines())

    dealer = explain(3)
    assert dealer.returncode == 0, dealer.stderr
    assert "chosen: 28" in dealer.stdout and has_28_row(dealer.stdout)
    other = explain(2)
    assert other.returncode == 0, other.stderr
    assert not has_28_row(other.stdout) and "chosen: 28" not in other.stdout
