"""The dealer's special bid "28-56" (docs/rules.md): who may bid it, in which suits, and
the suit of a hand's best value among them."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import bit
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.players.bid_values import FIELD


@kernel
def suits_28_56(hand, seat, dealer, standing, tab):
    """The suits (bit per suit) in which ``seat`` holding ``hand`` (its dealt cards) may bid
    28-56 over ``standing``: the dealer's suits of which it holds the ace, king and 2;
    0 when it may not."""
    if tab.opts[L.O_DEALER_28_56] == 0 or seat != dealer or standing >= L.BID_28_56:
        return np.int64(0)
    suits = np.int64(0)
    for s in range(4):
        need = bit(13 * s + 12) | bit(13 * s + 11) | bit(13 * s)
        if hand & need == need:
            suits |= np.int64(1) << s
    return suits


@kernel
def best_among(values, suits):
    """(suit, value) of the highest packed value (bid_values.suit_values) among ``suits``
    (bit per suit), the lowest suit on ties."""
    best = 0
    best_v = np.int64(-1)
    for t in range(4):
        v = (values >> (16 * t)) & FIELD
        if (suits >> t) & 1 and v > best_v:
            best_v = v
            best = t
    return best, best_v


@kernel
def nth_suit(suits, k):
    """The ``k``-th suit (from 0, ascending) of the bit set ``suits``."""
    for t in range(4):
        if (suits >> t) & 1:
            if k == 0:
                return np.int64(t)
            k -= 1
    return np.int64(-1)


@kernel
def count_suits(suits):
    return ((suits >> 0) & 1) + ((suits >> 1) & 1) + ((suits >> 2) & 1) + ((suits >> 3) & 1)
