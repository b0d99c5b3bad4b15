"""Players that think: determinized playouts (``pimc``) and the all-seeing ``dd``.

``pimc``: at each play with a choice, draw K worlds consistent with what the player
knows (engine/thinking/sampler.py) and score each legal card by its mean value over them
(value_for: its side's points from here on, or its side's net score of the deal at the
bid in force), by heuristic rollouts or by the solver (every card visible within the
world); by default, at tables of two sides, the solver values the worlds of the last
solve_tricks tricks and finishes the rollouts of the trick before them (finish), and
prune stops valuing a card clearly below the best. It plays the best-scoring card
(ties: the lowest card id). ``dd``:
plays the card the solver rates best in the real deal. A stack's top card (first-trick
extras, pairs) is chosen the same way by pimc with rollouts and think=all, the
heuristic's extras under it; otherwise the stack is the heuristic's. Keeps and discards
are thought about apart (exchange.py). Folds are forced: a seat that must fold does not
think.

Five-handed, pimc with call=playouts calls its partner's card the same way (pimc_call):
each trump it may call is valued on worlds drawn from what it knows when play starts,
the deal played out by the heuristic from its first lead with that card called, the
holder of the card in the world being its partner; the best mean wins. Measured weaker
than the heuristic's call (the highest trump it lacks: -0.14 net a deal in a duel,
docs/players.md), so pimc calls as the heuristic by default, as dd and every other player
do (game.calling.plain_call).
"""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, ZERO, bit, lowest, popcount
from pedro_sim.engine.game.calling import (
    call_partner,
    callable_trumps,
    called_only,
    calls_partner,
    carry_call,
    points_of_side,
    start_call,
)
from pedro_sim.engine.game.dealing import passing
from pedro_sim.engine.game.scoring import net_score
from pedro_sim.engine.game.tricks import (
    close_trick,
    constrained_tops,
    extra_cards,
    folds_on_lead,
    folds_recorded,
    lead_cards,
    legal_cards,
    most_cards,
    open_trick,
    play_from,
    play_rest,
    stack_legal,
    start_trick,
    two_to_holder,
)
from pedro_sim.engine.jit import kernel, phase, shared_phase
from pedro_sim.engine.players import seat_player, settings_of
from pedro_sim.engine.seats import (
    clear_points,
    partner_of,
    players,
    role_of,
    seat_after,
    seat_masks,
    side_of,
    sides,
)
from pedro_sim.engine.thinking import inference as IN
from pedro_sim.engine.thinking import sampler as SM
from pedro_sim.engine.thinking import solver as SV
from pedro_sim.engine.thinking.steering import count_choice, steer
from pedro_sim.engine.thinking.think_buffers import (
    EXPLAIN_VALUES,
    MAX_EXPLAIN_WORLDS,
    MAX_PRUNE_WORLDS,
    T_NOREC,
    X_ARMED,
    X_CARDS,
    X_DRAWN,
    X_IDS,
    X_PLAYED,
    X_WORLDS,
    calls_of,
    ctx_of,
    explain_asks,
    explain_of,
    explained_of,
    know_of,
    must_of,
    plays_of,
    pts_of,
    rollout_hands,
    rollout_state_of,
    sampler_of,
    score_of,
    scores_of,
    solver_of,
    state_of,
    steer_counts,
    values_of,
    weights_of,
    world_of,
)

GAVE_UP = -1e18  # solver_value of a search past its cap of nodes (solve_nodes)


@kernel
def private_knowledge(p, all_hands, tab, must):
    """What seat ``p`` alone knows: the cards it put out of play, and (``must``) the
    cards it passed its partner."""
    for q in range(players(tab)):
        must[q] = ZERO
    q = partner_of(tab, p)
    if passing(tab) and q >= 0:
        must[q] = all_hands[L.H_PASSED + q] & all_hands[q]
    return all_hands[L.H_DISCARDED + p] | all_hands[L.H_PUT_AWAY + p]


