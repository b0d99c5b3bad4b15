"""Reading the auction: how likely a drawn world makes the calls the other seats made.

The sampler (sampler.py) draws worlds uniformly among those consistent with the cards a
seat has seen. A seat that bid holds more than such a draw gives it, and one that passed
less. pimc with ``infer=auction`` (or ``cards``: card play only) weighs each world by the
likelihood of those calls under a model of the bidders, mixed with a uniform floor so
that no world consistent with the cards is ever excluded (policy-based inference:
Rebstock et al. 2019; the floor answers BEN's users, whose hard rejection threw away
hands that really occur):

    weight = (1 - trust) + trust * prod over the other seats of L(its calls | its hand)

The model: a seat bids with probability sigmoid(SLOPE * (est - need) + OFFSET), ``est``
the heuristic's value of its hand in points (bid_values), ``need`` the lowest bid open to
it. ``L`` is that probability for the bidder's bid (by choice, not as a forced dealer; a
bid that was outbid may have been meant for another suit and is not read at play), and
one minus it for each pass. At play a seat's ``est`` is the value, in the named trumps, of
what it holds in the world plus what it has played (where every non-trump is discarded:
its trumps when play started); in the bidding deals (bidding.deal_heard) the value of its
dealt cards in their best suit. The auction is noted in the scratch as it is played
(note_call); a deal without one (the `bid` analysis) notes nothing.
"""

import math

import numpy as np
from numba import types
from numba.extending import overload

from pedro_sim.encoding import layout as L
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.players.bid_values import best_of, suit_value, suit_values
from pedro_sim.engine.seats import players
from pedro_sim.engine.thinking import sampler as SM
from pedro_sim.engine.thinking.scratch import calls_of


@kernel
def forget_calls(think):
    """No call noted yet (each deal starts so)."""
    calls = calls_of(think)
    for q in range(L.SEATS):
        calls[2 * q] = 0
        calls[2 * q + 1] = -1


@kernel
def need_to_bid(standing, may_equal, tab):
    """The lowest bid a seat could have made (-1 when none was open to it)."""
    need = max(tab.opts[L.O_MIN_BID], standing if may_equal and standing > 0 else standing + 1)
    return np.int64(-1) if need > tab.opts[L.O_MAX_BID] else np.int64(need)


@kernel
def note_call(think, seat, call, standing, may_equal, forced, tab):
    """Note ``seat``'s call: its highest bid by choice (a special bid above the preset's
    numbers as its top number), or the bid it passed up."""
    calls = calls_of(think)
    if call > 0 and not forced:
        calls[2 * seat] = max(calls[2 * seat], min(call, tab.opts[L.O_MAX_BID]))
    elif call <= 0 and calls[2 * seat + 1] < 0:
        calls[2 * seat + 1] = need_to_bid(standing, may_equal, tab)


def forget_calls_gate(think):
    """forget_calls, when there is a thinking scratch."""


@overload(forget_calls_gate, inline="always")
def _forget_calls_gate(think):
    if isinstance(think, types.NoneType):
        return lambda think: None
    return lambda think: forget_calls(think)


def note_call_gate(think, seat, call, standing, may_equal, forced, tab):
    """note_call, when there is a thinking scratch."""


@overload(note_call_gate, inline="always")
def _note_call_gate(think, seat, call, standing, may_equal, forced, tab):
    if isinstance(think, types.NoneType):
        return lambda think, seat, call, standing, may_equal, forced, tab: None
    return lambda think, seat, call, standing, may_equal, forced, tab: \
        note_call(think, seat, call, standing, may_equal, forced, tab)


# P(a seat bids | its hand worth est points, the lowest bid open to it need) =
# sigmoid(SLOPE * (est - need) + OFFSET): fitted by logistic regression to pimc's calls in
# 3,000 cinch deals of self-play (scripts/calibrate_inference.py: 11,719 calls, slope 0.46,
# offset 0.64). pimc bids hands the heuristic counts about 1.4 points below the bid.
SLOPE = 0.46
OFFSET = 0.64


@kernel
def sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x))


@kernel
def calls_likelihood(world, p, know, calls, bidder, t, tab):
    """How likely the other seats' noted calls are with their cards in ``world``: the
    bidder's bid, and every pass (a bid that was outbid may have been meant for another
    suit than the trumps named: it says nothing here)."""
    like = 1.0
    tm = tab.masks[t, L.M_TRUMP]
    for q in range(players(tab)):
        if q == p:
            continue
        bid = calls[2 * q] if q == bidder else 0
        need = calls[2 * q + 1]
        if bid <= 0 and need <= 0:
            continue
        est = suit_value((world[q] | know[SM.K_PLAYED + q]) & tm, t, tab) / 10.0
        like *= call_likelihood(est, bid, need)
    return like


@kernel
def world_weight(world, p, know, calls, bidder, infer, trust, t, tab):
    """The weight of a drawn world: 1 without inference, else the uniform floor
    ``1 - trust`` (``trust`` in percent) plus ``trust`` times the calls' likelihood."""
    if infer == L.INFER_NONE:
        return 1.0
    share = trust / 100.0
    return (1.0 - share) + share * calls_likelihood(world, p, know, calls, bidder, t, tab)


@kernel
def call_likelihood(est, bid, need):
    """How likely a seat whose hand is worth ``est`` points made its calls: a bid of
    ``bid`` (0: none), a pass where it would have had to bid ``need`` (-1: none)."""
    like = 1.0
    if bid > 0:
        like *= sigmoid(SLOPE * (est - bid) + OFFSET)
    if need > 0:
        like *= 1.0 - sigmoid(SLOPE * (est - need) + OFFSET)
    return like


@kernel
def dealt_likelihood(hands, seat, calls, tab):
    """How likely the calls noted so far are in a simulated deal around ``seat``'s hand
    (bidding.py), every other seat's dealt cards valued in its best suit, as the heuristic
    bids them (auction.heuristic_call)."""
    like = 1.0
    for q in range(players(tab)):
        if q != seat and (calls[2 * q] > 0 or calls[2 * q + 1] > 0):
            est = best_of(suit_values(hands[L.H_DEALT + q], tab))[1] / 10.0
            like *= call_likelihood(est, calls[2 * q], calls[2 * q + 1])
    return like
