"""Whole games: deals in a row until a team wins (docs/rules.md section 2, step 9)."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.offsets import offsets
from pedro_sim.engine.game.calling import partner_in
from pedro_sim.engine.game.scoring import deal_score
from pedro_sim.engine.game.whole_deal import auctioned_deal
from pedro_sim.engine.jit import kernel, shared_phase
from pedro_sim.engine.rng import GAME_STRIDE, KIND_GAME
from pedro_sim.engine.seats import players, seat_after, side_of, sides

END_TARGET = 0
END_BIDDER_OUT = 1
END_UNFINISHED = 2
END_LOSE_AT = 3
END_MOON_GAME = 4  # the top bid decided the game (moon_game)
# a game's record: winner, how it ended, deals played, each side's score (a seat's, in
# individual play)
G_WINNER, G_END, G_DEALS, G_SCORE, GAME_COLS = offsets(1, 1, 1, L.MAX_SIDES)


@kernel
def counted(k, trump, tab):
    """The k-th scoring card of the preset's counting order and what it counts: (card,
    points), or (-1, 0) past the last."""
    c = tab.cinfo[trump, L.I_COUNT_ORDER, k]
    if c < 0:
        return c, np.int64(0)
    value = tab.cinfo[trump, L.I_POINTS, c]
    if value == 0:  # the 2 scoring for its holder
        value = tab.opts[L.O_TWO_POINTS]
    return c, value


@kernel
def count_out(t0, t1, won0, won1, trump, target, tab):
    """Both teams reached the target on one deal: count the scoring cards in the preset's
    order from the scores before the deal; the first team to reach the target wins."""
    for k in range(tab.cinfo.shape[2]):
        c, value = counted(k, trump, tab)
        if c < 0:
            break
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
def deal_winner(t0, t1, s0, s1, bidder_team, made, trump, pts, tab):
    """The team that wins the game after a deal scored (s0, s1) from (t0, t1), or -1."""
    target = tab.opts[L.O_TARGET]
    reach0 = t0 + s0 >= target
    reach1 = t1 + s1 >= target
    rule = tab.opts[L.O_WIN_ONLY_ON]
    if rule != L.WIN_ANY:
        ok = made or rule == L.WIN_ON_BID
        reach0 = reach0 and bidder_team == 0 and ok
        reach1 = reach1 and bidder_team == 1 and ok
    if reach0 != reach1:
        return 0 if reach0 else 1
    if not reach0:
        return -1
    tie = tab.opts[L.O_TIE]
    if tie == L.TIE_BIDDERS:
        return bidder_team
    if tie == L.TIE_COUNTING_ORDER:
        return count_out(t0, t1, pts[L.PT_CARDS], pts[L.PT_CARDS + 1], trump, target, tab)
    return -1


@shared_phase
def settle(t0, t1, score, bidder, bid, made, trump, pts, tab):
    """A scored deal's effect on a game at (t0, t1), the scores of sides 0 and 1:
    (winner or -1, how it ended, scores). With moon_game the top numeric bid ends the game
    before any other rule: won if the bidders took every point, else lost."""
    goes_out = tab.opts[L.O_GOES_OUT_AT]
    bt = side_of(tab, bidder)
    if tab.opts[L.O_MOON_GAME] and bid == tab.opts[L.O_MAX_BID]:
        every = pts[L.PT_POINTS + bt] >= tab.opts[L.O_TOTAL_POINTS]
        return (bt if every else 1 - bt), END_MOON_GAME, t0 + score[0], t1 + score[1]
    if goes_out > 0 and t0 >= goes_out and t1 >= goes_out and made:
        return bt, END_BIDDER_OUT, t0 + score[0], t1 + score[1]
    winner = deal_winner(t0, t1, score[0], score[1], bt, made, trump, pts, tab)
    t0 += score[0]
    t1 += score[1]
    end = END_TARGET if winner >= 0 else END_UNFINISHED
    lose = tab.opts[L.O_LOSE_AT]
    if winner < 0 and lose < 0 and (t0 <= lose or t1 <= lose):
        winner = 1 if t0 <= lose else 0
        end = END_LOSE_AT
    return winner, end, t0, t1


@kernel
def count_out_among(before, reached, trump, pts, tab):
    """Individual play, several players reached the target on one deal, the bidder not
    among them: count the scoring cards in the preset's order from the scores ``before``
    the deal (counted on in place); the first of the ``reached`` players (a bit each) to
    reach it wins."""
    target = tab.opts[L.O_TARGET]
    for k in range(tab.cinfo.shape[2]):
        c, value = counted(k, trump, tab)
        if c < 0:
            break
        for s in range(players(tab)):
            if (reached >> s) & 1 and (pts[L.PT_CARDS + s] >> c) & 1:
                before[s] += value
                if before[s] >= target:
                    return s
    return -1


@kernel
def settle_individual(scores, score, bidder, trump, pts, tab):
    """A scored deal's effect on a game of individuals (the running ``scores``, a slot a
    seat, updated; ``score``, the deal's, is used up): the winner or -1. The first to the
    target wins; of several on one deal the bidder, else its called partner (five-handed),
    else the highest (by the counting
    order where the preset has one); a tie plays on."""
    n = players(tab)
    reached = 0
    for s in range(n):
        scores[s] += score[s]
        score[s] = scores[s] - score[s]  # the score before the deal, for the count
        if scores[s] >= tab.opts[L.O_TARGET]:
            reached |= 1 << s
    if reached == 0:
        return -1
    if (reached >> bidder) & 1:
        return bidder
    partner = partner_in(pts, bidder)  # five-handed: the called partner next
    if partner >= 0 and (reached >> partner) & 1:
        return partner
    if tab.opts[L.O_TIE] == L.TIE_COUNTING_ORDER:
        return count_out_among(score, reached, trump, pts, tab)
    best = -1
    tied = False
    for s in range(n):
        if (reached >> s) & 1:
            if best < 0 or scores[s] > scores[best]:
                best = s
                tied = False
            elif scores[s] == scores[best]:
                tied = True
    return -1 if tied else best


@kernel
def settle_into(game, start, score, bidder, bid, made, trump, pts, tab):
    """A scored deal's effect on a game from the scores ``start`` (a slot a side): the
    winner or -1, and the game record ``game`` (layout G_*) as it stands after the deal,
    one deal played."""
    for k in range(GAME_COLS):
        game[k] = 0
    game[G_DEALS] = 1
    if not tab.opts[L.O_PARTNERSHIPS]:
        for s in range(sides(tab)):
            game[G_SCORE + s] = start[s]
        return settle_individual(game[G_SCORE:G_SCORE + L.MAX_SIDES], score, bidder, trump,
                                 pts, tab)
    winner, _, t0, t1 = settle(start[0], start[1], score, bidder, bid, made, trump, pts, tab)
    game[G_SCORE] = t0
    game[G_SCORE + 1] = t1
    return winner


@shared_phase
def play_game(seed, game, first_dealer, policy, flags, tab, work, out, think):
    """Play game ``game`` of ``seed`` on from the record ``out`` (G_DEALS deals played,
    the scores at G_SCORE; ``first_dealer`` dealt its first deal); writes the game's end
    into ``out`` (layout G_*)."""
    if not tab.opts[L.O_PARTNERSHIPS]:
        return play_individual_game(seed, game, first_dealer, policy, flags, tab, work, out,
                                    think)
    kind = np.int64(KIND_GAME)
    winner = -1
    end = END_UNFINISHED
    deals = out[G_DEALS]
    t0 = out[G_SCORE]
    t1 = out[G_SCORE + 1]
    score = work.score
    while deals < tab.opts[L.O_MAX_DEALS]:
        dealer = seat_after(tab, first_dealer, deals % players(tab))
        bidder, bid, trump = auctioned_deal(seed, game * GAME_STRIDE + deals, kind, dealer, policy,
                                            flags, tab, work, think)
        made = deal_score(work.pts, bidder, bid, score, tab)
        deals += 1
        if bidder < 0:  # thrown in: the deal passes
            continue
        winner, end, t0, t1 = settle(t0, t1, score, bidder, bid, made, trump, work.pts, tab)
        if winner >= 0:
            break
    out[G_WINNER] = winner
    out[G_END] = end
    out[G_DEALS] = deals
    out[G_SCORE] = t0
    out[G_SCORE + 1] = t1


@shared_phase
def play_games_on(seed, game, records, policy, flags, tab, work, spare, think):
    """Play game ``game`` of ``seed`` on from several scores at once: ``records`` holds one
    game record a row (layout G_*, one deal played, G_WINNER -1 where the game goes on).
    The deals after the first do not depend on the scores (no player reads them), so each
    is played once and settled into every open record: the records end as play_game would
    leave each, for a fraction of the play. ``spare``: a side's worth of scratch."""
    kind = np.int64(KIND_GAME)
    score = work.score
    unsettled = 0
    for r in range(records.shape[0]):
        unsettled += records[r, G_WINNER] < 0
    deals = np.int64(1)
    while unsettled > 0 and deals < tab.opts[L.O_MAX_DEALS]:
        dealer = seat_after(tab, np.int64(0), deals % players(tab))
        bidder, bid, trump = auctioned_deal(seed, game * GAME_STRIDE + deals, kind, dealer, policy,
                                            flags, tab, work, think)
        made = deal_score(work.pts, bidder, bid, score, tab)
        deals += 1
        for r in range(records.shape[0]):
            if records[r, G_WINNER] < 0:
                records[r, G_DEALS] = deals
                if bidder >= 0:  # else thrown in: the deal passes
                    unsettled -= settle_row(records[r], score, bidder, bid, made, trump,
                                            work.pts, tab, spare)


