"""What each holding is worth to the bidder (the `holdings` command).

The bidder sits at a fixed seat and names a fixed suit trumps (hearts: every suit
plays alike) without an auction, at the minimum bid; play never depends on the bid,
so one simulation prices every bid. Two measurements:

- card values: each trump card on paired deals, the bidder holding it and then, the
  same deal and the same random numbers, a random card it did not hold in its place;
- patterns: random hands classed by trump length and by which of A, K, Q, J and the
  pedros they hold, summed into named holdings (and into the charts' grids).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pedro_sim.analysis.paired import points_and_makes, widest_make_interval
from pedro_sim.analysis.scores import bid_rows
from pedro_sim.analysis.seat_words import seat_place
from pedro_sim.analysis.stats import mean_ci_from_hist, widest_half
from pedro_sim.analysis.study import Study
from pedro_sim.cards import card_text
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import strategy
from pedro_sim.engine.drivers.strategy import MAX_LENGTH

TRUMP = 1  # hearts
MARKS = ("A", "K", "Q", "J", "pedro", "off-five")  # the cards a hand class records


def place(study: Study, seat: str) -> int:
    """Places after eldest of the seat named ``seat`` at the study's table."""
    return seat_place(seat, study.inputs.variant.players)


def trump_cards(study: Study, suit: int = TRUMP) -> list[tuple[int, str]]:
    """The trumps of ``suit``, strongest first, each with its name (A .. pedro, off-five)."""
    masks, cinfo = study.inputs.tables.masks, study.inputs.tables.cinfo
    trumps = [c for c in range(53) if int(masks[suit, L.M_TRUMP]) >> c & 1]
    trumps.sort(key=lambda c: -int(cinfo[suit, L.I_STRENGTH, c]))
    return [(c, card_name(c, suit)) for c in trumps]


def card_name(card: int, suit: int) -> str:
    """'A', 'T', 'pedro', 'off-five', 'off-jack', 'joker' for a trump of ``suit``."""
    text = card_text(card)
    if text == "JK":
        return "joker"
    if text[0] == "5":
        return "pedro" if card // 13 == suit else "off-five"
    if text[0] == "J" and card // 13 != suit:
        return "off-jack"
    return text[0]


def mark_cards(study: Study, suit: int = TRUMP) -> np.ndarray:
    """Card ids of MARKS in ``suit`` (-1 where the preset has no such trump)."""
    names = {name: c for c, name in trump_cards(study, suit)}
    return np.array([names.get(m, -1) for m in MARKS], dtype=np.int64)


def card_values(study: Study, seats: list[str], suit: int = TRUMP) -> pd.DataFrame:
    """Per seat, trump card and bid: P(make) and mean points holding the card and not,
    and the paired differences with both intervals (analysis/paired.py)."""
    v = study.inputs.variant
    span = v.total_points + 1
    rows = []
    for seat in seats:
        for card, name in trump_cards(study, suit):
            def step(first, count, chunk, out, card=card, seat=seat):
                strategy.holding_pairs(strategy.Span(study.seed, first, count, chunk), card,
                                       place(study, seat), suit, study.who.policy, study.who.flags,
                                       study.inputs.tables, out)

            joint = study.run(step, (span, span), f"{seat}: holding {name}",
                              widest=lambda j: widest_make_interval(
                                  points_and_makes(j, v.min_bid, v.max_bid)))
            for r in points_and_makes(joint, v.min_bid, v.max_bid):
                rows.append({**study.keys, "seat": seat, "card": card_text(card),
                             "holding": name, **r})
    return pd.DataFrame(rows)


N_CLASSES = (MAX_LENGTH + 1) << len(MARKS)


def class_counts(study: Study, seat: str, suit: int = TRUMP) -> np.ndarray:
    """counts[hand class, bidders' points, defenders' points] of random hands dealt to
    ``seat``'s bidder (a class: trump length, then a bit per card of MARKS held; see
    class_features)."""
    marks = mark_cards(study, suit)

    def step(first, count, chunk, out):
        strategy.hand_classes(strategy.Span(study.seed, first, count, chunk),
                              place(study, seat), suit,
                              marks, study.who.policy, study.who.flags, study.inputs.tables, out)

    def widest(counts: np.ndarray) -> float:
        rows = pattern_rows(study, seat, counts)
        return widest_half(rows, "p_make")

    span = study.inputs.variant.total_points + 1
    flat = study.run(step, (N_CLASSES, span * span), f"{seat}: random hands",
                     widest=lambda flat: widest(flat.reshape(N_CLASSES, span, span)))
    return flat.reshape(N_CLASSES, span, span)


def class_features() -> dict[str, np.ndarray]:
    """For every hand class: its trump length and 0/1 for each card of MARKS."""
    keys = np.arange(N_CLASSES)
    features = {"length": keys >> len(MARKS)}
    for k, mark in enumerate(MARKS):
        features[mark] = (keys >> (len(MARKS) - 1 - k)) & 1
    features["tops"] = sum(features[m] for m in ("A", "K", "Q", "J"))
    features["pedros"] = features["pedro"] + features["off-five"]
    return features


def _patterns() -> dict[str, object]:
    patterns = {
        "any hand": lambda f: f["length"] >= 0,
        "bare pedro (its only trump)": lambda f: (f["length"] == 1) & (f["pedros"] == 1),
        "pedro without the ace": lambda f: (f["pedros"] >= 1) & (f["A"] == 0),
        "pedro with the ace": lambda f: (f["pedros"] >= 1) & (f["A"] == 1),
        "both pedros": lambda f: f["pedros"] == 2,
        "A-K-Q": lambda f: (f["A"] + f["K"] + f["Q"]) == 3,
    }
    for n in range(7):
        patterns[f"trump length {n}"] = lambda f, n=n: f["length"] == n
    patterns["trump length 7+"] = lambda f: f["length"] >= 7
    return patterns


PATTERNS = _patterns()  # name -> which hand classes it takes in (class_features -> bool)


def pattern_rows(study: Study, seat: str, counts: np.ndarray) -> list[dict]:
    """Per named pattern and bid: share of hands, P(make), expected score, mean points."""
    v = study.inputs.variant
    features = class_features()
    total = int(counts.sum())
    points = np.arange(v.total_points + 1)
    rows = []
    for name, select in PATTERNS.items():
        joint = counts[select(features)].sum(axis=0)
        n = int(joint.sum())
        if n == 0:
            continue
        mean, lo, hi = mean_ci_from_hist(points, joint.sum(axis=1))
        for _, r in bid_rows(joint, study.inputs).iterrows():
            rows.append({**study.keys, "seat": seat, "pattern": name, "share": n / total,
                         "mean_points": mean, "mean_points_lo": lo,
                         "mean_points_hi": hi, **r.to_dict()})
    return rows


def patterns(study: Study, seats: list[str], suit: int = TRUMP) -> tuple[pd.DataFrame,
                                                                       dict[str, np.ndarray]]:
    """Named holding patterns per seat and bid, and each seat's class counts (charts)."""
    counts = {seat: class_counts(study, seat, suit) for seat in seats}
    rows = [r for seat in seats for r in pattern_rows(study, seat, counts[seat])]
    frame = pd.DataFrame(rows)
    frame["bid"] = frame["bid"].astype(int)
    frame["n"] = frame["n"].astype(int)
    return frame, counts
