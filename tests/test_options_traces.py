"""cinch, california and king-pedro with each house rule of docs/rules.md that they take
(the moon, the moon game, 28-56, the off-jack): traces from random, heuristic and pimc
players pass the reference checker, and name the rule in their `rules` object."""

from __future__ import annotations

import numpy as np
import pytest

from pedro_sim import reference
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, players, technique_flags
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.traces import record_deals, trace_dict

FLAGS = technique_flags()
OPTIONS = {
    "moon": (["special_bid=moon"], {"moon": True}),
    "moon-game": (["moon_game=yes"], {"moon-game": True}),
    "28-56": (["28-56=yes"], {"28-56": True}),
    "off-jack": (["off_jack_trump=yes"], {"off_jack_trump": True}),
}
CASES = [(p, o) for p in ("cinch", "california") for o in OPTIONS] + [
    ("king-pedro", o) for o in ("moon", "moon-game", "off-jack")]


@pytest.mark.parametrize("preset,option", CASES)
def test_traces_of_every_player_pass_the_checker(preset, option):
    rules, written = OPTIONS[option]
    inputs = EngineInputs.for_variant(resolve_variant(preset, rules))
    pimc = players("pimc:worlds=6,bid_worlds=16,keep_worlds=8", inputs.variant)
    for policy, flags, label, n in ((L.P_RANDOM, FLAGS, "random", 300),
                                    (L.P_HEURISTIC, FLAGS, "heuristic", 300),
                                    (pimc.policy, pimc.flags, pimc.label, 6)):
        for i, rec in enumerate(record_deals(inputs, 31, np.arange(n), policy, flags)):
            t = trace_dict(rec, inputs, 31, i, label)
            assert {k: t["rules"][k] for k in written} == written
            assert reference.check_trace(t) == [], (label, i, reference.check_trace(t))