@kernel
def value_for(final, p, objective, think, tab):
    """What ``p``'s side gets from a deal ending with the points ``final``: its points, or
    (OBJ_SCORE) its net score under the preset's scoring, the contract read from ctx."""
    me = side_of(tab, p)
    if objective == L.OBJ_POINTS:
        return points_of_side(final, me, tab)
    ctx = ctx_of(think)
    return net_score(final, ctx[SV.C_FIRST], ctx[SV.C_BID], me, score_of(think), tab)


@shared_phase
def rollout_value(world, st, p, c, flags, cfg, rng, t, tab, real, think):
    """The value for ``p``'s side (value_for) when ``p`` plays ``c`` in the play state ``st``
    and then everybody plays as the heuristic; with the points objective, its points from
    here on (``real``: the points taken so far)."""
    pts = pts_of(think)
    rst = rollout_state_of(think)
    no_rec = think[T_NOREC]
    two_side = two_side_in(world, st, t, tab)
    clear_points(pts)
    if calls_partner(tab):
        carry_call(pts, real, world, tab)
    for i in range(L.PS_LEN):
        rst[i] = st[i]
    rst[L.PS_BIDDER] = -1  # no lead is forced: a lead here is ``c``, and later tricks free
    rst[L.PS_FOLDS] = 0
    rst[L.PS_NPLAYS] = st[L.PS_K]
    heuristic = np.int64(L.P_HEURISTIC)
    play_from(world, rst, heuristic, flags, rng, t, tab, pts, no_rec, players(tab), c)
    pts[L.PT_POINTS + side_of(tab, rst[L.PS_WSEAT])] += rst[L.PS_POINTS]
    rst[L.PS_TRICK] += 1
    rst[L.PS_LEADER] = rst[L.PS_WSEAT]
    finish = flags[cfg + L.K_FINISH]
    if finishes(world, rst[L.PS_TRICK], finish, pts, think, tab):
        solve_rest(world, rst, p, pts, think, t, tab)
    elif finish > 0 and flags[cfg + L.K_FINISH_EARLY] > 0 and two_teams(pts, think, tab):
        early = flags[cfg + L.K_FINISH_EARLY]
        play_from(world, rst, heuristic, flags, rng, t, tab, pts, no_rec, -2 - early,
                  np.int64(-1))  # the heuristic's tricks until ``early`` are left
        if finishes(world, rst[L.PS_TRICK], early, pts, think, tab):
            solve_rest(world, rst, p, pts, think, t, tab)
        elif most_cards(world, tab) > 0:
            play_rest(world, rst, heuristic, flags, rng, t, tab, pts, no_rec)
    else:
        play_rest(world, rst, heuristic, flags, rng, t, tab, pts, no_rec)
    objective = flags[cfg + L.K_OBJECTIVE]
    if objective == L.OBJ_SCORE:
        for s in range(sides(tab)):
            pts[L.PT_POINTS + s] += real[L.PT_POINTS + s]
        two_of_the_world(pts, real, two_side, t, tab)
    return value_for(pts, p, objective, think, tab)


@kernel
def finishes(world, trick, finish, pts, think, tab):
    """Whether a rollout solves the tricks left after the trick in progress (the next one,
    ``trick``): at most ``finish`` of them, no extra cards among them, two sides (its
    points ``pts`` tell five-handed's: two_teams)."""
    left = most_cards(world, tab)
    return 0 < left <= finish and extra_cards(left, trick, tab) == 0 and \
        two_teams(pts, think, tab)


@kernel
def two_teams(pts, think, tab):
    """Whether the deal whose points are ``pts`` is played by two sides, which the solver
    plays exactly, for pimc to solve its endings: partnerships, or five-handed's bidder and
    partner against the other three once the partner is known (deal_team). Not individual
    play: there the search would take every defender for one perfect side, which measured
    weaker against the heuristic at three and four players, and no stronger against pimc
    at five and six (docs/players.md, "Two teams at every table"); pimc rolls out there."""
    if sides(tab) == 2:
        return True
    return calls_partner(tab) and deal_team(pts, think, tab) != 0


