"""Loops over chunks, run on a pool of threads (engine/threads.py). A chunk is a pure
function of (seed, its deal indices), so results are identical whatever the thread count
or batching.

The compiled loops are serial phases (no prange) and release the GIL; the public
functions below share a call's chunks out among threads. numba's parallel loops cost
about 20 s of compilation each, for nothing a thread pool does not do as well."""

from collections.abc import Callable

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.tables import Tables
from pedro_sim.engine.deal_buffers import new_work
from pedro_sim.engine.game.calling import team_points
from pedro_sim.engine.game.scoring import deal_score, net_of
from pedro_sim.engine.game.whole_deal import auctioned_deal, fixed_hand_deal
from pedro_sim.engine.game.whole_game import play_game
from pedro_sim.engine.jit import kernel, loop, phase, shared_phase
from pedro_sim.engine.rng import KIND_DEAL
from pedro_sim.engine.seats import first_dealer, players, seat_after, side_of, sides
from pedro_sim.engine.thinking import think_buffers as S
from pedro_sim.engine.thinking.think_buffers import new_think
from pedro_sim.engine.threads import Span, chunk_deals, share, share_chunks


@kernel
def side_points(pts, tab, bidder):
    """(the bidders' points, the defenders') of a deal bid by ``bidder`` ((0, 0) for a deal
    thrown in, bidder -1: the seat table has no row -1, and what it read there was the
    option before it)."""
    if bidder < 0:
        return 0, 0
    mine = team_points(pts, bidder, tab)  # five-handed: with the called partner's
    total = 0
    for s in range(sides(tab)):
        total += pts[L.PT_POINTS + s]
    return mine, total - mine


SEAT_COLS = 7  # a seat's columns of the summary row
BALANCE_COLS = 4  # the summary row's last columns: dealer's side's and bidders' net, squared


@shared_phase
def summary_row(out, bidder, bid, dealer, made, pts, score, tab):
    """Add one deal to a flat summary row (layout in analysis/variants.py):
    per bid [count, made, sum and sum of squares of bidders' and defenders' points],
    per seat counted from the dealer [bids won, made, sum and sum of squares of its side's
    score, forced bids, sum and sum of squares of its side's net score (net_of)], then the
    histograms of bidders' and defenders' points, then the
    sum and sum of squares of the dealer's side's net score (its score less the others')
    and of the bidders' (0 where all passed)."""
    total = tab.opts[L.O_TOTAL_POINTS]
    b, d = side_points(pts, tab, bidder)
    base = 6 * bid
    out[base] += 1
    out[base + 1] += made
    out[base + 2] += b
    out[base + 3] += b * b
    out[base + 4] += d
    out[base + 5] += d * d
    seats = 6 * (tab.opts[L.O_TOP_BID] + 1)
    for k in range(players(tab)):
        p = seat_after(tab, dealer, k)
        s = score[side_of(tab, p)]
        row = seats + SEAT_COLS * k
        if p == bidder:
            out[row] += 1
            out[row + 1] += made
        out[row + 2] += s
        out[row + 3] += s * s
        e = net_of(score, side_of(tab, p), tab)
        out[row + 5] += e
        out[row + 6] += e * e
    hist = seats + SEAT_COLS * L.SEATS
    out[hist + b] += 1
    out[hist + total + 1 + d] += 1
    bal = hist + 2 * (total + 1)  # the balance: the dealer's side's net score, the bidders'
    e = net_of(score, side_of(tab, dealer), tab)
    out[bal] += e
    out[bal + 1] += e * e
    if bidder >= 0:
        n = net_of(score, side_of(tab, bidder), tab)
        out[bal + 2] += n
        out[bal + 3] += n * n


@loop
def score_grid(bids, tab, made, mine, theirs):
    """What the engine's scoring (deal_score) gives a deal at each of ``bids`` for every pair
    of points: made[k, b, d], mine[k, b, d] (the bidders' score) and theirs[k, b, d] (the
    defenders'), the bidders (seat 0) holding b points and the defenders d."""
    pts = np.zeros(L.PT_LEN, dtype=np.int64)
    score = np.zeros(L.MAX_SIDES, dtype=np.int64)
    bidder = np.int64(0)  # np.int64(): deal_score compiles once, not for a literal 0
    bt = side_of(tab, bidder)
    dt = side_of(tab, seat_after(tab, bidder, 1))  # the defenders' (its left-hand opponent's)
    for k in range(bids.shape[0]):
        for b in range(made.shape[1]):
            for d in range(made.shape[2]):
                for s in range(sides(tab)):
                    pts[L.PT_POINTS + s] = b if s == bt else (d if s == dt else 0)
                made[k, b, d] = deal_score(pts, bidder, bids[k], score, tab)
                mine[k, b, d] = score[bt]
                theirs[k, b, d] = score[dt]


