"""Bourré's thinking player: each decision with a choice (play or pass and how many to
draw; a card) is valued in chips by playouts. A world gives the cards the seat cannot see
(the other hands, the stock's order, the face-down piles) at random among those it could
be, honouring what the others showed they lack by their plays; each choice is then played
out with the heuristic at every seat, on the same worlds, and the best mean wins."""

from typing import NamedTuple

import numpy as np

from pedro_sim.engine.bits import bit, lowest, popcount
from pedro_sim.engine.bourre import layout as B
from pedro_sim.engine.bourre.deal import declare, play_card, seat_chips, shuffle_into, start_play
from pedro_sim.engine.bourre.flow import finish_heuristic
from pedro_sim.engine.bourre.players import throw_away
from pedro_sim.engine.jit import kernel, phase

ALL = np.uint64((1 << 52) - 1)


class Think(NamedTuple):
    """One thread's scratch for the thinking player."""

    wst: np.ndarray  # int64 [S_LEN]: a world
    wmk: np.ndarray  # uint64 [M_LEN]
    ost: np.ndarray  # int64 [S_LEN]: a choice tried on the world
    omk: np.ndarray  # uint64 [M_LEN]
    pool: np.ndarray  # int64 [52]: the unseen cards, shuffled
    vals: np.ndarray  # float64 [64]: each choice's summed chips
    buf: np.ndarray  # int64 [5]: discards
    rng: np.ndarray  # uint64 [1]: the thinking player's own stream


def new_think() -> Think:
    """A thread's thinking scratch."""
    return Think(np.zeros(B.S_LEN, np.int64), np.zeros(B.M_LEN, np.uint64),
                 np.zeros(B.S_LEN, np.int64), np.zeros(B.M_LEN, np.uint64),
                 np.zeros(52, np.int64), np.zeros(64, np.float64), np.zeros(5, np.int64),
                 np.zeros(1, np.uint64))


@kernel
def copy_deal(st, mk, to_st, to_mk):
    for i in range(B.S_LEN):
        to_st[i] = st[i]
    for i in range(B.M_LEN):
        to_mk[i] = mk[i]


@kernel
def dealer_keeps_turned(st, mk, seat):
    """Whether ``seat`` knows the turned-up card is in the dealer's hand: the dealer's own
    card, not played, and the dealer has not declared, or plays and kept part of its hand
    (every player but the random one keeps its trumps first)."""
    d = st[B.S_DEALER]
    t = st[B.S_TURNED]
    if st[B.S_NOBODY] or d == seat or (mk[B.M_PLAYED] | mk[B.M_TRICK]) & bit(t):
        return False
    if mk[B.M_BAN + d] & bit(t):
        return False
    k = st[B.S_DECL + d]
    return k == B.UNDECLARED or 0 <= k < B.HAND


@phase
def draw_world(st, mk, seat, th):
    """A world seen from ``seat`` into th.wst / th.wmk: the unseen cards dealt at random to
    the other hands (each avoiding the cards it showed it lacks), then to the stock and
    the other seats' piles."""
    copy_deal(st, mk, th.wst, th.wmk)
    seen = mk[B.M_HAND + seat] | mk[B.M_PILE + seat] | mk[B.M_PLAYED] | mk[B.M_TRICK]
    keeps = dealer_keeps_turned(st, mk, seat)
    if st[B.S_NOBODY] or keeps:
        seen |= bit(st[B.S_TURNED])
    unseen = ALL & ~seen
    n = popcount(unseen)
    for j in range(n):
        th.pool[j] = lowest(unseen)
        unseen &= unseen - np.uint64(1)
    shuffle_into(th.pool, 0, n, th.rng)
    used = np.uint64(0)
    for s in range(st[B.S_N]):
        if s == seat:
            continue
        want = popcount(mk[B.M_HAND + s])
        hand = np.uint64(0)
        if keeps and s == st[B.S_DEALER]:
            hand = bit(st[B.S_TURNED])
            want -= 1
        hand |= take(th.pool, n, used, mk[B.M_BAN + s], want)
        used |= hand
        th.wmk[B.M_HAND + s] = hand
    j = 0
    for p in range(st[B.S_STOCK_POS], st[B.S_STOCK_LEN]):
        j = next_free(th.pool, n, used, j)
        th.wst[B.S_STOCK + p] = th.pool[j]
        used |= bit(th.pool[j])
    for s in range(st[B.S_N]):
        if s != seat:
            pile = take(th.pool, n, used, np.uint64(0), popcount(mk[B.M_PILE + s]))
            used |= pile
            th.wmk[B.M_PILE + s] = pile


@kernel
def next_free(pool, n, used, j):
    """The first place from ``j`` whose card is not used yet."""
    while j < n and used & bit(pool[j]):
        j += 1
    return j


@kernel
def take(pool, n, used, ban, want):
    """``want`` unused cards of the pool, in its order, avoiding ``ban`` while it can."""
    got = np.uint64(0)
    count = 0
    for j in range(n):
        b = bit(pool[j])
        if count < want and not (used & b) and not (ban & b):
            got |= b
            count += 1
    for j in range(n):  # not enough: what the bans cannot give
        b = bit(pool[j])
        if count < want and not (used & b) and not (got & b):
            got |= b
            count += 1
    return got


@phase
def try_declaration(th, seat, k):
    """The world's deal with ``seat`` declaring ``k``, played out: its chips."""
    copy_deal(th.wst, th.wmk, th.ost, th.omk)
    if k > 0:
        throw_away(th.omk[B.M_HAND + seat], k, th.ost[B.S_TRUMP], th.buf)
    declare(th.ost, th.omk, seat, k, th.buf, th.rng)
    if th.ost[B.S_DECL_NEXT] == th.ost[B.S_N]:
        start_play(th.ost, th.omk)
    finish_heuristic(th.ost, th.omk, th.buf, th.rng)
    return seat_chips(th.ost, seat)


@phase
def pimc_declare(st, mk, seat, forced, worlds, th):
    """The draw (0..5) with the best mean chips over ``worlds`` worlds, or pass (worth 0)
    when none is worth more and the seat may pass."""
    for k in range(6):
        th.vals[k] = 0.0
    for _ in range(worlds):
        draw_world(st, mk, seat, th)
        for k in range(6):
            th.vals[k] += try_declaration(th, seat, k)
    best = B.PASS
    best_v = -1e300 if forced else 0.0
    for k in range(6):
        if th.vals[k] > best_v:
            best_v = th.vals[k]
            best = k
    return best


@phase
def try_card(th, seat, card):
    """The world's deal with ``seat`` playing ``card``, played out: its chips."""
    copy_deal(th.wst, th.wmk, th.ost, th.omk)
    play_card(th.ost, th.omk, seat, card)
    finish_heuristic(th.ost, th.omk, th.buf, th.rng)
    return seat_chips(th.ost, seat)


@phase
def pimc_card(st, mk, seat, ok, worlds, th):
    """The legal card with the best mean chips over ``worlds`` worlds."""
    n = popcount(ok)
    if n == 1:
        return lowest(ok)
    for j in range(n):
        th.vals[j] = 0.0
    for _ in range(worlds):
        draw_world(st, mk, seat, th)
        m = ok
        j = 0
        while m != 0:
            c = lowest(m)
            m &= m - np.uint64(1)
            th.vals[j] += try_card(th, seat, c)
            j += 1
    best = lowest(ok)
    best_v = -1e300
    m = ok
    j = 0
    while m != 0:
        c = lowest(m)
        m &= m - np.uint64(1)
        if th.vals[j] > best_v:
            best_v = th.vals[j]
            best = c
        j += 1
    return best
