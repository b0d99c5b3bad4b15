"""The thinking players' per-thread scratch, packed into few arrays.

Every deal passes this scratch down the call chain, and each array in a tuple costs
something at every call (measured: about 9 ns a deal per array), so the small arrays
share three flat ones (``U`` uint64, ``I`` int64, ``F`` float64) and the accessors
below hand out views.
"""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.offsets import offsets
from pedro_sim.engine.deal_buffers import Work
from pedro_sim.engine.jit import kernel
from pedro_sim.engine.thinking import sampler as SM
from pedro_sim.engine.thinking import solver as SV

# The thinking players' transposition table: 2^14 entries (256 KiB, within a core's L2
# cache), not the solve command's 2^18 (4 MiB). Their searches start a new generation with
# every world and store only trick boundaries, a few thousand at most at the default's
# depth, so the larger table bought nothing but cache misses: 2^14 plays the same cards
# 12-13% faster in cinch at the default, 5-7% in sixty-three, and faster with
# eval=solver and dd too (docs/performance.md).
THINK_TT_BITS = 14
BID_LEVELS = 64  # room for every bid of a preset: its numbers, then a special top bid
MAX_KEEP_WORLDS = 256  # the most deals a candidate keep is valued on
MAX_EXPLAIN_WORLDS = 1000  # the most worlds `explain` records a decision on
MAX_PRUNE_WORLDS = 64  # the worlds pimc's prune compares cards on (it keeps all after)
EXPLAIN_VALUES = 1 + L.MAX_SIDES  # per world and card: the value, each side's final points
# I_EXPLAIN: armed (1), the trick (EXPLAIN_CALL: the seat's first call, EXPLAIN_KEEP: its
# keep) and the seat of the decision, the worlds to draw there (0: the player's own), then
# what was recorded:
# the worlds, the cards (calls: the levels; keeps: the candidates), the card played (the
# call, the keep's mask), then the card ids (a keep's candidates' masks)
(X_ARMED, X_TRICK, X_SEAT, X_WORLDS, X_DRAWN, X_CARDS, X_PLAYED, X_IDS) = range(8)
EXPLAIN_CALL = -1  # X_TRICK of a seat's first call
EXPLAIN_KEEP = -2  # X_TRICK of a seat's keep
# I_PLAYS: a count, then per play (inference.py, infer=all): the seat, its card, the cards
# it put down, whether an opponent still to play held cards, whether it was the bidder's
# first lead, and the trick as it stood: winning seat and card, suit led, points, plays,
# every card played before
(G_SEAT, G_CARD, G_NEW, G_LATER, G_FIRST, G_WSEAT, G_WCARD, G_LED, G_POINTS, G_NPLAYS,
 G_BEFORE, G_TRICK, N_LOG) = range(13)
MAX_LOG = L.MAX_TRICKS * L.SEATS

# U (uint64), laid out from the sizes of its fields
(
    U_KNOW,  # SM.N_KNOW: what the player knows (sampler.py, K_*)
    U_WORLD,  # a hand per seat: a drawn world
    U_ROLL,  # a hand per seat: a rollout's hands
    U_SM,  # 16: the sampler's masks
    U_MUST,  # a mask per seat: cards known held
    U_SHANDS,  # L.H_LEN: the playout bidders' deal
    N_U,
) = offsets(SM.N_KNOW, L.SEATS, L.SEATS, 16, L.SEATS, L.H_LEN)
# I (int64)
(
    I_SP,  # 32: the sampler's ints
    I_CTX,  # SV.N_CTX: the solver's context
    I_PTS,  # L.PT_LEN: points (as the engine's pts)
    I_ST,  # L.PS_LEN: the play state of the deal (layout PS_*)
    I_RST,  # L.PS_LEN: a rollout's play state
    I_SDECK,  # L.MAX_DECK: the playout bidders' deck
    I_SREST,  # L.MAX_DECK: ... the cards not in the hand
    I_SPTS,  # L.PT_LEN: ... points
    I_SPLAY,  # L.PS_LEN: ... play state
    I_SSCORE,  # L.MAX_SIDES: ... score
    I_SIDS,  # 16: ... the hand's card ids
    I_HIST,  # 256: ... the histogram of estimates
    I_CACHE,  # 2 per seat: estimates per seat (suit, points)
    I_SCORE,  # L.MAX_SIDES: a playout's score (players playing for the score)
    I_EV_DONE,  # a slot per seat: 1 once its bid tables are filled this deal
    I_EV_SUMS,  # per seat, suit and bid level: the sum of its side's net scores over the
    # simulated deals (bidding by expected value)
    I_EV_MAKES,  # ... the simulated deals that make
    I_EV_OVER,  # per seat: the same tables again over the deals in which a later seat
    # would overcall the level (five-handed: their net sums, then their count)
    I_STEER,  # 2: situations of the technique watched, and the action chosen (steering.py)
    I_EXPLAIN,  # X_IDS + 32: a decision to record (the `explain` command)
    I_CALLS,  # 2 per seat: what the auction said of it (engine/thinking/inference.py)
    I_PLAYS,  # 1 + MAX_LOG * N_LOG: the plays of the deal so far, as a seat saw each made
    N_I,
) = offsets(32, SV.N_CTX, L.PT_LEN, L.PS_LEN, L.PS_LEN, L.MAX_DECK, L.MAX_DECK, L.PT_LEN,
            L.PS_LEN, L.MAX_SIDES, 16, 256, 2 * L.SEATS, L.MAX_SIDES, L.SEATS,
            L.SEATS * 4 * BID_LEVELS, L.SEATS * 4 * BID_LEVELS, L.SEATS * 8 * BID_LEVELS, 2,
            X_IDS + 32, 2 * L.SEATS, 1 + MAX_LOG * N_LOG)
