"""`bourre chart`: the best declaration by hand class, place and table size. Random deals
(a session's first deal: every seat anted, the pot N chips); the hand at the place is
sorted into its class (trumps held, the highest of them, a side ace or not) and every
option is played on the same deal; a class's best option is the one of highest mean
chips, pass being worth nothing."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd

from pedro_sim.analysis.runner import run_chunked
from pedro_sim.errors import PedroError
from pedro_sim.games.bourre.analysis.declaration_values import option_table
from pedro_sim.games.bourre.analysis.seating import Table, seated, table_rules
from pedro_sim.games.bourre.analysis.sessions import place_name
from pedro_sim.games.bourre.kernels import drivers as D
from pedro_sim.games.bourre.kernels.decision_deals import F_DEALS, F_LEN, N_CLASSES
from pedro_sim.games.bourre.rules import MAX_PLAYERS, MIN_PLAYERS, BourreRules

TOPS = ("A", "K", "Q", "J-")
CHART_CHUNK = 2048
THINKING_CHART_CHUNK = 16
DEALS = 200_000  # random deals a place without --deals, heuristic tables
THINKING_DEALS = 4_000


def class_label(c: int) -> str:
    """A class as text: '2 trumps, top K, side ace' style, short: '2T K +A'."""
    if c < 2:
        return "0T" + (" +A" if c else "")
    t, rest = divmod(c - 2, 8)
    top, ace = divmod(rest, 2)
    return f"{t + 1}T {TOPS[top]}" + (" +A" if ace else "")


def class_order() -> list[int]:
    """Classes from the weakest hand to the strongest, as the chart's rows."""
    return list(range(N_CLASSES))


def place_classes(rules: BourreRules, table: Table, place: int, deals: int, seed: int,
                  show_progress: bool | None) -> np.ndarray:
    """Summed rows per class (decision_deals.py F_*) for the hand at ``place`` (1 .. N)."""
    chunk = THINKING_CHART_CHUNK if table.thinks else CHART_CHUNK
    seat = place % rules.players

    def step(first: int, count: int, size: int, out: np.ndarray) -> None:
        D.hand_classes(rules, seed, first, count, size, seat, rules.players, table.pol,
                       table.worlds, out)

    return run_chunked(step, deals, (N_CLASSES, F_LEN), f"chart: place {place}",
                       show_progress, chunk)


COLUMNS = ["players", "pot", "place", "class", "class_id", "deals", "best", "best_draw",
           "play_chips", "play_chips_lo", "play_chips_hi", "play_draw", "p_take", "p_bourre",
           "share"]


MIN_HANDS = 30  # hands of a class at a place for a cell of the chart


def min_hands(deals: int) -> int:
    """The hands a cell needs: MIN_HANDS, or 1% of ``deals`` when that is fewer, so that a
    small run still charts something."""
    return min(MIN_HANDS, max(1, deals // 100))


def chart(rules: BourreRules, table: Table, deals: int, seed: int,
          show_progress: bool | None = None) -> pd.DataFrame:
    """One row per (place, class) with at least ``min_hands(deals)`` hands: the best
    option, its chips with their interval (its gain over passing), P(take) and P(bourré)
    with it. The pot is a session's first deal's: one ante a player."""
    n = rules.players
    min_deals = min_hands(deals)
    name = place_name(n)
    rows = []
    for place in range(1, n + 1):
        sums = place_classes(rules, table, place, deals, seed, show_progress)
        for c in class_order():
            if sums[c, F_DEALS] < min_deals:
                continue
            opts = option_table(sums[c])
            best = opts[opts["best"]].iloc[0]
            play = opts[opts["draw"] >= 0]
            top = play.loc[play["chips"].idxmax()]
            rows.append({
                "players": n, "pot": n, "place": name(place - 1), "class": class_label(c),
                "class_id": c, "deals": int(sums[c, F_DEALS]),
                "best": best["option"], "best_draw": int(best["draw"]),
                "play_chips": top["chips"], "play_chips_lo": top["chips_lo"],
                "play_chips_hi": top["chips_hi"], "play_draw": int(top["draw"]),
                "p_take": top["p_take"], "p_bourre": top["p_bourre"],
                "share": sums[c, F_DEALS] / deals})
    return pd.DataFrame(rows, columns=COLUMNS)


def default_deals(table: Table) -> int:
    """The deals a place of a run that names none: fewer when a seat thinks (pimc)."""
    return THINKING_DEALS if table.thinks else DEALS


def table_sizes(sizes: Iterable[int]) -> list[int]:
    """The table sizes of a chart, each checked (2..8 players), in order, once each."""
    checked = sorted(set(sizes))
    if not checked:
        raise PedroError("tables: name at least one table size")
    for n in checked:
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise PedroError(f"tables: {n} players: Bourré is played by {MIN_PLAYERS} to "
                             f"{MAX_PLAYERS} players")
    return checked


def charts(sizes: list[int], rule: list[str] | None, spec: str, deals: int, seed: int,
           show_progress: bool | None = None) -> pd.DataFrame:
    """chart.csv's rows: the chart of each table size, one after the other, with the
    players' spec."""
    frames = [chart(table_rules(n, rule), seated(spec, n), deals, seed, show_progress)
              for n in sizes]
    return pd.concat(frames, ignore_index=True).assign(policy=seated(spec, sizes[0]).label)