@kernel
def deal_team(pts, think, tab):
    """At a table of more than two sides, the seats (a mask) the solver plays as one side
    against all the others: five-handed's bidder and partner once the partner is known
    (PT_TEAM), an individual table's bidder alone (the rules: it plays against all the
    others); 0 in partnerships and before five-handed's partner is known."""
    if len(tab.sides) != L.MAX_SIDES:
        return np.int64(0)
    if calls_partner(tab):
        team = pts[L.PT_TEAM]
        return team if team & (team - 1) != 0 else np.int64(0)
    bidder = ctx_of(think)[SV.C_FIRST]
    return np.int64(1) << bidder if bidder >= 0 else np.int64(0)


@kernel
def value_side(p, pts, think, tab):
    """Set what the solver values for ``p``: its side's points where players fold, and at
    tables of more than two sides the bidder's team's (solver.py C_SIDE, C_TEAM). True if
    the values it returns are ``p``'s side's, False if the other side's."""
    ctx = ctx_of(think)
    if SV.folding(tab):
        ctx[SV.C_SIDE] = side_of(tab, p)
    team = deal_team(pts, think, tab)
    if team != 0 and not (team >> p) & 1:  # valued from p's side: where players fold,
        team = ((np.int64(1) << players(tab)) - 1) & ~team  # nobody takes theirs
    ctx[SV.C_TEAM] = team
    return SV.valued(SV.valued_seats(ctx, tab), p)


@kernel
def credit(pts, p, mine, rest, think, tab):
    """``p``'s side gets ``mine`` of the points the solver shared, the other side ``rest``:
    the other partnership; at a table of more sides the other team's first seat (the
    bidder's team counts its seats together, calling.team_points; a defender thinking
    keeps its team's points as its own, the bidder's score being the same whichever
    defender takes them)."""
    other = side_of(tab, seat_after(tab, p, 1))
    team = deal_team(pts, think, tab)
    if team != 0:
        for q in range(players(tab)):
            if (team >> q) & 1 != (team >> p) & 1:
                other = side_of(tab, q)
                break
    pts[L.PT_POINTS + side_of(tab, p)] += mine
    pts[L.PT_POINTS + other] += rest


@kernel
def solve_rest(world, rst, p, pts, think, t, tab):
    """The points of the tricks left from the boundary ``rst`` (trick, leader), all playing
    perfectly for points with every card of ``world`` visible, into ``pts``: ``p``'s side
    its own, the other side the rest (two sides: credit)."""
    ctx = ctx_of(think)
    own = value_side(p, pts, think, tab)
    start_trick(rst, rst[L.PS_TRICK], rst[L.PS_LEADER])
    v = SV.exact(world, rst, ctx[SV.C_GUESS], t, tab, solver_of(think))
    ctx[SV.C_GUESS] = v
    left = SV.points_left(world, np.int64(0), t, tab)
    mine = v if own else left - v
    credit(pts, p, mine, left - mine, think, tab)


@kernel
def two_side_in(world, st, t, tab):
    """Where the 2 scores for its holder and has not been played, the side holding it in
    the drawn world ``world`` (before anything of it is played); else -1."""
    two = tab.masks[t, L.M_TWO]
    if not two or np.uint64(st[L.PS_PLAYED]) & two:
        return np.int64(-1)
    for q in range(players(tab)):
        if world[q] & two:
            return side_of(tab, q)
    return np.int64(-1)


@kernel
def two_of_the_world(final, real, side, t, tab):
    """Give the 2's points to ``side`` (two_side_in), the side holding it in the drawn
    world, not the side the engine credited when play started: the player cannot know
    who holds it before it is played."""
    if side < 0:
        return
    for s in range(sides(tab)):
        if np.uint64(real[L.PT_CARDS + s]) & tab.masks[t, L.M_TWO]:
            final[L.PT_POINTS + s] -= tab.opts[L.O_TWO_POINTS]
    final[L.PT_POINTS + side] += tab.opts[L.O_TWO_POINTS]


