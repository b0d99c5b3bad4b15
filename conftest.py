"""Fixtures for every test of the repository (tests/ and each game's own tests/)."""

from __future__ import annotations

import re

import pytest


@pytest.fixture(scope="session", autouse=True)
def compiled_kernels() -> None:
    """Compile every kernel into the on-disk cache first, so that subprocess tests
    (timing, Ctrl-C) meet warm kernels whatever the test order."""
    from pedro_sim.engine.jit import fewer_collections
    from pedro_sim.warmup import default_jobs, warm_all

    fewer_collections()
    warm_all(jobs=default_jobs())


# The tests that play a table of more than four seats or two sides (five-handed and the
# tables of individual play: one engine, compiled apart from the partnerships', about a
# minute on a cold cache). Grouped on one pytest-xdist worker (`--dist loadgroup`, the
# Makefile's), so that a fresh checkout compiles that engine once, not once a worker.
MANY_SIDES = re.compile(r"five.handed|individual|@[2-9]")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if MANY_SIDES.search(item.nodeid):
            item.add_marker(pytest.mark.xdist_group("many-sides"))
