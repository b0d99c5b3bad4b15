"""Bourré duels over sessions, duplicate: every session played with A alone at each seat
among B's, and B alone among A's, so that the cards cancel out. A's lead in a seating is
its chips less the mean of the others'; the duel's figure is A's mean lead over B in
chips per deal, with its interval over sessions."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pedro_sim.analysis.players.arrangements import arrangements, lone_lead
from pedro_sim.analysis.stats import mean_ci, wilson
from pedro_sim.errors import PedroError
from pedro_sim.games.bourre.analysis.seating import seat_specs, seated
from pedro_sim.games.bourre.analysis.sessions import session_rows
from pedro_sim.games.bourre.kernels import session as S
from pedro_sim.games.bourre.rules import BourreRules


def check_players(a: str, b: str, players: int) -> None:
    """Both players' specs, before the long run: one player each, no '/'."""
    seated(a, players), seated(b, players)
    if len(seat_specs(a)) > 1 or len(seat_specs(b)) > 1:
        raise PedroError("a duel seats one player spec against another: no '/'")


def duel(rules: BourreRules, a: str, b: str, sessions: int, deals: int, seed: int,
         show_progress: bool | None = None) -> pd.DataFrame:
    """One row: A's chips per deal over B's (each alone among the other, at every seat),
    with its 95% interval over sessions, and how each plays (lone seats' figures)."""
    n = rules.players
    check_players(a, b, n)
    lead = np.zeros(sessions)
    counts = {side: np.zeros(3) for side in "ab"}  # played, took, bourré when alone
    for r in sorted(arrangements(n, partnerships=False), key=lambda r: r.lone):  # seat by seat
        seat, sign, side = r.lone, 1 if r.a_first else -1, "a" if r.a_first else "b"
        rows = session_rows(rules, seated("/".join(r.specs(a, b, n)), n), seed, sessions,
                            deals, f"duel: {a if r.a_first else b} at seat {seat}",
                            show_progress)
        chips = rows[:, S.R_CHIPS:S.R_CHIPS + n].astype(np.float64)
        lead += sign * lone_lead(chips, seat) / (n - 1)
        counts[side] += [rows[:, k + seat].sum() for k in (S.R_PLAYED, S.R_TOOK, S.R_BOURRE)]
    per_deal = lead / (2 * n) / deals
    mean, lo, hi = mean_ci(per_deal)
    row = {"players": n, "rules": rules.label, "a": a, "b": b, "sessions": sessions,
           "deals_per_session": deals, "chips_diff": mean, "chips_diff_lo": lo,
           "chips_diff_hi": hi}
    for side in "ab":
        played, took, bourre = counts[side]
        row[f"{side}_played"] = played / (sessions * deals * n)
        for name, k in (("take", took), ("bourre", bourre)):
            row[f"{side}_p_{name}"] = k / max(played, 1)
            row[f"{side}_p_{name}_lo"], row[f"{side}_p_{name}_hi"] = wilson(int(k),
                                                                            max(int(played), 1))
    return pd.DataFrame([row])
