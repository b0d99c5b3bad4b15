"""Drivers of the strategy analyses: paired deals (a holding with and without a card, a
technique on and off), random hands classed by their trumps, and whole games on from a
priced hand. Same contract as drivers.py: a chunk is a pure function of (seed, its deal
indices), accumulated into integer counts, so results do not depend on threads."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ZERO, bit, popcount
from pedro_sim.engine.drivers.deals import _scratch, _share
from pedro_sim.engine.game.dealing import fixed_hand_order_once, shuffle
from pedro_sim.engine.game.whole_deal import (
    auctioned_deal,
    deal_and_play,
    deal_score,
    fixed_hand_deal,
)
from pedro_sim.engine.game.whole_game import GAME_COLS, play_game, settle
from pedro_sim.engine.jit import kernel, phase
from pedro_sim.engine.rng import KIND_CLASSES, KIND_DEAL, KIND_HOLDING, below, start
from pedro_sim.engine.thinking.scratch import thinks

MAX_LENGTH = 9  # trump lengths are counted 0..9, the last meaning 9 or more


@kernel
def deal_holding(rng, card, offset, opts, rest, hand, deck):
    """A dealing order where seat ``offset`` (after eldest) holds ``card`` and random other
    cards; returns the index in rest[size - 1:] (the other seats' cards and the stock) of
    a random card it does not hold, the one ``card`` is exchanged for in the paired deal."""
    n = 0
    for c in range(opts[L.O_DECK]):
        if c != card:
            rest[n] = c
            n += 1
    shuffle(rng, rest, n)
    size = opts[L.O_HAND]
    hand[0] = card
    for k in range(1, size):
        hand[k] = rest[k - 1]
    fixed_hand_order_once(rest[size - 1:n], hand, offset, opts, deck)
    return below(rng, n - size + 1)


@kernel
def swap_holding(card, j, offset, opts, rest, hand, deck):
    """The paired deal: ``card`` and the j-th of the others change places."""
    size = opts[L.O_HAND]
    others = rest[size - 1:opts[L.O_DECK] - 1]
    hand[0] = others[j]
    others[j] = card
    fixed_hand_order_once(others, hand, offset, opts, deck)


@phase
def _holding_pairs(seed, first, count, chunk, card, offset, trump, policy, flags, opts, masks,
                   beats, cinfo, hand, out, work, think):
    """Deals first..first+count-1 played twice, the bidder (``offset`` places after eldest,
    trumps ``trump``) holding ``card`` and then, the same deal, a random card it lacked
    instead; out[chunk, bidders' points with, bidders' points without] += 1."""
    deck, rest, hands, rng, pts, rec, score = work
    bidder = (offset + 1) & 3
    dealer = np.int64(0)
    kind = np.int64(KIND_HOLDING)
    for ch in range(out.shape[0]):
        lo = first + ch * chunk
        for i in range(lo, min(lo + chunk, first + count)):
            start(rng, seed, i, kind)
            j = deal_holding(rng, card, offset, opts, rest, hand, deck)
            state = rng[0]
            deal_and_play(deck, dealer, bidder, trump, policy, flags, opts, masks, beats, cinfo,
                          hands, rng, pts, rec, think)
            with_card = pts[bidder & 1]
            swap_holding(card, j, offset, opts, rest, hand, deck)
            rng[0] = state  # the same random numbers for the play of both deals
            deal_and_play(deck, dealer, bidder, trump, policy, flags, opts, masks, beats, cinfo,
                          hands, rng, pts, rec, think)
            out[ch, with_card, pts[bidder & 1]] += 1


@kernel
def hand_class(held, trump_mask, marks):
    """A hand's class: its trump length (capped at MAX_LENGTH), then a bit for each card
    of ``marks`` it holds (the analysis chooses them: A, K, Q, J, the pedros)."""
    length = min(popcount(held & trump_mask), MAX_LENGTH)
    key = length
    for k in range(marks.shape[0]):
        has = 1 if marks[k] >= 0 and held & bit(marks[k]) else 0
        key = 2 * key + has
    return key


@phase
def _hand_classes(seed, first, count, chunk, offset, trump, marks, policy, flags, opts, masks,
                  beats, cinfo, hand, out, work, think):
    """Deals first..first+count-1, the bidder (``offset`` places after eldest, trumps
    ``trump``) dealt a random hand; out[chunk, hand class, outcome] += 1, the outcome
    being the bidders' points times (points of a deal + 1) plus the defenders' points."""
    deck, rest, hands, rng, pts, rec, score = work
    bidder = (offset + 1) & 3
    kind = np.int64(KIND_CLASSES)
    size = opts[L.O_HAND]
    n = opts[L.O_DECK]
    for ch in range(out.shape[0]):
        lo = first + ch * chunk
        for i in range(lo, min(lo + chunk, first + count)):
            start(rng, seed, i, kind)
            for c in range(n):
                rest[c] = c
            shuffle(rng, rest, n)
            held = ZERO
            for k in range(size):
                hand[k] = rest[k]
                held |= bit(rest[k])
            fixed_hand_order_once(rest[size:n], hand, offset, opts, deck)
            deal_and_play(deck, np.int64(0), bidder, trump, policy, flags, opts, masks, beats,
                          cinfo, hands, rng, pts, rec, think)
            outcome = pts[bidder & 1] * (opts[L.O_TOTAL_POINTS] + 1) + pts[1 - (bidder & 1)]
            out[ch, hand_class(held, masks[trump, L.M_TRUMP], marks), outcome] += 1


@phase
def _policy_pairs(seed, first, count, chunk, policy_a, policy_b, side, flags, opts, masks,
                  beats, cinfo, out, work, think):
    """Full auctioned deals first..first+count-1 played by two policy words on the same
    deal: out[chunk, :] counts (points of ``side`` (0 bidders, 1 defenders) under a, the
    same under b) in a (total+1)^2 grid, then (made under a, made under b) in 4 cells,
    then the deals thrown in under either."""
    deck, rest, hands, rng, pts, rec, score = work
    kind = np.int64(KIND_DEAL)
    span = opts[L.O_TOTAL_POINTS] + 1
    for ch in range(out.shape[0]):
        lo = first + ch * chunk
        for i in range(lo, min(lo + chunk, first + count)):
            bidder, bid, _ = auctioned_deal(seed, i, kind, i % 4, policy_a, flags, opts, masks,
                                            beats, cinfo, deck, hands, rng, pts, rec, think)
            made_a = deal_score(pts, bidder, bid, score, opts)
            pa = pts[(bidder & 1) ^ side]
            bidder_b, bid_b, _ = auctioned_deal(seed, i, kind, i % 4, policy_b, flags, opts,
                                                masks, beats, cinfo, deck, hands, rng, pts, rec,
                                                think)
            made_b = deal_score(pts, bidder_b, bid_b, score, opts)
            if bidder < 0 or bidder_b < 0:
                out[ch, span * span + 4] += 1
                continue
            out[ch, pa * span + pts[(bidder_b & 1) ^ side]] += 1
            out[ch, span * span + 2 * np.int64(made_a) + np.int64(made_b)] += 1


@phase
def _advised_games(seed, first, count, chunk, hand, offset, trump, t_start, policy, flags, opts,
                   masks, beats, cinfo, kept, game, out, work, think):
    """`bid` analysis deals (the same deals, deal for deal), each then scored at every bid
    from the game score ``t_start`` (team 0, team 1) and the game played on to its end:
    out[chunk, bid, 0 lost / 1 won by the hand's team / 2 unfinished] += 1."""
    deck, rest, hands, rng, pts, rec, score = work
    team = ((offset + 1) & 3) & 1
    for ch in range(out.shape[0]):
        lo = first + ch * chunk
        for i in range(lo, min(lo + chunk, first + count)):
            bidder = fixed_hand_deal(seed, i, hand, offset, trump, policy, flags, opts, masks,
                                     beats, cinfo, deck, rest, hands, rng, pts, rec, think)
            for k in range(kept.shape[0]):
                kept[k] = pts[k]
            for b in range(opts[L.O_MIN_BID], opts[L.O_MAX_BID] + 1):
                for k in range(kept.shape[0]):
                    pts[k] = kept[k]
                made = deal_score(pts, bidder, b, score, opts)
                winner, _, t0, t1 = settle(t_start[0], t_start[1], score, bidder, made, trump,
                                           pts, opts, cinfo)
                if winner < 0:  # the game goes on from the next dealer, deal 1
                    play_game(seed, i, t0, t1, np.int64(1), np.int64(1), policy, flags, opts,
                              masks, beats, cinfo, deck, hands, rng, pts, score, rec, game,
                              think)
                    winner = game[0]
                out[ch, b, 2 if winner < 0 else (1 if winner == team else 0)] += 1


def _run(phase_fn, out: np.ndarray, first: int, count: int, chunk: int, head: tuple,
         tail: tuple, policy: int, opts: np.ndarray, cinfo: np.ndarray,
         locals_: tuple = ()) -> None:
    """Share a phase's chunks among threads: phase(seed.., first, count, chunk, *tail,
    out[a:b], work, think); ``locals_`` builds the per-thread arrays that precede out."""
    def run(a: int, b: int) -> None:
        own = tuple(make() for make in locals_)
        phase_fn(*head, first + a * chunk, min(count - a * chunk, (b - a) * chunk), chunk,
                 *tail, *own, out[a:b], *_scratch(policy, opts, cinfo))
    _share(out.shape[0], run)


def _hand_array(opts: np.ndarray):
    return lambda: np.zeros(int(opts[L.O_HAND]), dtype=np.int64)


def holding_pairs(seed, first, count, chunk, card, offset, trump, policy, flags, opts, masks,
                  beats, cinfo, out):
    """out[chunk, points with ``card``, points without] over paired deals."""
    _run(_holding_pairs, out, first, count, chunk, (seed,),
         (card, offset, trump, policy, flags, opts, masks, beats, cinfo), policy, opts, cinfo,
         (_hand_array(opts),))


def hand_classes(seed, first, count, chunk, offset, trump, marks, policy, flags, opts, masks,
                 beats, cinfo, out):
    """out[chunk, hand class, outcome (bidders' and defenders' points)] over random hands
    at one seat."""
    _run(_hand_classes, out, first, count, chunk, (seed,),
         (offset, trump, marks, policy, flags, opts, masks, beats, cinfo), policy, opts, cinfo,
         (_hand_array(opts),))


def policy_pairs(seed, first, count, chunk, policy_a, policy_b, side, flags, opts, masks, beats,
                 cinfo, out):
    """Joint counts of a side's points and of made under two policy words, same deals."""
    scratch_for = policy_a if thinks(policy_a) else policy_b  # a thinking arm needs scratch
    _run(_policy_pairs, out, first, count, chunk, (seed,),
         (policy_a, policy_b, side, flags, opts, masks, beats, cinfo), scratch_for, opts, cinfo)


def advised_games(seed, first, count, chunk, hand, offset, trump, t_start, policy, flags, opts,
                  masks, beats, cinfo, out):
    """out[chunk, bid, lost/won/unfinished] of games on from a priced hand."""
    _run(_advised_games, out, first, count, chunk, (seed,),
         (hand, offset, trump, t_start, policy, flags, opts, masks, beats, cinfo), policy,
         opts, cinfo, (lambda: np.zeros(5, dtype=np.int64),
                       lambda: np.zeros(GAME_COLS, dtype=np.int64)))
