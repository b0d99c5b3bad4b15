"""The examples in the docstrings run as written; the generated layouts add up."""

import doctest

import pytest

from pedro_sim import games, parsers
from pedro_sim.analysis import seat_words, stats
from pedro_sim.analysis.players import arrangements
from pedro_sim.encoding import option_array
from pedro_sim.report import console_tables, ladder_plots, plots
from pedro_sim.rules import describe, overrides


@pytest.mark.parametrize("module", [parsers, overrides, option_array, console_tables, stats,
                                    plots, describe, games, seat_words, arrangements,
                                    ladder_plots])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_offsets_examples_and_layouts():
    from pedro_sim.encoding import layout as L
    from pedro_sim.encoding import offsets

    assert doctest.testmod(offsets).failed == 0
    assert L.TRICK_LEN == 3 + L.SEATS * L.PLAY_LEN
    assert L.R_CALLS - L.R_TRICKS == L.TRICK_LEN * L.MAX_TRICKS
    assert L.R_LEN == L.R_CALLS + 2 * L.MAX_CALLS
    assert L.N_OPTS == L.N_RULE_OPTS + 2 * L.SEATS + L.SEATS * L.SEATS + 2  # the two words
    assert L.PT_LEN == 2 * L.MAX_SIDES + 5 and L.H_LEN == 8 * L.SEATS  # + the call, its team
    assert L.PS_SOLVER == 7 and L.PS_LEN == L.PS_SOLVER + 4
