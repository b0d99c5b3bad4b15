"""Perfect-information ("double-dummy") search: the points a team takes when every card
is visible and all four play perfectly.

The search values positions for side 0 (engine/seats.py): every point still in play
goes to one side or the other, so side 1 maximizing its points is side 0 minimizing
theirs, and one transposition table serves both sides (the ``dd`` player keeps it for a
whole deal). Where players fold, the points of folded cards go to nobody, so that no
longer holds: there the search values the points of the side ``ctx[C_SIDE]`` (the
player's own), the other side playing to keep them down, and the side is part of the
table's key. At a table of more than two sides the search values the points of the
bidder's team (``ctx[C_TEAM]``: five-handed's bidder and partner once the partner is known,
an individual table's bidder alone), every other seat playing as one side, as they do at
the table against the bid. Alpha-beta with:

- a transposition table at trick boundaries (the hands and the leader fix the rest
  of the deal; the value stored is the points still to come), with lower and upper
  bounds and a generation stamp instead of clearing;
- move ordering: leads high first; followers try the cheapest winning card first,
  feed points to a winning partner, and otherwise throw the cheapest card;
- merging of equivalent cards: cards of one suit in one hand with no card of
  another hand between them, and no points, play alike, so one stands for all.

Extra cards (stacks on the first trick, pairs while a hand is over its count) are
enumerated in full: every legal top card with every legal set of extras, constrained
where the preset constrains them (at most one scoring card; pairs that leave enough
non-scoring cards). Folds are forced, not searched: a seat without trumps folds at the
start of a trick or on a trump lead, as the preset says, and since that empties other
hands than the mover's, a folding preset's frames keep every hand to restore.
"""

from typing import NamedTuple

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.offsets import offsets
from pedro_sim.engine.bits import ONE, ZERO, bit, highest, lowest, popcount
from pedro_sim.engine.game.calling import called_only, calls_partner
from pedro_sim.engine.game.tricks import (
    beats_winner,
    card_points,
    constrained_tops,
    extra_cards,
    folds_on_lead,
    lead_cards,
    legal_cards,
    stack_can_complete,
    stack_legal,
)
from pedro_sim.engine.jit import kernel, loop, phase, shared_phase
from pedro_sim.engine.players import scoring_cards
from pedro_sim.engine.rng import mix
from pedro_sim.engine.seats import lone_holder, players, same_side, seat_after, side_of

# ctx: int64 scratch of one search
C_NODES = 0
C_GEN = 1  # generation stamp of the table entries this search may use
C_MERGE = 2  # 1: merge equivalent cards
C_FIRST = 3  # the seat (the bidder) whose lead to trick 0 must be a trump, if the rules say so
C_SIDE = 4  # the side whose points the search values (0 but where players fold)
C_BID = 5  # the bid in force (read by the players that play for the score, not the search)
C_CALLED = 6  # five-handed: the called trump (a mask), which its holder plays to trick 0
C_GUESS = 7  # the last value move_exact found: the next one's first guess
C_CAP = 8  # 0, or the nodes (C_NODES) past which a search gives up and returns ABORTED
C_TEAM = 9  # at a table of more than two sides, the seats (a mask) whose points the search
# values, every other seat playing as one side: five-handed's bidder and partner once the
# partner is known, or an individual table's bidder (0: the side C_SIDE)
C_VALUED = 10  # the seats (a mask) whose points the search in progress values (search)
N_CTX = 11
ABORTED = -(1 << 40)  # what a search past its cap of nodes returns (values are never < 0)
TT_BITS = 18
MAX_PLY = 64
INF = 1 << 20
VAL_BITS = np.uint64(16)
VAL_MASK = np.int64(0xFFFF)


def new_table(bits: int = TT_BITS) -> tuple[np.ndarray, np.ndarray]:
    """An empty transposition table: keys and packed (generation, lower, upper)."""
    return np.zeros(1 << bits, dtype=np.uint64), np.zeros(1 << bits, dtype=np.int64)


