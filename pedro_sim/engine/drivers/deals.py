"""Loops over chunks, run on a pool of threads. A chunk is a pure function of (seed, its
deal indices), so results are identical whatever the thread count or batching.

The compiled loops are serial phases (no prange) and release the GIL; the public
functions below share a call's chunks out among threads. numba's parallel loops cost
about 20 s of compilation each, for nothing a thread pool does not do as well."""

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numba
import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.game.whole_deal import auctioned_deal, deal_score, fixed_hand_deal, new_work
from pedro_sim.engine.game.whole_game import play_game
from pedro_sim.engine.jit import kernel, loop, phase
from pedro_sim.engine.rng import KIND_DEAL
from pedro_sim.engine.thinking.scratch import new_think, thinks


@phase
def _deal_stats(seed, first, count, chunk, policy, flags, opts, masks, beats, cinfo, hist, work,
                think):
    """Full auctioned deals first..first+count-1; hist[chunk, bid, bidder points] += 1."""
    deck, rest, hands, rng, pts, rec, score = work
    kind = np.int64(KIND_DEAL)  # not a literal: phases are compiled for one signature
    for ch in range(hist.shape[0]):
        lo = first + ch * chunk
        for i in range(lo, min(lo + chunk, first + count)):
            bidder, bid, _ = auctioned_deal(seed, i, kind, i % 4, policy, flags, opts,
                                            masks, beats, cinfo, deck, hands, rng, pts, rec,
                                            think)
            hist[ch, bid, pts[bidder & 1]] += 1


@kernel
def summary_row(out, bidder, bid, dealer, made, pts, score, opts):
    """Add one deal to a flat summary row (layout in analysis/variants.py):
    per bid [count, made, sum and sum of squares of bidders' and defenders' points],
    per seat counted from the dealer [bids won, made, sum and sum of squares of its team's
    score, forced bids], then the histograms of bidders' and defenders' points."""
    total = opts[L.O_TOTAL_POINTS]
    bt = bidder & 1
    b = pts[bt]
    d = pts[1 - bt]
    base = 6 * bid
    out[base] += 1
    out[base + 1] += made
    out[base + 2] += b
    out[base + 3] += b * b
    out[base + 4] += d
    out[base + 5] += d * d
    seats = 6 * (opts[L.O_TOP_BID] + 1)
    for k in range(4):
        p = (dealer + k) & 3
        s = score[p & 1]
        row = seats + 5 * k
        if p == bidder:
            out[row] += 1
            out[row + 1] += made
        out[row + 2] += s
        out[row + 3] += s * s
    hist = seats + 20
    out[hist + b] += 1
    out[hist + total + 1 + d] += 1


@phase
def _deal_summary(seed, first, count, chunk, policy, flags, opts, masks, beats, cinfo, out,
                  work, think):
    """Full auctioned deals first..first+count-1, summarized per chunk (summary_row);
    the dealer's forced bids are counted in the dealer's seat row."""
    deck, rest, hands, rng, pts, rec, sc = work
    kind = np.int64(KIND_DEAL)
    for ch in range(out.shape[0]):
        lo = first + ch * chunk
        hi = min(lo + chunk, first + count)
        for i in range(lo, hi):
            dealer = i % 4
            bidder, bid, _ = auctioned_deal(seed, i, kind, dealer, policy, flags, opts, masks,
                                            beats, cinfo, deck, hands, rng, pts, rec, think)
            made = deal_score(pts, bidder, bid, sc, opts)
            summary_row(out[ch], bidder, bid, dealer, made, pts, sc, opts)
            out[ch, 6 * (opts[L.O_TOP_BID] + 1) + 4] += pts[4]


