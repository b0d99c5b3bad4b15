"""A Bourré deal from the declarations to the payment, each decision taken by the seat's
player. ``finish_heuristic`` plays the rest of a deal with the heuristic at every seat:
the thinking player's playouts (pimc.py); session.play_out asks each seat's own player."""

import numpy as np

from pedro_sim.engine.jit import kernel, phase
from pedro_sim.games.bourre.kernels import layout as B
from pedro_sim.games.bourre.kernels.deal import (
    all_passed_before,
    declare,
    declaring_seat,
    must_play,
    play_card,
    settle,
    start_play,
    to_play,
)
from pedro_sim.games.bourre.kernels.play_rules import legal
from pedro_sim.games.bourre.kernels.players import (
    heuristic_card,
    heuristic_declare,
    random_declare,
    random_discards,
    throw_away,
)


@kernel
def is_last(st):
    """Whether the seat to play is the trick's last."""
    return st[B.S_POS] == st[B.S_PLAYING] - 1


@kernel
def legal_now(st, mk, seat):
    """The cards ``seat`` may play now (rules 4 and 5)."""
    return legal(mk[B.M_HAND + seat], st[B.S_LED], st[B.S_TOP], st[B.S_TRUMP],
                 st[B.S_CINCH + seat] != 0, is_last(st), mk[B.M_PLAYED] | mk[B.M_TRICK])


@phase
def declare_and_start(st, mk, seat, k, discards, rng):
    """``seat``'s declaration applied; after the dealer's, the play starts (or the lone
    player takes the pot)."""
    declare(st, mk, seat, k, discards, rng)
    if st[B.S_DECL_NEXT] == st[B.S_N]:
        start_play(st, mk)


@phase
def heuristic_declares(st, mk, seat, buf, rng):
    """``seat`` declares as the heuristic does."""
    if all_passed_before(st):
        declare_and_start(st, mk, seat, np.int64(0), buf, rng)
        return
    k = heuristic_declare(st, mk, seat, must_play(st, seat))
    if k > 0:
        throw_away(mk[B.M_HAND + seat], k, st[B.S_TRUMP], buf)
    declare_and_start(st, mk, seat, k, buf, rng)


@phase
def finish_heuristic(st, mk, buf, rng):
    """The rest of the deal, every seat playing the heuristic; the pot after it."""
    while st[B.S_DECL_NEXT] < st[B.S_N]:
        heuristic_declares(st, mk, declaring_seat(st), buf, rng)
    while st[B.S_TRICK] < B.TRICKS:
        seat = to_play(st)
        play_card(st, mk, seat, heuristic_card(legal_now(st, mk, seat), st, mk, seat,
                                               is_last(st)))
    return settle(st)


@kernel
def random_declares(st, mk, seat, buf, rng):
    """``seat`` declares as the random player does (docs/bourre.md section 3)."""
    if all_passed_before(st):
        declare_and_start(st, mk, seat, np.int64(0), buf, rng)
        return
    k = random_declare(st, seat, must_play(st, seat), rng)
    if k > 0:
        random_discards(mk[B.M_HAND + seat], k, rng, buf)
    declare_and_start(st, mk, seat, k, buf, rng)
