"""The auction and the naming of trumps."""

from pedro_sim.engine import layout as L
from pedro_sim.engine.bits import ONE, lowest, popcount
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.rng import below


@kernel
def suit_value(hand, t, masks, cinfo):
    """The heuristic's estimate, in tenths of a point, of ``hand`` with ``t`` as trumps."""
    tr = hand & masks[t, L.M_TRUMP]
    v = 0
    m = tr
    while m:
        c = lowest(m)
        m &= m - ONE
        v += cinfo[t, L.I_EVAL, c]
    n = popcount(tr)
    if n > 3:
        v += 10 * (n - 3)
    return v


@kernel
def best_suit(hand, masks, cinfo):
    """The suit the heuristic names: the highest suit_value, lowest suit on ties."""
    best = 0
    best_v = -1
    for t in range(4):
        v = suit_value(hand, t, masks, cinfo)
        if v > best_v:
            best_v = v
            best = t
    return best


@kernel
def heuristic_call(hand, standing, partner_holds, opts, masks, cinfo):
    """Bid the estimated points when they beat the standing bid (by 2 over a partner)."""
    estimate = suit_value(hand, best_suit(hand, masks, cinfo), masks, cinfo) // 10
    need = standing + (2 if partner_holds else 1)
    if need < opts[L.O_MIN_BID]:
        need = opts[L.O_MIN_BID]
    if estimate < need:
        return 0
    return min(estimate, opts[L.O_MAX_BID])


@kernel
def random_call(rng, standing, opts):
    """Uniform over pass and every legal bid (docs/engine-spec.md)."""
    lo = max(opts[L.O_MIN_BID], standing + 1)
    options = 1 + max(0, opts[L.O_MAX_BID] - lo + 1)
    if options == 1:
        return 0
    r = below(rng, options)
    return 0 if r == 0 else lo + r - 1


@kernel
def auction(policy, dealt, dealer, rng, opts, masks, cinfo, rec, record):
    """One round, eldest first, dealer forced when three passed. Returns (bidder, bid)."""
    standing = 0
    bidder = -1
    for q in range(4):
        seat = (dealer + 1 + q) & 3
        if q == 3 and bidder < 0:
            call = opts[L.O_FORCED_BID]
        elif policy == L.P_RANDOM:
            call = random_call(rng, standing, opts)
        else:
            partner = bidder >= 0 and (bidder ^ seat) == 2
            call = heuristic_call(dealt[seat], standing, partner, opts, masks, cinfo)
        if record:
            rec[L.R_CALLS + q] = call
        if call > 0:
            standing = call
            bidder = seat
    return bidder, standing


@kernel
def name_trump(policy, hand, rng, masks, cinfo):
    """The bidder's choice of trumps."""
    if policy == L.P_RANDOM:
        return below(rng, 4)
    return best_suit(hand, masks, cinfo)
