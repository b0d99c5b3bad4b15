"""The auction and the naming of trumps."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, lowest
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.players import policy_of
from pedro_sim.engine.rng import below
from pedro_sim.engine.thinking.bidding import forget_gate, playout_gate

LENGTH_BONUS = 10  # tenths of a point for each trump beyond the third
FIELD = np.int64(0xFFFF)


@kernel
def suit_values(hand, cinfo):
    """The heuristic's value of ``hand`` with each suit as trumps, in tenths of a point,
    packed 16 bits per suit (one pass over the hand instead of one per suit)."""
    values = 0
    counts = 0
    m = hand
    while m:
        c = lowest(m)
        m &= m - ONE
        values += cinfo[0, L.I_PACKED_EVAL, c]
        counts += cinfo[0, L.I_PACKED_COUNT, c]
    for t in range(4):
        n = (counts >> (16 * t)) & FIELD
        if n > 3:
            values += (LENGTH_BONUS * (n - 3)) << (16 * t)
    return values


@kernel
def suit_value(hand, t, cinfo):
    """The value of ``hand`` with ``t`` as trumps."""
    return (suit_values(hand, cinfo) >> (16 * t)) & FIELD


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
def best_suit(hand, cinfo):
    """The suit the heuristic names."""
    return best_of(suit_values(hand, cinfo))[0]


@kernel
def heuristic_call(hand, standing, partner_holds, may_equal, opts, cinfo):
    """Bid the estimated points when they beat the standing bid (by 2 over a partner; a
    dealer that may equal needs only to reach it)."""
    estimate = best_of(suit_values(hand, cinfo))[1] // 10
    return call_for(estimate, standing, partner_holds, may_equal, opts)


@kernel
def call_for(estimate, standing, partner_holds, may_equal, opts):
    """The heuristic's rule: bid ``estimate`` when it beats the standing bid enough."""
    need = standing + (2 if partner_holds else 0 if may_equal and standing > 0 else 1)
    if need < opts[L.O_MIN_BID]:
        need = opts[L.O_MIN_BID]
    if estimate < need or need > opts[L.O_MAX_BID]:
        return 0
    return min(estimate, opts[L.O_MAX_BID])


@kernel
def random_call(rng, standing, may_equal, opts):
    """Uniform over pass and every legal bid (docs/engine-spec.md)."""
    lo = max(opts[L.O_MIN_BID], standing if may_equal and standing > 0 else standing + 1)
    ordinary = max(0, opts[L.O_MAX_BID] - lo + 1)
    top = opts[L.O_TOP_BID]
    special = 1 if top > opts[L.O_MAX_BID] and standing < top else 0  # "83 double"
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
def estimate_points(policy, hand, seat, dealer, rng, flags, opts, masks, beats, cinfo, think):
    """The points a player expects to make as bidder: the heuristic's count, or (thinking
    players) the median of simulated deals."""
    if policy >= L.PL_PIMC:
        # np.int64: a literal seat would compile the playouts' whole engine a second time
        return playout_gate(np.int64(seat), dealer, hand, flags, opts, masks, beats,
                                cinfo, rng, think)[1]
    return best_of(suit_values(hand, cinfo))[1] // 10


@kernel
def forced_any_call(policy, hand, seat, dealer, rng, flags, opts, masks, beats, cinfo, think):
    """The dealer must bid when all passed, any legal bid (california)."""
    lo = opts[L.O_MIN_BID]
    if policy == L.PL_RANDOM:
        return lo + below(rng, opts[L.O_MAX_BID] - lo + 1)
    estimate = estimate_points(policy, hand, seat, dealer, rng, flags, opts, masks, beats,
                               cinfo, think)
    return max(lo, min(estimate, opts[L.O_MAX_BID]))


@kernel
def make_call(policy, hand, seat, dealer, standing, partner, may_equal, rng, flags, opts, masks,
              beats, cinfo, think):
    if policy == L.PL_RANDOM:
        return random_call(rng, standing, may_equal, opts)
    estimate = estimate_points(policy, hand, seat, dealer, rng, flags, opts, masks, beats,
                               cinfo, think)
    call = call_for(estimate, standing, partner, may_equal, opts)
    if opts[L.O_AUCTION]:  # an auction that goes round: raise one at a time
        return min(call, max(standing + 1, opts[L.O_MIN_BID])) if call else 0
    return call


@kernel
def auction(policy, dealt, dealer, rng, flags, opts, masks, beats, cinfo, rec, record, think):
    """Eldest first, one round or round and round until all but one have passed; the
    dealer is forced when the first three pass. Returns (bidder, bid, forced)."""
    forget_gate(think)
    standing = 0
    bidder = -1
    passed = 0  # bit per seat
    n = 0
    forced = False
    turn = 0
    while True:
        if opts[L.O_AUCTION] == 0 and turn == 4:
            break
        out = passed | (1 << bidder) if bidder >= 0 else passed
        if out == 15 or (bidder >= 0 and passed == 15 & ~(1 << bidder)):
            break
        seat = (dealer + 1 + turn) & 3
        turn += 1
        if (passed >> seat) & 1:
            continue
        if turn == 4 and bidder < 0 and opts[L.O_DEALER_FORCED] == L.FORCED_EXACT:
            forced = True
            call = opts[L.O_FORCED_BID]
        elif turn == 4 and bidder < 0 and opts[L.O_DEALER_FORCED] == L.FORCED_ANY:
            forced = True
            call = forced_any_call(policy_of(policy, seat), dealt[seat], seat, dealer, rng,
                                   flags, opts, masks, beats, cinfo, think)
        else:
            partner = bidder >= 0 and (bidder ^ seat) == 2
            may_equal = turn == 4 and opts[L.O_DEALER_MAY_EQUAL] != 0
            call = make_call(policy_of(policy, seat), dealt[seat], seat, dealer, standing,
                             partner, may_equal, rng, flags, opts, masks, beats, cinfo, think)
        record_call(rec, record, n, seat, call)
        n += 1
        if call > 0:
            standing = call
            bidder = seat
        else:
            passed |= 1 << seat
    return bidder, standing, forced


@kernel
def name_trump(policy, hand, seat, dealer, rng, flags, opts, masks, beats, cinfo, think):
    """The bidder's choice of trumps (thinking players: the suit of their estimate, from
    their dealt hand)."""
    if policy == L.PL_RANDOM:
        return below(rng, 4)
    if policy >= L.PL_PIMC:
        return playout_gate(np.int64(seat), dealer, hand, flags, opts, masks, beats,
                                cinfo, rng, think)[0]
    return best_suit(hand, cinfo)
