"""Patches of numba's internals (compiler/patches.py): in force only while pedro-sim
compiles its kernels, only on the numba versions they were tested on, off with
PEDRO_SIM_NUMBA_PATCHES=off, and the same results without them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numba
import pytest

from pedro_sim.compiler import patches

HERE = Path(__file__).parent


def _python(code: str, **env: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=900, env={**os.environ, **env})
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_importing_and_running_pedro_sim_keeps_numba_as_it_was():
    out = _python(
        "import numba.core.analysis as a, numba.core.ssa as s, numba.core.codegen as c\n"
        "import numba.core.inline_closurecall as icc, numba.core.caching as k\n"
        "found = (a.compute_live_map, s._run_ssa, c.CPUCodeLibrary.add_linking_library,\n"
        "         icc.copy, icc.InlineWorker.inline_ir, k.IndexDataCacheFile.save)\n"
        "import pedro_sim.api\n"
        "from pedro_sim.compiler import patches\n"
        "now = lambda: (a.compute_live_map, s._run_ssa, c.CPUCodeLibrary.add_linking_library,\n"
        "               icc.copy, icc.InlineWorker.inline_ir, k.IndexDataCacheFile.save)\n"
        "assert now() == found, 'import'\n"
        "pedro_sim.api.bid('AH KH 5H 2H 9C 4D JS 7S 3C', deals=100)\n"
        "assert now() == found and patches.installed() == [], 'after a run'\n"
        "print('ok')\n")
    assert out.strip().endswith("ok")


def test_patches_go_in_while_compiling_and_come_out_after():
    assert patches.installed() == []
    with patches.compiling():
        with patches.compiling():  # nested compilations: installed once
            inner = patches.installed()
        assert patches.installed() == inner
    assert patches.installed() == []
    expected = [n for n in patches.PATCHES if patches.applies(n)]
    assert inner == expected


def test_each_patch_applies_only_on_its_tested_numba(monkeypatch):
    for name, module in patches.PATCHES.items():
        assert numba.__version__ in module.TESTED_NUMBA, (name, numba.__version__)
    monkeypatch.setattr(numba, "__version__", "0.61.2")
    assert not any(patches.applies(n) for n in patches.PATCHES)
    with patches.compiling():
        assert patches.installed() == []


@pytest.mark.parametrize("value, chosen", [
    ("off", set()), ("0", set()), ("on", set(patches.PATCHES)), ("", set(patches.PATCHES)),
    ("inline_copy,cache_lock", {"inline_copy", "cache_lock"}), ("nonsense", set())])
def test_the_switch(monkeypatch, value, chosen):
    monkeypatch.setenv(patches.SWITCH, value)
    assert patches.chosen() == chosen


@pytest.mark.slow  # 28 s of compiling without the patches: in `make test-all`, so that
# `make test` stays under 10 minutes on 2 cores with the individual-play engine's compile
def test_same_results_with_every_patch_off():
    """Three presets' deals, random and heuristic players, compiled without any patch
    (their own cache folder: compiler/dispatcher.py) and with them."""
    script = str(HERE / "traces_digest.py")
    run = f"import runpy; runpy.run_path({script!r})"
    off = json.loads(_python(run, PEDRO_SIM_NUMBA_PATCHES="off"))
    on = json.loads(_python(run))
    assert off["chosen"] == [] and on["chosen"] == sorted(patches.PATCHES)
    assert off["installed_after"] == on["installed_after"] == []
    assert off["digest"] == on["digest"]
