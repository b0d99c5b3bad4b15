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

``infer=all`` reads the play as well: every play is logged with the trick as its seat
saw it (log_before, log_after), and in a world each other seat's single-card play weighs
1 if the heuristic would have played that card from the cards the seat held then (its
cards in the world and those it played since), PLAY_SLACK otherwise.
"""

import math

import numpy as np
from numba import types
from numba.extending import overload

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, popcount
from pedro_sim.engine.game.calling import calls_partner
from pedro_sim.engine.game.tricks import extra_cards, lead_cards, legal_cards, winning
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.players.bid_values import best_of, suit_value, suit_values
from pedro_sim.engine.players.heuristic import heuristic_card
from pedro_sim.engine.rng import uniform
from pedro_sim.engine.seats import holders, later_opponents, players, side_of, side_word
from pedro_sim.engine.thinking import sampler as SM
from pedro_sim.engine.thinking.think_buffers import (
    G_BEFORE,
    G_CARD,
    G_FIRST,
    G_LATER,
    G_LED,
    G_NEW,
    G_NPLAYS,
    G_POINTS,
    G_SEAT,
    G_TRICK,
    G_WCARD,
    G_WSEAT,
    MAX_LOG,
    N_LOG,
    calls_of,
    new_table_generation,
    plays_of,
)


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
    """Note ``seat``'s call in the scratch (note_into)."""
    note_into(calls_of(think), seat, call, standing, may_equal, forced, tab)


@kernel
def note_into(calls, seat, call, standing, may_equal, forced, tab):
    """Note ``seat``'s call in ``calls``: its highest bid by choice (a special bid above
    the preset's numbers as its top number), or the bid it passed up (a position's
    auction is noted so too: analysis/decisions/position.py)."""
    if call > 0 and not forced:
        calls[2 * seat] = max(calls[2 * seat], min(call, tab.opts[L.O_MAX_BID]))
    elif call <= 0 and calls[2 * seat + 1] < 0:
        calls[2 * seat + 1] = need_to_bid(standing, may_equal, tab)


def start_deal_gate(think):
    """Where there is a thinking scratch, each deal starts with no call noted and a new
    generation of the solver's table (think_buffers.new_table_generation)."""


@overload(start_deal_gate, inline="always")
def _start_deal_gate(think):
    if isinstance(think, types.NoneType):
        return lambda think: None

    def start(think):
        forget_calls(think)
        new_table_generation(think)
    return start


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
def world_weight(world, p, know, calls, plays, bidder, infer, trust, t, tab):
    """The weight of a drawn world: 1 without inference, else the uniform floor
    ``1 - trust`` (``trust`` in percent) plus ``trust`` times the calls' likelihood."""
    if infer == L.INFER_NONE:
        return 1.0
    share = trust / 100.0
    like = calls_likelihood(world, p, know, calls, bidder, t, tab)
    if infer == L.INFER_ALL:
        like *= plays_likelihood(world, p, plays, t, tab)
    return (1.0 - share) + share * like


MAX_DRAWS = 32  # draws for one kept world in card play; the last is kept unread


@kernel
def draw_kept(four, p, all_hands, world, rng, dp, fact, sp, sm, know, out_p, must, calls,
              plays, bidder, infer, trust, t, tab):
    """A world for card play, into ``world``; returns its weight (world_weight). Reading
    the table, each world drawn is kept with the probability of its weight, else another
    is drawn (the last of MAX_DRAWS is kept whatever its weight): the kept worlds follow
    the posterior, and every one counts the same in the card's mean. (Weighing uniform
    draws instead leaves fewer effective worlds for the same playouts: measured weaker,
    docs/players.md.) Without inference one draw, and no random number more."""
    weight = 1.0
    for k in range(MAX_DRAWS):
        if four:
            SM.draw_world(p, all_hands, world, rng, dp, fact, sp, sm)
        else:
            SM.draw_any(p, all_hands, world, rng, know, out_p, must, t, tab)
        weight = world_weight(world, p, know, calls, plays, bidder, infer, trust, t, tab)
        if infer == L.INFER_NONE or k == MAX_DRAWS - 1 or uniform(rng) < weight:
            break
    return weight


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


# infer=all: a play the heuristic would not have made from the world's cards is this much
# less likely than one it would (the others are modelled as the heuristic, loosely)
PLAY_SLACK = 0.5


@kernel
def log_before(think, hands, st, p, k, tab):
    """Note, for infer=all, the trick as seat ``p`` at place ``k`` sees it before it plays
    (``st``, layout PS_*): log_after completes the entry once the cards are down."""
    log = plays_of(think)
    n = log[0]
    if n >= MAX_LOG:
        return
    at = 1 + n * N_LOG
    log[at + G_SEAT] = p
    log[at + G_LATER] = 1 if holders(hands, tab) & later_opponents(tab, k, p) else 0
    log[at + G_FIRST] = 1 if st[L.PS_TRICK] == 0 and p == st[L.PS_BIDDER] else 0
    log[at + G_WSEAT] = st[L.PS_WSEAT] if k > 0 else -1
    log[at + G_WCARD] = st[L.PS_WCARD]
    log[at + G_LED] = st[L.PS_LED] if k > 0 else -1
    log[at + G_POINTS] = st[L.PS_POINTS]
    log[at + G_NPLAYS] = st[L.PS_NPLAYS]
    log[at + G_BEFORE] = st[L.PS_PLAYED]
    log[at + G_TRICK] = st[L.PS_TRICK]


@kernel
def log_after(think, c, new):
    """The entry log_before began: the top card ``c`` and every card put down (``new``)."""
    log = plays_of(think)
    n = log[0]
    if n >= MAX_LOG:
        return
    at = 1 + n * N_LOG
    log[at + G_CARD] = c
    log[at + G_NEW] = np.int64(new)
    log[0] = n + 1


@kernel
def plays_likelihood(world, p, log, t, tab):
    """How likely the other seats' logged single-card plays are with their cards in
    ``world``: 1 for a play the heuristic would make from the cards the seat held then
    (its cards in the world and those it played since), PLAY_SLACK for any other.
    Stacks and five-handed's plays (whose sides are not public) are not read."""
    if calls_partner(tab):
        return 1.0
    like = 1.0
    sides = side_word(tab)
    n = log[0]
    for j in range(n):
        at = 1 + j * N_LOG
        q = log[at + G_SEAT]
        c = log[at + G_CARD]
        if q == p or np.uint64(log[at + G_NEW]) != ONE << np.uint64(c):
            continue
        held = world[q]
        for i in range(j, n):  # the cards it played from this play on
            if log[1 + i * N_LOG + G_SEAT] == q:
                held |= np.uint64(log[1 + i * N_LOG + G_NEW])
        if extra_cards(popcount(held), log[at + G_TRICK], tab) > 0:
            continue  # a hand that plays a stack here: its top card is not read
        led = log[at + G_LED]
        if led < 0:
            legal = lead_cards(held, log[at + G_FIRST] == 1, t, tab)
        else:
            legal = legal_cards(held, led, t, tab, tab.opts[L.O_PLAIN_LED])
        if popcount(legal) < 2:
            continue
        later = log[at + G_LATER] == 1
        guess = heuristic_card(np.int64(L.F_ALL), held, legal,
                               winning(log[at + G_WSEAT], sides, side_of(tab, q)),
                               log[at + G_WCARD], np.uint64(log[at + G_BEFORE]), later,
                               later and log[at + G_NPLAYS] == 2, log[at + G_POINTS], t, tab)
        if guess != c:
            like *= PLAY_SLACK
    return like
