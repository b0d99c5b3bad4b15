"""Bourré deals around one seat's decision: a fixed hand (`bourre play`) or a random hand
sorted into its class (`bourre chart`), played once per option (pass, play drawing 0..5),
the same deal each time, the rest of the table by its players. What each option is worth
to the seat is its chips on the deal (deal.seat_chips)."""

import numpy as np

from pedro_sim.engine.bits import bit, highest, kth, popcount
from pedro_sim.engine.jit import kernel, loop, phase
from pedro_sim.engine.rng import THINK_KIND, below, shuffle, start
from pedro_sim.engine.threads import chunk_deals
from pedro_sim.games.bourre.kernels import layout as B
from pedro_sim.games.bourre.kernels.deal import clear_deal, deal_from, seat_chips
from pedro_sim.games.bourre.kernels.layout import KIND_BOURRE_CLASSES, KIND_BOURRE_FIXED
from pedro_sim.games.bourre.kernels.play_rules import suit_mask
from pedro_sim.games.bourre.kernels.session import play_out

OPTIONS = 7  # pass, then play drawing 0..5: option o draws o - 1
# a chunk's row: deals, then per option the sum of chips, pots taken, times bourré, and
# the sums of products of every two options' chips (for paired intervals)
(F_DEALS, F_SUM, F_TOOK, F_BOURRE, F_CROSS, F_LEN) = np.cumsum(
    [0, 1, OPTIONS, OPTIONS, OPTIONS, OPTIONS * OPTIONS]).tolist()
N_CLASSES = 42


@phase
def fixed_order(st, hand, seat, dealer, trump, turned, rng, deck, rest):
    """The dealing order of a deal where ``seat`` holds ``hand`` (docs/bourre.md section 3,
    "Fixed hands"): the turned-up card drawn among the unseen trumps unless it is the
    seat's own (``turned`` >= 0), the other cards shuffled and dealt round it."""
    n = st[B.S_N]
    held = np.uint64(0)
    for j in range(B.HAND):
        held |= bit(hand[j])
    if turned < 0:
        unseen_trumps = suit_mask(trump) & ~held
        turned = kth(unseen_trumps, below(rng, popcount(unseen_trumps)))
    m = 0
    for c in range(B.DECK):
        if not (held & bit(c)) and c != turned:
            rest[m] = c
            m += 1
    shuffle(rng, rest, m)
    own_turned = not st[B.S_NOBODY]
    at = 0
    r_at = 0
    for r in range(B.HAND):
        for i in range(1, n + 1):
            s = (dealer + i) % n
            if s == seat:
                deck[at] = hand[r]
            elif s == dealer and r == B.HAND - 1 and own_turned:
                deck[at] = turned
            else:
                deck[at] = rest[r_at]
                r_at += 1
            at += 1
    if not own_turned:
        deck[at] = turned
        at += 1
    while r_at < m:
        deck[at] = rest[r_at]
        at += 1
        r_at += 1


@phase
def option_deal(seed, kind, i, st, mk, pot, dealer, order_of, seat, option, pol, worlds, deck,
                buf, rng, th):
    """Deal ``i`` dealt in ``order_of``'s order, its stream going on from ``rng[1]`` (where
    the dealing order left it), ``seat`` declaring ``option``: the seat's chips."""
    rng[0] = rng[1]
    start(th.rng, seed, i, kind + THINK_KIND)
    clear_deal(st, mk, dealer)
    st[B.S_POT_BEFORE] = pot
    st[B.S_POT] = pot
    for s in range(B.SEATS):
        st[B.S_ANTES + s] = 0
    for c in range(B.DECK):
        deck[c] = order_of[c]
    deal_from(st, mk, deck, np.int64(B.DECK))
    play_out(st, mk, pol, worlds, buf, rng, th, seat, option)
    return seat_chips(st, seat)


@kernel
def add_options(row, vals, took, bourre):
    """One deal's options into a chunk's row."""
    row[F_DEALS] += 1
    for o in range(OPTIONS):
        row[F_SUM + o] += vals[o]
        row[F_TOOK + o] += took[o]
        row[F_BOURRE + o] += bourre[o]
        for p in range(OPTIONS):
            row[F_CROSS + o * OPTIONS + p] += vals[o] * vals[p]


