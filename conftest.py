"""Fixtures for every test of the repository (tests/ and each game's own tests/), and the
order the tests run in."""

from __future__ import annotations

import re

import pytest

# The engine of five-handed and individual play (eight seats: one compilation for all of
# those tables, which `pedro-sim warmup` leaves out) takes a worker about 80 s to compile
# on a cold cache. Two pytest workers that meet it at once both compile it, side by side.
# So one test that compiles it runs first, on one worker, while the other runs tests of
# the four-seat engine; every other test of those tables runs last, once the compiled
# engine is in the cache. The tests do not depend on their order: this only saves time.
MANY_SIDES_FIRST = "tests/test_five_handed.py::test_random_deals_identical_to_the_reference"
MANY_SIDES_ID = re.compile(r"five-handed|@\d")  # a parameter naming such a table


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """MANY_SIDES_FIRST first, the other tests of the eight-seat engine (marked
    ``many_sides``, or a parameter naming a table of it) last, each group in its order."""
    first, rest, many = [], [], []
    for item in items:
        if item.nodeid == MANY_SIDES_FIRST:
            first.append(item)
        else:
            (many if plays_many_sides(item) else rest).append(item)
    items[:] = first + rest + many


def plays_many_sides(item: pytest.Item) -> bool:
    """True for a test of five-handed or individual play."""
    return (item.get_closest_marker("many_sides") is not None
            or MANY_SIDES_ID.search(item.nodeid.partition("::")[2]) is not None)


@pytest.fixture(scope="session", autouse=True)
def compiled_kernels() -> None:
    """Compile every kernel into the on-disk cache first, so that subprocess tests
    (timing, Ctrl-C) meet warm kernels whatever the test order."""
    from pedro_sim.engine.jit import fewer_collections
    from pedro_sim.warmup import default_jobs, warm_all

    fewer_collections()
    warm_all(jobs=default_jobs())
