"""Unit tests of the plain-Python reference engine (pedro_sim.reference).

The scenarios are built by hand from docs/rules.md (preset `cinch`), docs/trace-format.md and
docs/engine-spec.md; nothing here imports the numba engine.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pedro_sim.reference import check_trace, fixed_hand_deal, random_deal, random_game
from pedro_sim.reference.cards import (
    card_text,
    cards_text,
    parse_card,
    parse_suit,
    trump_info,
)
from pedro_sim.reference.general import RandomPolicy
from pedro_sim.reference.general import play as general_play
from pedro_sim.reference.rng import Stream, mix, shuffle
from pedro_sim.reference.rules import (
    bid_options,
    deal_packets,
    discard_and_fill,
    legal_cards,
    score_deal,
    stack_tops,
    trick_winner,
)
from pedro_sim.reference.variants import get_variant, table

S, H, D, C = 0, 1, 2, 3


def ids(text: str) -> list[int]:
    return [parse_card(x) for x in text.split()]


def txt(cards) -> str:
    return " ".join(cards_text(cards))


def play_out(start, t, first_leader: int, chooser):
    """A cinch deal played from ``start`` by the reference engine's play phase, the
    random player drawing from ``chooser`` (tricks, claimed, points)."""
    v = get_variant("cinch")
    tricks, _folded, claimed, points, _ = general_play(v, table(v, t.suit), start,
                                                       first_leader, RandomPolicy(chooser))
    return tricks, claimed, points


class AlwaysFirst:
    """A chooser that always picks option 0 (the lowest card id)."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    def below(self, n: int) -> int:
        self.calls.append(n)
        return 0


class Scripted:
    """A chooser that returns scripted answers, checking each n."""

    def __init__(self, answers: list[tuple[int, int]]) -> None:
        self.answers = list(answers)

    def below(self, n: int) -> int:
        want_n, k = self.answers.pop(0)
        assert n == want_n, f"asked below({n}), script expected below({want_n})"
        return k


# --------------------------------------------------------------------- rng

M64 = 2 ** 64
G = 0x9E3779B97F4A7C15


def hand_mix(z: int) -> int:
    z %= M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % M64
    return z ^ (z >> 31)


def hand_start(seed: int, index: int, kind: int) -> int:
    return hand_mix((seed + G) % M64) ^ hand_mix((index + 0xD1B54A32D192ED03 * (kind + 1)) % M64)


def test_mix_matches_published_splitmix64():
    # splitmix64 seeded with 0 gives these first three outputs (reference C code).
    assert mix(G) == 0xE220A8397B1DCDAF
    assert mix((2 * G) % M64) == 0x6E789E6AA1B965F4
    assert mix((3 * G) % M64) == 0x06C45D188009454F


@pytest.mark.parametrize("seed,index,kind",
                         [(0, 0, 0), (12345, 7, 1), (2 ** 64 - 1, 2 ** 21 + 3, 2)])
def test_stream_first_outputs_by_hand(seed, index, kind):
    state = hand_start(seed, index, kind)
    s = Stream.start(seed, index, kind)
    assert s.state == state
    for _ in range(5):
        state = (state + G) % M64
        assert s.next() == hand_mix(state)
    # below(n) = ((next() >> 32) * n) >> 32
    for n in (2, 4, 13, 52):
        state = (state + G) % M64
        assert s.below(n) == ((hand_mix(state) >> 32) * n) >> 32


def test_stream_known_vector():
    s = Stream.start(0, 0, 0)
    assert s.state == 0x60291CB981F0D6BF
    assert [s.next() for _ in range(3)] == [
        0x3CF11A8C42ACBFB8, 0xB89B5D5330B03B54, 0x366753A99BF5B1CA]
    s = Stream.start(0, 0, 0)
    assert [s.below(52) for _ in range(5)] == [12, 37, 11, 39, 37]


def test_pick_draws_only_with_choice():
    s = Stream.start(1, 2, 0)
    assert s.pick([5]) == 5 and s.draws == 0
    s.pick([1, 2])
    assert s.draws == 1


