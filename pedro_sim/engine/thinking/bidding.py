"""Bidding and naming trumps by playouts (the pimc and dd players).

For each suit, the player deals the cards it cannot see at random around its own
dealt hand (``FL_BID_WORLDS`` times), plays each deal out with itself as the bidder
in that suit (every seat playing as the heuristic), and so estimates the suit's
distribution of its team's points. Its estimate of a suit is the most points it
reaches in at least two deals of three; it bids its best suit's
estimate by the heuristic's rule (docs/players.md) and names that suit.
"""

import numpy as np
from numba.core import types
from numba.extending import overload

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import bit
from pedro_sim.engine.game.contract import play_contract_once, take_kitty
from pedro_sim.engine.game.dealing import deal_books, deal_packets, fixed_hand_order, shuffle
from pedro_sim.engine.jit import kernel, shared_phase
from pedro_sim.engine.seats import clear_points, players, seat_after, seat_masks, side_of
from pedro_sim.engine.thinking.scratch import estimates_of, histogram_of, simulation_of


@kernel
def forget_estimates(think):
    for k in range(2 * L.SEATS):
        estimates_of(think)[k] = -1


@kernel
def simulate(seat, dealer, hand, suit, flags, tab, rng, think):
    """One random deal around ``hand`` with ``seat`` bidding ``suit``: its side's points."""
    work, ids = simulation_of(think)  # its stream is ``rng``, the deal's
    deck = work.deck
    rest = work.rest
    hands = work.hands
    m = 0
    k = 0
    for c in range(tab.opts[L.O_DECK]):
        if bit(c) & hand:
            ids[k] = c
            k += 1
        else:
            rest[m] = c
            m += 1
    shuffle(rng, rest, m)
    offset = seat_after(tab, seat, players(tab) - dealer - 1)  # places after eldest
    fixed_hand_order(rest, ids, offset, tab, deck)
    deal_packets(deck, dealer, tab, seat_masks(hands, L.H_DEALT), work.rec, False)
    deal_books(deck, dealer, tab, seat_masks(hands, L.H_BOOKS))
    take_kitty(deck, seat, tab, seat_masks(hands, L.H_BOOKS))
    clear_points(work.pts)
    play_contract_once(dealer, seat, suit, np.int64(L.P_HEURISTIC), flags, tab, work, think)
    return min(work.pts[L.PT_POINTS + side_of(tab, seat)], tab.opts[L.O_TOTAL_POINTS])


@shared_phase
def playout_estimate(seat, dealer, hand, flags, tab, rng, think):
    """(best suit, estimated points) of ``seat`` holding ``hand``, once per deal."""
    cache = estimates_of(think)
    if cache[2 * seat] >= 0:
        return cache[2 * seat], cache[2 * seat + 1]
    hist = histogram_of(think)
    n = flags[L.FL_BID_WORLDS]
    total = tab.opts[L.O_TOTAL_POINTS]
    best = 0
    best_e = np.int64(-1)
    best_sum = np.int64(-1)
    for s in range(4):
        for x in range(total + 1):
            hist[x] = 0
        points = 0
        for _ in range(n):
            x = simulate(seat, dealer, hand, s, flags, tab, rng, think)
            hist[x] += 1
            points += x
        reached = 0
        e = 0
        for b in range(total, -1, -1):
            reached += hist[b]
            if 3 * reached >= 2 * n:
                e = b
                break
        if e > best_e or (e == best_e and points > best_sum):
            best = s
            best_e = e
            best_sum = points
    cache[2 * seat] = best
    cache[2 * seat + 1] = best_e
    return np.int64(best), best_e


def playout_gate(seat, dealer, hand, flags, tab, rng, think):
    """playout_estimate; (0, 0) without compiling it when ``think`` is None (no seat
    thinks: see contract.think_out_gate)."""


@overload(playout_gate, inline="always")
def _playout_gate(seat, dealer, hand, flags, tab, rng, think):
    if isinstance(think, types.NoneType):
        return lambda seat, dealer, hand, flags, tab, rng, think: (np.int64(0), np.int64(0))
    return lambda seat, dealer, hand, flags, tab, rng, think: \
        playout_estimate(seat, dealer, hand, flags, tab, rng, think)


def forget_gate(think):
    """forget_estimates, when there is a thinking scratch."""


@overload(forget_gate, inline="always")
def _forget_gate(think):
    if isinstance(think, types.NoneType):
        return lambda think: None
    return lambda think: forget_estimates(think)
