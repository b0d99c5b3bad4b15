"""Techniques as a situation and an action, to watch a thinking player or to steer it.

A technique (docs/strategy.md) is a situation at a card decision, read from what the
player sees (its hand, the cards played, the trick so far), and an action there: a set of
its legal cards. The situation holds only where the player has a real choice: some legal
card is the action and some is not, and it plays no cards under its card (a stack's top
is left free). A seat whose settings block says K_STEER = layout.steer_code
(technique, mode) counts the situations and how often it chose the action (watch), or has
the action taken out of its legal cards (forbid) or made its only choice (force); every
other decision, and the heuristic's rollouts, are untouched.
"""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ZERO, bit
from pedro_sim.engine.jit import kernel, phase
from pedro_sim.engine.players.heuristic import ALL_CARDS, sure_winners
from pedro_sim.engine.seats import holders, later_opponents, side_of
from pedro_sim.engine.thinking.think_buffers import steer_counts


@kernel
def held_surely(wseat, wcard, unseen, p, t, tab):
    """Whether ``p``'s side holds the trick with a card no unseen card beats."""
    return (wseat >= 0 and side_of(tab, wseat) == side_of(tab, p)
            and not tab.beats[t, wcard] & unseen)


@kernel
def situation_cards(tech, hands, p, st, legal, t, tab):
    """The cards of ``legal`` that are technique ``tech``'s action when its situation
    holds for seat ``p`` in the play state ``st`` (layout PS_*), else ZERO."""
    h = hands[p]
    unseen = ALL_CARDS & ~(np.uint64(st[L.PS_PLAYED]) | h)
    wseat = st[L.PS_WSEAT]
    wcard = st[L.PS_WCARD]
    later = (holders(hands, tab) & later_opponents(tab, st[L.PS_K], p)) != 0
    ours = wseat >= 0 and side_of(tab, wseat) == side_of(tab, p)
    act = ZERO
    if tech == L.ST_LEAD_TRUMPS:
        if wseat < 0:
            act = sure_winners(legal & tab.masks[t, L.M_TRUMP], unseen, t, tab)
    elif tech == L.ST_CINCH:
        worth = st[L.PS_POINTS] > 0 or (unseen & tab.masks[t, L.M_PEDROS]) != 0
        if (wseat >= 0 and later and st[L.PS_NPLAYS] == 2 and worth
                and not held_surely(wseat, wcard, unseen, p, t, tab)):
            act = sure_winners(legal & tab.beats[t, wcard], unseen, t, tab)
    elif tech == L.ST_SAVE_PEDRO:
        if ours and (not later or not tab.beats[t, wcard] & unseen):
            act = legal & tab.masks[t, L.M_PEDROS]
    elif later and not held_surely(wseat, wcard, unseen, p, t, tab):  # L.ST_GUARD_PEDRO
        winners = legal if wseat < 0 else legal & tab.beats[t, wcard]
        risked = legal & tab.masks[t, L.M_SCORE_TRICK] & ~sure_winners(winners, unseen, t, tab)
        if risked:
            act = legal & ~risked
    if act == legal:
        return ZERO  # no choice: every legal card is the action
    return act


@kernel
def steer(code, hands, p, st, legal, t, tab, counts):
    """(the legal cards left to choose from, the action's cards where the situation holds
    else ZERO) under K_STEER ``code``; counts[0] += 1 per situation."""
    if code <= 0:
        return legal, ZERO
    tech = (code - 1) // L.N_STEER_MODES
    mode = (code - 1) % L.N_STEER_MODES
    act = situation_cards(tech, hands, p, st, legal, t, tab)
    if not act:
        return legal, ZERO
    counts[0] += 1
    if mode == L.ST_FORBID:
        return legal & ~act, act
    if mode == L.ST_FORCE:
        return act, act
    return legal, act


@kernel
def count_choice(act, c, counts):
    """counts[1] += 1 when the card ``c`` chosen in a situation is its action."""
    if act and c >= 0 and bit(c) & act:
        counts[1] += 1


# Called, not inlined: a driver that inlined these and unpacked a deal's result tuple was
# miscompiled (every second deal of the same index dealt other cards; the pitfall
# engine/jit.py names).
@phase
def clear_steer_counts(think):
    """Zero the watched technique's counts."""
    counts = steer_counts(think)
    counts[0] = 0
    counts[1] = 0


@phase
def add_steer_counts(think, cells):
    """cells[0] += 1 if a situation arose, cells[1] += situations, cells[2] += actions
    chosen."""
    counts = steer_counts(think)
    if counts[0] > 0:
        cells[0] += 1
    cells[1] += counts[0]
    cells[2] += counts[1]
