"""A Variant's options as the int64 array every kernel reads (slots in layout.py).

A slot named after a Variant field (``O_DISCARD`` for ``discard``) holds that field as it
is: an integer, a flag, or a named choice as the value its declaration gives it
(rules/choices.py); the few slots below are worked out from several fields.
"""

from __future__ import annotations

from dataclasses import fields

import numpy as np

from pedro_sim.cards import RANKS, card_text
from pedro_sim.encoding import layout as L
from pedro_sim.errors import PedroError
from pedro_sim.rules.choices import CHOICES
from pedro_sim.rules.presets import PARTNERS_RAISE
from pedro_sim.rules.variant import PACK_32_RANKS, Variant

FIELDS: dict[int, str] = {  # slot -> the Variant field it holds: the slot named O_<FIELD>
    getattr(L, "O_" + f.name.upper()): f.name for f in fields(Variant)
    if hasattr(L, "O_" + f.name.upper())
}


def field_value(variant: Variant, name: str) -> int:
    """A field as the kernels hold it: a named choice as its declared value."""
    value = getattr(variant, name)
    return int(CHOICES[name].parse(value)) if name in CHOICES else int(value)


def kernel_options(variant: Variant) -> np.ndarray:
    """The int64 option array every kernel reads (indices in encoding/layout.py)."""
    v = variant
    opts = np.zeros(L.N_OPTS, dtype=np.int64)
    for slot, name in FIELDS.items():
        opts[slot] = field_value(v, name)
    # the 2 of the team dealt it (ukrainian) counts as the holder's when play starts, and
    # for the team that put it away where it was put away (scoring.exchange_credit)
    opts[L.O_TWO_POINTS] = v.points.get("2", 0) if v.two_scores_for in ("holder", "dealt") \
        else 0
    opts[L.O_TOTAL_POINTS] = v.total_points
    opts[L.O_EXTRAS_SCORE] = v.excess_trumps in ("extra-cards", "extra-one-scoring", "pairs",
                                                 "put-away")
    opts[L.O_EXTRAS_ONE_SCORING] = v.excess_trumps == "extra-one-scoring"
    opts[L.O_PAIRS] = v.excess_trumps == "pairs"
    opts[L.O_DOUBLE_MAX] = v.special_bid == "double-max"
    opts[L.O_MOON] = v.special_bid == "moon"
    opts[L.O_TOP_BID] = v.top_bid
    opts[L.O_PASS_EXCESS] = v.excess_trumps == "pass-to-partner"
    opts[L.O_PARTNERS_RAISE] = v.name in PARTNERS_RAISE
    opts[L.O_PACK] = sum(1 << c for c in pack_cards(v))
    opts[L.N_RULE_OPTS:] = seat_table(v.players, None if v.partnerships
                                      else tuple(range(v.players)))
    return opts


def pack_cards(variant: Variant) -> list[int]:
    """The card ids of the pack, ascending: 52, the joker (52) besides in a 53-card pack,
    or the A K Q J T 9 5 2 of each suit in a 32-card one.

    >>> len(pack_cards(Variant(deck=32, hand=7, keep=7))), pack_cards(Variant())[-1]
    (32, 51)
    """
    if variant.deck == 32:
        return [c for c in range(52) if RANKS[c % 13] in PACK_32_RANKS]
    return list(range(variant.deck))


def check_in_pack(cards: list[int], variant: Variant, where: str = "hand") -> list[int]:
    """``cards``, refused in one line where one is not in ``variant``'s pack (the joker
    without deck=53, a 3 or a 7 in the 32-card pack)."""
    pack = set(pack_cards(variant))
    stray = [c for c in cards if c not in pack]
    if stray:
        what = {52: "52-card", 53: "53-card", 32: "32-card (A K Q J T 9 5 2 of each suit)"}
        raise PedroError(f"{where}: {card_text(stray[0])} is not in {variant.name}'s "
                         f"{what[variant.deck]} pack")
    return cards


def seat_table(n: int, sides: tuple[int, ...] | None = None,
               roles: tuple[int, ...] | None = None) -> np.ndarray:
    """Who plays with whom among ``n`` players (slots SE_* of layout.py): by default in
    partnerships, partners across the table, so seat p plays for side p % 2; ``sides``
    gives each seat's side instead (partners: the next seat of the same side). ``roles``:
    which of a policy word's two players sits at each seat (default: its side's parity,
    which is the side itself in two-sided games).

    >>> t = seat_table(4)
    >>> def at(slot): return t[slot - L.N_RULE_OPTS:][:4].tolist()
    >>> at(L.SE_SIDE), at(L.SE_PARTNER)
    ([0, 1, 0, 1], [2, 3, 0, 1])
    >>> [bin(at(L.SE_LATER + L.SEATS * k)[0]) for k in range(4)]  # seat 0 at places 0..3
    ['0b1010', '0b10', '0b10', '0b0']
    >>> t = seat_table(3, (0, 1, 2), (1, 0, 0))
    >>> at(L.SE_PARTNER)[:3], bin(at(L.SE_ROLE_WORD)[0])
    ([-1, -1, -1], '0b1')
    """
    table = np.full(L.N_OPTS - L.N_RULE_OPTS, -1, dtype=np.int64)
    at = -L.N_RULE_OPTS
    side = list(sides) if sides is not None else [p % 2 for p in range(n)]
    role = list(roles) if roles is not None else [s % 2 for s in side]
    for p in range(n):
        table[at + L.SE_SIDE + p] = side[p]
        mates = [(p + j) % n for j in range(1, n) if side[(p + j) % n] == side[p]]
        table[at + L.SE_PARTNER + p] = mates[0] if mates else -1
    for k in range(n):
        for p in range(n):
            later = [(p + j) % n for j in range(1, n - k)]
            table[at + L.SE_LATER + L.SEATS * k + p] = sum(1 << q for q in later
                                                           if side[q] != side[p])
    table[at + L.SE_SIDE_WORD] = sum(side[p] << (L.SIDE_BITS * p) for p in range(n))
    table[at + L.SE_ROLE_WORD] = sum(role[p] << p for p in range(n))
    return table
