"""The heuristic's value of a hand in each suit: what it bids and names, and what the
thinking players' simulated bidders name."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, lowest
from pedro_sim.engine.jit import kernel

LENGTH_BONUS = 10  # tenths of a point for each trump beyond the third
FIELD = np.int64(0xFFFF)


@kernel
def suit_values(hand, tab):
    """The heuristic's value of ``hand`` with each suit as trumps, in tenths of a point,
    packed 16 bits per suit (one pass over the hand instead of one per suit)."""
    values = 0
    counts = 0
    m = hand
    while m:
        c = lowest(m)
        m &= m - ONE
        values += tab.cinfo[0, L.I_PACKED_EVAL, c]
        counts += tab.cinfo[0, L.I_PACKED_COUNT, c]
    for t in range(4):
        n = (counts >> (16 * t)) & FIELD
        if n > 3:
            values += (LENGTH_BONUS * (n - 3)) << (16 * t)
    return values


@kernel
def suit_value(hand, t, tab):
    """The value of ``hand`` with ``t`` as trumps."""
    return (suit_values(hand, tab) >> (16 * t)) & FIELD


@kernel
def best_of(values):
    """(suit, value) of the highest packed value, the lowest suit on ties."""
    return best_among(values, 15)


@kernel
def best_among(values, suits):
    """best_of among ``suits`` only (bit per suit: a 28-56 is named in a suit of A K 2)."""
    best = 0
    best_v = np.int64(-1)
    for t in range(4):
        v = (values >> (16 * t)) & FIELD
        if (suits >> t) & 1 and v > best_v:
            best_v = v
            best = t
    return best, best_v


@kernel
def best_suit(hand, tab):
    """The suit the heuristic names."""
    return best_of(suit_values(hand, tab))[0]
