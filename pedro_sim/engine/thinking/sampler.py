"""What a player knows, and worlds drawn uniformly from it (determinization).

Knowledge (``know``, uint64[N_KNOW]) is public, gathered as the deal goes:

- each seat's hand size (from the hands) and the fewest trumps it held when play
  started: where every non-trump is discarded, the cards a seat kept are all
  trumps, so the number it discarded tells how many it kept; a dealer who robbed
  and holds more than a hand's worth holds nothing but trumps;
- the cards that must be in play (where every non-trump is discarded and the
  dealer robs the stock of its trumps, every trump is in a hand);
- voids shown by play (a seat that did not follow the suit led has none of it);
- the cards each seat has played (buried cards included: they are shown).

and private to the observer: its own hand, what it discarded or put away, and the
cards it passed its partner (eighty-three). A world gives every hidden card to a
seat or to "out of play" so that each seat holds as many cards as it does, no seat
holds a suit it showed void in, each holds at least its known trumps, and cards
that must be in play are; all such worlds are equally likely. The sampler counts
the worlds by suit (5 effective suits, 3 seats and out of play: a dynamic program
over the seats' remaining room) and draws one exactly in proportion. At a table of other
than four (individual play) the worlds are drawn by rejection instead (``draw_any``).
"""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.offsets import offsets
from pedro_sim.engine.bits import ONE, ZERO, bit, popcount
from pedro_sim.engine.game.calling import calls_partner
from pedro_sim.engine.game.pack import pack_mask
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.players.random import take_random
from pedro_sim.engine.rng import uniform
from pedro_sim.engine.seats import players, seat_after

(
    K_VOIDS,  # a seat each: bit s set when the seat showed void in effective suit s
    K_MIN_TRUMPS,  # a seat each: the fewest trumps each seat held when play started
    K_IN_PLAY,  # cards that must be in some hand
    K_PLAYED,  # a seat each: the cards each seat has played
    K_SHOWN,  # cards every seat has seen put out of play (face up: ukrainian, foster)
    K_CALLED,  # five-handed: the called trump, as a mask (0: none yet)
    N_KNOW,
) = offsets(L.SEATS, L.SEATS, 1, L.SEATS, 1, 1)
CAP = 16  # most cards a seat can hold, plus one (dp dimensions)
W0 = 6  # dp[W0 + j, x1, x2, x3]: the weight of sharing suit j x1, x2, x3 (suit_weights)


