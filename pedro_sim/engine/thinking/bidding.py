"""Bidding and naming trumps by playouts (the pimc and dd players).

For each suit, the player deals the cards it cannot see at random around its own
dealt hand (``K_BID_WORLDS`` times), and plays each deal out with itself as the bidder
in that suit, every seat playing as the heuristic. Two rules read those deals
(docs/players.md):

- ``think=play`` (today's pimc): the estimate of a suit is the most points its side
  reaches in at least two deals of three; it bids its best suit's estimate by the
  heuristic's rule and names that suit.
- ``think=bid`` (by expected value): the engine's scoring prices each deal at every bid
  level; it bids the lowest legal level whose best suit's mean net score beats the mean
  net score of passing, measured on as many deals in which the standing bid's holder (or
  the dealer, forced) plays its bid in the heuristic's suit, and names the best suit.
  In a one-round auction (``overcalls=one-round``, the default) it bids the level of the
  best mean net score instead, a level counting as passing in the deals where a later
  opponent would overcall it or the dealer take it by equalling (kept_call);
  ``overcalls=called`` does so only where a partner is called (five-handed), where any
  later seat may overcall.
"""

import numpy as np
from numba.core import types
from numba.extending import overload

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import bit
from pedro_sim.engine.game.calling import calls_partner, points_of_side
from pedro_sim.engine.game.contract import play_contract_once
from pedro_sim.engine.game.dealing import (
    deal_hands,
    fixed_hand_order_once,
    seen_at_trump,
    shuffle,
    take_kitty,
)
from pedro_sim.engine.game.pack import pack_card
from pedro_sim.engine.game.scoring import deal_score, net_of, net_score
from pedro_sim.engine.game.special_bids import suits_28_56
from pedro_sim.engine.jit import kernel, shared_phase
from pedro_sim.engine.players.bid_values import best_of, best_suit, suit_values
from pedro_sim.engine.rng import uniform
from pedro_sim.engine.seats import (
    clear_points,
    players,
    same_side,
    seat_after,
    seat_masks,
    side_of,
)
from pedro_sim.engine.thinking import inference as IN
from pedro_sim.engine.thinking.think_buffers import (
    BID_LEVELS,
    EXPLAIN_CALL,
    X_CARDS,
    X_IDS,
    calls_of,
    estimates_of,
    ev_done_of,
    ev_over_of,
    ev_tables_of,
    explain_asks,
    explain_done,
    explain_of,
    explained_of,
    histogram_of,
    simulation_of,
)

# what ev_gate answers
EV_CALL = 0  # a call: a bid, or 0 to pass
EV_FORCED = 1  # the forced dealer's bid, where it may bid any (california)
EV_TRUMP = 2  # the suit it names for its bid
EV_PREDICTED = 3  # its P(make) of its bid in its suit, in 1/10000 (-1: no tables)
HOLDER_TRIES = 32  # deals drawn for one in which the standing bid's holder holds what it bid
CALL_VALUES = 3  # what explain records per suit, deal and level: net, made, overcalled


@kernel
def forget_estimates(think):
    for k in range(2 * L.SEATS):
        estimates_of(think)[k] = -1
    for p in range(L.SEATS):
        ev_done_of(think)[p] = 0


@shared_phase
def deal_around(seat, dealer, hand, bidder, tab, rng, think):
    """A random deal around ``hand`` (``seat``'s dealt cards), ``bidder`` taking the kitty,
    into the simulation's work (called, not inlined: a simulated deal is worth a call)."""
    work, ids = simulation_of(think)  # its stream is ``rng``, the deal's
    deck = work.deck
    rest = work.rest
    hands = work.hands
    m = 0
    k = 0
    for j in range(tab.opts[L.O_DECK]):
        c = pack_card(tab, j)
        if bit(c) & hand:
            ids[k] = c
            k += 1
        else:
            rest[m] = c
            m += 1
    shuffle(rng, rest, m)
    offset = seat_after(tab, seat, players(tab) - dealer - 1)  # places after eldest
    fixed_hand_order_once(rest, ids, offset, tab, deck)
    deal_hands(deck, dealer, tab, hands, work.rec, np.bool_(False))
    take_kitty(deck, bidder, tab, seat_masks(hands, L.H_BOOKS))


@shared_phase
def play_dealt(dealer, bidder, suit, flags, tab, think):
    """Play the simulation's deal out, ``bidder`` naming ``suit`` (-1: the heuristic's suit
    for its cards), every seat as the heuristic: the points into the simulation's work."""
    work = simulation_of(think)[0]
    hands = work.hands
    if suit < 0:
        suit = best_suit(seen_at_trump(hands[L.H_DEALT + bidder], hands[L.H_BOOKS + bidder], tab),
                         tab)
    clear_points(work.pts)
    play_contract_once(dealer, bidder, suit, np.int64(L.P_HEURISTIC), flags, tab, work, think)


