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
from pedro_sim.engine.thinking.scratch import T_NOREC, estimates_of, histogram_of, simulation_of


@kernel
def forget_estimates(think):
    for k in range(8):
        estimates_of(think)[k] = -1


@kernel
def simulate(seat, dealer, hand, suit, flags, opts, masks, beats, cinfo, rng, think):
    """One random deal around ``hand`` with ``seat`` bidding ``suit``: its team's points."""
    deck, rest, hands, pts, ids = simulation_of(think)
    no_rec = think[T_NOREC]
    record = no_rec.shape[0] > 0
    m = 0
    k = 0
    for c in range(opts[L.O_DECK]):
        if bit(c) & hand:
            ids[k] = c
            k += 1
        else:
            rest[m] = c
            m += 1
    shuffle(rng, rest, m)
    fixed_hand_order(rest, ids, (seat - dealer - 1) & 3, opts, deck)
    deal_packets(deck, dealer, opts, hands[4:8], no_rec, record)
    deal_books(deck, dealer, opts, hands[8:12])
    take_kitty(deck, seat, opts, hands[8:12])
    for q in range(5):
        pts[q] = 0
    play_contract_once(deck, dealer, seat, suit, np.int64(L.P_HEURISTIC), flags, opts, masks, beats,
                  cinfo, hands, rng, pts, no_rec, think)
    return min(pts[seat & 1], opts[L.O_TOTAL_POINTS])


@shared_phase
def playout_estimate(seat, dealer, hand, flags, opts, masks, beats, cinfo, rng, think):
    """(best suit, estimated points) of ``seat`` holding ``hand``, once per deal."""
    cache = estimates_of(think)
    if cache[2 * seat] >= 0:
        return cache[2 * seat], cache[2 * seat + 1]
    hist = histogram_of(think)
    n = flags[L.FL_BID_WORLDS]
    total = opts[L.O_TOTAL_POINTS]
    best, best_e, best_sum = 0, np.int64(-1), np.int64(-1)
    for s in range(4):
        for x in range(total + 1):
            hist[x] = 0
        points = 0
        for _ in range(n):
            x = simulate(seat, dealer, hand, s, flags, opts, masks, beats, cinfo, rng, think)
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
            best, best_e, best_sum = s, e, points
    cache[2 * seat] = best
    cache[2 * seat + 1] = best_e
    return np.int64(best), best_e


def playout_gate(seat, dealer, hand, flags, opts, masks, beats, cinfo, rng, think):
    """playout_estimate; (0, 0) without compiling it when ``think`` is None (no seat
    thinks: see contract.think_out_gate)."""


@overload(playout_gate, inline="always")
def _playout_gate(seat, dealer, hand, flags, opts, masks, beats, cinfo, rng, think):
    if isinstance(think, types.NoneType):
        return lambda seat, dealer, hand, flags, opts, masks, beats, cinfo, rng, think: (
            np.int64(0), np.int64(0))
    return lambda seat, dealer, hand, flags, opts, masks, beats, cinfo, rng, think: \
        playout_estimate(seat, dealer, hand, flags, opts, masks, beats, cinfo, rng, think)


def forget_gate(think):
    """forget_estimates, when there is a thinking scratch."""


@overload(forget_gate, inline="always")
def _forget_gate(think):
    if isinstance(think, types.NoneType):
        return lambda think: None
    return lambda think: forget_estimates(think)