class Search(NamedTuple):
    """What one search works in, as one bundle: its context, the move lists and frames
    of each ply, the transposition table and each suit's cards in order of strength."""

    ctx: np.ndarray  # int64 [N_CTX] (C_*)
    moves: np.ndarray  # int64 [MAX_PLY, 2, 16]
    frames: np.ndarray  # int64 [MAX_PLY, N_F] (S_*, F_*)
    ttk: np.ndarray  # uint64 [table size]: keys
    ttv: np.ndarray  # int64 [table size]: packed (generation, lower, upper)
    weaker: np.ndarray  # uint64 [4 trumps, 64 cards] (weaker_masks)


def new_search(tab, bits: int = TT_BITS) -> Search:
    """A search's scratch and an empty table."""
    ttk, ttv = new_table(bits)
    return Search(np.zeros(N_CTX, dtype=np.int64), np.zeros((MAX_PLY, 2, 16), dtype=np.int64),
                  np.zeros((MAX_PLY, N_F), dtype=np.int64), ttk, ttv, weaker_masks(tab))


def strength_order(tab) -> list[list[list[int]]]:
    """[trump][effective suit 0..4]: the suit's cards of the pack, weakest first."""
    pack = [int(c) for c in tab.cinfo[0, L.I_PACK] if c >= 0]
    return [[sorted((c for c in pack if tab.cinfo[t, L.I_SUIT, c] == s),
                    key=lambda c: tab.cinfo[t, L.I_STRENGTH, c]) for s in range(5)]
            for t in range(4)]


def weaker_masks(tab) -> np.ndarray:
    """uint64 [4 trumps, 64 cards]: for each card, the mask of the cards of its effective
    suit before it in strength_order (the weaker ones)."""
    out = np.zeros((4, 64), dtype=np.uint64)
    for t, suits in enumerate(strength_order(tab)):
        for cards in suits:
            below = 0
            for c in cards:
                out[t, c] = below
                below |= 1 << c
    return out


@kernel
def position_key(hands, leader, trick, side, team, tab):
    """The table's key of a trick boundary. Where players fold, equal hands may be met
    after different numbers of tricks (and play on with other extra cards), and the
    values are ``side``'s, so the trick number and the side are part of the key there;
    at tables of more than two sides, the values are ``team``'s (the seats valued), which
    the hands left do not tell."""
    k = np.uint64(0x51ED270B27D9B5A1)
    for q in range(players(tab)):  # (the seats past the table's hold nothing)
        k = mix(k ^ hands[q])
    if folding(tab):
        k = mix(k ^ np.uint64(trick * L.MAX_SIDES + side))
    if len(tab.sides) == L.MAX_SIDES:
        k = mix(k ^ np.uint64(team))
    return k ^ np.uint64(leader)


@kernel
def side_seats(side, tab):
    """The seats (a mask) of ``side``."""
    out = np.int64(0)
    for q in range(players(tab)):
        if side_of(tab, q) == side:
            out |= np.int64(1) << q
    return out


@kernel
def valued_seats(ctx, tab):
    """The seats whose points a search values: the side C_SIDE's, or at a table of more
    than two sides the team C_TEAM (the other seats then play as one side, as they do at
    the table: together against the bid)."""
    if len(tab.sides) == L.MAX_SIDES and ctx[C_TEAM] != 0:
        return ctx[C_TEAM]
    return side_seats(ctx[C_SIDE], tab)


@kernel
def valued(team, q):
    """Whether seat ``q`` is among the seats ``team`` (a mask) whose points are valued."""
    return (team >> q) & 1 == 1


@kernel
def folding(tab):
    return tab.opts[L.O_FOLD] != L.FOLD_NEVER


@kernel
def constrained(tab):
    """Stacks and pairs whose extras are constrained (engine/game/tricks.py)."""
    return tab.opts[L.O_EXTRAS_ONE_SCORING] or tab.opts[L.O_PAIRS]


