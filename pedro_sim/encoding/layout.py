"""Named indices into the kernels' int arrays: options, table masks, trace records.
The values an option slot holds are those of its declaration (rules/choices.py)."""

from pedro_sim.encoding.offsets import offsets
from pedro_sim.rules import variant
from pedro_sim.rules.choices import (
    DealerFill,
    DealerForced,
    Discard,
    ExcessTrumps,
    Fold,
    PlainLed,
    Scoring,
    Tie,
    WinOnlyOn,
)

# --- opts: int64 array of rule options (built by encoding.options.kernel_options) ---
(  # the option array's slots, numbered in this order; O_<FIELD> holds that Variant field
    O_PLAYERS,
    O_HAND,  # cards dealt to each player
    O_PACKET,  # cards per packet in the deal
    O_KEEP,  # hand size in play
    O_MIN_BID,
    O_MAX_BID,
    O_FORCED_BID,
    O_TWO_POINTS,  # points of the 2 for its holder's team (or the team dealt it)
    O_TOTAL_POINTS,
    O_TARGET,
    O_GOES_OUT_AT,
    O_MAX_DEALS,  # a game stops, unfinished, after this many deals
    O_DECK,  # cards in the pack: 52 or 53 (the joker is card 52)
    O_DEALER_MAY_EQUAL,  # 1: the dealer may take the bid by equalling
    O_DISCARD,  # DISCARD_*
    O_DEALER_FILL,  # FILL_*
    O_PLAIN_LED,  # PLAIN_*
    O_FIRST_LEAD,  # 1: the bidder's first lead must be a trump if it has one
    O_TIE,  # TIE_*: both teams reach the target on one deal
    O_WIN_ONLY_ON,  # WIN_*: a team wins only on a deal it bid (or made its bid) on
    O_EXCESS_TRUMPS,  # EXCESS_*: what a player with more than O_KEEP trumps does
    O_FOLD,  # FOLD_*
    O_BOOKS,  # face-down cards each player picks up after the bidding (family)
    O_OPPONENTS_DISCARDS_TO_BIDDERS,  # 1: the opponents' discarded counters are the bidders'
    O_SCORING,  # SCORE_*
    O_AUCTION,  # 0: one round of bids; 1: bidding goes round until all but one pass
    O_SECOND_DEAL,  # cards each player is dealt after the bidding (sixty-three)
    O_EXTRAS_SCORE,  # 1: extra cards on the first trick may be any cards, won with the trick
    O_EXTRAS_ONE_SCORING,  # 1: ... at most one of a stack's cards scores (king-pedro)
    O_DEALER_FORCED,  # FORCED_*: what happens when the first three pass
    O_KITTY,  # cards the high bidder takes after the auction
    O_LOSE_AT,  # 0, or a score at or below which a team loses
    O_PAIRS,  # 1: extra cards are played in pairs over the first tricks (california)
    O_DOUBLE_MAX,  # 1: the top bid scores and loses double
    O_TOP_BID,  # the highest bid value (O_MAX_BID, or 2 x it for "83 double")
    O_PASS_EXCESS,  # 1: a player with too many trumps passes the excess to its partner
    O_MOON,  # 1: the top numeric bid, made, scores twice the bid (set: as any set bid)
    O_DEALER_SEARCHES_DISCARDS,  # 1: a robbing dealer may take the others' discarded trumps
    O_MOON_GAME,  # 1: the top numeric bid wins the game with every point, else loses it
    O_DEALER_28_56,  # 1: the dealer may bid 28-56 (BID_28_56) holding A K 2 of the trump
    O_OFF_JACK_TRUMP,  # 1: the jack of the trump's colour is a trump, below the jack
    O_PACK,  # the pack's cards as a mask (card c: bit c); O_DECK is how many they are
    O_PARTNERSHIPS,  # 1: two fixed partnerships; 0: individual play, a side a seat
    O_CALLED_PARTNER,  # 1: the bidder calls a trump; its holder partners it (five-handed)
    O_DISCARDS_FACE_UP,  # 1: what is put out of play before play is seen by all (foster)
    O_TRUMP_BEFORE_KITTY,  # 1: the bidder names trumps from its dealt cards, then takes the
    # kitty (lipton's missy); 0: it sees the kitty first
    O_PARTNERS_RAISE,  # not a rule: 1 where the heuristic's partners raise each other in an
    # auction that goes round (measured to pay: rules/presets.py PARTNERS_RAISE)
    N_RULE_OPTS,
) = range(48)
# the bid "28-56" as recorded, and what it scores made (set: minus the bid)
BID_28_56 = variant.BID_28_56
SCORE_28_56 = variant.SCORE_28_56

