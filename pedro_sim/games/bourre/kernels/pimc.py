"""Bourré's thinking player: each decision with a choice (play or pass and how many to
draw; a card) is valued in chips by playouts. A world gives the cards the seat cannot see
(the other hands, the stock's order, the face-down piles) at random among those it could
be, honouring what the others showed they lack by their plays; each choice is then played
out with the heuristic at every seat, on the same worlds, and the best mean wins."""

from typing import NamedTuple

import numpy as np

from pedro_sim.engine.bits import bit, kth, lowest, popcount
from pedro_sim.engine.jit import kernel, phase
from pedro_sim.engine.rng import below, uniform
from pedro_sim.games.bourre.kernels import layout as B
from pedro_sim.games.bourre.kernels.deal import (
    declare,
    must_play,
    play_card,
    seat_chips,
    start_play,
)
from pedro_sim.games.bourre.kernels.play_rules import suit_mask
from pedro_sim.games.bourre.kernels.players import NEED, NEED_PER_PLAYER, hand_tricks, throw_away
from pedro_sim.games.bourre.kernels.whole_deal import finish_heuristic

ALL = np.uint64((1 << 52) - 1)
TRIES = 16  # draws of a seat's kept cards before taking what comes
NOISE = 0.1  # the share of a seat's draws read as any of the seven choices at random


def _read_as_kept(noise: float = NOISE) -> tuple[float, ...]:
    """For each draw k, the chance that a seat drawing k kept 5 - k keepers: the heuristic
    draws k when its hand holds 5 - k of the 16 keepers (hypergeometric in 52 cards), any
    other player any k (one of seven choices); mixed 1 - ``noise`` to ``noise``. A stand
    pat (k = 0) is rare from the heuristic, so it is mostly read as a bluff: reading it as
    five keepers every time let a junk hand standing pat drive every pimc seat out."""
    from math import comb

    out = []
    for k in range(6):
        prior = comb(16, 5 - k) * comb(36, k) / comb(52, 5)
        out.append((1 - noise) * prior / ((1 - noise) * prior + noise / 7))
    return tuple(out)


READ_AS_KEPT = _read_as_kept()
ACES = np.uint64((1 << 12) | (1 << 25) | (1 << 38) | (1 << 51))


class Think(NamedTuple):
    """One thread's scratch for the thinking player."""

    wst: np.ndarray  # int64 [S_LEN]: a world
    wmk: np.ndarray  # uint64 [M_LEN]
    ost: np.ndarray  # int64 [S_LEN]: a choice tried on the world
    omk: np.ndarray  # uint64 [M_LEN]
    vals: np.ndarray  # float64 [64]: each choice's summed chips
    buf: np.ndarray  # int64 [5]: discards
    rng: np.ndarray  # uint64 [1]: the thinking player's own stream


