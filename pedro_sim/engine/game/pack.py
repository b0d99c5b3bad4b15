"""The pack's cards (52, 53 with the joker, or 32): card ids keep their natural values
(``suit * 13 + rank``) in every pack, so a loop over the pack reads them from the table."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.jit import kernel


@kernel
def pack_mask(tab):
    """The pack's cards as a mask."""
    return np.uint64(tab.opts[L.O_PACK])


@kernel
def pack_card(tab, j):
    """The ``j``-th card of the pack (ascending ids), ``j`` < tab.opts[L.O_DECK]."""
    return tab.cinfo[0, L.I_PACK, j]
