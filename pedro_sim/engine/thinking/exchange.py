"""Thinking about keeps and discards (think=all): after the exchange, each thinking seat
in exchange order (the dealer last) reconsiders the cards it kept from the cards it chose
among, by sampled deals.

Candidates: the heuristic's keep and its neighbours, each swapping one of its
``KEPT_TRIED`` weakest kept cards for one of the ``LEFT_TRIED`` strongest it left. Where
the rules constrain the keep (keep every trump, scoring trumps first, eighty-three's six
trumps kept when passing) only swaps within a class (scoring trumps, other trumps,
non-trumps) are tried, which keeps every such rule; where the choice is free (foster's
and nicaragua's discards, a robbing dealer's pick) any swap is. Each candidate is scored
on the same ``K_KEEP_WORLDS`` deals (common random numbers): the cards the seat has not
seen are shuffled among their places in the pack and the exchange is replayed by the
heuristic until it shows the seat what the real one did (for a dealer, as many stock
cards taken by the others in all; in eighty-three the same passing in its partnership);
a rob-all dealer, which has seen every card but the others' hands, deals those hands
again among them. The deal is then replayed from the exchange with every seat playing
as the heuristic and the seat keeping the candidate (and what follows from it: the
partner's keep from the trumps passed, the dealer's choice where it chooses among the
discards), and valued by the seat's objective. A candidate replaces the heuristic's
keep only when its paired gain over those deals is at least ``Z_KEEP`` standard errors
above nothing (the best such gain wins): with a score of candidates, the best mean
alone would be chosen for its luck as often as for its worth.

ukrainian: first, in turn, a thinking seat that could pass its lone trump (best_pass)
weighs passing against staying on deals drawn as it saw the table at its turn (the
seats before it folding and passing as they did), and leaves the heuristic's choice
(pass) only where the other is clearly better (Z_KEEP); then its keep, as above, its
swaps within a class among its non-scoring cards, on deals in which every seat folded and
passed as in the real exchange.

Not thought about: an eighty-three seat that was passed trumps (a replay would have to
pass it the same ones), a dealer that searches the discards (house rule), and the cards
played under a stack (burying, pairs: stack tops are thought about in playouts.py).
"""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, ZERO, bit, lowest, popcount
from pedro_sim.engine.game.calling import points_of_side
from pedro_sim.engine.game.dealing import (
    deal_hands,
    exchange_cards,
    exchange_folding,
    keep_of,
    may_pass,
    passing,
    redo_dealer,
    shuffle,
    take_kitty,
)
from pedro_sim.engine.game.pack import pack_mask
from pedro_sim.engine.game.scoring import exchange_credit, net_score
from pedro_sim.engine.game.tricks import play_out
from pedro_sim.engine.jit import kernel, phase, shared_phase
from pedro_sim.engine.players import scoring_cards, seat_player, settings_of
from pedro_sim.engine.players.heuristic import strongest, weakest
from pedro_sim.engine.seats import (
    clear_points,
    partner_of,
    players,
    role_of,
    seat_after,
    seat_masks,
    side_of,
)
from pedro_sim.engine.thinking.think_buffers import (
    EXPLAIN_KEEP,
    MAX_KEEP_WORLDS,
    X_CARDS,
    X_IDS,
    explain_asks,
    explain_done,
    explain_of,
    explained_of,
    keep_values_of,
    simulation_of,
)

KEPT_TRIED = 4
LEFT_TRIED = 6
MAX_TRIES = 64  # deals drawn for one of a dealer's, to match what the other seats took
Z_KEEP = 2.0  # standard errors a neighbour must gain by to replace the heuristic's keep


@kernel
def card_class(c, t, tab):
    """0: a trump that scores, 1: another trump, 2: a plain card."""
    if not bit(c) & tab.masks[t, L.M_TRUMP]:
        return 2
    return 1 if bit(c) & tab.masks[t, L.M_NONSCORE] else 0


@kernel
def all_cards(tab):
    """The pack's cards."""
    return pack_mask(tab)


