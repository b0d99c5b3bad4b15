"""The auction and the naming of trumps."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import kth, lowest, popcount
from pedro_sim.engine.game.special_bids import suits_28_56
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.players import policy_of, settings_of, techniques
from pedro_sim.engine.players.bid_values import best_among, best_of, best_suit, suit_values
from pedro_sim.engine.rng import below
from pedro_sim.engine.seats import (
    players,
    role_in,
    role_word,
    seat_among,
    side_in,
    side_word,
)
from pedro_sim.engine.thinking.bidding import (
    EV_CALL,
    EV_FORCED,
    EV_TRUMP,
    ev_gate,
    forget_gate,
    playout_gate,
)
from pedro_sim.engine.thinking.inference import note_call_gate


@kernel
def heuristic_call(hand, standing, partner_holds, may_equal, tab):
    """Bid the estimated points when they beat the standing bid (by 2 over a partner; a
    dealer that may equal needs only to reach it)."""
    estimate = best_of(suit_values(hand, tab))[1] // 10
    return call_for(estimate, standing, partner_holds, may_equal, tab)


@kernel
def call_for(estimate, standing, partner_holds, may_equal, tab):
    """The heuristic's rule: bid ``estimate`` when it beats the standing bid enough."""
    need = standing + (2 if partner_holds else 0 if may_equal and standing > 0 else 1)
    if need < tab.opts[L.O_MIN_BID]:
        need = tab.opts[L.O_MIN_BID]
    if estimate < need or need > tab.opts[L.O_MAX_BID]:
        return 0
    return min(estimate, tab.opts[L.O_MAX_BID])


@kernel
def random_call(rng, standing, may_equal, suits28, tab):
    """Uniform over pass and every legal bid, "83 double" and 28-56 (where ``suits28``
    allows it) last (docs/engine-spec.md)."""
    lo = max(tab.opts[L.O_MIN_BID], standing if may_equal and standing > 0 else standing + 1)
    ordinary = max(0, tab.opts[L.O_MAX_BID] - lo + 1)
    top = tab.opts[L.O_TOP_BID]
    special = 1 if top > tab.opts[L.O_MAX_BID] and standing < top else 0  # "83 double"
    options = 1 + ordinary + special + (1 if suits28 else 0)
    if options == 1:
        return 0
    r = below(rng, options)
    if r == 0:
        return 0
    if r <= ordinary:
        return lo + r - 1
    return top if r == ordinary + special else L.BID_28_56


@kernel
def worth_28_56(policy, hand, seat, dealer, suits, rng, flags, cfg, tab, think):
    """Whether the heuristic (or a pimc that bids its playout estimate) bids 28-56: its
    estimate in its best suit among ``suits`` is every point of the deal."""
    if policy >= L.PL_PIMC:
        suit, points = playout_gate(np.int64(seat), dealer, hand, flags, cfg, tab, rng, think)
        return (suits >> suit) & 1 and points >= tab.opts[L.O_TOTAL_POINTS]
    return best_among(suit_values(hand, tab), suits)[1] // 10 >= tab.opts[L.O_TOTAL_POINTS]


@kernel
def record_call(rec, record, n, seat, call):
    if record and n < L.MAX_CALLS:
        rec[L.R_CALLS + 2 * n] = seat
        rec[L.R_CALLS + 2 * n + 1] = call
        rec[L.R_NCALLS] = n + 1


@kernel
def by_value(policy, flags, cfg):
    """Whether a player bids and names trumps by expected net score (think=bid or all)."""
    return policy >= L.PL_PIMC and flags[cfg + L.K_THINK] >= L.THINK_BID


@kernel
def estimate_points(policy, hand, seat, dealer, rng, flags, cfg, tab, think):
    """The points a player expects to make as bidder: the heuristic's count, or (thinking
    players) the points reached in two simulated deals of three."""
    if policy >= L.PL_PIMC:
        # np.int64: a literal seat would compile the playouts' whole engine a second time
        return playout_gate(np.int64(seat), dealer, hand, flags, cfg, tab, rng, think)[1]
    return best_of(suit_values(hand, tab))[1] // 10