def new_sampler() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(dp table, log-free factorials, per-draw ints, per-draw masks)."""
    fact = np.ones(64, dtype=np.float64)
    for n in range(1, 64):
        fact[n] = fact[n - 1] * n
    return (np.zeros((W0 + 5, CAP, CAP, CAP), dtype=np.float64), fact, np.zeros(32, np.int64),
            np.zeros(16, np.uint64))


@kernel
def start_knowledge(know, hands, dealt, t, tab):
    """Public knowledge when play starts (``hands``: the hands in play)."""
    tm = tab.masks[t, L.M_TRUMP]
    discard_all = tab.opts[L.O_DISCARD] == L.DISCARD_NON_TRUMPS
    robs = tab.opts[L.O_DEALER_FILL] == L.FILL_ROB_TRUMPS
    for q in range(players(tab)):  # the seats beyond the count are never written
        know[K_VOIDS + q] = ZERO
        know[K_PLAYED + q] = ZERO
        n = ZERO
        if discard_all:  # (no more than it holds: a seat dealt more trumps than it keeps)
            n = np.uint64(min(popcount(dealt[q] & tm), popcount(hands[q])))
            if robs and popcount(hands[q]) > tab.opts[L.O_KEEP]:
                n = np.uint64(popcount(hands[q]))
        know[K_MIN_TRUMPS + q] = n
    know[K_IN_PLAY] = tm if discard_all and robs else ZERO
    know[K_SHOWN] = ZERO
    know[K_CALLED] = ZERO
    if calls_partner(tab):
        start_called_knowledge(know, hands, tm, tab)


@kernel
def start_called_knowledge(know, hands, tm, tab):
    """five-handed, when play starts: every trump is in a hand (nothing is discarded but
    non-trumps), and a seat holding more than it keeps holds nothing but trumps."""
    know[K_IN_PLAY] = tm
    for q in range(players(tab)):
        if popcount(hands[q]) > tab.opts[L.O_KEEP]:
            know[K_MIN_TRUMPS + q] = np.uint64(popcount(hands[q]))


@kernel
def learn_put_aways(know, all_hands, t, tab):
    """ukrainian, when play starts: the trumps put away face up are out of play for all to
    see, a seat that put any away holds nothing but trumps, and every other trump is in a
    hand (a seat without trumps folded, one that passed gave them all)."""
    if tab.opts[L.O_DISCARD] != L.DISCARD_FOLD_OR_PASS:
        return
    tm = tab.masks[t, L.M_TRUMP]
    shown = ZERO
    for q in range(L.SEATS):
        away = all_hands[L.H_DISCARDED + q] & tm
        if away:
            know[K_MIN_TRUMPS + q] = np.uint64(popcount(all_hands[q]))
        shown |= away
    know[K_SHOWN] = shown
    know[K_IN_PLAY] = tm & ~shown


@kernel
def learn_face_up(know, all_hands, tab):
    """discards_face_up (foster), when play starts: every card put out of play in the
    exchange was seen by all, so no hand holds it (a discard the dealer took back into
    play is in its hand, not out of play)."""
    if not tab.opts[L.O_DISCARDS_FACE_UP]:
        return
    out = ZERO
    held = ZERO
    for q in range(players(tab)):
        out |= all_hands[L.H_DISCARDED + q] | all_hands[L.H_PUT_AWAY + q]
        held |= all_hands[L.H_PLAY + q]
    know[K_SHOWN] |= out & ~held


@kernel
def learn_play(know, p, c, extras, led, t, tab):
    """Seat ``p`` played ``c`` (``extras`` under it) to a trick led in suit ``led``."""
    know[K_PLAYED + p] |= bit(c) | extras
    suit = tab.cinfo[t, L.I_SUIT, c]
    if led < 0 or suit == led:
        return
    rule = tab.opts[L.O_PLAIN_LED]
    if rule == L.PLAIN_NON_TRUMP and led != L.TRUMP_SUIT:  # a trump shows no non-trump left
        if suit == L.TRUMP_SUIT:
            know[K_VOIDS + p] |= np.uint64(15)
        return
    if led == L.TRUMP_SUIT or rule == L.PLAIN_FOLLOW or rule == L.PLAIN_TRUMPS_ONLY or (
            rule == L.PLAIN_FOLLOW_OR_TRUMP and suit != L.TRUMP_SUIT):
        know[K_VOIDS + p] |= ONE << np.uint64(led)


@kernel
def class_mask(j, t, tab):
    """Effective suit ``j`` (4: trumps) under trump ``t``."""
    if j == L.TRUMP_SUIT:
        return tab.masks[t, L.M_TRUMP]
    if j == t:
        return ZERO
    return tab.masks[t, j]


@kernel
def allocation_weight(c, f, x1, x2, x3, fact):
    """Ways to send ``c - x1 - x2 - x3`` of a suit's ``c`` cards (``f`` of them free to
    be out of play) out of play and deal the rest x1, x2, x3 to three seats."""
    xo = c - x1 - x2 - x3
    if xo < 0 or xo > f:
        return 0.0
    return (fact[f] / (fact[xo] * fact[f - xo]) * fact[c - xo] / (fact[x1] * fact[x2] * fact[x3]))


@kernel
def seat_allows(sp, i, j, x):
    """Seat ``i`` may take ``x`` cards of suit ``j``: none of a suit it showed void in;
    at least its missing trumps of the trumps."""
    if x > 0 and (sp[6 + i] >> j) & 1:
        return False
    if j == L.TRUMP_SUIT and x < sp[9 + i]:
        return False
    return True


@kernel
def prepare(p, hands, know, out_p, must, t, tab, dp, fact, sp, sm):
    """Set up draws of the cards seat ``p`` cannot see. ``out_p``: cards it knows are out of
    play; ``must``: per seat, cards it knows that seat holds. sp: 0..2 the other seats'
    room, 3..5 their seats, 6..8 voids, 9..11 trumps still missing, 12..16 suit sizes,
    17..21 free cards per suit; sm: 0..4 suits' hidden cards, 5..7 known cards, 8 the
    cards that must be in play. Returns the number of worlds."""
    hidden = hidden_cards(p, hands, know, out_p, must, tab)
    tm = tab.masks[t, L.M_TRUMP]
    for i in range(3):
        q = seat_after(tab, p, 1 + i)
        sp[3 + i] = q
        sm[5 + i] = must[q]
        sp[i] = popcount(hands[q]) - popcount(must[q])
        sp[6 + i] = np.int64(know[K_VOIDS + q])
        played_trumps = popcount(know[K_PLAYED + q] & tm)
        sp[9 + i] = max(0,
                        np.int64(know[K_MIN_TRUMPS + q]) - played_trumps - popcount(must[q] & tm))
    sm[8] = know[K_IN_PLAY]
    for j in range(5):
        m = hidden & class_mask(j, t, tab)
        sm[j] = m
        sp[12 + j] = popcount(m)
        sp[17 + j] = popcount(m & ~know[K_IN_PLAY])
    count_worlds(sp, dp, fact)
    return dp[0, sp[0], sp[1], sp[2]]


@kernel
def count_worlds(sp, dp, fact):
    """dp[j, a1, a2, a3]: worlds of suits j..4 filling rooms a1, a2, a3 exactly; of suit
    0's layer only the entry of the whole rooms, dp[0, n1, n2, n3], which is all that the
    count and draw_world read (a fifth of the work, the other entries never used)."""
    n1 = sp[0]
    n2 = sp[1]
    n3 = sp[2]
    for a1 in range(n1 + 1):
        for a2 in range(n2 + 1):
            for a3 in range(n3 + 1):
                dp[5, a1, a2, a3] = 1.0 if a1 + a2 + a3 == 0 else 0.0
    for j in range(4, -1, -1):
        c = sp[12 + j]
        f = sp[17 + j]
        suit_weights(sp, dp, fact, j, c, f)
        if j == 0:
            dp[0, n1, n2, n3] = suit_ways(sp, dp, fact, 0, c, f, n1, n2, n3, -1.0)[0]
            break
        for a1 in range(n1 + 1):
            for a2 in range(n2 + 1):
                for a3 in range(n3 + 1):
                    dp[j, a1, a2, a3] = suit_ways(sp, dp, fact, j, c, f, a1, a2, a3, -1.0)[0]


@kernel
def suit_weights(sp, dp, fact, j, c, f):
    """dp[W0 + j, x1, x2, x3]: allocation_weight of sharing suit ``j``'s ``c`` cards x1,
    x2, x3 among the seats, 0 where a seat may not take its share: the same for every
    room count of count_worlds and draw_world, so computed once a suit."""
    for x1 in range(min(sp[0], c) + 1):
        for x2 in range(min(sp[1], c - x1) + 1):
            for x3 in range(min(sp[2], c - x1 - x2) + 1):
                allowed = (seat_allows(sp, 0, j, x1) and seat_allows(sp, 1, j, x2)
                           and seat_allows(sp, 2, j, x3))
                dp[W0 + j, x1, x2, x3] = allocation_weight(c, f, x1, x2, x3, fact) \
                    if allowed else 0.0


@kernel
def suit_ways(sp, dp, fact, j, c, f, a1, a2, a3, stop):
    """Sum over the ways to share suit ``j`` with rooms a1..a3 left (the weights of
    suit_weights). With ``stop`` >= 0, the allocation at which the running sum passes it:
    (sum, x1, x2, x3)."""
    total = 0.0
    for x1 in range(min(a1, c) + 1):
        for x2 in range(min(a2, c - x1) + 1):
            for x3 in range(min(a3, c - x1 - x2) + 1):
                w = dp[W0 + j, x1, x2, x3]
                if w > 0.0:
                    total += w * dp[j + 1, a1 - x1, a2 - x2, a3 - x3]
                    if stop >= 0.0 and total > stop:
                        return total, x1, x2, x3
    return total, -1, -1, -1


@kernel
def draw_world(p, hands, world, rng, dp, fact, sp, sm):
    """Deal the hidden cards (set up by ``prepare``) into ``world``: seat ``p`` keeps its
    hand, the others get their known cards and a uniformly drawn rest."""
    for q in range(L.SEATS):
        world[q] = hands[q] if q == p else ZERO
    for i in range(3):
        world[sp[3 + i]] = sm[5 + i]
    a1 = sp[0]
    a2 = sp[1]
    a3 = sp[2]
    for j in range(5):
        c = sp[12 + j]
        stop = uniform(rng) * dp[j, a1, a2, a3]
        _, x1, x2, x3 = suit_ways(sp, dp, fact, j, c, sp[17 + j], a1, a2, a3, stop)
        if x1 < 0:  # rounding at the very top of the range: take the last allocation
            _, x1, x2, x3 = suit_ways(sp, dp, fact, j, c, sp[17 + j], a1, a2, a3,
                                      dp[j, a1, a2, a3] * (1.0 - 1e-12))
        m = sm[j]
        out = take_random(rng, m & ~sm[8], c - x1 - x2 - x3)  # out of play: free cards only
        m &= ~out
        for i, x in ((0, x1), (1, x2), (2, x3)):
            got = take_random(rng, m, x)
            world[sp[3 + i]] |= got
            m &= ~got
        a1 -= x1
        a2 -= x2
        a3 -= x3


MAX_TRIES = 256  # draws before draw_any keeps a world that breaks what the seat knows


@kernel
def hidden_cards(p, hands, know, out_p, must, tab):
    """The cards seat ``p`` cannot place: not in its hand, not known out of play, not
    played, not known to be in a given hand."""
    seen = hands[p] | out_p | know[K_SHOWN]
    for q in range(players(tab)):
        seen |= know[K_PLAYED + q] | must[q]
    return pack_mask(tab) & ~seen


@kernel
def fits(world, q, know, t, tab):
    """Whether seat ``q``'s hand in ``world`` keeps what the table knows of it: no suit it
    showed void in, at least the trumps it must still hold."""
    if world[q] & know[K_CALLED] and know[K_PLAYED + q]:
        return False  # it played to the first trick without the called trump it would owe
    voids = know[K_VOIDS + q]
    for j in range(5):
        if (voids >> np.uint64(j)) & ONE and world[q] & class_mask(j, t, tab):
            return False
    tm = tab.masks[t, L.M_TRUMP]
    return popcount(world[q] & tm) + popcount(know[K_PLAYED + q] & tm) >= \
        np.int64(know[K_MIN_TRUMPS + q])


@kernel
def draw_any(p, hands, world, rng, know, out_p, must, t, tab):
    """A world at a table of other than four (individual play), where the exact count of
    ``prepare`` (three other hands) does not apply: the hidden cards dealt uniformly to the
    other seats' room (the rest out of play), drawn again until no seat breaks what it
    showed and every card that must be in play is in a hand (five-handed: the called trump
    in none of the seats that played to the first trick before it came). Rejection keeps the draw
    uniform over the worlds that fit; after MAX_TRIES draws the last is kept (its values
    are then a little off, never its legality: the real hands are played)."""
    hidden = hidden_cards(p, hands, know, out_p, must, tab)
    n = players(tab)
    for q in range(L.SEATS):
        world[q] = hands[q] if q == p else ZERO
    for _ in range(MAX_TRIES):
        left = hidden
        for k in range(1, n):
            q = seat_after(tab, p, k)
            got = take_random(rng, left, popcount(hands[q]) - popcount(must[q]))
            left &= ~got
            world[q] = must[q] | got
        good = (left & know[K_IN_PLAY]) == ZERO
        for k in range(1, n):
            good = good and fits(world, seat_after(tab, p, k), know, t, tab)
        if good:
            return
