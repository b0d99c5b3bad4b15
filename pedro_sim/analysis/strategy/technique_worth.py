"""What a technique is worth to a thinking player (`technique NAME --policy pimc`).

A technique is a situation and an action (docs/strategy.md; engine/thinking/steering.py).
Every deal is dealt, bid and played three times from the same seed and deal index: by the
player as it is (counting the situations and how often it took the action), with the
action forbidden wherever the situation arises, and with it forced there, for the
bidders, the defenders or both. The auction does not read the steering, so the bidder,
the bid and the trumps are the same in the three (counted: ``auction_differs``). Reported:
how often the situation arises and the action is chosen, and forbidden minus free and
forced minus free in the side's points, the bidders' net score and their make rate, with
paired 95% intervals beside those of independent runs of the same size.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pedro_sim.analysis.paired import paired_difference, paired_from_sums, prefixed
from pedro_sim.analysis.stats import widest_half, wilson
from pedro_sim.analysis.study import Study
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import strategy
from pedro_sim.engine_inputs import check_two_sides
from pedro_sim.errors import PedroError

SIDE_BLOCKS = {"bidders": (0,), "defenders": (1,), "both": (0, 1)}  # POLICY_SIDES blocks


def check_steerable(study: Study, names: list[str]) -> None:
    word = study.who.policy & 0xFF
    if word & 15 != word >> 4 or word & 15 < L.PL_PIMC:
        raise PedroError("technique with a thinking player needs the same pimc or dd at "
                         "every seat")
    blocks = study.who.flags[L.FL_SETTINGS:].reshape(2, L.N_SETTINGS)
    if blocks[0, L.K_STEER] or blocks[1, L.K_STEER]:
        raise PedroError("technique steers the player itself: give it without steer=")
    left = [n for n in names if n not in L.STEERED]
    if left:
        raise PedroError(f"{', '.join(left)}: not a thinking player's decision (it chooses a "
                         "stack's top card; the cards under it follow the heuristic's bury "
                         "rule): compare bury-low with --policy heuristic")


def steerable(names: list[str]) -> list[str]:
    """The techniques of ``names`` a thinking player decides (bury-low left out of a longer
    list; alone, check_steerable refuses it)."""
    kept = [n for n in names if n in L.STEERED]
    return kept or names


def arm_flags(study: Study, technique: str, side: str) -> np.ndarray:
    """The flags of the three arms (watch, forbid, force), the technique steered in the
    settings block of the side(s) studied."""
    arms = np.repeat(study.who.flags[None, :], 3, axis=0)
    for j, mode in enumerate(L.STEER_MODES):
        for b in SIDE_BLOCKS[side]:
            arms[j, L.FL_SETTINGS + b * L.N_SETTINGS + L.K_STEER] = L.steer_code(technique,
                                                                                 mode)
    return arms


def steered_counts(study: Study, technique: str, side: str) -> np.ndarray:
    """engine/strategy.arm_pairs' counts of the three arms (watch, forbid, force)."""
    span = study.inputs.variant.total_points + 1
    tables = study.inputs.tables
    word = study.who.policy & 0xFF
    policy = L.POLICY_SIDES | word  # the bidders read settings block 0, the defenders 1
    arms = arm_flags(study, technique, side)
    team = 1 if side == "defenders" else 0

    def step(first, count, chunk, out):
        strategy.arm_pairs(strategy.Span(study.seed, first, count, chunk), (policy,) * 3, arms,
                           team, tables, out)

    return study.run(step, (strategy.arms_size(tables, 3),),
                     f"{technique}, {side}: free, forbidden, forced",
                     widest=lambda c: widest_steered(c, span, strategy.arm_block(span)))


def widest_steered(counts: np.ndarray, span: int, block: int) -> float:
    """The largest 95% half-width of the make-rate differences (forbidden and forced minus
    free), for --precision."""
    rows = []
    for arm in range(2):
        made = counts[arm * block + span * span:arm * block + span * span + 4].reshape(2, 2)
        if made.sum() == 0:
            return 1.0
        rows.append(paired_difference(made, np.arange(2.0), np.arange(2.0)))
    return widest_half(rows, "diff")


def steered_rows(study: Study, technique: str, side: str) -> list[dict]:
    """Two rows (forbid, force): the frequencies, shared, and each arm's differences."""
    counts = steered_counts(study, technique, side)
    span = study.inputs.variant.total_points + 1
    block = strategy.arm_block(span)
    tail = counts[2 * block:]
    points = np.arange(span, dtype=float)
    situations, chosen = int(tail[strategy.ST_SITUATIONS]), int(tail[strategy.ST_CHOSEN])
    rows = []
    for j, arm in enumerate(("forbid", "force")):
        at = j * block
        joint = counts[at:at + span * span].reshape(span, span)
        made = counts[at + span * span:at + span * span + 4].reshape(2, 2)
        sums = counts[at + span * span + 4:at + block]
        n = int(joint.sum())
        seen = int(tail[strategy.ST_DEALS_SEEN])
        deals = int(tail[strategy.ST_DEALS])
        seen_lo, seen_hi = wilson(seen, deals)
        chose_lo, chose_hi = wilson(chosen, situations) if situations else (np.nan, np.nan)
        rows.append({
            **study.keys, "technique": technique, "side": side, "arm": arm,
            "points_of": "defenders" if side == "defenders" else "bidders",
            "thrown_in": int(tail[strategy.ST_THROWN]),
            "auction_differs": int(tail[strategy.ST_AUCTION_DIFFERS]),
            "deals_with_situation": seen / deals, "deals_with_situation_lo": float(seen_lo),
            "deals_with_situation_hi": float(seen_hi),
            "situations_per_deal": situations / deals,
            "chosen": chosen / situations if situations else np.nan,
            "chosen_lo": float(chose_lo), "chosen_hi": float(chose_hi),
            **prefixed("points", paired_difference(joint, points, points)),
            "n_net": n, **prefixed("bidders_net", paired_from_sums(n, sums)),
            **prefixed("make_rate", paired_difference(made, np.arange(2.0), np.arange(2.0))),
        })
    return rows


def steered_techniques(study: Study, names: list[str], sides: list[str]) -> pd.DataFrame:
    """Rows per technique, side and arm (forbid, force): how often the situation arises
    (share of auctioned deals, situations per deal) and the free player takes the action
    there; arm minus free in the side's points, the bidders' net score and make rate."""
    check_steerable(study, names)
    check_two_sides(study.inputs.variant, "technique")
    return pd.DataFrame([row for s in sides for t in names for row in steered_rows(study, t, s)])