@kernel
def solver_value(world, st, p, c, objective, real, think, t, tab):
    """The value for ``p``'s side when ``p`` plays ``c``, all playing perfectly for points
    with every card of ``world`` visible (where players fold, the other side playing to
    keep them down: solver.py); with the points objective, its points from here on. For
    the score, the other side is given every point left that ``p``'s side does not take
    (exact where nobody folds)."""
    two_side = two_side_in(world, st, t, tab)
    final = pts_of(think)  # the deal's points at the end (read by `explain` too)
    if calls_partner(tab):
        carry_call(final, real, world, tab)
    own = value_side(p, final, think, tab)
    v0 = SV.move_exact(world, st, p, c, t, tab, solver_of(think))
    if v0 < 0:
        return GAVE_UP  # past the cap of nodes (capped_value)
    left = SV.points_left(world, st[SV.S_TPTS], t, tab)
    mine = v0 if own else left - v0
    for s in range(sides(tab)):
        final[L.PT_POINTS + s] = real[L.PT_POINTS + s]
    credit(final, p, mine, left - mine, think, tab)
    two_of_the_world(final, real, two_side, t, tab)
    if objective == L.OBJ_POINTS:
        return mine
    return value_for(final, p, objective, think, tab)


@shared_phase
def dd_card(hands, st, p, legal, objective, real, think, t, tab):
    """The card of ``legal`` the solver rates best for ``p``'s side in the real deal."""
    ctx_of(think)[SV.C_GEN] += 1  # the table may hold drawn worlds' values: a new one
    best = -1
    best_v = -(1 << 30)
    m = legal
    while m:
        c = lowest(m)
        m &= m - ONE
        v = solver_value(hands, st, p, c, objective, real, think, t, tab)
        if v > best_v:
            best_v = v
            best = c
    return best


PRUNE_FROM = 8  # the worlds drawn before prune compares cards


@shared_phase
def pimc_card(all_hands, st, p, legal, flags, cfg, rng, real, think, t, tab):
    """The card of ``legal`` with the best mean over K drawn worlds."""
    know = know_of(think)
    dp, fact, sp, sm = sampler_of(think)
    out_p = private_knowledge(p, all_hands, tab, must_of(think))
    four = players(tab) == 4  # three hands to count the worlds of (folds away at four)
    if four and SM.prepare(p, all_hands, know, out_p, must_of(think), t, tab, dp, fact,
                           sp, sm) <= 0.0:
        return np.int64(-1)  # no world fits what it knows (a rule it cannot read): heuristic
    rollouts = rolls_out(all_hands[p], st, flags, cfg, real, think, tab)
    record = explain_asks(think, st[L.PS_TRICK], p)
    score_worlds(all_hands, st, p, legal, rollouts, record, out_p, flags, cfg, rng, real,
                 think, t, tab)
    c = best_scored(scores_of(think), legal)
    if record:
        explain_of(think)[X_PLAYED] = c
    return c


