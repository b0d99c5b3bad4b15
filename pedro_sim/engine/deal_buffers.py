"""One thread's scratch for whole deals, as one bundle (a named tuple of arrays)."""

from typing import NamedTuple

import numpy as np

from pedro_sim.encoding import layout as L


class Work(NamedTuple):
    """One thread's scratch, reused deal after deal (new_work): the arrays a deal writes."""

    deck: np.ndarray  # int64 [53]: the dealing order
    rest: np.ndarray  # int64 [53]: the cards not in a fixed hand
    hands: np.ndarray  # uint64 [H_LEN]: the deal's cards (layout H_*)
    rng: np.ndarray  # uint64 [1]: the random stream's state
    pts: np.ndarray  # int64 [PT_LEN]: each side's points and cards (layout PT_*)
    play: np.ndarray  # int64 [PS_LEN]: where play stands (layout PS_*)
    rec: np.ndarray  # int64 [R_LEN] to record the deal, or [0] not to
    score: np.ndarray  # int64 [MAX_SIDES]: what the deal scores for each side


def new_arrays() -> tuple:
    """The arrays of a thread's Work but the record and the score."""
    return (np.empty(L.MAX_DECK, dtype=np.int64), np.empty(L.MAX_DECK, dtype=np.int64),
            np.zeros(L.H_LEN, dtype=np.uint64), np.zeros(1, dtype=np.uint64),
            np.zeros(L.PT_LEN, dtype=np.int64), np.zeros(L.PS_LEN, dtype=np.int64))


def new_work(recording: bool = False) -> Work:
    """A thread's scratch, with a record to fill when ``recording``."""
    rec = np.zeros(L.R_LEN if recording else 0, dtype=np.int64)
    return Work(*new_arrays(), rec, np.zeros(L.MAX_SIDES, dtype=np.int64))