# the values of the option slots, as declared in rules/choices.py (meanings there)
FORCED_EXACT = int(DealerForced.EXACT)
FORCED_NONE = int(DealerForced.NONE)
FORCED_ANY = int(DealerForced.ANY)

SCORE_ADD = int(Scoring.ADD)
SCORE_DIFFERENCE = int(Scoring.DIFFERENCE)

EXCESS_BURY = int(ExcessTrumps.BURY)
EXCESS_DISCARD = int(ExcessTrumps.DISCARD_NONSCORING)
EXCESS_PUT_AWAY = int(ExcessTrumps.PUT_AWAY)
FOLD_NEVER = int(Fold.NEVER)
FOLD_AT_TRICK = int(Fold.NO_TRUMP_AT_TRICK)
FOLD_ON_TRUMP_LEAD = int(Fold.NO_TRUMP_ON_TRUMP_LEAD)

DISCARD_NON_TRUMPS = int(Discard.NON_TRUMPS)
DISCARD_NONE = int(Discard.NONE)
DISCARD_KEEP_TRUMPS = int(Discard.KEEP_TRUMPS)
DISCARD_FREE = int(Discard.FREE)
DISCARD_KEEP_SCORING = int(Discard.KEEP_SCORING)
DISCARD_PUT_AWAY = int(Discard.PUT_AWAY)
DISCARD_FOLD_OR_PASS = int(Discard.FOLD_OR_PASS)
FILL_ROB_TRUMPS = int(DealerFill.ROB_TRUMPS)
FILL_TOP = int(DealerFill.TOP)
FILL_NONE = int(DealerFill.NONE)
FILL_TAKE_ALL = int(DealerFill.TAKE_ALL)
FILL_ROB_FREE = int(DealerFill.ROB_FREE)
FILL_ROB_ALL = int(DealerFill.ROB_ALL)
PLAIN_FOLLOW_OR_TRUMP = int(PlainLed.FOLLOW_OR_TRUMP)
PLAIN_ANY = int(PlainLed.ANY)
PLAIN_FOLLOW = int(PlainLed.FOLLOW)
PLAIN_TRUMPS_ONLY = int(PlainLed.TRUMPS_ONLY)
PLAIN_NON_TRUMP = int(PlainLed.NON_TRUMP)
TIE_CONTINUE = int(Tie.CONTINUE)
TIE_BIDDERS = int(Tie.BIDDERS)
TIE_COUNTING_ORDER = int(Tie.COUNTING_ORDER)
WIN_ANY = int(WinOnlyOn.ANY)
WIN_ON_BID = int(WinOnlyOn.BID)
WIN_ON_MADE = int(WinOnlyOn.MADE)

# --- masks: uint64 [4 trumps, N_MASKS] ---
M_FOLLOW = 0  # columns 0..3: cards that follow suit s (the trump column: all trumps)
M_TRUMP = 4
M_SCORE_TRICK = 5  # trumps that score for the trick's winner
M_NONSCORE = 6  # trumps that score nothing (the only ones that may be buried)
M_TWO = 7
M_PEDROS = 8  # the big counters (5 points or more): what a partner saves and a player guards
M_TWO_PLAYED = 9  # the 2 where it scores for the team of the player who plays it
N_MASKS = 10

# --- cinfo: int64 [4 trumps, N_INFO, 53] ---
I_SUIT = 0  # effective suit; TRUMP_SUIT for trumps
I_STRENGTH = 1  # plain cards: rank 0..12; trumps: 20 + power
I_POINTS = 2  # trick points
I_EVAL = 3  # the heuristic's bidding weight of the card as a trump (tenths of a point)
# The same for every trump row: the card's I_EVAL weight in each suit it is a trump of,
# and 1 for each such suit, packed 16 bits per suit (suit t at bit 16 t).
I_PACKED_EVAL = 4
I_PACKED_COUNT = 5
I_COUNT_ORDER = 6  # the scoring cards in the preset's counting order, then -1
I_STRONGER = 7  # trumps: the mask of the trumps stronger than the card; plain cards: 0
I_PACK = 8  # the same for every trump row: the pack's card ids, ascending, then -1
N_INFO = 9
TRUMP_SUIT = 4