@kernel
def representatives(h, others, t, weaker, tab):
    """One card of each run of equivalent cards of hand ``h`` (``others``: the cards in
    the other hands and the card winning the trick), the weakest of the run. A run: cards
    of a suit with no points and nothing of ``others`` between them in strength (played
    cards do not part them); the 2 that scores for its player never merges. A plain card
    merges into the run of the nearest card below it that is still in play when that card
    is a plain card of the hand (``weaker``: weaker_masks)."""
    # the cards with points are the trumps that score for the trick's winner and the 2
    # that scores for its player (encoding/tables.py)
    plain = h & ~(tab.masks[t, L.M_SCORE_TRICK] | tab.masks[t, L.M_TWO_PLAYED])
    live = h | others
    reps = h & ~plain
    m = plain
    while m:
        c = lowest(m)
        m &= m - ONE
        below = weaker[t, c] & live
        under = below & plain  # the plain cards of the hand below it: is one the nearest?
        nearest = False
        while under and not nearest:
            d = lowest(under)
            under &= under - ONE
            nearest = (below & ~weaker[t, d]) == bit(d)
        if not nearest:
            reps |= bit(c)
    return reps


@kernel
def order_key(c, wseat, wcard, p, t, tab):
    """Higher first: leads strong; the cheapest winner; points to a winning partner."""
    strength = tab.cinfo[t, L.I_STRENGTH, c]
    points = tab.cinfo[t, L.I_POINTS, c]
    if wseat < 0:
        return strength * 64 + points
    if same_side(tab, wseat, p):
        return points * 64 - strength
    if beats_winner(c, wcard, t, tab):
        return 4096 - strength
    return -points * 64 - strength


@kernel
def fill_moves(rows, cards, wseat, wcard, p, t, tab):
    """Write the cards of mask ``cards`` into ``rows[0]`` in search order (their keys into
    ``rows[1]``, each computed once); returns how many."""
    row = rows[0]
    keys = rows[1]
    n = 0
    m = cards
    while m:
        c = lowest(m)
        m &= m - ONE
        key = order_key(c, wseat, wcard, p, t, tab)
        j = n
        while j > 0 and keys[j - 1] < key:
            row[j] = row[j - 1]
            keys[j] = keys[j - 1]
            j -= 1
        row[j] = c
        keys[j] = key
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
def claim_value(hands, t, tab, team):
    """A lone player with cards takes them all: (-1 if two or more hold cards, else the
    valued seats' (``team``) points of the claim)."""
    holding, last = lone_holder(hands, tab)
    if holding > 1:
        return -1
    if holding == 0 or not valued(team, last):
        return 0
    return card_points(hands[last], t, tab)


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


# A search state: the trick in play, the first slots of the engine's play state (PS_*)
S_TRICK = L.PS_TRICK  # tricks played before this one
S_LEADER = L.PS_LEADER
S_K = L.PS_K  # places after the leader already gone in this trick
S_WSEAT = L.PS_WSEAT  # seat winning the trick so far (-1: nobody played)
S_WCARD = L.PS_WCARD
S_LED = L.PS_LED  # effective suit led
S_TPTS = L.PS_POINTS  # points in the trick so far
N_ST = L.PS_SOLVER
(  # a frame of the explicit search stack: the state, then
    F_P,  # seat to move
    F_N,  # moves in moves[ply, 0]
    F_I,  # next move
    F_ALPHA,
    F_BETA,
    F_BEST,
    F_OFFSET,  # side 0's points scored by the move being searched, before the child
    F_BOUNDARY,  # 1: a trick boundary whose bounds go to the table on exit
    F_LO,
    F_HI,
    F_HAND,  # the mover's hand before its move
    F_EXTRA,  # cards under the top card (stacks), 0 otherwise
    F_TOPS,  # stacks: top cards still to try
    F_TOP,
    F_CANDS,
    F_COMB,
    F_A0,  # the window on entry (what the stored bounds are relative to)
    F_B0,
    F_KEY,  # a boundary's table key (position_key), kept for its exit
    F_HANDS,  # SEATS: every hand on entry (folding presets: folds empty other hands)
    N_F,
) = tuple(N_ST + at for at in offsets(*[1] * 19, L.SEATS))
ROOT_SAVE = MAX_PLY - 2  # the frame that keeps the caller's hands while a search folds
MOVE_SAVE = MAX_PLY - 1  # the frame move_value plays its move in