@kernel
def forced_call(policy, hand, seat, dealer, rng, flags, cfg, tab, think):
    """The dealer's bid when all passed: the forced value, or any legal bid (california);
    28-56 instead where it holds one (random: the last option)."""
    suits = suits_28_56(hand, seat, dealer, 0, tab)
    exact = tab.opts[L.O_DEALER_FORCED] == L.FORCED_EXACT
    lo = tab.opts[L.O_MIN_BID]
    if policy == L.PL_RANDOM:
        if exact:
            return tab.opts[L.O_FORCED_BID] if suits == 0 or below(rng, 2) == 0 else L.BID_28_56
        r = below(rng, tab.opts[L.O_MAX_BID] - lo + 1 + (1 if suits else 0))
        return lo + r if lo + r <= tab.opts[L.O_MAX_BID] else L.BID_28_56
    if exact and suits == 0:
        return tab.opts[L.O_FORCED_BID]
    if by_value(policy, flags, cfg):
        return ev_gate(EV_FORCED, np.int64(seat), dealer, hand, np.int64(0), np.int64(-1), False,
                       flags, cfg, tab, rng, think)
    if suits and worth_28_56(policy, hand, seat, dealer, suits, rng, flags, cfg, tab, think):
        return L.BID_28_56
    if exact:
        return tab.opts[L.O_FORCED_BID]
    estimate = estimate_points(policy, hand, seat, dealer, rng, flags, cfg, tab, think)
    return max(lo, min(estimate, tab.opts[L.O_MAX_BID]))


@kernel
def leaves_partner(partner, took_over, team_flags, tab):
    """Whether a seat that bids by the heuristic's rule passes although its estimate would
    raise: its partner holds the standing bid and their side has already taken the bid
    from a partner once, in an auction that goes round, where the preset's partners do not
    raise each other (O_PARTNERS_RAISE; raise-partner off: the other rule). Raising one at
    a time, partners raised each other round after round up to the lower of their
    estimates (issue 50; docs/heuristic.md). Players that bid by expected value (ev_call)
    raise a partner only where their deals say it beats passing."""
    raises = tab.opts[L.O_PARTNERS_RAISE] != 0
    if (team_flags & L.F_RAISE_PARTNER) == 0:
        raises = not raises
    return partner and took_over and tab.opts[L.O_AUCTION] != 0 and not raises


@kernel
def make_call(policy, hand, seat, dealer, standing, holder, partner, took_over, may_equal, rng,
              flags, cfg, team_flags, tab, think):
    """``seat``'s call, ``holder`` holding the standing bid (-1: none; ``partner``: it is
    the seat's partner; ``took_over``: their side took the bid from a partner before);
    ``team_flags``: the side's technique flags."""
    suits = suits_28_56(hand, seat, dealer, standing, tab)
    if policy == L.PL_RANDOM:
        return random_call(rng, standing, may_equal, suits, tab)
    if by_value(policy, flags, cfg):
        if partner and took_over and tab.opts[L.O_AUCTION] != 0 \
                and flags[cfg + L.K_PARTNER] == L.PARTNER_ONCE:
            return 0  # its side took the bid from a partner before
        return ev_gate(EV_CALL, np.int64(seat), dealer, hand, standing, holder, may_equal,
                       flags, cfg, tab, rng, think)
    if leaves_partner(partner, took_over, team_flags, tab):
        return 0
    estimate = estimate_points(policy, hand, seat, dealer, rng, flags, cfg, tab, think)
    if suits and worth_28_56(policy, hand, seat, dealer, suits, rng, flags, cfg, tab, think):
        return L.BID_28_56
    call = call_for(estimate, standing, partner, may_equal, tab)
    if tab.opts[L.O_AUCTION]:  # an auction that goes round: raise one at a time
        return min(call, max(standing + 1, tab.opts[L.O_MIN_BID])) if call else 0
    return call


