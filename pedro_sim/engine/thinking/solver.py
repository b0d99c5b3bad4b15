"""Perfect-information ("double-dummy") search: the points a team takes when every card
is visible and all four play perfectly.

The search always values positions for team 0 (seats 0 and 2): every point still in
play goes to one team or the other, so team 1 maximizing its points is team 0
minimizing theirs, and one transposition table serves both teams (the ``dd`` player
keeps it for a whole deal). Alpha-beta with:

- a transposition table at trick boundaries (the hands and the leader fix the rest
  of the deal; the value stored is the points still to come), with lower and upper
  bounds and a generation stamp instead of clearing;
- move ordering: leads high first; followers try the cheapest winning card first,
  feed points to a winning partner, and otherwise throw the cheapest card;
- merging of equivalent cards: cards of one suit in one hand with no card of
  another hand between them, and no points, play alike, so one stands for all.

Extra cards on the first trick (stacks) are enumerated in full: every legal top card
with every legal set of extras. Folding presets are not searched (setup refuses them).
"""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, ZERO, bit, highest, lowest, popcount
from pedro_sim.engine.game.tricks import (
    beats_winner,
    card_points,
    extra_cards,
    lead_cards,
    legal_cards,
    stack_legal,
)
from pedro_sim.engine.jit import kernel, loop, phase, shared_phase
from pedro_sim.engine.rng import mix

# ctx: int64 scratch of one search
C_NODES = 0
C_GEN = 1  # generation stamp of the table entries this search may use
C_MERGE = 2  # 1: merge equivalent cards
C_FIRST = 3  # the seat (the bidder) whose lead to trick 0 must be a trump, if the rules say so
N_CTX = 4
TT_BITS = 18
MAX_PLY = 64
INF = 1 << 20
VAL_BITS = np.uint64(16)
VAL_MASK = np.int64(0xFFFF)


def new_table(bits: int = TT_BITS) -> tuple[np.ndarray, np.ndarray]:
    """An empty transposition table: keys and packed (generation, lower, upper)."""
    return np.zeros(1 << bits, dtype=np.uint64), np.zeros(1 << bits, dtype=np.int64)


def new_scratch() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-search scratch: the context, the move lists and the frames of each ply."""
    return (np.zeros(N_CTX, dtype=np.int64), np.zeros((MAX_PLY, 2, 16), dtype=np.int64),
            np.zeros((MAX_PLY, N_F), dtype=np.int64))


def strength_order(cinfo: np.ndarray, deck: int) -> np.ndarray:
    """int64 [4 trumps, 5 effective suits, 16]: each suit's cards, weakest first, -1 after."""
    order = np.full((4, 5, 16), -1, dtype=np.int64)
    for t in range(4):
        for s in range(5):
            cards = [c for c in range(deck) if cinfo[t, L.I_SUIT, c] == s]
            cards.sort(key=lambda c: cinfo[t, L.I_STRENGTH, c])
            order[t, s, :len(cards)] = cards
    return order


@kernel
def position_key(hands, leader):
    k = mix(hands[0] ^ np.uint64(0x51ED270B27D9B5A1))
    k = mix(k ^ hands[1])
    k = mix(k ^ hands[2])
    k = mix(k ^ hands[3])
    return k ^ np.uint64(leader)


@kernel
def representatives(h, others, t, order, cinfo, masks):
    """One card of each run of equivalent cards of hand ``h`` (``others``: the cards in
    the other hands and the card winning the trick). A run: cards of a suit with no
    points and nothing of ``others`` between them in rank; the 2 that scores for its
    player never merges."""
    reps = ZERO
    special = masks[t, L.M_TWO_PLAYED]
    for s in range(5):
        run = False
        for i in range(16):
            c = order[t, s, i]
            if c < 0:
                break
            b = bit(c)
            if b & h:
                plain = cinfo[t, L.I_POINTS, c] == 0 and not b & special
                if not (run and plain):
                    reps |= b
                run = plain
            elif b & others:
                run = False
    return reps