def new_think() -> Think:
    """A thread's thinking scratch."""
    return Think(np.zeros(B.S_LEN, np.int64), np.zeros(B.M_LEN, np.uint64),
                 np.zeros(B.S_LEN, np.int64), np.zeros(B.M_LEN, np.uint64),
                 np.zeros(64, np.float64), np.zeros(5, np.int64),
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


@kernel
def pick(cands, want, rng):
    """``want`` cards of ``cands`` at random (fewer if it has fewer)."""
    got = np.uint64(0)
    for _ in range(want):
        n = popcount(cands)
        if n == 0:
            break
        c = kth(cands, below(rng, n))
        got |= bit(c)
        cands &= ~bit(c)
    return got


@kernel
def keepers(trump):
    """The cards every player but the random one keeps when it draws: trumps, side aces."""
    return suit_mask(trump) | ACES


@kernel
def played_by(st, s):
    """The cards ``s`` has played so far."""
    out = np.uint64(0)
    for t in range(min(st[B.S_TRICK] + 1, B.TRICKS)):
        plays = st[B.S_PLAYING] if t < st[B.S_TRICK] else st[B.S_POS]
        for j in range(plays):
            if st[B.S_PSEAT + t * B.SEATS + j] == s:
                out |= bit(st[B.S_PLAYS + t * B.SEATS + j])
    return out


@kernel
def in_before(st, s):
    """How many seats declared to play before ``s``."""
    count = 0
    d = st[B.S_DEALER]
    for i in range(1, st[B.S_N] + 1):
        q = (d + i) % st[B.S_N]
        if q == s:
            break
        if st[B.S_DECL + q] >= 0:
            count += 1
    return count


@kernel
def chose_to_play(st, s):
    """Whether ``s`` played by choice (not the dealer forced by the others' passes or by
    its own turned-up ace): then what it kept says something of its hand."""
    if st[B.S_DECL + s] < 0:
        return False
    if s != st[B.S_DEALER]:
        return True
    for q in range(st[B.S_N]):
        if q != s and st[B.S_DECL + q] >= 0:
            return not must_play(st, s)
    return False


@kernel
def kept_cards(st, mk, s, free, rng):
    """The cards ``s`` kept at its draw and still holds, at random among ``free``: a seat
    that played and drew k kept 5 - k keepers (it would have thrown the others away), as
    many as the heuristic plays with given the seats in before it; tried TRIES times.
    Read so with the chance READ_AS_KEPT[k] only, else nothing is assumed."""
    trump = st[B.S_TRUMP]
    k = st[B.S_DECL + s]
    shown = played_by(st, s) & keepers(trump)
    want = B.HAND - k - popcount(shown)
    if not chose_to_play(st, s) or want <= 0:
        return np.uint64(0)
    if uniform(rng) >= READ_AS_KEPT[k]:
        return np.uint64(0)
    cands = free & keepers(trump)
    need = NEED + NEED_PER_PLAYER * in_before(st, s)
    got = np.uint64(0)
    for _ in range(TRIES):
        got = pick(cands, want, rng)
        if hand_tricks(got | shown, trump, k) >= need or (got | shown) & bit(13 * trump + 12):
            return got
    return got


@phase
def draw_world(st, mk, seat, th):
    """A world seen from ``seat`` into th.wst / th.wmk: the unseen cards dealt at random to
    the other hands (each avoiding the cards it showed it lacks, and holding what it kept
    at its draw: kept_cards), then to the stock in a random order and to the piles."""
    copy_deal(st, mk, th.wst, th.wmk)
    seen = mk[B.M_HAND + seat] | mk[B.M_PILE + seat] | mk[B.M_PLAYED] | mk[B.M_TRICK]
    keeps = dealer_keeps_turned(st, mk, seat)
    if st[B.S_NOBODY] or keeps:
        seen |= bit(st[B.S_TURNED])
    free = ALL & ~seen
    for s in range(st[B.S_N]):
        if s == seat:
            continue
        want = popcount(mk[B.M_HAND + s])
        hand = np.uint64(0)
        if keeps and s == st[B.S_DEALER]:
            hand = bit(st[B.S_TURNED])
        hand |= kept_cards(st, mk, s, free & ~mk[B.M_BAN + s] & ~hand, th.rng)
        hand |= pick(free & ~mk[B.M_BAN + s] & ~hand, want - popcount(hand), th.rng)
        hand |= pick(free & ~hand, want - popcount(hand), th.rng)  # bans it cannot keep
        free &= ~hand
        th.wmk[B.M_HAND + s] = hand
    for p in range(st[B.S_STOCK_POS], st[B.S_STOCK_LEN]):
        c = kth(free, below(th.rng, popcount(free)))
        th.wst[B.S_STOCK + p] = c
        free &= ~bit(c)
    for s in range(st[B.S_N]):
        if s != seat:
            th.wmk[B.M_PILE + s] = pick(free, popcount(mk[B.M_PILE + s]), th.rng)
            free &= ~th.wmk[B.M_PILE + s]


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
    """The draw (0..5) with the best mean chips over ``worlds`` worlds; then, unless
    ``forced``, that draw valued again on as many fresh worlds, and pass (worth 0) unless
    it is worth more: the best of six noisy means is biased upwards, a fresh mean is not
    (measured: deciding on the same worlds played too often and lost chips)."""
    for k in range(6):
        th.vals[k] = 0.0
    for _ in range(worlds):
        draw_world(st, mk, seat, th)
        for k in range(6):
            th.vals[k] += try_declaration(th, seat, k)
    best = np.int64(0)
    for k in range(1, 6):
        if th.vals[k] > th.vals[best]:
            best = k
    if forced:
        return best
    fresh = 0.0
    for _ in range(worlds):
        draw_world(st, mk, seat, th)
        fresh += try_declaration(th, seat, best)
    return best if fresh > 0.0 else B.PASS


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