@kernel
def deal_heard(seat, dealer, hand, bidder, flags, cfg, tab, rng, think):
    """deal_around; with infer=auction, drawn again until kept, each deal kept with the
    probability of its weight (inference.py: the floor plus trust times how likely the
    calls heard so far are with the dealt cards), so the deals follow what the auction
    said (the last of HOLDER_TRIES draws is kept)."""
    deal_around(seat, dealer, hand, bidder, tab, rng, think)
    infer = flags[cfg + L.K_INFER]
    if infer != L.INFER_AUCTION and infer != L.INFER_ALL:
        return
    share = flags[cfg + L.K_TRUST] / 100.0
    for _ in range(HOLDER_TRIES):
        hands = simulation_of(think)[0].hands
        like = IN.dealt_likelihood(hands, np.int64(seat), calls_of(think), tab)
        if uniform(rng) < (1.0 - share) + share * like:
            return
        deal_around(seat, dealer, hand, bidder, tab, rng, think)


@kernel
def simulate(seat, dealer, hand, bidder, suit, flags, tab, rng, think):
    """One random deal around ``hand`` with ``bidder`` naming ``suit`` (play_dealt)."""
    deal_around(seat, dealer, hand, bidder, tab, rng, think)
    play_dealt(dealer, bidder, suit, flags, tab, think)
    return simulation_of(think)[0]


@kernel
def deal_for_justified(seat, dealer, hand, holder, standing, tab, rng, think):
    """A deal around ``hand`` in which ``holder``, holding the standing bid, was dealt cards
    the heuristic counts at ``standing`` points or more: the first of HOLDER_TRIES deals
    that does, else the one it counts highest."""
    best = np.int64(-1)
    best_state = rng[0]
    for _ in range(HOLDER_TRIES):
        state = rng[0]
        deal_around(seat, dealer, hand, holder, tab, rng, think)
        dealt = simulation_of(think)[0].hands[L.H_DEALT + holder]
        count = best_of(suit_values(dealt, tab))[1] // 10
        if count >= standing:
            return
        if count > best:
            best = count
            best_state = state
    after = rng[0]
    rng[0] = best_state
    deal_around(seat, dealer, hand, holder, tab, rng, think)
    rng[0] = after


@kernel
def simulated_points(seat, dealer, hand, suit, flags, tab, rng, think):
    """One random deal around ``hand`` with ``seat`` bidding ``suit``: its side's points."""
    work = simulate(seat, dealer, hand, seat, suit, flags, tab, rng, think)
    return min(points_of_side(work.pts, side_of(tab, seat), tab), tab.opts[L.O_TOTAL_POINTS])


@shared_phase
def playout_estimate(seat, dealer, hand, flags, cfg, tab, rng, think):
    """(best suit, estimated points) of ``seat`` holding ``hand``, once per deal."""
    cache = estimates_of(think)
    if cache[2 * seat] >= 0:
        return cache[2 * seat], cache[2 * seat + 1]
    hist = histogram_of(think)
    n = flags[cfg + L.K_BID_WORLDS]
    total = tab.opts[L.O_TOTAL_POINTS]
    best = 0
    best_e = np.int64(-1)
    best_sum = np.int64(-1)
    for s in range(4):
        for x in range(total + 1):
            hist[x] = 0
        points = 0
        for _ in range(n):
            x = simulated_points(seat, dealer, hand, s, flags, tab, rng, think)
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
            best = s
            best_e = e
            best_sum = points
    cache[2 * seat] = best
    cache[2 * seat + 1] = best_e
    return np.int64(best), best_e


@shared_phase
def lowest_bid(tab):
    """The lowest bid a deal can be played at: the minimum, or a forced dealer's bid below
    it (nicaragua's dealer is forced to 6 where the others bid 7 or more)."""
    forced = tab.opts[L.O_FORCED_BID]
    if tab.opts[L.O_DEALER_FORCED] == L.FORCED_EXACT and 0 < forced < tab.opts[L.O_MIN_BID]:
        return forced
    return tab.opts[L.O_MIN_BID]


@kernel
def n_levels(tab):
    """The bid levels a deal can be played at: every number from lowest_bid up, then a
    special bid above the numbers if the game has one ("83 double", or the dealer's 28-56,
    which is a level for the dealer only: usable_levels)."""
    n = tab.opts[L.O_MAX_BID] - lowest_bid(tab) + 1
    special = tab.opts[L.O_TOP_BID] > tab.opts[L.O_MAX_BID] or tab.opts[L.O_DEALER_28_56]
    return n + 1 if special else n


