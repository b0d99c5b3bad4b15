"""A deal from the named trump on: discards, fill, play (by thinking players or not) and
the bidders' credit. Shared by every deal and by the playout bidders' simulations."""

from numba.core import types
from numba.extending import overload

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import bit
from pedro_sim.engine.game.dealing import discard_and_fill
from pedro_sim.engine.game.tricks import card_points, play_out, play_out_inline
from pedro_sim.engine.jit import kernel, shared_phase
from pedro_sim.engine.thinking.playouts import think_out
from pedro_sim.engine.thinking.scratch import thinks


def think_out_gate(hands, bidder, t, policy, flags, rng, opts, masks, beats, cinfo, pts, rec,
                   think):
    """think_out; nothing at all when ``think`` is None (no seat thinks), so that a random
    or heuristic run never compiles the thinking players, the sampler or the solver."""


@overload(think_out_gate, inline="always")
def _think_out_gate(hands, bidder, t, policy, flags, rng, opts, masks, beats, cinfo, pts, rec,
                    think):
    if isinstance(think, types.NoneType):
        return lambda hands, bidder, t, policy, flags, rng, opts, masks, beats, cinfo, pts, \
            rec, think: None
    return lambda hands, bidder, t, policy, flags, rng, opts, masks, beats, cinfo, pts, rec, \
        think: think_out(hands, bidder, t, policy, flags, rng, opts, masks, beats, cinfo, pts,
                         rec, think)


@kernel
def discard_credit(work, bidder, t, opts, masks, cinfo):
    """foster: the points of the scoring trumps the bidders' opponents put away."""
    credit = 0
    for p in range(4):
        if (p ^ bidder) & 1:
            gone = work[4 + p] | work[8 + p]
            credit += card_points(gone, t, cinfo)
            if gone & masks[t, L.M_TWO]:
                credit += opts[L.O_TWO_POINTS]
    return credit


@kernel
def take_kitty(deck, bidder, opts, books):
    """The high bidder takes the kitty: the cards after the hands."""
    if opts[L.O_KITTY]:
        for j in range(4 * opts[L.O_HAND], opts[L.O_DECK]):
            books[bidder] |= bit(deck[j])


def _play_contract(inline_loop: bool):
    """play_contract with the trick loop inlined or not (play._play_out)."""

    @kernel
    def play_contract(deck, dealer, bidder, trump, policy, flags, opts, masks, beats, cinfo,
                      hands, rng, pts, rec, think):
        """Discards, fill and play once ``bidder`` has named ``trump`` (the kitty taken):
        each team's points into ``pts``."""
        record = rec.shape[0] > 0
        work = hands[12:32]
        discard_and_fill(deck, hands[4:8], hands[8:12], hands, dealer, trump, policy, rng,
                         opts, masks, cinfo, work, rec, record)
        if thinks(policy):
            think_out_gate(hands, bidder, trump, policy, flags, rng, opts, masks, beats, cinfo,
                           pts, rec, think)
        elif inline_loop:
            play_out_inline(hands, bidder, trump, policy, flags, rng, opts, masks, beats, cinfo,
                            pts, rec, record)
        else:
            play_out(hands, bidder, trump, policy, flags, rng, opts, masks, beats, cinfo, pts,
                     rec, record)
        if opts[L.O_OPPONENTS_DISCARDS_TO_BIDDERS]:
            pts[bidder & 1] += discard_credit(work, bidder, trump, opts, masks, cinfo)

    return play_contract


play_contract = _play_contract(False)
play_contract_inline = _play_contract(True)  # where no seat thinks
# Compiled once, for the playout bidders' simulations; deals inline play_contract.
play_contract_once = shared_phase(play_contract.py_func)
