"""engine/threads.py, the thread sharing of every game's drivers: the pieces cover the
work once, in order, whatever the thread count; each thread has a scratch of its own;
and the module knows no game."""

from __future__ import annotations

import ast
import doctest
import threading
from pathlib import Path

import numba
import numpy as np
import pytest

from pedro_sim.engine import threads as T


@pytest.fixture
def thread_count():
    """Set numba's thread count inside a test and put it back."""
    saved = numba.get_num_threads()
    yield lambda n: numba.set_num_threads(min(n, numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(saved)


def test_the_docstring_examples_hold():
    result = doctest.testmod(T)
    assert result.attempted > 0 and result.failed == 0


def pieces(n: int, per_thread: int) -> list[tuple[int, int]]:
    """The pieces share called run on, in order."""
    seen: list[tuple[int, int]] = []
    lock = threading.Lock()

    def run(a: int, b: int) -> None:
        with lock:
            seen.append((a, b))

    T.share(n, run, per_thread)
    return sorted(seen)


@pytest.mark.parametrize("n, per_thread", [(0, 1), (1, 1), (5, 1), (10, 4), (37, 4)])
def test_pieces_cover_the_work_once_in_order(thread_count, n, per_thread):
    for threads in (1, 2):
        thread_count(threads)
        seen = pieces(n, per_thread)
        assert seen[0][0] == 0 and seen[-1][1] == n
        assert all(b == c for (_, b), (c, _) in zip(seen, seen[1:], strict=False))
        assert len(seen) <= max(1, numba.get_num_threads() * per_thread)


def chunk_rows(span: T.Span) -> tuple[np.ndarray, list[np.ndarray]]:
    """share_chunks' rows, each chunk's (sum of its deals, their count), and the scratch
    arrays it had made."""
    out = np.zeros((-(-span.count // span.chunk), 2), np.int64)
    made: list[np.ndarray] = []

    def scratch() -> tuple:
        made.append(np.zeros(1))
        return (made[-1],)

    def run(piece: T.Span, part: np.ndarray, own: np.ndarray) -> None:
        for ch in range(part.shape[0]):
            lo = piece.first + ch * piece.chunk
            deals = range(lo, min(lo + piece.chunk, piece.first + piece.count))
            part[ch] = (sum(deals), len(deals))

    T.share_chunks(span, out, run, scratch)
    return out, made


def test_each_chunk_gets_its_deals_and_each_thread_its_scratch(thread_count):
    """share_chunks hands each thread its rows of out, the span of their deals and a
    scratch made for it: the rows sum the deals of their chunks, the same on 1 and 2
    threads."""
    span = T.Span(seed=3, first=100, count=50, chunk=8)
    rows = []
    for threads in (1, 2):
        thread_count(threads)
        out, made = chunk_rows(span)
        assert out[:, 1].sum() == span.count and out[:, 0].sum() == sum(range(100, 150))
        assert len(made) == len({id(m) for m in made}) >= min(threads,
                                                               numba.get_num_threads())
        rows.append(out.tobytes())
    assert rows[0] == rows[1]


def test_the_module_knows_no_game():
    """Only the engine's shared pieces (jit), never Pedro's game nor a wing."""
    tree = ast.parse(Path(T.__file__).read_text())
    names = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
    ours = [m for m in names if m.startswith("pedro_sim")]
    assert ours == ["pedro_sim.engine.jit"]
