"""Whole Bourré deals and sessions, each seat played by its own player (``pol``: RANDOM,
HEURISTIC or PIMC a seat; ``worlds[seat]``: the thinking player's worlds for a declaration
and for a card, 0 to take that decision as the heuristic does): the pot
carried from deal to deal, the antes, and what each deal leaves in the records."""

import numpy as np

from pedro_sim.engine.jit import kernel, phase
from pedro_sim.engine.rng import GAME_STRIDE, THINK_KIND, shuffle, start
from pedro_sim.games.bourre.kernels import layout as B
from pedro_sim.games.bourre.kernels.deal import (
    all_passed_before,
    ante,
    clear_deal,
    deal_from,
    declaring_seat,
    must_play,
    play_card,
    seat_chips,
    settle,
    to_play,
)
from pedro_sim.games.bourre.kernels.layout import KIND_BOURRE
from pedro_sim.games.bourre.kernels.pimc import pimc_card, pimc_declare
from pedro_sim.games.bourre.kernels.players import heuristic_card, random_card, throw_away
from pedro_sim.games.bourre.kernels.whole_deal import (
    declare_and_start,
    heuristic_declares,
    is_last,
    legal_now,
    random_declares,
)


@phase
def seat_declares(st, mk, seat, pol, worlds, buf, rng, th):
    """``seat`` declares as its player does."""
    p = pol[seat]
    if p == B.RANDOM:
        random_declares(st, mk, seat, buf, rng)
    elif p == B.HEURISTIC or all_passed_before(st) or worlds[seat, 0] == 0:
        heuristic_declares(st, mk, seat, buf, rng)
    else:
        k = pimc_declare(st, mk, seat, must_play(st, seat), worlds[seat, 0], th)
        if k > 0:
            throw_away(mk[B.M_HAND + seat], k, st[B.S_TRUMP], buf)
        declare_and_start(st, mk, seat, k, buf, rng)


@phase
def seat_plays(st, mk, seat, pol, worlds, rng, th):
    """``seat`` plays a card as its player does."""
    ok = legal_now(st, mk, seat)
    p = pol[seat]
    if p == B.RANDOM:
        card = random_card(ok, rng)
    elif p == B.HEURISTIC or worlds[seat, 1] == 0:
        card = heuristic_card(ok, st, mk, seat, is_last(st))
    else:
        card = pimc_card(st, mk, seat, ok, worlds[seat, 1], th)
    play_card(st, mk, seat, card)


@phase
def play_out(st, mk, pol, worlds, buf, rng, th, fixed, option):
    """The declarations and the tricks; ``fixed`` (-1: none) declares ``option`` whatever
    its player. Returns the pot after the payment."""
    while st[B.S_DECL_NEXT] < st[B.S_N]:
        seat = declaring_seat(st)
        if seat == fixed and not all_passed_before(st):
            if option > 0:
                throw_away(mk[B.M_HAND + seat], option, st[B.S_TRUMP], buf)
            declare_and_start(st, mk, seat, option, buf, rng)
        else:
            seat_declares(st, mk, seat, pol, worlds, buf, rng, th)
    while st[B.S_TRICK] < B.TRICKS:
        seat_plays(st, mk, to_play(st), pol, worlds, rng, th)
    return settle(st)


@kernel
def begin_deal(st, mk, pot, first, dealer):
    """The antes into ``pot`` and a fresh deal at ``dealer``; the pot after the antes."""
    pot += ante(st, first)
    clear_deal(st, mk, dealer)
    st[B.S_POT_BEFORE] = pot
    st[B.S_POT] = pot
    return pot


@phase
def session_deal(seed, index, st, mk, pot, first, dealer, pol, worlds, deck, buf, rng, th):
    """Deal ``index`` of a session (stream kind 5): the pot after it."""
    start(rng, seed, index, KIND_BOURRE)
    start(th.rng, seed, index, KIND_BOURRE + THINK_KIND)
    pot = begin_deal(st, mk, pot, first, dealer)
    for c in range(B.DECK):
        deck[c] = c
    shuffle(rng, deck, B.DECK)
    deal_from(st, mk, deck, np.int64(B.DECK))
    return play_out(st, mk, pol, worlds, buf, rng, th, np.int64(-1), np.int64(0))


# A session's row (int64): per seat its chips, deals played, pots taken, times bourré;
# the same per place after the dealer (0: its left .. N - 1: the dealer); then the final
# pot, the largest pot, split pots, pots taken without play, the deals, whether the pot
# passed POT_CAP (the session stops there); then the pots after the antes, by their
# binary length (0 .. POT_BINS - 1).
POT_BINS = 48
POT_CAP = 1 << 52  # beyond this the sums of a session's chips could overflow
(R_CHIPS, R_PLAYED, R_TOOK, R_BOURRE, R_POS_CHIPS, R_POS_PLAYED, R_POS_TOOK, R_POS_BOURRE,
 R_FINAL, R_LARGEST, R_SPLITS, R_NOPLAY, R_DEALS, R_OVERFLOW, R_POTS, R_LEN) = np.cumsum(
    [0, 8, 8, 8, 8, 8, 8, 8, 8, 1, 1, 1, 1, 1, 1, POT_BINS]).tolist()


@kernel
def bin_of(pot):
    """The binary length of ``pot`` (0 for 0), capped to the last bin."""
    b = 0
    while pot > 0 and b < POT_BINS - 1:
        pot >>= 1
        b += 1
    return b


@kernel
def count_deal(st, row):
    """Add a settled deal to a session's row."""
    n = st[B.S_N]
    for s in range(n):
        p = (s - st[B.S_DEALER] - 1 + n) % n
        chips = seat_chips(st, s) - st[B.S_ANTES + s]
        played = 1 if st[B.S_DECL + s] >= 0 else 0
        took = 1 if st[B.S_WINNER] == s else 0
        row[R_CHIPS + s] += chips
        row[R_POS_CHIPS + p] += chips
        row[R_PLAYED + s] += played
        row[R_POS_PLAYED + p] += played
        row[R_TOOK + s] += took
        row[R_POS_TOOK + p] += took
        row[R_BOURRE + s] += st[B.S_BOURRE + s]
        row[R_POS_BOURRE + p] += st[B.S_BOURRE + s]
    if st[B.S_WINNER] < 0:
        row[R_SPLITS] += 1
    if st[B.S_LONE] >= 0:
        row[R_NOPLAY] += 1
    row[R_LARGEST] = max(row[R_LARGEST], st[B.S_POT_BEFORE])
    row[R_POTS + bin_of(st[B.S_POT_BEFORE])] += 1
    row[R_DEALS] += 1


@phase
def play_session(seed, g, deals, st, mk, pol, worlds, deck, buf, rng, th, row, rec_st,
                 rec_mk):
    """Session ``g``: ``deals`` deals from an empty pot, the first dealer g % N; its row,
    and each deal's records when ``rec_st`` has a row a deal."""
    pot = np.int64(0)
    n = st[B.S_N]
    for k in range(deals):
        pot = session_deal(seed, g * GAME_STRIDE + k, st, mk, pot, k == 0, (g + k) % n,
                           pol, worlds, deck, buf, rng, th)
        count_deal(st, row)
        if pot > POT_CAP:
            row[R_OVERFLOW] = 1
            break
        if rec_st.shape[0] > k:
            for i in range(B.S_LEN):
                rec_st[k, i] = st[i]
            for i in range(B.M_LEN):
                rec_mk[k, i] = mk[i]
    row[R_FINAL] = pot
