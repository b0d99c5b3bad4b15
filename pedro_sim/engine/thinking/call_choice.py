"""five-handed: the thinking bidder's call (pimc with call=playouts). Each trump it may call
is valued as its cards are (playouts.pimc_card): on worlds drawn from what it knows when
play starts, the deal played out by the heuristic from its first lead with that card
called, the holder of the card in the world being its partner; the best mean wins.
Measured weaker than the heuristic's call (the highest trump it lacks: -0.14 net a deal
in a duel, docs/players.md), so pimc calls as the heuristic by default, as dd and every
other player do (game.calling.plain_call)."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, lowest, popcount
from pedro_sim.engine.game.calling import call_partner, callable_trumps, start_call
from pedro_sim.engine.game.tricks import play_rest, start_trick
from pedro_sim.engine.jit import kernel, shared_phase
from pedro_sim.engine.players import seat_player, settings_of
from pedro_sim.engine.seats import clear_points, players, role_of, sides
from pedro_sim.engine.thinking import playouts as PO  # (a module: playouts calls back here)
from pedro_sim.engine.thinking import sampler as SM
from pedro_sim.engine.thinking.think_buffers import (
    T_NOREC,
    know_of,
    must_of,
    pts_of,
    rollout_hands,
    rollout_state_of,
    scores_of,
    world_of,
)


@kernel
def call_value(world, bidder, c, flags, cfg, rng, t, tab, real, think):
    """The value for the bidder (playouts.value_for) of calling ``c`` in the drawn
    ``world``: every seat plays as the heuristic from the first lead on."""
    pts = pts_of(think)
    rst = rollout_state_of(think)
    no_rec = think[T_NOREC]
    clear_points(pts)
    start_call(pts, no_rec, world, bidder, np.int64(c), tab)
    start_trick(rst, np.int64(0), bidder)
    rst[L.PS_BIDDER] = bidder
    rst[L.PS_FOLDS] = 0
    rst[L.PS_PLAYED] = 0
    play_rest(world, rst, np.int64(L.P_HEURISTIC), flags, rng, t, tab, pts, no_rec)
    objective = flags[cfg + L.K_OBJECTIVE]
    if objective == L.OBJ_SCORE:
        for s in range(sides(tab)):
            pts[L.PT_POINTS + s] += real[L.PT_POINTS + s]
    return PO.value_for(pts, bidder, objective, think, tab)


@shared_phase
def pimc_call(all_hands, bidder, flags, cfg, rng, real, think, t, tab):
    """The callable trump with the best mean value over ``bid_worlds`` drawn worlds, every
    trump valued on the same worlds (the lowest id on ties)."""
    know = know_of(think)
    world = world_of(think)
    scores = scores_of(think)
    must = must_of(think)
    rh = rollout_hands(think)
    out_p = PO.private_knowledge(bidder, all_hands, tab, must)
    cands = callable_trumps(all_hands[bidder], t, tab)
    n = popcount(cands)
    for i in range(n):
        scores[i] = 0.0
    for _ in range(flags[cfg + L.K_BID_WORLDS]):  # a contract's decision: as many as a bid
        SM.draw_any(bidder, all_hands, world, rng, know, out_p, must, t, tab)
        m = cands
        i = 0
        while m:
            c = lowest(m)
            m &= m - ONE
            for q in range(players(tab)):
                rh[q] = world[q]
            scores[i] += call_value(rh, bidder, c, flags, cfg, rng, t, tab, real, think)
            i += 1
    return PO.best_scored(scores, cands)


@kernel
def think_call(all_hands, bidder, t, policy, flags, rng, tab, pts, rec, think):
    """The call when play starts, before the first lead (part of it): by playouts for
    pimc with call=playouts, else plain_call (the heuristic's: measured the stronger,
    docs/players.md)."""
    cfg = settings_of(policy, role_of(tab, bidder))
    if seat_player(policy, tab, bidder) != L.PL_PIMC or \
            flags[cfg + L.K_CALL] != L.CALL_PLAYOUTS:
        call_partner(all_hands, bidder, t, policy, rng, tab, pts, rec)
        return
    c = pimc_call(all_hands, bidder, flags, cfg, rng, pts, think, t, tab)
    start_call(pts, rec, all_hands, bidder, c, tab)
