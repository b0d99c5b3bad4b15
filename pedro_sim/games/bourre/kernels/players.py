"""Bourré's random and heuristic players: how many cards to draw (or pass), which cards
to throw away, which card to play (docs/bourre.md section 4). The thinking player
(pimc.py) uses the heuristic for every seat of its playouts."""

import numpy as np

from pedro_sim.engine.bits import bit, highest, lowest, popcount
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.rng import below
from pedro_sim.games.bourre.kernels import layout as B
from pedro_sim.games.bourre.kernels.deal import kth_card
from pedro_sim.games.bourre.kernels.play_rules import above, beats, suit_mask

# The heuristic's worth of a card in tricks it may take (a trump by rank from the ace
# down; a side ace), and of a card drawn; the tricks it wants before it plays, more for
# each seat already in.
TRUMP_WORTH = (0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.35, 0.4, 0.5, 0.65, 0.8, 1.0)
SIDE_ACE = 0.5
DRAWN = 0.12
NEED = 0.9
NEED_PER_PLAYER = 0.15


@kernel
def keep_worth(card, trump):
    """How much a card is worth keeping: trumps first (by rank), then side aces, kings,
    and the rest by rank."""
    rank = card % 13
    if card // 13 == trump:
        return 100 + rank
    if rank == 12:
        return 50
    return rank


@kernel
def worst_card(hand, trump):
    """The card of ``hand`` least worth keeping (the lowest id on a tie)."""
    worst = -1
    worst_v = 1 << 30
    m = hand
    while m != 0:
        c = lowest(m)
        m &= m - np.uint64(1)
        v = keep_worth(c, trump)
        if v < worst_v:
            worst_v = v
            worst = c
    return worst


@kernel
def throw_away(hand, k, trump, out):
    """The ``k`` cards of ``hand`` least worth keeping into ``out``, worst first: every
    player but the random one discards this way."""
    left = hand
    for j in range(k):
        out[j] = worst_card(left, trump)
        left &= ~bit(out[j])


@kernel
def throw_mask(hand, k, trump):
    """The mask of the ``k`` cards throw_away would discard."""
    m = np.uint64(0)
    for _ in range(k):
        m |= bit(worst_card(hand & ~m, trump))
    return m


@kernel
def heuristic_draw(hand, trump):
    """The heuristic's draw: every card that is neither a trump nor a side ace."""
    keep = popcount(hand & suit_mask(trump))
    for s in range(4):
        if s != trump and hand & bit(13 * s + 12):
            keep += 1
    return 5 - keep


@kernel
def hand_tricks(hand, trump, drawn):
    """The heuristic's tricks in a hand it keeps, with ``drawn`` cards to come."""
    e = DRAWN * drawn
    m = hand
    while m != 0:
        c = lowest(m)
        m &= m - np.uint64(1)
        if c // 13 == trump:
            e += TRUMP_WORTH[c % 13]
        elif c % 13 == 12:
            e += SIDE_ACE
    return e


@kernel
def players_in(st):
    """How many seats have declared to play so far."""
    return st[B.S_PLAYING]


@kernel
def heuristic_declare(st, mk, seat, forced):
    """Pass (-1) or the number of cards to draw: play when the hand, after the draw, is
    worth the tricks wanted given the seats already in; always with the ace of trumps
    (it cannot go bourré) or when ``forced``."""
    hand = mk[B.M_HAND + seat]
    trump = st[B.S_TRUMP]
    k = heuristic_draw(hand, trump)
    if forced or hand & bit(13 * trump + 12):
        return k
    kept = hand & ~throw_mask(hand, k, trump)
    need = NEED + NEED_PER_PLAYER * players_in(st)
    return k if hand_tricks(kept, trump, k) >= need else B.PASS


@kernel
def random_declare(st, seat, forced, rng):
    """The random player: any of pass, play 0..5 (play 0..5 when forced)."""
    if forced:
        return below(rng, 6)
    return below(rng, 7) - 1


@kernel
def random_discards(hand, k, rng, out):
    """The random player's ``k`` discards: the whole hand ascending for 5, else k times a
    card drawn among those left in ascending id."""
    left = hand
    if k == popcount(hand):
        for j in range(k):
            out[j] = lowest(left)
            left &= left - np.uint64(1)
        return
    for j in range(k):
        c = kth_card(left, below(rng, popcount(left)))
        out[j] = c
        left &= ~bit(c)


@kernel
def random_card(ok, rng):
    """The random player's card: one of the legal cards ``ok``, by ascending id."""
    n = popcount(ok)
    if n == 1:
        return lowest(ok)
    return kth_card(ok, below(rng, n))


@kernel
def low_card(ok, trump):
    """The cheapest card of ``ok``: the lowest rank, a non-trump before a trump."""
    best = -1
    best_v = 1 << 30
    m = ok
    while m != 0:
        c = lowest(m)
        m &= m - np.uint64(1)
        v = c % 13 + (20 if c // 13 == trump else 0)
        if v < best_v:
            best_v = v
            best = c
    return best


@kernel
def heuristic_lead(ok, st, mk, seat):
    """Lead the master trump if it holds it, else a side ace, else its cheapest card."""
    trump = st[B.S_TRUMP]
    hand = mk[B.M_HAND + seat]
    trumps = ok & suit_mask(trump)
    if trumps != 0:
        h = highest(trumps)
        if above(h) & ~mk[B.M_PLAYED] & ~hand == 0:
            return h
    for s in range(4):
        if s != trump and ok & bit(13 * s + 12):
            return 13 * s + 12
    return low_card(ok, trump)


@kernel
def heuristic_card(ok, st, mk, seat, last):
    """Leading: heuristic_lead. Following: win with the lowest winning card when last, the
    highest when others are still to play; with no winning card, the cheapest card."""
    if st[B.S_POS] == 0:
        return heuristic_lead(ok, st, mk, seat)
    win = np.uint64(0)
    m = ok
    while m != 0:
        c = lowest(m)
        m &= m - np.uint64(1)
        if beats(c, st[B.S_TOP], st[B.S_LED], st[B.S_TRUMP]):
            win |= bit(c)
    if win != 0:
        return lowest(win) if last else highest(win)
    return low_card(ok, st[B.S_TRUMP])
