"""Per-trump lookup tables, built once in Python from a Variant.

The kernels never compute card properties: they read these arrays, indexed
by the trump suit. See engine/layout.py for the meaning of each row.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from pedro_sim.engine import layout as L
from pedro_sim.rules.variant import Variant

# trump ranks from low to high; 'off5' sits between the 4 and the pedro
TRUMP_ORDER = ("2", "3", "4", "off5", "pedro", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
RANK_KEYS = ("2", "3", "4", "pedro", "6", "7", "8", "9", "T", "J", "Q", "K", "A")

# The heuristic's bidding weights of trumps, in tenths of a point (docs/heuristic.md).
EVAL_WEIGHTS = {
    "A": 20, "K": 12, "Q": 8, "J": 10, "T": 8, "9": 4, "8": 4, "7": 4, "6": 4,
    "pedro": 30, "off5": 25, "4": 4, "3": 4, "2": 12,
}


def packed(trump: int, weight: int) -> int:
    """``weight`` placed in the 16-bit field of ``trump``."""
    return int(weight) << (16 * trump)


class Tables(NamedTuple):
    masks: np.ndarray  # uint64 [4, N_MASKS]
    beats: np.ndarray  # uint64 [4, 53]: cards that beat card c when c is winning
    cinfo: np.ndarray  # int64 [4, N_INFO, 53]


def trump_cards(trump: int) -> dict[str, int]:
    """Card id of each trump rank key when ``trump`` is named."""
    cards = {key: trump * 13 + rank for rank, key in enumerate(RANK_KEYS)}
    cards["off5"] = (3 - trump) * 13 + 3
    return cards


def build_tables(variant: Variant) -> Tables:
    masks = np.zeros((4, L.N_MASKS), dtype=np.uint64)
    beats = np.zeros((4, 53), dtype=np.uint64)
    cinfo = np.zeros((4, L.N_INFO, 53), dtype=np.int64)
    for t in range(4):
        by_key = trump_cards(t)
        trumps = {by_key[k]: power for power, k in enumerate(TRUMP_ORDER, start=1)}
        for c in range(52):
            if c in trumps:
                cinfo[t, L.I_SUIT, c] = L.TRUMP_SUIT
                cinfo[t, L.I_STRENGTH, c] = 20 + trumps[c]
            else:
                cinfo[t, L.I_SUIT, c] = c // 13
                cinfo[t, L.I_STRENGTH, c] = c % 13
                masks[t, c // 13] |= np.uint64(1 << c)
        for key, card in by_key.items():
            points = variant.points.get(key, 0)
            cinfo[t, L.I_EVAL, card] = EVAL_WEIGHTS[key]
            if key == "2" and variant.two_scores_for == "holder":
                masks[t, L.M_TWO] = np.uint64(1 << card)
            elif points:
                cinfo[t, L.I_POINTS, card] = points
                masks[t, L.M_SCORE_TRICK] |= np.uint64(1 << card)
            else:
                masks[t, L.M_NONSCORE] |= np.uint64(1 << card)
            masks[t, L.M_TRUMP] |= np.uint64(1 << card)
        masks[t, t] = masks[t, L.M_TRUMP]
        for card in by_key.values():
            cinfo[:, L.I_PACKED_EVAL, card] += packed(t, cinfo[t, L.I_EVAL, card])
            cinfo[:, L.I_PACKED_COUNT, card] += 1 << (16 * t)
        masks[t, L.M_PEDROS] = np.uint64((1 << by_key["pedro"]) | (1 << by_key["off5"]))
        for c in range(52):
            stronger = 0
            for d in range(52):
                same_suit = cinfo[t, L.I_SUIT, d] == cinfo[t, L.I_SUIT, c]
                higher = cinfo[t, L.I_STRENGTH, d] > cinfo[t, L.I_STRENGTH, c]
                if (same_suit and higher) or (
                    cinfo[t, L.I_SUIT, d] == L.TRUMP_SUIT and cinfo[t, L.I_SUIT, c] != L.TRUMP_SUIT
                ):
                    stronger |= 1 << d
            beats[t, c] = np.uint64(stronger)
    return Tables(masks, beats, cinfo)
