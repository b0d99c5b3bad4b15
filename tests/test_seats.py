"""The kernels reach sides and the order of seats only through the seat table
(encoding/option_array.py seat_table, engine/seats.py): a table that gives each seat the other
side must give the same deals with the two sides' points and scores swapped, and the
kernels hold no tuple assignment that numba miscompiles (see engine/jit.py)."""

import ast
from pathlib import Path

import numpy as np
import pytest

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.option_array import seat_table
from pedro_sim.encoding.tables import Tables
from pedro_sim.engine.seats import seat_among
from pedro_sim.engine_inputs import EngineInputs, technique_flags
from pedro_sim.rules.presets import PRESETS
from pedro_sim.traces import record_deals

ENGINE = Path(__file__).resolve().parents[1] / "pedro_sim" / "engine"


def seated(tab: Tables, sides: tuple[int, ...]) -> Tables:
    """The same tables with each seat playing for ``sides[seat]``."""
    opts = tab.opts.copy()
    opts[L.N_RULE_OPTS:] = seat_table(len(sides), sides)
    return Tables(opts, tab.masks, tab.beats, tab.cinfo, tab.seats)


@pytest.mark.parametrize("preset", ["cinch", "foster", "eighty-three", "pidro"])
def test_sides_come_from_the_seat_table(preset):
    inputs = EngineInputs.for_variant(preset)
    flags = technique_flags()  # both sides play every technique
    assert flags[0] == flags[1]
    plain = record_deals(inputs, 5, np.arange(400), L.P_HEURISTIC, flags)
    flipped = EngineInputs(inputs.variant, seated(inputs.tables, (1, 0, 1, 0)))
    other = record_deals(flipped, 5, np.arange(400), L.P_HEURISTIC, flags)
    sides = {L.R_POINTS, L.R_POINTS + 1, L.R_SCORE, L.R_SCORE + 1}
    rest = [k for k in range(L.R_LEN) if k not in sides]
    assert np.array_equal(plain[:, rest], other[:, rest])
    for base in (L.R_POINTS, L.R_SCORE):
        assert np.array_equal(plain[:, base], other[:, base + 1])
        assert np.array_equal(plain[:, base + 1], other[:, base])
    assert plain[:, L.R_POINTS].sum() != plain[:, L.R_POINTS + 1].sum()  # not symmetric


def test_seat_table_changes_what_the_heuristic_plays():
    """Control: with partners made opponents (sides 0, 0, 1, 1) the same deals play out
    differently, so the test above would notice a kernel that ignored the table."""
    inputs = EngineInputs.for_variant("cinch")
    odd = EngineInputs(inputs.variant, seated(inputs.tables, (0, 0, 1, 1)))
    a = record_deals(inputs, 5, np.arange(200), L.P_HEURISTIC, technique_flags())
    b = record_deals(odd, 5, np.arange(200), L.P_HEURISTIC, technique_flags())
    assert not np.array_equal(a[:, L.R_TRICKS:L.R_CALLS], b[:, L.R_TRICKS:L.R_CALLS])


def literal_tuple_assignments(source: str) -> list[int]:
    """Lines that assign a tuple display to a tuple of targets (``a, b = x, y``)."""
    return [n.lineno for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Tuple) and isinstance(n.value, ast.Tuple)]


def test_kernels_assign_no_tuple_displays():
    assert literal_tuple_assignments("a, b = x, y\nc, d = f()\n") == [1]
    found = {str(f.relative_to(ENGINE)): lines for f in sorted(ENGINE.rglob("*.py"))
             if (lines := literal_tuple_assignments(f.read_text()))}
    assert found == {}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_seat_tuple_is_the_player_count(preset):
    """The kernels take the player count from the length of the Tables' seat tuple (a
    constant of the compiled code): it must be the preset's count, as opts holds it; a
    game without fixed partnerships (five-handed) runs on the engine of individual play,
    whose tuple has every seat of the arrays' room and which reads the count from opts."""
    tab = EngineInputs.for_variant(preset).tables
    players = PRESETS[preset].players
    assert tab.opts[L.O_PLAYERS] == players
    if PRESETS[preset].partnerships:
        assert tab.seats == tuple(range(players)) and tab.sides == (0, 1)
    else:
        assert tab.seats == tuple(range(L.SEATS)) and len(tab.sides) == L.MAX_SIDES


def test_seat_among_goes_round_any_table():
    """The mask that tells the compiler a seat is in range changes no seat."""
    for n in range(2, L.SEATS + 1):
        for p in range(n):
            assert [seat_among(p, k, n) for k in range(n + 1)] == [(p + k) % n
                                                                   for k in range(n + 1)]