# F (float64)
(
    F_SCORES,  # 16: the scores of the moves
    F_FACT,  # 64: factorials
    F_KEEP,  # MAX_KEEP_WORLDS: the heuristic keep's value in each simulated deal (exchange.py)
    F_EXPLAIN,  # MAX_EXPLAIN_WORLDS * 16 * EXPLAIN_VALUES: the recorded decision's worlds
    F_WEIGHTS,  # MAX_EXPLAIN_WORLDS: ... each world's weight (inference.py; 1 without)
    F_VALUES,  # MAX_PRUNE_WORLDS * 16: each card's value in each world (pimc's prune)
    N_F,
) = offsets(16, 64, MAX_KEEP_WORLDS, MAX_EXPLAIN_WORLDS * 16 * EXPLAIN_VALUES,
            MAX_EXPLAIN_WORLDS, MAX_PRUNE_WORLDS * 16)
# the tuple: U, I, F, dp, the solver's Search, the playout bidders' Work, an empty record.
# The two bundles are put together in Python (new_think), never inside a kernel.
T_U, T_I, T_F, T_DP, T_SEARCH, T_SIM, T_NOREC = range(7)


@kernel
def thinks(policy):
    """Whether any seat of a policy word thinks (pimc or dd)."""
    # max, not `or`: a short-circuit inlined into the drivers left a phi numba's SSA check
    # warned about (NumbaIRAssumptionWarning)
    return max(policy & 15, (policy >> 4) & 15) >= L.PL_PIMC


def new_think(policy: int, tab, rng: np.ndarray) -> tuple:
    """Per-thread scratch of the thinking players, whose simulated deals draw from the
    thread's random stream ``rng`` (a tiny table when nobody thinks)."""
    u, i, f, dp, moves, frames, ttk, ttv, weaker = think_arrays(np.int64(policy), tab)
    search = SV.Search(i[I_CTX:I_PTS], moves, frames, ttk, ttv, weaker)
    sim = Work(i[I_SDECK:I_SREST], i[I_SREST:I_SPTS], u[U_SHANDS:N_U], rng, i[I_SPTS:I_SPLAY],
               i[I_SPLAY:I_SSCORE], np.zeros(0, np.int64), i[I_SSCORE:I_SIDS])
    return u, i, f, dp, search, sim, np.zeros(0, np.int64)


def think_arrays(policy: int, tab) -> tuple:
    """The arrays of new_think: plain numpy, built once per thread and piece of a run
    (a compiled builder cost every first run 2 s of compiling)."""
    bits = THINK_TT_BITS if thinks.py_func(policy) else 0
    f = np.zeros(N_F, dtype=np.float64)
    f[F_FACT] = 1.0
    for n in range(1, 64):
        f[F_FACT + n] = f[F_FACT + n - 1] * n
    i = np.zeros(N_I, dtype=np.int64)
    i[I_CACHE:I_SCORE] = -1
    dp = np.zeros((SM.W0 + 5, SM.CAP, SM.CAP, SM.CAP), np.float64)
    return (np.zeros(N_U, np.uint64), i, f, dp,
            np.zeros((SV.MAX_PLY, 2, 16), np.int64), np.zeros((SV.MAX_PLY, SV.N_F), np.int64),
            np.zeros(1 << bits, dtype=np.uint64), np.zeros(1 << bits, dtype=np.int64),
            SV.weaker_masks(tab))


@kernel
def know_of(think):
    return think[T_U][U_KNOW:U_WORLD]


@kernel
def world_of(think):
    return think[T_U][U_WORLD:U_ROLL]


