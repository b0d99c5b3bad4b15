"""The examples in the docstrings of the parsers and the house rules run as written."""

import doctest

import pytest

from pedro_sim import parsers
from pedro_sim.rules import overrides


@pytest.mark.parametrize("module", [parsers, overrides])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
