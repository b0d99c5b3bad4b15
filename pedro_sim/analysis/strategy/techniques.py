"""What each heuristic technique is worth (the `technique` command).

Every deal is dealt, bid and played twice from the same seed and deal index: once with
all techniques on, once with one switched off for a side (the bidders, the defenders or
both); the auction never depends on the techniques, so the bidder and the bid are the
same in both arms. The difference (on minus off) is reported with its paired interval
beside the interval two independent runs of the same size would give.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pedro_sim.analysis.paired import paired_difference, prefixed
from pedro_sim.analysis.stats import widest_half, wilson_half
from pedro_sim.analysis.study import Study
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import strategy
from pedro_sim.engine_inputs import TECHNIQUES, check_two_sides
from pedro_sim.errors import PedroError
from pedro_sim.rules import Variant


def cannot_arise(variant: Variant, name: str) -> str | None:
    """Why technique ``name`` never changes a deal of ``variant``; None where it can."""
    if name == "bury-low" and variant.plays_every_card_it_holds:
        return "no player ever holds more cards than it plays, so none is buried"
    if name == "bury-low" and variant.excess_trumps != "bury":
        return (f"a player's extra trumps are not buried there "
                f"(excess_trumps={variant.excess_trumps})")
    if name == "pass-trumps" and variant.discard != "fold-or-pass":
        return ("nobody passes trumps to a partner and folds there (only with "
                "discard=fold-or-pass: ukrainian)")
    return None


def arising(variant: Variant, names: list[str]) -> list[str]:
    """``names`` less the techniques that cannot arise in ``variant``; one asked alone that
    cannot is refused in one line."""
    if len(names) == 1 and cannot_arise(variant, names[0]):
        raise PedroError(f"{names[0]} cannot arise in {variant.name}: "
                         f"{cannot_arise(variant, names[0])}")
    return [n for n in names if cannot_arise(variant, n) is None]


def switched_off(policy: int, technique: str, side: str) -> int:
    """The policy word with ``technique`` off for ``side`` (bidders/defenders addressed
    through POLICY_SIDES, see engine/players)."""
    word = policy & 0xFF  # bidders' player (low 4 bits) and defenders': one player here
    if word & 15 != word >> 4:
        raise PedroError("technique needs the same players on both sides")
    flag = TECHNIQUES[technique]
    off = (flag if side != "defenders" else 0) | ((flag if side != "bidders" else 0) << 8)
    return L.POLICY_SIDES | word | (off << L.OFF_SHIFT)


def check_heuristic(study: Study) -> None:
    check_two_sides(study.inputs.variant, "technique")
    word = study.who.policy & 0xFF
    if word & 15 != L.PL_HEURISTIC or word >> 4 != L.PL_HEURISTIC:
        raise PedroError("technique compares the heuristic player's techniques: use "
                         "--policy heuristic")


def technique_counts(study: Study, technique: str, side: str) -> np.ndarray:
    """engine/strategy.arm_pairs' counts: every technique on (arm 0) against ``technique``
    off for ``side`` (arm 1)."""
    off = switched_off(study.who.policy, technique, side)
    base = off & ~(0xFFFF << L.OFF_SHIFT)  # the same players, every technique on
    tables = study.inputs.tables
    arms = np.repeat(study.who.flags[None, :], 2, axis=0)
    team = 1 if side == "defenders" else 0
    span = study.inputs.variant.total_points + 1

    def step(first, count, chunk, out):
        strategy.arm_pairs(strategy.Span(study.seed, first, count, chunk), (base, off), arms,
                           team, tables, out)

    return study.run(step, (strategy.arms_size(tables, 2),), f"{technique}, {side}: on and off",
                     widest=lambda counts: widest_make_rate(on_off(counts, span)[1]))


def on_off(counts: np.ndarray, span: int) -> tuple[np.ndarray, np.ndarray]:
    """(points on x points off, made on x made off) from arm_pairs' counts of two arms."""
    joint = counts[:span * span].reshape(span, span).T
    made = counts[span * span:span * span + 4].reshape(2, 2).T
    return joint, made


def widest_make_rate(made: np.ndarray) -> float:
    """The largest 95% half-width of the make rates on and off and of their difference,
    from the 2x2 counts (made on, made off)."""
    n = int(made.sum())
    if n == 0:
        return 1.0
    diff = paired_difference(made, np.arange(2.0), np.arange(2.0))
    rates = wilson_half(np.array([made.sum(axis=0)[1], made.sum(axis=1)[1]]), n)
    return max(widest_half([diff], "diff"), rates)


def technique_row(study: Study, technique: str, side: str) -> dict:
    counts = technique_counts(study, technique, side)
    span = study.inputs.variant.total_points + 1
    joint, made = on_off(counts, span)
    points = np.arange(span, dtype=float)
    whose = "defenders" if side == "defenders" else "bidders"
    tail = counts[strategy.arms_size(study.inputs.tables, 2) - strategy.ARM_TAIL:]
    return {**study.keys, "technique": technique, "side": side, "points_of": whose,
            "thrown_in": int(tail[strategy.ST_THROWN]),
            **prefixed("points", paired_difference(joint, points, points)),
            **prefixed("make_rate", paired_difference(made, np.arange(2.0), np.arange(2.0)))}


def techniques(study: Study, names: list[str], sides: list[str]) -> pd.DataFrame:
    """One row per technique and side: mean points of the side it is switched off for
    (bidders' for both) and the bidders' make rate, on (a) and off (b), with the paired
    and the independent 95% intervals of the difference; ranked by the points it gains."""
    check_heuristic(study)
    frame = pd.DataFrame([technique_row(study, t, s) for s in sides for t in names])
    frame["gain_rank"] = frame.groupby("side")["points_diff"].rank(ascending=False,
                                                                  method="first").astype(int)
    return frame.sort_values(["side", "gain_rank"], ignore_index=True)