# --- players: a code per seat; a policy word holds one per team, 4 bits each (team 0 low) ---
PL_RANDOM = 0
PL_HEURISTIC = 1
PL_PIMC = 2  # determinized playouts (engine/thinking/playouts.py); keeps, discards as the heuristic
PL_DD = 3  # plays as the solver would with every card visible
POLICY_SIDES = 256  # the word names the bidders' player (low bits) and the defenders'
# bits 16..23: heuristic techniques (F_*) switched off for team 0 (with POLICY_SIDES: for the
# bidders), bits 24..31: for team 1 (the defenders), so `technique` compares sides
OFF_SHIFT = 16
P_RANDOM = 0  # words: every seat random
P_HEURISTIC = 17  # every seat heuristic
# bits 12, 13: side 0, side 1 reads the second block of thinking settings in flags (a duel
# of two thinking players with different settings; with POLICY_SIDES: set by for_sides)
PROFILE_SHIFT = 12
# flags: int64 [N_FLAGS]: each team's heuristic technique flags, the bid of fixed-hand deals,
# then two blocks of the thinking players' settings (K_*), the block a side reads named by
# the policy word (PROFILE_SHIFT). The values are those of engine_inputs.py's player specs.
FL_CONTRACT = 2  # fixed-hand deals (`bid`): the bid in force (0: the preset's minimum)
FL_SETTINGS = 3
(
    K_WORLDS,  # pimc: worlds drawn per decision
    K_EVAL,  # pimc: how a world values a card (EVAL_*)
    K_BID_WORLDS,  # deals simulated per suit to bid and name trumps
    K_OBJECTIVE,  # what play maximizes (OBJ_*)
    K_THINK,  # the decisions it thinks about (THINK_*)
    K_KEEP_WORLDS,  # deals simulated per candidate keep (think=all)
    K_STEER,  # a technique watched, forbidden or forced (engine/thinking/steering.py)
    K_CALL,  # five-handed: how pimc calls its partner's trump (CALL_*)
    K_INFER,  # pimc: what its worlds are weighted by (INFER_*: engine/thinking/inference.py)
    K_TRUST,  # pimc: how far it trusts that model, in percent (the rest: a uniform floor)
    K_SOLVE_TRICKS,  # pimc with rollouts: the last tricks whose worlds it solves exactly
    K_OVERCALLS,  # thinking bidders: where they price the later seats' overcalls (OVER_*)
    K_PRUNE,  # pimc: standard errors, in tenths, below the best at which a card is dropped
    K_FINISH,  # pimc's rollouts: the last tricks they solve exactly instead (0: none)
    K_PARTNER,  # thinking bidders in an auction that goes round: PARTNER_*
    K_SOLVE_NODES,  # pimc: a decision is solved when its first world solves within these nodes
    K_FINISH_EARLY,  # pimc's rollouts of earlier decisions: the last tricks they solve
    K_ALIKE,  # pimc with prune: cards that play alike valued once (ALIKE_*)
    K_SOLVE_WORLDS,  # pimc: the worlds of a decision it solves from the card (0: K_WORLDS)
    K_SOLVE_LEAD,  # pimc: a lead one trick before solve_tricks is solved from the card too
    N_SETTINGS,
) = range(21)
EVAL_ROLLOUT = 0  # heuristic play to the end
EVAL_SOLVER = 1  # the solver, every card of the world visible
EVAL_BLEND = 2  # the mean of the two: the solver's value and a rollout's, each world
OBJ_POINTS = 0  # its side's points from here on
OBJ_SCORE = 1  # its side's net score of the deal (its score minus the other side's)
THINK_PLAY = 0  # card play; bids its playout estimate by the heuristic's rule
THINK_BID = 1  # card play, and bids and names trumps by expected net score
THINK_ALL = 2  # ... and keeps and discards (engine/thinking/exchange.py)
CALL_HEURISTIC = 0  # the heuristic's call: the highest trump it lacks
CALL_PLAYOUTS = 1  # values every trump it may call on its worlds (thinking/playouts.py pimc_call)
PARTNER_RAISE = 0  # it bids over its partner wherever its deals say that beats passing
PARTNER_ONCE = 1  # ... but a side takes the bid from a partner once at most
ALIKE_ALL = 0  # every legal card valued on every world it is not pruned from
ALIKE_MERGE = 1  # one card of each run that plays alike whoever holds the unseen cards
OVER_CALLED = 0  # only where a partner is called (five-handed): the rule before 2026-12-06
OVER_ONE_ROUND = 1  # in every one-round auction: later opponents, the dealer by equalling
INFER_NONE = 0  # every world consistent with the cards seen weighs the same
INFER_AUCTION = 1  # weighted by how likely the other seats' calls are with the world's cards
INFER_CARDS = 2  # ... in card play only (its bidding deals stay uniform)
INFER_ALL = 3  # the auction as INFER_AUCTION, and in card play each other seat's plays too
# K_STEER: 0 free, else 1 + technique * N_STEER_MODES + mode (engine/thinking/steering.py)
STEERED = ("cinch", "save-pedro", "guard-pedro", "lead-trumps")  # technique codes 0..3
STEER_MODES = ("watch", "forbid", "force")  # count only; take the action out; only it
ST_CINCH, ST_SAVE_PEDRO, ST_GUARD_PEDRO, ST_LEAD_TRUMPS = range(4)
ST_WATCH, ST_FORBID, ST_FORCE, N_STEER_MODES = range(4)


