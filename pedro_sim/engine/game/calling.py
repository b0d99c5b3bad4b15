"""five-handed: the trump the bidder calls and the team it makes. The holder of the called
trump must play it to the first trick and partners the bidder for the deal; until then
only it knows. The deal keeps a side (and points) a seat; the team is the deal's record
pts[PT_TEAM], a bit per seat, the partner's set when it plays the called card, so that
play, which reads it, learns the partnership when the table does, and a world drawn by a
thinking player names its own partner (its holder of the called card)."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import bit
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.players import policy_of
from pedro_sim.engine.players.heuristic import strongest
from pedro_sim.engine.players.random import random_card
from pedro_sim.engine.seats import players, role_of, seat_among, side_in, side_of


@kernel
def calls_partner(tab):
    """Whether the bidder calls its partner (five-handed). False at compile time in the
    engines of partnerships (the length of the Tables' side tuple is a constant of their
    code: four-seat games do not pay for the branches on it)."""
    return len(tab.sides) == L.MAX_SIDES and tab.opts[L.O_CALLED_PARTNER] != 0


@kernel
def callable_trumps(hand, t, tab):
    """The trumps a bidder holding ``hand`` may call: every trump it does not hold (every
    trump is in some hand: nothing is drawn and no trump is discarded)."""
    return tab.masks[t, L.M_TRUMP] & ~hand


@kernel
def plain_call(player, hand, rng, t, tab):
    """The call of a player that does not think: the random player's uniform over the
    callable trumps by ascending id; the heuristic's the highest trump it lacks (the
    strongest card it can give its partner)."""
    cands = callable_trumps(hand, t, tab)
    if player == L.PL_RANDOM:
        return random_card(rng, cands)
    return strongest(cands, t, tab)


@kernel
def holder_of(hands, c, tab):
    """The seat whose hand holds card ``c`` (-1: none)."""
    for p in range(players(tab)):
        if hands[p] & bit(c):
            return p
    return -1


@kernel
def start_call(pts, rec, hands, bidder, c, tab):
    """The bidder calls ``c``: the deal's called trump and its team so far (the bidder);
    the record gets the card and its holder."""
    pts[L.PT_CALLED] = np.int64(bit(c))
    pts[L.PT_TEAM] = np.int64(1) << bidder
    if rec.shape[0] > 0:
        rec[L.R_CALLED] = c
        rec[L.R_CALLED + 1] = holder_of(hands, c, tab)


@kernel
def call_partner(hands, bidder, t, policy, rng, tab, pts, rec):
    """The call of a bidder that does not think it over (plain_call), made when play
    starts, before the first lead."""
    c = plain_call(policy_of(policy, role_of(tab, bidder)), hands[bidder], rng, t, tab)
    start_call(pts, rec, hands, bidder, c, tab)


@kernel
def called_only(h, legal, called):
    """A seat holding the called trump (``called``, a mask: pts[PT_CALLED]) has one legal
    card, the called trump (always legal: a trump, on the first trick)."""
    return called if h & called else legal


@kernel
def join_team(pts, p):
    """Seat ``p`` played the called trump: the table knows the bidder's partner."""
    pts[L.PT_TEAM] |= np.int64(1) << p


@kernel
def partner_in(pts, bidder):
    """The bidder's partner once known (-1: none, or not yet)."""
    rest = pts[L.PT_TEAM] & ~(np.int64(1) << bidder) if bidder >= 0 else 0
    if rest == 0:
        return np.int64(-1)
    p = np.int64(0)
    while not (rest >> p) & 1:
        p += 1
    return p


@kernel
def carry_call(pts, real, world, tab):
    """A thinking player's copy of the deal's points (``pts``, cleared) gets the call of the
    real deal (``real``), the partner being the holder of the called card in its drawn
    ``world`` while the card is unplayed."""
    pts[L.PT_CALLED] = real[L.PT_CALLED]
    pts[L.PT_TEAM] = real[L.PT_TEAM]
    called = np.uint64(real[L.PT_CALLED])
    if called:
        for p in range(players(tab)):
            if world[p] & called:
                join_team(pts, p)


@kernel
def team_points(pts, seat, tab):
    """The points of ``seat``'s side, counting its partner's where the bidder's team takes
    it in (the bidder and, once known, its partner: their points make the bid)."""
    team = pts[L.PT_TEAM]
    if not (team >> seat) & 1:
        return pts[L.PT_POINTS + side_of(tab, seat)]
    total = 0
    for s in range(players(tab)):
        if (team >> s) & 1:
            total += pts[L.PT_POINTS + s]
    return total


@kernel
def points_of_side(pts, side, tab):
    """What ``side`` took: in five-handed (a side a seat) with its called partner's when
    it is in the bidder's team."""
    if calls_partner(tab):
        return team_points(pts, side, tab)
    return pts[L.PT_POINTS + side]


@kernel
def team_word(pts, sides, tab):
    """The side word play reads: once the partner is known, the bidder's team as side 0
    and the three others as side 1 (who holds a trick for whom); else ``sides``."""
    team = pts[L.PT_TEAM]
    if team & (team - 1) == 0:  # the bidder alone so far
        return sides
    word = 0
    for s in range(players(tab)):
        if not (team >> s) & 1:
            word |= 1 << (L.SIDE_BITS * s)
    return word


@kernel
def later_foes(allies, leader, k, n, p):
    """The seats (a bit each) after place ``k`` of a trick led by ``leader`` among ``n``
    players that are not on ``p``'s side in the side word ``allies``."""
    mine = side_in(allies, p)
    out = np.int64(0)
    for j in range(k + 1, n):
        q = seat_among(leader, j, n)
        if side_in(allies, q) != mine:
            out |= np.int64(1) << q
    return out
