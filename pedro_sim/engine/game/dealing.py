"""Shuffle, deal in packets, discard and fill: everything before the bidding ends."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, ZERO, bit, lowest, popcount
from pedro_sim.engine.jit import kernel, phase
from pedro_sim.engine.players import pick_one, policy_of, scoring_cards
from pedro_sim.engine.rng import GOLDEN, below, below_at


@kernel
def shuffle(rng, deck, n):
    """Fisher-Yates on deck[0:n], j from n-1 down to 1 (docs/engine-spec.md). The draws
    are rng.below's, with the stream's state kept in a register for the loop (as an array
    element it went through memory at every draw)."""
    state = rng[0]
    for j in range(n - 1, 0, -1):
        state += GOLDEN
        k = below_at(state, j + 1)
        tmp = deck[j]
        deck[j] = deck[k]
        deck[k] = tmp
    rng[0] = state


@kernel
def packet_size(r, opts):
    """Cards in the packets of round ``r``: whole packets, then the remainder."""
    return min(opts[L.O_PACKET], opts[L.O_HAND] - r * opts[L.O_PACKET])


@kernel
def n_rounds(opts):
    return (opts[L.O_HAND] + opts[L.O_PACKET] - 1) // opts[L.O_PACKET]


@kernel
def fixed_hand_order(rest, hand, bidder_offset, opts, deck):
    """Merge a fixed hand (dealt to the seat ``bidder_offset`` places after eldest)
    with the shuffled other cards ``rest`` into one dealing order ``deck``."""
    pos = 0
    hp = 0
    rp = 0
    for r in range(n_rounds(opts)):
        for q in range(4):
            for _j in range(packet_size(r, opts)):
                if q == bidder_offset:
                    deck[pos] = hand[hp]
                    hp += 1
                else:
                    deck[pos] = rest[rp]
                    rp += 1
                pos += 1
    while pos < opts[L.O_DECK]:
        deck[pos] = rest[rp]
        rp += 1
        pos += 1


# Compiled once and called by the drivers that deal a fixed hand (one call a deal): each
# inlined copy cost 0.2-0.8 s of a first run's compile. The playout bidders, which deal
# many times a decision, inline it.
fixed_hand_order_once = phase(fixed_hand_order.py_func)


@kernel
def deal_packets(deck, dealer, opts, dealt, rec, record):
    """Give each seat its hand from ``deck`` in packets, eldest first."""
    size = opts[L.O_HAND]
    for p in range(4):
        dealt[p] = ZERO
    pos = 0
    held = 0
    for r in range(n_rounds(opts)):
        k = packet_size(r, opts)
        for q in range(4):
            seat = (dealer + 1 + q) & 3
            packet = ZERO  # gathered in a register, stored once per packet
            for j in range(k):
                c = deck[pos]
                packet |= bit(c)
                if record:
                    rec[L.R_DEALT + seat * size + held + j] = c
                pos += 1
            dealt[seat] |= packet
        held += k
    if record:
        for j in range(pos, opts[L.O_DECK]):
            rec[L.R_DEALT + j] = deck[j]
        rec[L.R_DEALER] = dealer


@kernel
def fill_from_top(deck, hands, p, sp, end, keep):
    """Fill seat ``p`` to ``keep`` cards from the stock at ``sp``; returns the new ``sp``."""
    while popcount(hands[p]) < keep and sp < end:
        hands[p] |= bit(deck[sp])
        sp += 1
    return sp


@kernel
def dealer_robs(deck, hands, dealer, sp, end, tm, keep):
    """The dealer takes every trump left in the stock, then non-trumps up to ``keep``."""
    for j in range(sp, end):
        if bit(deck[j]) & tm:
            hands[dealer] |= bit(deck[j])
    n = popcount(hands[dealer])
    for j in range(sp, end):
        if n >= keep:
            break
        if not bit(deck[j]) & tm:
            hands[dealer] |= bit(deck[j])
            n += 1


@phase
def choose_cards(policy, rng, pool, n, t, masks, cinfo):
    """``n`` cards of ``pool``, one at a time (all of them when there is no choice left):
    the random player uniformly by ascending card id, the heuristic the strongest."""
    chosen = ZERO
    while popcount(chosen) < n:
        cands = pool & ~chosen
        if popcount(cands) <= n - popcount(chosen):
            return chosen | cands
        chosen |= pick_one(policy, rng, cands, True, t, masks, cinfo)
    return chosen


@phase
def keep_scoring_first(policy, rng, trumps, keep, t, masks, cinfo):
    """Too many trumps: keep every scoring trump, and non-scoring ones up to ``keep``."""
    scoring = trumps & scoring_cards(t, masks)
    room = max(0, keep - popcount(scoring))
    others = trumps & masks[t, L.M_NONSCORE]
    return scoring | choose_cards(policy, rng, others, room, t, masks, cinfo)


@phase
def dealer_takes_all(policy, rng, pool, keep, t, masks, cinfo):
    """Pidro's dealer keeps ``keep`` of its cards and the rest of the stock: trumps first
    (scoring ones before the others), non-trumps only to make up the number."""
    tm = masks[t, L.M_TRUMP]
    trumps = pool & tm
    if popcount(trumps) >= keep:
        return keep_scoring_first(policy, rng, trumps, keep, t, masks, cinfo)
    others = pool & ~tm
    room = min(popcount(others), keep - popcount(trumps))
    return trumps | choose_cards(policy, rng, others, room, t, masks, cinfo)


@kernel
def deal_books(deck, dealer, opts, books):
    """Each seat, eldest first, gets the next cards after the hands: a book (family) or a
    second deal (sixty-three)."""
    n = opts[L.O_BOOKS] + opts[L.O_SECOND_DEAL]
    pos = 4 * opts[L.O_HAND]
    for q in range(4):
        seat = (dealer + 1 + q) & 3
        books[seat] = ZERO
        for _ in range(n):
            books[seat] |= bit(deck[pos])
            pos += 1


@phase
def keep_trumps(policy, rng, cards, keep, t, masks, cinfo):
    """Keep every trump, and non-trumps of choice up to ``keep`` cards."""
    tm = masks[t, L.M_TRUMP]
    room = keep - popcount(cards & tm)
    if room <= 0:
        return cards & tm
    return (cards & tm) | choose_cards(policy, rng, cards & ~tm, room, t, masks, cinfo)


@phase
def passer_keeps(policy, rng, tx, need, keep, t, masks, cinfo):
    """eighty-three: the partner with too many trumps keeps ``keep`` of them, at least
    ``need`` scoring ones, leaving its partner no more than ``keep`` scoring trumps."""
    scoring = scoring_cards(t, masks)
    chosen = ZERO
    while popcount(chosen) < keep:
        left = keep - popcount(chosen)
        cands = ZERO
        m = tx & ~chosen
        while m:
            c = lowest(m)
            m &= m - ONE
            k = chosen | bit(c)
            r = keep - popcount(k)
            ks = popcount(k & scoring)
            pool = tx & ~k
            ps = popcount(pool & scoring)
            pn = popcount(pool) - ps
            if ks + min(ps, r) >= need and ks + max(0, r - pn) <= keep:
                cands |= bit(c)
        if popcount(cands) <= left:
            return chosen | cands
        chosen |= pick_one(policy, rng, cands, True, t, masks, cinfo)
    return chosen


@kernel
def pass_excess(policy, rng, cards, passed, kept, dealer, keep, t, masks, cinfo):
    """Within each partnership, eldest's first, a partner with more than ``keep`` trumps
    keeps ``keep`` and passes the rest to its partner (``kept``: what it keeps, else 0)."""
    scoring = scoring_cards(t, masks)
    tm = masks[t, L.M_TRUMP]
    for i in range(2):
        a = (dealer + 1 + i) & 3
        b = (a + 2) & 3
        ta = cards[a] & tm
        tb = cards[b] & tm
        if max(popcount(ta), popcount(tb)) <= keep:
            continue
        sa = popcount(ta & scoring)
        sb = popcount(tb & scoring)
        x, y, tx, need = b, a, tb, max(0, sb + sa - keep)
        if popcount(tb) <= keep or (popcount(ta) > keep and sa >= sb):
            x, y, tx = a, b, ta
        k = passer_keeps(policy_of(policy, x), rng, tx, need, keep, t, masks, cinfo)
        moved = tx & ~k
        kept[x] = k
        passed[y] |= moved
        cards[y] |= moved
        cards[x] &= ~moved


@phase
def keep_freely(policy, rng, cards, keep, t, masks, cinfo):
    """A free discard: how many to keep (0..keep), then which (the heuristic keeps its
    trumps, strongest first)."""
    if policy == L.PL_RANDOM:
        n = below(rng, keep + 1)
    else:
        n = min(keep, popcount(cards & masks[t, L.M_TRUMP]))
    return choose_cards(policy, rng, cards, n, t, masks, cinfo)


@kernel
def exchange_by_passing(dealt, books, hands, dealer, trump, policy, rng, opts, masks, cinfo,
                        work):
    """eighty-three: pass excess trumps to partners, then everyone keeps O_KEEP cards."""
    keep = opts[L.O_KEEP]
    tm = masks[trump, L.M_TRUMP]
    cards = work[12:16]
    passed = work[16:20]
    kept = hands[0:4]
    for p in range(4):
        cards[p] = dealt[p] | books[p]
        kept[p] = ZERO
    pass_excess(policy, rng, cards, passed, kept, dealer, keep, trump, masks, cinfo)
    for q in range(1, 5):
        p = (dealer + q) & 3
        pol = policy_of(policy, p)
        if kept[p]:
            continue
        if popcount(cards[p] & tm) > keep:
            hands[p] = keep_scoring_first(pol, rng, cards[p] & tm, keep, trump, masks, cinfo)
        else:
            hands[p] = keep_trumps(pol, rng, cards[p], keep, trump, masks, cinfo)
    for p in range(4):
        work[p] = books[p] | passed[p]
        work[4 + p] = cards[p] & ~hands[p]


@kernel
def exchange_cards(deck, dealt, books, hands, dealer, trump, policy, rng, opts, masks, cinfo,
                   work):
    """Discards and fills between the bidding and the first lead, eldest first, the dealer
    last. ``work`` gets each seat's received (0..3), discarded (4..7) and put-away stock
    cards (8..11), as masks."""
    keep = opts[L.O_KEEP]
    tm = masks[trump, L.M_TRUMP]
    discard = opts[L.O_DISCARD]
    fill = opts[L.O_DEALER_FILL]
    sp = 4 * opts[L.O_HAND]
    end = opts[L.O_DECK]
    for k in range(20):
        work[k] = ZERO
    if opts[L.O_PASS_EXCESS]:
        exchange_by_passing(dealt, books, hands, dealer, trump, policy, rng, opts, masks, cinfo,
                            work)
        return
    dpol = policy_of(policy, dealer)
    for q in range(1, 5):
        p = (dealer + q) & 3
        pol = policy_of(policy, p)
        if discard == L.DISCARD_NON_TRUMPS:
            hands[p] = dealt[p] & tm
        elif discard == L.DISCARD_KEEP_TRUMPS:
            hands[p] = keep_trumps(pol, rng, dealt[p] | books[p], keep, trump, masks, cinfo)
        elif discard == L.DISCARD_KEEP_SCORING:
            cards = dealt[p] | books[p]
            if popcount(cards & tm) >= keep:
                hands[p] = keep_scoring_first(pol, rng, cards & tm, keep, trump, masks, cinfo)
            else:
                hands[p] = keep_trumps(pol, rng, cards, keep, trump, masks, cinfo)
        elif discard == L.DISCARD_FREE and q < 4:
            hands[p] = keep_freely(pol, rng, dealt[p], keep, trump, masks, cinfo)
        else:
            hands[p] = dealt[p]
        if q < 4 and fill != L.FILL_NONE:
            if opts[L.O_EXCESS_TRUMPS] == L.EXCESS_DISCARD and popcount(hands[p]) > keep:
                hands[p] = keep_scoring_first(pol, rng, hands[p], keep, trump, masks, cinfo)
            else:
                sp = fill_from_top(deck, hands, p, sp, end, keep)
    for p in range(4):
        work[4 + p] = (dealt[p] | books[p]) & ~hands[p]
    rest = ZERO
    for j in range(sp, end):
        rest |= bit(deck[j])
    searched = ZERO  # the others' discarded trumps a searching dealer may take
    if opts[L.O_DEALER_SEARCHES_DISCARDS]:
        for q in range(1, 4):
            searched |= work[4 + ((dealer + q) & 3)] & tm
    if fill == L.FILL_TOP:
        sp = fill_from_top(deck, hands, dealer, sp, end, keep)
    elif fill == L.FILL_TAKE_ALL:
        hands[dealer] = dealer_takes_all(dpol, rng, dealt[dealer] | rest | searched, keep,
                                         trump, masks, cinfo)
        work[dealer] = rest | (hands[dealer] & searched)
        work[4 + dealer] = (dealt[dealer] | rest) & ~hands[dealer]
    elif fill == L.FILL_ROB_FREE or fill == L.FILL_ROB_ALL:
        pool = dealt[dealer] | rest | searched
        if fill == L.FILL_ROB_ALL:
            for q in range(1, 4):
                pool |= work[4 + ((dealer + q) & 3)]
        hands[dealer] = choose_cards(dpol, rng, pool, min(keep, popcount(pool)), trump,
                                     masks, cinfo)
        work[4 + dealer] = dealt[dealer] & ~hands[dealer]
        if fill == L.FILL_ROB_FREE:
            work[8 + dealer] = rest & tm & ~hands[dealer]
    elif fill == L.FILL_ROB_TRUMPS:
        dealer_robs(deck, hands, dealer, sp, end, tm, keep)
    for p in range(4):
        if not (p == dealer and fill == L.FILL_TAKE_ALL):
            work[p] = (hands[p] & ~dealt[p]) | books[p]
        if opts[L.O_DEALER_SEARCHES_DISCARDS] and p != dealer:  # a discard the dealer took is in
            # play again, no longer put away (foster's credit)
            work[4 + p] &= ~hands[dealer]


@kernel
def discard_and_fill(deck, dealt, books, hands, dealer, trump, policy, rng, opts, masks, cinfo,
                     work, rec, record):
    """The exchange, recorded."""
    exchange_cards(deck, dealt, books, hands, dealer, trump, policy, rng, opts, masks, cinfo,
                   work)
    if record:
        for p in range(4):
            rec[L.R_PASSED + p] = np.int64(work[16 + p]) if opts[L.O_PASS_EXCESS] else 0
            rec[L.R_RECEIVED + p] = np.int64(work[p])
            rec[L.R_PUT_AWAY + p] = np.int64(work[8 + p])
            rec[L.R_START + p] = np.int64(hands[p])