@kernel
def usable_levels(tab, suits28):
    """The levels a seat may bid: all but 28-56's unless it holds one (``suits28``)."""
    n = n_levels(tab)
    return n - 1 if tab.opts[L.O_DEALER_28_56] and suits28 == 0 else n


@kernel
def level_bid(j, tab):
    """The bid of level ``j``."""
    b = lowest_bid(tab) + j
    if b <= tab.opts[L.O_MAX_BID]:
        return b
    return L.BID_28_56 if tab.opts[L.O_DEALER_28_56] else tab.opts[L.O_TOP_BID]


@kernel
def level_of(bid, tab):
    """The level of ``bid``."""
    if bid > tab.opts[L.O_MAX_BID]:
        return tab.opts[L.O_MAX_BID] - lowest_bid(tab) + 1
    return bid - lowest_bid(tab)


@kernel
def special_level(tab, suits28):
    """The level the lowest-first rule of ev_call passes over although it may pay more:
    the moon's top numeric bid, or 28-56 (where ``suits28`` allows it); -1: none."""
    if tab.opts[L.O_DEALER_28_56] and suits28:
        return n_levels(tab) - 1
    if tab.opts[L.O_MOON]:
        return level_of(tab.opts[L.O_MAX_BID], tab)
    return -1


@shared_phase
def ev_tables(seat, dealer, hand, flags, cfg, tab, rng, think):
    """Fill ``seat``'s tables once per deal: for each suit and bid level, the sum over the
    simulated deals of its side's net score at that bid, and how many make it."""
    done = ev_done_of(think)
    sums, makes = ev_tables_of(think, seat)
    if done[seat]:
        return sums, makes
    done[seat] = 1
    over_sums, over_n = ev_over_of(think, seat)
    for k in range(4 * BID_LEVELS):
        sums[k] = 0
        makes[k] = 0
        over_sums[k] = 0
        over_n[k] = 0
    overcalls = prices_overcalls(flags, cfg, tab)
    side = side_of(tab, seat)
    levels = n_levels(tab)
    n = flags[cfg + L.K_BID_WORLDS]
    record = explain_asks(think, EXPLAIN_CALL, seat)
    for s in range(4):
        for w in range(n):
            deal_heard(seat, dealer, hand, seat, flags, cfg, tab, rng, think)
            play_dealt(dealer, seat, s, flags, tab, think)
            work = simulation_of(think)[0]
            later = later_estimate(seat, dealer, work.hands, tab) if overcalls else 0
            for j in range(levels):
                made = deal_score(work.pts, seat, level_bid(j, tab), work.score, tab)
                net = net_of(work.score, side, tab)
                sums[s * BID_LEVELS + j] += net
                makes[s * BID_LEVELS + j] += made
                if level_bid(j, tab) < later:  # a later seat would bid above this level
                    over_sums[s * BID_LEVELS + j] += net
                    over_n[s * BID_LEVELS + j] += 1
                if record:  # (net, made, whether a later seat would take the level)
                    at = CALL_VALUES * ((s * n + w) * levels + j)
                    explained_of(think)[at] = net
                    explained_of(think)[at + 1] = made
                    explained_of(think)[at + 2] = level_bid(j, tab) < later
    if record:
        explain_of(think)[X_IDS + 1] = 1  # the tables were filled for this call
    return sums, makes


@kernel
def prices_overcalls(flags, cfg, tab):
    """Whether a thinking bidder prices the later seats' overcalls (kept_call): where a
    partner is called, and with overcalls=one-round in every one-round auction."""
    if calls_partner(tab):
        return True
    return flags[cfg + L.K_OVERCALLS] == L.OVER_ONE_ROUND and tab.opts[L.O_AUCTION] == 0


@kernel
def later_estimate(seat, dealer, hands, tab):
    """The lowest level no later seat takes from ``seat`` in a one-round auction, in a
    simulated deal's dealt ``hands``: one above the highest of the heuristic's estimates
    (the bid its rule makes of a hand) among the seats that call after it, the dealer's
    counting one more where it may take the bid by equalling; with fixed partnerships only
    the opponents count (0: nobody can)."""
    top = 0
    q = seat
    fixed = not calls_partner(tab)
    while q != dealer:
        q = seat_after(tab, q, 1)
        if fixed and same_side(tab, q, seat):
            continue
        est = min(best_of(suit_values(hands[L.H_DEALT + q], tab))[1] // 10,
                  tab.opts[L.O_MAX_BID])
        if q == dealer and tab.opts[L.O_DEALER_MAY_EQUAL] != 0 and est > 0:
            est += 1
        top = max(top, est)
    return top


