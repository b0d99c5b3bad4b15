"""Shuffle, deal in packets, discard and fill: everything before the bidding ends."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, ZERO, bit, lowest, popcount
from pedro_sim.engine.jit import kernel, phase, shared_linked, shared_phase
from pedro_sim.engine.players import (
    pick_one,
    policy_of,
    scoring_cards,
    seat_player,
    techniques,
)
from pedro_sim.engine.rng import below, shuffle  # noqa: F401 (shuffle: its callers import it here)
from pedro_sim.engine.seats import (
    partner_of,
    players,
    role_in,
    role_of,
    role_word,
    seat_after,
    seat_among,
    seat_masks,
)


@kernel
def packet_size(r, tab):
    """Cards in the packets of round ``r``: whole packets, then the remainder."""
    return min(tab.opts[L.O_PACKET], tab.opts[L.O_HAND] - r * tab.opts[L.O_PACKET])


@kernel
def n_rounds(tab):
    return (tab.opts[L.O_HAND] + tab.opts[L.O_PACKET] - 1) // tab.opts[L.O_PACKET]


@kernel
def fixed_hand_order(rest, hand, bidder_offset, tab, deck):
    """Merge a fixed hand (dealt to the seat ``bidder_offset`` places after eldest)
    with the shuffled other cards ``rest`` into one dealing order ``deck``."""
    pos = 0
    hp = 0
    rp = 0
    n = players(tab)
    for r in range(n_rounds(tab)):
        for q in range(L.SEATS):
            if q == n:
                break
            for _j in range(packet_size(r, tab)):
                if q == bidder_offset:
                    deck[pos] = hand[hp]
                    hp += 1
                else:
                    deck[pos] = rest[rp]
                    rp += 1
                pos += 1
    while pos < tab.opts[L.O_DECK]:
        deck[pos] = rest[rp]
        rp += 1
        pos += 1


# Compiled once and called by the drivers that deal a fixed hand (one call a deal): each
# inlined copy cost 0.2-0.8 s of a first run's compile. The playout bidders, which deal
# many times a decision, inline it.
fixed_hand_order_once = shared_phase(fixed_hand_order.py_func)


@kernel
def deal_packets(deck, dealer, tab, dealt, rec, record):
    """Give each seat its hand from ``deck`` in packets, eldest first."""
    size = tab.opts[L.O_HAND]
    for p in range(L.SEATS):
        dealt[p] = ZERO
    pos = 0
    held = 0
    n = players(tab)
    for r in range(n_rounds(tab)):
        k = packet_size(r, tab)
        seat = dealer
        for q in range(L.SEATS):  # a constant bound: unrolled
            if q == n:
                break
            seat = seat_among(seat, 1, n)
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
        for j in range(pos, tab.opts[L.O_DECK]):
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
def choose_cards(policy, rng, pool, n, t, tab):
    """``n`` cards of ``pool``, one at a time (all of them when there is no choice left):
    the random player uniformly by ascending card id, the heuristic the strongest."""
    chosen = ZERO
    while popcount(chosen) < n:
        cands = pool & ~chosen
        if popcount(cands) <= n - popcount(chosen):
            return chosen | cands
        chosen |= pick_one(policy, rng, cands, True, t, tab)
    return chosen


@phase
def keep_scoring_first(policy, rng, trumps, keep, t, tab):
    """Too many trumps: keep every scoring trump, and non-scoring ones up to ``keep``."""
    scoring = trumps & scoring_cards(t, tab)
    room = max(0, keep - popcount(scoring))
    others = trumps & tab.masks[t, L.M_NONSCORE]
    return scoring | choose_cards(policy, rng, others, room, t, tab)


@phase
def dealer_takes_all(policy, rng, pool, keep, t, tab):
    """Pidro's dealer keeps ``keep`` of its cards and the rest of the stock: trumps first
    (scoring ones before the others), non-trumps only to make up the number."""
    tm = tab.masks[t, L.M_TRUMP]
    trumps = pool & tm
    if popcount(trumps) >= keep:
        return keep_scoring_first(policy, rng, trumps, keep, t, tab)
    others = pool & ~tm
    room = min(popcount(others), keep - popcount(trumps))
    return trumps | choose_cards(policy, rng, others, room, t, tab)


@kernel
def take_kitty(deck, bidder, tab, books):
    """The high bidder takes the kitty: the cards after the hands."""
    if tab.opts[L.O_KITTY]:
        for j in range(players(tab) * tab.opts[L.O_HAND], tab.opts[L.O_DECK]):
            books[bidder] |= bit(deck[j])


@kernel
def seen_at_trump(dealt, taken, tab):
    """The cards a bidder dealt ``dealt`` names trumps from, ``taken`` being what it picked
    up after the bidding: its book or the kitty too (family, king-pedro), its dealt cards
    alone where it names trumps before it takes the kitty (O_TRUMP_BEFORE_KITTY: lipton's
    missy; such a game has no books)."""
    if tab.opts[L.O_TRUMP_BEFORE_KITTY] or tab.opts[L.O_BOOKS] + tab.opts[L.O_KITTY] == 0:
        return dealt
    return dealt | taken


@shared_linked
def deal_hands(deck, dealer, tab, hands, rec, record):
    """The deal proper: packets (recorded into ``rec`` when ``record``), then books, into
    the H_DEALT and H_BOOKS rows of ``hands``."""
    deal_packets(deck, dealer, tab, seat_masks(hands, L.H_DEALT), rec, record)
    deal_books(deck, dealer, tab, seat_masks(hands, L.H_BOOKS))


@kernel
def deal_books(deck, dealer, tab, books):
    """Each seat, eldest first, gets the next cards after the hands: a book (family) or a
    second deal (sixty-three)."""
    n = tab.opts[L.O_BOOKS] + tab.opts[L.O_SECOND_DEAL]
    seats = players(tab)
    pos = seats * tab.opts[L.O_HAND]
    seat = dealer
    for _ in range(seats):
        seat = seat_among(seat, 1, seats)
        books[seat] = ZERO
        for _ in range(n):
            books[seat] |= bit(deck[pos])
            pos += 1


@phase
def keep_trumps(policy, rng, cards, keep, t, tab):
    """Keep every trump, and non-trumps of choice up to ``keep`` cards."""
    tm = tab.masks[t, L.M_TRUMP]
    room = keep - popcount(cards & tm)
    if room <= 0:
        return cards & tm
    return (cards & tm) | choose_cards(policy, rng, cards & ~tm, room, t, tab)


@phase
def passer_keeps(policy, rng, tx, need, keep, t, tab):
    """eighty-three: the partner with too many trumps keeps ``keep`` of them, at least
    ``need`` scoring ones, leaving its partner no more than ``keep`` scoring trumps."""
    scoring = scoring_cards(t, tab)
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
        chosen |= pick_one(policy, rng, cands, True, t, tab)
    return chosen


@kernel
def pass_excess(policy, rng, cards, passed, kept, dealer, keep, t, tab):
    """Within each partnership, eldest's first, a partner with more than ``keep`` trumps
    keeps ``keep`` and passes the rest to its partner (``kept``: what it keeps, else 0)."""
    scoring = scoring_cards(t, tab)
    tm = tab.masks[t, L.M_TRUMP]
    done = 0  # the seats (a bit each) whose partnership has been seen to
    for q in range(1, players(tab) + 1):
        a = seat_after(tab, dealer, q)
        b = partner_of(tab, a)
        if b < 0 or done & (1 << a):
            continue
        done |= (1 << a) | (1 << b)
        ta = cards[a] & tm
        tb = cards[b] & tm
        if max(popcount(ta), popcount(tb)) <= keep:
            continue
        sa = popcount(ta & scoring)
        sb = popcount(tb & scoring)
        x = b
        y = a
        tx = tb
        need = max(0, sb + sa - keep)
        if popcount(tb) <= keep or (popcount(ta) > keep and sa >= sb):
            x = a
            y = b
            tx = ta
        k = passer_keeps(seat_player(policy, tab, x), rng, tx, need, keep, t, tab)
        moved = tx & ~k
        kept[x] = k
        passed[y] |= moved
        cards[y] |= moved
        cards[x] &= ~moved


@phase
def keep_freely(policy, rng, cards, keep, t, tab):
    """A free discard: how many to keep (0..keep), then which (the heuristic keeps its
    trumps, strongest first)."""
    if policy == L.PL_RANDOM:
        n = below(rng, keep + 1)
    else:
        n = min(keep, popcount(cards & tab.masks[t, L.M_TRUMP]))
    return choose_cards(policy, rng, cards, n, t, tab)


@phase
def keep_put_away(policy, rng, cards, keep, t, tab):
    """lipton: a player holding more than ``keep`` (the bidder, with the kitty) keeps any
    ``keep`` of them: the random player uniformly, one card at a time; the heuristic every
    trump it can, scoring ones first, then its strongest other cards."""
    tm = tab.masks[t, L.M_TRUMP]
    if policy == L.PL_RANDOM or popcount(cards) <= keep:
        return choose_cards(policy, rng, cards, keep, t, tab)
    trumps = cards & tm
    if popcount(trumps) <= keep:
        return keep_trumps(policy, rng, cards, keep, t, tab)
    scoring = trumps & scoring_cards(t, tab)
    if popcount(scoring) >= keep:
        return choose_cards(policy, rng, scoring, keep, t, tab)
    return keep_scoring_first(policy, rng, trumps, keep, t, tab)


@phase
def keep_of(policy, rng, cards, t, tab):
    """eighty-three, once trumps are passed: a hand of O_KEEP from ``cards``, every trump
    first (scoring trumps first where they are too many)."""
    keep = tab.opts[L.O_KEEP]
    tm = tab.masks[t, L.M_TRUMP]
    if popcount(cards & tm) > keep:
        return keep_scoring_first(policy, rng, cards & tm, keep, t, tab)
    return keep_trumps(policy, rng, cards, keep, t, tab)


@kernel
def exchange_by_passing(hands, dealer, trump, policy, rng, tab):
    """eighty-three: pass excess trumps to partners, then everyone keeps O_KEEP cards."""
    keep = tab.opts[L.O_KEEP]
    dealt = seat_masks(hands, L.H_DEALT)
    books = seat_masks(hands, L.H_BOOKS)
    cards = seat_masks(hands, L.H_POOL)
    passed = seat_masks(hands, L.H_PASSED)
    kept = seat_masks(hands, L.H_PLAY)
    for p in range(L.SEATS):
        cards[p] = dealt[p] | books[p]
        kept[p] = ZERO
    pass_excess(policy, rng, cards, passed, kept, dealer, keep, trump, tab)
    for q in range(1, players(tab) + 1):
        p = seat_after(tab, dealer, q)
        pol = seat_player(policy, tab, p)
        if kept[p]:
            continue
        hands[p] = keep_of(pol, rng, cards[p], trump, tab)
    for p in range(L.SEATS):
        hands[L.H_RECEIVED + p] = books[p] | passed[p]
        hands[L.H_DISCARDED + p] = cards[p] & ~hands[p]


@kernel
def may_pass(cards, partner_in, t, tab):
    """ukrainian: a seat holding a lone trump, or two of which one is the 2, may pass them
    to a partner still in (``partner_in``) and fold."""
    tr = cards & tab.masks[t, L.M_TRUMP]
    n = popcount(tr)
    return partner_in and (n == 1 or (n == 2 and (tr & tab.masks[t, L.M_TWO]) != ZERO))


@kernel
def passes(policy, team_flags, rng):
    """Whether a seat that may pass does: the random player by a draw below 2 (0: it
    stays, 1: it passes), every other player passes unless its side's technique
    ``pass-trumps`` is off (the heuristic's rule: a lone trump is safer in the partner's
    longer trumps, and a stayer must play non-trumps to plain leads; a thinking player
    weighs both afterwards, thinking/exchange.py)."""
    if policy == L.PL_RANDOM:
        return below(rng, 2) == 1
    return (team_flags & L.F_PASS_TRUMPS) != 0


@kernel
def fold_or_pass(hands, dealer, trump, policy, flags, rng, tab, fixed, choices):
    """ukrainian, before the keep, in turn from eldest: a seat without a trump folds; one
    that may pass (may_pass) passes its trumps to its partner and folds, or stays. Seats in
    ``fixed`` (a bit per seat) take the choice in ``choices`` (bit set: pass) instead of
    their player's. Leaves in H_POOL what each seat holds (its 13 and what it was passed,
    less what it passed), in H_PASSED what it was passed; returns the folded seats."""
    tm = tab.masks[trump, L.M_TRUMP]
    pool = seat_masks(hands, L.H_POOL)
    passed = seat_masks(hands, L.H_PASSED)
    for p in range(L.SEATS):
        pool[p] = hands[L.H_DEALT + p] | hands[L.H_BOOKS + p]
        passed[p] = ZERO
    folded = 0
    for q in range(1, players(tab) + 1):
        p = seat_after(tab, dealer, q)
        b = partner_of(tab, p)
        tr = pool[p] & tm
        if not tr:
            folded |= 1 << p
            continue
        if not may_pass(pool[p], b >= 0 and not (folded >> b) & 1, trump, tab):
            continue
        if (fixed >> p) & 1:
            go = ((choices >> p) & 1) == 1
        else:
            role = role_of(tab, p)
            go = passes(policy_of(policy, role), techniques(policy, flags, role), rng)
        if go:
            passed[b] |= tr
            pool[b] |= tr
            pool[p] &= ~tr
            folded |= 1 << p
    return folded


@phase
def keep_or_put_away(policy, rng, cards, keep, t, tab):
    """ukrainian's keep: every trump and non-trumps of choice up to ``keep``; with more
    trumps, non-scoring ones are put away (the strongest kept), then the 2; what is still
    over ``keep`` is played with the seat's card on the first trick."""
    trumps = cards & tab.masks[t, L.M_TRUMP]
    if popcount(trumps) <= keep:
        return keep_trumps(policy, rng, cards, keep, t, tab)
    kept = keep_scoring_first(policy, rng, trumps, keep, t, tab)
    if popcount(kept) > keep:
        kept &= ~tab.masks[t, L.M_TWO]
    return kept


