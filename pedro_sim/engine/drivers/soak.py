"""The soak: play auctioned deals with recording on and check every one against docs/rules.md
section 6 inside the kernels (engine/checks/invariants.py), keeping only per-chunk counts.

One record array per thread is reused deal after deal, so memory does not grow with the
number of deals; a chunk's counts depend only on (seed, its deal indices), so the totals
are the same whatever the thread count.
"""

from __future__ import annotations

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.tables import Tables
from pedro_sim.engine.checks.invariants import KIND_NAMES, N_KINDS, deal_violations, new_scratch
from pedro_sim.engine.drivers.deals import _scratch, finish_record
from pedro_sim.engine.game.whole_deal import auctioned_deal
from pedro_sim.engine.jit import kernel, phase
from pedro_sim.engine.rng import KIND_DEAL
from pedro_sim.engine.seats import first_dealer
from pedro_sim.engine.threads import Span, chunk_deals, share_chunks

C_DEALS = 0  # out[chunk]: deals checked,
C_KINDS = 1  # then deals with a violation of each kind (V_*),
C_FIRST = C_KINDS + N_KINDS  # then the first such deal's index (-1: none)
N_COLS = C_FIRST + 1


@kernel
def clear_record(rec):
    """Zero what a deal writes before the calls (the calls are counted by R_NCALLS)."""
    for k in range(L.R_CALLS):
        rec[k] = 0
    rec[L.R_CLAIM_SEAT] = -1


@kernel
def tally(row, index, bad):
    """Count one checked deal into its chunk's row."""
    row[C_DEALS] += 1
    for k in range(N_KINDS):
        if (bad >> k) & 1:
            row[C_KINDS + k] += 1
    if bad and row[C_FIRST] < 0:
        row[C_FIRST] = index


@phase
def _soak(span, policy, flags, tab, held, won, out, work, think):
    """Auctioned deals of ``span``, recorded into work.rec and checked; out[chunk] counts
    them (C_*)."""
    kind = np.int64(KIND_DEAL)
    rec = work.rec
    for ch in range(out.shape[0]):
        for i in chunk_deals(span, ch):
            clear_record(rec)
            bidder, bid, trump = auctioned_deal(span.seed, i, kind, first_dealer(tab, i), policy,
                                                flags, tab, work, think)
            rec[L.R_BIDDER] = bidder
            rec[L.R_BID] = bid
            rec[L.R_TRUMP] = trump
            finish_record(rec, work.pts, work.score, tab)
            tally(out[ch], i, deal_violations(rec, tab, held, won))


def soak(span: Span, policy: int, flags: np.ndarray, tab: Tables, out: np.ndarray) -> None:
    """Check the deals of ``span``; out[chunk] (N_COLS wide, C_FIRST set to -1 beforehand)
    gets each chunk's counts."""
    def run(piece: Span, part: np.ndarray, held, won, work, think) -> None:
        _soak(piece, np.int64(policy), flags, tab, held, won, part, work, think)

    share_chunks(span, out, run, lambda: (*new_scratch(), *_scratch(policy, tab, True)))


def soak_counts(tab: Tables, seed: int, first: int, count: int, policy: int, flags: np.ndarray,
                chunk: int = 8192) -> dict[str, int]:
    """Totals over deals first..first+count-1: 'deals', one count per kind of violation
    (KIND_NAMES), and 'first_bad' (the lowest index of a deal with a violation, or -1)."""
    out = np.zeros((-(-count // chunk), N_COLS), np.int64)
    out[:, C_FIRST] = -1
    soak(Span(seed, first, count, chunk), policy, flags, tab, out)
    totals = {"deals": int(out[:, C_DEALS].sum())}
    for k, name in enumerate(KIND_NAMES):
        totals[name] = int(out[:, C_KINDS + k].sum())
    bad = out[:, C_FIRST][out[:, C_FIRST] >= 0]
    totals["first_bad"] = int(bad.min()) if len(bad) else -1
    return totals
