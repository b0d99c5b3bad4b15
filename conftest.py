"""Fixtures for every test of the repository (tests/ and each game's own tests/)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session", autouse=True)
def compiled_kernels() -> None:
    """Compile every kernel into the on-disk cache first, so that subprocess tests
    (timing, Ctrl-C) meet warm kernels whatever the test order."""
    from pedro_sim.engine.jit import fewer_collections
    from pedro_sim.warmup import default_jobs, warm_all

    fewer_collections()
    warm_all(jobs=default_jobs())
