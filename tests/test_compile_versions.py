"""The deal phase is chosen by the type of ``think`` while numba types a driver: the
version with the trick loop inlined where no seat thinks, the other where one does
(engine/game/whole_deal.py). Pruning ``think is None`` instead typed both in the thinking drivers,
compiling the inlined loop with the thinking players too (docs/performance.md)."""

from numba.core import types

from pedro_sim.engine.game import whole_deal as deals


def _chosen(think_type: types.Type):
    impl = deals._deal_and_play_for(*[types.int64] * 7, think_type)
    cells = dict(zip(impl.__code__.co_freevars, impl.__closure__, strict=True))
    return cells["run"].cell_contents


def test_no_thinking_seat_gets_the_inlined_loop():
    assert _chosen(types.none) is deals._deal_and_play_inline


def test_a_thinking_scratch_gets_the_called_loop():
    think = types.Tuple((types.uint64[:], types.int64[:], types.float64[:]))
    assert _chosen(think) is deals._deal_and_play_called


def test_the_two_versions_differ_only_in_the_loop():
    inline, called = deals._deal_and_play_inline.py_func, deals._deal_and_play_called.py_func
    assert inline.__code__ is called.__code__
    assert [c.cell_contents for c in inline.__closure__] == [True]
    assert [c.cell_contents for c in called.__closure__] == [False]