def test_shuffle_and_deal_by_hand():
    seed, index = 99, 6
    state = hand_start(seed, index, 0)
    deck = list(range(52))
    for j in range(51, 0, -1):
        state = (state + G) % M64
        k = ((hand_mix(state) >> 32) * (j + 1)) >> 32
        deck[j], deck[k] = deck[k], deck[j]
    assert shuffle(Stream.start(seed, index, 0), list(range(52))) == deck
    dealer = index % 4  # 2: eldest 3, then 0, 1, dealer 2
    hands, stock = deal_packets(deck, dealer)
    assert hands[3] == deck[0:3] + deck[12:15] + deck[24:27]
    assert hands[0] == deck[3:6] + deck[15:18] + deck[27:30]
    assert hands[1] == deck[6:9] + deck[18:21] + deck[30:33]
    assert hands[2] == deck[9:12] + deck[21:24] + deck[33:36]
    assert stock == deck[36:]
    tr = random_deal(seed, index)
    assert tr["dealer"] == 2
    assert tr["hands"] == [cards_text(h) for h in hands]
    assert tr["stock"] == cards_text(stock)


# ------------------------------------------------------------------ cards

def test_card_text_and_parsing():
    assert card_text(0) == "2S" and card_text(12) == "AS" and card_text(13 + 8) == "TH"
    assert card_text(51) == "AC"
    assert parse_card("10h") == parse_card("TH") == 13 + 8
    assert parse_card("A♠") == 12 and parse_card("q♦") == 2 * 13 + 10
    assert parse_suit("♣") == C and parse_suit("d") == D
    for bad in ("JK", "1S", "XX", "", "10"):
        with pytest.raises(ValueError):
            parse_card(bad)


def test_trump_tables():
    t = trump_info(H)
    assert card_text(t.off_five) == "5D"
    assert card_text(trump_info(S).off_five) == "5C"
    assert card_text(trump_info(C).off_five) == "5S"
    order = ids("AH KH QH JH TH 9H 8H 7H 6H 5H 5D 4H 3H 2H")
    powers = [t.power[c] for c in order]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == 14
    assert sum(t.points) == 14
    assert {card_text(c) for c in range(52) if t.scoring[c]} == {"AH", "JH", "TH", "5H", "5D", "2H"}
    assert {card_text(c) for c in range(52) if t.non_scoring[c]} == {
        "KH", "QH", "9H", "8H", "7H", "6H", "4H", "3H"}
    assert t.eff_suit[parse_card("5D")] == H and t.eff_suit[parse_card("6D")] == D


# ---------------------------------------------------------- trick winners

def tw(plays: str, trump: int) -> int:
    """Winner of 'seat:card seat:card ...'."""
    pairs = []
    for p in plays.split():
        seat, card = p.split(":")
        pairs.append((int(seat), parse_card(card)))
    return trick_winner(pairs, trump_info(trump))


def test_trick_winner_with_off_five():
    assert tw("0:4H 1:5D 2:3H 3:2H", H) == 1      # off-five beats the 4
    assert tw("0:5H 1:5D 2:3H 3:2H", H) == 0      # pedro beats off-five
    assert tw("0:6H 1:5D", H) == 0
    assert tw("2:QH 3:KH 0:AH 1:JH", H) == 0
    assert tw("0:KD 1:AD 2:5D 3:2C", H) == 2      # off-five is a trump, not a diamond
    assert tw("0:5D 1:AD 2:2H 3:AS", H) == 0      # off-five led = trump led; AD is plain
    assert tw("3:9D 0:AS 1:TD 2:4D", H) == 1      # no trump: highest of suit led
    assert tw("1:9C 2:AS 3:AD 0:2C", H) == 1      # off-suit aces do not win
    assert tw("1:5S 2:AS 3:KS 0:4S", C) == 1      # 5S is clubs' off-five: trump
    assert tw("1:KC 2:AC 3:5S 0:4C", S) == 3      # any trump beats a plain suit led
    assert tw("1:KC 2:5C 3:AC 0:4S", S) == 2      # 5C (spades' off-five) is a trump above 4S


def test_trick_winner_two_trump_lowest():
    assert tw("0:2S 1:3S 2:AD 3:KD", S) == 1
    assert tw("0:AD 1:2S 2:KD 3:QD", S) == 1      # any trump beats the suit led


# -------------------------------------------------------- follow rules

def legal(hand: str, led, trump: int) -> str:
    return txt(sorted(legal_cards(ids(hand), led, trump_info(trump))))


