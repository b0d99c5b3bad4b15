"""The random player: uniform over the legal moves (docs/engine-spec.md)."""

from pedro_sim.engine.bits import ZERO, bit, kth, popcount
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.rng import below


@kernel
def random_card(rng, legal):
    n = popcount(legal)
    if n == 1:
        return kth(legal, 0)
    return kth(legal, below(rng, n))


@kernel
def random_bury(rng, cands, extra):
    """``extra`` cards of ``cands`` chosen uniformly, one at a time by ascending id."""
    if popcount(cands) == extra:
        return cands
    out = ZERO
    for _ in range(extra):
        c = kth(cands, below(rng, popcount(cands)))
        out |= bit(c)
        cands &= ~bit(c)
    return out
