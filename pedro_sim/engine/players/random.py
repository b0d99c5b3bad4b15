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
    return take_random(rng, cands, extra)


@kernel
def take_random(rng, m, n):
    """``n`` cards of mask ``m``, uniformly, one at a time by ascending id."""
    out = ZERO
    for _ in range(n):
        c = kth(m, below(rng, popcount(m)))
        out |= bit(c)
        m &= ~bit(c)
    return out