@kernel
def order_key(c, wseat, wcard, p, t, beats, cinfo):
    """Higher first: leads strong; the cheapest winner; points to a winning partner."""
    strength = cinfo[t, L.I_STRENGTH, c]
    points = cinfo[t, L.I_POINTS, c]
    if wseat < 0:
        return strength * 64 + points
    if ((wseat ^ p) & 1) == 0:
        return points * 64 - strength
    if beats_winner(c, wcard, t, beats):
        return 4096 - strength
    return -points * 64 - strength


@kernel
def fill_moves(row, cards, wseat, wcard, p, t, beats, cinfo):
    """Write the cards of mask ``cards`` into ``row`` in search order; returns how many."""
    n = 0
    m = cards
    while m:
        c = lowest(m)
        m &= m - ONE
        key = order_key(c, wseat, wcard, p, t, beats, cinfo)
        j = n
        while j > 0 and order_key(row[j - 1], wseat, wcard, p, t, beats, cinfo) < key:
            row[j] = row[j - 1]
            j -= 1
        row[j] = c
        n += 1
    return n


@kernel
def probe(ttk, ttv, key, gen):
    """(lower, upper) stored for ``key`` in this generation, or (0, INF)."""
    i = np.int64(key & np.uint64(ttk.shape[0] - 1))
    v = ttv[i]
    if ttk[i] == key and (v >> 32) == gen:
        return (v >> 16) & VAL_MASK, v & VAL_MASK
    return np.int64(0), np.int64(INF)


@kernel
def store(ttk, ttv, key, gen, lo, hi):
    i = np.int64(key & np.uint64(ttk.shape[0] - 1))
    ttk[i] = key
    ttv[i] = (gen << 32) | (min(lo, VAL_MASK) << 16) | min(hi, VAL_MASK)


@kernel
def claim_value(hands, t, cinfo):
    """A lone player with cards takes them all: (-1 if two or more hold cards, else team 0's
    points of the claim)."""
    holders = 0
    last = -1
    for p in range(4):
        if hands[p]:
            holders += 1
            last = p
    if holders > 1:
        return -1
    if holders == 0 or last & 1:
        return 0
    return card_points(hands[last], t, cinfo)


@kernel
def combination(cands, comb):
    """The cards of ``cands`` picked by the bits of ``comb`` (bit i: the i-th lowest)."""
    out = ZERO
    m = cands
    i = 0
    while m:
        c = lowest(m)
        m &= m - ONE
        if (comb >> i) & 1:
            out |= bit(c)
        i += 1
    return out


