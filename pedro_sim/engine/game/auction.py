"""The auction and the naming of trumps."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, lowest
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.players import policy_of
from pedro_sim.engine.rng import below
from pedro_sim.engine.seats import players, seat_among, side_in, side_word
from pedro_sim.engine.thinking.bidding import forget_gate, playout_gate

LENGTH_BONUS = 10  # tenths of a point for each trump beyond the third
FIELD = np.int64(0xFFFF)


@kernel
def suit_values(hand, tab):
    """The heuristic's value of ``hand`` with each suit as trumps, in tenths of a point,
    packed 16 bits per suit (one pass over the hand instead of one per suit)."""
    values = 0
    counts = 0
    m = hand
    while m:
        c = lowest(m)
        m &= m - ONE
        values += tab.cinfo[0, L.I_PACKED_EVAL, c]
        counts += tab.cinfo[0, L.I_PACKED_COUNT, c]
    for t in range(4):
        n = (counts >> (16 * t)) & FIELD
        if n > 3:
            values += (LENGTH_BONUS * (n - 3)) << (16 * t)
    return values


@kernel
def suit_value(hand, t, tab):
    """The value of ``hand`` with ``t`` as trumps."""
    return (suit_values(hand, tab) >> (16 * t)) & FIELD


@kernel
def best_of(values):
    """(suit, value) of the highest packed value, the lowest suit on ties."""
    best = 0
    best_v = -1
    for t in range(4):
        v = (values >> (16 * t)) & FIELD
        if v > best_v:
            best_v = v
            best = t
    return best, best_v


@kernel
def best_suit(hand, tab):
    """The suit the heuristic names."""
    return best_of(suit_values(hand, tab))[0]


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
def random_call(rng, standing, may_equal, tab):
    """Uniform over pass and every legal bid (docs/engine-spec.md)."""
    lo = max(tab.opts[L.O_MIN_BID], standing if may_equal and standing > 0 else standing + 1)
    ordinary = max(0, tab.opts[L.O_MAX_BID] - lo + 1)
    top = tab.opts[L.O_TOP_BID]
    special = 1 if top > tab.opts[L.O_MAX_BID] and standing < top else 0  # "83 double"
    options = 1 + ordinary + special
    if options == 1:
        return 0
    r = below(rng, options)
    if r == 0:
        return 0
    return lo + r - 1 if r <= ordinary else top


@kernel
def record_call(rec, record, n, seat, call):
    if record and n < L.MAX_CALLS:
        rec[L.R_CALLS + 2 * n] = seat
        rec[L.R_CALLS + 2 * n + 1] = call
        rec[L.R_NCALLS] = n + 1


@kernel
def estimate_points(policy, hand, seat, dealer, rng, flags, tab, think):
    """The points a player expects to make as bidder: the heuristic's count, or (thinking
    players) the median of simulated deals."""
    if policy >= L.PL_PIMC:
        # np.int64: a literal seat would compile the playouts' whole engine a second time
        return playout_gate(np.int64(seat), dealer, hand, flags, tab, rng, think)[1]
    return best_of(suit_values(hand, tab))[1] // 10


@kernel
def forced_any_call(policy, hand, seat, dealer, rng, flags, tab, think):
    """The dealer must bid when all passed, any legal bid (california)."""
    lo = tab.opts[L.O_MIN_BID]
    if policy == L.PL_RANDOM:
        return lo + below(rng, tab.opts[L.O_MAX_BID] - lo + 1)
    estimate = estimate_points(policy, hand, seat, dealer, rng, flags, tab, think)
    return max(lo, min(estimate, tab.opts[L.O_MAX_BID]))


@kernel
def make_call(policy, hand, seat, dealer, standing, partner, may_equal, rng, flags, tab, think):
    if policy == L.PL_RANDOM:
        return random_call(rng, standing, may_equal, tab)
    estimate = estimate_points(policy, hand, seat, dealer, rng, flags, tab, think)
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
    everyone = (1 << seats) - 1
    standing = 0
    bidder = -1
    passed = 0  # bit per seat
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
        if dealer_first and tab.opts[L.O_DEALER_FORCED] == L.FORCED_EXACT:
            forced = True
            call = tab.opts[L.O_FORCED_BID]
        elif dealer_first and tab.opts[L.O_DEALER_FORCED] == L.FORCED_ANY:
            forced = True
            call = forced_any_call(policy_of(policy, side_in(sides, seat)), dealt[seat], seat,
                                   dealer, rng, flags, tab, think)
        else:
            partner = (bidder >= 0 and bidder != seat
                       and side_in(sides, bidder) == side_in(sides, seat))
            may_equal = turn == seats and tab.opts[L.O_DEALER_MAY_EQUAL] != 0
            call = make_call(policy_of(policy, side_in(sides, seat)), dealt[seat], seat, dealer,
                             standing, partner, may_equal, rng, flags, tab, think)
        record_call(rec, record, n, seat, call)
        n += 1
        if call > 0:
            standing = call
            bidder = seat
        else:
            passed |= 1 << seat
    return bidder, standing, forced


@kernel
def name_trump(policy, hand, seat, dealer, rng, flags, tab, think):
    """The bidder's choice of trumps (thinking players: the suit of their estimate, from
    their dealt hand)."""
    if policy == L.PL_RANDOM:
        return below(rng, 4)
    if policy >= L.PL_PIMC:
        return playout_gate(np.int64(seat), dealer, hand, flags, tab, rng, think)[0]
    return best_suit(hand, tab)