@kernel
def kept_call(seat, sums, lo, levels, worth_passing, n, tab, think):
    """The bid level of the best mean net score when an overcalled level is
    worth passing (a later seat whose hand the heuristic values above the level bids it:
    later_estimate), or 0 where no level beats passing. Bidding the lowest level that
    beats passing, as elsewhere, lets four later seats overcall it, and the auction went to
    the last seats whatever the hands (docs/players.md)."""
    over_sums, over_n = ev_over_of(think, seat)
    call = np.int64(0)
    value = worth_passing
    for j in range(levels):
        b = level_bid(j, tab)
        if b < lo or b > tab.opts[L.O_MAX_BID]:  # (a special bid is weighed by ev_call)
            continue
        for s in range(4):
            k = s * BID_LEVELS + j
            mean = (sums[k] - over_sums[k] + over_n[k] * worth_passing) / n
            if mean > value:
                call = b
                value = mean
    return call, value


@kernel
def best_at(sums, j, tab, suits28):
    """(suit, sum) of the best suit at level ``j`` (the lowest suit on ties); at 28-56's
    level only the suits it may be bid in (``suits28``)."""
    allowed = suits28 if tab.opts[L.O_DEALER_28_56] and j == n_levels(tab) - 1 else 15
    best = -1
    for s in range(4):
        if (allowed >> s) & 1 and (best < 0 or sums[s * BID_LEVELS + j]
                                   > sums[best * BID_LEVELS + j]):
            best = s
    return best, sums[best * BID_LEVELS + j]


@kernel
def pass_value(seat, dealer, hand, standing, holder, flags, cfg, tab, rng, think):
    """The mean net score of ``seat``'s side if it passes: the holder of the standing bid
    plays it in the heuristic's suit, dealt cards that justify it (deal_for_justified)
    where it is a partner or the auction goes round; with no bid standing, the dealer
    plays its forced bid (the preset's minimum where it may bid any), or 0 where the deal
    is thrown in."""
    bid = standing
    if holder < 0:
        forced = tab.opts[L.O_DEALER_FORCED]
        if forced == L.FORCED_NONE:
            return 0.0
        holder = dealer
        bid = tab.opts[L.O_FORCED_BID] if forced == L.FORCED_EXACT else tab.opts[L.O_MIN_BID]
    n = flags[cfg + L.K_BID_WORLDS]
    side = side_of(tab, seat)
    # docs/players.md: what drawing the holder's cards at random measured
    shown = side_of(tab, holder) == side or tab.opts[L.O_AUCTION] != 0
    total = 0
    record = explain_asks(think, EXPLAIN_CALL, seat)
    for w in range(n):
        if holder != seat and shown:
            deal_for_justified(seat, dealer, hand, holder, bid, tab, rng, think)
        else:
            deal_heard(seat, dealer, hand, holder, flags, cfg, tab, rng, think)
        play_dealt(dealer, holder, np.int64(-1), flags, tab, think)
        work = simulation_of(think)[0]
        net = net_score(work.pts, holder, bid, side, work.score, tab)
        total += net
        if record:  # after the tables: 4 suits x n deals x levels x CALL_VALUES
            explained_of(think)[4 * CALL_VALUES * n * n_levels(tab) + w] = net
    return total / n


@kernel
def ev_call(seat, dealer, hand, standing, holder, may_equal, flags, cfg, tab, rng, think):
    """The lowest legal bid whose best suit's mean net score beats passing; 0: pass. A
    special bid that scores more than its level (the moon, 28-56) is bid instead where its
    mean beats both passing and that lowest bid."""
    lo = max(tab.opts[L.O_MIN_BID], standing if may_equal and standing > 0 else standing + 1)
    suits28 = suits_28_56(hand, seat, dealer, standing, tab)
    levels = usable_levels(tab, suits28)
    if level_bid(levels - 1, tab) < lo:
        return np.int64(0)  # no bid left above the standing one: nothing to weigh
    sums = ev_tables(seat, dealer, hand, flags, cfg, tab, rng, think)[0]
    worth_passing = pass_value(seat, dealer, hand, standing, holder, flags, cfg, tab, rng,
                               think)
    n = flags[cfg + L.K_BID_WORLDS]
    kept = prices_overcalls(flags, cfg, tab)
    call = np.int64(0)
    value = worth_passing
    for j in range(levels):
        b = level_bid(j, tab)
        if b < lo or kept:
            continue
        mean = best_at(sums, j, tab, suits28)[1] / n
        if mean > worth_passing:
            call = b
            value = mean
            break
    if kept:
        call, value = kept_call(seat, sums, lo, levels, worth_passing, n, tab, think)
    special = special_level(tab, suits28)
    if special >= 0 and level_bid(special, tab) >= lo \
            and best_at(sums, special, tab, suits28)[1] / n > value:
        call = level_bid(special, tab)
    if explain_asks(think, EXPLAIN_CALL, seat):
        explain_done(think, call, n)
        x = explain_of(think)
        x[X_CARDS] = n_levels(tab)
        x[X_IDS] = lo
    return call