@kernel
def next_combination(x):
    """Gosper's hack: the next larger integer with as many set bits."""
    u = x & -x
    v = x + u
    return v + (((v ^ x) // u) >> 2)


# A search state: the trick in play (fields of st)
S_TRICK = 0  # tricks played before this one
S_LEADER = 1
S_K = 2  # places after the leader already gone in this trick
S_WSEAT = 3  # seat winning the trick so far (-1: nobody played)
S_WCARD = 4
S_LED = 5  # effective suit led
S_TPTS = 6  # points in the trick so far
N_ST = 7
# A frame of the explicit search stack: the state, then
F_P = 7  # seat to move
F_N = 8  # moves in moves[ply, 0]
F_I = 9  # next move
F_ALPHA = 10
F_BETA = 11
F_BEST = 12
F_OFFSET = 13  # team 0's points scored by the move being searched, before the child
F_BOUNDARY = 14  # 1: a trick boundary whose bounds go to the table on exit
F_LO = 15
F_HI = 16
F_HAND = 17  # the mover's hand before its move
F_EXTRA = 18  # cards under the top card (stacks), 0 otherwise
F_TOPS = 19  # stacks: top cards still to try
F_TOP = 20
F_CANDS = 21
F_COMB = 22
F_A0 = 23  # the window on entry (what the stored bounds are relative to)
F_B0 = 24
N_F = 25


@kernel
def copy_state(dst, src):
    for i in range(N_ST):
        dst[i] = src[i]


@kernel
def settle(hands, st, t, cinfo):
    """Skip seats without cards, close a finished trick, claim when one player is left.
    Returns (team 0's points of the closed trick, -1 or team 0's points of a claim that
    ends the deal)."""
    gain = 0
    k = st[S_K]
    while k < 4 and not hands[(st[S_LEADER] + k) & 3]:
        k += 1
    st[S_K] = k
    if k == 4:
        if (st[S_WSEAT] & 1) == 0:
            gain = st[S_TPTS]
        st[S_TRICK] += 1
        st[S_LEADER] = st[S_WSEAT]
        st[S_K] = 0
        st[S_WSEAT] = -1
        st[S_WCARD] = -1
        st[S_LED] = -1
        st[S_TPTS] = 0
    if st[S_K] == 0 and st[S_WSEAT] < 0:
        claim = claim_value(hands, t, cinfo)
        if claim >= 0:
            return gain, claim
        while not hands[st[S_LEADER]]:
            st[S_LEADER] = (st[S_LEADER] + 1) & 3
    return gain, np.int64(-1)


@kernel
def apply_move(hands, st, p, c, extras, t, opts, masks, beats, cinfo):
    """Seat ``p`` plays ``c`` with ``extras`` under it; returns team 0's points that score
    at once (the 2 for the team that plays it)."""
    hands[p] &= ~bit(c) & ~extras
    now = 0
    two = masks[t, L.M_TWO_PLAYED]
    m = bit(c) | (extras if opts[L.O_EXTRAS_SCORE] else ZERO)
    while m:
        e = lowest(m)
        m &= m - ONE
        if bit(e) & two:
            now += cinfo[t, L.I_POINTS, e]
        else:
            st[S_TPTS] += cinfo[t, L.I_POINTS, e]
    if st[S_WSEAT] < 0:
        st[S_WSEAT] = p
        st[S_WCARD] = c
        st[S_LED] = cinfo[t, L.I_SUIT, c]
    elif beats_winner(c, st[S_WCARD], t, beats):
        st[S_WSEAT] = p
        st[S_WCARD] = c
    st[S_K] += 1
    return 0 if p & 1 else now


@kernel
def open_frame(f, hands, ctx, t, opts, masks, beats, cinfo, order, row):
    """Generate the moves of the seat to move in frame ``f`` (its state already set)."""
    p = (f[S_LEADER] + f[S_K]) & 3
    h = hands[p]
    f[F_P] = p
    f[F_HAND] = np.int64(h)
    f[F_I] = 0
    f[F_BEST] = -INF if (p & 1) == 0 else INF
    first = f[S_TRICK] == 0 and p == ctx[C_FIRST]
    if f[S_WSEAT] < 0:
        legal = lead_cards(h, first, t, opts, masks)
    else:
        legal = legal_cards(h, f[S_LED], t, masks, opts[L.O_PLAIN_LED])
    extra = extra_cards(popcount(h), f[S_TRICK], opts)
    f[F_EXTRA] = extra
    if extra > 0:
        if not opts[L.O_EXTRAS_SCORE]:
            legal = stack_legal(h, legal, extra, t, masks)
        f[F_TOPS] = np.int64(legal)
        f[F_TOP] = -1
        f[F_COMB] = 0
        f[F_CANDS] = 0
        return
    if ctx[C_MERGE]:
        others = bit(f[S_WCARD]) if f[S_WSEAT] >= 0 else ZERO  # the card to beat counts
        for q in range(4):
            if q != p:
                others |= hands[q]
        legal &= representatives(h, others, t, order, cinfo, masks)
    f[F_N] = fill_moves(row, legal, f[S_WSEAT], f[S_WCARD], p, t, beats, cinfo)


@kernel
def next_move(f, row, t, opts, masks):
    """The next (card, extras) of frame ``f``, or (-1, 0) when none is left."""
    if f[F_EXTRA] == 0:
        if f[F_I] >= f[F_N]:
            return np.int64(-1), ZERO
        f[F_I] += 1
        return row[f[F_I] - 1], ZERO
    h = np.uint64(f[F_HAND])
    while True:
        n = popcount(np.uint64(f[F_CANDS]))
        if f[F_TOP] >= 0 and f[F_COMB] < (np.int64(1) << n):
            comb = f[F_COMB]
            f[F_COMB] = next_combination(comb)
            return f[F_TOP], combination(np.uint64(f[F_CANDS]), comb)
        tops = np.uint64(f[F_TOPS])
        if not tops:
            return np.int64(-1), ZERO
        c = highest(tops)
        f[F_TOPS] = np.int64(tops & ~bit(c))
        cands = h & ~bit(c)
        if not opts[L.O_EXTRAS_SCORE]:
            cands &= masks[t, L.M_NONSCORE]
        f[F_TOP] = c
        f[F_CANDS] = np.int64(cands)
        f[F_COMB] = (np.int64(1) << f[F_EXTRA]) - 1


@kernel
def points_left(hands, tpts, t, masks, cinfo):
    """The points still to be taken: the trick's and those of the cards in hand."""
    held = hands[0] | hands[1] | hands[2] | hands[3]
    return tpts + card_points(held & (masks[t, L.M_SCORE_TRICK] | masks[t, L.M_TWO_PLAYED]), t,
                              cinfo)


@kernel
def enter(frames, d, hands, alpha, beta, ctx, t, opts, masks, beats, cinfo, order, ttk, ttv,
          moves):
    """Frame ``d`` holds a settled state: probe the table at a trick boundary. Returns
    (True, value) when the bounds decide, else opens the frame and returns (False, 0)."""
    f = frames[d]
    f[F_BOUNDARY] = 0
    left = points_left(hands, f[S_TPTS], t, masks, cinfo)
    if left <= alpha or beta <= 0:  # team 0 takes between none and all of what is left
        return True, min(left, max(alpha, 0))
    if f[S_K] == 0 and f[S_WSEAT] < 0 and f[S_TRICK] > 0:
        lo, hi = probe(ttk, ttv, position_key(hands, f[S_LEADER]), ctx[C_GEN])
        if lo >= beta:
            return True, lo
        if hi <= alpha:
            return True, hi
        if lo == hi:
            return True, lo
        alpha = max(alpha, lo)
        beta = min(beta, hi)
        f[F_BOUNDARY] = 1
        f[F_LO] = lo
        f[F_HI] = hi
    f[F_ALPHA] = alpha
    f[F_BETA] = beta
    f[F_A0] = alpha
    f[F_B0] = beta
    open_frame(f, hands, ctx, t, opts, masks, beats, cinfo, order, moves[d, 0])
    return False, np.int64(0)


@kernel
def leave(f, hands, ctx, ttk, ttv):
    """The frame's value; a boundary stores its bounds first."""
    v = f[F_BEST]
    if f[F_BOUNDARY]:
        lo = f[F_LO]
        hi = f[F_HI]
        if v <= f[F_A0]:
            hi = min(hi, v)
        elif v >= f[F_B0]:
            lo = max(lo, v)
        else:
            lo = v
            hi = v
        store(ttk, ttv, position_key(hands, f[S_LEADER]), ctx[C_GEN], lo, hi)
    return v


@kernel
def take(f, v):
    """Fold a child's value into frame ``f``; returns True on a cutoff."""
    if (f[F_P] & 1) == 0:
        f[F_BEST] = max(f[F_BEST], v)
        f[F_ALPHA] = max(f[F_ALPHA], v)
    else:
        f[F_BEST] = min(f[F_BEST], v)
        f[F_BETA] = min(f[F_BETA], v)
    return f[F_ALPHA] >= f[F_BETA]


@shared_phase
def search(hands, st, alpha, beta, ctx, t, opts, masks, beats, cinfo, order, ttk, ttv, moves,
           frames):
    """Team 0's points from state ``st`` on (the trick in play included), alpha-beta within
    (alpha, beta), on an explicit stack of frames (numba cannot cache recursion)."""
    f0 = frames[0]
    copy_state(f0, st)
    root_gain, claim = settle(hands, f0, t, cinfo)
    if claim >= 0:
        return root_gain + claim
    done, v = enter(frames, 0, hands, alpha - root_gain, beta - root_gain, ctx, t, opts, masks,
                    beats, cinfo, order, ttk, ttv, moves)
    if done:
        return root_gain + v
    d = 0
    while True:
        ctx[C_NODES] += 1
        f = frames[d]
        c, extras = next_move(f, moves[d, 0], t, opts, masks)
        if c >= 0 and f[F_ALPHA] < f[F_BETA]:
            child = frames[d + 1]
            copy_state(child, f)
            now = apply_move(hands, child, f[F_P], c, extras, t, opts, masks, beats, cinfo)
            gain, claim = settle(hands, child, t, cinfo)
            off = now + gain
            if claim >= 0:
                hands[f[F_P]] = np.uint64(f[F_HAND])
                take(f, off + claim)
                continue
            f[F_OFFSET] = off
            done, v = enter(frames, d + 1, hands, f[F_ALPHA] - off, f[F_BETA] - off, ctx, t,
                            opts, masks, beats, cinfo, order, ttk, ttv, moves)
            if done:
                hands[f[F_P]] = np.uint64(f[F_HAND])
                take(f, off + v)
                continue
            d += 1
            continue
        v = leave(f, hands, ctx, ttk, ttv)
        if d == 0:
            return root_gain + v
        d -= 1
        f = frames[d]
        hands[f[F_P]] = np.uint64(f[F_HAND])
        take(f, f[F_OFFSET] + v)


@phase
def move_value(hands, st, p, c, extras, alpha, beta, ctx, t, opts, masks, beats, cinfo, order,
               ttk, ttv, moves, frames):
    """Team 0's points after seat ``p`` plays ``c`` (and ``extras``) in state ``st``."""
    h = hands[p]
    child = frames[MAX_PLY - 1]  # deeper than any search goes
    copy_state(child, st)
    now = apply_move(hands, child, p, c, extras, t, opts, masks, beats, cinfo)
    v = now + search(hands, child, alpha - now, beta - now, ctx, t, opts, masks, beats,
                     cinfo, order, ttk, ttv, moves, frames)
    hands[p] = h
    return v


@loop
def root_moves(hands, trick, leader, k, wseat, led, first, t, opts, masks, out):
    """Every legal play (top card, extras mask) of the player to move, into ``out``;
    returns (how many, or -1 when ``out`` is too small; the seat to move)."""
    if k == 0:
        while not hands[leader]:
            leader = (leader + 1) & 3
    while not hands[(leader + k) & 3]:
        k += 1
    p = (leader + k) & 3
    h = hands[p]
    if wseat < 0:
        legal = lead_cards(h, trick == 0 and p == first, t, opts, masks)
    else:
        legal = legal_cards(h, led, t, masks, opts[L.O_PLAIN_LED])
    extra = extra_cards(popcount(h), trick, opts)
    n = 0
    if extra > 0 and not opts[L.O_EXTRAS_SCORE]:
        legal = stack_legal(h, legal, extra, t, masks)
    while legal:
        c = lowest(legal)
        legal &= legal - ONE
        if extra == 0:
            out[n, 0] = c
            out[n, 1] = 0
            n += 1
            continue
        cands = h & ~bit(c)
        if not opts[L.O_EXTRAS_SCORE]:
            cands &= masks[t, L.M_NONSCORE]
        comb = (np.int64(1) << extra) - 1
        while comb < (np.int64(1) << popcount(cands)):
            if n == out.shape[0]:
                return -1, p
            out[n, 0] = c
            out[n, 1] = np.int64(combination(cands, comb))
            n += 1
            comb = next_combination(comb)
    return n, p


@phase
def exact(hands, st, guess, ctx, t, opts, masks, beats, cinfo, order, ttk, ttv, moves, frames):
    """Team 0's exact points from ``st`` by MTD(f): null-window searches converging from
    ``guess``, the table keeping every bound found along the way."""
    lo = np.int64(0)
    hi = np.int64(INF)
    g = guess
    while lo < hi:
        b = max(g, lo + 1)
        g = search(hands, st, b - 1, b, ctx, t, opts, masks, beats, cinfo, order, ttk, ttv,
                   moves, frames)
        if g < b:
            hi = g
        else:
            lo = g
    return g
