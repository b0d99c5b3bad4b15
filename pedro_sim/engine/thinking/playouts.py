"""Players that think: determinized playouts (``pimc``) and the all-seeing ``dd``.

``pimc``: at each play with a choice, draw K worlds consistent with what the player
knows (engine/thinking/sampler.py) and score each legal card by its mean value over them:
the points its team takes from here on, by heuristic rollouts (the default) or by
the solver (every card visible within the world). It plays the best-scoring card
(ties: the lowest card id). ``dd``: plays the card the solver rates best in the
real deal. Both keep, discard and bury as the heuristic does, and a stack's top card
(first-trick extras) is the heuristic's too.
"""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, ZERO, lowest, popcount
from pedro_sim.engine.game.tricks import (
    claim_if_alone,
    close_trick,
    extra_cards,
    lead_cards,
    legal_cards,
    play_cards_once,
    play_rest,
    two_to_holder,
)
from pedro_sim.engine.jit import kernel, shared_phase
from pedro_sim.engine.players import policy_of
from pedro_sim.engine.thinking import sampler as SM
from pedro_sim.engine.thinking import solver as SV
from pedro_sim.engine.thinking.scratch import (
    T_NOREC,
    ctx_of,
    know_of,
    must_of,
    pts_of,
    rollout_hands,
    sampler_of,
    scores_of,
    solver_of,
    state_of,
    world_of,
)


@kernel
def private_knowledge(p, all_hands, opts, must):
    """What seat ``p`` alone knows: the cards it put out of play, and (``must``) the
    cards it passed its partner."""
    for q in range(4):
        must[q] = ZERO
    if opts[L.O_PASS_EXCESS]:
        must[p ^ 2] = all_hands[28 + (p ^ 2)] & all_hands[(p ^ 2)]
    return all_hands[16 + p] | all_hands[20 + p]


@shared_phase
def rollout_value(world, st, p, c, played, flags, rng, t, opts, masks, beats, cinfo, pts,
                  no_rec):
    """Points of ``p``'s team from here on when ``p`` plays ``c`` and then everybody plays
    as the heuristic."""
    for q in range(5):
        pts[q] = 0
    trick = st[SV.S_TRICK]
    leader = st[SV.S_LEADER]
    record = no_rec.shape[0] > 0
    heuristic = np.int64(L.P_HEURISTIC)
    free = np.int64(-1)  # no lead is forced: a lead here is ``c``, and later tricks are free
    wseat, wcard, led, points, played, folds, nplays = play_cards_once(
        world, leader, free, trick, np.int64(0), heuristic, flags, played, rng, t, opts, masks,
        beats, cinfo, pts, no_rec, np.int64(0), record, st[SV.S_K], np.int64(4), c,
        st[SV.S_WSEAT], st[SV.S_WCARD], st[SV.S_LED], st[SV.S_TPTS], st[SV.S_K])
    pts[wseat & 1] += points
    play_rest(world, wseat, free, trick + 1, folds, heuristic, flags, played, rng, t, opts,
              masks, beats, cinfo, pts, no_rec, record)
    return pts[p & 1]


@kernel
def solver_value(world, st, p, c, think, t, opts, masks, beats, cinfo):
    """Points of ``p``'s team from here on when ``p`` plays ``c``, all playing perfectly
    with every card of ``world`` visible."""
    ctx, moves, frames, ttk, ttv, order = solver_of(think)
    v0 = SV.move_value(world, st, p, c, ZERO, np.int64(-1), np.int64(SV.INF), ctx, t, opts,
                       masks, beats, cinfo, order, ttk, ttv, moves, frames)
    if (p & 1) == 0:
        return v0
    return SV.points_left(world, st[SV.S_TPTS], t, masks, cinfo) - v0


@shared_phase
def dd_card(hands, st, p, legal, think, t, opts, masks, beats, cinfo):
    """The card of ``legal`` the solver rates best for ``p``'s team in the real deal."""
    ctx_of(think)[SV.C_GEN] += 1  # the table may hold drawn worlds' values: a new one
    best = -1
    best_v = -1
    m = legal
    while m:
        c = lowest(m)
        m &= m - ONE
        v = solver_value(hands, st, p, c, think, t, opts, masks, beats, cinfo)
        if v > best_v:
            best_v = v
            best = c
    return best


