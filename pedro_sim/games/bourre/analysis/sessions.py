"""Bourré over whole sessions: a session's deals carry the pot from one to the next, so its
chips are the unit of the statistics (deals of one session are not independent). Chips per
deal by seat and by place after the dealer, how often each plays, takes the pot, goes
bourré; how big the pot grows."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from pedro_sim.analysis.runner import run_rows
from pedro_sim.analysis.stats import mean_ci, wilson
from pedro_sim.errors import PedroError
from pedro_sim.games.bourre.analysis.seating import Table
from pedro_sim.games.bourre.kernels import drivers as D
from pedro_sim.games.bourre.kernels import session as S
from pedro_sim.games.bourre.rules import BourreRules

SESSIONS = 20_000  # sessions of a run that names none, heuristic tables
THINKING_SESSIONS = 200
SESSION_TABLES = ("places", "seats", "pots", "summary")  # `bourre session`'s CSV files
CLUSTER_DEALS = 4096  # deals of a Dask task of heuristic sessions (thinking: a session)


def session_rows(rules: BourreRules, table: Table, seed: int, sessions: int, deals: int,
                 label: str = "sessions", show_progress: bool | None = None,
                 first: int = 0) -> np.ndarray:
    """Sessions first..first+sessions-1: one row each (session.py R_*), run by the shared
    runner a session a chunk (its batches, progress and Ctrl-C; on a Dask cluster, tasks of
    about CLUSTER_DEALS deals); refuses a run whose pot outgrew the sums."""
    def rows_of(start: int, count: int) -> np.ndarray:
        return D.sessions(rules, seed, first + start, count, deals, table.pol, table.worlds)

    per_task = 1 if table.thinks else max(1, CLUSTER_DEALS // deals)
    rows = run_rows(rows_of, sessions, S.R_LEN, label, show_progress, per_task, "sessions")
    over = np.flatnonzero(rows[:, S.R_OVERFLOW])
    if len(over):
        raise PedroError(f"the pot passed 2^52 chips in session {first + over[0]}: play "
                         "with a limit (--rule limit=N) or shorter sessions (--deals N)")
    return rows


def _block(rows: np.ndarray, start: int, n: int) -> np.ndarray:
    return rows[:, start:start + n].astype(np.float64)


def by_seat(rows: np.ndarray, players: int, deals: int, place: bool,
            who: Callable[[int], str]) -> pd.DataFrame:
    """Per seat (or per place after the dealer): chips per deal with its interval over
    sessions, the share of deals played, and of those the pots taken and the bourrés."""
    keys = ((S.R_POS_CHIPS, S.R_POS_PLAYED, S.R_POS_TOOK, S.R_POS_BOURRE) if place
            else (S.R_CHIPS, S.R_PLAYED, S.R_TOOK, S.R_BOURRE))
    chips, played, took, bourre = (_block(rows, k, players) for k in keys)
    total = rows[:, S.R_DEALS].sum()
    out = []
    for s in range(players):
        mean, lo, hi = mean_ci(chips[:, s] / deals)
        n_played = int(played[:, s].sum())
        t_lo, t_hi = wilson(int(took[:, s].sum()), max(n_played, 1))
        b_lo, b_hi = wilson(int(bourre[:, s].sum()), max(n_played, 1))
        out.append({
            "place" if place else "seat": who(s), "chips_per_deal": mean,
            "chips_lo": lo, "chips_hi": hi, "played": n_played / total,
            "p_take": took[:, s].sum() / max(n_played, 1), "p_take_lo": t_lo, "p_take_hi": t_hi,
            "p_bourre": bourre[:, s].sum() / max(n_played, 1), "p_bourre_lo": b_lo,
            "p_bourre_hi": b_hi})
    return pd.DataFrame(out)


def place_name(players: int) -> Callable[[int], str]:
    """Places after the dealer by name: 1 (its left) .. N - 1, then 'dealer'."""
    return lambda p: "dealer" if p == players - 1 else str(p + 1)


def pot_table(rows: np.ndarray) -> pd.DataFrame:
    """The pot after each deal's antes, by size class (binary length): deals and share."""
    counts = rows[:, S.R_POTS:S.R_POTS + S.POT_BINS].sum(axis=0)
    total = counts.sum()
    out = []
    for b in np.flatnonzero(counts):
        lo, hi = (0, 0) if b == 0 else (1 << (b - 1), (1 << b) - 1)
        out.append({"pot_from": lo, "pot_to": hi, "deals": int(counts[b]),
                    "share": counts[b] / total})
    return pd.DataFrame(out)


def summary(rows: np.ndarray, deals: int) -> dict[str, float]:
    """Figures of the whole run: the pot at the end, the largest, split and unplayed pots."""
    n = rows[:, S.R_DEALS].sum()
    final = mean_ci(rows[:, S.R_FINAL].astype(np.float64))
    return {"sessions": len(rows), "deals_per_session": deals,
            "final_pot": final[0], "final_pot_lo": final[1], "final_pot_hi": final[2],
            "largest_pot_median": float(np.median(rows[:, S.R_LARGEST])),
            "largest_pot_max": int(rows[:, S.R_LARGEST].max()),
            "split_share": rows[:, S.R_SPLITS].sum() / n,
            "no_play_share": rows[:, S.R_NOPLAY].sum() / n}


def default_sessions(table: Table) -> int:
    """The sessions of a run that names none: fewer when a seat thinks (pimc)."""
    return THINKING_SESSIONS if table.thinks else SESSIONS


def session_tables(rules: BourreRules, table: Table, sessions: int, deals: int, seed: int,
                   show_progress: bool | None = None) -> dict[str, pd.DataFrame]:
    """`bourre session`'s tables by name (SESSION_TABLES): chips by place and by seat, the
    pot's sizes and the run's summary, each with the table, its rules and players."""
    rows = session_rows(rules, table, seed, sessions, deals, show_progress=show_progress)
    n = rules.players
    tag = dict(players=n, rules=rules.label, policy=table.label)
    return {"places": by_seat(rows, n, deals, True, place_name(n)).assign(**tag),
            "seats": by_seat(rows, n, deals, False, str).assign(**tag),
            "pots": pot_table(rows).assign(**tag),
            "summary": pd.DataFrame([{**summary(rows, deals), **tag}])}