@kernel
def exchange_folding(hands, dealer, trump, policy, flags, rng, tab, fixed, choices):
    """ukrainian: folds and passes (fold_or_pass, ``fixed`` and ``choices`` as there), then
    every seat still in keeps its hand (keep_or_put_away), eldest first. A folded seat
    holds nothing; its cards are discarded (those it passed are its partner's). Returns
    the folded seats."""
    folded = fold_or_pass(hands, dealer, trump, policy, flags, rng, tab, fixed, choices)
    keep = tab.opts[L.O_KEEP]
    for q in range(1, players(tab) + 1):
        p = seat_after(tab, dealer, q)
        if (folded >> p) & 1:
            hands[p] = ZERO
        else:
            hands[p] = keep_or_put_away(seat_player(policy, tab, p), rng,
                                        hands[L.H_POOL + p], keep, trump, tab)
    for p in range(L.SEATS):
        hands[L.H_RECEIVED + p] = hands[L.H_BOOKS + p] | hands[L.H_PASSED + p]
        hands[L.H_DISCARDED + p] = hands[L.H_POOL + p] & ~hands[p]
    return folded


@shared_linked
def exchange_cards(deck, hands, dealer, trump, policy, flags, rng, tab):
    """Discards and fills between the bidding and the first lead, eldest first, the dealer
    last: the hands in play from the dealt ones and the books, and each seat's received,
    discarded and put-away stock cards (fields H_* of ``hands``)."""
    keep = tab.opts[L.O_KEEP]
    tm = tab.masks[trump, L.M_TRUMP]
    discard = tab.opts[L.O_DISCARD]
    fill = tab.opts[L.O_DEALER_FILL]
    n = players(tab)
    sp = n * tab.opts[L.O_HAND]
    end = tab.opts[L.O_DECK]
    dealt = seat_masks(hands, L.H_DEALT)
    books = seat_masks(hands, L.H_BOOKS)
    discarded = seat_masks(hands, L.H_DISCARDED)
    for k in range(L.H_RECEIVED, L.H_LEN):
        hands[k] = ZERO
    if tab.opts[L.O_PASS_EXCESS]:
        exchange_by_passing(hands, dealer, trump, policy, rng, tab)
        return
    if discard == L.DISCARD_FOLD_OR_PASS:
        exchange_folding(hands, dealer, trump, policy, flags, rng, tab, 0, 0)
        return
    roles = role_word(tab)
    dpol = policy_of(policy, role_in(roles, dealer))
    p = dealer
    for q in range(1, n + 1):
        p = seat_among(p, 1, n)
        pol = policy_of(policy, role_in(roles, p))
        if discard == L.DISCARD_NON_TRUMPS:
            hands[p] = dealt[p] & tm
        elif discard == L.DISCARD_KEEP_TRUMPS:
            hands[p] = keep_trumps(pol, rng, dealt[p] | books[p], keep, trump, tab)
        elif discard == L.DISCARD_KEEP_SCORING:
            cards = dealt[p] | books[p]
            if popcount(cards & tm) >= keep:
                hands[p] = keep_scoring_first(pol, rng, cards & tm, keep, trump, tab)
            else:
                hands[p] = keep_trumps(pol, rng, cards, keep, trump, tab)
        elif discard == L.DISCARD_FREE and q < n:
            hands[p] = keep_freely(pol, rng, dealt[p], keep, trump, tab)
        elif discard == L.DISCARD_PUT_AWAY:
            hands[p] = keep_put_away(pol, rng, dealt[p] | books[p], keep, trump, tab)
        else:
            hands[p] = dealt[p]
        if q < n and fill != L.FILL_NONE:
            if tab.opts[L.O_EXCESS_TRUMPS] == L.EXCESS_DISCARD and popcount(hands[p]) > keep:
                hands[p] = keep_scoring_first(pol, rng, hands[p], keep, trump, tab)
            else:
                sp = fill_from_top(deck, hands, p, sp, end, keep)
    for p in range(L.SEATS):
        discarded[p] = (dealt[p] | books[p]) & ~hands[p]
    dealer_exchange(deck, hands, dealer, trump, dpol, rng, tab, sp)