@kernel
def copy_state(dst, src):
    for i in range(N_ST):
        dst[i] = src[i]


@kernel
def keep_hands(f, hands, tab):
    """A folding preset's frame keeps every hand (restore_hands)."""
    if folding(tab):
        for q in range(L.SEATS):
            f[F_HANDS + q] = np.int64(hands[q])


@kernel
def restore_hands(f, hands, tab):
    """The hands as they were when frame ``f`` was entered: the mover's, or (folding
    presets) every hand."""
    if folding(tab):
        for q in range(L.SEATS):
            hands[q] = np.uint64(f[F_HANDS + q])
    else:
        hands[f[F_P]] = np.uint64(f[F_HAND])


@kernel
def settle(hands, st, t, tab, team):
    """Skip seats without cards, fold those the rules fold, close a finished trick, claim
    when one player is left.
    Returns (the valued seats' (``team``) points of the closed trick, -1 or their points
    of a claim that ends the deal)."""
    gain = 0
    k = st[S_K]
    n = players(tab)
    tm = tab.masks[t, L.M_TRUMP]
    fold = tab.opts[L.O_FOLD]
    while k < n:
        q = seat_after(tab, st[S_LEADER], k)
        if hands[q] and not folds_on_lead(hands[q], st[S_LED], fold, t, tab):
            break
        hands[q] = ZERO  # a seat without trumps folds on a trump lead
        k += 1
    st[S_K] = k
    if k == n:
        if valued(team, st[S_WSEAT]):
            gain = st[S_TPTS]
        st[S_TRICK] += 1
        st[S_LEADER] = st[S_WSEAT]
        st[S_K] = 0
        st[S_WSEAT] = -1
        st[S_WCARD] = -1
        st[S_LED] = -1
        st[S_TPTS] = 0
    if st[S_K] == 0 and st[S_WSEAT] < 0:
        if tab.opts[L.O_FOLD] == L.FOLD_AT_TRICK:
            for q in range(L.SEATS):
                if not hands[q] & tm:
                    hands[q] = ZERO
        claim = claim_value(hands, t, tab, team)
        if claim >= 0:
            return gain, claim
        while not hands[st[S_LEADER]]:
            st[S_LEADER] = seat_after(tab, st[S_LEADER], 1)
    return gain, np.int64(-1)


@kernel
def apply_move(hands, st, p, c, extras, t, tab, team):
    """Seat ``p`` plays ``c`` with ``extras`` under it; returns the valued seats' (``team``)
    points that score at once (the 2 for the team that plays it)."""
    hands[p] &= ~bit(c) & ~extras
    now = 0
    two = tab.masks[t, L.M_TWO_PLAYED]
    m = bit(c) | (extras if tab.opts[L.O_EXTRAS_SCORE] else ZERO)
    while m:
        e = lowest(m)
        m &= m - ONE
        if bit(e) & two:
            now += tab.cinfo[t, L.I_POINTS, e]
        else:
            st[S_TPTS] += tab.cinfo[t, L.I_POINTS, e]
    if st[S_WSEAT] < 0:
        st[S_WSEAT] = p
        st[S_WCARD] = c
        st[S_LED] = tab.cinfo[t, L.I_SUIT, c]
    elif beats_winner(c, st[S_WCARD], t, tab):
        st[S_WSEAT] = p
        st[S_WCARD] = c
    st[S_K] += 1
    return now if valued(team, p) else 0


