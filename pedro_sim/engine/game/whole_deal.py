"""One whole deal, from the keyed stream to the score: the flows the drivers loop over."""

import numpy as np
from numba.core import types
from numba.extending import overload

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ZERO, bit
from pedro_sim.engine.game.auction import auction, name_trump
from pedro_sim.engine.game.contract import play_contract, play_contract_inline, take_kitty
from pedro_sim.engine.game.dealing import (
    deal_books,
    deal_packets,
    fixed_hand_order_once,
    shuffle,
)
from pedro_sim.engine.jit import kernel, phase, scratch, shared
from pedro_sim.engine.players import for_auction, for_sides, policy_of
from pedro_sim.engine.rng import KIND_FIXED, start


@scratch
def new_work():
    """Scratch arrays one thread reuses deal after deal."""
    deck = np.empty(53, dtype=np.int64)
    rest = np.empty(53, dtype=np.int64)
    # 0..3 hands in play, 4..7 dealt hands, 8..11 books (cards picked up after the bidding),
    # 12..31 what each seat received, discarded, put away from the stock, ... (exchange_cards)
    hands = np.zeros(32, dtype=np.uint64)
    rng = np.zeros(1, dtype=np.uint64)
    # points of each team, the cards each took, whether the dealer was forced to bid
    pts = np.zeros(5, dtype=np.int64)
    return deck, rest, hands, rng, pts


@kernel
def deal_score(pts, bidder, bid, score, opts):
    """Made: the bidders add their points; set: they lose the bid (difference scoring:
    the side with more points scores the difference; set, the opponents score the bid
    and their points; the special bids: docs/rules.md, ``special_bid``). Returns made."""
    if bidder < 0:  # thrown in
        score[0] = 0
        score[1] = 0
        return False
    bt = bidder & 1
    ot = 1 - bt
    made = pts[bt] >= bid
    if opts[L.O_DOUBLE_MAX] and bid == opts[L.O_MAX_BID]:
        score[bt] = 2 * bid if made else -2 * bid
        score[ot] = pts[ot]
    elif bid > opts[L.O_MAX_BID]:  # "83 double": needs every point
        made = pts[bt] >= opts[L.O_MAX_BID]
        score[bt] = bid if made else -bid
        score[ot] = pts[ot]
    elif opts[L.O_SCORING] == L.SCORE_DIFFERENCE:
        diff = pts[bt] - pts[ot]
        score[bt] = diff if made and diff > 0 else 0
        score[ot] = (-diff if diff < 0 else 0) if made else bid + pts[ot]
    else:
        score[bt] = pts[bt] if made else -bid
        score[ot] = pts[ot]
    if opts[L.O_MOON] and made and bid == opts[L.O_MAX_BID]:  # shooting the moon
        score[bt] = 2 * bid
    return made


@kernel
def thrown_in(dealt, rec, record):
    if record:
        for p in range(4):
            rec[L.R_START + p] = np.int64(dealt[p])
            rec[L.R_RECEIVED + p] = 0
            rec[L.R_PUT_AWAY + p] = 0


