"""The rule-based player. Every technique is a flag (engine.layout F_*); docs/heuristic.md.

"Unseen" cards are those neither played nor in the player's own hand: the
player never looks at another hand.
"""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, ZERO, bit, highest, lowest
from pedro_sim.engine.jit import kernel

ALL_CARDS = np.uint64((1 << 53) - 1)


# One bit per suit at rank 0: shifted by r, the four cards of rank r.
RANKS = np.uint64(1 | 1 << 13 | 1 << 26 | 1 << 39)
RANK_BITS = np.uint64((1 << 13) - 1)


@kernel
def plain_ranks(plain):
    """The ranks (bits 0..12) held in a mask of plain cards, whatever their suits."""
    return (plain | (plain >> np.uint64(13)) | (plain >> np.uint64(26))
            | (plain >> np.uint64(39))) & RANK_BITS


@kernel
def trump_by_strength(m, t, tab, strongest_first):
    """The strongest (or weakest) card of a mask of trumps, -1 if it is empty: the one no
    other card of the mask beats (that all the others beat). Within a suit card ids rise
    with rank, so the search starts at the end that nearly always holds it."""
    m = np.uint64(m)
    while m:
        c = highest(m) if strongest_first else lowest(m)
        others = m & ~bit(c)
        stronger = np.uint64(tab.cinfo[t, L.I_STRONGER, c]) & others
        if stronger == (ZERO if strongest_first else others):
            return c
        m = others
    return -1


@kernel
def weakest(m, t, tab):
    """The lowest-ranking card of a non-empty mask (plain cards rank below trumps, by rank
    whatever their suit; ties to the lowest id). A plain card's strength is its rank
    (tables._card_info), so the rank comes from the mask's bits without a loop."""
    m = np.uint64(m)
    plain = m & ~tab.masks[t, L.M_TRUMP]
    if plain:
        return lowest(plain & (RANKS << np.uint64(lowest(plain_ranks(plain)))))
    return trump_by_strength(m, t, tab, False)


@kernel
def strongest(m, t, tab):
    """The highest-ranking card of a non-empty mask; ties to the lowest id."""
    m = np.uint64(m)
    tr = m & tab.masks[t, L.M_TRUMP]
    if tr:
        return trump_by_strength(tr, t, tab, True)
    if not m:
        return -1
    return lowest(m & (RANKS << np.uint64(highest(plain_ranks(m)))))


@kernel
def sure_winners(cands, unseen, t, tab):
    """The cards of ``cands`` that no unseen card can beat."""
    sure = ZERO
    m = cands
    while m:
        c = lowest(m)
        m &= m - ONE
        if not tab.beats[t, c] & unseen:
            sure |= bit(c)
    return sure


@kernel
def low_pool(legal, guard, t, tab):
    """The cards to throw the weakest of: when guarding, those that give away no points
    (if any)."""
    if guard:
        cheap = legal & ~tab.masks[t, L.M_SCORE_TRICK]
        if cheap:
            return cheap
    return legal


@kernel
def discard_low(legal, guard, t, tab):
    """Throw the weakest card; when guarding, one that gives away no points."""
    return weakest(low_pool(legal, guard, t, tab), t, tab)


@kernel
def lead(flags, legal, unseen, t, tab):
    if flags & L.F_LEAD_TRUMPS:
        tr = legal & tab.masks[t, L.M_TRUMP]
        if tr:
            top = strongest(tr, t, tab)
            if not tab.beats[t, top] & unseen:
                return top
    return discard_low(legal, flags & L.F_GUARD_PEDRO, t, tab)


@kernel
def worth_cinching(flags, unseen, table_points, t, tab):
    """Cinch when the trick already holds points or a pedro is still out to be saved."""
    return (flags & L.F_CINCH) and (table_points > 0 or unseen & tab.masks[t, L.M_PEDROS])


# The following choose a set of cards and take its weakest once, at the end: each call of
# weakest is inlined, and fewer copies compile faster (docs/changelog.md, 2026-11-30).
@kernel
def follow_partner_winning(flags, legal, wcard, unseen, later_opp, t, tab):
    pool = low_pool(legal, flags & L.F_GUARD_PEDRO, t, tab)
    safe = (not later_opp) or not (tab.beats[t, wcard] & unseen)
    if safe and flags & L.F_SAVE_PEDRO:
        counters = legal & tab.masks[t, L.M_PEDROS]
        if not counters:  # other counters, but not one that wins a trick on its own
            counters = legal & tab.masks[t, L.M_SCORE_TRICK]
            counters &= ~sure_winners(counters, unseen, t, tab)
        if counters:
            pool = counters
    return weakest(pool, t, tab)


@kernel
def follow_opponent_winning(flags, legal, wcard, unseen, later_opp, third_hand, table_points, t,
                            tab):
    """Cinching: the weakest sure winner; guarding: the weakest winner that risks no
    counter, else a discard; otherwise the weakest winner."""
    guard = flags & L.F_GUARD_PEDRO
    winners = legal & tab.beats[t, wcard]
    pool = winners
    if not winners:
        pool = low_pool(legal, guard, t, tab)
    elif later_opp:
        sure = ZERO
        if third_hand and worth_cinching(flags, unseen, table_points, t, tab):
            sure = sure_winners(winners, unseen, t, tab)
        if sure:
            pool = sure
        elif guard:  # never risk a counter that a later card could overtake
            safe = winners & ~tab.masks[t, L.M_SCORE_TRICK]
            safe |= sure_winners(winners & tab.masks[t, L.M_SCORE_TRICK], unseen, t, tab)
            pool = safe if safe else low_pool(legal, guard, t, tab)
    return weakest(pool, t, tab)


WIN_NOBODY = -1  # who holds the trick, as the card players see it
WIN_OPPONENT = 0
WIN_PARTNER = 1


@kernel
def heuristic_card(flags, h, legal, winning, wcard, played, later_opp, third_hand,
                   table_points, t, tab):
    """``winning``: who holds the trick so far (WIN_NOBODY when this is the lead,
    WIN_PARTNER, WIN_OPPONENT); ``later_opp``: an opponent plays after this seat in the
    trick; ``third_hand``: exactly one player, an opponent, follows and the trick's winner
    is the other opponent."""
    unseen = ALL_CARDS & ~(played | h)
    if winning == WIN_NOBODY:
        return lead(flags, legal, unseen, t, tab)
    if winning == WIN_PARTNER:
        return follow_partner_winning(flags, legal, wcard, unseen, later_opp, t, tab)
    return follow_opponent_winning(flags, legal, wcard, unseen, later_opp, third_hand, table_points,
                                   t, tab)


@kernel
def heuristic_extras(h_after, extra, t, tab):
    """Extra cards that go with the trick: the weakest cards that score nothing."""
    out = ZERO
    cands = h_after
    for _ in range(extra):
        c = discard_low(cands, True, t, tab)
        out |= bit(c)
        cands &= ~bit(c)
    return out


@kernel
def heuristic_bury(flags, h_after, extra, t, tab):
    """Bury the weakest non-scoring trumps (the strongest with F_BURY_LOW off)."""
    cands = h_after & tab.masks[t, L.M_NONSCORE]
    out = ZERO
    for _ in range(extra):
        if not cands:  # cannot happen under the stack rule; never return a bogus card
            break
        if flags & L.F_BURY_LOW:
            c = weakest(cands, t, tab)
        else:
            c = strongest(cands, t, tab)
        out |= bit(c)
        cands &= ~bit(c)
    return out