@kernel
def stock_start(hands, dealer, tab):
    """Where the stock left to the dealer starts: after the hands and every card the other
    seats filled from it."""
    sp = players(tab) * tab.opts[L.O_HAND]
    for p in range(players(tab)):
        if p != dealer:
            sp += popcount(hands[p] & ~hands[L.H_DEALT + p] & ~hands[L.H_BOOKS + p])
    return sp


@kernel
def dealer_exchange(deck, hands, dealer, trump, dpol, rng, tab, sp):
    """The dealer's part of the exchange, the others' done (their discards in H_DISCARDED):
    its fill from the stock at ``sp``, and the fields H_* that follow from it."""
    keep = tab.opts[L.O_KEEP]
    tm = tab.masks[trump, L.M_TRUMP]
    fill = tab.opts[L.O_DEALER_FILL]
    n = players(tab)
    end = tab.opts[L.O_DECK]
    dealt = seat_masks(hands, L.H_DEALT)
    books = seat_masks(hands, L.H_BOOKS)
    received = seat_masks(hands, L.H_RECEIVED)
    discarded = seat_masks(hands, L.H_DISCARDED)
    put_away = seat_masks(hands, L.H_PUT_AWAY)
    rest = ZERO
    for j in range(sp, end):
        rest |= bit(deck[j])
    searched = ZERO  # the others' discarded trumps a searching dealer may take
    if tab.opts[L.O_DEALER_SEARCHES_DISCARDS]:
        for q in range(1, n):
            searched |= discarded[seat_after(tab, dealer, q)] & tm
    if fill == L.FILL_TOP:
        sp = fill_from_top(deck, hands, dealer, sp, end, keep)
    elif fill == L.FILL_TAKE_ALL:
        hands[dealer] = dealer_takes_all(dpol, rng, dealt[dealer] | rest | searched, keep, trump,
                                         tab)
        received[dealer] = rest | (hands[dealer] & searched)
        discarded[dealer] = (dealt[dealer] | rest) & ~hands[dealer]
    elif fill == L.FILL_ROB_FREE or fill == L.FILL_ROB_ALL:
        pool = dealt[dealer] | rest | searched
        if fill == L.FILL_ROB_ALL:
            for q in range(1, n):
                pool |= discarded[seat_after(tab, dealer, q)]
        hands[dealer] = choose_cards(dpol, rng, pool, min(keep, popcount(pool)), trump, tab)
        discarded[dealer] = dealt[dealer] & ~hands[dealer]
        if fill == L.FILL_ROB_FREE:
            put_away[dealer] = rest & tm & ~hands[dealer]
    elif fill == L.FILL_ROB_TRUMPS:
        dealer_robs(deck, hands, dealer, sp, end, tm, keep)
    for p in range(L.SEATS):
        if not (p == dealer and fill == L.FILL_TAKE_ALL):
            received[p] = (hands[p] & ~dealt[p]) | books[p]
        if tab.opts[L.O_DEALER_SEARCHES_DISCARDS] and p != dealer:  # a discard the dealer
            # took is in play again, no longer put away (foster's credit)
            discarded[p] &= ~hands[dealer]