def steer_code(technique: str, mode: str) -> int:
    """The K_STEER value of ``technique`` in ``mode``.

    >>> steer_code("cinch", "watch"), steer_code("lead-trumps", "force")
    (1, 12)
    """
    return 1 + STEERED.index(technique) * N_STEER_MODES + STEER_MODES.index(mode)


N_FLAGS = FL_SETTINGS + 2 * N_SETTINGS
# heuristic technique flags
F_CINCH = 1
F_SAVE_PEDRO = 2
F_LEAD_TRUMPS = 4
F_GUARD_PEDRO = 8
F_BURY_LOW = 16
F_PASS_TRUMPS = 32  # ukrainian: pass a lone trump to the partner and fold (off: stay in)
F_RAISE_PARTNER = 64  # an auction that goes round: on (the default), partners follow the
# preset's rule (O_PARTNERS_RAISE: raise each other whenever their estimates allow, or take
# the bid from a partner once at most); off, the other rule (not a `technique`, whose
# comparisons share one auction: scripts/partner_raises.py --duel prices the two)
F_ALL = 127

# --- the seat table, in opts after the rule options (encoding/option_array.py seat_table): who
# sits with whom. The kernels reach sides only through it (engine/seats.py), so games whose
# sides are single players or change from deal to deal need a new table, not new arithmetic.
SEATS = 8  # seats the arrays have room for (a preset's own count: opts[O_PLAYERS]); a
# power of two, so that a seat masked with SEATS - 1 is one the compiler knows in range
assert SEATS & (SEATS - 1) == 0
MAX_SIDES = 8  # sides the arrays have room for (individual play: a side a seat)
(
    SE_SIDE,  # a slot per seat: the side it plays for (0 .. MAX_SIDES - 1)
    SE_PARTNER,  # a slot per seat: the seat it passes cards to (eighty-three), -1 if none
    SE_LATER,  # SEATS x SEATS: at SE_LATER + SEATS * k + p, the opponents (a bit per seat)
    # who play after seat p when it plays at place k of a trick
    SE_SIDE_WORD,  # the sides again, packed SIDE_BITS a seat (seat 0 lowest), for loops
    # that read them from a register
    SE_ROLE_WORD,  # each seat's player in the policy word (0 or 1, a bit per seat): its
    # side in two-sided games; a duel of N individual players seats A and B by it
    N_OPTS,
) = tuple(N_RULE_OPTS + at for at in offsets(SEATS, SEATS, SEATS * SEATS, 1, 1))
SIDE_BITS = 4