@kernel
def score_worlds(all_hands, st, p, legal, rollouts, record, out_p, flags, cfg, rng, real,
                 think, t, tab):
    """Each card of ``legal``'s total value over the player's worlds, into scores_of (one
    per card, ascending id), by rollouts, by the solver, or by the mean of the two
    (eval=blend: two models of the other seats, as the heuristic plays and as perfect
    players who see every card). With prune, a card the paired
    values of its worlds so far set clearly below the best is no longer valued, and its
    score is -inf (pruned)."""
    scores = scores_of(think)
    world = world_of(think)
    dp, fact, sp, sm = sampler_of(think)
    rh = rollout_hands(think)
    four = players(tab) == 4
    for i in range(popcount(legal)):
        scores[i] = 0.0
    objective = flags[cfg + L.K_OBJECTIVE]
    blend = flags[cfg + L.K_EVAL] == L.EVAL_BLEND
    worlds = flags[cfg + L.K_WORLDS]
    if not rollouts and flags[cfg + L.K_SOLVE_WORLDS] > 0:
        worlds = flags[cfg + L.K_SOLVE_WORLDS]
    z = flags[cfg + L.K_PRUNE] / 10.0 if not record else 0.0
    active = legal
    if z > 0.0 and flags[cfg + L.K_ALIKE] == L.ALIKE_MERGE and \
            alike_cards_merge(all_hands[p], st, tab):
        active = legal & root_representatives(all_hands[p], st, t, think, tab)
        if popcount(active) == 1:
            worlds = 0  # every legal card plays alike: nothing to weigh
    cap = flags[cfg + L.K_SOLVE_NODES] if rollouts and sides(tab) == 2 and extra_cards(
        popcount(all_hands[p]), st[L.PS_TRICK], tab) == 0 else 0
    if record:
        worlds = start_explaining(think, legal, worlds)
    for w in range(worlds):
        weight = IN.draw_kept(four, p, all_hands, world, rng, dp, fact, sp, sm,
                              know_of(think), out_p, must_of(think), calls_of(think),
                              plays_of(think), ctx_of(think)[SV.C_FIRST],
                              flags[cfg + L.K_INFER], flags[cfg + L.K_TRUST], t, tab)
        if record:
            weights_of(think)[w] = weight  # explain re-weighs by 1 / weight: uniform
        probing = w == 0 and cap > 0  # solve_nodes: can the first world be solved?
        if probing:
            rollouts = False
        if not rollouts:
            ctx_of(think)[SV.C_GEN] += 1  # a new world: a new generation of the table
        m = legal
        i = 0
        while m:
            c = next_tried(m, rh, world, tab)
            m &= m - ONE
            if active & bit(c):
                if rollouts:
                    v = rollout_value(rh, st, p, np.int64(c), flags, cfg, rng, t, tab, real,
                                      think)
                else:
                    v = capped_value(rh, st, p, c, cap if probing else 0, objective, real,
                                     think, t, tab)
                    if v <= GAVE_UP / 2:  # past the cap: the decision is rolled out
                        rollouts = True
                        probing = False
                        m = legal
                        i = 0
                        for k in range(popcount(legal)):
                            scores[k] = 0.0
                        continue
                    if blend:  # the solver's value and a rollout's (rh as it was)
                        v = 0.5 * (v + rollout_value(rh, st, p, np.int64(c), flags, cfg, rng,
                                                     t, tab, real, think))
                scores[i] += v
                if w < MAX_PRUNE_WORLDS:
                    values_of(think)[w, i] = v
                if record:
                    record_world(think, w, i, v, objective == L.OBJ_POINTS and rollouts, real)
            i += 1
        if z > 0.0 and PRUNE_FROM <= w + 1 <= MAX_PRUNE_WORLDS:
            active = pruned(values_of(think), w + 1, scores, legal, active, z)
            if popcount(active) == 1:
                break
    if active != legal:
        m = legal
        i = 0
        while m:
            if not active & bit(lowest(m)):
                scores[i] = -np.inf
            m &= m - ONE
            i += 1


@kernel
def capped_value(rh, st, p, c, cap, objective, real, think, t, tab):
    """solver_value, or GAVE_UP where a search passes ``cap`` nodes (0: no cap)."""
    ctx = ctx_of(think)
    if cap == 0:
        return solver_value(rh, st, p, c, objective, real, think, t, tab)
    ctx[SV.C_NODES] = 0
    ctx[SV.C_CAP] = cap
    v = solver_value(rh, st, p, c, objective, real, think, t, tab)
    ctx[SV.C_CAP] = 0
    return v


@kernel
def alike_cards_merge(h, st, tab):
    """Whether a pruning player values one card of each run of cards that play alike
    (solver.representatives): between two sides, with no stacks or pairs to choose."""
    return sides(tab) == 2 and not SV.constrained(tab) and \
        extra_cards(popcount(h), st[L.PS_TRICK], tab) == 0


