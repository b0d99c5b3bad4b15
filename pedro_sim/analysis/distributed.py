"""Run an analysis's chunks on a Dask cluster instead of local threads.

A chunk is a pure function of (seed, its deal indices), so a worker computes exactly
what a local thread would, and integer counts sum to the same totals in any order:
the results are identical, bit for bit. Workers run one numba thread each and load
the kernels from the shared on-disk cache (run `pedro-sim warmup` once per machine).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from pedro_sim.errors import PedroError

_client: Any = None


def client() -> Any:
    """The Dask client analyses run on, or None for local threads."""
    return _client


@contextlib.contextmanager
def dask_backend(scheduler: str | None, workers: int | None) -> Iterator[None]:
    """Within the block, chunks go to the cluster at ``scheduler`` or to a local cluster of
    ``workers`` processes (one thread each); with neither, nothing changes."""
    global _client
    if scheduler is None and workers is None:
        yield
        return
    if scheduler is not None and workers is not None:
        raise PedroError("give --scheduler or --workers, not both")
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - dask is a dependency
        raise PedroError("Dask is not installed (pip install 'dask[distributed]')") from None
    cluster = None
    try:
        if workers is not None:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   host="127.0.0.1", dashboard_address=None)
            _client = Client(cluster)
        else:
            _client = Client(scheduler, timeout="5s")
    except (OSError, TimeoutError) as e:
        if cluster is not None:
            cluster.close()
        raise PedroError(f"cannot reach the Dask scheduler {scheduler or ''}: {e}") from None
    try:
        yield
    finally:
        _client.close()
        _client = None
        if cluster is not None:
            cluster.close()


def _chunk(step: Callable, first: int, count: int, chunk: int,
           row_shape: tuple[int, ...]) -> np.ndarray:
    """One chunk on a worker, on one numba thread."""
    import numba

    numba.set_num_threads(1)
    out = np.zeros((1, *row_shape), dtype=np.int64)
    step(first, count, chunk, out)
    return out[0]


def run_on_cluster(step: Callable, total: int, row_shape: tuple[int, ...], chunk: int,
                   progress: Callable[[int], None] | None = None) -> np.ndarray:
    """Sum the chunks of deals 0..total-1 computed by the cluster's workers."""
    from dask.distributed import as_completed

    futures = {}
    for first in range(0, total, chunk):
        count = min(chunk, total - first)
        futures[_client.submit(_chunk, step, first, count, chunk, row_shape, pure=False)] = count
    acc = np.zeros(row_shape, dtype=np.int64)
    done = 0
    try:
        for future in as_completed(futures):
            acc += future.result()
            done += futures[future]
            if progress is not None:
                progress(done)
    except BaseException:
        _client.cancel(list(futures))
        raise
    return acc
