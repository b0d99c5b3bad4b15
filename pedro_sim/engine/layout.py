"""Named indices into the kernels' int arrays: options, table masks, trace records."""

# --- opts: int64 array of rule options (built by rules.Variant.kernel_options) ---
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
N_OPTS = 12

# --- masks: uint64 [4 trumps, N_MASKS] ---
M_FOLLOW = 0  # columns 0..3: cards that follow suit s (the trump column: all trumps)
M_TRUMP = 4
M_SCORE_TRICK = 5  # trumps that score for the trick's winner
M_NONSCORE = 6  # trumps that score nothing (the only ones that may be buried)
M_TWO = 7
M_PEDROS = 8
N_MASKS = 9

# --- cinfo: int64 [4 trumps, N_INFO, 53] ---
I_SUIT = 0  # effective suit; TRUMP_SUIT for trumps
I_STRENGTH = 1  # plain cards: rank 0..12; trumps: 20 + power
I_POINTS = 2  # trick points
I_EVAL = 3  # the heuristic's bidding weight of the card as a trump (tenths of a point)
# The same for every trump row: the card's I_EVAL weight in each suit it is a trump of,
# and 1 for each such suit, packed 16 bits per suit (suit t at bit 16 t).
I_PACKED_EVAL = 4
I_PACKED_COUNT = 5
N_INFO = 6
TRUMP_SUIT = 4

# --- policies and heuristic technique flags ---
P_RANDOM = 0
P_HEURISTIC = 1
F_CINCH = 1
F_SAVE_PEDRO = 2
F_LEAD_TRUMPS = 4
F_GUARD_PEDRO = 8
F_BURY_LOW = 16
F_ALL = 31

# --- trace record: int64 [R_LEN] per deal ---
R_DEALT = 0  # 36: seat-major dealt cards (seat 0's 9 cards in dealt order, ...)
R_STOCK = 36  # 16: stock top first
R_CALLS = 52  # 4: (seat, bid) calls are seat-order from eldest: bid or 0 = pass, -1 none
R_DEALER = 56
R_BIDDER = 57
R_BID = 58
R_TRUMP = 59
R_KEPT = 60  # 4 masks: trumps kept from the dealt hand
R_START = 64  # 4 masks: hands when play starts
R_CLAIM_SEAT = 68
R_CLAIM_MASK = 69
R_POINTS = 70  # 2
R_SCORE = 72  # 2
R_MADE = 74
R_NTRICKS = 75
R_TRICKS = 76  # per trick: leader, winner, nplays, then (seat, card, buried mask) x 4
TRICK_LEN = 15
MAX_TRICKS = 14
R_LEN = R_TRICKS + TRICK_LEN * MAX_TRICKS