@kernel
def stock_left(hands, dealer, tab):
    """The stock a dealer fills from: the pack less every dealt hand, book and card taken by
    the other seats."""
    m = all_cards(tab)
    for p in range(players(tab)):
        m &= ~(hands[L.H_DEALT + p] | hands[L.H_BOOKS + p])
        if p != dealer:
            m &= ~hands[L.H_RECEIVED + p]
    return m


@kernel
def passed_by(hands, p, tab):
    """eighty-three: the trumps seat ``p`` passed its partner (none without one)."""
    b = partner_of(tab, p)
    return hands[L.H_PASSED + b] if b >= 0 else ZERO


@kernel
def others_hands(hands, p, tab):
    """The cards the other seats hold in play."""
    m = ZERO
    for q in range(players(tab)):
        if q != p:
            m |= hands[q]
    return m


@kernel
def choice_of(hands, p, dealer, trump, tab):
    """(the cards seat ``p`` chose its keep among, 1 if any swap is legal, 0 if only swaps
    within a class): no cards where it had no choice or does not think about it."""
    keep = tab.opts[L.O_KEEP]
    tm = tab.masks[trump, L.M_TRUMP]
    dealt = hands[L.H_DEALT + p]
    cards = dealt | hands[L.H_BOOKS + p]
    discard = tab.opts[L.O_DISCARD]
    fill = tab.opts[L.O_DEALER_FILL]
    searching = tab.opts[L.O_DEALER_SEARCHES_DISCARDS] != 0
    if discard == L.DISCARD_FOLD_OR_PASS:  # ukrainian: its non-scoring cards, within a class
        return hands[L.H_POOL + p] & ~scoring_cards(trump, tab) if hands[p] else ZERO, 0
    if tab.opts[L.O_PASS_EXCESS]:
        if hands[L.H_PASSED + p]:
            return ZERO, 0  # what it was passed: a world must pass it the same (not done)
        if passed_by(hands, p, tab):
            return cards & tm, 0  # the trumps it keeps, passing the others
        return hands[L.H_POOL + p], 0
    if p == dealer and not searching:
        if fill == L.FILL_TAKE_ALL:
            return dealt | stock_left(hands, dealer, tab), 0
        if fill == L.FILL_ROB_FREE:
            return dealt | stock_left(hands, dealer, tab), 1
        if fill == L.FILL_ROB_ALL:
            return all_cards(tab) & ~others_hands(hands, p, tab), 1
    if discard == L.DISCARD_KEEP_TRUMPS or discard == L.DISCARD_KEEP_SCORING:
        return cards, 0
    if discard == L.DISCARD_FREE and p != dealer:
        return dealt, 1
    if discard == L.DISCARD_PUT_AWAY and popcount(cards) > keep:
        return cards, 1  # lipton's bidder: any 4 of its 11
    if discard == L.DISCARD_NON_TRUMPS and tab.opts[L.O_EXCESS_TRUMPS] == L.EXCESS_DISCARD \
            and p != dealer and popcount(dealt & tm) > keep:
        return dealt & tm, 0
    return ZERO, 0


@kernel
def set_keep(hands, p, dealer, pool, kept, trump, tab):
    """Seat ``p`` keeps ``kept`` of ``pool`` instead: its hand and the fields the exchange
    writes for it (dealing.exchange_cards)."""
    hands[p] = (hands[p] & ~pool) | kept
    dealt = hands[L.H_DEALT + p]
    books = hands[L.H_BOOKS + p]
    fill = tab.opts[L.O_DEALER_FILL]
    if passing(tab):
        hands[L.H_DISCARDED + p] = hands[L.H_POOL + p] & ~hands[p]
        return
    if p == dealer and fill == L.FILL_TAKE_ALL:
        hands[L.H_DISCARDED + p] = pool & ~hands[p]
        return
    if p == dealer and (fill == L.FILL_ROB_FREE or fill == L.FILL_ROB_ALL):
        hands[L.H_DISCARDED + p] = dealt & ~hands[p]
        if fill == L.FILL_ROB_FREE:
            hands[L.H_PUT_AWAY + p] = pool & ~dealt & tab.masks[trump, L.M_TRUMP] & ~hands[p]
    else:
        hands[L.H_DISCARDED + p] = (dealt | books) & ~hands[p]
    hands[L.H_RECEIVED + p] = (hands[p] & ~dealt) | books