def test_follow_or_trump():
    # Leader: anything.
    assert legal("5D 7D 9S", None, H) == "9S 5D 7D"
    # Trump led: must play trump if able (the off-five is a trump).
    assert legal("5D 7D 9S", H, H) == "5D"
    assert legal("7D 9S", H, H) == "9S 7D"
    # Plain led: holding the suit, follow suit or trump.
    assert legal("5D 7D 9S 3H", D, H) == "3H 5D 7D"
    # The off-five does not make a player hold its printed suit.
    assert legal("5D 9S 3C", D, H) == "9S 5D 3C"
    # Void in the suit led: anything.
    assert legal("9S 3C JC", D, H) == "9S 3C JC"
    assert legal("9S 3C 2H", D, H) == "9S 2H 3C"


# ------------------------------------------------------------- the stack

def test_stack_top_free_when_enough_non_scoring():
    t = trump_info(S)
    hand = ids("AS KS QS 9S 8S 2S 3S")  # k=7, bury 1; 4 non-scoring (KS QS 9S 8S 3S = 5)
    assert sorted(stack_tops(hand, hand, t)) == sorted(hand)


@pytest.mark.parametrize("hand", [
    "AS JS TS 5S 5C 2S KS",            # k=7: one non-scoring, one to bury
    "AS JS TS 5S 5C 2S KS QS",         # k=8: two of each
    "AS JS TS 5S 5C 2S KS QS 9S",      # k=9: three of each
])
def test_all_six_scoring_trumps_force_a_scoring_top(hand):
    t = trump_info(S)
    h = ids(hand)
    tops = stack_tops(h, h, t)
    assert txt(sorted(tops)) == txt(sorted(ids("AS JS TS 5S 5C 2S")))
    # With one scoring trump fewer and one non-scoring more, any card may go on top.
    h2 = [c for c in h if c != parse_card("2S")] + ids("3S")
    assert sorted(stack_tops(h2, h2, t)) == sorted(h2)


def test_random_player_stack_and_bury():
    # Seat 1 holds all six scoring spades + KS QS 9S and leads trick 0:
    # the top must be scoring and KS QS 9S are buried without a draw.
    hands = [ids("2H 3H 4H 5H 6H 7H"), ids("AS JS TS 5S 5C 2S KS QS 9S"),
             ids("2D 3D 4D 6D 7D 8D"), ids("2C 3C 4C 6C 7C 8C")]
    ch = Scripted([(6, 4)])  # scoring tops sorted by id: 2S 5S TS JS AS 5C; index 4 = AS
    tricks, claimed, points = play_out(hands, trump_info(S), 1, _Then(ch))
    first = tricks[0]["plays"][0]
    assert first == [1, ["AS", "9S", "QS", "KS"]]
    assert claimed is None and sum(points) == 14


def test_random_bury_draws_when_more_candidates():
    # k=8 all trumps, bury 2 from the non-scoring trumps left after the top.
    t = trump_info(S)
    hands = [ids("KS QS 9S 8S 3S AS 7S 6S"), ids("2D 3D 4D 6D 7D 8D"),
             ids("2C 3C 4C 6C 7C 8C"), ids("4H 5H 6H 7H 8H 9H")]
    # Tops (any of 8), sorted 3S 6S 7S 8S 9S QS KS AS: index 0 = 3S. Candidates
    # then 6S 7S 8S 9S QS KS: index 5 = KS; then of 6S 7S 8S 9S QS index 0 = 6S.
    ch = Scripted([(8, 0), (6, 5), (5, 0)])
    tricks, _, _ = play_out(hands, t, 0, _Then(ch))
    assert tricks[0]["plays"][0] == [0, ["3S", "6S", "KS"]]


class _Then:
    """Use a scripted chooser first, then always 0."""

    def __init__(self, first: Scripted) -> None:
        self.first = first

    def below(self, n: int) -> int:
        if self.first.answers:
            return self.first.below(n)
        return 0


# ------------------------------------------------ discards and the fill

def filled(trump: int, hands: list[str], stock: str):
    """discard_and_fill of a hand-built cinch deal, seat 0 dealing (cards as text): the
    trump's tables, then each seat's discards, received and start hand, and what is left
    of the stock, as text."""
    t = trump_info(trump)
    dealt = [ids(h) for h in hands]
    discards, received, start, left = discard_and_fill(dealt, ids(stock), 0, t)
    return (t, [txt(d) for d in discards], [txt(r) for r in received], [txt(h) for h in start],
            txt(left))


