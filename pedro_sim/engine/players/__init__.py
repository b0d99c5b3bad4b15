"""Players inside the kernels: one entry point per decision, dispatching on the policy."""

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import bit, kth, popcount
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.players.heuristic import (
    discard_low,
    heuristic_bury,
    heuristic_card,
    heuristic_extras,
    strongest,
)
from pedro_sim.engine.players.random import random_bury, random_card
from pedro_sim.engine.rng import below
from pedro_sim.engine.seats import role_of


@kernel
def policy_of(policy, role):
    """The player of ``role`` (engine/seats.py role_of: a seat's side in two-sided games) in
    a policy word: 4 bits per role (role 0 lowest)."""
    return (policy >> (4 * role)) & 15


@kernel
def seat_player(policy, tab, p):
    """Seat ``p``'s player in a policy word."""
    return policy_of(policy, role_of(tab, p))


@kernel
def for_sides(policy, bt):
    """A word for the bidders and defenders (``L.POLICY_SIDES``: bidders' player in the low
    bits, defenders' next) as a word per side, once the bidders' side ``bt`` is known
    (two sides)."""
    if not policy & L.POLICY_SIDES:
        return policy
    bidders = policy & 15
    defenders = (policy >> 4) & 15
    off_b = (policy >> L.OFF_SHIFT) & 255
    off_d = (policy >> (L.OFF_SHIFT + 8)) & 255
    return ((bidders << (4 * bt)) | (defenders << (4 * (1 - bt)))
            | (1 << (L.PROFILE_SHIFT + 1 - bt))  # the defenders read the second block
            | (off_b << (L.OFF_SHIFT + 8 * bt)) | (off_d << (L.OFF_SHIFT + 8 * (1 - bt))))


@kernel
def settings_of(policy, side):
    """Where ``side``'s thinking settings start in flags (layout K_*): the policy word
    names one of two blocks per side (L.PROFILE_SHIFT)."""
    return L.FL_SETTINGS + ((policy >> (L.PROFILE_SHIFT + side)) & 1) * L.N_SETTINGS


@kernel
def techniques(policy, flags, side):
    """The heuristic technique flags of ``side``: its own, less those the word switches
    off."""
    return flags[side] & ~((policy >> (L.OFF_SHIFT + 8 * side)) & 255)


@kernel
def for_auction(policy):
    """Who bids: with bidders and defenders named, every seat bids as the bidders' player
    (with the bidders' settings, the first block)."""
    if policy & L.POLICY_SIDES:
        return (policy & 15) * 17
    return policy


@kernel
def scoring_cards(t, tab):
    """Every trump that scores, the 2 included, wherever it scores."""
    return tab.masks[t, L.M_SCORE_TRICK] | tab.masks[t, L.M_TWO] | tab.masks[t, L.M_TWO_PLAYED]


@kernel
def pick_one(policy, rng, cands, keep_strong, t, tab):
    """One card of ``cands`` (a choice of cards to keep or give away, one at a time): the
    random player uniformly by ascending card id; the heuristic the strongest when it
    keeps them (``keep_strong``), else the weakest that scores nothing."""
    if policy == L.PL_RANDOM:
        return bit(kth(cands, below(rng, popcount(cands))))
    if keep_strong:
        return bit(strongest(cands, t, tab))
    return bit(discard_low(cands, True, t, tab))


@kernel
def choose_card(policy, flags, h, legal, winning, wcard, played, later_opp, third_hand,
                table_points, rng, t, tab):
    """The card a seat holding ``h`` plays (the top card of a stack on the first trick);
    ``winning``: who holds the trick so far (heuristic.WIN_*)."""
    if policy == L.PL_RANDOM:
        return random_card(rng, legal)
    return heuristic_card(flags, h, legal, winning, wcard, played, later_opp, third_hand,
                          table_points, t, tab)


@kernel
def choose_bury(policy, flags, h_after, extra, any_cards, rng, t, tab):
    """The mask of the ``extra`` cards played under the top card on the first trick:
    non-scoring trumps to bury, or (``any_cards``) any cards, which score for the trick."""
    if any_cards:
        if policy == L.PL_RANDOM:
            return random_bury(rng, h_after, extra)
        return heuristic_extras(h_after, extra, t, tab)
    if policy == L.PL_RANDOM:
        return random_bury(rng, h_after & tab.masks[t, L.M_NONSCORE], extra)
    return heuristic_bury(flags, h_after, extra, t, tab)