@phase
def pass_instead(hands, p, kept, trump, policy, rng, tab):
    """eighty-three: seat ``p`` keeps the trumps ``kept`` and passes its partner the others;
    the partner chooses its keep again from what it now holds, as its player does."""
    b = partner_of(tab, p)
    cards = hands[L.H_DEALT + p] | hands[L.H_BOOKS + p]
    moved = cards & tab.masks[trump, L.M_TRUMP] & ~kept
    hands[p] = kept
    hands[L.H_POOL + p] = cards & ~moved
    hands[L.H_DISCARDED + p] = cards & ~moved & ~kept
    hands[L.H_PASSED + b] = moved
    books = hands[L.H_BOOKS + b]
    mine = hands[L.H_DEALT + b] | books | moved
    hands[L.H_POOL + b] = mine
    hands[L.H_RECEIVED + b] = books | moved
    hands[b] = keep_of(seat_player(policy, tab, b), rng, mine, trump, tab)
    hands[L.H_DISCARDED + b] = mine & ~hands[b]


@phase
def apply_keep(deck, hands, p, dealer, pool, kept, trump, policy, rng, tab):
    """Seat ``p`` keeps ``kept`` of ``pool`` instead, and what follows from it: its
    partner's keep where it passes trumps, the dealer's choice where the dealer chooses
    among the discards. ``policy``: the players' word (all heuristic in a replay)."""
    if tab.opts[L.O_PASS_EXCESS] and passed_by(hands, p, tab):
        pass_instead(hands, p, kept, trump, policy, rng, tab)
        return
    set_keep(hands, p, dealer, pool, kept, trump, tab)
    if p != dealer:
        redo_dealer(deck, hands, dealer, trump, seat_player(policy, tab, dealer), rng, tab)


@kernel
def seen_by(hands, p, pool):
    """The cards seat ``p`` has seen when it keeps: its own, and the pool it keeps from."""
    return hands[L.H_DEALT + p] | hands[L.H_BOOKS + p] | pool


@kernel
def taken_counts(hands, dealer, tab):
    """The stock cards the other seats took, in all: with as many taken, a dealer's stock
    is the one it sees. (Each seat's count is public too; matching all three would reject
    most deals.)"""
    n = 0
    for q in range(players(tab)):
        if q != dealer:
            n += popcount(hands[L.H_RECEIVED + q] & ~hands[L.H_BOOKS + q])
    return n


@kernel
def like_real(hands, real, p, dealer, counts, trump, tab):
    """Whether a replayed exchange (``hands``) shows seat ``p`` what the real one
    (``real``) did: as many stock cards taken by the others where ``counts`` (p the
    dealer); in eighty-three the same passing in p's partnership (p passing, passed to,
    or neither), with room at the partner for the scoring trumps p passes."""
    if counts >= 0 and taken_counts(hands, dealer, tab) != counts:
        return False
    if tab.opts[L.O_DISCARD] == L.DISCARD_FOLD_OR_PASS:
        return same_folds(hands, real, all_seats(tab)) and \
            hands[L.H_PASSED + p] == real[L.H_PASSED + p]
    b = partner_of(tab, p)
    if not tab.opts[L.O_PASS_EXCESS] or b < 0:
        return True
    if hands[L.H_PASSED + p] != real[L.H_PASSED + p]:
        return False
    if (hands[L.H_PASSED + b] != ZERO) != (real[L.H_PASSED + b] != ZERO):
        return False
    sc = scoring_cards(trump, tab)
    mine = popcount((hands[L.H_DEALT + b] | hands[L.H_BOOKS + b]) & sc)
    return mine + popcount(real[L.H_PASSED + b] & sc) <= tab.opts[L.O_KEEP]