def test_dealer_robs_the_stock():
    # dealer 0; eldest 1, then 2, 3. Trumps: the dealer 2, seat 1 4, seat 2 8 (it gets
    # nothing), seat 3 none.
    _, discards, received, start, left = filled(S, [
        "AS KS 2H 3H 4H 5H 6H 7H 8H", "QS JS TS 9S 2D 3D 4D 5D 6D",
        "8S 7S 6S 5S 4S 3S 2S 5C 7D", "9H TH JH QH KH AH 8D 9D TD"],
        "JD QD KD AD 2C 3C 4C 6C 7C 8C 9C TC JC QC KC AC")
    assert discards == ["2H 3H 4H 5H 6H 7H 8H", "2D 3D 4D 5D 6D", "7D",
                        "9H TH JH QH KH AH 8D 9D TD"]
    assert received[1:] == ["JD QD", "", "KD AD 2C 3C 4C 6C"]
    # Rest: 7C 8C 9C TC JC QC KC AC, no trumps; the dealer has 2 -> takes 4.
    assert (received[0], start[0], start[2], left) == (
        "7C 8C 9C TC", "AS KS 7C 8C 9C TC", "8S 7S 6S 5S 4S 3S 2S 5C", "JC QC KC AC")


def test_dealer_takes_every_trump_and_nontrumps_only_below_six():
    # Hearts (off-five 5D). Trumps: the dealer 3; seat 1 6 (it gets nothing); seat 2 1
    # (it takes 5); seat 3 2, with the off-five (it takes 4).
    _, discards, received, start, left = filled(H, [
        "AH KH QH 2S 3S 4S 6S 7S TS", "2H 3H 4H 6H 7H 8H 9S JS QS",
        "9H KS AS 2C 3C 4C 5C 6C 7C", "5H 5D 8C 9C TC JC QC KC AC"],
        "2D 3D 4D 6D 7D 8D 9D TD QD JD 5S 8S TH KD JH AD")
    assert received[1:] == ["", "2D 3D 4D 6D 7D", "8D 9D TD QD"]
    assert discards[3] == "8C 9C TC JC QC KC AC"
    # Rest: JD 5S 8S TH KD JH AD. The dealer's 3 trumps + TH JH = 5, so only
    # one non-trump (the first, JD) makes up the room below 6; it still takes
    # the trumps that come after the non-trumps.
    assert (received[0], start[0], left) == ("JD TH JH", "AH KH QH JD TH JH", "5S 8S KD AD")


def test_dealer_with_more_than_six_trumps_takes_no_nontrump():
    # Diamonds (off-five 5H). Trumps: the dealer 6; seat 1 7 (it gets nothing); seats 2
    # and 3 none (each takes 6).
    _, _, received, start, left = filled(D, [
        "AD KD QD JD TD 9D 2S 3S 4S", "8D 7D 6D 5D 4D 3D 2D 5S 6S",
        "2H 3H 4H 6H 7H 8H 9H TH JH", "2C 3C 4C 5C 6C 7C 8C 9C TC"],
        "QH KH AH JC QC KC AC 7S 8S TS JS QS AS 5H KS 9S")
    assert received[2:] == ["QH KH AH JC QC KC", "AC 7S 8S TS JS QS"]
    assert received[0] == "5H" and start[:2] == ["AD KD QD JD TD 9D 5H", "8D 7D 6D 5D 4D 3D 2D"]
    assert left == "AS KS 9S"


def test_short_stock_players_sit_out():
    # The dealer holds 9 trumps.
    t, _, received, start, left = filled(S, [
        "AS KS QS JS TS 9S 8S 7S 6S", "2H 3H 4H 5H 6H 7H 8H 9H TH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD", "2C 3C 4C 6C 7C 8C 9C TC JC"],
        "JH 5S QH KH AH 4S JD QD 3S KD AD 2S QC KC 5C AC")
    # the stock ran out: seat 3 takes 4 cards
    assert received == ["", "JH 5S QH KH AH 4S", "JD QD 3S KD AD 2S", "QC KC 5C AC"]
    assert left == ""
    start = [ids(h) for h in start]
    assert [len(h) for h in start] == [9, 6, 6, 4]
    tricks, claimed, points = play_out(start, t, 1, AlwaysFirst())
    # The dealer stacks 4 cards (bury 3) on trick 0.
    dealer_play = [p for p in tricks[0]["plays"] if p[0] == 0][0]
    assert len(dealer_play[1]) == 4
    assert all(not t.scoring[parse_card(c)] for c in dealer_play[1][1:])
    # Seat 3 runs out after 4 tricks and sits out the last two.
    assert [len(tk["plays"]) for tk in tricks] == [4, 4, 4, 4, 3, 3]
    assert all(p[0] != 3 for tk in tricks[4:] for p in tk["plays"])
    assert claimed is None and sum(points) == 14


