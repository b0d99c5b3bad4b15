"""The ladder: every pair of players dueled on the same deals, preset by preset.

Each duel is a duplicate duel (analysis/players/duel.py): every deal played twice, the players
swapping sides, so each row's difference is paired and its interval is the duel's own.
Each player's standing in a preset is its mean net score per deal against the field,
with the interval of that mean taken as the root sum of its duels' squared half-widths
divided by their count (the duels are played on the same deals, so this treats them as
independent: an approximation, stated in docs/players.md).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import numpy as np
import pandas as pd

from pedro_sim.analysis.players.duel import duel
from pedro_sim.analysis.stats import rate, wilson
from pedro_sim.engine_inputs import EngineInputs, duel_players
from pedro_sim.specs import outside


def ladder(presets: list[str], specs: list[str], deals: int, seed: int,
           worlds: int | None = None, evaluator: str | None = None,
           show_progress: bool | None = None,
           on_duel: Callable[[pd.DataFrame], None] | None = None,
           timeout: float | None = None) -> pd.DataFrame:
    """A row per preset and pair of players (A before B in ``specs``), as ``duel`` gives it
    (a and b: the canonical specs; a_label and b_label: as given); ``on_duel`` sees each
    row as it is measured. With an outside program among the players (exec:COMMAND) every
    duel is played in the arena (pedro_sim/arena), each program given ``timeout`` seconds
    an answer."""
    from pedro_sim.arena.play import check_arena_spec

    rows = []
    in_arena = outside(*specs)
    for name in presets:
        inputs = EngineInputs.for_variant(name)
        for a, b in combinations(specs, 2):
            if in_arena:  # each pimc written out whole with this preset's tuning
                written = [check_arena_spec(x, worlds, evaluator, inputs.variant)
                           for x in (a, b)]
                row = arena_row(inputs, *written, deals, seed, timeout)
            else:
                spec_a, spec_b, flags = duel_players(a, b, worlds, evaluator, inputs.variant)
                row = duel(inputs, str(spec_a), str(spec_b), deals, seed, flags,
                           show_progress)
            row.insert(1, "a_label", a)
            row.insert(2, "b_label", b)
            if on_duel is not None:
                on_duel(row)
            rows.append(row)
    return pd.concat(rows, ignore_index=True)


def arena_row(inputs: EngineInputs, a: str, b: str, deals: int, seed: int,
              timeout: float | None) -> pd.DataFrame:
    """A duel in the arena as a ladder row; a program's fault stops the ladder."""
    from pedro_sim.arena.duel import arena_duel
    from pedro_sim.arena.players import TIMEOUT

    result = arena_duel(inputs, a, b, deals, seed, timeout or TIMEOUT)
    if result.fault is not None:
        raise result.fault
    row = result.summary.copy()
    row.insert(0, "variant", inputs.label)
    row.insert(1, "a", a)
    row.insert(2, "b", b)
    return row


def standings(table: pd.DataFrame) -> pd.DataFrame:
    """Per preset and player: its mean net score and points per deal against the others,
    with approximate 95% intervals, and its make rate as bidder over all its duels."""
    out = []
    for preset, g in table.groupby("variant", sort=False):
        names = list(dict.fromkeys(list(g.a_label) + list(g.b_label)))
        for name in names:
            parts = []
            for r in g.itertuples():
                if name in (r.a_label, r.b_label):
                    sign = 1 if r.a_label == name else -1
                    side = "a" if r.a_label == name else "b"
                    parts.append((sign * r.score_diff, (r.score_diff_hi - r.score_diff_lo) / 2,
                                  sign * r.points_diff, getattr(r, f"{side}_bids"),
                                  np.nan_to_num(getattr(r, f"{side}_make_rate"))
                                  * getattr(r, f"{side}_bids")))  # no bids: none made
            cols = zip(*parts, strict=True)
            score, half, points, bids, made = (np.array(x, dtype=float) for x in cols)
            k = len(parts)
            lo, hi = wilson(int(round(made.sum())), int(bids.sum()))
            out.append({"variant": preset, "player": name, "duels": k,
                        "score_vs_field": score.mean(),
                        "score_vs_field_half": float(np.sqrt((half ** 2).sum()) / k),
                        "points_vs_field": points.mean(), "bids": int(bids.sum()),
                        "make_rate": rate(made.sum(), bids.sum()), "make_lo": float(lo),
                        "make_hi": float(hi)})
    return pd.DataFrame(out)
