"""A deal from the named trump on: discards, fill, play (by thinking players or not) and
the bidders' credit. Shared by every deal and by the playout bidders' simulations."""

from numba.core import types
from numba.extending import overload

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import bit
from pedro_sim.engine.game.dealing import discard_and_fill
from pedro_sim.engine.game.tricks import card_points, play_out, play_out_inline
from pedro_sim.engine.jit import kernel, shared_phase
from pedro_sim.engine.seats import players, same_side, side_of
from pedro_sim.engine.thinking.playouts import think_out
from pedro_sim.engine.thinking.scratch import thinks


def think_out_gate(hands, bidder, t, policy, flags, rng, tab, pts, rec, think):
    """think_out; nothing at all when ``think`` is None (no seat thinks), so that a random
    or heuristic run never compiles the thinking players, the sampler or the solver."""


@overload(think_out_gate, inline="always")
def _think_out_gate(hands, bidder, t, policy, flags, rng, tab, pts, rec, think):
    if isinstance(think, types.NoneType):
        return lambda hands, bidder, t, policy, flags, rng, tab, pts, rec, think: None
    return lambda hands, bidder, t, policy, flags, rng, tab, pts, rec, think: think_out(
        hands, bidder, t, policy, flags, rng, tab, pts, rec, think)


@kernel
def discard_credit(hands, bidder, t, tab):
    """foster: the points of the scoring trumps the bidders' opponents put away."""
    total = 0
    for p in range(L.SEATS):
        if not same_side(tab, p, bidder):
            gone = hands[L.H_DISCARDED + p] | hands[L.H_PUT_AWAY + p]
            total += card_points(gone, t, tab)
            if gone & tab.masks[t, L.M_TWO]:
                total += tab.opts[L.O_TWO_POINTS]
    return total


@kernel
def take_kitty(deck, bidder, tab, books):
    """The high bidder takes the kitty: the cards after the hands."""
    if tab.opts[L.O_KITTY]:
        for j in range(players(tab) * tab.opts[L.O_HAND], tab.opts[L.O_DECK]):
            books[bidder] |= bit(deck[j])


def _play_contract(inline_loop: bool):
    """play_contract with the trick loop inlined or not (play._play_out)."""

    @kernel
    def play_contract(dealer, bidder, trump, policy, flags, tab, work, think):
        """Discards, fill and play once ``bidder`` has named ``trump`` (the kitty taken):
        each side's points into work.pts."""
        hands = work.hands
        rng = work.rng
        pts = work.pts
        rec = work.rec
        st = work.play
        discard_and_fill(work.deck, hands, dealer, trump, policy, rng, tab, rec)
        bonus = 0  # worked out before play, which leaves the discards as they are
        if tab.opts[L.O_OPPONENTS_DISCARDS_TO_BIDDERS]:
            bonus = discard_credit(hands, bidder, trump, tab)
        if thinks(policy):
            think_out_gate(hands, bidder, trump, policy, flags, rng, tab, pts, rec, think)
        elif inline_loop:
            play_out_inline(hands, st, bidder, trump, policy, flags, rng, tab, pts, rec)
        else:
            play_out(hands, st, bidder, trump, policy, flags, rng, tab, pts, rec)
        pts[L.PT_POINTS + side_of(tab, bidder)] += bonus

    return play_contract


play_contract = _play_contract(False)
play_contract_inline = _play_contract(True)  # where no seat thinks
# Compiled once, for the playout bidders' simulations; deals inline play_contract.
play_contract_once = shared_phase(play_contract.py_func)
