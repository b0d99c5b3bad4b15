"""Run a chunked kernel in batches: progress between batches, Ctrl-C within a second.
Progress goes to standard error: a bar on a terminal, a line every LINE_SECONDS of a long
run when standard error is a file or a pipe (a script's log), nothing when asked for none.

Chunks are fixed-size ranges of deal indices and every accumulator is an
integer count, so the sum is the same whatever the batch sizes or threads.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numba
import numpy as np
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from pedro_sim.analysis import distributed
from pedro_sim.process_exit import check_interrupted

CHUNK = 8192  # deals per chunk: the unit of work of one thread
THINKING_CHUNK = 16  # the same for thinking players (milliseconds a deal): progress and balance


def chunk_for(policy: int) -> int:
    """Deals per chunk for a policy word."""
    thinking = (policy & 15) >= 2 or ((policy >> 4) & 15) >= 2
    return THINKING_CHUNK if thinking else CHUNK
BATCH_SECONDS = 0.2  # target wall time of one kernel call

# step(first deal index, number of deals, deals per chunk, out[n_chunks, *row_shape]) fills out
Step = Callable[[int, int, int, np.ndarray], None]


LINE_SECONDS = 5.0  # a progress line every this many seconds when stderr is no terminal


class ProgressLines:
    """Progress as a line on standard error every LINE_SECONDS, for a log or a pipe where
    a bar cannot be drawn: ``bid, eldest: 40,960 of 200,000 deals (20%), 10 s``. A run
    shorter than LINE_SECONDS prints none; ``last``, with the total, adds the closing line
    once a line was printed (``always``: even for a short run)."""

    def __init__(self, total: int, label: str = "", what: str = "deals",
                 last: bool = False, always: bool = False) -> None:
        self.total, self.label, self.what = total, label, what
        self.last, self.always, self.printed = last, always, False
        self.started = self.at = time.monotonic()

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        closing = done >= self.total and (self.always or (self.last and self.printed))
        if now - self.at >= LINE_SECONDS or closing:
            self.at, self.printed = now, True
            head = f"{self.label}: " if self.label else ""
            share = f" ({100 * done // max(self.total, 1)}%)" if done < self.total else ""
            print(f"{head}{done:,} of {self.total:,} {self.what}{share}, "
                  f"{now - self.started:.0f} s", file=sys.stderr, flush=True)


def _progress(label: str) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
        console=Console(stderr=True), transient=True,
    )


def _on_cluster(run: Callable[[Callable[[int], None] | None], np.ndarray], total: int,
                label: str, show_progress: bool | None, unit: str) -> np.ndarray:
    """``run(progress)`` on the Dask cluster, its progress shown as run_chunked shows it."""
    if show_progress is None:  # not a terminal: lines
        return run(ProgressLines(total, label, unit))
    if not show_progress:
        return run(None)
    bar = _progress(label)
    with bar:
        task = bar.add_task(label, total=total)
        return run(lambda done: bar.update(task, completed=done))


def run_chunked(step: Step, total: int, row_shape: tuple[int, ...], label: str = "deals",
                show_progress: bool | None = None, chunk: int = CHUNK,
                unit: str = "deals") -> np.ndarray:
    """Sum the kernel's per-chunk rows over deals 0..total-1 (on the Dask cluster when
    one is in use: analysis/distributed.py). ``show_progress``: True a bar, False
    nothing, None (the default) a bar on a terminal and ProgressLines elsewhere, which
    count ``unit`` (what a step's index counts: deals, games, sessions)."""
    if show_progress is None and sys.stderr.isatty():
        show_progress = True
    if distributed.client() is not None:
        return _on_cluster(lambda progress: distributed.run_on_cluster(
            step, total, row_shape, chunk, progress), total, label, show_progress, unit)
    lines = ProgressLines(total, label, unit) if show_progress is None else None
    acc = np.zeros(row_shape, dtype=np.int64)
    done = 0
    threads = numba.get_num_threads()  # fewer chunks a call would leave threads idle
    n_chunks = 1
    started = time.perf_counter()
    bar: Progress | None = None
    task = None
    try:
        while done < total:
            count = min(n_chunks * chunk, total - done)
            out = np.zeros(((count + chunk - 1) // chunk, *row_shape), dtype=np.int64)
            t0 = time.perf_counter()
            step(done, count, chunk, out)
            check_interrupted()  # a Ctrl-C lost in a callback stops the run here
            acc += out.sum(axis=0)
            done += count
            took = max(time.perf_counter() - t0, 1e-6)
            n_chunks = max(threads, min(4 * n_chunks, int(n_chunks * BATCH_SECONDS / took)))
            elapsed = time.perf_counter() - started
            if bar is None and show_progress and done < total and elapsed * total / done > 1.0:
                bar = _progress(label)
                bar.start()
                task = bar.add_task(label, total=total)
            if bar is not None:
                bar.update(task, completed=done)
            if lines is not None:
                lines(done)
    finally:
        if bar is not None:
            bar.stop()
    return acc


def run_rows(rows_of: Callable[[int, int], np.ndarray], total: int, width: int, label: str,
             show_progress: bool | None, cluster_chunk: int, unit: str) -> np.ndarray:
    """One row of ``width`` counts per item 0..total-1, in order, where ``rows_of(first,
    count)`` gives the rows of items first..first+count-1, each a function of its item
    alone (a session, say): locally by run_chunked's batches, an item a chunk; on the Dask
    cluster, tasks of ``cluster_chunk`` items, the same rows."""
    if distributed.client() is not None:
        return _on_cluster(lambda progress: distributed.rows_on_cluster(
            rows_of, total, width, cluster_chunk, progress), total, label, show_progress, unit)
    rows = np.zeros((total, width), dtype=np.int64)

    def step(start: int, count: int, chunk: int, out: np.ndarray) -> None:
        rows[start:start + count] = rows_of(start, count)

    run_chunked(step, total, (0,), label, show_progress, chunk=1, unit=unit)
    return rows


PRECISION_START = 8192  # deals before the first look at the intervals


def run_precise(step: Step, cap: int, row_shape: tuple[int, ...], label: str,
                show_progress: bool | None, chunk: int, precision: float,
                widest: Callable[[np.ndarray], float],
                unit: str = "deals") -> tuple[np.ndarray, int, bool]:
    """run_chunked until ``widest(counts)`` (the largest 95% half-width the counts report)
    is at most ``precision``: it looks after PRECISION_START deals and after each
    doubling, so the seed alone fixes the deals used. Returns (counts, deals, reached);
    ``cap`` is the most deals it may use."""
    acc = np.zeros(row_shape, dtype=np.int64)
    done, target = 0, min(PRECISION_START, cap)
    while True:
        def shifted(start: int, n: int, size: int, out: np.ndarray, first: int = done) -> None:
            step(first + start, n, size, out)

        acc += run_chunked(shifted, target - done, row_shape, label, show_progress, chunk,
                           unit)
        done = target
        met = widest(acc) <= precision
        if met or done >= cap:
            return acc, done, met
        target = min(2 * done, cap)