# -------------------------------------------------- leaders and claims

def test_winner_without_cards_passes_the_lead():
    t = trump_info(S)
    hands = [ids("3S 4S"), ids("AS"), ids("5H 6H"), ids("2H 7H")]
    tricks, claimed, points = play_out(hands, t, 0, AlwaysFirst())
    assert tricks[0] == {"leader": 0, "winner": 1,
                         "plays": [[0, ["3S"]], [1, ["AS"]], [2, ["5H"]], [3, ["2H"]]]}
    # Seat 1 won but has no cards: seat 2 leads; seat 1 sits out.
    assert tricks[1] == {"leader": 2, "winner": 0,
                         "plays": [[2, ["6H"]], [3, ["7H"]], [0, ["4S"]]]}
    assert claimed is None and points == [0, 1]


def test_lone_holder_claims():
    t = trump_info(S)
    # The first leader (seat 2) has no cards: seat 0 leads.
    hands = [ids("5C AS 3H"), ids("2S"), [], []]
    tricks, claimed, points = play_out(hands, t, 2, AlwaysFirst())
    assert tricks == [{"leader": 0, "winner": 0, "plays": [[0, ["AS"]], [1, ["2S"]]]}]
    # Only seat 0 holds cards: it claims them (ascending card id) and the
    # off-five among them scores for its team; the 2 scores for its holder.
    assert claimed == [0, ["3H", "5C"]]
    assert points == [6, 1]


def test_claim_at_first_trick():
    t = trump_info(H)
    tricks, claimed, points = play_out([[], [], ids("AH 5D JH"), []], t, 1, AlwaysFirst())
    assert tricks == [] and claimed == [2, ["JH", "AH", "5D"]] and points == [7, 0]


# ----------------------------------------------------------- auction

def test_bid_options():
    assert bid_options(0) == [0, 7, 8, 9, 10, 11, 12, 13, 14]
    assert bid_options(9) == [0, 10, 11, 12, 13, 14]
    assert bid_options(14) == [0]


def test_auction_in_traces():
    forced = 0
    for i in range(500):
        tr = random_deal(6, i)
        d = tr["dealer"]
        assert [s for s, _ in tr["bids"]] == [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d]
        calls = [b for _, b in tr["bids"]]
        if calls[:3] == [0, 0, 0]:
            forced += 1
            assert calls[3] == 7 and tr["bidder"] == d and tr["bid"] == 7
        assert tr["bid"] == max(calls)
    assert forced > 0


# ----------------------------------------------------------- scoring

def test_score_made_and_set():
    assert score_deal([7, 7], 1, 7) == (True, [7, 7])       # exactly the bid: made
    assert score_deal([8, 6], 3, 7) == (False, [8, -7])     # set: lose the bid
    assert score_deal([14, 0], 0, 14) == (True, [14, 0])
    assert score_deal([3, 11], 2, 9) == (False, [-9, 11])


# ------------------------------------------------------------ traces

def test_trace_shape():
    tr = random_deal(1, 0)
    for key in ("format", "variant", "seed", "deal", "policy", "dealer", "hands", "stock",
                "bids", "bidder", "bid", "trump", "discards", "received", "start_hands",
                "tricks", "folded", "claimed", "points", "made", "score"):
        assert key in tr
    assert tr["format"] == "pedro-trace/1" and tr["variant"] == "cinch"
    assert tr["policy"] == "random" and tr["seed"] == 1 and tr["deal"] == 0
    assert tr["folded"] == [] and tr["claimed"] is None
    assert all(len(h) == 9 for h in tr["hands"]) and len(tr["stock"]) == 16
    assert sum(tr["points"]) == 14