# --- pts: int64 [PT_LEN] a deal's points: what each side took, then the contract ---
(
    PT_POINTS,  # MAX_SIDES: each side's points
    PT_CARDS,  # MAX_SIDES: the mask of the cards each side took
    PT_FORCED,  # 1: the dealer was forced to bid
    PT_BID,  # the bid in force (what thinking players playing for the score read)
    PT_PREDICTED,  # a thinking bidder's P(make) of its bid when it bid it, in 1/10000 (-1: none)
    PT_CALLED,  # five-handed: the called trump, as a mask (0: none called)
    PT_TEAM,  # five-handed: the bidder's team as known, a bit per seat (the partner's set
    # once it plays the called trump)
    PT_LEN,
) = offsets(MAX_SIDES, MAX_SIDES, 1, 1, 1, 1, 1)

# --- hands: uint64 [H_LEN] a deal's cards, a mask per seat in each field ---
(
    H_PLAY,  # the hands in play
    H_DEALT,  # the hands dealt
    H_BOOKS,  # cards picked up after the bidding (books, kitty, second deal)
    H_RECEIVED,  # cards taken between the bidding and the first lead
    H_DISCARDED,  # cards put out of play
    H_PUT_AWAY,  # stock cards discarded without being taken (foster)
    H_POOL,  # eighty-three: the cards a seat chooses its hand from
    H_PASSED,  # eighty-three: the cards its partner passed it
    H_LEN,
) = offsets(SEATS, SEATS, SEATS, SEATS, SEATS, SEATS, SEATS, SEATS)

# --- play: int64 [PS_LEN] where play stands, the trick in progress first (the solver keeps
# the first PS_SOLVER slots of it per node) ---
(
    PS_TRICK,  # tricks played before this one
    PS_LEADER,
    PS_K,  # places after the leader already gone in this trick
    PS_WSEAT,  # seat winning the trick so far (-1: nobody played)
    PS_WCARD,
    PS_LED,  # effective suit led
    PS_POINTS,  # points in the trick so far
    PS_SOLVER,
    PS_NPLAYS,  # cards (stacks) played to this trick so far
    PS_PLAYED,  # the mask of every card played in the deal so far
    PS_FOLDS,  # players folded so far
    PS_BIDDER,  # whose first lead the rules may force (-1: none)
    PS_LEN,
) = offsets(1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1)

# --- trace record: int64 [R_LEN] per deal, its fields laid out from their sizes ---
MAX_DECK = 53
MAX_TRICKS = 14
MAX_CALLS = 200
PLAY_LEN = 3  # one play in a trick: seat, card, mask of the cards played under it
(  # one trick of the record
    T_LEADER,
    T_WINNER,
    T_NPLAYS,
    T_PLAYS,  # SEATS plays of PLAY_LEN
    TRICK_LEN,
) = offsets(1, 1, 1, SEATS * PLAY_LEN)
(
    R_DEALT,  # seat-major dealt hands (seat 0's cards in dealt order, ...), then the stock
    R_NCALLS,  # number of calls (at R_CALLS)
    R_DEALER,
    R_BIDDER,
    R_BID,
    R_TRUMP,
    R_RECEIVED,  # a mask per seat: cards taken in between the bidding and the first lead
    R_START,  # a mask per seat: hands when play starts
    R_CLAIM_SEAT,
    R_CLAIM_MASK,
    R_POINTS,  # per side
    R_SCORE,  # per side
    R_MADE,
    R_NTRICKS,
    R_NFOLDED,
    R_FOLDED,  # (seat, index of the first trick it did not play to) per fold
    R_PUT_AWAY,  # a mask per seat: stock cards it discarded without taking them (foster)
    R_PASSED,  # a mask per seat: cards it received from its partner (eighty-three)
    R_PREDICTED,  # the deal's PT_PREDICTED (not written to traces)
    R_CALLED,  # five-handed: the called trump and its holder, the partner (-1: none)
    R_TRICKS,  # MAX_TRICKS tricks of TRICK_LEN
    R_CALLS,  # (seat, bid or 0 = pass) per call
    R_LEN,
) = offsets(MAX_DECK, 1, 1, 1, 1, 1, SEATS, SEATS, 1, 1, MAX_SIDES, MAX_SIDES, 1, 1, 1,
            2 * SEATS, SEATS, SEATS, 1, 2, TRICK_LEN * MAX_TRICKS, 2 * MAX_CALLS)