@kernel
def finish_record(rec, pts, score, tab):
    """Points, made and score of a recorded deal."""
    rec[L.R_MADE] = deal_score(pts, rec[L.R_BIDDER], rec[L.R_BID], score, tab)
    rec[L.R_PREDICTED] = pts[L.PT_PREDICTED]
    for s in range(L.MAX_SIDES):
        rec[L.R_POINTS + s] = pts[L.PT_POINTS + s]
        rec[L.R_SCORE + s] = score[s]


@kernel
def keep_record(recs, j, rec):
    """recs[j] = rec (a loop: a slice assignment would need numba's runtime)."""
    for k in range(rec.shape[0]):
        recs[j, k] = rec[k]


@kernel
def clear_record(rec):
    for k in range(rec.shape[0]):
        rec[k] = 0
    rec[L.R_CLAIM_SEAT] = -1


# What a deal driver does with each deal (the ``mode`` of _auctioned and _fixed): one
# compiled loop per kind of deal serves every analysis, instead of one loop each
M_STATS = 0  # out[chunk, bid * (points + 1) + the bidders' points] += 1 (auctioned), or
# out[chunk, bidders' points * (points + 1) + defenders' points] += 1 (fixed hand)
M_SUMMARY = 1  # summary_row(out[chunk]) (auctioned)
M_TRACE = 2  # out[j] = the record of deal indices[j]
M_POINTS = 3  # out[j] = (the bidders' points, the defenders') of deal indices[j] (fixed hand)
M_PTS = 4  # M_POINTS, then the bidder and the deal's pts (L.PT_*): what a game goes on from
PRICED_WIDTH = 3 + L.PT_LEN  # M_PTS's row


@kernel
def row_count(indices, mode, out):
    """Rows of a driver's output: a deal each (M_TRACE, M_POINTS, M_PTS), else a chunk each."""
    return indices.shape[0] if mode >= M_TRACE else out.shape[0]


@kernel
def row_deals(span, indices, mode, row):
    """The deal indices of output row ``row``."""
    if mode >= M_TRACE:
        return range(indices[row], indices[row] + 1)
    return chunk_deals(span, row)


@kernel
def start_record(rec):
    if rec.shape[0] > 0:
        clear_record(rec)


@phase
def _auctioned(span, indices, mode, policy, flags, tab, out, work, think):
    """Full auctioned deals: those of ``span`` in chunks, or (M_TRACE) deals ``indices``,
    recorded; each goes into ``out`` as ``mode`` says."""
    for row in range(row_count(indices, mode, out)):
        for i in row_deals(span, indices, mode, row):
            auctioned_into(out, row, span.seed, i, mode, policy, flags, tab, work, think)


@kernel
def auctioned_into(out, row, seed, i, mode, policy, flags, tab, work, think):
    """Auctioned deal ``i`` into row ``row`` of a driver's output (_auctioned)."""
    rec = work.rec
    start_record(rec)
    dealer = first_dealer(tab, i)
    bidder, bid, trump = auctioned_deal(seed, i, np.int64(KIND_DEAL), dealer, policy, flags,
                                        tab, work, think)
    if mode == M_STATS:
        span_pts = tab.opts[L.O_TOTAL_POINTS] + 1
        out[row, bid * span_pts + side_points(work.pts, tab, bidder)[0]] += 1
        return
    made = deal_score(work.pts, bidder, bid, work.score, tab)
    if mode == M_SUMMARY:
        summary_row(out[row], bidder, bid, dealer, made, work.pts, work.score, tab)
        out[row, 6 * (tab.opts[L.O_TOP_BID] + 1) + 4] += work.pts[L.PT_FORCED]
        return
    rec[L.R_BIDDER] = bidder
    rec[L.R_BID] = bid
    rec[L.R_TRUMP] = trump
    finish_record(rec, work.pts, work.score, tab)
    keep_record(out, row, rec)


