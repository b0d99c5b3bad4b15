"""Named indices into the kernels' int arrays: options, table masks, trace records."""

# --- opts: int64 array of rule options (built by encoding.options.kernel_options) ---
O_PLAYERS = 0
O_HAND = 1  # cards dealt to each player
O_PACKET = 2  # cards per packet in the deal
O_KEEP = 3  # hand size in play
O_MIN_BID = 4
O_MAX_BID = 5
O_FORCED_BID = 6
O_TWO_POINTS = 7  # points of the 2 for its holder's team
O_TOTAL_POINTS = 8
O_TARGET = 9
O_GOES_OUT_AT = 10
O_MAX_DEALS = 11  # a game stops, unfinished, after this many deals
O_DECK = 12  # cards in the pack: 52 or 53 (the joker is card 52)
O_DEALER_EQUAL = 13  # 1: the dealer may take the bid by equalling
O_DISCARD = 14  # DISCARD_*
O_FILL = 15  # FILL_*
O_PLAIN_LED = 16  # PLAIN_*
O_FIRST_LEAD_TRUMP = 17  # 1: the bidder's first lead must be a trump if it has one
O_TIE = 18  # TIE_*: both teams reach the target on one deal
O_WIN_OWN_BID = 19  # WIN_*: a team wins only on a deal it bid (or made its bid) on
O_EXCESS = 20  # EXCESS_*: what a player with more than O_KEEP trumps does
O_FOLD = 21  # FOLD_*
O_BOOKS = 22  # face-down cards each player picks up after the bidding (family)
O_CREDIT = 23  # 1: scoring trumps the bidders' opponents discard count for the bidders
O_SCORING = 24  # SCORE_*
O_ROUNDS = 25  # 0: one round of bids; 1: bidding goes round until all but one pass
O_SECOND_DEAL = 26  # cards each player is dealt after the bidding (sixty-three)
O_EXTRAS_SCORE = 27  # 1: extra cards on the first trick may be any cards, won with the trick
O_EXTRAS_ONE_SCORING = 28  # 1: ... at most one of a stack's cards scores (king-pedro)
O_FORCED_KIND = 29  # FORCED_*: what happens when the first three pass
O_KITTY = 30  # cards the high bidder takes after the auction
O_LOSE_AT = 31  # 0, or a score at or below which a team loses
O_PAIRS = 32  # 1: extra cards are played in pairs over the first tricks (california)
O_DOUBLE_MAX = 33  # 1: the top bid scores and loses double
O_TOP_BID = 34  # the highest bid value (O_MAX_BID, or 2 x it for "83 double")
O_PASS_EXCESS = 35  # 1: a player with too many trumps passes the excess to its partner
O_MOON = 36  # 1: the top numeric bid, made, scores twice the bid (set: as any set bid)
N_OPTS = 37

FORCED_EXACT = 0
FORCED_NONE = 1  # the dealer may pass too; then the deal is thrown in
FORCED_ANY = 2  # the dealer must bid, any legal bid

SCORE_ADD = 0
SCORE_DIFFERENCE = 1  # foster: only the difference scores; nobody subtracts

EXCESS_BURY = 0  # bury non-scoring trumps under its card on the first trick
EXCESS_DISCARD = 1  # a non-dealer discards non-scoring trumps down to O_KEEP (no fill)
FOLD_NEVER = 0
FOLD_AT_TRICK = 1  # a player in play with no trump folds at the start of a trick
FOLD_ON_TRUMP_LEAD = 2  # a player with no trump folds when a trump is led

DISCARD_NON_TRUMPS = 0
DISCARD_NONE = 1
DISCARD_KEEP_TRUMPS = 2  # keep every trump, and non-trumps of choice up to O_KEEP
DISCARD_FREE = 3  # each non-dealer keeps what it likes, up to O_KEEP, and is filled
DISCARD_KEEP_SCORING = 4  # keep trumps (scoring ones first) and non-trumps of choice
FILL_ROB_TRUMPS = 0  # others from the top of the stock; the dealer takes every stock trump
FILL_TOP = 1  # everyone, dealer last, from the top of the stock
FILL_NONE = 2
FILL_TAKE_ALL = 3  # the dealer takes the rest of the stock and keeps O_KEEP of it all
FILL_ROB_FREE = 4  # the dealer keeps any O_KEEP of its cards and the rest of the stock
FILL_ROB_ALL = 5  # ... of its cards, the rest of the stock and the others' discards
PLAIN_FOLLOW_OR_TRUMP = 0
PLAIN_ANY = 1
PLAIN_FOLLOW = 2
PLAIN_TRUMPS_ONLY = 3  # only trumps are played (a player without trumps has folded)
TIE_CONTINUE = 0
TIE_BIDDERS = 1
TIE_COUNTING_ORDER = 2
WIN_ANY = 0
WIN_ON_BID = 1  # only on a deal on which the team won the bid
WIN_ON_MADE = 2  # only on a deal on which the team made its bid

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
N_INFO = 8
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
# flags: int64 [4]: each team's heuristic technique flags, then the thinking players' settings
FL_WORLDS = 2  # pimc: worlds drawn per decision (K)
FL_EVAL = 3  # pimc: how a world values a card
EVAL_ROLLOUT = 0  # heuristic play to the end
EVAL_SOLVER = 1  # the solver, every card of the world visible
FL_BID_WORLDS = 4  # pimc, dd: deals simulated per suit to bid and name trumps
N_FLAGS = 5
# heuristic technique flags
F_CINCH = 1
F_SAVE_PEDRO = 2
F_LEAD_TRUMPS = 4
F_GUARD_PEDRO = 8
F_BURY_LOW = 16
F_ALL = 31

# --- trace record: int64 [R_LEN] per deal ---
R_DEALT = 0  # 53: seat-major dealt hands (seat 0's cards in dealt order, ...), then the stock
R_NCALLS = 53  # number of calls (at R_CALLS, after the tricks)
R_DEALER = 57
R_BIDDER = 58
R_BID = 59
R_TRUMP = 60
R_RECEIVED = 61  # 4 masks: cards taken in between the bidding and the first lead
R_START = 65  # 4 masks: hands when play starts
R_CLAIM_SEAT = 69
R_CLAIM_MASK = 70
R_POINTS = 71  # 2
R_SCORE = 73  # 2
R_MADE = 75
R_NTRICKS = 76
R_NFOLDED = 77
R_FOLDED = 78  # 4 x (seat, index of the first trick it did not play to)
R_PUT_AWAY = 86  # 4 masks: stock cards a seat discarded without taking them (foster's dealer)
R_PASSED = 90  # 4 masks: cards a seat received from its partner (eighty-three)
R_TRICKS = 94  # per trick: leader, winner, nplays, then (seat, card, buried mask) x 4
TRICK_LEN = 15
MAX_TRICKS = 14
R_CALLS = R_TRICKS + TRICK_LEN * MAX_TRICKS  # (seat, bid or 0 = pass) per call
MAX_CALLS = 200
R_LEN = R_CALLS + 2 * MAX_CALLS
