"""The deal phase is chosen at run time inside each driver: the version with the trick loop
inlined (and no thinking players' code) where no seat thinks, the other where one does
(engine/game/whole_deal.py). Each driver so compiles once for every kind of player: the
thinking scratch is always passed (engine/drivers/deals.py _scratch)."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine.game import whole_deal as deals
from pedro_sim.engine_inputs import EngineInputs, technique_flags


def _calls(monkeypatch, policy: int) -> list[tuple[str, object]]:
    """Which version deal_and_play calls for ``policy``, and with what scratch (its Python
    code run with the versions replaced by recorders)."""
    seen = []
    for name in ("_deal_and_play_inline", "_deal_and_play_called"):
        monkeypatch.setattr(deals, name,
                            lambda *args, name=name: seen.append((name, args[-1])) or (0, 0, 0))
    deals.deal_and_play.py_func(0, -1, -1, policy, None, None, None, "scratch")
    return seen


def test_no_thinking_seat_runs_the_inlined_loop_without_the_scratch(monkeypatch):
    for policy in (L.P_RANDOM, L.P_HEURISTIC, L.POLICY_SIDES | L.PL_HEURISTIC):
        assert _calls(monkeypatch, policy) == [("_deal_and_play_inline", None)]


def test_a_thinking_seat_runs_the_called_loop_with_the_scratch(monkeypatch):
    for policy in (L.PL_PIMC * 17, L.PL_HEURISTIC | L.PL_PIMC << 4, L.PL_PIMC, L.PL_DD):
        assert _calls(monkeypatch, policy) == [("_deal_and_play_called", "scratch")]


def test_each_driver_compiles_once_for_every_kind_of_player():
    inputs = EngineInputs.for_variant("cinch")
    hist = np.zeros((1, inputs.variant.top_bid + 1, inputs.variant.total_points + 1), np.int64)
    flags = technique_flags(worlds=1, bid_worlds=2)
    drivers.deal_stats(drivers.Span(1, 0, 2, 2), L.P_RANDOM, flags, inputs.tables, hist)
    compiled = len(drivers._auctioned.signatures)  # (other tests may have compiled it for
    # other kinds of table, individual play: a signature each, whatever the players)
    for policy in (L.P_HEURISTIC, L.PL_PIMC * 17):
        drivers.deal_stats(drivers.Span(1, 0, 2, 2), policy, flags, inputs.tables, hist)
    assert len(drivers._auctioned.signatures) == compiled


def test_the_two_versions_differ_only_in_the_loop():
    inline, called = deals._deal_and_play_inline.py_func, deals._deal_and_play_called.py_func
    assert inline.__code__ is called.__code__
    assert [c.cell_contents for c in inline.__closure__] == [True]
    assert [c.cell_contents for c in called.__closure__] == [False]
