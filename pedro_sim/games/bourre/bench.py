"""Bourré's deals per second, for scripts/bench.py (which calls each game's figures)."""

from __future__ import annotations

import time

import numba

from pedro_sim.games.bourre.analysis.seating import seated
from pedro_sim.games.bourre.kernels.drivers import sessions as play_sessions
from pedro_sim.games.bourre.kernels.session import R_DEALS
from pedro_sim.games.bourre.rules import BourreRules


def rate_of(player: str, players: int, threads: int, sessions: int,
            repeats: int = 3) -> float:
    """Bourré deals per second (sessions of 10 deals, every seat ``player``), best of
    ``repeats``."""
    rules, table = BourreRules(players=players), seated(player, players)
    numba.set_num_threads(threads)
    play_sessions(rules, 1, 0, 4, 10, table.pol, table.worlds)  # compiled before timing
    best = 0.0
    for r in range(repeats):
        t0 = time.perf_counter()
        rows = play_sessions(rules, r + 2, 0, sessions, 10, table.pol, table.worlds)
        best = max(best, sessions * 10 / (time.perf_counter() - t0))
        assert rows[:, R_DEALS].sum() == sessions * 10  # every deal played
    return best


def figures(cores: int) -> None:
    """Bourré's deals per second beside Pedro's: random and heuristic at 4 and 7 players,
    pimc (32 worlds a decision) at 7."""
    for player, sessions in (("random", 200_000), ("heuristic", 200_000), ("pimc", 40)):
        for players in ((7,) if player == "pimc" else (4, 7)):
            for threads in sorted({1, cores}):
                rate = rate_of(player, players, threads, sessions)
                print(f"{'bourre deals, ' + player + f' at {players}':<34}{threads:>8}"
                      f"{rate:>20,.0f}")