@kernel
def auction(policy, dealt, dealer, rng, flags, tab, rec, think):
    """Eldest first, one round or round and round until all but one have passed; the
    dealer is forced when all before it pass. Returns (bidder, bid, forced)."""
    forget_gate(think)
    record = rec.shape[0] > 0
    seats = players(tab)  # the count and the sides held in registers
    sides = side_word(tab)
    roles = role_word(tab)
    everyone = (1 << seats) - 1
    standing = 0
    bidder = -1
    passed = 0  # bit per seat
    took = 0  # bit per side: it took the bid from a partner (leaves_partner)
    n = 0
    forced = False
    turn = 0
    seat = dealer
    while True:
        if tab.opts[L.O_AUCTION] == 0 and turn == seats:
            break
        out = passed | (1 << bidder) if bidder >= 0 else passed
        if out == everyone or (bidder >= 0 and passed == everyone & ~(1 << bidder)):
            break
        seat = seat_among(seat, 1, seats)
        turn += 1
        if (passed >> seat) & 1:
            continue
        dealer_first = turn == seats and bidder < 0
        side = side_in(sides, seat)
        partner = bidder >= 0 and bidder != seat and side_in(sides, bidder) == side
        may_equal = turn == seats and tab.opts[L.O_DEALER_MAY_EQUAL] != 0
        role = role_in(roles, seat)
        if dealer_first and tab.opts[L.O_DEALER_FORCED] != L.FORCED_NONE:
            forced = True
            call = forced_call(policy_of(policy, role), dealt[seat], seat, dealer, rng,
                               flags, settings_of(policy, role), tab, think)
        else:
            call = make_call(policy_of(policy, role), dealt[seat], seat, dealer, standing,
                             bidder, partner, (took >> side) & 1 != 0, may_equal, rng, flags,
                             settings_of(policy, role), techniques(policy, flags, role), tab,
                             think)
        record_call(rec, record, n, seat, call)
        note_call_gate(think, seat, call, standing, may_equal, dealer_first and forced, tab)
        n += 1
        if call > 0:
            if partner:
                took |= 1 << side
            standing = call
            bidder = seat
        else:
            passed |= 1 << seat
    return bidder, standing, forced


@kernel
def name_trump(policy, seen, dealt, seat, dealer, bid, rng, flags, cfg, tab, think):
    """The bidder's choice of trumps, having seen ``seen`` (its dealt cards and any it picked
    up): thinking players name the suit of their estimate from their dealt cards (think=bid:
    the best mean net score at ``bid``). A 28-56 names one of the suits it was bid in."""
    suits = suits_28_56(dealt, seat, dealer, 0, tab) if bid == L.BID_28_56 else 0
    if suits:
        return name_28_56(policy, seen, dealt, seat, dealer, bid, suits, rng, flags, cfg, tab,
                          think)
    if policy == L.PL_RANDOM:
        return below(rng, 4)
    if by_value(policy, flags, cfg):
        return ev_gate(EV_TRUMP, np.int64(seat), dealer, dealt, bid, np.int64(-1), False, flags,
                       cfg, tab, rng, think)
    if policy >= L.PL_PIMC:
        return playout_gate(np.int64(seat), dealer, seen, flags, cfg, tab, rng, think)[0]
    return best_suit(seen, tab)


@kernel
def name_28_56(policy, seen, dealt, seat, dealer, bid, suits, rng, flags, cfg, tab, think):
    """The trump of a 28-56, among ``suits`` (those of which the dealer holds A K 2): the
    random player's draw among them (none for one), the best mean net score at 28 (think=bid),
    else the heuristic's best value among them."""
    n = popcount(suits)
    if n == 1:
        return np.int64(lowest(suits))
    if policy == L.PL_RANDOM:
        return np.int64(kth(suits, below(rng, n)))
    if by_value(policy, flags, cfg):
        return ev_gate(EV_TRUMP, np.int64(seat), dealer, dealt, bid, np.int64(-1), False, flags,
                       cfg, tab, rng, think)
    return best_among(suit_values(seen, tab), suits)[0]