@phase
def _fixed(span, indices, mode, hand, offset, trump, policy, flags, tab, out, work, think):
    """`bid` analysis deals (seat ``offset`` after eldest holds ``hand`` and names
    ``trump``): those of ``span`` in chunks, or (M_TRACE) deals ``indices``, recorded."""
    for row in range(row_count(indices, mode, out)):
        for i in row_deals(span, indices, mode, row):
            fixed_into(out, row, span.seed, i, mode, hand, offset, trump, policy, flags, tab,
                       work, think)


@kernel
def fixed_into(out, row, seed, i, mode, hand, offset, trump, policy, flags, tab, work, think):
    """Fixed-hand deal ``i`` into row ``row`` of a driver's output (_fixed)."""
    rec = work.rec
    start_record(rec)
    bidder = fixed_hand_deal(seed, i, hand, offset, trump, policy, flags, tab, work, think)
    if mode == M_STATS or mode >= M_POINTS:
        mine, theirs = side_points(work.pts, tab, bidder)
        if mode >= M_POINTS:
            out[row, 0] = mine
            out[row, 1] = theirs
            if mode == M_PTS:
                out[row, 2] = bidder
                for k in range(L.PT_LEN):
                    out[row, 3 + k] = work.pts[k]
        else:
            out[row, mine * (tab.opts[L.O_TOTAL_POINTS] + 1) + theirs] += 1
        return
    rec[L.R_BIDDER] = bidder
    rec[L.R_BID] = work.pts[L.PT_BID]
    rec[L.R_TRUMP] = trump
    finish_record(rec, work.pts, work.score, tab)
    keep_record(out, row, rec)


@phase
def _game_results(seed, first, policy, flags, tab, out, work, think):
    """Games first..first+len(out)-1; out[g]: the game's record (whole_game.py G_*)."""
    for g in range(out.shape[0]):
        game = first + g
        for k in range(out.shape[1]):
            out[g, k] = 0
        play_game(seed, game, first_dealer(tab, game), policy, flags, tab, work, out[g], think)


def _scratch(policy, tab, recording: bool = False) -> tuple:
    """A thread's scratch: the deal's work arrays (with a record when ``recording``) and
    the thinking players' (small when no seat thinks). Always a thinking scratch, so that
    each driver compiles once for every kind of player (game/whole_deal.py deal_and_play
    chooses the deal phase at run time)."""
    work = new_work(recording)
    return work, new_think(policy, tab, work.rng)


def share_phase(phase_fn, span: Span, args: tuple, out: np.ndarray, policy: int,
                tab: Tables, locals_: tuple[Callable[[], np.ndarray], ...] = ()) -> None:
    """Run ``phase_fn(span of chunks a..b-1, *args, *locals, out[a:b], work, think)`` on
    threads, each piece of chunks with its own scratch; ``locals_`` builds the per-thread
    arrays that precede out."""
    def run(piece: Span, part: np.ndarray, own: tuple, work, think) -> None:
        phase_fn(piece, *args, *own, part, work, think)
    share_chunks(span, out, run, lambda: (tuple(make() for make in locals_),
                                          *_scratch(policy, tab)))


NO_INDICES = np.zeros(0, dtype=np.int64)


def deal_stats(span: Span, policy: int, flags, tab: Tables, hist) -> None:
    """Full auctioned deals of ``span``; hist[chunk, bid, bidder points] += 1."""
    share_phase(_auctioned, span, (NO_INDICES, M_STATS, policy, flags, tab),
                 hist.reshape(hist.shape[0], -1), policy, tab)


def deal_summary(span: Span, policy: int, flags, tab: Tables, out) -> None:
    """Full auctioned deals of ``span``, summarized per chunk (summary_row)."""
    share_phase(_auctioned, span, (NO_INDICES, M_SUMMARY, policy, flags, tab), out, policy,
                 tab)


def fixed_hand_stats(span: Span, hand, offset: int, trump: int, policy: int, flags, tab: Tables,
                     hist) -> None:
    """`bid` analysis deals; hist[chunk, bidders' points, defenders' points] += 1."""
    share_phase(_fixed, span, (NO_INDICES, M_STATS, hand, offset, trump, policy, flags, tab),
                 hist.reshape(hist.shape[0], -1), policy, tab)