def _deal_and_play(inline_loop: bool):
    """The deal phase with the trick loop inlined (no seat thinks) or called (play._play_out)."""

    @phase
    def deal_and_play(deck, dealer, bidder, trump, policy, flags, opts, masks, beats, cinfo, hands,
                      rng, pts, rec, think):
        """From a dealing order to the last trick: packets, the auction (when ``bidder`` < 0;
        otherwise ``bidder`` holds the minimum bid in ``trump``), discards, fill and play.
        Returns (bidder, bid, trump); the points are in ``pts``; recorded into ``rec``
        unless it is empty. The phase every kind of deal shares, compiled once per
        version."""
        record = rec.shape[0] > 0
        dealt = hands[4:8]
        books = hands[8:12]
        deal_packets(deck, dealer, opts, dealt, rec, record)
        deal_books(deck, dealer, opts, books)
        bid = opts[L.O_MIN_BID]
        forced = False
        pts[:] = 0
        if bidder < 0:
            bidder, bid, forced = auction(for_auction(policy), dealt, dealer, rng, flags, opts,
                                          masks, beats, cinfo, rec, record, think)
            if bidder < 0:  # everybody passed: the deal is thrown in
                thrown_in(dealt, rec, record)
                return bidder, 0, trump
            policy = for_sides(policy, bidder)
            take_kitty(deck, bidder, opts, books)
            seen = dealt[bidder] | (books[bidder] if opts[L.O_BOOKS] + opts[L.O_KITTY] else ZERO)
            trump = name_trump(policy_of(policy, bidder), seen, bidder, dealer, rng, flags, opts,
                               masks, beats, cinfo, think)
        else:
            policy = for_sides(policy, bidder)
            take_kitty(deck, bidder, opts, books)
        if inline_loop:
            play_contract_inline(deck, dealer, bidder, trump, policy, flags, opts, masks, beats,
                                 cinfo, hands, rng, pts, rec, think)
        else:
            play_contract(deck, dealer, bidder, trump, policy, flags, opts, masks, beats,
                          cinfo, hands, rng, pts, rec, think)
        pts[4] = forced
        return bidder, bid, trump

    return deal_and_play


_deal_and_play_inline = shared(_deal_and_play(True))
_deal_and_play_called = shared(_deal_and_play(False))


def deal_and_play(deck, dealer, bidder, trump, policy, flags, opts, masks, beats, cinfo, hands,
                  rng, pts, rec, think):
    """The deal phase for ``think``'s type: with the trick loop inlined where no seat
    thinks (``think`` is None), the other version otherwise. Chosen while typing (an
    overload), so each version of a driver compiles and calls one phase."""


@overload(deal_and_play, inline="always")
def _deal_and_play_for(deck, dealer, bidder, trump, policy, flags, opts, masks, beats, cinfo,
                       hands, rng, pts, rec, think):
    run = _deal_and_play_inline if isinstance(think, types.NoneType) else _deal_and_play_called
    return lambda deck, dealer, bidder, trump, policy, flags, opts, masks, beats, cinfo, \
        hands, rng, pts, rec, think: run(deck, dealer, bidder, trump, policy, flags, opts,
                                         masks, beats, cinfo, hands, rng, pts, rec, think)


@kernel
def auctioned_deal(seed, index, kind, dealer, policy, flags, opts, masks, beats, cinfo,
                   deck, hands, rng, pts, rec, think):
    """Shuffle, deal, bid, name trumps, fill and play. Returns (bidder, bid, trump)."""
    start(rng, seed, index, kind)
    n = opts[L.O_DECK]
    for j in range(n):
        deck[j] = j
    shuffle(rng, deck, n)
    none = np.int64(-1)  # np.int64(): no literal argument, so the phase compiles only once
    return deal_and_play(deck, dealer, none, none, policy, flags, opts, masks, beats, cinfo,
                         hands, rng, pts, rec, think)


@kernel
def fixed_hand_deal(seed, index, hand, offset, trump, policy, flags, opts, masks, beats, cinfo,
                    deck, rest, hands, rng, pts, rec, think):
    """The `bid` analysis: seat ``offset`` places after eldest (dealer 0) holds ``hand``,
    wins the bid without an auction and names ``trump``. Returns the bidder's seat."""
    start(rng, seed, index, KIND_FIXED)
    held = ZERO
    for c in hand:
        held |= bit(c)
    n = 0
    for c in range(opts[L.O_DECK]):
        if not held & bit(c):
            rest[n] = c
            n += 1
    shuffle(rng, rest, n)
    fixed_hand_order_once(rest, hand, offset, opts, deck)
    bidder = (offset + 1) & 3
    return deal_and_play(deck, np.int64(0), bidder, trump, policy, flags, opts, masks, beats,
                         cinfo, hands, rng, pts, rec, think)[0]
