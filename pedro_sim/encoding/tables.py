"""Per-trump lookup tables, built once in Python from a Variant.

The kernels never compute card properties: they read these arrays, indexed
by the trump suit. See encoding/layout.py for the meaning of each row.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.option_array import kernel_options, pack_cards
from pedro_sim.rules.variant import Variant

JOKER = 52
# trump ranks from low to high: the joker lowest, the off-five between the 4 and the pedro
TRUMP_ORDER = ("joker", "2", "3", "4", "off5", "pedro", "6", "7", "8", "9", "T", "offjack", "J",
               "Q", "K", "A")
RANK_KEYS = ("2", "3", "4", "pedro", "6", "7", "8", "9", "T", "J", "Q", "K", "A")

# The heuristic's bidding weight of a trump, in tenths of a point, is its control value
# below plus POINT_WEIGHT for each point it is worth, scaled up with the points of a deal
# beyond cinch's 14 (docs/heuristic.md).
CONTROL = {"A": 16, "K": 12, "Q": 8, "J": 6, "T": 4, "9": 4, "8": 4, "7": 4, "6": 4,
           "pedro": 10, "off5": 5, "4": 4, "3": 4, "2": 8, "joker": 2, "offjack": 5}
POINT_WEIGHT = 4
BIG_COUNTER = 5  # points from which a counter is saved for partner and guarded


def point_weight(variant: Variant) -> int:
    """Tenths of a bid per point a trump is worth: 4 in cinch, more where a deal is worth
    more, so that bids keep pace with the points (king-pedro's 30-point king)."""
    return max(POINT_WEIGHT, round(0.75 * POINT_WEIGHT * variant.total_points / 14))


class Tables(NamedTuple):
    """Everything the kernels read about the rules, as one bundle every phase takes (the
    parameter ``tab``): numba passes a named tuple of arrays as cheaply as the arrays."""

    opts: np.ndarray  # int64 [N_OPTS]: the rule options and seat table (encoding/option_array.py)
    masks: np.ndarray  # uint64 [4, N_MASKS]
    beats: np.ndarray  # uint64 [4, 53]: cards that beat card c when c is winning
    cinfo: np.ndarray  # int64 [4, N_INFO, 53]
    # the seat numbers 0 .. n-1 of an n-player game: a tuple, so that its length, the
    # player count, is part of the bundle's numba type and a constant in the compiled
    # kernels (one compiled engine per player count; engine/seats.py players); individual
    # play, whatever its count, has a tuple of L.SEATS and one engine, which reads the
    # count from opts
    seats: tuple[int, ...]
    # the sides 0 .. k-1: a tuple for the same reason, so that loops over the two sides of
    # partnerships unroll (engine/seats.py sides); individual play: L.MAX_SIDES
    sides: tuple[int, ...] = (0, 1)


def trump_cards(trump: int, variant: Variant) -> dict[str, int]:
    """Card id of each trump rank key when ``trump`` is named (those in the pack)."""
    cards = {key: trump * 13 + rank for rank, key in enumerate(RANK_KEYS)}
    if variant.off_five_trump:
        cards["off5"] = (3 - trump) * 13 + 3
    if variant.off_jack_trump:
        cards["offjack"] = (3 - trump) * 13 + 9
    if variant.deck == 53:
        cards["joker"] = JOKER
    pack = set(pack_cards(variant))
    return {key: c for key, c in cards.items() if c in pack}


def packed(trump: int, weight: int) -> int:
    """``weight`` placed in the 16-bit field of ``trump``."""
    return int(weight) << (16 * trump)


def build_tables(variant: Variant) -> Tables:
    masks = np.zeros((4, L.N_MASKS), dtype=np.uint64)
    beats = np.zeros((4, 53), dtype=np.uint64)
    cinfo = np.zeros((4, L.N_INFO, 53), dtype=np.int64)
    pack = pack_cards(variant)
    cinfo[:, L.I_PACK, :] = -1
    cinfo[:, L.I_PACK, :len(pack)] = pack
    for t in range(4):
        _card_info(t, variant, masks, cinfo)
        _beats(t, pack, cinfo, beats)
        if variant.plain_trick_winner == "leader":  # only a trump beats the leader's card
            for c in pack:
                if cinfo[t, L.I_SUIT, c] != L.TRUMP_SUIT:
                    beats[t, c] = masks[t, L.M_TRUMP]
        order = [trump_cards(t, variant)[r] for r in variant.counting_order]
        cinfo[t, L.I_COUNT_ORDER, :] = -1
        cinfo[t, L.I_COUNT_ORDER, :len(order)] = order
    if not variant.partnerships:  # every count of individuals: one compiled engine
        return Tables(kernel_options(variant), masks, beats, cinfo, tuple(range(L.SEATS)),
                      tuple(range(L.MAX_SIDES)))
    return Tables(kernel_options(variant), masks, beats, cinfo, tuple(range(variant.players)))


def _card_info(t: int, variant: Variant, masks: np.ndarray, cinfo: np.ndarray) -> None:
    by_key = trump_cards(t, variant)
    # the off-jack takes a place in the order only where it is a trump: the others' strengths
    # stay those of the games without it
    order = [k for k in TRUMP_ORDER if k != "offjack" or variant.off_jack_trump]
    power = {by_key[k]: p for p, k in enumerate(order, start=1) if k in by_key}
    for c in pack_cards(variant):
        if c not in power:
            cinfo[t, L.I_SUIT, c] = c // 13
            cinfo[t, L.I_STRENGTH, c] = c % 13
            masks[t, c // 13] |= np.uint64(1 << c)
    for key, card in by_key.items():
        points = variant.points.get(key, 0)
        bit = np.uint64(1 << card)
        cinfo[t, L.I_SUIT, card] = L.TRUMP_SUIT
        cinfo[t, L.I_STRENGTH, card] = 20 + power[card]
        cinfo[t, L.I_EVAL, card] = CONTROL[key] + point_weight(variant) * points
        masks[t, L.M_TRUMP] |= bit
        if key == "2" and variant.two_scores_for in ("holder", "dealt"):
            masks[t, L.M_TWO] = bit
        elif key == "2" and variant.two_scores_for == "player" and points:
            masks[t, L.M_TWO_PLAYED] = bit
            cinfo[t, L.I_POINTS, card] = points
        elif points:
            cinfo[t, L.I_POINTS, card] = points
            masks[t, L.M_SCORE_TRICK] |= bit
            if points >= BIG_COUNTER:
                masks[t, L.M_PEDROS] |= bit
        else:
            masks[t, L.M_NONSCORE] |= bit
        cinfo[:, L.I_PACKED_EVAL, card] += packed(t, cinfo[t, L.I_EVAL, card])
        cinfo[:, L.I_PACKED_COUNT, card] += 1 << (16 * t)
    masks[t, t] = masks[t, L.M_TRUMP]


def _beats(t: int, pack: list[int], cinfo: np.ndarray, beats: np.ndarray) -> None:
    suit, strength = cinfo[t, L.I_SUIT], cinfo[t, L.I_STRENGTH]
    for c in pack:
        stronger = 0
        for d in pack:
            if (suit[d] == suit[c] and strength[d] > strength[c]) or (
                    suit[d] == L.TRUMP_SUIT and suit[c] != L.TRUMP_SUIT):
                stronger |= 1 << d
        beats[t, c] = np.uint64(stronger)
        if suit[c] == L.TRUMP_SUIT:
            cinfo[t, L.I_STRONGER, c] = stronger