@kernel
def settle_row(record, score, bidder, bid, made, trump, pts, tab, spare):
    """One more deal scored into an open game ``record``: 1 if that ended it, else 0."""
    if tab.opts[L.O_PARTNERSHIPS]:
        winner, end, t0, t1 = settle(record[G_SCORE], record[G_SCORE + 1], score, bidder, bid,
                                     made, trump, pts, tab)
        record[G_END] = end
        record[G_SCORE] = t0
        record[G_SCORE + 1] = t1
    else:
        for s in range(spare.shape[0]):
            spare[s] = score[s]  # settle_individual uses the score up
        winner = settle_individual(record[G_SCORE:G_SCORE + L.MAX_SIDES], spare, bidder, trump,
                                   pts, tab)
        record[G_END] = END_TARGET if winner >= 0 else END_UNFINISHED
    record[G_WINNER] = winner
    return np.int64(winner >= 0)


@kernel
def play_individual_game(seed, game, first_dealer, policy, flags, tab, work, out, think):
    """play_game for individual play: a running score a seat (G_SCORE + seat)."""
    kind = np.int64(KIND_GAME)
    winner = -1
    deals = out[G_DEALS]
    scores = out[G_SCORE:G_SCORE + L.MAX_SIDES]
    while deals < tab.opts[L.O_MAX_DEALS]:
        dealer = seat_after(tab, first_dealer, deals % players(tab))
        bidder, bid, trump = auctioned_deal(seed, game * GAME_STRIDE + deals, kind, dealer, policy,
                                            flags, tab, work, think)
        deal_score(work.pts, bidder, bid, work.score, tab)
        deals += 1
        if bidder < 0:  # thrown in: the deal passes
            continue
        winner = settle_individual(scores, work.score, bidder, trump, work.pts, tab)
        if winner >= 0:
            break
    out[G_WINNER] = winner
    out[G_END] = END_TARGET if winner >= 0 else END_UNFINISHED
    out[G_DEALS] = deals