@kernel
def dealer_sees_discards(tab):
    """Whether the dealer chooses among the other seats' discards (rob-all, or the
    searching house rule where it takes or robs)."""
    fill = tab.opts[L.O_DEALER_FILL]
    if fill == L.FILL_ROB_ALL:
        return True
    return tab.opts[L.O_DEALER_SEARCHES_DISCARDS] != 0 and (
        fill == L.FILL_TAKE_ALL or fill == L.FILL_ROB_FREE)


@kernel
def redo_dealer(deck, hands, dealer, trump, dpol, rng, tab):
    """The dealer's part again after another seat changed its keep, where the dealer
    chooses among the others' discards (rob-all, the searching house rule)."""
    if not dealer_sees_discards(tab):
        return
    hands[dealer] = hands[L.H_DEALT + dealer]
    hands[L.H_RECEIVED + dealer] = ZERO
    hands[L.H_PUT_AWAY + dealer] = ZERO
    for p in range(players(tab)):
        if p != dealer:
            hands[L.H_DISCARDED + p] = (hands[L.H_DEALT + p] | hands[L.H_BOOKS + p]) & ~hands[p]
    dealer_exchange(deck, hands, dealer, trump, dpol, rng, tab, stock_start(hands, dealer, tab))


@kernel
def passing(tab):
    """Whether cards go from partner to partner before play (eighty-three, ukrainian)."""
    return tab.opts[L.O_PASS_EXCESS] != 0 or tab.opts[L.O_DISCARD] == L.DISCARD_FOLD_OR_PASS


