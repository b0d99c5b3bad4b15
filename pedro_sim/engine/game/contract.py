"""A deal from the named trump on: discards, fill, play (by thinking players or not) and
the bidders' credit. Shared by every deal and by the playout bidders' simulations."""

from numba.core import types
from numba.extending import overload

from pedro_sim.encoding import layout as L
from pedro_sim.engine.game.dealing import exchange_cards, record_exchange
from pedro_sim.engine.game.scoring import exchange_credit
from pedro_sim.engine.game.tricks import play_out, play_out_inline
from pedro_sim.engine.jit import kernel, shared_phase
from pedro_sim.engine.thinking.exchange import think_exchange
from pedro_sim.engine.thinking.playouts import think_out
from pedro_sim.engine.thinking.think_buffers import thinks


def think_out_gate(hands, bidder, t, policy, flags, rng, tab, pts, rec, think):
    """think_out; nothing at all when ``think`` is None (no seat thinks), so that a random
    or heuristic run never compiles the thinking players, the sampler or the solver."""


@overload(think_out_gate, inline="always")
def _think_out_gate(hands, bidder, t, policy, flags, rng, tab, pts, rec, think):
    if isinstance(think, types.NoneType):
        return lambda hands, bidder, t, policy, flags, rng, tab, pts, rec, think: None
    return lambda hands, bidder, t, policy, flags, rng, tab, pts, rec, think: think_out(
        hands, bidder, t, policy, flags, rng, tab, pts, rec, think)


def think_exchange_gate(deck, hands, dealer, bidder, bid, trump, policy, flags, tab, rng, think):
    """exchange.think_exchange; nothing when ``think`` is None."""


@overload(think_exchange_gate, inline="always")
def _think_exchange_gate(deck, hands, dealer, bidder, bid, trump, policy, flags, tab, rng, think):
    if isinstance(think, types.NoneType):
        return lambda deck, hands, dealer, bidder, bid, trump, policy, flags, tab, rng, think: \
            None
    return lambda deck, hands, dealer, bidder, bid, trump, policy, flags, tab, rng, think: \
        think_exchange(deck, hands, dealer, bidder, bid, trump, policy, flags, tab, rng, think)


def _play_contract(inline_loop: bool):
    """play_contract with the trick loop inlined (no seat thinks) or called compiled once
    (tricks.play_rest)."""

    @kernel
    def play_contract(dealer, bidder, trump, policy, flags, tab, work, think):
        """Discards, fill and play once ``bidder`` has named ``trump`` (the kitty taken):
        each side's points into work.pts."""
        hands = work.hands
        rng = work.rng
        pts = work.pts
        rec = work.rec
        st = work.play
        exchange_cards(work.deck, hands, dealer, trump, policy, flags, rng, tab)
        if thinks(policy):
            think_exchange_gate(work.deck, hands, dealer, bidder, pts[L.PT_BID], trump, policy,
                                flags, tab, rng, think)
        record_exchange(hands, tab, rec)
        exchange_credit(hands, bidder, trump, tab, pts)  # before play, as players know it
        if thinks(policy):
            think_out_gate(hands, bidder, trump, policy, flags, rng, tab, pts, rec, think)
        elif inline_loop:
            play_out_inline(hands, st, bidder, trump, policy, flags, rng, tab, pts, rec)
        else:
            play_out(hands, st, bidder, trump, policy, flags, rng, tab, pts, rec)

    return play_contract


play_contract = _play_contract(False)
play_contract_inline = _play_contract(True)  # where no seat thinks
# Compiled once, for the playout bidders' simulations and for the deals of thinking players
# (which used to inline their own copy: 2 s of a first run's compile, measured); deals
# without thinking players inline play_contract_inline.
play_contract_once = shared_phase(play_contract.py_func)
