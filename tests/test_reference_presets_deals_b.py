"""Random deals, second half of the presets (see test_reference_presets_deals_a.py)."""

from __future__ import annotations

import pytest
from test_reference_presets_deals_a import check_many

SECOND_HALF = ["sancho", "dom-pedro", "king-pedro", "sixty-three", "eighty-three"]


@pytest.mark.parametrize("name", SECOND_HALF)
def test_random_deals_valid(name):
    check_many(name)