def test_known_deal_by_hand():
    # Checked by hand: trump C (off-five 5S), bidder 1 for 14.
    tr = random_deal(1, 0)
    assert tr["trump"] == "C" and tr["bidder"] == 1 and tr["bid"] == 14
    assert tr["bids"] == [[1, 14], [2, 0], [3, 0], [0, 0]]
    # Dealer 0 kept JC KC QC; rest of stock 8H 5S 4H 9S 4D has one trump
    # (5S) -> 4 trumps, room 2: takes 8H, 5S, 4H.
    assert tr["received"][0] == ["8H", "5S", "4H"]
    assert tr["start_hands"][0] == ["JC", "KC", "QC", "8H", "5S", "4H"]
    assert tr["tricks"][2] == {"leader": 0, "winner": 2, "plays": [
        [0, ["5S"]], [1, ["2C"]], [2, ["TC"]], [3, ["7C"]]]}
    assert tr["points"] == [13, 1] and tr["made"] is False and tr["score"] == [13, -14]


def test_claims_never_happen_in_cinch():
    # Eldest and the next seat always end the fill with >= 6 cards, so after
    # trick 0 both hold 5 and run out together: no lone holder ever.
    for i in range(300):
        assert random_deal(8, i)["claimed"] is None


def test_self_consistency_many_deals():
    for seed in (0, 1, 2 ** 63 + 5):
        for i in range(600):
            tr = random_deal(seed, i)
            assert check_trace(tr) == [], (seed, i)
            assert len(tr["tricks"]) == 6


def test_deal_is_deterministic():
    assert random_deal(42, 17) == random_deal(42, 17)
    assert random_deal(42, 17) != random_deal(42, 18)


# ------------------------------------------------------------ checker

def mutated(tr: dict, fn) -> list[str]:
    t2 = copy.deepcopy(tr)
    fn(t2)
    return check_trace(t2)


def test_checker_rejects_malformed():
    assert check_trace("nope")
    assert any("missing keys" in e for e in check_trace({"format": "pedro-trace/1"}))
    tr = random_deal(5, 5)
    assert mutated(tr, lambda t: t.__setitem__("variant", "pidro"))
    assert mutated(tr, lambda t: t["hands"][0].__setitem__(0, "10S"))
    assert mutated(tr, lambda t: t["hands"][0].__setitem__(0, t["hands"][1][0]))
    assert mutated(tr, lambda t: t["tricks"].__setitem__(0, "x"))
    assert mutated(tr, lambda t: t["tricks"][0]["plays"].append([9, ["2S"]]))
    assert mutated(tr, lambda t: t.__setitem__("folded", [[1, 3]]))
    assert mutated(tr, lambda t: t.__setitem__("trump", "X"))


def test_checker_seed_check():
    tr = random_deal(5, 9)

    def swap(t):
        t["hands"][0][0], t["stock"][0] = t["stock"][0], t["hands"][0][0]
    errs = mutated(tr, swap)
    assert any("seeded deal" in e for e in errs)
    t2 = copy.deepcopy(tr)
    t2["deal"] = 10
    assert any("seeded" in e or "dealer" in e for e in check_trace(t2))
    assert check_trace(t2, seed_check=False) == []


def test_checker_auction():
    tr = next(t for t in (random_deal(6, i) for i in range(500))
              if [b for _, b in t["bids"][:3]] == [0, 0, 0])
    assert check_trace(tr) == []
    assert any("forced" in e for e in mutated(tr, lambda t: t["bids"][3].__setitem__(1, 0)))
    assert any("forced" in e for e in mutated(tr, lambda t: t["bids"][3].__setitem__(1, 8)))
    tr = next(t for t in (random_deal(6, i) for i in range(500))
              if t["bids"][0][1] >= 8 and t["bids"][1][1] == 0)
    assert mutated(tr, lambda t: t["bids"][1].__setitem__(1, tr["bids"][0][1]))  # not above
    assert mutated(tr, lambda t: t["bids"][1].__setitem__(1, 15))
    assert mutated(tr, lambda t: t["bids"].reverse())
    assert mutated(tr, lambda t: t.__setitem__("bid", t["bid"] - 1))


def test_checker_exchange():
    tr = random_deal(2, 3)
    assert any("discards" in e for e in mutated(tr, lambda t: t["discards"][0].reverse() if len(
        t["discards"][0]) > 1 else t["discards"][0].append("2S")))
    d = tr["dealer"]
    assert any("received" in e for e in mutated(tr, lambda t: t["received"][d].append("AC")))
    assert any("start_hands" in e for e in mutated(tr, lambda t: t["start_hands"].reverse()))