@phase
def root_representatives(h, st, t, think, tab):
    """One card of each run of hand ``h``'s cards that play alike whoever holds the
    cards it has not seen: every card neither in ``h`` nor played counts as another
    hand's, and the card winning the trick too (solver.representatives). A phase: called
    once a decision, it is compiled once rather than into each caller."""
    others = ~(h | np.uint64(st[L.PS_PLAYED]))
    if st[L.PS_WSEAT] >= 0:
        others |= bit(st[L.PS_WCARD])
    return SV.representatives(h, others, t, solver_of(think).weaker, tab)


@kernel
def pruned(values, n, scores, legal, active, z):
    """The cards of ``active`` left after the ``n`` worlds so far: those whose mean paired
    difference from the best card's values is within ``z`` standard errors of zero."""
    best = -1
    m = legal
    i = 0
    while m:
        if active & bit(lowest(m)) and (best < 0 or scores[i] > scores[best]):
            best = i
        m &= m - ONE
        i += 1
    keep = active
    m = legal
    i = 0
    while m:
        c = lowest(m)
        m &= m - ONE
        if active & bit(c) and i != best:
            total = 0.0
            squares = 0.0
            for w in range(n):
                d = values[w, best] - values[w, i]
                total += d
                squares += d * d
            mean = total / n
            var = max(squares / n - mean * mean, 0.0) * n / (n - 1)
            if mean > z * np.sqrt(var / n):
                keep &= ~bit(c)
        i += 1
    return keep


@kernel
def nth_card(cards, i):
    """The ``i``-th lowest card of the mask ``cards``."""
    m = cards
    for _ in range(i):
        m &= m - ONE
    return lowest(m)


@kernel
def rolls_out(h, st, flags, cfg, real, think, tab):
    """Whether pimc values this decision's worlds by rollouts: eval=rollout, unless the
    tricks left (its cards, where it holds no extra ones) are at most solve_tricks, or one
    more where it leads and solve_lead is on, and the deal has two sides (two_teams of its
    points ``real``: the solver plays every other seat as one side, exact with two)."""
    if flags[cfg + L.K_EVAL] != L.EVAL_ROLLOUT:
        return False
    n = popcount(h)
    solve = flags[cfg + L.K_SOLVE_TRICKS]
    if solve > 0 and st[L.PS_WSEAT] < 0 and flags[cfg + L.K_SOLVE_LEAD]:
        solve += 1
    return n > solve or extra_cards(n, st[L.PS_TRICK], tab) > 0 \
        or not two_teams(real, think, tab)


@kernel
def next_tried(m, rh, world, tab):
    """The lowest card of the mask ``m``, the next to try on the drawn ``world``, and a
    fresh copy of the world's hands in ``rh`` for its playout."""
    for q in range(players(tab)):
        rh[q] = world[q]
    return lowest(m)


@kernel
def best_scored(scores, cards):
    """The card of the mask ``cards`` with the highest score, ``scores`` holding one per
    card in ascending id order (the lowest id on ties)."""
    best = 0
    for i in range(1, popcount(cards)):
        if scores[i] > scores[best]:
            best = i
    return nth_card(cards, best)


@kernel
def start_explaining(think, legal, worlds):
    """Disarm, note the cards, and return the worlds to draw (the asked number, else the
    player's own, at most MAX_EXPLAIN_WORLDS)."""
    x = explain_of(think)
    x[X_ARMED] = 2
    if x[X_WORLDS] > 0:
        worlds = x[X_WORLDS]
    worlds = min(worlds, MAX_EXPLAIN_WORLDS)
    x[X_DRAWN] = worlds
    n = 0
    m = legal
    while m:
        x[X_IDS + n] = lowest(m)
        m &= m - ONE
        n += 1
    x[X_CARDS] = n
    return worlds


