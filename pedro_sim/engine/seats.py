"""Seats and sides: who plays after whom and for which side, read from the seat table
(in opts: encoding/option_array.py seat_table), never from seat arithmetic, so that games with
other player counts or sides need a new table and no new kernel code (another player count
compiles the same kernels once more: the count is a constant of the compiled code).

Loops that only look at each seat's cards run over ``range(L.SEATS)``, every seat the
arrays have room for (a seat the preset does not use holds nothing): a constant bound
numba unrolls. Loops that go round the table in order use the player count.
"""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.jit import kernel


@kernel
def players(tab):
    """The player count, a constant of the compiled code (the length of the Tables' seat
    tuple, encoding/tables.py), not read from opts[O_PLAYERS]: loops over the players
    unroll and seat arithmetic folds (measured: 3-4% more heuristic deals a second, 7-8%
    with seat_among's mask; docs/changelog.md, 2026-12-02). Games of individuals (any count) share
    one compiled engine, whose seat tuple has every seat of the arrays' room: there the
    count is read from opts (the comparison folds away in the other engines)."""
    n = len(tab.seats)
    return tab.opts[L.O_PLAYERS] if n == L.SEATS else n


@kernel
def sides(tab):
    """The number of sides, a constant of the compiled code as the player count is (the
    Tables' side tuple): 2 in partnerships; one a seat in individual play, read from opts
    as players() does."""
    k = len(tab.sides)
    return tab.opts[L.O_PLAYERS] if k == L.MAX_SIDES else k


@kernel
def side_of(tab, p):
    return tab.opts[L.SE_SIDE + p]


@kernel
def same_side(tab, p, q):
    return tab.opts[L.SE_SIDE + p] == tab.opts[L.SE_SIDE + q]


@kernel
def partner_of(tab, p):
    return tab.opts[L.SE_PARTNER + p]


@kernel
def seat_after(tab, p, k):
    """The seat ``k`` places after ``p`` (0 <= k <= the player count)."""
    return seat_among(p, k, players(tab))


@kernel
def seat_among(p, k, n):
    """The seat ``k`` places after ``p`` among ``n`` players (0 <= k <= n): for loops that
    read the player count once. Masked with the arrays' room (a power of two, a
    no-op on a seat), so that the compiler knows the seat in range and indexes arrays by it
    without numba's negative-index fix-up (measured: 2% more heuristic deals a second
    alone, 7-8% with the constant player count)."""
    q = p + k
    return (q - n if q >= n else q) & (L.SEATS - 1)


@kernel
def side_word(tab):
    """Every seat's side, packed (SE_SIDE_WORD), for loops that hold it in a register."""
    return tab.opts[L.SE_SIDE_WORD]


@kernel
def side_in(word, p):
    """Seat ``p``'s side from a side word."""
    return (word >> (L.SIDE_BITS * p)) & ((1 << L.SIDE_BITS) - 1)


@kernel
def role_word(tab):
    """Which of the policy word's two players sits at each seat, a bit per seat
    (SE_ROLE_WORD): the side in two-sided games; set per arrangement in duels of N
    individual players."""
    return tab.opts[L.SE_ROLE_WORD]


@kernel
def role_in(word, p):
    """Seat ``p``'s player (0 or 1 of the policy word) from a role word."""
    return (word >> p) & 1


@kernel
def role_of(tab, p):
    return role_in(tab.opts[L.SE_ROLE_WORD], p)


@kernel
def lone_holder(hands, tab):
    """(how many seats hold cards, the last of them): a lone holder claims the rest."""
    holding = 0
    last = -1
    for p in range(players(tab)):
        if hands[p]:
            holding += 1
            last = p
    return holding, last


@kernel
def holders(hands, tab):
    """The seats (a bit each) that still hold cards. (A counted loop over the players:
    unrolled over SEATS it measured slower in whole deals.)"""
    out = np.int64(0)
    for p in range(players(tab)):
        if hands[p]:
            out |= np.int64(1) << p
    return out


@kernel
def later_opponents(tab, k, p):
    """The opponents (a bit each) who play after ``p`` when it plays at place ``k``."""
    return tab.opts[L.SE_LATER + L.SEATS * k + p]


@kernel
def credit(pts, side, points, cards):
    """``side`` takes ``points`` and the cards of the mask ``cards``."""
    pts[L.PT_POINTS + side] += points
    pts[L.PT_CARDS + side] |= np.int64(cards)


@kernel
def clear_points(pts):
    for i in range(L.PT_LEN):
        pts[i] = 0


@kernel
def seat_masks(hands, field):
    """The field of ``hands`` (layout H_*) that starts at ``field``: a mask per seat."""
    return hands[field:field + L.SEATS]


@kernel
def first_dealer(tab, i):
    """Who deals deal (or game) number ``i``: the deal passes to the left, one a deal."""
    return i % players(tab)