def test_checker_tricks():
    tr = random_deal(4, 4)
    w = tr["tricks"][0]["winner"]
    assert any("winner" in e for e in mutated(tr, lambda t: t["tricks"][0].__setitem__(
        "winner", (w + 1) % 4)))
    assert any("leader" in e for e in mutated(tr, lambda t: t["tricks"][1].__setitem__(
        "leader", (t["tricks"][1]["leader"] + 1) % 4)))
    assert any("seats" in e for e in mutated(tr, lambda t: t["tricks"][2]["plays"].reverse()))
    assert tr["points"][0] != tr["points"][1]
    assert any("points" in e for e in mutated(tr, lambda t: t.__setitem__(
        "points", [t["points"][1], t["points"][0]])))
    assert any("score" in e for e in mutated(tr, lambda t: t["score"].__setitem__(0, 99)))
    assert any("made" in e for e in mutated(tr, lambda t: t.__setitem__("made", not t["made"])))
    # Truncated play: seats still hold cards.
    errs = mutated(tr, lambda t: t.__setitem__("tricks", t["tricks"][:4]))
    assert any("still hold cards" in e for e in errs)
    # A bogus claim.
    def fake_claim(t):
        t["claimed"] = [0, ["2S"]]
    assert any("claimed" in e for e in mutated(tr, fake_claim))


def test_checker_finds_an_illegal_follow():
    # Swap two cards of one seat between tricks so that an earlier trick gets
    # a card the follow rules forbid there.
    for i in range(200):
        tr = random_deal(10, i)
        t = trump_info("SHDC".index(tr["trump"]))
        hands = [ids(" ".join(h)) for h in tr["start_hands"]]
        for a, trick in enumerate(tr["tricks"]):
            led = None
            for seat, cards in trick["plays"]:
                top = parse_card(cards[0])
                if led is not None and len(cards) == 1:
                    allowed = legal_cards(hands[seat], led, t)
                    for b in range(a + 1, len(tr["tricks"])):
                        for p in tr["tricks"][b]["plays"]:
                            if p[0] == seat and parse_card(p[1][0]) not in allowed:
                                bad = copy.deepcopy(tr)
                                pa = [q for q in bad["tricks"][a]["plays"] if q[0] == seat][0]
                                pb = [q for q in bad["tricks"][b]["plays"] if q[0] == seat][0]
                                pa[1][0], pb[1][0] = pb[1][0], pa[1][0]
                                errs = check_trace(bad)
                                assert any("follow rules" in e for e in errs), errs
                                return
                if led is None:
                    led = t.eff_suit[top]
            for seat, cards in trick["plays"]:
                for c in cards:
                    hands[seat].remove(parse_card(c))
    pytest.fail("no deal with a swappable illegal follow found")


def test_fixed_hand_all_six_scoring_trumps():
    hand = ["AS", "JS", "TS", "5S", "5C", "2S", "KS", "QS", "9S"]
    tops = set()
    for i in range(40):
        tr = fixed_hand_deal(7, i, hand, 1, "S")
        assert tr["hands"][1] == hand and tr["dealer"] == 0
        assert tr["bids"] == [[1, 7]] and tr["bidder"] == 1 and tr["bid"] == 7
        assert tr["kind"] == 2 and tr["trump"] == "S"
        assert check_trace(tr) == []
        first = tr["tricks"][0]
        assert first["leader"] == 1
        seat, cards = first["plays"][0]
        assert seat == 1 and cards[1:] == ["9S", "QS", "KS"]
        assert cards[0] in {"AS", "JS", "TS", "5S", "5C", "2S"}
        tops.add(cards[0])
    assert len(tops) > 1
    tr = fixed_hand_deal(7, 0, hand, 1, "S")

    def bury_scoring(t):
        cards = t["tricks"][0]["plays"][0][1]
        cards[0], cards[1] = cards[1], cards[0]      # 9S on top, a scoring trump buried
        cards[1:] = sorted(cards[1:], key=parse_card)
    errs = mutated(tr, bury_scoring)
    assert any("non-scoring" in e for e in errs), errs
    errs = mutated(tr, lambda t: t["tricks"][0]["plays"][0][1].pop())
    assert any("stack" in e for e in errs), errs
    errs = mutated(tr, lambda t: t["tricks"][0]["plays"][0][1][1:].reverse() or
                   t["tricks"][0]["plays"][0][1].__setitem__(slice(1, None),
                                                             ["KS", "QS", "9S"]))
    assert any("ascending" in e for e in errs), errs