@phase
def _fixed_hand_stats(seed, first, count, chunk, hand, offset, trump, policy, flags, opts, masks,
                      beats, cinfo, hist, work, think):
    """`bid` analysis deals; hist[chunk, bidders' points, defenders' points] += 1 (the two
    together fix what the deal scores at any bid: score_grid)."""
    deck, rest, hands, rng, pts, rec, score = work
    for ch in range(hist.shape[0]):
        lo = first + ch * chunk
        hi = min(lo + chunk, first + count)
        for i in range(lo, hi):
            bidder = fixed_hand_deal(seed, i, hand, offset, trump, policy, flags, opts, masks,
                                     beats, cinfo, deck, rest, hands, rng, pts, rec, think)
            hist[ch, pts[bidder & 1], pts[1 - (bidder & 1)]] += 1


@loop
def score_grid(bids, opts, made, mine, theirs):
    """What the engine's scoring (deal_score) gives a deal at each of ``bids`` for every pair
    of points: made[k, b, d], mine[k, b, d] (the bidders' score) and theirs[k, b, d] (the
    defenders'), the bidders holding b points and the defenders d."""
    pts = np.zeros(5, dtype=np.int64)
    score = np.zeros(2, dtype=np.int64)
    bidder = np.int64(0)
    for k in range(bids.shape[0]):
        for b in range(made.shape[1]):
            for d in range(made.shape[2]):
                pts[0] = b
                pts[1] = d
                made[k, b, d] = deal_score(pts, bidder, bids[k], score, opts)
                mine[k, b, d] = score[0]
                theirs[k, b, d] = score[1]


@kernel
def finish_record(rec, pts, score, opts):
    """Points, made and score of a recorded deal."""
    rec[L.R_MADE] = deal_score(pts, rec[L.R_BIDDER], rec[L.R_BID], score, opts)
    for team in range(2):
        rec[L.R_POINTS + team] = pts[team]
        rec[L.R_SCORE + team] = score[team]


@phase
def _trace_auctioned(seed, indices, policy, flags, opts, masks, beats, cinfo, recs, work, think):
    """Record full deals; recs[j] is deal indices[j] (layout R_*)."""
    deck, rest, hands, rng, pts, _, score = work
    kind = np.int64(KIND_DEAL)
    for j in range(indices.shape[0]):
        rec = recs[j]
        for k in range(rec.shape[0]):
            rec[k] = 0
        rec[L.R_CLAIM_SEAT] = -1
        i = indices[j]
        bidder, bid, trump = auctioned_deal(seed, i, kind, i % 4, policy, flags, opts,
                                            masks, beats, cinfo, deck, hands, rng, pts, rec,
                                            think)
        rec[L.R_BIDDER] = bidder
        rec[L.R_BID] = bid
        rec[L.R_TRUMP] = trump
        finish_record(rec, pts, score, opts)


@phase
def _trace_fixed(seed, indices, hand, offset, trump, policy, flags, opts, masks, beats, cinfo,
                 recs, work, think):
    """Record `bid` analysis deals (layout R_*, no calls)."""
    deck, rest, hands, rng, pts, _, score = work
    for j in range(indices.shape[0]):
        rec = recs[j]
        for k in range(rec.shape[0]):
            rec[k] = 0
        rec[L.R_CLAIM_SEAT] = -1
        bidder = fixed_hand_deal(seed, indices[j], hand, offset, trump, policy, flags, opts,
                                 masks, beats, cinfo, deck, rest, hands, rng, pts, rec, think)
        rec[L.R_BIDDER] = bidder
        rec[L.R_BID] = opts[L.O_MIN_BID]
        rec[L.R_TRUMP] = trump
        finish_record(rec, pts, score, opts)


@phase
def _game_results(seed, first, policy, flags, opts, masks, beats, cinfo, out, work, think):
    """Games first..first+len(out)-1; out[g] = (winner, end, deals, score 0, score 1)."""
    deck, rest, hands, rng, pts, rec, score = work
    for g in range(out.shape[0]):
        game = first + g
        zero = np.int64(0)
        play_game(seed, game, zero, zero, game % 4, zero, policy, flags, opts, masks, beats,
                  cinfo, deck, hands, rng, pts, score, rec, out[g], think)



