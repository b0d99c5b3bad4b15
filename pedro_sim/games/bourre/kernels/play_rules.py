"""Which cards a Bourré player may play (docs/bourre.md rules 4 and 5) and who wins a
trick: masks in, masks out. The cinch is judged at the start of each trick
(``cinch_at_start``), its duty applied card by card (``legal``)."""

import numpy as np

from pedro_sim.engine.bits import bit, highest, lowest, popcount
from pedro_sim.engine.jit import kernel
from pedro_sim.games.bourre.kernels import layout as B

SUIT_BITS = np.uint64(0x1FFF)


@kernel
def suit_mask(suit):
    """The thirteen cards of ``suit``."""
    return SUIT_BITS << np.uint64(13 * suit)


@kernel
def above(card):
    """The cards of ``card``'s suit ranked above it."""
    rank = card % 13
    return ((SUIT_BITS << np.uint64(rank + 1)) & SUIT_BITS) << np.uint64(13 * (card // 13))


@kernel
def beats(card, top, led, trump):
    """Whether ``card`` beats ``top``, the card winning a trick led in ``led``."""
    cs = card // 13
    ts = top // 13
    if cs == trump:
        return ts != trump or card > top
    return cs == led and ts != trump and card > top


@kernel
def rule4(hand, led, top, trump):
    """Rule 4's legal cards of ``hand`` (``led`` -1: leading, anything)."""
    if led < 0:
        return hand
    trumps = hand & suit_mask(trump)
    follow = hand & suit_mask(led)
    if follow != 0:
        if led != trump and top // 13 == trump:
            return follow  # the trick is trumped: any card of the suit
        higher = follow & above(top)
        return higher if higher != 0 else follow
    if trumps != 0:
        if top // 13 == trump:
            higher = trumps & above(top)
            return higher if higher != 0 else trumps
        return trumps
    return hand


@kernel
def sure_tricks(hand, played, trump):
    """Rule 5's sure trump tricks: the trumps of ``hand`` less the most of them that can
    each be paired with a different higher trump neither played nor in the hand (from the
    lowest trump up, the smallest higher free trump: the greedy pairing is the largest)."""
    mine = hand & suit_mask(trump)
    free = suit_mask(trump) & ~mine & ~played
    beaten = 0
    m = mine
    while m != 0:
        c = lowest(m)
        m &= m - np.uint64(1)
        over = free & above(c)
        if over != 0:
            free &= ~bit(lowest(over))
            beaten += 1
    return popcount(mine) - beaten


@kernel
def top_run(hand, gone, trump):
    """The trumps of ``hand`` that count as its highest: the highest, and each below it
    reached through trumps that are in the hand or ``gone`` (played, the current trick
    included)."""
    mine = hand & suit_mask(trump)
    h = highest(mine)
    run = bit(h)
    c = h - 1
    while c >= 13 * trump:
        b = bit(c)
        if mine & b:
            run |= b
        elif not (gone & b):
            break
        c -= 1
    return run


@kernel
def legal(hand, led, top, trump, cinch, last, gone):
    """The legal cards: rule 4, then the cinch's duty (rule 5) for a seat with a cinch that
    holds a trump, leading or not last to play when rule 4 lets it trump."""
    ok = rule4(hand, led, top, trump)
    if not cinch or last or (hand & suit_mask(trump)) == 0:
        return ok
    if led >= 0 and (ok & suit_mask(trump)) == 0:
        return ok
    return ok & top_run(hand, gone, trump)


@kernel
def cinch_at_start(st, mk, seat):
    """Whether ``seat`` has a cinch as a trick starts: tricks won plus sure trump tricks."""
    return st[B.S_WON + seat] + sure_tricks(mk[B.M_HAND + seat], mk[B.M_PLAYED],
                                            st[B.S_TRUMP]) >= 3


@kernel
def shown_void(led, top, trump, card):
    """The cards a seat has shown it does not hold by playing ``card`` to a trick led in
    ``led`` whose winning card was ``top`` (rule 4: it would have had to play them)."""
    ban = np.uint64(0)
    suit = card // 13
    if led < 0:
        return ban
    trumped = top // 13 == trump
    if suit != led:
        ban |= suit_mask(led)  # it could not follow
        if suit != trump:
            ban |= suit_mask(trump)  # nor trump
        elif trumped and not card > top:
            ban |= above(top)  # nor overtrump
    elif (led == trump or not trumped) and not card > top:
        ban |= above(top)  # following, it could not beat the highest
    return ban
