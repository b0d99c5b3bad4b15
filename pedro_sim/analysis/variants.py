"""Which Pedro is the best game? Presets side by side (the `variants` command).

For each preset, heuristic (or other) players bid and play independent deals,
summarized per chunk by the kernel (engine/drivers.deal_summary), and whole
games (engine/game/whole_game.py). Every estimate carries a 95% interval.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from pedro_sim.analysis.runner import chunk_for, run_chunked, run_precise
from pedro_sim.analysis.seat_words import seat_names
from pedro_sim.analysis.stats import mean_ci_from_sums, rate, widest_half, wilson
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine.game.whole_game import (
    END_BIDDER_OUT,
    END_LOSE_AT,
    END_MOON_GAME,
    END_TARGET,
    END_UNFINISHED,
    GAME_COLS,
)
from pedro_sim.engine_inputs import EngineInputs

SEAT_ROOM = drivers.SEAT_COLS * L.SEATS  # the seat table's columns of the summary row
GAME_STATS = 9  # games, first dealer's team won, sum deals, sum deals^2, 5 ways to end


@dataclass
class VariantsReport:
    bids: pd.DataFrame  # preset x bid
    seats: pd.DataFrame  # preset x seat
    points: pd.DataFrame  # preset x side x points
    games: pd.DataFrame  # preset
    balance: pd.DataFrame  # preset: the edges as shares of the deal's points, sorted


def summarize_deals(inputs: EngineInputs, deals: int, seed: int, policy: int,
                    flags: np.ndarray, show_progress: bool | None = None,
                    precision: float | None = None) -> tuple[np.ndarray, int]:
    """The summary row over ``deals`` deals, or (``precision``) over as many as it takes
    for every proportion of the bid and seat tables to reach that 95% half-width, at most
    ``deals``. Returns (row, deals used)."""
    v = inputs.variant
    width = 6 * (v.top_bid + 1) + SEAT_ROOM + 2 * (v.total_points + 1) + drivers.BALANCE_COLS

    def step(first: int, count: int, chunk: int, out: np.ndarray) -> None:
        drivers.deal_summary(drivers.Span(seed, first, count, chunk), policy, flags, inputs.tables,
                             out)

    label, chunk = f"{inputs.label}: deals", chunk_for(policy)
    if precision is None:
        return run_chunked(step, deals, (width,), label, show_progress, chunk), deals
    flat, used, _ = run_precise(step, deals, (width,), label, show_progress, chunk, precision,
                                lambda row: widest_summary(v, row))
    return flat, used


RARE_BID = 0.01  # bids taken in fewer deals than this share are left out of --precision


def widest_summary(v, flat: np.ndarray) -> float:
    """The largest 95% half-width among the proportions of the bid and seat tables, but
    P(make) of bids taken in under RARE_BID of the deals (a bid seen a handful of times
    would hold any precision out of reach; those rows are still reported, with their
    intervals)."""
    deals = int(sum(flat[6 * b] for b in range(v.top_bid + 1)))
    rows = _bid_rows("", v, flat, deals)
    return max(widest_half(rows, "share"),
               widest_half([r for r in rows if r["bid"] and r["share"] >= RARE_BID],
                           "p_make"),  # bid 0: thrown in, no make rate
               widest_half(_seat_rows("", v, flat, deals), "bids_won", "forced"))


def summarize_games(inputs: EngineInputs, games: int, seed: int, policy: int,
                    flags: np.ndarray, show_progress: bool | None = None) -> np.ndarray:
    def step(first: int, count: int, chunk: int, out: np.ndarray) -> None:
        rows = np.zeros((count, GAME_COLS), dtype=np.int64)
        drivers.game_results(seed, first, policy, flags, inputs.tables, rows)
        for k in range(len(out)):
            g = rows[k * chunk:(k + 1) * chunk]
            idx = np.arange(first + k * chunk, first + k * chunk + len(g))
            deals = g[:, 2]
            first_side = inputs.opts[L.SE_SIDE + idx % inputs.variant.players]
            out[k] = [len(g), int(((g[:, 0] == first_side) & (g[:, 0] >= 0)).sum()),
                      int(deals.sum()), int((deals * deals).sum()),
                      int((g[:, 1] == END_TARGET).sum()), int((g[:, 1] == END_BIDDER_OUT).sum()),
                      int((g[:, 1] == END_UNFINISHED).sum()),
                      int((g[:, 1] == END_LOSE_AT).sum()),
                      int((g[:, 1] == END_MOON_GAME).sum())]

    return run_chunked(step, games, (GAME_STATS,), f"{inputs.label}: games",
                       show_progress, chunk=64, unit="games")


def _bid_rows(name: str, v, flat: np.ndarray, deals: int) -> list[dict]:
    rows = []
    for bid in range(v.top_bid + 1):
        n, made, bs, bs2, ds, ds2 = (int(x) for x in flat[6 * bid: 6 * bid + 6])
        if n == 0:
            continue
        share_lo, share_hi = wilson(n, deals)
        p_lo, p_hi = wilson(made, n if bid else 0)  # bid 0: thrown in, no bid to make
        bm = mean_ci_from_sums(n, bs, bs2)
        dm = mean_ci_from_sums(n, ds, ds2)
        rows.append({"preset": name, "bid": bid, "deals": deals, "n": n, "share": n / deals,
                     "share_lo": float(share_lo), "share_hi": float(share_hi), "made": made,
                     "p_make": rate(made, n if bid else 0), "p_make_lo": float(p_lo),
                     "p_make_hi": float(p_hi),
                     "bidder_points": bm[0], "bidder_points_lo": bm[1],
                     "bidder_points_hi": bm[2], "defender_points": dm[0],
                     "defender_points_lo": dm[1], "defender_points_hi": dm[2]})
    return rows


def place_names(v) -> list[str]:
    """The seats counted from the dealer (the summary row's order): the dealer, eldest,
    second, ... (seat_words.seat_names)."""
    names = seat_names(v.players)
    return names[-1:] + names[:-1]


def others(v) -> int:
    """The sides a side's net score (scoring.net_of) is taken against: it is that many
    times its lead over their mean."""
    return 1 if v.partnerships else v.players - 1


def _seat_rows(name: str, v, flat: np.ndarray, deals: int) -> list[dict]:
    base = 6 * (v.top_bid + 1)
    cols = drivers.SEAT_COLS
    rows = []
    dealer_mean = None
    for k, seat in enumerate(place_names(v)):
        won, made, s, s2, forced, e, e2 = (int(x) for x in flat[base + cols * k:
                                                                base + cols * (k + 1)])
        mean, lo, hi = mean_ci_from_sums(deals, s, s2)
        edge = [x / others(v) / v.total_points for x in mean_ci_from_sums(deals, e, e2)]
        if k == 0:
            dealer_mean = mean
        w_lo, w_hi = wilson(won, deals)
        f_lo, f_hi = wilson(forced, deals)
        rows.append({"preset": name, "seat": seat, "deals": deals, "bids_won": won / deals,
                     "bids_won_lo": float(w_lo), "bids_won_hi": float(w_hi),
                     "made_when_bidding": rate(made, won),
                     "forced": forced / deals if k == 0 else 0.0,
                     "forced_lo": float(f_lo) if k == 0 else 0.0,
                     "forced_hi": float(f_hi) if k == 0 else 0.0,
                     "team_score": mean, "team_score_lo": lo, "team_score_hi": hi,
                     "vs_dealer": mean - dealer_mean, "edge_share": edge[0],
                     "edge_share_lo": edge[1], "edge_share_hi": edge[2]})
    return rows


def _balance_row(name: str, v, flat: np.ndarray, deals: int, bids: list[dict],
                 seats: list[dict]) -> dict:
    """Figures comparable across presets, each per deal as a share of the deal's points
    (95% intervals): the dealer's side's net score (its edge over the other side, or in
    individual play the dealer's lead over the others' mean), the first bidder's
    (eldest's), which in two-sided games is the same edge turned round, and the bidders'
    net score; and the make rate, over every deal won."""
    e, e2, n, n2 = (float(x) / others(v) ** p for x, p in zip(flat[:4], (1, 2, 1, 2),
                                                              strict=True))
    total = v.total_points
    edge = mean_ci_from_sums(deals, e, e2)
    net = mean_ci_from_sums(deals, n, n2)
    eldest = next(r for r in seats if r["preset"] == name and r["seat"] == "eldest")
    held = [r for r in bids if r["preset"] == name and r["bid"] > 0]  # 0: thrown in
    won = sum(r["n"] for r in held)
    made = sum(r["made"] for r in held)
    m_lo, m_hi = wilson(made, won)
    row = {"preset": name, "deals": deals, "points_in_deal": total}
    for key, (mean, lo, hi) in (("dealer_edge_share", edge), ("bidders_net_share", net)):
        row.update({key: mean / total, key + "_lo": lo / total, key + "_hi": hi / total})
    row.update({f"eldest_edge_share{x}": eldest[f"edge_share{x}"] for x in ("", "_lo", "_hi")})
    row.update({"make_rate": rate(made, won), "make_rate_lo": float(m_lo),
                "make_rate_hi": float(m_hi)})
    return row


def _game_row(name: str, g: np.ndarray) -> dict:
    n, first_won, ds, ds2, target, out, unfinished, lost, moon = (int(x) for x in g)
    mean, lo, hi = mean_ci_from_sums(n, ds, ds2)
    sd = np.sqrt(max(ds2 / n - mean * mean, 0.0)) if n else float("nan")
    w_lo, w_hi = wilson(first_won, n)
    return {"preset": name, "games": n, "first_dealer_team_wins": first_won / n,
            "first_dealer_team_wins_lo": float(w_lo), "first_dealer_team_wins_hi": float(w_hi),
            "deals_per_game": mean, "deals_per_game_lo": lo, "deals_per_game_hi": hi,
            "deals_per_game_sd": sd, "end_target": target / n, "end_bidder_out": out / n,
            "end_unfinished": unfinished / n, "end_lose_at": lost / n,
            "end_moon_game": moon / n}


def variants_analysis(presets: list[EngineInputs], deals: int, games: int, seed: int,
                      policy: int, flags: np.ndarray | list[np.ndarray],
                      show_progress: bool | None = None,
                      precision: float | None = None) -> VariantsReport:
    """Per preset: the bid, seat, points and game tables; with ``precision``, each
    preset's deals run until the bid and seat tables' proportions reach it (``deals`` the
    most; the rows' `deals` column says how many). ``flags``: the players' settings, or a
    list of them, one per preset (each preset's own pimc tuning)."""
    bids, seats, points, game_rows, balance = [], [], [], [], []
    each = flags if isinstance(flags, list) else [flags] * len(presets)
    for inputs, own in zip(presets, each, strict=True):
        v = inputs.variant
        name = inputs.label  # cinch@3: cinch played individually by 3
        flat, used = summarize_deals(inputs, deals, seed, policy, own, show_progress,
                                     precision)
        bids += _bid_rows(name, v, flat, used)
        seats += _seat_rows(name, v, flat, used)
        start = 6 * (v.top_bid + 1) + SEAT_ROOM
        hist = flat[start:start + 2 * (v.total_points + 1)].reshape(2, v.total_points + 1)
        balance.append(_balance_row(name, v, flat[start + 2 * (v.total_points + 1):], used,
                                    bids, seats))
        for side, row in zip(("bidders", "defenders"), hist, strict=True):
            for p, c in enumerate(row):
                points.append({"preset": name, "side": side, "points": p,
                               "share_of_total": p / v.total_points, "count": int(c)})
        if games:
            game_rows.append(_game_row(name, summarize_games(inputs, games, seed, policy,
                                                               own, show_progress)))
    table = pd.DataFrame(balance).sort_values("dealer_edge_share", kind="stable",
                                              ignore_index=True)
    return VariantsReport(pd.DataFrame(bids), pd.DataFrame(seats), pd.DataFrame(points),
                          pd.DataFrame(game_rows), table)
