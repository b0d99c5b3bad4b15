"""Players inside the kernels: one entry point per decision, dispatching on the policy."""

from pedro_sim.engine import layout as L
from pedro_sim.engine.bits import bit, kth, popcount
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.policies.heuristic import (
    discard_low,
    heuristic_bury,
    heuristic_card,
    heuristic_extras,
    strongest,
)
from pedro_sim.engine.policies.random import random_bury, random_card
from pedro_sim.engine.rng import below


@kernel
def scoring_cards(t, masks):
    """Every trump that scores, the 2 included, wherever it scores."""
    return masks[t, L.M_SCORE_TRICK] | masks[t, L.M_TWO] | masks[t, L.M_TWO_PLAYED]


@kernel
def pick_one(policy, rng, cands, keep_strong, t, masks, cinfo):
    """One card of ``cands`` (a choice of cards to keep or give away, one at a time): the
    random player uniformly by ascending card id; the heuristic the strongest when it
    keeps them (``keep_strong``), else the weakest that scores nothing."""
    if policy == L.P_RANDOM:
        return bit(kth(cands, below(rng, popcount(cands))))
    if keep_strong:
        return bit(strongest(cands, t, cinfo))
    return bit(discard_low(cands, True, t, masks, cinfo))


@kernel
def choose_card(policy, flags, p, h, legal, wseat, wcard, played, later_opp, third_hand,
                table_points, rng, t, masks, beats, cinfo):
    """The card seat ``p`` plays (the top card of a stack on the first trick)."""
    if policy == L.P_RANDOM:
        return random_card(rng, legal)
    return heuristic_card(flags, p, h, legal, wseat, wcard, played, later_opp, third_hand,
                          table_points, t, masks, beats, cinfo)


@kernel
def choose_bury(policy, flags, h_after, extra, any_cards, rng, t, masks, cinfo):
    """The mask of the ``extra`` cards played under the top card on the first trick:
    non-scoring trumps to bury, or (``any_cards``) any cards, which score for the trick."""
    if any_cards:
        if policy == L.P_RANDOM:
            return random_bury(rng, h_after, extra)
        return heuristic_extras(h_after, extra, t, masks, cinfo)
    if policy == L.P_RANDOM:
        return random_bury(rng, h_after & masks[t, L.M_NONSCORE], extra)
    return heuristic_bury(flags, h_after, extra, t, masks, cinfo)