@kernel
def record_world(think, w, i, v, add_real, real):
    """The value of card i in world w, and each side's points at the deal's end there
    (the rollout's or the solver's, plus those taken before when they leave them out)."""
    out = explained_of(think)
    at = (w * 16 + i) * EXPLAIN_VALUES
    out[at] = v
    final = pts_of(think)
    for s in range(L.MAX_SIDES):
        out[at + 1 + s] = final[L.PT_POINTS + s] + (real[L.PT_POINTS + s] if add_real else 0)


@kernel
def thinks_about_stacks(policy, flags, cfg, tab, p):
    """Whether seat ``p`` chooses a stack's top card by playouts: pimc with rollouts and
    think=all (a rollout plays the top card with the heuristic's extras under it; the
    solver needs the extras named, so dd and eval=solver leave stacks to the heuristic)."""
    return (seat_player(policy, tab, p) == L.PL_PIMC and flags[cfg + L.K_THINK] >= L.THINK_ALL
            and flags[cfg + L.K_EVAL] == L.EVAL_ROLLOUT)


@kernel
def stack_tops(h, legal, extra, trick, t, tab):
    """The top cards of ``legal`` a stack of ``extra`` cards under it can be completed from
    (the trick loop's rule, tricks.play_cards)."""
    if tab.opts[L.O_EXTRAS_ONE_SCORING] or tab.opts[L.O_PAIRS]:
        future = popcount(h) - (tab.opts[L.O_KEEP] - trick) - extra
        return constrained_tops(h, legal, extra, future, tab.opts[L.O_PAIRS], t, tab)
    if not tab.opts[L.O_EXTRAS_SCORE]:
        return stack_legal(h, legal, extra, t, tab)
    return legal


@kernel
def think_card(policy, all_hands, p, st, flags, rng, real, think, t, tab):
    """The card a thinking seat plays (a stack's top card), or -1 to leave the choice to
    the heuristic (one legal card, or a stack it does not think about)."""
    h = all_hands[p]
    if folds_on_lead(h, st[SV.S_LED], tab.opts[L.O_FOLD], t, tab):
        return np.int64(-1)  # it folds
    if st[SV.S_WSEAT] < 0:
        first = st[SV.S_TRICK] == 0 and p == ctx_of(think)[SV.C_FIRST]
        legal = lead_cards(h, first, t, tab)
    else:
        legal = legal_cards(h, st[SV.S_LED], t, tab, tab.opts[L.O_PLAIN_LED])
    if calls_partner(tab):
        legal = called_only(h, legal, np.uint64(real[L.PT_CALLED]))
    cfg = settings_of(policy, role_of(tab, p))
    extra = extra_cards(popcount(h), st[SV.S_TRICK], tab)
    if extra > 0:
        if not thinks_about_stacks(policy, flags, cfg, tab, p):
            return np.int64(-1)
        legal = stack_tops(h, legal, extra, st[SV.S_TRICK], t, tab)
    if popcount(legal) < 2:
        return np.int64(-1)
    hands = seat_masks(all_hands, L.H_PLAY)
    counts = steer_counts(think)
    code = flags[cfg + L.K_STEER] if extra == 0 else 0  # a stack's top is not steered
    legal, act = steer(code, hands, p, st, legal, t, tab, counts)
    if popcount(legal) < 2:
        c = lowest(legal)
    elif seat_player(policy, tab, p) == L.PL_DD:
        c = dd_card(hands, st, p, legal, flags[cfg + L.K_OBJECTIVE], real, think, t, tab)
    else:
        c = pimc_card(all_hands, st, p, legal, flags, cfg, rng, real, think, t, tab)
        if c < 0 and act:  # no world fits: the heuristic would ignore the steering
            c = lowest(legal)
    count_choice(act, c, counts)
    return c


@kernel
def call_value(world, bidder, c, flags, cfg, rng, t, tab, real, think):
    """The value for the bidder (value_for) of calling ``c`` in the drawn ``world``: every
    seat plays as the heuristic from the first lead on."""
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
    return value_for(pts, bidder, objective, think, tab)


