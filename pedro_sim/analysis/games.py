"""Whole games to the target (docs/rules.md section 2, step 9), one row per game."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine.game.whole_game import (
    END_BIDDER_OUT,
    END_LOSE_AT,
    END_MOON_GAME,
    END_TARGET,
    END_UNFINISHED,
    G_SCORE,
    GAME_COLS,
)
from pedro_sim.engine_inputs import EngineInputs

END_NAMES = {END_TARGET: "target", END_BIDDER_OUT: "bidder_out", END_UNFINISHED: "unfinished",
             END_LOSE_AT: "lose_at", END_MOON_GAME: "moon_game"}


def game_outcomes(inputs: EngineInputs, seed: int, games: int, policy: int, flags: np.ndarray,
                  first: int = 0) -> pd.DataFrame:
    """Play games first..first+games-1: the winning side (a team, or a seat in individual
    play), how it ended, deals and final scores."""
    out = np.zeros((games, GAME_COLS), dtype=np.int64)
    drivers.game_results(seed, first, policy, flags, inputs.tables, out)
    sides = inputs.sides  # two teams, or a player a side in individual play
    frame = pd.DataFrame(out[:, :G_SCORE + sides],
                         columns=["winner", "end", "deals"] + [f"score{s}" for s in range(sides)])
    frame.insert(0, "game", np.arange(first, first + games))
    frame.insert(1, "first_dealer", frame["game"] % inputs.variant.players)
    frame["end"] = frame["end"].map(END_NAMES)
    return frame
