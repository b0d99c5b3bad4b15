"""The `cinch` rules (docs/rules.md sections 1, 2, 5), as small pure functions.

Everything works on card ids (see cards.py) and a TrumpInfo.
"""

from __future__ import annotations

from .cards import TrumpInfo

N_SEATS = 4
HAND_SIZE = 6
DEALT = 9
STOCK_SIZE = 16
MIN_BID = 7
MAX_BID = 14
FORCED_BID = 7
TOTAL_POINTS = 14


def team(seat: int) -> int:
    return seat % 2


def seats_from(first: int) -> list[int]:
    """The four seats in playing order starting at ``first``."""
    return [(first + i) % N_SEATS for i in range(N_SEATS)]


def bidding_order(dealer: int) -> list[int]:
    """Eldest first, dealer last (also the packet order of the deal)."""
    return seats_from((dealer + 1) % N_SEATS)


def deal_packets(deck: list[int], dealer: int) -> tuple[list[list[int]], list[int]]:
    """Deal a shuffled deck: 3 rounds of 3-card packets to eldest, eldest+1,
    eldest+2, dealer; the stock is deck[36:52], top first."""
    hands: list[list[int]] = [[] for _ in range(N_SEATS)]
    pos = 0
    for _round in range(3):
        for seat in bidding_order(dealer):
            hands[seat].extend(deck[pos:pos + 3])
            pos += 3
    return hands, list(deck[pos:])


def deal_fixed(rest: list[int], dealer: int, bidder: int,
               fixed_hand: list[int]) -> tuple[list[list[int]], list[int]]:
    """The kind-2 deal: ``rest`` (43 shuffled cards) goes in packet order to
    the seats other than ``bidder``; the bidder holds ``fixed_hand``."""
    hands: list[list[int]] = [[] for _ in range(N_SEATS)]
    hands[bidder] = list(fixed_hand)
    pos = 0
    for _round in range(3):
        for seat in bidding_order(dealer):
            if seat == bidder:
                continue
            hands[seat].extend(rest[pos:pos + 3])
            pos += 3
    return hands, list(rest[pos:])


def bid_options(standing: int) -> list[int]:
    """``[pass, lo, ..., MAX_BID]``, lo = max(MIN_BID, standing + 1); pass = 0."""
    lo = max(MIN_BID, standing + 1)
    return [0] + list(range(lo, MAX_BID + 1))


def discard_and_fill(hands: list[list[int]], stock: list[int], dealer: int,
                     t: TrumpInfo):
    """Discard all non-trumps, fill non-dealers (eldest first) from the top of
    the stock to 6 (as far as it goes), then the dealer takes every remaining stock trump
    plus the first non-trumps that make up the room below 6. The seats are those of
    ``hands`` (four, or the players of individual play).

    Returns (discards, received, start_hands, leftover_stock)."""
    n = len(hands)
    kept = [[c for c in h if t.is_trump[c]] for h in hands]
    discards = [[c for c in h if not t.is_trump[c]] for h in hands]
    received: list[list[int]] = [[] for _ in range(n)]
    pos = 0
    for seat in [(dealer + 1 + i) % n for i in range(n - 1)]:
        need = max(0, HAND_SIZE - len(kept[seat]))
        take = stock[pos:pos + need]
        pos += len(take)
        received[seat] = list(take)
    rest = stock[pos:]
    n_trumps = len(kept[dealer]) + sum(1 for c in rest if t.is_trump[c])
    room = max(0, HAND_SIZE - n_trumps)  # non-trumps only fill the room below 6
    taken = []
    leftover = []
    for c in rest:
        if t.is_trump[c]:
            taken.append(c)
        elif room > 0:
            taken.append(c)
            room -= 1
        else:
            leftover.append(c)
    received[dealer] = taken
    start_hands = [kept[s] + received[s] for s in range(n)]
    return discards, received, start_hands, leftover


def legal_cards(hand: list[int], led_suit: int | None, t: TrumpInfo) -> list[int]:
    """Cards of ``hand`` (in hand order) that the follow rules allow.

    ``led_suit`` is None for the leader, the trump suit when a trump was led,
    else the plain suit led. Trump led: a trump if able. Plain led: holding
    the suit, follow suit or trump; void, anything."""
    if led_suit is None:
        return list(hand)
    if led_suit == t.suit:
        trumps = [c for c in hand if t.is_trump[c]]
        return trumps if trumps else list(hand)
    if any(not t.is_trump[c] and c // 13 == led_suit for c in hand):
        return [c for c in hand if t.is_trump[c] or c // 13 == led_suit]
    return list(hand)


def n_extra(hand_size: int, trick_index: int) -> int:
    """How many cards a player must bury with its card: k - 6 on trick 0."""
    if trick_index == 0 and hand_size > HAND_SIZE:
        return hand_size - HAND_SIZE
    return 0


def stack_tops(hand: list[int], candidates: list[int], t: TrumpInfo) -> list[int]:
    """Of ``candidates`` (follow-legal tops), those that leave at least
    k - 6 non-scoring trumps in ``hand`` to bury."""
    extra = len(hand) - HAND_SIZE
    if extra <= 0:
        return list(candidates)
    ns = sum(1 for c in hand if t.non_scoring[c])
    return [c for c in candidates if ns - (1 if t.non_scoring[c] else 0) >= extra]


def trick_winner(plays: list[tuple[int, int]], t: TrumpInfo) -> int:
    """Seat winning a trick given ``[(seat, top card), ...]`` in play order:
    highest trump, else highest card of the (effective) suit led."""
    led = t.eff_suit[plays[0][1]]
    best_seat = -1
    best_key = (-1, -1)
    for seat, c in plays:
        if t.is_trump[c]:
            key = (1, t.power[c])
        elif c // 13 == led:
            key = (0, c % 13)
        else:
            continue
        if key > best_key:
            best_key = key
            best_seat = seat
    return best_seat


def holder_of(card: int, hands: list[list[int]]) -> int:
    for seat, h in enumerate(hands):
        if card in h:
            return seat
    return -1


def score_deal(points: list[int], bidder: int, bid: int) -> tuple[bool, list[int]]:
    """(made, score): bidders add their points if >= bid else lose the bid;
    the opponents add their points."""
    bt = team(bidder)
    made = points[bt] >= bid
    score = list(points)
    if not made:
        score[bt] = -bid
    return made, score
