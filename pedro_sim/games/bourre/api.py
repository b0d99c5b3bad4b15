"""Bourré's analyses from Python, each a function returning a pandas DataFrame: what
`pedro-sim bourre play|chart|session|duel` write as CSV, the same numbers for the same
options. ``pedro_sim.api`` offers them beside Pedro's (``pedro_sim.api.bourre_play``).

Each takes the command's options by the same names (``rules`` for ``--rule``, a list of
NAME=VALUE, as Pedro's API names it) and the same defaults, checks them as the command
line does and raises ``pedro_sim.errors.PedroError`` naming a bad one. Nothing is
written to disk; the thread count is numba's (``numba.set_num_threads``).

    >>> from pedro_sim import api
    >>> api.bourre_play("AH KH 9S 4C 2D", trump="H", players=5,
    ...                 policy="heuristic", deals=20_000)   # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from pedro_sim.commands.shared_options import MAX_DEALS, MAX_INDEX, STRONG
from pedro_sim.errors import PedroError
from pedro_sim.games.bourre.analysis import chart as C
from pedro_sim.games.bourre.analysis import duel as DU
from pedro_sim.games.bourre.analysis import play as P
from pedro_sim.games.bourre.analysis import sessions as S
from pedro_sim.games.bourre.analysis.seating import Table, seated, table_rules
from pedro_sim.games.bourre.cli import MAX_SESSIONS
from pedro_sim.games.bourre.rules import MAX_SESSION_DEALS, BourreRules

__all__ = ["bourre_play", "bourre_chart", "bourre_session", "bourre_duel"]

SESSION_DEALS = 10  # deals a session without --deals


def _within(option: str, value: int, lo: int, hi: int) -> int:
    """``value`` if ``option`` takes it (lo..hi, as the command's option does)."""
    if not lo <= value <= hi:
        raise PedroError(f"--{option} must be {lo:,}..{hi:,}, got {value:,}")
    return value


def _table(players: int | None, rules: Iterable[str], policy: str,
           seed: int) -> tuple[BourreRules, Table]:
    """The table's rules and players, and the seed, checked."""
    _within("seed", seed, 0, MAX_INDEX)
    bourre_rules = table_rules(players, list(rules))
    return bourre_rules, seated(policy, bourre_rules.players)


def bourre_play(hand: str, trump: str, seat: str = "eldest", *, players: int | None = None,
                rules: Iterable[str] = (), policy: str = STRONG, pot: int | None = None,
                turned: str | None = None, deals: int | None = None, seed: int = 12345,
                show_progress: bool | None = None) -> pd.DataFrame:
    """Pass, and play drawing 0..5: each option's chips a deal for the hand at ``seat``,
    P(take) and P(bourré) (`bourre play`'s play.csv). Without ``deals``: 200,000 deals,
    2,000 when a seat thinks."""
    bourre_rules, table = _table(players, rules, policy, seed)
    deals = _within("deals", P.default_deals(table) if deals is None else deals, 1,
                    MAX_DEALS)
    q = P.question(hand, trump, seat, bourre_rules, pot, turned)
    frame = P.play_values(bourre_rules, q, table, deals, seed, show_progress)
    return P.play_rows(frame, bourre_rules, q, table)


def bourre_chart(tables: int | Iterable[int] = (4, 7), *, rules: Iterable[str] = (),
                 policy: str = STRONG, deals: int | None = None, seed: int = 12345,
                 show_progress: bool | None = None) -> pd.DataFrame:
    """The best declaration by hand class and place at each table size in ``tables``
    (`bourre chart`'s chart.csv). Without ``deals``: 200,000 random deals a place, 4,000
    when a seat thinks."""
    sizes = C.table_sizes([tables] if isinstance(tables, int) else tables)
    table = _table(sizes[0], rules, policy, seed)[1]
    deals = _within("deals", C.default_deals(table) if deals is None else deals, 1,
                    MAX_DEALS)
    return C.charts(sizes, list(rules), policy, deals, seed, show_progress)


def bourre_session(part: str = "places", *, sessions: int | None = None,
                   deals: int = SESSION_DEALS, players: int | None = None,
                   rules: Iterable[str] = (), policy: str = STRONG, seed: int = 12345,
                   show_progress: bool | None = None) -> pd.DataFrame:
    """One table of `bourre session` (``part``: places, seats, pots or summary, as its
    CSV files): chips a deal by place or by seat over sessions of ``deals`` deals, the
    pot's sizes, the run's summary. Without ``sessions``: 20,000, 200 when a seat
    thinks."""
    if part not in S.SESSION_TABLES:
        raise PedroError(f"part {part!r}: one of {', '.join(S.SESSION_TABLES)}")
    bourre_rules, table = _table(players, rules, policy, seed)
    sessions = _within("sessions", S.default_sessions(table) if sessions is None
                       else sessions, 2, MAX_SESSIONS)
    _within("deals", deals, 1, MAX_SESSION_DEALS)
    return S.session_tables(bourre_rules, table, sessions, deals, seed, show_progress)[part]


def bourre_duel(a: str = STRONG, b: str = "heuristic", *, sessions: int = 200,
                deals: int = SESSION_DEALS, players: int | None = None,
                rules: Iterable[str] = (), seed: int = 12345,
                show_progress: bool | None = None) -> pd.DataFrame:
    """A alone among B's at every seat and B alone among A's, the same sessions: one row,
    A's chips a deal over B's with its 95% interval (`bourre duel`'s CSV)."""
    bourre_rules = _table(players, rules, "heuristic", seed)[0]
    _within("sessions", sessions, 2, MAX_SESSIONS)
    _within("deals", deals, 1, MAX_SESSION_DEALS)
    return DU.duel(bourre_rules, a, b, sessions, deals, seed, show_progress)
