"""Drivers of the strategy analyses: paired deals (a holding with and without a card, a
technique on and off), random hands classed by their trumps, and whole games on from a
priced hand. Same contract as drivers.py: a chunk is a pure function of (seed, its deal
indices), accumulated into integer counts, so results do not depend on threads."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.tables import Tables
from pedro_sim.engine.bits import ZERO, bit, popcount
from pedro_sim.engine.drivers.deals import PRICED_WIDTH, share_phase, side_points
from pedro_sim.engine.game.dealing import fixed_hand_order_once, shuffle
from pedro_sim.engine.game.pack import pack_card
from pedro_sim.engine.game.scoring import deal_score, net_of
from pedro_sim.engine.game.whole_deal import auctioned_deal, deal_and_play, fixed_hand_deal
from pedro_sim.engine.game.whole_game import (
    G_WINNER,
    GAME_COLS,
    play_games_on,
    settle_into,
)
from pedro_sim.engine.jit import kernel, phase
from pedro_sim.engine.rng import KIND_CLASSES, KIND_DEAL, KIND_HOLDING, below, start
from pedro_sim.engine.seats import first_dealer, seat_after, side_of
from pedro_sim.engine.thinking.steering import add_steer_counts, clear_steer_counts
from pedro_sim.engine.thinking.think_buffers import thinks
from pedro_sim.engine.threads import Span, chunk_deals

MAX_LENGTH = 9  # trump lengths are counted 0..9, the last meaning 9 or more


@kernel
def deal_holding(rng, card, offset, tab, rest, hand, deck):
    """A dealing order where seat ``offset`` (after eldest) holds ``card`` and random other
    cards; returns the index in rest[size - 1:] (the other seats' cards and the stock) of
    a random card it does not hold, the one ``card`` is exchanged for in the paired deal."""
    n = 0
    for j in range(tab.opts[L.O_DECK]):
        c = pack_card(tab, j)
        if c != card:
            rest[n] = c
            n += 1
    shuffle(rng, rest, n)
    size = tab.opts[L.O_HAND]
    hand[0] = card
    for k in range(1, size):
        hand[k] = rest[k - 1]
    fixed_hand_order_once(rest[size - 1:n], hand, offset, tab, deck)
    return below(rng, n - size + 1)


@kernel
def swap_holding(card, j, offset, tab, rest, hand, deck):
    """The paired deal: ``card`` and the j-th of the others change places."""
    size = tab.opts[L.O_HAND]
    others = rest[size - 1:tab.opts[L.O_DECK] - 1]
    hand[0] = others[j]
    others[j] = card
    fixed_hand_order_once(others, hand, offset, tab, deck)


@phase
def _holding_pairs(span, card, offset, trump, policy, flags, tab, hand, out, work, think):
    """Deals of ``span`` played twice, the bidder (``offset`` places after eldest, trumps
    ``trump``) holding ``card`` and then, the same deal, a random card it lacked instead;
    out[chunk, bidders' points with, bidders' points without] += 1."""
    rng = work.rng
    rest = work.rest
    deck = work.deck
    dealer = np.int64(0)
    bidder = seat_after(tab, dealer, offset + 1)
    kind = np.int64(KIND_HOLDING)
    for ch in range(out.shape[0]):
        for i in chunk_deals(span, ch):
            start(rng, span.seed, i, kind)
            j = deal_holding(rng, card, offset, tab, rest, hand, deck)
            state = rng[0]
            deal_and_play(dealer, bidder, trump, policy, flags, tab, work, think)
            with_card = side_points(work.pts, tab, bidder)[0]
            swap_holding(card, j, offset, tab, rest, hand, deck)
            rng[0] = state  # the same random numbers for the play of both deals
            deal_and_play(dealer, bidder, trump, policy, flags, tab, work, think)
            out[ch, with_card, side_points(work.pts, tab, bidder)[0]] += 1


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
def _hand_classes(span, offset, trump, marks, policy, flags, tab, hand, out, work, think):
    """Deals of ``span``, the bidder (``offset`` places after eldest, trumps ``trump``)
    dealt a random hand; out[chunk, hand class, outcome] += 1, the outcome being the
    bidders' points times (points of a deal + 1) plus the defenders' points."""
    rng = work.rng
    rest = work.rest
    deck = work.deck
    bidder = seat_after(tab, np.int64(0), offset + 1)
    kind = np.int64(KIND_CLASSES)
    size = tab.opts[L.O_HAND]
    n = tab.opts[L.O_DECK]
    for ch in range(out.shape[0]):
        for i in chunk_deals(span, ch):
            start(rng, span.seed, i, kind)
            for j in range(n):
                rest[j] = pack_card(tab, j)
            shuffle(rng, rest, n)
            held = ZERO
            for k in range(size):
                hand[k] = rest[k]
                held |= bit(rest[k])
            fixed_hand_order_once(rest[size:n], hand, offset, tab, deck)
            deal_and_play(np.int64(0), bidder, trump, policy, flags, tab, work, think)
            mine, theirs = side_points(work.pts, tab, bidder)
            outcome = mine * (tab.opts[L.O_TOTAL_POINTS] + 1) + theirs
            out[ch, hand_class(held, tab.masks[trump, L.M_TRUMP], marks), outcome] += 1


@kernel
def side_of_deal(pts, tab, bidder, side):
    """The points of ``side`` of a deal: 0 the bidders, 1 the defenders."""
    return side_points(pts, tab, bidder)[side]


# _arm_pairs: per arm after the first, a block of its side's points against the first
# arm's in a (total+1)^2 grid, (made in the arm, made in the first) in 4 cells and the
# bidders' net score sums (the arm, its square, the first, its square, the difference
# squared); after the blocks, ARM_TAIL cells
ST_NET_SUMS = 5
(ST_THROWN, ST_DEALS, ST_AUCTION_DIFFERS, ST_DEALS_SEEN, ST_SITUATIONS, ST_CHOSEN,
 ARM_TAIL) = range(7)


@kernel
def arm_block(span_pts):
    return span_pts * span_pts + 4 + ST_NET_SUMS


@phase
def _arm_pairs(span, policies, arms, side, tab, out, work, think):
    """Full auctioned deals of ``span`` played once per arm k, by the policy word
    policies[k] with the flags arms[k], from the same seed and deal index; counted as the
    layout above says, against arm 0: the points of ``side`` (0 bidders, 1 defenders),
    made and the bidders' net score, and where a thinking seat watches a technique in arm
    0 (engine/thinking/steering.py), its situations and choices there. A deal whose
    auction (bidder, bid, trumps) differs from arm 0's is counted and left out."""
    kind = np.int64(KIND_DEAL)
    span_pts = tab.opts[L.O_TOTAL_POINTS] + 1
    block = arm_block(span_pts)
    tail = (policies.shape[0] - 1) * block
    pts = work.pts
    score = work.score
    for ch in range(out.shape[0]):
        for i in chunk_deals(span, ch):
            dealer = first_dealer(tab, i)
            clear_steer_counts(think)
            bidder, bid, trump = auctioned_deal(span.seed, i, kind, dealer, policies[0],
                                                arms[0], tab, work, think)
            if bidder < 0:
                out[ch, tail + ST_THROWN] += 1
                continue
            out[ch, tail + ST_DEALS] += 1
            add_steer_counts(think, out[ch, tail + ST_DEALS_SEEN:])
            made_0 = deal_score(pts, bidder, bid, score, tab)
            p0 = side_of_deal(pts, tab, bidder, side)
            net_0 = net_of(score, side_of(tab, bidder), tab)
            for arm in range(1, policies.shape[0]):
                b2, bid2, trump2 = auctioned_deal(span.seed, i, kind, dealer, policies[arm],
                                                  arms[arm], tab, work, think)
                if b2 != bidder or bid2 != bid or trump2 != trump:
                    out[ch, tail + ST_AUCTION_DIFFERS] += 1
                    continue
                made = deal_score(pts, bidder, bid, score, tab)
                net = net_of(score, side_of(tab, bidder), tab)
                at = (arm - 1) * block
                out[ch, at + side_of_deal(pts, tab, bidder, side) * span_pts + p0] += 1
                at += span_pts * span_pts
                out[ch, at + 2 * np.int64(made) + np.int64(made_0)] += 1
                at += 4
                out[ch, at] += net
                out[ch, at + 1] += net * net
                out[ch, at + 2] += net_0
                out[ch, at + 3] += net_0 * net_0
                out[ch, at + 4] += (net - net_0) * (net - net_0)


@phase
def _advised_games(span, hand, offset, trumps, start_score, policy, flags, priced, tab, kept,
                   records, spare, out, work, think):
    """`bid` analysis deals (the same deals, deal for deal), in each suit of ``trumps``,
    each scored at every bid from the game score ``start_score`` (side 0, side 1) and the
    game played on to its end, once for every suit and bid (play_games_on):
    out[chunk, suit's place in trumps, bid, 0 lost / 1 won by the hand's side /
    2 unfinished] += 1. Deal i < len(priced[t]) is not played again: priced[t, i] holds
    its bidder and points as deals.fixed_points played it (M_PTS)."""
    pts = work.pts
    score = work.score
    team = side_of(tab, seat_after(tab, np.int64(0), offset + 1))
    lo = tab.opts[L.O_MIN_BID]
    levels = tab.opts[L.O_MAX_BID] - lo + 1
    for ch in range(out.shape[0]):
        for i in chunk_deals(span, ch):
            for t in range(trumps.shape[0]):
                if i < priced.shape[1]:
                    bidder = priced_deal(priced[t, i], pts)
                else:
                    bidder = fixed_hand_deal(span.seed, i, hand, offset, trumps[t], policy,
                                             flags, tab, work, think)
                for k in range(kept.shape[0]):
                    kept[k] = pts[k]
                for j in range(levels):
                    for k in range(kept.shape[0]):
                        pts[k] = kept[k]
                    made = deal_score(pts, bidder, lo + j, score, tab)
                    row = records[t * levels + j]
                    row[G_WINNER] = settle_into(row, start_score, score, bidder, lo + j, made,
                                                trumps[t], pts, tab)
            play_games_on(span.seed, i, records, policy, flags, tab, work, spare, think)
            for t in range(trumps.shape[0]):
                for j in range(levels):
                    winner = records[t * levels + j, G_WINNER]
                    out[ch, t, lo + j, 2 if winner < 0 else (1 if winner == team else 0)] += 1


@kernel
def priced_deal(row, pts):
    """A deal already played (a row of deals.fixed_points' M_PTS): its points into
    ``pts``; returns its bidder."""
    for k in range(pts.shape[0]):
        pts[k] = row[1 + k]
    return row[0]


def _hand_array(tab: Tables):
    return lambda: np.zeros(int(tab.opts[L.O_HAND]), dtype=np.int64)


def holding_pairs(span: Span, card: int, offset: int, trump: int, policy: int, flags, tab: Tables,
                  out) -> None:
    """out[chunk, points with ``card``, points without] over paired deals."""
    share_phase(_holding_pairs, span, (card, offset, trump, policy, flags, tab), out, policy,
                tab, (_hand_array(tab),))


def hand_classes(span: Span, offset: int, trump: int, marks, policy: int, flags, tab: Tables,
                 out) -> None:
    """out[chunk, hand class, outcome (bidders' and defenders' points)] over random hands
    at one seat."""
    share_phase(_hand_classes, span, (offset, trump, marks, policy, flags, tab), out, policy,
                tab, (_hand_array(tab),))


def arm_pairs(span: Span, policies, arms, side: int, tab: Tables, out) -> None:
    """The counts of _arm_pairs: every arm against arm 0, on the same deals."""
    policies = np.asarray(policies, dtype=np.int64)
    thinking = [int(p) for p in policies if thinks(int(p))]
    share_phase(_arm_pairs, span, (policies, arms, side, tab), out,
                thinking[0] if thinking else int(policies[0]), tab)


def arms_size(tab: Tables, n_arms: int) -> int:
    """The length of arm_pairs' counts for ``n_arms`` arms."""
    return (n_arms - 1) * arm_block(int(tab.opts[L.O_TOTAL_POINTS]) + 1) + ARM_TAIL


def advised_games(span: Span, hand, offset: int, trumps, start_score, policy: int, flags,
                  tab: Tables, out, priced=None) -> None:
    """out[chunk, suit (place in ``trumps``), bid, lost/won/unfinished] of games on from a
    priced hand, each game's play after the priced deal shared by every suit and bid.
    ``priced[t, i]``: deal i in suit trumps[t] as deals.fixed_points (M_PTS) played it,
    the bidder and the points, for the first deals (None: every deal played here)."""
    levels = int(tab.opts[L.O_MAX_BID] - tab.opts[L.O_MIN_BID]) + 1
    trumps = np.asarray(trumps, dtype=np.int64)
    if priced is None:
        priced = np.zeros((len(trumps), 0, PRICED_WIDTH - 2), dtype=np.int64)
    share_phase(_advised_games, span, (hand, offset, trumps, start_score, policy, flags,
                                       np.ascontiguousarray(priced), tab),
                out, policy, tab, (lambda: np.zeros(L.PT_LEN, dtype=np.int64),
                                   lambda: np.zeros((len(trumps) * levels, GAME_COLS),
                                                    dtype=np.int64),
                                   lambda: np.zeros(L.MAX_SIDES, dtype=np.int64)))