@phase
def each_option(seed, kind, i, st, mk, pot, dealer, seat, first, pol, worlds, order, deck,
                buf, rng, th, vals, took, bourre):
    """Every option from ``first`` (0: pass, 1: play drawing nothing, as when the dealer's
    turned-up ace binds it) on the deal in ``order``, each from the same stream state;
    pass is worth nothing."""
    rng[1] = rng[0]
    for o in range(OPTIONS):
        vals[o] = 0
        took[o] = 0
        bourre[o] = 0
    for o in range(first, OPTIONS):
        if o == 0:
            continue
        vals[o] = option_deal(seed, kind, i, st, mk, pot, dealer, order, seat, o - 1, pol,
                              worlds, deck, buf, rng, th)
        took[o] = 1 if st[B.S_WINNER] == seat else 0
        bourre[o] = st[B.S_BOURRE + seat]


@loop
def _fixed(span, hand, seat, dealer, trump, turned, pot, first_option, pol, worlds, st, mk,
           deck, buf, rng, th, out):
    """Deals of ``span`` (engine/threads.py) with ``seat`` holding ``hand``: out[chunk]
    holds its chunk's row (F_*)."""
    order = np.zeros(B.DECK, np.int64)
    rest = np.zeros(B.DECK, np.int64)
    vals = np.zeros(OPTIONS, np.int64)
    took = np.zeros(OPTIONS, np.int64)
    bourre = np.zeros(OPTIONS, np.int64)
    for ch in range(out.shape[0]):
        for j in range(out.shape[1]):
            out[ch, j] = 0
        for i in chunk_deals(span, ch):
            start(rng, span.seed, i, KIND_BOURRE_FIXED)
            fixed_order(st, hand, seat, dealer, trump, turned, rng, order, rest)
            each_option(span.seed, np.int64(KIND_BOURRE_FIXED), i, st, mk, pot, dealer, seat,
                        first_option, pol, worlds, order, deck, buf, rng, th, vals, took,
                        bourre)
            add_options(out[ch], vals, took, bourre)


@kernel
def hand_class(hand, trump):
    """A hand's class: its trumps (0..5), its highest trump (ace, king, queen, lower) and
    whether it holds a side ace; 0..1 without trumps, 2.. with."""
    trumps = hand & suit_mask(trump)
    t = popcount(trumps)
    aces = 0
    for s in range(4):
        if s != trump and hand & bit(13 * s + 12):
            aces = 1
    if t == 0:
        return aces
    rank = highest(trumps) % 13
    top = 0 if rank == 12 else 1 if rank == 11 else 2 if rank == 10 else 3
    return 2 + ((t - 1) * 4 + top) * 2 + aces


@loop
def _classes(span, seat, pot, pol, worlds, st, mk, deck, buf, rng, th, out):
    """Random deals of ``span`` (dealer 0); ``seat``'s hand sorted into its class:
    out[chunk, class] holds that class's row (F_*)."""
    order = np.zeros(B.DECK, np.int64)
    vals = np.zeros(OPTIONS, np.int64)
    took = np.zeros(OPTIONS, np.int64)
    bourre = np.zeros(OPTIONS, np.int64)
    n = st[B.S_N]
    for ch in range(out.shape[0]):
        for c in range(out.shape[1]):
            for j in range(out.shape[2]):
                out[ch, c, j] = 0
        for i in chunk_deals(span, ch):
            start(rng, span.seed, i, KIND_BOURRE_CLASSES)
            for c in range(B.DECK):
                order[c] = c
            shuffle(rng, order, B.DECK)
            hand = np.uint64(0)
            for r in range(B.HAND):
                hand |= bit(order[r * n + (seat + n - 1) % n])
            if st[B.S_NOBODY]:
                trump = order[B.HAND * n] // 13
            else:
                trump = order[B.HAND * n - 1] // 13
            first = 1 if seat == 0 and not st[B.S_NOBODY] and order[B.HAND * n - 1] % 13 == 12 \
                else 0
            each_option(span.seed, np.int64(KIND_BOURRE_CLASSES), i, st, mk, pot, np.int64(0),
                        seat, first, pol, worlds, order, deck, buf, rng, th, vals, took,
                        bourre)
            add_options(out[ch, hand_class(hand, trump)], vals, took, bourre)
