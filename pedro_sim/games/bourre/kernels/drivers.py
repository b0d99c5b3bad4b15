"""Bourré's compiled loops and the Python calls that share them out among threads
(engine/threads.py). A session (or a fixed-hand deal) is a pure function of the seed and
its number, so the results are the same whatever the thread count or the pieces."""

import numpy as np

from pedro_sim.engine.jit import loop
from pedro_sim.engine.threads import Span, share, share_chunks
from pedro_sim.games.bourre.kernels import layout as B
from pedro_sim.games.bourre.kernels.decision_deals import _classes, _fixed
from pedro_sim.games.bourre.kernels.pimc import Think, new_think
from pedro_sim.games.bourre.kernels.session import R_LEN, play_session
from pedro_sim.games.bourre.rules import BourreRules, TrumpCard

NO_RECORDS_ST = np.zeros((0, B.S_LEN), np.int64)
NO_RECORDS_MK = np.zeros((0, B.M_LEN), np.uint64)


def new_state(rules: BourreRules) -> tuple[np.ndarray, np.ndarray]:
    """A deal's records for ``rules``'s table (the options in their slots)."""
    st = np.zeros(B.S_LEN, np.int64)
    st[B.S_N] = rules.players
    st[B.S_LIMIT] = rules.limit
    st[B.S_DOUBLE] = int(rules.double_ante)
    st[B.S_NOBODY] = int(rules.trump_card is TrumpCard.NOBODY)
    return st, np.zeros(B.M_LEN, np.uint64)


def scratch(rules: BourreRules) -> tuple:
    """A thread's arrays: the deal's records, a deck, discards, the stream (and a saved
    state of it), thinking."""
    st, mk = new_state(rules)
    return (st, mk, np.zeros(B.DECK, np.int64), np.zeros(B.HAND, np.int64),
            np.zeros(2, np.uint64), new_think())


@loop
def _sessions(seed, first, deals, pol, worlds, st, mk, deck, buf, rng, th: Think, out,
              rec_st, rec_mk):
    for i in range(out.shape[0]):
        for j in range(out.shape[1]):
            out[i, j] = 0
        play_session(seed, first + i, deals, st, mk, pol, worlds, deck, buf, rng, th,
                     out[i], rec_st, rec_mk)


def sessions(rules: BourreRules, seed: int, first: int, count: int, deals: int,
             pol: np.ndarray, worlds: np.ndarray) -> np.ndarray:
    """Sessions first..first+count-1 of ``deals`` deals each: one row a session
    (session.py R_*)."""
    out = np.zeros((count, R_LEN), np.int64)

    def run(a: int, b: int) -> None:
        _sessions(seed, first + a, deals, pol, worlds, *scratch(rules), out[a:b],
                  NO_RECORDS_ST, NO_RECORDS_MK)
    share(count, run, 4)
    return out


def record_session(rules: BourreRules, seed: int, session: int, deals: int,
                   pol: np.ndarray, worlds: np.ndarray) -> tuple[np.ndarray, ...]:
    """Every deal of one session: its records (st, mk) a deal, and the session's row
    (session.py R_*: a session whose pot passed POT_CAP stopped there, the records after
    it left empty)."""
    rec_st = np.zeros((deals, B.S_LEN), np.int64)
    rec_mk = np.zeros((deals, B.M_LEN), np.uint64)
    out = np.zeros((1, R_LEN), np.int64)
    _sessions(seed, session, deals, pol, worlds, *scratch(rules), out, rec_st, rec_mk)
    return rec_st, rec_mk, out[0]


def fixed_hand(rules: BourreRules, seed: int, first: int, count: int, per_chunk: int,
               hand: np.ndarray, seat: int, dealer: int, trump: int, turned: int, pot: int,
               first_option: int, pol: np.ndarray, worlds: np.ndarray,
               out: np.ndarray) -> None:
    """Deals first..first+count-1 with ``seat`` holding ``hand``, every option; out[chunk]
    (decision_deals.py F_*) summed per chunk of ``per_chunk`` deals."""
    def run(piece: Span, part: np.ndarray, *own) -> None:
        _fixed(piece, hand, seat, dealer, trump, turned, pot, first_option, pol, worlds,
               *own, part)
    share_chunks(Span(seed, first, count, per_chunk), out, run, lambda: scratch(rules))


def hand_classes(rules: BourreRules, seed: int, first: int, count: int, per_chunk: int,
                 seat: int, pot: int, pol: np.ndarray, worlds: np.ndarray,
                 out: np.ndarray) -> None:
    """Random deals (dealer 0), ``seat``'s hand by class, every option; out[chunk, class]."""
    def run(piece: Span, part: np.ndarray, *own) -> None:
        _classes(piece, seat, pot, pol, worlds, *own, part)
    share_chunks(Span(seed, first, count, per_chunk), out, run, lambda: scratch(rules))
