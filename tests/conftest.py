"""Shared fixtures: engine inputs built once per session."""

from __future__ import annotations

import numpy as np
import pytest

from pedro_sim.setup import EngineInputs, technique_flags


@pytest.fixture(scope="session")
def cinch() -> EngineInputs:
    return EngineInputs.for_variant("cinch")


@pytest.fixture(scope="session")
def all_on() -> np.ndarray:
    return technique_flags()


@pytest.fixture(scope="session", autouse=True)
def compiled_kernels() -> None:
    """Compile every kernel into the on-disk cache first, so that subprocess tests
    (timing, Ctrl-C) meet warm kernels whatever the test order."""
    from pedro_sim.engine.jit import fewer_collections
    from pedro_sim.warmup import default_jobs, warm_all

    fewer_collections()
    warm_all(jobs=default_jobs())
