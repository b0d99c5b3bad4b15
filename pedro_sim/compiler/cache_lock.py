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

try:
    import fcntl
except ImportError:  # not POSIX: saves stay unlocked, as numba has them
    fcntl = None

LOCK_NAME = "pedro-sim-cache.lock"


def install() -> bool:
    """Patch numba once; True if patched (now or earlier)."""
    try:
        from numba.core.caching import IndexDataCacheFile
        original = IndexDataCacheFile.save
    except (ImportError, AttributeError):
        return False
    if fcntl is None:
        return False
    if getattr(original, "_pedro_locked", False):
        return True

    def save(self, key, data):
        with open(os.path.join(self._cache_path, LOCK_NAME), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                return original(self, key, data)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    save._pedro_locked = True
    IndexDataCacheFile.save = save
    return True
