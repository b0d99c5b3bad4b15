"""The rule-based player. Every technique is a flag (engine.layout F_*); docs/heuristic.md.

"Unseen" cards are those neither played nor in the player's own hand: the
player never looks at another hand.
"""

import numpy as np

from pedro_sim.engine import layout as L
from pedro_sim.engine.bits import ONE, ZERO, bit, lowest
from pedro_sim.engine.jit import kernel

ALL_CARDS = np.uint64((1 << 53) - 1)


@kernel
def weakest(m, t, cinfo):
    """The lowest-ranking card of a non-empty mask (plain cards rank below trumps)."""
    best = -1
    best_s = 1 << 30
    while m:
        c = lowest(m)
        m &= m - ONE
        s = cinfo[t, L.I_STRENGTH, c]
        if s < best_s:
            best_s = s
            best = c
    return best


@kernel
def strongest(m, t, cinfo):
    best = -1
    best_s = -1
    while m:
        c = lowest(m)
        m &= m - ONE
        s = cinfo[t, L.I_STRENGTH, c]
        if s > best_s:
            best_s = s
            best = c
    return best


@kernel
def sure_winners(cands, unseen, t, beats):
    """The cards of ``cands`` that no unseen card can beat."""
    sure = ZERO
    m = cands
    while m:
        c = lowest(m)
        m &= m - ONE
        if not beats[t, c] & unseen:
            sure |= bit(c)
    return sure


@kernel
def cheapest_sure_winner(cands, unseen, t, beats, cinfo):
    """The weakest card of ``cands`` that no unseen card can beat, or -1."""
    sure = sure_winners(cands, unseen, t, beats)
    return weakest(sure, t, cinfo) if sure else -1


@kernel
def discard_low(legal, guard, t, masks, cinfo):
    """Throw the weakest card; when guarding, one that gives away no points."""
    if guard:
        cheap = legal & ~masks[t, L.M_SCORE_TRICK]
        if cheap:
            return weakest(cheap, t, cinfo)
    return weakest(legal, t, cinfo)


@kernel
def lead(flags, legal, unseen, t, masks, beats, cinfo):
    if flags & L.F_LEAD_TRUMPS:
        tr = legal & masks[t, L.M_TRUMP]
        if tr:
            top = strongest(tr, t, cinfo)
            if not beats[t, top] & unseen:
                return top
    return discard_low(legal, flags & L.F_GUARD_PEDRO, t, masks, cinfo)


@kernel
def worth_cinching(flags, unseen, table_points, t, masks):
    """Cinch when the trick already holds points or a pedro is still out to be saved."""
    return (flags & L.F_CINCH) and (table_points > 0 or unseen & masks[t, L.M_PEDROS])


@kernel
def follow_partner_winning(flags, legal, wcard, unseen, later_opp, t, masks, beats, cinfo):
    guard = flags & L.F_GUARD_PEDRO
    safe = (not later_opp) or not (beats[t, wcard] & unseen)
    if safe:
        if flags & L.F_SAVE_PEDRO:
            counters = legal & masks[t, L.M_PEDROS]
            if not counters:  # other counters, but not one that wins a trick on its own
                counters = legal & masks[t, L.M_SCORE_TRICK]
                counters &= ~sure_winners(counters, unseen, t, beats)
            if counters:
                return weakest(counters, t, cinfo)
        return discard_low(legal, guard, t, masks, cinfo)
    return discard_low(legal, guard, t, masks, cinfo)


@kernel
def follow_opponent_winning(flags, legal, wcard, unseen, later_opp, third_hand, table_points, t,
                            masks, beats, cinfo):
    guard = flags & L.F_GUARD_PEDRO
    winners = legal & beats[t, wcard]
    if not winners:
        return discard_low(legal, guard, t, masks, cinfo)
    if later_opp:
        if third_hand and worth_cinching(flags, unseen, table_points, t, masks):
            c = cheapest_sure_winner(winners, unseen, t, beats, cinfo)
            if c >= 0:
                return c
        if guard:  # never risk a counter that a later card could overtake
            safe = winners & ~masks[t, L.M_SCORE_TRICK]
            safe |= sure_winners(winners & masks[t, L.M_SCORE_TRICK], unseen, t, beats)
            if safe:
                return weakest(safe, t, cinfo)
            return discard_low(legal, guard, t, masks, cinfo)
    return weakest(winners, t, cinfo)


@kernel
def heuristic_card(flags, p, h, legal, wseat, wcard, played, later_opp, third_hand,
                   table_points, t, masks, beats, cinfo):
    """``later_opp``: an opponent plays after ``p`` in this trick; ``third_hand``: exactly
    one player, an opponent, follows and the trick's winner is the other opponent."""
    unseen = ALL_CARDS & ~(played | h)
    if wseat < 0:
        return lead(flags, legal, unseen, t, masks, beats, cinfo)
    if (wseat ^ p) == 2:
        return follow_partner_winning(flags, legal, wcard, unseen, later_opp, t, masks, beats,
                                      cinfo)
    return follow_opponent_winning(flags, legal, wcard, unseen, later_opp, third_hand,
                                   table_points, t, masks, beats, cinfo)


@kernel
def heuristic_extras(h_after, extra, t, masks, cinfo):
    """Extra cards that go with the trick: the weakest cards that score nothing."""
    out = ZERO
    cands = h_after
    for _ in range(extra):
        c = discard_low(cands, True, t, masks, cinfo)
        out |= bit(c)
        cands &= ~bit(c)
    return out


@kernel
def heuristic_bury(flags, h_after, extra, t, masks, cinfo):
    """Bury the weakest non-scoring trumps (the strongest with F_BURY_LOW off)."""
    cands = h_after & masks[t, L.M_NONSCORE]
    out = ZERO
    for _ in range(extra):
        if not cands:  # cannot happen under the stack rule; never return a bogus card
            break
        if flags & L.F_BURY_LOW:
            c = weakest(cands, t, cinfo)
        else:
            c = strongest(cands, t, cinfo)
        out |= bit(c)
        cands &= ~bit(c)
    return out