def trace_auctioned(seed: int, indices, policy: int, flags, tab: Tables, recs) -> None:
    """Record full deals; recs[j] is deal indices[j] (layout R_*)."""
    def run(a: int, b: int) -> None:
        _auctioned(Span(seed, 0, 0, 1), indices[a:b], M_TRACE, policy, flags, tab, recs[a:b],
                   *_scratch(policy, tab, True))
    share(len(indices), run, 4)


def trace_fixed(seed: int, indices, hand, offset: int, trump: int, policy: int, flags,
                tab: Tables, recs) -> None:
    """Record `bid` analysis deals (layout R_*, no calls)."""
    def run(a: int, b: int) -> None:
        _fixed(Span(seed, 0, 0, 1), indices[a:b], M_TRACE, hand, offset, trump, policy, flags,
               tab, recs[a:b], *_scratch(policy, tab, True))
    share(len(indices), run, 4)


def fixed_points(seed: int, indices, hand, offset: int, trump: int, policy: int, flags,
                 tab: Tables, out) -> None:
    """`bid` analysis deals ``indices``: out[j] = (the bidders' points, the defenders') of
    deal indices[j] (deals paired by index across players: analysis/controlled_bid.py),
    then, where ``out`` has PRICED_WIDTH columns, the bidder and the deal's pts (M_PTS)."""
    mode = M_PTS if out.shape[1] == PRICED_WIDTH else M_POINTS

    def run(a: int, b: int) -> None:
        _fixed(Span(seed, 0, 0, 1), indices[a:b], mode, hand, offset, trump, policy, flags,
               tab, out[a:b], *_scratch(policy, tab))
    share(len(indices), run, 4)


def game_results(seed: int, first: int, policy: int, flags, tab: Tables, out) -> None:
    """Games first..first+len(out)-1; out[g]: the game's record (whole_game.py G_*)."""
    def run(a: int, b: int) -> None:
        _game_results(seed, first + a, policy, flags, tab, out[a:b], *_scratch(policy, tab))
    share(out.shape[0], run, 4)


def armed_for(think, trick: int, seat: int, worlds: int) -> np.ndarray:
    """The explain control (scratch X_*) armed for ``seat``'s decision in ``trick``
    (EXPLAIN_CALL, EXPLAIN_KEEP: its first call, its keep), ``worlds`` worlds there (0: the
    player's own)."""
    x = think[S.T_I][S.I_EXPLAIN:S.I_CALLS]
    x[S.X_ARMED] = 1
    x[S.X_TRICK] = trick
    x[S.X_SEAT] = seat
    x[S.X_WORLDS] = worlds
    return x


