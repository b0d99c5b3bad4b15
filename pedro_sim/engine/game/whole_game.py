"""Whole games: deals in a row until a team wins (docs/rules.md section 2, step 9)."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.game.whole_deal import auctioned_deal, deal_score
from pedro_sim.engine.jit import kernel, shared_phase
from pedro_sim.engine.rng import GAME_STRIDE, KIND_GAME

END_TARGET = 0
END_BIDDER_OUT = 1
END_UNFINISHED = 2
END_LOSE_AT = 3
GAME_COLS = 5  # winner, end, deals, score team 0, score team 1


@kernel
def count_out(t0, t1, won0, won1, trump, target, opts, cinfo):
    """Both teams reached the target on one deal: count the scoring cards in the preset's
    order from the scores before the deal; the first team to reach the target wins."""
    for k in range(cinfo.shape[2]):
        c = cinfo[trump, L.I_COUNT_ORDER, k]
        if c < 0:
            break
        value = cinfo[trump, L.I_POINTS, c]
        if value == 0:  # the 2 scoring for its holder
            value = opts[L.O_TWO_POINTS]
        if (won0 >> c) & 1:
            t0 += value
            if t0 >= target:
                return 0
        elif (won1 >> c) & 1:
            t1 += value
            if t1 >= target:
                return 1
    return -1


@kernel
def deal_winner(t0, t1, s0, s1, bidder_team, made, trump, pts, opts, cinfo):
    """The team that wins the game after a deal scored (s0, s1) from (t0, t1), or -1."""
    target = opts[L.O_TARGET]
    reach0 = t0 + s0 >= target
    reach1 = t1 + s1 >= target
    rule = opts[L.O_WIN_ONLY_ON]
    if rule != L.WIN_ANY:
        ok = made or rule == L.WIN_ON_BID
        reach0 = reach0 and bidder_team == 0 and ok
        reach1 = reach1 and bidder_team == 1 and ok
    if reach0 != reach1:
        return 0 if reach0 else 1
    if not reach0:
        return -1
    tie = opts[L.O_TIE]
    if tie == L.TIE_BIDDERS:
        return bidder_team
    if tie == L.TIE_COUNTING_ORDER:
        return count_out(t0, t1, pts[2], pts[3], trump, target, opts, cinfo)
    return -1


@kernel
def settle(t0, t1, score, bidder, made, trump, pts, opts, cinfo):
    """A scored deal's effect on a game at (t0, t1): (winner or -1, how it ended, scores)."""
    goes_out = opts[L.O_GOES_OUT_AT]
    if goes_out > 0 and t0 >= goes_out and t1 >= goes_out and made:
        return bidder & 1, END_BIDDER_OUT, t0 + score[0], t1 + score[1]
    winner = deal_winner(t0, t1, score[0], score[1], bidder & 1, made, trump, pts, opts, cinfo)
    t0 += score[0]
    t1 += score[1]
    end = END_TARGET if winner >= 0 else END_UNFINISHED
    lose = opts[L.O_LOSE_AT]
    if winner < 0 and lose < 0 and (t0 <= lose or t1 <= lose):
        winner = 1 if t0 <= lose else 0
        end = END_LOSE_AT
    return winner, end, t0, t1


@shared_phase
def play_game(seed, game, t0, t1, dealer, deals, policy, flags, opts, masks, beats, cinfo, deck,
              hands, rng, pts, score, rec, out, think):
    """Play game ``game`` of ``seed`` on from scores (t0, t1), ``dealer`` dealing its deal
    number ``deals``; writes its GAME_COLS results into ``out``."""
    kind = np.int64(KIND_GAME)
    winner = -1
    end = END_UNFINISHED
    while deals < opts[L.O_MAX_DEALS]:
        bidder, bid, trump = auctioned_deal(seed, game * GAME_STRIDE + deals, kind, dealer,
                                            policy, flags, opts, masks, beats, cinfo, deck,
                                            hands, rng, pts, rec, think)
        made = deal_score(pts, bidder, bid, score, opts)
        deals += 1
        dealer = (dealer + 1) & 3
        if bidder < 0:  # thrown in: the deal passes
            continue
        winner, end, t0, t1 = settle(t0, t1, score, bidder, made, trump, pts, opts, cinfo)
        if winner >= 0:
            break
    out[0] = winner
    out[1] = end
    out[2] = deals
    out[3] = t0
    out[4] = t1