@kernel
def same_folds(hands, real, seats):
    """ukrainian: the seats in ``seats`` (a bit each) folded and passed as in the real
    exchange, as every player saw it."""
    for q in range(L.SEATS):
        if not (seats >> q) & 1:
            continue
        if (hands[q] == ZERO) != (real[q] == ZERO):
            return False
        if (hands[L.H_PASSED + q] == ZERO) != (real[L.H_PASSED + q] == ZERO):
            return False
    return True


@kernel
def all_seats(tab):
    """Every seat, a bit each."""
    return np.int64((1 << players(tab)) - 1)


@kernel
def passers(hands, tab):
    """ukrainian: the seats (a bit each) that passed their trumps to their partner."""
    out = 0
    for q in range(players(tab)):
        b = partner_of(tab, q)
        if b >= 0 and hands[L.H_PASSED + b]:
            out |= 1 << q
    return out


@kernel
def others_dealt_again(real, p, tab, rng, work):
    """A deal for a seat that has seen every card but the other seats' hands in play (a
    rob-all dealer): those hands dealt again at random among them, each as many cards."""
    hands = work.hands
    rest = work.rest
    for j in range(hands.shape[0]):
        hands[j] = real[j]
    m = 0
    for q in range(players(tab)):
        h = real[q] if q != p else ZERO
        while h:
            rest[m] = lowest(h)
            m += 1
            h &= h - ONE
    shuffle(rng, rest, m)
    k = 0
    for q in range(players(tab)):
        if q != p:
            n = popcount(real[q])
            hands[q] = ZERO
            for _ in range(n):
                hands[q] |= bit(rest[k])
                k += 1


@shared_phase
def exchange_like(deck, real, seen, p, dealer, bidder, trump, counts, flags, tab, rng, work):
    """Deal the cards ``p`` has not ``seen`` at random among their places in the pack and
    play the exchange as the heuristic, until it shows p what the real one did (like_real,
    at most MAX_TRIES deals): whether it did. A rob-all dealer has seen every card but
    the others' hands: those are dealt again among them. ukrainian: every seat passes
    where it passed in the real exchange, if its cards allow it."""
    hands = work.hands
    if p == dealer and tab.opts[L.O_DEALER_FILL] == L.FILL_ROB_ALL:
        others_dealt_again(real, p, tab, rng, work)
        return True
    heuristic = np.int64(L.P_HEURISTIC)
    for _ in range(MAX_TRIES):
        deal_unseen(deck, seen, dealer, bidder, tab, rng, work)
        if tab.opts[L.O_DISCARD] == L.DISCARD_FOLD_OR_PASS:  # each seat passes where it did
            exchange_folding(hands, dealer, trump, heuristic, flags, rng, tab, all_seats(tab),
                             passers(real, tab))
        else:
            exchange_cards(work.deck, hands, dealer, trump, heuristic, flags, rng, tab)
        if like_real(hands, real, p, dealer, counts, trump, tab):
            return True
    return False


@kernel
def deal_unseen(deck, seen, dealer, bidder, tab, rng, work):
    """Into work.deck and work.hands: the real dealing order ``deck`` with the cards not in
    ``seen`` shuffled among their places, dealt (hands, books, the bidder's kitty)."""
    sim = work.deck
    rest = work.rest
    n = tab.opts[L.O_DECK]
    m = 0
    for j in range(n):
        sim[j] = deck[j]
        if not bit(deck[j]) & seen:
            rest[m] = deck[j]
            m += 1
    shuffle(rng, rest, m)
    k = 0
    for j in range(n):
        if not bit(deck[j]) & seen:
            sim[j] = rest[k]
            k += 1
    deal_hands(sim, dealer, tab, work.hands, work.rec, np.bool_(False))
    take_kitty(sim, bidder, tab, seat_masks(work.hands, L.H_BOOKS))