def explain_auctioned(seed: int, index: int, policy: int, flags, tab: Tables, trick: int,
                      seat: int, worlds: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play and record deal ``index`` (as trace_auctioned), recording on the way the
    thinking seat ``seat``'s card decision in trick ``trick`` (engine/thinking/playouts.py
    explaining; ``trick`` -1: the seat's first call, engine/thinking/bidding.py): with
    ``worlds`` worlds there (0: the player's own). Returns the deal's record, the
    decision's control and ids (scratch X_*) and the flat record of its values."""
    work, think = _scratch(policy, tab, True)
    x = armed_for(think, trick, seat, worlds)
    recs = np.zeros((1, L.R_LEN), dtype=np.int64)
    _auctioned(Span(seed, 0, 0, 1), np.array([index], dtype=np.int64), M_TRACE, policy, flags,
               tab, recs, work, think)
    return recs[0], x.copy(), think[S.T_F][S.F_EXPLAIN:S.N_F].copy()


def at_position(work, think, hands, state, know, bidder: int, bid: int, calls, seed: int,
                index: int, kind: int) -> np.ndarray:
    """Set a thinking seat's scratch to a position (analysis/decisions/position.py): the
    hands, what is public, the contract, the auction as noted (``calls``), the play state
    (returned) and a random stream keyed by (``seed``, ``index``, ``kind``)."""
    from pedro_sim.engine.rng import start
    from pedro_sim.engine.thinking import solver as SV

    think[S.T_U][S.U_KNOW:S.U_WORLD] = know
    ctx = think[S.T_I][S.I_CTX:S.I_PTS]
    ctx[SV.C_FIRST] = bidder
    ctx[SV.C_BID] = bid
    ctx[SV.C_MERGE] = 1
    # a new generation of the solver's table: the position is decided on its own, reading
    # nothing an earlier decision stored (the table's key has no trump)
    ctx[SV.C_GEN] += 1
    st = think[S.T_I][S.I_ST:S.I_RST]
    st[:] = state
    think[S.T_I][S.I_CALLS:S.I_PLAYS] = calls  # the auction, as the position tells it
    think[S.T_I][S.I_PLAYS] = 0  # a position's plays are not logged: none are read
    start(work.rng, seed, index, kind)
    work.hands[:] = hands
    return st


def explain_position(policy: int, flags, tab: Tables, hands, state, seat: int, legal: int,
                     points, know, bidder: int, bid: int, calls, trump: int, seed: int,
                     worlds: int) -> tuple[np.ndarray, np.ndarray]:
    """The thinking seat ``seat``'s card decision in a position (analysis/decisions/position.py),
    recorded as explain_auctioned records it: its worlds drawn from (``seed``, KIND_DEAL)."""
    from pedro_sim.engine.thinking.playouts import pimc_card

    work, think = _scratch(policy, tab)
    st = at_position(work, think, hands, state, know, bidder, bid, calls, seed, 0, KIND_DEAL)
    x = armed_for(think, state[L.PS_TRICK], seat, worlds)
    cfg = L.FL_SETTINGS  # a single player's word: every side reads the first block
    pimc_card(work.hands, st, seat, np.uint64(legal), flags, cfg, work.rng, points, think, trump,
              tab)
    flat = think[S.T_F][S.F_EXPLAIN:S.N_F]
    return x.copy(), card_values(x, flat), world_weights(x, flat)


def position_card(scratch: tuple, flags, tab: Tables, hands, state, seat: int, legal: int,
                  points, know, bidder: int, bid: int, calls, trump: int,
                  stream: tuple) -> int:
    """pimc's card in a position, on a scratch of its own (``_scratch``'s pair), its worlds
    drawn from ``stream`` = (seed, index, kind); -1 where no world fits what it knows."""
    from pedro_sim.engine.thinking.playouts import pimc_card

    work, think = scratch
    st = at_position(work, think, hands, state, know, bidder, bid, calls, *stream)
    return int(pimc_card(work.hands, st, np.int64(seat), np.uint64(legal), flags,
                         np.int64(L.FL_SETTINGS), work.rng, points, think, np.int64(trump), tab))


def thinking_scratch(policy: int, tab: Tables) -> tuple:
    """A thinking player's own scratch (work, think), as a thread of the drivers has."""
    return _scratch(policy, tab)


def card_values(x: np.ndarray, flat: np.ndarray) -> np.ndarray:
    """A card decision's record as [world, card, (value, each side's final points)]."""
    size = S.MAX_EXPLAIN_WORLDS * 16 * S.EXPLAIN_VALUES
    values = flat[:size].reshape(S.MAX_EXPLAIN_WORLDS, 16, S.EXPLAIN_VALUES)
    return values[:max(int(x[S.X_DRAWN]), 0)].copy()


def world_weights(x: np.ndarray, flat: np.ndarray) -> np.ndarray:
    """A card decision's weight of each world (engine/thinking/inference.py; all 1 for a
    player that does not infer)."""
    size = S.MAX_EXPLAIN_WORLDS * 16 * S.EXPLAIN_VALUES
    return flat[size:size + max(int(x[S.X_DRAWN]), 0)].copy()


def explain_call_position(policy: int, flags, tab: Tables, seat: int, dealer: int, hand: int,
                          standing: int, holder: int, may_equal: bool,
                          seed: int) -> tuple[np.ndarray, np.ndarray]:
    """A thinking seat's call (analysis/decisions/position.py read_call), recorded as the replay
    records a first call; its simulated deals drawn from (``seed``, KIND_DEAL)."""
    from pedro_sim.engine.rng import start
    from pedro_sim.engine.thinking.bidding import EV_CALL, ev_answer

    work, think = _scratch(policy, tab)
    x = armed_for(think, S.EXPLAIN_CALL, seat, 0)
    start(work.rng, seed, 0, KIND_DEAL)
    ev_answer(EV_CALL, np.int64(seat), np.int64(dealer), np.uint64(hand), np.int64(standing),
              np.int64(holder), may_equal, flags, L.FL_SETTINGS, tab, work.rng, think)
    return x.copy(), think[S.T_F][S.F_EXPLAIN:S.N_F].copy()
