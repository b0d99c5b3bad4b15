"""A Bourré deal's state as two records of named fields (laid out from their sizes): ``st``
(int64: the table, the pot, the stock, the declarations, the tricks, the payment, all that
a trace needs) and ``mk`` (uint64 card masks: hands, piles, played cards, what each seat
is known not to hold). A deal is a pure function of these and the stream, so the thinking
player copies them to try a move."""

from pedro_sim.encoding.offsets import offsets
from pedro_sim.games import stream_kinds

# the random streams: a session's deal k of session g is keyed at g * GAME_STRIDE + k; a
# fixed hand at a fixed seat (`bourre play`); random hands sorted by class (`bourre chart`)
KIND_BOURRE, KIND_BOURRE_FIXED, KIND_BOURRE_CLASSES = stream_kinds("bourre")

SEATS = 8  # the most seats at a table
HAND = 5
TRICKS = 5
DECK = 52
MAX_RESHUFFLES = 8  # each gathers at least one card that was not gathered before
UNDECLARED = -2
PASS = -1

(S_N, S_LIMIT, S_DOUBLE, S_NOBODY, S_DEALER, S_TRUMP, S_TURNED, S_POT_BEFORE, S_POT,
 S_ANTES, S_DEALT, S_STOCK, S_STOCK_LEN, S_STOCK_POS, S_DECL_NEXT, S_DECL, S_DISC,
 S_RECV, S_NRESH, S_RESH_SEAT, S_RESH_START, S_RESH_LEN, S_RESH_CARDS, S_RESH_USED,
 S_PLAYING, S_LONE, S_TRICK, S_LEADER, S_POS, S_LED, S_TOP, S_TOP_SEAT, S_CINCH,
 S_PLAYS, S_PSEAT, S_TLEAD, S_TWIN, S_WON, S_WINNER, S_TAKEN, S_PAID, S_BOURRE,
 S_EXEMPT, S_DONE, S_FIRST_STOCK, S_LEN) = offsets(
    1, 1, 1, 1, 1, 1, 1, 1, 1,
    SEATS, SEATS * HAND, 2 * DECK, 1, 1, 1, SEATS, SEATS * HAND,
    SEATS * HAND, 1, MAX_RESHUFFLES, MAX_RESHUFFLES, MAX_RESHUFFLES, MAX_RESHUFFLES * DECK, 1,
    1, 1, 1, 1, 1, 1, 1, 1, SEATS,
    TRICKS * SEATS, TRICKS * SEATS, TRICKS, TRICKS, SEATS, 1, 1, SEATS, SEATS,
    SEATS, 1, DECK)
# S_N players; S_LIMIT 0 = none; S_DOUBLE, S_NOBODY flags; S_TURNED the face-up card;
# S_POT the pot now (after double_ante chips); S_STOCK the cards to deal from, from
# S_STOCK_POS to S_STOCK_LEN; S_DECL_NEXT how many seats have declared; S_DECL per seat
# UNDECLARED, PASS or the cards drawn; S_DISC/S_RECV per seat, in order; reshuffles:
# the seat served, where its cards start in S_RESH_CARDS, how many; S_RESH_USED the
# cards of S_RESH_CARDS written; S_LONE the seat that takes the pot without play or -1;
# the trick: S_TRICK its number (TRICKS when play is over), S_LEADER, S_POS the cards
# played to it, S_LED its suit, S_TOP / S_TOP_SEAT the card winning it and who played
# it, S_CINCH per seat whether it had a cinch at the trick's start; S_PLAYS / S_PSEAT
# trick * SEATS + place; S_TLEAD / S_TWIN per trick; S_WON tricks per seat; S_EXEMPT
# per seat: no ante next deal (bourré, or tied for the most tricks); S_DONE settled;
# S_FIRST_STOCK the stock as dealt (S_STOCK is overwritten by a reshuffle).

(M_HAND, M_PILE, M_PLAYED, M_TRICK, M_BAN, M_START, M_DEALT, M_LEN) = offsets(
    SEATS, SEATS, 1, 1, SEATS, SEATS, SEATS)
# M_HAND each seat's cards; M_PILE each seat's discards and passed hand not gathered
# yet; M_PLAYED the cards of finished tricks; M_TRICK the current trick's; M_BAN the
# cards a seat has shown by its plays that it cannot hold; M_START each playing seat's
# cards after its draw; M_DEALT each seat's five dealt cards.

# Players (one per seat)
RANDOM = 0
HEURISTIC = 1
PIMC = 2
