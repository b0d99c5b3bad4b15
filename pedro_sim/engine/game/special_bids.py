"""The dealer's special bid "28-56" (docs/rules.md): who may bid it, and in which suits."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import bit
from pedro_sim.engine.jit import kernel


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
