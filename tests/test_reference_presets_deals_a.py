"""Random deals of every preset other than `cinch` (2,000 each): the checker
accepts them and the invariants of docs/rules.md section 6, checked independently
of the checker, hold. Split in two files (this one and
test_reference_presets_deals_b.py) to keep each file fast."""

from __future__ import annotations

import pytest
from test_reference_presets import independent_invariants

from pedro_sim.reference import check_trace, random_deal
from pedro_sim.reference.variants import get_variant

N_DEALS = 2000
FIRST_HALF = ["foster", "california", "family", "pidro", "nicaragua", "catch-five"]


def check_many(name: str, seed: int = 2024) -> None:
    folds = claims = thrown = 0
    for i in range(N_DEALS):
        tr = random_deal(seed, i, name)
        assert tr["variant"] == name and tr["dealer"] == i % 4
        errs = check_trace(tr)
        assert errs == [], (name, i, errs)
        independent_invariants(tr)
        folds += bool(tr["folded"])
        claims += tr["claimed"] is not None
        thrown += tr["bidder"] is None
    v = get_variant(name)
    if v.fold:
        assert folds and claims
    else:
        assert not folds
    if v.forced is not None:
        assert not thrown


@pytest.mark.parametrize("name", FIRST_HALF)
def test_random_deals_valid(name):
    check_many(name)