def _scratch(policy, opts, cinfo) -> tuple:
    """A thread's scratch: the deal's work arrays and the thinking players' (None when no
    seat thinks: the phases then compile without the thinking players' code)."""
    deck, rest, hands, rng, pts = new_work()
    work = (deck, rest, hands, rng, pts, np.zeros(0, np.int64), np.zeros(2, np.int64))
    return work, new_think(np.int64(policy), opts, cinfo) if thinks(policy) else None


def _share(n: int, run: Callable[[int, int], None], parts_per_thread: int = 1) -> None:
    """Call ``run(a, b)`` on consecutive pieces of 0..n-1, on numba's thread count."""
    threads = max(1, numba.get_num_threads())
    parts = min(n, threads * parts_per_thread)
    if parts <= 1:
        run(0, n)
        return
    bounds = [n * k // parts for k in range(parts + 1)]
    with ThreadPoolExecutor(threads) as pool:
        for f in [pool.submit(run, bounds[k], bounds[k + 1]) for k in range(parts)]:
            f.result()


def deal_stats(seed, first, count, chunk, policy, flags, opts, masks, beats, cinfo, hist):
    """Full auctioned deals first..first+count-1; hist[chunk, bid, bidder points] += 1."""
    _share(hist.shape[0], lambda a, b: _deal_stats(
        seed, first + a * chunk, min(count - a * chunk, (b - a) * chunk), chunk, policy, flags,
        opts, masks, beats, cinfo, hist[a:b], *_scratch(policy, opts, cinfo)))


def deal_summary(seed, first, count, chunk, policy, flags, opts, masks, beats, cinfo, out):
    """Full auctioned deals first..first+count-1, summarized per chunk (summary_row)."""
    _share(out.shape[0], lambda a, b: _deal_summary(
        seed, first + a * chunk, min(count - a * chunk, (b - a) * chunk), chunk, policy, flags,
        opts, masks, beats, cinfo, out[a:b], *_scratch(policy, opts, cinfo)))


def fixed_hand_stats(seed, first, count, chunk, hand, offset, trump, policy, flags, opts, masks,
                     beats, cinfo, hist):
    """`bid` analysis deals; hist[chunk, bidders' points, defenders' points] += 1."""
    _share(hist.shape[0], lambda a, b: _fixed_hand_stats(
        seed, first + a * chunk, min(count - a * chunk, (b - a) * chunk), chunk, hand, offset,
        trump, policy, flags, opts, masks, beats, cinfo, hist[a:b],
        *_scratch(policy, opts, cinfo)))


def trace_auctioned(seed, indices, policy, flags, opts, masks, beats, cinfo, recs):
    """Record full deals; recs[j] is deal indices[j] (layout R_*)."""
    _share(len(indices), lambda a, b: _trace_auctioned(
        seed, indices[a:b], policy, flags, opts, masks, beats, cinfo, recs[a:b],
        *_scratch(policy, opts, cinfo)), 4)


def trace_fixed(seed, indices, hand, offset, trump, policy, flags, opts, masks, beats, cinfo,
                recs):
    """Record `bid` analysis deals (layout R_*, no calls)."""
    _share(len(indices), lambda a, b: _trace_fixed(
        seed, indices[a:b], hand, offset, trump, policy, flags, opts, masks, beats, cinfo,
        recs[a:b], *_scratch(policy, opts, cinfo)), 4)


def game_results(seed, first, policy, flags, opts, masks, beats, cinfo, out):
    """Games first..first+len(out)-1; out[g] = (winner, end, deals, score 0, score 1)."""
    _share(out.shape[0], lambda a, b: _game_results(
        seed, first + a, policy, flags, opts, masks, beats, cinfo, out[a:b],
        *_scratch(policy, opts, cinfo)), 4)
