"""Make numba's cache safe for processes that compile side by side.

numba saves a cache entry by reading a function's index, picking the first free data
file name, writing the index and then the data, with no lock. Two processes saving two
entries of one function at once (`pedro-sim warmup` compiles in two processes; Dask
workers compile the same kernels) can both pick the same data file, leaving an index
entry that points at the other entry's code. ``install`` holds an exclusive file lock
around each save, one lock file per cache folder. Loading needs no lock: files are
replaced atomically, and numba recompiles when an entry's data is missing.
"""

from __future__ import annotations

import os

from pedro_sim.compiler.swaps import Swaps

try:
    import fcntl
except ImportError:  # not POSIX: saves stay unlocked, as numba has them
    fcntl = None

TESTED_NUMBA = ("0.68.1",)  # the numba versions this patch was tested on
LOCK_NAME = "pedro-sim-cache.lock"


def install(swaps: Swaps) -> bool:
    """Patch numba (undone by ``swaps``); False if its internals are not as expected."""
    try:
        from numba.core.caching import IndexDataCacheFile
        original = IndexDataCacheFile.save
    except (ImportError, AttributeError):
        return False
    if fcntl is None or getattr(original, "_pedro_locked", False):
        return False

    def save(self, key, data):
        with open(os.path.join(self._cache_path, LOCK_NAME), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                return original(self, key, data)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    save._pedro_locked = True
    swaps.set(IndexDataCacheFile, "save", save)
    return True
