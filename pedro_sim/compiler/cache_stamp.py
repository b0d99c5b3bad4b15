"""Drop numba's on-disk cache when the code the kernels are built from has changed.

numba checks a cached kernel against its own file only: a kernel whose callee or layout
constant (another module) changed is loaded as it was compiled, and silently computes
with the old code (after a `git pull` or an edit, every deal could be scored with the
option slots of before). So a digest of every source file the kernels are built from is
kept beside the cache; when it differs, every cached kernel is deleted before any is
loaded, and the next run compiles afresh. One file lock keeps processes that start
together (warmup's two, pytest's workers) from deleting what another has just compiled.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # not POSIX: checked without a lock
    fcntl = None

STAMP_NAME = "kernel-sources.sha256"
CACHE_SUFFIXES = (".nbi", ".nbc")


def source_digest(root: Path, folders: tuple[str, ...]) -> str:
    """The digest of every .py file in ``folders`` of ``root`` (folders or files, or glob
    patterns of them: each game's kernels), names and contents, and of the numba version."""
    import numba

    digest = hashlib.sha256(numba.__version__.encode())
    places = [p for folder in folders for p in sorted(root.glob(folder))]
    for place in places:
        for path in [place] if place.is_file() else sorted(place.rglob("*.py")):
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def drop_stale(root: Path, folders: tuple[str, ...]) -> bool:
    """Delete every cached kernel under ``root`` when the sources in ``folders`` differ from
    those the cache was built from; True if it did. Quietly does nothing where the
    package cannot be written (an installed, read-only copy: numba then caches elsewhere
    or not at all)."""
    cache = root / "__pycache__"
    try:
        cache.mkdir(exist_ok=True)
        with open(cache / (STAMP_NAME + ".lock"), "a") as lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)
            return _check(root, folders, cache / STAMP_NAME)
    except OSError:
        return False


def _check(root: Path, folders: tuple[str, ...], stamp: Path) -> bool:
    digest = source_digest(root, folders)
    if stamp.exists() and stamp.read_text().strip() == digest:
        return False
    for path in root.rglob("*"):  # numba's own caches, and the unpatched kernels' folder
        if path.suffix in CACHE_SUFFIXES and "__pycache__" in path.relative_to(root).parts:
            path.unlink(missing_ok=True)
    tmp = stamp.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(digest + "\n")
    tmp.replace(stamp)
    return True
