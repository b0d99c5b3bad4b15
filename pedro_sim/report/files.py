"""Atomic report files: write to a temporary name, then rename, so a report is whole or absent."""

from __future__ import annotations

import json
import os
import shlex
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numba
import pandas as pd

from pedro_sim import __version__
from pedro_sim.errors import PedroError
from pedro_sim.process_exit import check_interrupted, removed_on_interrupt
from pedro_sim.rules import Variant
from pedro_sim.rules.overrides import house_rules, variant_label


def check_writable_dir(path: Path, named: Path | None = None) -> None:
    """Fail early (before a long run) if ``path`` cannot become a writable directory;
    the message names ``named`` (the file to be written there) or ``path``.

    Probes by creating and removing a scratch directory in the nearest existing
    ancestor, so nothing is left behind whatever the answer.
    """
    named = path if named is None else named
    probe = path
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent
    if not probe.is_dir():
        raise PedroError(f"cannot write to --out {named}: {probe} is not a directory")
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".pedro-sim-probe-", dir=probe))
    except OSError as e:
        raise PedroError(f"cannot write to --out {named}: {e.strerror or e}") from None


def check_writable_file(path: Path) -> None:
    """As check_writable_dir for the file's folder, the message naming the file."""
    if path.exists() and path.is_dir():
        raise PedroError(f"cannot write to --out {path}: it is a directory")
    check_writable_dir(path.parent if str(path.parent) else Path("."), named=path)


def write_atomic(path: Path, writer: Callable[[Path], None]) -> None:
    """Call ``writer(tmp)`` then rename tmp to ``path``; remove tmp on any failure (and
    on a Ctrl-C, which leaves at once: process_exit.removed_on_interrupt)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    with removed_on_interrupt(tmp):
        try:
            writer(tmp)
            os.chmod(tmp, FILE_MODE)  # mkstemp's 0600 is private; a report is not
            check_interrupted()  # a Ctrl-C whose interrupt was lost: no report after it
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise


def _file_mode() -> int:
    """The mode open() gives a new file under the user's umask (0644 under 022). Read
    once, at import: setting the umask to read it is not safe once threads write."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


FILE_MODE = _file_mode()


def write_csv(path: Path, frame: pd.DataFrame) -> None:
    write_atomic(path, lambda tmp: frame.to_csv(tmp, index=False, float_format="%.6f"))


def write_json(path: Path, data: dict[str, Any]) -> None:
    write_atomic(path, lambda tmp: tmp.write_text(json.dumps(data, indent=2) + "\n"))


def run_metadata(seed: int, deals: int, variant: Variant | str, policy: str, elapsed: float,
                 **extra: Any) -> dict[str, Any]:
    """What run.json records so that a report can be reproduced. ``variant``: the game
    played (its label, its preset, its player count and its house rules as an object, as
    a trace's ``rules``), or the names of the presets a run compared."""
    game: dict[str, Any] = {"variant": variant}
    if isinstance(variant, Variant):
        game = {"variant": variant_label(variant), "preset": variant.name,
                "players": variant.players, "house_rules": house_rules(variant)}
    return {
        "seed": seed, "deals": deals, **game, "policy": policy,
        "version": __version__, "threads": numba.get_num_threads(),
        "command": shlex.join(["pedro-sim", *sys.argv[1:]]),
        "elapsed_seconds": round(elapsed, 3), **extra,
    }