@kernel
def replay(deck, real, seen, p, dealer, bidder, trump, pool, kept, counts, flags, tab, rng,
           think):
    """One deal like the real one but for the cards ``p`` has not ``seen`` (exchange_like),
    replayed with every seat playing as the heuristic and ``p`` keeping ``kept`` of
    ``pool``: (the simulation's work, holding its points; whether a deal was found)."""
    work = simulation_of(think)[0]
    hands = work.hands
    if not exchange_like(deck, real, seen, p, dealer, bidder, trump, counts, flags, tab, rng,
                         work):
        return work, False
    heuristic = np.int64(L.P_HEURISTIC)
    apply_keep(work.deck, hands, p, dealer, pool, kept, trump, heuristic, rng, tab)
    clear_points(work.pts)
    exchange_credit(hands, bidder, trump, tab, work.pts)
    play_out(hands, work.play, bidder, trump, heuristic, flags, rng, tab, work.pts, work.rec)
    return work, True


@shared_phase
def candidate_value(deck, real, seen, p, dealer, bidder, bid, trump, pool, kept, counts, flags, cfg,
                    start, tab, rng, think, record):
    """``p``'s objective in each of the candidate's deals, the stream restarted at ``start``
    for each candidate so that every candidate meets the same deals: recorded into the
    scratch (``record``: the heuristic's keep), or compared with what is recorded there.
    Returns (the sum of the differences, their sum of squares, the deals found)."""
    base = keep_values_of(think)
    rng[0] = start
    side = side_of(tab, p)
    s1 = 0.0
    s2 = 0.0
    found = 0
    at = watch_candidate(think, p, kept)
    for w in range(flags[cfg + L.K_KEEP_WORLDS]):
        work, ok = replay(deck, real, seen, p, dealer, bidder, trump, pool, kept, counts, flags,
                          tab, rng, think)
        if not ok:
            if at >= 0:
                explained_of(think)[at + w] = np.nan
            continue  # no deal like this one: the same for every candidate
        found += 1
        v = side_value(work, side, bidder, bid, flags, cfg, tab)
        if at >= 0:
            explained_of(think)[at + w] = v
        if record:
            base[w] = v
        else:
            d = v - base[w]
            s1 += d
            s2 += d * d
    return s1, s2, found


@kernel
def side_value(work, side, bidder, bid, flags, cfg, tab):
    """A simulated deal's worth (its points in work.pts) to ``side``: its net score, or its
    points, per the objective."""
    if flags[cfg + L.K_OBJECTIVE] == L.OBJ_SCORE:
        return net_score(work.pts, bidder, bid, side, work.score, tab)
    return points_of_side(work.pts, side, tab)


@kernel
def watch_candidate(think, p, kept):
    """Where the values of this candidate keep go in the explain record (-1: nowhere)."""
    if not explain_asks(think, EXPLAIN_KEEP, p):
        return -1
    x = explain_of(think)
    k = x[X_CARDS]
    if k >= 32:
        return -1
    x[X_CARDS] = k + 1
    x[X_IDS + k] = np.int64(kept)
    return k * MAX_KEEP_WORLDS


@kernel
def clearly_better(s1, s2, n):
    """Whether paired differences summing to ``s1`` (squares ``s2``) over ``n`` deals show a
    gain at least Z_KEEP standard errors above nothing."""
    if n < 2 or s1 <= 0.0:
        return False
    mean = s1 / n
    var = max(s2 / n - mean * mean, 0.0) * n / (n - 1)
    return mean * mean * n >= Z_KEEP * Z_KEEP * var


@kernel
def ends(m, k, weak, t, tab, out):
    """The ``k`` weakest (``weak``) or strongest cards of ``m`` into out; how many."""
    n = 0
    while m and n < k:
        c = weakest(m, t, tab) if weak else strongest(m, t, tab)
        out[n] = c
        n += 1
        m &= ~bit(c)
    return n


@kernel
def swap_allowed(x, y, free, t, tab):
    """Whether giving up ``x`` for ``y`` keeps to the rules (free: any swap; else within a
    class)."""
    return free or card_class(x, t, tab) == card_class(y, t, tab)


