"""Shared fixtures: engine inputs built once per session."""

from __future__ import annotations

import numpy as np
import pytest

from pedro_sim.engine_inputs import EngineInputs, technique_flags


@pytest.fixture(scope="session")
def cinch() -> EngineInputs:
    return EngineInputs.for_variant("cinch")


@pytest.fixture(scope="session")
def all_on() -> np.ndarray:
    return technique_flags()