def test_fixed_hand_deal_layout():
    hand = ["9H", "AS", "10d", "K♣", "2S", "3S", "4S", "6S", "7S"]
    for seat in range(4):
        tr = fixed_hand_deal(1, 2, hand, seat, "s")
        assert tr["hands"][seat] == ["9H", "AS", "TD", "KC", "2S", "3S", "4S", "6S", "7S"]
        rest = sorted(set(range(52)) - set(ids("9H AS TD KC 2S 3S 4S 6S 7S")))
        shuffle(Stream.start(1, 2, 2), rest)
        pos = 0
        expect = {s: [] for s in range(4) if s != seat}
        for _ in range(3):
            for s in (1, 2, 3, 0):
                if s != seat:
                    expect[s] += rest[pos:pos + 3]
                    pos += 3
        for s, cards in expect.items():
            assert tr["hands"][s] == cards_text(cards)
        assert tr["stock"] == cards_text(rest[27:])
        assert check_trace(tr) == []
    with pytest.raises(ValueError):
        fixed_hand_deal(1, 2, hand[:8], 0, "S")
    with pytest.raises(ValueError):
        fixed_hand_deal(1, 2, hand, 4, "S")


def test_checker_kind2_bids():
    tr = fixed_hand_deal(3, 3, ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "2C", "3C"], 2, "H")
    assert check_trace(tr) == []
    assert mutated(tr, lambda t: t.__setitem__("bids", [[2, 7], [3, 0]]))
    assert mutated(tr, lambda t: t.__setitem__("bids", [[1, 7]]))


# ------------------------------------------------------------- games

def expected_end(result, target, goes_out_at):
    totals = [0, 0]
    for k, tr in enumerate(result["traces"]):
        out = totals[0] >= goes_out_at and totals[1] >= goes_out_at
        totals = [totals[0] + tr["score"][0], totals[1] + tr["score"][1]]
        if out and tr["made"]:
            return k + 1, tr["bidder"] % 2, "bidder_out", totals
        reached = [x >= target for x in totals]
        if reached[0] != reached[1]:
            return k + 1, reached.index(True), "target", totals
    return len(result["traces"]), -1, "unfinished", totals


def test_random_game_terminates_and_is_consistent():
    ends = set()
    for g in range(60):
        r = random_game(9, g, target=12, goes_out_at=6, max_deals=80)
        deals, winner, end, totals = expected_end(r, 12, 6)
        assert (r["deals"], r["winner"], r["end"], r["score"]) == (deals, winner, end, totals)
        ends.add(r["end"])
        for k, tr in enumerate(r["traces"]):
            assert tr["deal"] == k and tr["dealer"] == (g + k) % 4
            if g < 10:
                assert check_trace(tr) == []
    assert "target" in ends


def test_random_game_uses_kind1_stream():
    r = random_game(4, 3, max_deals=3)
    assert r["deals"] == 3 and r["end"] == "unfinished" and r["winner"] == -1
    tr = r["traces"][1]
    stream = Stream.start(4, 3 * 2 ** 20 + 1, 1)
    deck = shuffle(stream, list(range(52)))
    hands, stock = deal_packets(deck, (3 + 1) % 4)
    assert tr["hands"] == [cards_text(h) for h in hands]
    bad = copy.deepcopy(tr)
    bad["hands"][0][0], bad["stock"][0] = bad["stock"][0], bad["hands"][0][0]
    assert any("seeded" in e for e in check_trace(bad))


# --------------------------------------------------------- properties

@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=-(2 ** 63), max_value=2 ** 64 - 1),
       index=st.integers(min_value=0, max_value=2 ** 40))
def test_property_random_deals_are_valid(seed, index):
    tr = random_deal(seed, index)
    assert check_trace(tr) == []
    # Every card in one place at the start of play; the 14 trumps all in play.
    in_play = [c for h in tr["start_hands"] for c in h]
    discarded = [c for h in tr["discards"] for c in h]
    assert len(set(in_play)) == len(in_play)
    assert not set(in_play) & set(discarded)
    t = trump_info("SHDC".index(tr["trump"]))
    assert sum(1 for c in in_play if t.is_trump[parse_card(c)]) == 14
    assert sum(tr["points"]) == 14