@kernel
def any_swap(ids, nk, nl, free, t, tab):
    """Whether any of the tried kept cards (ids[:nk]) may be swapped for any of the tried
    left ones (ids[KEPT_TRIED:KEPT_TRIED + nl])."""
    for i in range(nk):
        for j in range(nl):
            if swap_allowed(ids[i], ids[KEPT_TRIED + j], free, t, tab):
                return True
    return False


@shared_phase
def best_keep(deck, hands, p, dealer, bidder, bid, trump, policy, flags, cfg, tab, rng, think):
    """Seat ``p``'s keep: the heuristic's, or the neighbour with the best sum over the same
    simulated deals (module docstring)."""
    pool, free = choice_of(hands, p, dealer, trump, tab)
    kept = hands[p] & pool
    left = pool & ~kept
    if not kept or not left:
        return
    ids = simulation_of(think)[1]  # KEPT_TRIED weakest kept, then LEFT_TRIED strongest left
    nk = ends(kept, KEPT_TRIED, True, trump, tab, ids)
    nl = ends(left, LEFT_TRIED, False, trump, tab, ids[KEPT_TRIED:])
    if not any_swap(ids, nk, nl, free, trump, tab):
        return  # no neighbour the rules allow: nothing to simulate
    seen = seen_by(hands, p, pool)
    counts = taken_counts(hands, dealer, tab) if p == dealer else -1
    start = rng[0]
    best = kept
    best_gain = 0.0
    # np.bool_(): no literal argument, so candidate_value compiles once for both calls
    found = candidate_value(deck, hands, seen, p, dealer, bidder, bid, trump, pool, kept,
                            counts, flags, cfg, start, tab, rng, think, np.bool_(True))[2]
    if 2 * found < flags[cfg + L.K_KEEP_WORLDS]:
        return  # too few deals like this one: the heuristic's keep
    for i in range(nk):
        x = ids[i]
        for j in range(nl):
            y = ids[KEPT_TRIED + j]
            if not swap_allowed(x, y, free, trump, tab):
                continue
            cand = kept & ~bit(x) | bit(y)
            s1, s2, n = candidate_value(deck, hands, seen, p, dealer, bidder, bid, trump, pool,
                                        cand, counts, flags, cfg, start, tab, rng, think,
                                        np.bool_(False))
            if s1 > best_gain and clearly_better(s1, s2, n):
                best_gain = s1
                best = cand
    if explain_asks(think, EXPLAIN_KEEP, p):
        explain_done(think, np.int64(best), flags[cfg + L.K_KEEP_WORLDS])
    if best != kept:
        apply_keep(deck, hands, p, dealer, pool, best, trump, policy, rng, tab)


@kernel
def pass_turn(hands, p, dealer, trump, tab):
    """ukrainian: (whether seat ``p`` could pass at its turn, the seats that decided before
    it as a bit each, the cards it held then: its own and what a partner before it
    passed it)."""
    b = partner_of(tab, p)
    before = 0
    for q in range(1, players(tab) + 1):
        s = seat_after(tab, dealer, q)
        if s == p:
            break
        before |= 1 << s
    b_before = b >= 0 and ((before >> b) & 1) == 1
    held = hands[L.H_DEALT + p] | hands[L.H_BOOKS + p]
    if b_before:
        held |= hands[L.H_PASSED + p]
    partner_in = b >= 0 and not (b_before and hands[b] == ZERO)
    return may_pass(held, partner_in, trump, tab), np.int64(before), held


@kernel
def world_before(deck, real, held, p, dealer, bidder, trump, before, flags, tab, rng, work):
    """A deal as seat ``p`` saw it at its turn to fold or pass: the cards it had not seen
    (``held``: what it had) shuffled among their places, the seats ``before`` it folding
    and passing as they did (at most MAX_TRIES deals); whether one was found."""
    heuristic = np.int64(L.P_HEURISTIC)
    choices = passers(real, tab) & before
    for _ in range(MAX_TRIES):
        deal_unseen(deck, held, dealer, bidder, tab, rng, work)
        exchange_folding(work.hands, dealer, trump, heuristic, flags, rng, tab, before, choices)
        if same_folds(work.hands, real, before):
            return True
    return False