@kernel
def ev_forced(seat, dealer, hand, flags, cfg, tab, rng, think):
    """The forced dealer's bid: the level of the best mean net score (the lowest on ties)
    among those it may bid: any (california), or the forced one; and 28-56 where it holds
    one."""
    sums = ev_tables(seat, dealer, hand, flags, cfg, tab, rng, think)[0]
    suits28 = suits_28_56(hand, seat, dealer, 0, tab)
    exact = tab.opts[L.O_DEALER_FORCED] == L.FORCED_EXACT
    best = level_of(tab.opts[L.O_FORCED_BID] if exact else tab.opts[L.O_MIN_BID], tab)
    last = level_of(tab.opts[L.O_MAX_BID], tab)
    for j in range(best + 1, usable_levels(tab, suits28)):
        if exact and j <= last:
            continue
        if best_at(sums, j, tab, suits28)[1] > best_at(sums, best, tab, suits28)[1]:
            best = j
    return level_bid(best, tab)


@shared_phase
def ev_answer(kind, seat, dealer, hand, standing, holder, may_equal, flags, cfg, tab, rng,
              think):
    """What ``kind`` (EV_*) asks of ``seat``: for EV_TRUMP and EV_PREDICTED ``standing`` is
    its bid and (EV_PREDICTED) ``holder`` its suit."""
    if kind == EV_CALL:
        return ev_call(seat, dealer, hand, standing, holder, may_equal, flags, cfg, tab, rng,
                       think)
    if kind == EV_FORCED:
        return ev_forced(seat, dealer, hand, flags, cfg, tab, rng, think)
    if kind == EV_PREDICTED:
        if not ev_done_of(think)[seat]:
            return np.int64(-1)
        makes = ev_tables_of(think, seat)[1]
        n = flags[cfg + L.K_BID_WORLDS]
        return makes[holder * BID_LEVELS + level_of(standing, tab)] * 10000 // n
    sums = ev_tables(seat, dealer, hand, flags, cfg, tab, rng, think)[0]
    suits28 = suits_28_56(hand, seat, dealer, 0, tab)
    return np.int64(best_at(sums, level_of(standing, tab), tab, suits28)[0])


def playout_gate(seat, dealer, hand, flags, cfg, tab, rng, think):
    """playout_estimate; (0, 0) without compiling it when ``think`` is None (no seat
    thinks: see contract.think_out_gate)."""


@overload(playout_gate, inline="always")
def _playout_gate(seat, dealer, hand, flags, cfg, tab, rng, think):
    if isinstance(think, types.NoneType):
        return lambda seat, dealer, hand, flags, cfg, tab, rng, think: (np.int64(0),
                                                                        np.int64(0))
    return lambda seat, dealer, hand, flags, cfg, tab, rng, think: \
        playout_estimate(seat, dealer, hand, flags, cfg, tab, rng, think)


def ev_gate(kind, seat, dealer, hand, standing, holder, may_equal, flags, cfg, tab, rng,
            think):
    """ev_answer; -1 without compiling it when ``think`` is None."""


@overload(ev_gate, inline="always")
def _ev_gate(kind, seat, dealer, hand, standing, holder, may_equal, flags, cfg, tab, rng,
             think):
    if isinstance(think, types.NoneType):
        return lambda kind, seat, dealer, hand, standing, holder, may_equal, flags, cfg, tab, \
            rng, think: np.int64(-1)
    return lambda kind, seat, dealer, hand, standing, holder, may_equal, flags, cfg, tab, \
        rng, think: ev_answer(kind, seat, dealer, hand, standing, holder, may_equal, flags,
                              cfg, tab, rng, think)


def forget_gate(think):
    """forget_estimates, when there is a thinking scratch."""


@overload(forget_gate, inline="always")
def _forget_gate(think):
    if isinstance(think, types.NoneType):
        return lambda think: None
    return lambda think: forget_estimates(think)
