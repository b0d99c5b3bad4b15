"""A duel in the arena: the same deals played with A and B in each arrangement of the
table, as `pedro-sim duel` plays them in the engine (docs/players.md): in partnerships
each deal twice, the players swapping sides; at other tables 2N times, A alone at each
seat against B, then B alone. A deal's difference is A's lead less B's in the same place."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from pedro_sim.analysis.players.arrangements import arrangements as seatings
from pedro_sim.analysis.players.arrangements import lone_lead
from pedro_sim.analysis.stats import mean_ci, wilson
from pedro_sim.arena.play import Arena, SeatFault
from pedro_sim.engine_inputs import EngineInputs


def arrangements(inputs: EngineInputs, a: str, b: str):
    """Each arrangement (players/arrangements.py): the spec by seat, the place its lead is
    read at (A's side and B's, or the lone seat), and the seats A holds."""
    n = inputs.variant.players
    return [(r.specs(a, b, n), [r.lone] if r.lone >= 0 else [0, 1] if r.a_first else [1, 0],
             r.a_seats(n)) for r in seatings(n, inputs.variant.partnerships)]


def lead(trace: dict, inputs: EngineInputs, place: list[int], key: str) -> float:
    """In partnerships A's side's ``key`` (points or score) less B's; at other tables the
    lone seat's less the others' mean."""
    values = np.array([float(x) for x in trace[key]])
    if inputs.variant.partnerships:
        return float(values[place[0]] - values[place[1]])
    return float(lone_lead(values, place[0]) / (len(values) - 1))


@dataclass
class DuelResult:
    rows: pd.DataFrame  # one a deal: its differences
    summary: pd.DataFrame  # one row: the means with intervals, the make rates
    fault: SeatFault | None


def arena_duel(inputs: EngineInputs, a: str, b: str, deals: int, seed: int, timeout: float,
               done: Callable[[int], None] | None = None) -> DuelResult:
    """Deals 0..deals-1 in every arrangement (deal by deal, so that a program's failure
    keeps every deal finished in all of them)."""
    plan = arrangements(inputs, a, b)
    half = len(plan) // 2
    label = f"{a} vs {b}"
    arenas: list[Arena] = []
    rows, makes, fault = [], {"a": [0, 0], "b": [0, 0]}, None
    try:
        for specs, _, _ in plan:
            arenas.append(Arena(inputs, seed, specs, timeout))
        for i in range(deals):
            traces = [arena.play(i, label) for arena in arenas]
            rows.append(deal_row(i, traces, plan, half, inputs, makes))
            if done:
                done(i + 1)
    except SeatFault as exc:
        fault = exc
    finally:
        for arena in arenas:
            arena.close()
    frame = pd.DataFrame(rows, columns=["deal", "points_diff", "score_diff"])
    return DuelResult(frame, summary(frame, makes), fault)


def deal_row(i: int, traces: list[dict], plan, half: int, inputs: EngineInputs,
             makes: dict) -> dict:
    """One deal's differences (A's arrangements less B's, place by place) and the make
    counts of each player as bidder."""
    out = {"deal": i}
    for key, name in (("points", "points_diff"), ("score", "score_diff")):
        leads = [lead(t, inputs, place, key) for t, (_, place, _) in zip(traces, plan,
                                                                          strict=True)]
        out[name] = float(np.mean(leads)) if inputs.variant.partnerships else \
            float(np.mean(leads[:half]) - np.mean(leads[half:]))
    for t, (_, _, a_seats) in zip(traces, plan, strict=True):
        if t.get("bidder") is not None:
            who = "a" if t["bidder"] in a_seats else "b"
            makes[who][0] += bool(t["made"])
            makes[who][1] += 1
    return out


def summary(frame: pd.DataFrame, makes: dict) -> pd.DataFrame:
    """The means with 95% intervals, and each player's make rate as bidder (Wilson)."""
    n = len(frame)
    row: dict = {"deals": n}
    for name in ("points_diff", "score_diff"):
        mean, lo, hi = mean_ci(frame[name].to_numpy())
        row.update({name: mean, f"{name}_lo": lo, f"{name}_hi": hi})
    for who in ("a", "b"):
        k, m = makes[who]
        lo, hi = wilson(k, m) if m else (float("nan"), float("nan"))
        row.update({f"{who}_make_rate": k / m if m else float("nan"),
                    f"{who}_make_lo": float(lo), f"{who}_make_hi": float(hi), f"{who}_bids": m})
    return pd.DataFrame([row])
