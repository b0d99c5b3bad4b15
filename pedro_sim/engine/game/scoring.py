"""What a deal scores: the engine's one scoring, read by the drivers, the traces and the
thinking players that play for the score."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.game.calling import calls_partner
from pedro_sim.engine.game.tricks import card_points
from pedro_sim.engine.jit import kernel, shared_phase
from pedro_sim.engine.seats import credit, players, same_side, side_of, sides


@shared_phase
def deal_score(pts, bidder, bid, score, tab):
    """Made: the bidders add their points; set: they lose the bid (difference scoring:
    the side with more points scores the difference; set, the opponents score the bid
    and their points; the special bids: docs/rules.md, ``special_bid``). Each defending
    side is scored against the bidders; five-handed's called team: team_score.
    Returns made."""
    if calls_partner(tab):
        return team_score(pts, bidder, bid, score, tab)
    for s in range(sides(tab)):
        score[s] = 0
    if bidder < 0:  # thrown in
        return False
    bt = side_of(tab, bidder)
    mine = pts[L.PT_POINTS + bt]
    top = tab.opts[L.O_MAX_BID]
    made = mine >= bid
    if bid > top:  # "83 double" or "28-56": needs every point
        made = mine >= tab.opts[L.O_TOTAL_POINTS]
    for ot in range(sides(tab)):
        if ot == bt:
            continue
        theirs = pts[L.PT_POINTS + ot]
        if tab.opts[L.O_DOUBLE_MAX] and bid == top:
            score[bt] = 2 * bid if made else -2 * bid
            score[ot] = theirs
        elif bid > top:
            score[bt] = special_won(bid, tab) if made else -bid
            score[ot] = theirs
        elif tab.opts[L.O_SCORING] == L.SCORE_DIFFERENCE:
            diff = mine - theirs
            score[bt] = diff if made and diff > 0 else 0
            score[ot] = (-diff if diff < 0 else 0) if made else bid + theirs
        else:
            score[bt] = mine if made else -bid
            score[ot] = theirs
    if tab.opts[L.O_MOON] and made and bid == top:  # shooting the moon
        score[bt] = 2 * bid
    return made


@kernel
def special_won(bid, tab):
    """What a bid above the numbers scores made: "83 double" its value, "28-56" 56."""
    return L.SCORE_28_56 if tab.opts[L.O_DEALER_28_56] and bid == L.BID_28_56 else bid


@kernel
def net_score(pts, bidder, bid, side, score, tab):
    """``side``'s score of a deal that ends with ``pts`` less every other side's (the deal's
    net for that side: what a side playing for the score maximizes)."""
    deal_score(pts, bidder, bid, score, tab)
    return net_of(score, side, tab)


@shared_phase
def net_of(score, side, tab):
    """``side``'s score less the mean of every other side's, times the number of other
    sides (an integer): in two-sided games its score less the other side's; in individual
    play, N - 1 times its lead over the others' mean."""
    k = sides(tab)
    net = 0
    for s in range(k):
        net += score[s] * (k - 1) if s == side else -score[s]
    return net


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
def exchange_credit(hands, bidder, t, tab, pts):
    """Points a side has before play, as the players know them: foster's counters the
    bidders' opponents put away, for the bidders; ukrainian's 2 put away face up, for the
    team that put it away (the team it was dealt to)."""
    if tab.opts[L.O_OPPONENTS_DISCARDS_TO_BIDDERS]:
        pts[L.PT_POINTS + side_of(tab, bidder)] += discard_credit(hands, bidder, t, tab)
    if tab.opts[L.O_DISCARD] == L.DISCARD_FOLD_OR_PASS:
        two = tab.masks[t, L.M_TWO]
        for p in range(players(tab)):
            if hands[L.H_DISCARDED + p] & two:
                credit(pts, side_of(tab, p), tab.opts[L.O_TWO_POINTS], two)


@kernel
def team_score(pts, bidder, bid, score, tab):
    """A five-handed deal's score, a slot a seat: the bidder and its partner each score
    their points together if they reach the bid, else lose it (a made top bid under
    ``moon`` twice the bid; ``28-56``: 56 with every point, else -28); every other seat
    scores its own points. Returns made."""
    if bidder < 0:  # thrown in
        for s in range(players(tab)):
            score[s] = 0
        return False
    team = pts[L.PT_TEAM] | (np.int64(1) << bidder)
    mine = 0
    for s in range(players(tab)):
        score[s] = 0 if (team >> s) & 1 else pts[L.PT_POINTS + s]
        mine += pts[L.PT_POINTS + s] if (team >> s) & 1 else 0
    top = tab.opts[L.O_MAX_BID]
    made = mine >= bid
    won = mine if made else -bid
    if bid > top:  # 28-56: needs every point
        made = mine >= tab.opts[L.O_TOTAL_POINTS]
        won = special_won(bid, tab) if made else -bid
    elif tab.opts[L.O_DOUBLE_MAX] and bid == top:
        won = 2 * bid if made else -2 * bid
    elif tab.opts[L.O_MOON] and made and bid == top:
        won = 2 * bid
    for s in range(players(tab)):
        if (team >> s) & 1:
            score[s] = won
    return made
