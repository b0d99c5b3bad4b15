"""scripts/paired_duel.py: a player's lead over B deal by deal is the duel's, on its deals."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from pedro_sim.analysis.players.duel import duel
from pedro_sim.engine_inputs import EngineInputs, duel_players

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("paired_duel", ROOT / "scripts" / "paired_duel.py")
paired_duel = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(paired_duel)


def test_paired_leads_are_the_duels_deal_by_deal():
    inputs = EngineInputs.for_variant("pidro")
    x = paired_duel.leads(inputs, "heuristic", "random", 60, 5)
    _, _, flags = duel_players("heuristic", "random", variant=inputs.variant)
    row = duel(inputs, "heuristic", "random", 60, 5, flags, show_progress=False).iloc[0]
    assert len(x) == 60 and x.mean() == pytest.approx(row.score_diff)
    assert np.all(x - paired_duel.leads(inputs, "heuristic", "random", 60, 5) == 0)
    assert x.mean() > 0  # the heuristic beats random players