@kernel
def open_frame(f, hands, ctx, t, tab, weaker, rows):
    """Generate the moves of the seat to move in frame ``f`` (its state already set) into
    ``rows`` (fill_moves)."""
    p = seat_after(tab, f[S_LEADER], f[S_K])
    h = hands[p]
    f[F_P] = p
    f[F_HAND] = np.int64(h)
    f[F_I] = 0
    f[F_BEST] = -INF if valued(ctx[C_VALUED], p) else INF
    first = f[S_TRICK] == 0 and p == ctx[C_FIRST]
    if f[S_WSEAT] < 0:
        legal = lead_cards(h, first, t, tab)
    else:
        legal = legal_cards(h, f[S_LED], t, tab, tab.opts[L.O_PLAIN_LED])
    if calls_partner(tab):
        legal = called_only(h, legal, np.uint64(ctx[C_CALLED]))
    extra = extra_cards(popcount(h), f[S_TRICK], tab)
    f[F_EXTRA] = extra
    if extra > 0:
        legal = stack_tops(h, legal, extra, f[S_TRICK], t, tab)
        f[F_TOPS] = np.int64(legal)
        f[F_TOP] = -1
        f[F_COMB] = 0
        f[F_CANDS] = 0
        return
    if ctx[C_MERGE]:
        others = bit(f[S_WCARD]) if f[S_WSEAT] >= 0 else ZERO  # the card to beat counts
        for q in range(players(tab)):
            if q != p:
                others |= hands[q]
        legal &= representatives(h, others, t, weaker, tab)
    f[F_N] = fill_moves(rows, legal, f[S_WSEAT], f[S_WCARD], p, t, tab)


@kernel
def next_move(f, row, t, tab):
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
            extras = combination(np.uint64(f[F_CANDS]), comb)
            if stack_ok(h, f[F_TOP], extras, f[F_EXTRA], f[S_TRICK], t, tab):
                return f[F_TOP], extras
            continue
        tops = np.uint64(f[F_TOPS])
        if not tops:
            return np.int64(-1), ZERO
        c = highest(tops)
        f[F_TOPS] = np.int64(tops & ~bit(c))
        cands = h & ~bit(c)
        if not tab.opts[L.O_EXTRAS_SCORE]:
            cands &= tab.masks[t, L.M_NONSCORE]
        f[F_TOP] = c
        f[F_CANDS] = np.int64(cands)
        f[F_COMB] = (np.int64(1) << f[F_EXTRA]) - 1


@kernel
def stack_tops(h, legal, extra, trick, t, tab):
    """The top cards of ``legal`` a stack of ``extra`` more cards may be played under."""
    if constrained(tab):
        return constrained_tops(h, legal, extra, stack_future(h, extra, trick, tab),
                                tab.opts[L.O_PAIRS], t, tab)
    if not tab.opts[L.O_EXTRAS_SCORE]:
        return stack_legal(h, legal, extra, t, tab)
    return legal


@kernel
def stack_future(h, extra, trick, tab):
    """Extra cards still to come after this trick's (pairs)."""
    return popcount(h) - (tab.opts[L.O_KEEP] - trick) - extra


@kernel
def stack_ok(h, top, extras, extra, trick, t, tab):
    """Whether ``top`` with ``extras`` is a stack the rules allow (always, unconstrained:
    the candidates are already the legal ones)."""
    if not constrained(tab):
        return True
    stack = bit(top) | extras
    seven = popcount(h & scoring_cards(t, tab)) == 7
    return stack_can_complete(stack, h & ~stack, 0, seven, stack_future(h, extra, trick, tab),
                              tab.opts[L.O_PAIRS], t, tab)


@kernel
def points_left(hands, tpts, t, tab):
    """The points still to be taken: the trick's and those of the cards in hand."""
    held = ZERO
    for q in range(players(tab)):  # (the seats past the table's hold nothing)
        held |= hands[q]
    scoring = tab.masks[t, L.M_SCORE_TRICK] | tab.masks[t, L.M_TWO_PLAYED]
    return tpts + card_points(held & scoring, t, tab)


