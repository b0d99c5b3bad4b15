"""Tricks: legal moves, the first-trick stack, winners, claims and the deal's points."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, ZERO, bit, lowest, popcount
from pedro_sim.engine.jit import kernel, phase, shared_phase
from pedro_sim.engine.players import (
    choose_bury,
    choose_card,
    pick_one,
    policy_of,
    scoring_cards,
    techniques,
)


@kernel
def legal_cards(h, led, t, masks, plain):
    """Trump led: a trump if able. Plain led: that suit or a trump if able (PLAIN_FOLLOW:
    that suit if able; PLAIN_ANY: any card)."""
    if plain == L.PLAIN_TRUMPS_ONLY or led == L.TRUMP_SUIT:
        tr = h & masks[t, L.M_TRUMP]
        return tr if tr else h
    if led < 0:
        return h
    if plain == L.PLAIN_ANY:
        return h
    f = h & masks[t, led]
    if not f:
        return h
    return f if plain == L.PLAIN_FOLLOW else f | (h & masks[t, L.M_TRUMP])


@kernel
def lead_cards(h, first, t, opts, masks):
    """The bidder's first lead (``first``: this is it) must be a trump where the preset
    says so, if it has one; any other lead, including a first trick led by another seat
    because the bidder folded, is free (docs/rules.md, ``first_lead``)."""
    if (first and opts[L.O_FIRST_LEAD]) or opts[L.O_PLAIN_LED] == L.PLAIN_TRUMPS_ONLY:
        tr = h & masks[t, L.M_TRUMP]
        if tr:
            return tr
    return h


@kernel
def stack_legal(h, legal, extra, t, masks):
    """With ``extra`` cards to bury, the top card must leave that many non-scoring trumps."""
    if popcount(h & masks[t, L.M_NONSCORE]) - 1 >= extra:
        return legal
    return legal & ~masks[t, L.M_NONSCORE]


@kernel
def card_points(m, t, cinfo):
    total = 0
    while m:
        c = lowest(m)
        m &= m - ONE
        total += cinfo[t, L.I_POINTS, c]
    return total


@kernel
def beats_winner(c, wcard, t, beats):
    return (beats[t, wcard] >> np.uint64(c)) & np.uint64(1)


@kernel
def later_opponent(hands, k, p):
    """Whether an opponent of ``p`` still plays to this trick after position ``k``: the
    seats after ``p`` play at positions k + 1, k + 2 and k + 3, its opponents at the odd
    steps. (Without a loop: the loop's exit branch was often mispredicted.)"""
    return (k < 3 and hands[(p + 1) & 3] != 0) or (k == 0 and hands[(p + 3) & 3] != 0)


@kernel
def record_play(rec, base, k, p, c, buried):
    at = base + L.T_PLAYS + L.PLAY_LEN * k
    rec[at] = p
    rec[at + 1] = c
    rec[at + 2] = np.int64(buried)


@kernel
def claim_if_alone(hands, t, cinfo, pts, rec, record):
    """A lone player with cards takes them all. Returns True when the deal ended."""
    holders = 0
    last = -1
    for p in range(4):
        if hands[p]:
            holders += 1
            last = p
    if holders > 1:
        return False
    if holders == 1:
        pts[last & 1] += card_points(hands[last], t, cinfo)
        pts[2 + (last & 1)] |= np.int64(hands[last])
        if record:
            rec[L.R_CLAIM_SEAT] = last
            rec[L.R_CLAIM_MASK] = np.int64(hands[last])
        hands[last] = ZERO
    return True


@kernel
def stack_can_complete(stack, pool, r, seven, future, pairs, t, masks):
    """Can ``r`` more cards of ``pool`` complete a stack holding at most one scoring card?
    king-pedro: a player with all seven may play the 2 and one other. california (pairs):
    enough non-scoring cards must stay back for the ``future`` pairs."""
    scoring = scoring_cards(t, masks)
    two = masks[t, L.M_TWO] | masks[t, L.M_TWO_PLAYED]
    xs = popcount(stack & scoring)
    ns = popcount(pool & ~scoring)
    scp = popcount(pool & scoring)
    if xs <= 1:
        most = min(scp, 1 - xs, r)
        if pairs:
            if r - most <= ns - future:
                return True
        elif ns + most >= r:
            return True
    need = 2 - xs
    if pairs or not seven or need < 0 or need > r or ns < r - need:
        return False
    if stack & two:
        return scp >= need
    return need >= 1 and (pool & two) != 0 and scp >= need  # the 2 is one of them


@phase
def constrained_tops(h, legal, extra, future, pairs, t, masks):
    """The top cards from which a stack can be completed."""
    seven = popcount(h & scoring_cards(t, masks)) == 7
    out = ZERO
    m = legal
    while m:
        c = lowest(m)
        m &= m - ONE
        if stack_can_complete(bit(c), h & ~bit(c), extra, seven, future, pairs, t, masks):
            out |= bit(c)
    return out


@phase
def constrained_extras(policy, rng, h, top, extra, future, pairs, t, masks, cinfo):
    """The extra cards under ``top``, one at a time among those that keep the stack
    completable (all of them when there is no choice left)."""
    seven = popcount(h & scoring_cards(t, masks)) == 7
    pool = h & ~bit(top)
    chosen = ZERO
    while popcount(chosen) < extra:
        left = extra - popcount(chosen)
        cands = ZERO
        m = pool & ~chosen
        while m:
            c = lowest(m)
            m &= m - ONE
            rest = pool & ~chosen & ~bit(c)
            if stack_can_complete(bit(top) | chosen | bit(c), rest, left - 1, seven, future,
                                  pairs, t, masks):
                cands |= bit(c)
        if popcount(cands) <= left:
            return chosen | cands
        chosen |= pick_one(policy, rng, cands, False, t, masks, cinfo)
    return chosen


@kernel
def extra_cards(n, trick, opts):
    """Cards a player holding ``n`` plays under its card: the surplus on the first trick,
    or (pairs) one a trick until it is back to the normal count."""
    keep = opts[L.O_KEEP]
    if opts[L.O_PAIRS]:
        remaining = keep - trick
        surplus = n - remaining
        if surplus <= 0:
            return 0
        return max(1, surplus - (remaining - 1))
    return n - keep if trick == 0 and n > keep else 0


@kernel
def record_fold(rec, record, folds, p, trick):
    if record:
        rec[L.R_FOLDED + 2 * folds] = p
        rec[L.R_FOLDED + 2 * folds + 1] = trick
        rec[L.R_NFOLDED] = folds + 1


@kernel
def fold_trumpless(hands, trick, folds, t, masks, rec, record):
    """Players still holding cards but no trump fold (their cards leave the play)."""
    for p in range(4):
        if hands[p] and not hands[p] & masks[t, L.M_TRUMP]:
            hands[p] = ZERO
            record_fold(rec, record, folds, p, trick)
            folds += 1
    return folds


@kernel
def play_trick(hands, leader, bidder, trick, folds, policy, flags, played, rng, t, opts, masks,
               beats, cinfo, pts, rec, base, record):
    """One trick from ``leader``. Returns (winner, trick points, cards played, folds)."""
    wseat, wcard, led, points, played, folds, nplays = play_cards(
        hands, leader, bidder, trick, folds, policy, flags, played, rng, t, opts, masks, beats,
        cinfo, pts, rec, base, record, 0, 4, -1, -1, -1, -1, 0, 0)
    return wseat, points, played, folds


@kernel
def play_cards(hands, leader, bidder, trick, folds, policy, flags, played, rng, t, opts, masks,
               beats, cinfo, pts, rec, base, record, k0, k_end, forced, wseat, wcard, led,
               points, nplays):
    """Places ``k0`` to ``k_end`` - 1 after ``leader`` of a trick in progress (winner
    ``wseat`` with ``wcard``, suit ``led``, ``points`` and ``nplays`` so far); the first
    plays ``forced`` when it is a card. Returns the trick's state after them:
    (wseat, wcard, led, points, played, folds, nplays)."""
    constrained = opts[L.O_EXTRAS_ONE_SCORING] or opts[L.O_PAIRS]
    for k in range(k0, k_end):
        p = (leader + k) & 3
        h = hands[p]
        if not h:
            continue
        if (opts[L.O_FOLD] == L.FOLD_ON_TRUMP_LEAD and led == L.TRUMP_SUIT
                and not h & masks[t, L.M_TRUMP]):
            hands[p] = ZERO
            record_fold(rec, record, folds, p, trick)
            folds += 1
            continue
        if wseat < 0:
            legal = lead_cards(h, trick == 0 and p == bidder, t, opts, masks)
        else:
            legal = legal_cards(h, led, t, masks, opts[L.O_PLAIN_LED])
        extra = extra_cards(popcount(h), trick, opts)
        future = popcount(h) - (opts[L.O_KEEP] - trick) - extra
        if extra > 0 and constrained:
            legal = constrained_tops(h, legal, extra, future, opts[L.O_PAIRS], t, masks)
        elif extra > 0 and not opts[L.O_EXTRAS_SCORE]:
            legal = stack_legal(h, legal, extra, t, masks)
        team_flags = techniques(policy, flags, p)
        pol = policy_of(policy, p)
        later = later_opponent(hands, k, p)
        third = later and nplays == 2
        if forced >= 0 and k == k0:
            c = forced
        else:
            c = choose_card(pol, team_flags, p, h, legal, wseat, wcard, played, later, third,
                            points, rng, t, masks, beats, cinfo)
        buried = ZERO
        if extra > 0 and constrained:
            buried = constrained_extras(pol, rng, h, c, extra, future, opts[L.O_PAIRS], t,
                                        masks, cinfo)
        h &= ~bit(c)
        if extra > 0 and not constrained:
            buried = choose_bury(pol, team_flags, h, extra, opts[L.O_EXTRAS_SCORE], rng, t,
                                 masks, cinfo)
        h &= ~buried
        if opts[L.O_EXTRAS_SCORE]:  # extra cards go with the trick and score for it
            two = buried & masks[t, L.M_TWO_PLAYED]
            points += card_points(buried & ~two, t, cinfo)
            if two:  # but the 2 for the team that plays it
                pts[p & 1] += card_points(two, t, cinfo)
                pts[2 + (p & 1)] |= np.int64(two)
        hands[p] = h
        played |= bit(c) | buried
        if wseat < 0:
            wseat = p
            wcard = c
            led = cinfo[t, L.I_SUIT, c]
        elif beats_winner(c, wcard, t, beats):
            wseat = p
            wcard = c
        if bit(c) & masks[t, L.M_TWO_PLAYED]:  # scores for the team that plays it
            pts[p & 1] += cinfo[t, L.I_POINTS, c]
            pts[2 + (p & 1)] |= np.int64(bit(c))
        else:
            points += cinfo[t, L.I_POINTS, c]
        if record:
            record_play(rec, base, nplays, p, c, buried)
        nplays += 1
    if record:
        rec[base + L.T_LEADER] = leader
        rec[base + L.T_WINNER] = wseat
        rec[base + L.T_NPLAYS] = nplays
    return wseat, wcard, led, points, played, folds, nplays


# The same, compiled once for the thinking players (who play a card at a time, and roll
# out from the middle of a trick); the engine's own trick loop inlines play_cards.
play_cards_once = shared_phase(play_cards.py_func)


@kernel
def two_to_holder(hands, t, opts, masks, pts):
    """Where the 2 scores for its holder, it counts when play starts."""
    for p in range(4):
        if hands[p] & masks[t, L.M_TWO]:
            pts[p & 1] += opts[L.O_TWO_POINTS]
            pts[2 + (p & 1)] |= np.int64(masks[t, L.M_TWO])


@kernel
def close_trick(winner, points, cards, t, masks, pts):
    """The trick's points and cards go to the winner's team (the 2 that scores for its
    player has already gone to its team)."""
    pts[winner & 1] += points
    pts[2 + (winner & 1)] |= np.int64(cards & ~masks[t, L.M_TWO_PLAYED])


def _play_out(inline_loop: bool):
    """play_out with the trick loop inlined (``inline_loop``) or called compiled once
    (play_rest). ``inline_loop`` is a constant of the closure, so numba prunes the other
    branch before it inlines anything."""

    @kernel
    def play_out(hands, leader, t, policy, flags, rng, opts, masks, beats, cinfo, pts, rec,
                 record):
        """Play every trick from the start of play: pts[team] gets each team's points, and
        pts[2 + team] the mask of the cards it took (the 2 with its holder's team where the
        2 scores for its holder)."""
        two_to_holder(hands, t, opts, masks, pts)
        zero = np.int64(0)  # not literals: the phase compiles once
        if inline_loop:  # the bidder leads the first trick
            trick_loop(hands, leader, leader, zero, zero, policy, flags, ZERO, rng, t, opts,
                       masks, beats, cinfo, pts, rec, record)
        else:
            play_rest(hands, leader, leader, zero, zero, policy, flags, ZERO, rng, t, opts,
                      masks, beats, cinfo, pts, rec, record)

    return play_out


@kernel
def trick_loop(hands, leader, bidder, trick, folds, policy, flags, played, rng, t, opts, masks,
               beats, cinfo, pts, rec, record):
    """Every trick from trick number ``trick`` on, led by ``leader`` (``bidder``: whose
    first lead the rules may force)."""
    while True:
        if opts[L.O_FOLD] == L.FOLD_AT_TRICK:
            folds = fold_trumpless(hands, trick, folds, t, masks, rec, record)
        if claim_if_alone(hands, t, cinfo, pts, rec, record):
            break
        while not hands[leader]:
            leader = (leader + 1) & 3
        base = L.R_TRICKS + L.TRICK_LEN * trick
        before = played
        winner, points, played, folds = play_trick(hands, leader, bidder, trick, folds, policy,
                                                   flags, played, rng, t, opts, masks, beats,
                                                   cinfo, pts, rec, base, record)
        close_trick(winner, points, played ^ before, t, masks, pts)
        leader = winner
        trick += 1
    if record:
        rec[L.R_NTRICKS] = trick


# The trick loop compiled once: the thinking players roll out from the middle of play with
# it, and their deals call it. Deals without thinking players inline it: 11% more deals/s
# (docs/performance.md), for the compile time of one more copy.
play_rest = shared_phase(trick_loop.py_func)
play_out = _play_out(False)
play_out_inline = _play_out(True)
