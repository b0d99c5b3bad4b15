"""Duplicate duels in the engine: every deal played once with each arrangement of the two
players (players/arrangements.py: in partnerships A as team 0 and as team 1; at a table
of N, A alone at each seat among B's and the reverse, 2N arrangements a deal)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from pedro_sim.analysis.players.arrangements import arrangements, lone_lead
from pedro_sim.analysis.runner import chunk_for, run_chunked, run_precise
from pedro_sim.analysis.stats import mean_ci_from_sums, rate, wilson, wilson_half
from pedro_sim.encoding import layout as L
from pedro_sim.encoding.tables import Tables
from pedro_sim.engine_inputs import EngineInputs, team_policy
from pedro_sim.traces import record_deals

# per chunk: deals, sum and sum of squares of the points and of the score measure (A's
# lead over B, times the arrangement's divisor: see lead), A's bids and makes, B's bids
# and makes
ROW = 9


def seated(inputs: EngineInputs, roles: int) -> EngineInputs:
    """The same game with the policy word's players seated by ``roles`` (a bit a seat:
    the seat plays the word's second player)."""
    opts = inputs.tables.opts.copy()
    opts[L.SE_ROLE_WORD] = roles
    return replace(inputs, tables=Tables(opts, *inputs.tables[1:]))


def duel_plays(inputs: EngineInputs, ab: int, ba: int) -> list[tuple[EngineInputs, int, int]]:
    """Each arrangement as the engine plays it: (inputs, policy word, lone seat or -1).
    In partnerships the seat table's own (team 0 plays the word's first player: ``ab``
    for A as team 0, ``ba`` for B); individually the word's first player alone at the
    lone seat (the roles word), the others its second."""
    every = (1 << inputs.variant.players) - 1
    return [(inputs if r.lone < 0 else seated(inputs, every & ~(1 << r.lone)),
             ab if r.a_first else ba, r.lone)
            for r in arrangements(inputs.variant.players, inputs.variant.partnerships)]


def lead(recs: np.ndarray, field: int, lone: int, n: int) -> np.ndarray:
    """Side 0's lead over side 1 (partnerships, ``lone`` -1), or the lone seat's over the
    mean of the others times N - 1 (integers), per deal, in ``field`` (points or score)."""
    if lone < 0:
        return recs[:, field] - recs[:, field + 1]
    return lone_lead(recs[:, field:field + n], lone)


def divisor(inputs: EngineInputs) -> int:
    """What a deal's summed leads are divided by to give A's lead a deal: 2 (both
    partnership arrangements), or 2 N (N - 1) in individual play (2N arrangements, each
    lead N - 1 times the lead over the others' mean)."""
    n = inputs.variant.players
    return 2 if inputs.variant.partnerships else 2 * n * (n - 1)


def duel_rows(plays: list[tuple[np.ndarray, int, bool]], n: int) -> np.ndarray:
    """The row sums of one chunk of deals, each played in every arrangement: ``plays``
    holds (records, lone seat or -1, whether A is the lone seat or team 0)."""
    d2 = s2 = 0
    a_bid, b_bid, made = [], [], []
    for recs, lone, a_first in plays:
        sign = 1 if a_first else -1
        d2 = d2 + sign * lead(recs, L.R_POINTS, lone, n)
        s2 = s2 + sign * lead(recs, L.R_SCORE, lone, n)
        bidder = recs[:, L.R_BIDDER]
        if lone < 0:
            mine = (bidder >= 0) & (bidder % 2 == (0 if a_first else 1))
        else:
            mine = (bidder >= 0) & ((bidder == lone) == a_first)
        a_bid.append(mine)
        b_bid.append((bidder >= 0) & ~mine)
        made.append(recs[:, L.R_MADE] != 0)
    a_bid, b_bid, made = map(np.concatenate, (a_bid, b_bid, made))
    return np.array([len(d2), d2.sum(), (d2 * d2).sum(), s2.sum(), (s2 * s2).sum(),
                     a_bid.sum(), (a_bid & made).sum(), b_bid.sum(), (b_bid & made).sum()],
                    dtype=np.int64)


def widest_make_rate(s: np.ndarray) -> float:
    """The larger 95% half-width of the two make rates (the duel's proportions)."""
    if not s[5] or not s[7]:  # a side has not bid yet: no rate to measure
        return 1.0
    return wilson_half(np.array([s[6], s[8]]), np.array([s[5], s[7]]))


def duel(inputs: EngineInputs, a: str, b: str, deals: int, seed: int, flags: np.ndarray,
         show_progress: bool | None = None, precision: float | None = None,
         off_b: int = 0) -> pd.DataFrame:
    """One row: mean points and score difference per deal (A minus B) with 95% intervals,
    ``flags`` holding A's settings in the first block and B's in the second (setup.duel_players),
    and each side's make rate as bidder; with ``precision``, as many deals as it takes
    for both make rates to reach that 95% half-width (``deals`` the most); ``off_b``: technique
    flags (layout F_*) switched off for B alone (scripts/partner_raises.py)."""
    ab = team_policy(a, b, (0, 1)) | (off_b << (L.OFF_SHIFT + 8))  # A's settings: block 0
    ba = team_policy(b, a, (1, 0)) | (off_b << L.OFF_SHIFT)
    plays = duel_plays(inputs, ab, ba)
    n = inputs.variant.players

    def step(first: int, count: int, chunk: int, out: np.ndarray) -> None:
        for k in range(len(out)):
            idx = np.arange(first + k * chunk, min(first + (k + 1) * chunk, first + count))
            out[k] = duel_rows([(record_deals(where, seed, idx, word, flags), lone,
                                 word == ab) for where, word, lone in plays], n)

    label = f"duel {a} vs {b}"
    chunk = max(1, 4 * chunk_for(ab) // (len(plays) // 2))
    if precision is None:
        s = run_chunked(step, deals, (ROW,), label, show_progress, chunk)
    else:
        s = run_precise(step, deals, (ROW,), label, show_progress, chunk, precision,
                        widest_make_rate)[0]
    n = int(s[0])
    div = divisor(inputs)
    row = {"variant": inputs.label, "players": inputs.variant.players, "a": a, "b": b,
           "deals": n}
    for name, total, squares in (("points", s[1], s[2]), ("score", s[3], s[4])):
        mean, lo, hi = mean_ci_from_sums(n, total / div, squares / div ** 2)
        row.update({f"{name}_diff": mean, f"{name}_diff_lo": lo, f"{name}_diff_hi": hi})
    for side, bids, made in (("a", s[5], s[6]), ("b", s[7], s[8])):
        lo, hi = wilson(int(made), int(bids))
        row.update({f"{side}_bids": int(bids), f"{side}_make_rate": rate(made, bids),
                    f"{side}_make_lo": lo, f"{side}_make_hi": hi})
    row["make_rate_diff"] = row["a_make_rate"] - row["b_make_rate"]
    return pd.DataFrame([row])