@shared_phase
def pimc_card(all_hands, st, p, legal, played, flags, rng, think, t, opts, masks, beats,
              cinfo):
    """The card of ``legal`` with the best mean over K drawn worlds."""
    know, world, scores, pts, must = (know_of(think), world_of(think), scores_of(think),
                                      pts_of(think), must_of(think))
    dp, fact, sp, sm = sampler_of(think)
    rh = rollout_hands(think)
    out_p = private_knowledge(p, all_hands, opts, must)
    if SM.prepare(p, all_hands, know, out_p, must, t, opts, masks, dp, fact, sp, sm) <= 0.0:
        return np.int64(-1)  # no world fits what it knows (a rule it cannot read): heuristic
    n = popcount(legal)
    for i in range(n):
        scores[i] = 0.0
    rollouts = flags[L.FL_EVAL] == L.EVAL_ROLLOUT
    for _ in range(flags[L.FL_WORLDS]):
        SM.draw_world(p, all_hands, world, rng, dp, fact, sp, sm)
        if not rollouts:
            ctx_of(think)[SV.C_GEN] += 1  # a new world: a new generation of the table
        m = legal
        i = 0
        while m:
            c = lowest(m)
            m &= m - ONE
            for q in range(4):
                rh[q] = world[q]
            if rollouts:
                v = rollout_value(rh, st, p, np.int64(c), played, flags, rng, t, opts, masks,
                                  beats, cinfo, pts, think[T_NOREC])
            else:
                v = solver_value(rh, st, p, c, think, t, opts, masks, beats, cinfo)
            scores[i] += v
            i += 1
    best = 0
    for i in range(1, n):
        if scores[i] > scores[best]:
            best = i
    m = legal
    for _ in range(best):
        m &= m - ONE
    return lowest(m)


@kernel
def think_card(policy, all_hands, p, st, played, flags, rng, think, t, opts, masks, beats,
               cinfo):
    """The card a thinking seat plays, or -1 to leave the choice to the heuristic (one
    legal card, or a stack to play)."""
    h = all_hands[p]
    if st[SV.S_WSEAT] < 0:
        first = st[SV.S_TRICK] == 0 and p == ctx_of(think)[SV.C_FIRST]
        legal = lead_cards(h, first, t, opts, masks)
    else:
        legal = legal_cards(h, st[SV.S_LED], t, masks, opts[L.O_PLAIN_LED])
    if popcount(legal) < 2 or extra_cards(popcount(h), st[SV.S_TRICK], opts) > 0:
        return np.int64(-1)
    if policy_of(policy, p) == L.PL_DD:
        return dd_card(all_hands[0:4], st, p, legal, think, t, opts, masks, beats, cinfo)
    return pimc_card(all_hands, st, p, legal, played, flags, rng, think, t, opts, masks, beats,
                     cinfo)


@shared_phase
def think_out(all_hands, leader, t, policy, flags, rng, opts, masks, beats, cinfo, pts, rec,
              think):
    """play_out with thinking seats: the same tricks, card by card, each thinking seat
    choosing its card first. Knowledge is gathered as the cards fall."""
    record = rec.shape[0] > 0
    hands = all_hands[0:4]
    know, st = know_of(think), state_of(think)
    SM.start_knowledge(know, hands, all_hands[4:8], t, opts, masks)
    ctx_of(think)[SV.C_MERGE] = 1
    bidder = leader  # play starts with the bidder's lead
    ctx_of(think)[SV.C_FIRST] = bidder
    two_to_holder(hands, t, opts, masks, pts)
    played = ZERO
    trick = np.int64(0)
    folds = np.int64(0)
    while not claim_if_alone(hands, t, cinfo, pts, rec, record):
        while not hands[leader]:
            leader = (leader + 1) & 3
        base = L.R_TRICKS + L.TRICK_LEN * trick
        before = played
        wseat, wcard, led = np.int64(-1), np.int64(-1), np.int64(-1)
        points, nplays = np.int64(0), np.int64(0)
        for k in range(4):
            p = (leader + k) & 3
            if not hands[p]:
                continue
            st[SV.S_TRICK], st[SV.S_LEADER], st[SV.S_K] = trick, leader, k
            st[SV.S_WSEAT], st[SV.S_WCARD], st[SV.S_LED], st[SV.S_TPTS] = (wseat, wcard, led,
                                                                           points)
            c = np.int64(-1)
            if policy_of(policy, p) >= L.PL_PIMC:
                c = think_card(policy, all_hands, p, st, played, flags, rng, think, t, opts,
                               masks, beats, cinfo)
            was = played
            wseat, wcard, led, points, played, folds, nplays = play_cards_once(
                hands, leader, bidder, trick, folds, policy, flags, played, rng, t, opts, masks,
                beats, cinfo, pts, rec, np.int64(base), record, np.int64(k), np.int64(k + 1), c,
                wseat, wcard, led, points, nplays)
            new = played & ~was
            top = rec_top(new, c)
            SM.learn_play(know, p, top, new, led if k > 0 else np.int64(-1), t, opts, cinfo)
        close_trick(wseat, points, played ^ before, t, masks, pts)
        leader = wseat
        trick += 1
    if record:
        rec[L.R_NTRICKS] = trick


@kernel
def rec_top(new, c):
    """The card just played on top (a stack's cards are all trumps where stacks are
    played without scoring, so any of them shows the suit)."""
    return c if c >= 0 else lowest(new)
