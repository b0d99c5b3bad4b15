"""The worth of a bid comes from the engine's own scoring: hand-computed deals per preset,
and the `bid` analysis against the scores of the same deals' traces."""

from __future__ import annotations

import numpy as np
import pytest

from pedro_sim.analysis.fixed_hand import points_histogram
from pedro_sim.analysis.scores import bid_levels, bid_rows, score_grid
from pedro_sim.cards import parse_hand
from pedro_sim.encoding import layout as L
from pedro_sim.engine.rng import KIND_FIXED
from pedro_sim.engine_inputs import EngineInputs, technique_flags
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.traces import record_fixed, trace_dict

FLAGS = technique_flags()


def _result(preset: str, bid: int, b: int, d: int, rules: list[str] | None = None):
    inputs = EngineInputs.for_variant(resolve_variant(preset, rules or []))
    made, mine, theirs = score_grid(inputs, [bid]).at(bid)
    return bool(made[b, d]), int(mine[b, d]), int(theirs[b, d])


@pytest.mark.parametrize("preset, bid, b, d, expected", [
    # foster, difference scoring: the side with more points scores the difference
    ("foster", 7, 9, 5, (True, 4, 0)),
    ("foster", 1, 3, 10, (True, 0, 7)),  # made, but the defenders took more
    ("foster", 7, 7, 7, (True, 0, 0)),
    ("foster", 8, 6, 8, (False, 0, 16)),  # set: the defenders score the bid and their points
    # california: 16 scores 32 either way; other bids add and subtract
    ("california", 16, 16, 0, (True, 32, 0)),
    ("california", 16, 15, 1, (False, -32, 1)),
    ("california", 10, 12, 4, (True, 12, 4)),
    ("california", 10, 9, 7, (False, -10, 7)),
    # eighty-three: "83 double" (recorded 166) needs all 83 points, and wins or loses 166
    ("eighty-three", 166, 83, 0, (True, 166, 0)),
    ("eighty-three", 166, 82, 1, (False, -166, 1)),
    ("eighty-three", 83, 83, 0, (True, 83, 0)),
    ("eighty-three", 40, 39, 44, (False, -40, 44)),
    ("cinch", 9, 10, 4, (True, 10, 4)),
    ("cinch", 9, 8, 6, (False, -9, 6)),
])
def test_hand_computed_deals(preset, bid, b, d, expected):
    assert _result(preset, bid, b, d) == expected


def test_the_moon():
    """special_bid=moon: the top numeric bid, made, scores twice the bid; set, as any set bid."""
    assert _result("cinch", 14, 14, 0, ["special_bid=moon"]) == (True, 28, 0)
    assert _result("cinch", 14, 13, 1, ["special_bid=moon"]) == (False, -14, 1)
    assert _result("cinch", 13, 13, 1, ["special_bid=moon"]) == (True, 13, 1)
    assert _result("foster", 14, 14, 0, ["special_bid=moon"]) == (True, 28, 0)
    assert _result("foster", 14, 12, 2, ["special_bid=moon"]) == (False, 0, 16)
    # with california, moon replaces the 16/32 rule: a set 16 loses 16
    assert _result("california", 16, 15, 1, ["special_bid=moon"]) == (False, -16, 1)


def test_bid_levels_include_83_double():
    inputs = EngineInputs.for_variant("eighty-three")
    assert bid_levels(inputs.variant)[-2:] == [83, 166]
    assert bid_levels(EngineInputs.for_variant("cinch").variant) == list(range(7, 15))


def test_bid_rows_average_the_scored_deals():
    """Two foster deals by hand: (9, 5) and (3, 10) points; at bid 1 both make."""
    inputs = EngineInputs.for_variant("foster")
    span = inputs.variant.total_points + 1
    joint = np.zeros((span, span), dtype=np.int64)
    joint[9, 5] = 3
    joint[3, 10] = 1
    row = bid_rows(joint, inputs).set_index("bid").loc[1]
    assert row.p_make == 1.0
    assert row.expected_score == pytest.approx((3 * 4 + 0) / 4)
    assert row.expected_net == pytest.approx((3 * 4 - 7) / 4)
    row = bid_rows(joint, inputs).set_index("bid").loc[6]  # (3, 10) is set: 0 for, 16 against
    assert row.expected_net == pytest.approx((3 * 4 - 16) / 4)


@pytest.mark.parametrize("preset", ["foster", "california", "eighty-three", "cinch"])
def test_bid_analysis_equals_the_traces_scores(preset):
    """At the minimum bid (the bid fixed-hand traces are played and scored at), the
    expected score and net change equal the means of the same deals' trace scores."""
    inputs = EngineInputs.for_variant(preset)
    v = inputs.variant
    hand = parse_hand("AH KH 5H 2H 9C 4D JS 7S 3C AD KD QH")[:v.hand]
    n = 3000
    joint = points_histogram(inputs, hand, 0, 1, n, 7, L.P_HEURISTIC, FLAGS,
                             show_progress=False)
    recs = record_fixed(inputs, 7, np.arange(n), hand, 0, 1, L.P_HEURISTIC, FLAGS)
    mine, net = [], []
    for i, rec in enumerate(recs):
        d = trace_dict(rec, inputs, 7, i, "heuristic", kind=KIND_FIXED)
        team = d["bidder"] % 2
        mine.append(d["score"][team])
        net.append(d["score"][team] - d["score"][1 - team])
    row = bid_rows(joint, inputs).set_index("bid").loc[v.min_bid]
    assert row.n == n
    assert row.expected_score == pytest.approx(np.mean(mine), abs=1e-9)
    assert row.expected_net == pytest.approx(np.mean(net), abs=1e-9)
    if preset == "foster":  # difference scoring is not the points taken
        points = [trace_dict(r, inputs, 7, i, "h", kind=KIND_FIXED)["points"][0]
                  for i, r in enumerate(recs)]
        assert abs(row.expected_score - np.mean(points)) > 1