@kernel
def enter(d, hands, alpha, beta, t, tab, sr):
    """Frame ``d`` holds a settled state: probe the table at a trick boundary. Returns
    (True, value) when the bounds decide, else opens the frame and returns (False, 0)."""
    f = sr.frames[d]
    f[F_BOUNDARY] = 0
    left = points_left(hands, f[S_TPTS], t, tab)
    if left <= alpha or beta <= 0:  # side 0 takes between none and all of what is left
        return True, min(left, max(alpha, 0))
    if f[S_K] == 0 and f[S_WSEAT] < 0 and f[S_TRICK] > 0:
        key = position_key(hands, f[S_LEADER], f[S_TRICK], sr.ctx[C_SIDE], sr.ctx[C_VALUED],
                           tab)
        f[F_KEY] = np.int64(key)
        lo, hi = probe(sr.ttk, sr.ttv, key, sr.ctx[C_GEN])
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
    keep_hands(f, hands, tab)
    open_frame(f, hands, sr.ctx, t, tab, sr.weaker, sr.moves[d])
    return False, np.int64(0)


@kernel
def leave(f, sr):
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
        store(sr.ttk, sr.ttv, np.uint64(f[F_KEY]), sr.ctx[C_GEN], lo, hi)
    return v


@kernel
def take(f, v, tab, team):
    """Fold a child's value into frame ``f``; returns True on a cutoff."""
    if valued(team, f[F_P]):
        f[F_BEST] = max(f[F_BEST], v)
        f[F_ALPHA] = max(f[F_ALPHA], v)
    else:
        f[F_BEST] = min(f[F_BEST], v)
        f[F_BETA] = min(f[F_BETA], v)
    return f[F_ALPHA] >= f[F_BETA]


@shared_phase
def search(hands, st, alpha, beta, t, tab, sr):
    """Side 0's points from state ``st`` on (the trick in play included), alpha-beta within
    (alpha, beta), on an explicit stack of frames (numba cannot cache recursion); ``sr``:
    the search's scratch and table (Search). ``hands`` are as they came on return."""
    keep_hands(sr.frames[ROOT_SAVE], hands, tab)  # the root's folds empty hands
    v = search_from(hands, st, alpha, beta, t, tab, sr)
    if folding(tab):
        restore_hands(sr.frames[ROOT_SAVE], hands, tab)
    return v


@kernel
def search_from(hands, st, alpha, beta, t, tab, sr):
    frames = sr.frames
    f0 = frames[0]
    copy_state(f0, st)
    team = valued_seats(sr.ctx, tab)
    sr.ctx[C_VALUED] = team
    root_gain, claim = settle(hands, f0, t, tab, team)
    if claim >= 0:
        return root_gain + claim
    done, v = enter(0, hands, alpha - root_gain, beta - root_gain, t, tab, sr)
    if done:
        return root_gain + v
    d = 0
    while True:
        sr.ctx[C_NODES] += 1
        if sr.ctx[C_CAP] and sr.ctx[C_NODES] > sr.ctx[C_CAP]:
            return np.int64(ABORTED)  # ``hands`` as the search left them: the caller's copy
        f = frames[d]
        c, extras = next_move(f, sr.moves[d, 0], t, tab)
        if c >= 0 and f[F_ALPHA] < f[F_BETA]:
            child = frames[d + 1]
            copy_state(child, f)
            now = apply_move(hands, child, f[F_P], c, extras, t, tab, team)
            gain, claim = settle(hands, child, t, tab, team)
            off = now + gain
            if claim >= 0:
                restore_hands(f, hands, tab)
                take(f, off + claim, tab, team)
                continue
            f[F_OFFSET] = off
            done, v = enter(d + 1, hands, f[F_ALPHA] - off, f[F_BETA] - off, t, tab, sr)
            if done:
                restore_hands(f, hands, tab)
                take(f, off + v, tab, team)
                continue
            d += 1
            continue
        v = leave(f, sr)
        if d == 0:
            return root_gain + v
        d -= 1
        f = frames[d]
        restore_hands(f, hands, tab)
        take(f, f[F_OFFSET] + v, tab, team)


@phase
def settled(hands, st, t, tab, side):
    """``st`` and ``hands`` settled in place before the first play (folds, a finished trick
    closed): returns (``side``'s points of a closed trick, -1 or its points of a claim)."""
    return settle(hands, st, t, tab, side_seats(side, tab))


