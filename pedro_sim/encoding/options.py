"""A Variant's options as the int64 array every kernel reads (slots in layout.py).

Most slots hold one Variant field as it is: an integer, a flag, or a named choice as the
value its declaration gives it (rules/choices.py). FIELDS lists those; the few slots
below it are worked out from several fields.
"""

from __future__ import annotations

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.rules.choices import CHOICES
from pedro_sim.rules.variant import Variant

FIELDS: dict[int, str] = {  # slot -> the Variant field it holds
    L.O_PLAYERS: "players", L.O_HAND: "hand", L.O_PACKET: "packet", L.O_KEEP: "keep",
    L.O_MIN_BID: "min_bid", L.O_MAX_BID: "max_bid", L.O_FORCED_BID: "forced_bid",
    L.O_TARGET: "target", L.O_GOES_OUT_AT: "goes_out_at", L.O_MAX_DEALS: "max_deals",
    L.O_DECK: "deck", L.O_DEALER_EQUAL: "dealer_may_equal", L.O_DISCARD: "discard",
    L.O_FILL: "dealer_fill", L.O_PLAIN_LED: "plain_led", L.O_FIRST_LEAD_TRUMP: "first_lead",
    L.O_TIE: "tie", L.O_WIN_OWN_BID: "win_only_on", L.O_BOOKS: "books",
    L.O_CREDIT: "opponents_discards_to_bidders", L.O_ROUNDS: "auction",
    L.O_SECOND_DEAL: "second_deal", L.O_FORCED_KIND: "dealer_forced", L.O_KITTY: "kitty",
    L.O_LOSE_AT: "lose_at", L.O_SCORING: "scoring", L.O_EXCESS: "excess_trumps",
    L.O_FOLD: "fold", L.O_SEARCH_DISCARDS: "dealer_searches_discards",
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
    opts[L.O_TWO_POINTS] = v.points.get("2", 0) if v.two_scores_for == "holder" else 0
    opts[L.O_TOTAL_POINTS] = v.total_points
    opts[L.O_EXTRAS_SCORE] = v.excess_trumps in ("extra-cards", "extra-one-scoring", "pairs")
    opts[L.O_EXTRAS_ONE_SCORING] = v.excess_trumps == "extra-one-scoring"
    opts[L.O_PAIRS] = v.excess_trumps == "pairs"
    opts[L.O_DOUBLE_MAX] = v.special_bid == "double-max"
    opts[L.O_MOON] = v.special_bid == "moon"
    opts[L.O_TOP_BID] = v.top_bid
    opts[L.O_PASS_EXCESS] = v.excess_trumps == "pass-to-partner"
    return opts