@kernel
def folded_before_play(hands, p, tab):
    """ukrainian: seat ``p`` folded in the exchange (it held cards and keeps none)."""
    return tab.opts[L.O_DISCARD] == L.DISCARD_FOLD_OR_PASS and not hands[p] and (
        hands[L.H_DEALT + p] | hands[L.H_BOOKS + p]) != ZERO


@kernel
def record_exchange(hands, tab, rec):
    """The exchange into the deal's record (if it has one): ukrainian's folds before play
    as folds at trick 0, eldest first."""
    if rec.shape[0] > 0:
        folds = 0
        for q in range(1, players(tab) + 1):
            p = seat_after(tab, rec[L.R_DEALER], q)
            if folded_before_play(hands, p, tab):
                rec[L.R_FOLDED + 2 * folds] = p
                rec[L.R_FOLDED + 2 * folds + 1] = 0
                folds += 1
        rec[L.R_NFOLDED] = folds
        for p in range(L.SEATS):
            passed = hands[L.H_PASSED + p] if passing(tab) else ZERO
            rec[L.R_PASSED + p] = np.int64(passed)
            rec[L.R_RECEIVED + p] = np.int64(hands[L.H_RECEIVED + p])
            rec[L.R_PUT_AWAY + p] = np.int64(hands[L.H_PUT_AWAY + p])
            rec[L.R_START + p] = np.int64(hands[p])