@kernel
def played(hands, st, p, c, extras, t, tab, sr):
    """The state after seat ``p`` plays ``c`` (and ``extras``) in state ``st``, in the
    frame MOVE_SAVE (deeper than any search goes), and side 0's points that score at once;
    restore_hands(child, hands, tab) takes the move back."""
    child = sr.frames[MOVE_SAVE]
    copy_state(child, st)
    child[F_P] = p
    child[F_HAND] = np.int64(hands[p])
    keep_hands(child, hands, tab)
    return child, apply_move(hands, child, p, c, extras, t, tab, valued_seats(sr.ctx, tab))


@phase
def move_value(hands, st, p, c, extras, alpha, beta, t, tab, sr):
    """Side 0's points after seat ``p`` plays ``c`` (and ``extras``) in state ``st``."""
    child, now = played(hands, st, p, c, extras, t, tab, sr)
    v = now + search(hands, child, alpha - now, beta - now, t, tab, sr)
    restore_hands(child, hands, tab)
    return v


@phase
def move_exact(hands, st, p, c, t, tab, sr):
    """move_value's exact value (exact, from the last value found, C_GUESS: the values of
    a decision's cards and worlds lie close together), or ABORTED past C_CAP nodes."""
    child, now = played(hands, st, p, c, ZERO, t, tab, sr)
    v = exact(hands, child, sr.ctx[C_GUESS] - now, t, tab, sr)
    restore_hands(child, hands, tab)
    if v < 0:
        return np.int64(ABORTED)
    sr.ctx[C_GUESS] = now + v
    return now + v


@loop
def root_moves(hands, st, first, t, tab, out):
    """Every legal play (top card, extras mask) of the player to move in state ``st``
    (S_*), into ``out``; returns (how many, or -1 when ``out`` is too small; the seat to
    move)."""
    trick = st[S_TRICK]
    leader = st[S_LEADER]
    k = st[S_K]
    wseat = st[S_WSEAT]
    led = st[S_LED]
    if k == 0:
        while not hands[leader]:
            leader = seat_after(tab, leader, 1)
    while not hands[seat_after(tab, leader, k)]:
        k += 1
    p = seat_after(tab, leader, k)
    h = hands[p]
    if wseat < 0:
        legal = lead_cards(h, trick == 0 and p == first, t, tab)
    else:
        legal = legal_cards(h, led, t, tab, tab.opts[L.O_PLAIN_LED])
    extra = extra_cards(popcount(h), trick, tab)
    n = 0
    if extra > 0:
        legal = stack_tops(h, legal, extra, trick, t, tab)
    while legal:
        c = lowest(legal)
        legal &= legal - ONE
        if extra == 0:
            out[n, 0] = c
            out[n, 1] = 0
            n += 1
            continue
        cands = h & ~bit(c)
        if not tab.opts[L.O_EXTRAS_SCORE]:
            cands &= tab.masks[t, L.M_NONSCORE]
        comb = (np.int64(1) << extra) - 1
        while comb < (np.int64(1) << popcount(cands)):
            extras = combination(cands, comb)
            comb = next_combination(comb)
            if not stack_ok(h, c, extras, extra, trick, t, tab):
                continue
            if n == out.shape[0]:
                return -1, p
            out[n, 0] = c
            out[n, 1] = np.int64(extras)
            n += 1
    return n, p


@phase
def exact(hands, st, guess, t, tab, sr):
    """Side 0's exact points from ``st`` by MTD(f): null-window searches converging from
    ``guess``, the table keeping every bound found along the way; ABORTED past C_CAP
    nodes."""
    lo = np.int64(0)
    hi = np.int64(INF)
    g = guess
    while lo < hi:
        b = max(g, lo + 1)
        g = search(hands, st, b - 1, b, t, tab, sr)
        if g < 0:
            return np.int64(ABORTED)
        if g < b:
            hi = g
        else:
            lo = g
    return g
