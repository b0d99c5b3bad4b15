"""One whole deal, from the keyed stream to the score: the flows the drivers loop over."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ZERO, bit
from pedro_sim.engine.game.auction import auction, name_trump
from pedro_sim.engine.game.contract import play_contract_inline, play_contract_once
from pedro_sim.engine.game.dealing import (
    deal_hands,
    fixed_hand_order_once,
    seen_at_trump,
    shuffle,
    take_kitty,
)
from pedro_sim.engine.game.pack import pack_card
from pedro_sim.engine.jit import hot, kernel, phase, shared
from pedro_sim.engine.players import for_auction, for_sides, policy_of, settings_of
from pedro_sim.engine.rng import KIND_FIXED, start
from pedro_sim.engine.seats import clear_points, role_of, seat_after, seat_masks
from pedro_sim.engine.thinking.bidding import EV_PREDICTED, ev_gate
from pedro_sim.engine.thinking.inference import start_deal_gate
from pedro_sim.engine.thinking.think_buffers import thinks


@kernel
def thrown_in(dealt, tab, rec):
    if rec.shape[0] > 0:
        for p in range(L.SEATS):
            rec[L.R_START + p] = np.int64(dealt[p])
            rec[L.R_RECEIVED + p] = 0
            rec[L.R_PUT_AWAY + p] = 0


def _deal_and_play(inline_loop: bool):
    """The deal phase with the contract and the trick loop in its own code (no seat thinks:
    dealing, the exchange and the trick loop are inlined by LLVM, engine/jit.py ``hot``) or
    with the contract called compiled once (play_contract_once)."""

    def deal_and_play(dealer, bidder, trump, policy, flags, tab, work, think):
        """From a dealing order (work.deck) to the last trick: packets, the auction (when
        ``bidder`` < 0; otherwise ``bidder`` holds the minimum bid in ``trump``), discards,
        fill and play. Returns (bidder, bid, trump); the points are in work.pts; recorded
        into work.rec unless it is empty. The phase every kind of deal shares, compiled
        once per version."""
        deck = work.deck
        hands = work.hands
        rng = work.rng
        pts = work.pts
        rec = work.rec
        dealt = seat_masks(hands, L.H_DEALT)
        books = seat_masks(hands, L.H_BOOKS)
        deal_hands(deck, dealer, tab, hands, rec, rec.shape[0] > 0)
        bid = tab.opts[L.O_MIN_BID]
        forced = False
        clear_points(pts)
        start_deal_gate(think)
        if bidder < 0:
            bidder, bid, forced = auction(for_auction(policy), dealt, dealer, rng, flags, tab, rec,
                                          think)
            if bidder < 0:  # everybody passed: the deal is thrown in
                thrown_in(dealt, tab, rec)
                return bidder, 0, trump
            policy = for_sides(policy, role_of(tab, bidder))
            take_kitty(deck, bidder, tab, books)
            role = role_of(tab, bidder)
            player = policy_of(policy, role)
            cfg = settings_of(policy, role)
            # what it names trumps from: the kitty too, unless it takes it only after
            # (lipton's missy: seen_at_trump)
            trump = name_trump(player, seen_at_trump(dealt[bidder], books[bidder], tab),
                               dealt[bidder], bidder, dealer, bid, rng, flags, cfg, tab, think)
            pts[L.PT_PREDICTED] = ev_gate(EV_PREDICTED, bidder, dealer, dealt[bidder], bid, trump,
                                          False, flags, cfg, tab, rng, think)
        else:
            policy = for_sides(policy, role_of(tab, bidder))
            take_kitty(deck, bidder, tab, books)
            pts[L.PT_PREDICTED] = -1
            if flags[L.FL_CONTRACT] > 0:
                bid = flags[L.FL_CONTRACT]
        pts[L.PT_BID] = bid
        if inline_loop:
            play_contract_inline(dealer, bidder, trump, policy, flags, tab, work, think)
        else:  # the phase the playout bidders' simulations call, compiled once for both
            play_contract_once(dealer, bidder, trump, policy, flags, tab, work, think)
        pts[L.PT_FORCED] = forced
        return bidder, bid, trump

    if inline_loop:  # a name of its own: the caller that shared_link.hot marks
        deal_and_play.__qualname__ = "deal_and_play_inline"
    return phase(deal_and_play)


_deal_and_play_inline = hot(shared(_deal_and_play(True)))
_deal_and_play_called = shared(_deal_and_play(False))


@kernel
def deal_and_play(dealer, bidder, trump, policy, flags, tab, work, think):
    """The deal phase: where no seat of ``policy`` thinks, the version with the trick loop
    inlined and no thinking players' code (``think`` None); otherwise the version that
    thinks. Chosen at run time, so that each driver compiles once for every kind of player
    (the thinking scratch is always passed; it is small where nobody thinks:
    thinking/think_buffers.py new_think)."""
    if thinks(policy):
        return _deal_and_play_called(dealer, bidder, trump, policy, flags, tab, work, think)
    return _deal_and_play_inline(dealer, bidder, trump, policy, flags, tab, work, None)


@kernel
def auctioned_deal(seed, index, kind, dealer, policy, flags, tab, work, think):
    """Shuffle, deal, bid, name trumps, fill and play. Returns (bidder, bid, trump)."""
    start(work.rng, seed, index, kind)
    n = tab.opts[L.O_DECK]
    for j in range(n):
        work.deck[j] = pack_card(tab, j)
    shuffle(work.rng, work.deck, n)
    none = np.int64(-1)  # np.int64(): no literal argument, so the phase compiles only once
    return deal_and_play(dealer, none, none, policy, flags, tab, work, think)


@kernel
def fixed_hand_deal(seed, index, hand, offset, trump, policy, flags, tab, work, think):
    """The `bid` analysis: seat ``offset`` places after eldest (dealer 0) holds ``hand``,
    wins the bid without an auction and names ``trump``. Returns the bidder's seat."""
    rest = work.rest
    start(work.rng, seed, index, np.int64(KIND_FIXED))
    held = ZERO
    for c in hand:
        held |= bit(c)
    n = 0
    for j in range(tab.opts[L.O_DECK]):
        c = pack_card(tab, j)
        if not held & bit(c):
            rest[n] = c
            n += 1
    shuffle(work.rng, rest, n)
    fixed_hand_order_once(rest, hand, offset, tab, work.deck)
    bidder = seat_after(tab, np.int64(0), offset + 1)  # dealer 0
    return deal_and_play(np.int64(0), bidder, trump, policy, flags, tab, work, think)[0]