@kernel
def rollout_hands(think):
    return think[T_U][U_ROLL:U_SM]


@kernel
def sampler_of(think):
    """(dp, factorials, ints, masks) for engine/thinking/sampler.py."""
    return (think[T_DP], think[T_F][F_FACT:F_KEEP], think[T_I][I_SP:I_CTX],
            think[T_U][U_SM:U_MUST])


@kernel
def must_of(think):
    return think[T_U][U_MUST:U_SHANDS]


@kernel
def explain_of(think):
    """The control and record of a decision to explain (X_*)."""
    return think[T_I][I_EXPLAIN:I_CALLS]


@kernel
def explain_asks(think, trick, seat):
    """Whether `explain` waits for this decision: ``seat``'s in ``trick`` (EXPLAIN_CALL: its
    first call, EXPLAIN_KEEP: its keep). Each is recorded once."""
    x = explain_of(think)
    return x[X_ARMED] == 1 and x[X_TRICK] == trick and x[X_SEAT] == seat


@kernel
def explain_done(think, chosen, drawn):
    """Disarm `explain`, noting the choice and how many simulated deals or worlds it
    rests on."""
    x = explain_of(think)
    x[X_ARMED] = 2
    x[X_PLAYED] = chosen
    x[X_DRAWN] = drawn


@kernel
def explained_of(think):
    """The recorded decision's values: [world, card, EXPLAIN_VALUES] flattened."""
    return think[T_F][F_EXPLAIN:F_WEIGHTS]


@kernel
def weights_of(think):
    """The recorded decision's weight of each world (inference.py)."""
    return think[T_F][F_WEIGHTS:N_F]


@kernel
def calls_of(think):
    """Per seat: the highest bid it made, the lowest it would have had to make when it
    passed (inference.py)."""
    return think[T_I][I_CALLS:I_PLAYS]


@kernel
def plays_of(think):
    """The play log (G_*): [0] the count, then N_LOG ints a play."""
    return think[T_I][I_PLAYS:N_I]


@kernel
def steer_counts(think):
    """(situations, action chosen) of a watched technique, summed until reset."""
    return think[T_I][I_STEER:I_EXPLAIN]


@kernel
def scores_of(think):
    return think[T_F][F_SCORES:F_FACT]


@kernel
def values_of(think):
    """float64 [MAX_PRUNE_WORLDS, 16]: each card's value in each world so far (prune)."""
    return think[T_F][F_VALUES:N_F].reshape((MAX_PRUNE_WORLDS, 16))


@kernel
def ctx_of(think):
    return think[T_I][I_CTX:I_PTS]


@kernel
def new_table_generation(think):
    """No solver table entry stored before is read from here on. Each deal starts so: the
    table's key is the hands and the leader, and a position of an earlier deal with
    another trump is worth something else."""
    ctx_of(think)[SV.C_GEN] += 1


@kernel
def solver_of(think):
    """The solver's Search bundle (engine/thinking/solver.py)."""
    return think[T_SEARCH]


@kernel
def pts_of(think):
    return think[T_I][I_PTS:I_ST]


@kernel
def state_of(think):
    return think[T_I][I_ST:I_RST]


@kernel
def rollout_state_of(think):
    return think[T_I][I_RST:I_SDECK]


@kernel
def simulation_of(think):
    """(the Work of a simulated deal, the hand's card ids) of the playout bidders."""
    return think[T_SIM], think[T_I][I_SIDS:I_HIST]


@kernel
def histogram_of(think):
    return think[T_I][I_HIST:I_CACHE]


@kernel
def estimates_of(think):
    return think[T_I][I_CACHE:I_SCORE]


@kernel
def score_of(think):
    return think[T_I][I_SCORE:I_EV_DONE]


@kernel
def ev_done_of(think):
    return think[T_I][I_EV_DONE:I_EV_SUMS]


@kernel
def ev_over_of(think, seat):
    """(net sums, counts) of seat ``seat`` over the simulated deals in which a seat that
    calls after it would overcall each level: [suit * BID_LEVELS + level] (bidding.py)."""
    size = 4 * BID_LEVELS
    a = I_EV_OVER + seat * 2 * size
    return think[T_I][a:a + size], think[T_I][a + size:a + 2 * size]


@kernel
def ev_tables_of(think, seat):
    """(sums, makes) of seat ``seat``: [suit * BID_LEVELS + level] each (bidding.py)."""
    size = 4 * BID_LEVELS
    a = I_EV_SUMS + seat * size
    b = I_EV_MAKES + seat * size
    return think[T_I][a:a + size], think[T_I][b:b + size]


@kernel
def keep_values_of(think):
    return think[T_F][F_KEEP:F_EXPLAIN]