@kernel
def pass_value(work, p, dealer, bidder, bid, trump, fixed, choices, flags, cfg, tab, rng):
    """The drawn deal in ``work`` from the exchange on, the seats in ``fixed`` passing as
    ``choices`` says and every seat playing as the heuristic: its worth to ``p``'s side."""
    hands = work.hands
    heuristic = np.int64(L.P_HEURISTIC)
    exchange_folding(hands, dealer, trump, heuristic, flags, rng, tab, fixed, choices)
    clear_points(work.pts)
    exchange_credit(hands, bidder, trump, tab, work.pts)
    play_out(hands, work.play, bidder, trump, heuristic, flags, rng, tab, work.pts, work.rec)
    return side_value(work, side_of(tab, p), bidder, bid, flags, cfg, tab)


@shared_phase
def best_pass(deck, hands, p, dealer, bidder, bid, trump, policy, flags, cfg, tab, rng, think):
    """ukrainian: seat ``p``, which could pass its trumps to its partner and fold, weighs
    passing against staying in on the same K_KEEP_WORLDS deals (world_before), each played
    on from the exchange by the heuristic with either choice (the stream restarted, so
    that both meet the same play), and leaves the heuristic's choice only where the other
    is clearly better (clearly_better: Z_KEEP standard errors of the paired gain, as for
    keeps). Then the real exchange is played again from its turn."""
    could, before, held = pass_turn(hands, p, dealer, trump, tab)
    if not could:
        return
    choices = passers(hands, tab) & before
    did = (passers(hands, tab) >> p) & 1
    work = simulation_of(think)[0]
    s1 = 0.0  # passing less staying, summed over the deals, and its squares
    s2 = 0.0
    found = 0
    worlds = flags[cfg + L.K_KEEP_WORLDS]
    for _ in range(worlds):
        if not world_before(deck, hands, held, p, dealer, bidder, trump, before, flags, tab, rng,
                            work):
            continue
        found += 1
        at = rng[0]
        stay = pass_value(work, p, dealer, bidder, bid, trump, before | (1 << p), choices,
                          flags, cfg, tab, rng)
        rng[0] = at
        d = pass_value(work, p, dealer, bidder, bid, trump, before | (1 << p),
                       choices | (1 << p), flags, cfg, tab, rng) - stay
        s1 += d
        s2 += d * d
    if 2 * found < worlds:
        return  # too few deals like this one: the heuristic's choice
    if clearly_better(-s1 if did else s1, s2, found):
        exchange_folding(hands, dealer, trump, policy, flags, rng, tab, before | (1 << p),
                         choices | ((1 - did) << p))


@shared_phase
def think_exchange(deck, hands, dealer, bidder, bid, trump, policy, flags, tab, rng, think):
    """Every thinking seat with think=all reconsiders its keep, in exchange order
    (ukrainian: first, in turn, whether to pass its trumps and fold)."""
    if tab.opts[L.O_DISCARD] == L.DISCARD_FOLD_OR_PASS:
        for q in range(1, players(tab) + 1):
            p = seat_after(tab, dealer, q)
            cfg = settings_of(policy, role_of(tab, p))
            if seat_player(policy, tab, p) >= L.PL_PIMC and flags[cfg + L.K_THINK] >= \
                    L.THINK_ALL:
                best_pass(deck, hands, p, dealer, bidder, bid, trump, policy, flags, cfg,
                          tab, rng, think)
    for q in range(1, players(tab) + 1):
        p = seat_after(tab, dealer, q)
        cfg = settings_of(policy, role_of(tab, p))
        if seat_player(policy, tab, p) >= L.PL_PIMC and flags[cfg + L.K_THINK] >= L.THINK_ALL:
            best_keep(deck, hands, p, dealer, bidder, bid, trump, policy, flags, cfg, tab, rng,
                      think)