@shared_phase
def pimc_call(all_hands, bidder, flags, cfg, rng, real, think, t, tab):
    """The callable trump with the best mean value over ``bid_worlds`` drawn worlds, every
    trump valued on the same worlds (the lowest id on ties)."""
    know = know_of(think)
    world = world_of(think)
    scores = scores_of(think)
    must = must_of(think)
    rh = rollout_hands(think)
    out_p = private_knowledge(bidder, all_hands, tab, must)
    cands = callable_trumps(all_hands[bidder], t, tab)
    n = popcount(cands)
    for i in range(n):
        scores[i] = 0.0
    for _ in range(flags[cfg + L.K_BID_WORLDS]):  # a contract's decision: as many as a bid
        SM.draw_any(bidder, all_hands, world, rng, know, out_p, must, t, tab)
        m = cands
        i = 0
        while m:
            c = next_tried(m, rh, world, tab)
            m &= m - ONE
            scores[i] += call_value(rh, bidder, c, flags, cfg, rng, t, tab, real, think)
            i += 1
    return best_scored(scores, cands)


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


@shared_phase
def think_out(all_hands, leader, t, policy, flags, rng, tab, pts, rec, think):
    """play_out with thinking seats: the same tricks, card by card, each thinking seat
    choosing its card first. Knowledge is gathered as the cards fall."""
    hands = seat_masks(all_hands, L.H_PLAY)
    know = know_of(think)
    st = state_of(think)
    SM.start_knowledge(know, hands, seat_masks(all_hands, L.H_DEALT), t, tab)
    SM.learn_put_aways(know, all_hands, t, tab)
    SM.learn_face_up(know, all_hands, tab)
    ctx_of(think)[SV.C_MERGE] = 1
    bidder = leader  # play starts with the bidder's lead
    ctx_of(think)[SV.C_FIRST] = bidder
    ctx_of(think)[SV.C_BID] = pts[L.PT_BID]
    two_to_holder(hands, t, tab, pts)
    if calls_partner(tab):  # five-handed: the call, before the first lead
        think_call(all_hands, bidder, t, policy, flags, rng, tab, pts, rec, think)
        know[SM.K_CALLED] = np.uint64(pts[L.PT_CALLED])
        ctx_of(think)[SV.C_CALLED] = pts[L.PT_CALLED]
    st[L.PS_BIDDER] = bidder
    st[L.PS_FOLDS] = folds_recorded(rec)
    st[L.PS_PLAYED] = 0
    plays_of(think)[0] = 0  # the play log (inference.py) starts empty
    trick = np.int64(0)
    while True:
        leader = open_trick(hands, st, trick, leader, t, tab, pts, rec)
        if leader < 0:
            break
        before = st[L.PS_PLAYED]
        for k in range(players(tab)):
            p = seat_after(tab, leader, k)
            if not hands[p]:
                continue
            st[L.PS_K] = k
            c = np.int64(-1)
            if seat_player(policy, tab, p) >= L.PL_PIMC:
                c = think_card(policy, all_hands, p, st, flags, rng, pts, think, t, tab)
            was = st[L.PS_PLAYED]
            IN.log_before(think, hands, st, p, np.int64(k), tab)
            play_from(hands, st, policy, flags, rng, t, tab, pts, rec, np.int64(k + 1), c)
            new = np.uint64(st[L.PS_PLAYED] & ~was)
            if new:  # (nothing when it folded)
                led = st[L.PS_LED] if k > 0 else np.int64(-1)
                SM.learn_play(know, p, rec_top(new, c), new, led, t, tab)
                IN.log_after(think, rec_top(new, c), new)
        close_trick(st, np.uint64(st[L.PS_PLAYED] ^ before), t, tab, pts)
        leader = st[L.PS_WSEAT]
        trick += 1
    if rec.shape[0] > 0:
        rec[L.R_NTRICKS] = trick


@kernel
def rec_top(new, c):
    """The card just played on top (a stack's cards are all trumps where stacks are
    played without scoring, so any of them shows the suit)."""
    return c if c >= 0 else lowest(new)
