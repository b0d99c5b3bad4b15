"""The reference engine for the presets other than `cinch` (docs/rules.md section 4):
hand-built scenarios of each preset's special rules (worked out by hand from
docs/rules.md), independent invariants (docs/rules.md section 6) over random deals,
games, fixed-hand deals, and mutations the checker must reject.

Nothing here imports the numba engine or pedro_sim.rules.
"""

from __future__ import annotations

import copy

import pytest
from helpers import Script, exchanged, first_tricks, foster_robbing, ids, txt
from hypothesis import given, settings
from hypothesis import strategies as st

from pedro_sim.reference import (
    PRESET_NAMES,
    check_trace,
    fixed_hand_deal,
    random_deal,
    random_game,
)
from pedro_sim.reference.engine import _deal, _header, game_step
from pedro_sim.reference.general import (
    auction,
    bid_options,
    count_order_winner,
    deal_general,
    exchange,
    extras_needed,
    follow_legal,
    play,
    score_deal,
    seeded_deal,
    simulate,
    stack_tops,
    trick_winner,
)
from pedro_sim.reference.rng import Stream, shuffle
from pedro_sim.reference.variants import PRESETS, get_variant, parse_any_card, table, texts

S, H, D, C = 0, 1, 2, 3
OTHERS = [p for p in PRESET_NAMES if p != "cinch"]


# ------------------------------------------------------------ card tables

def test_tables_per_preset():
    totals = {"foster": 14, "california": 16, "family": 14, "pidro": 14, "nicaragua": 14,
              "catch-five": 9, "sancho": 18, "dom-pedro": 36, "king-pedro": 44,
              "sixty-three": 63, "eighty-three": 83, "ukrainian": 62}
    for name, total in totals.items():
        v = get_variant(name)
        assert v.total == total
        for suit in range(4):
            t = table(v, suit)
            assert sum(t.points) == total
            n_trumps = sum(t.is_trump)
            assert n_trumps == 13 + (1 if v.off_five else 0) + (1 if v.deck == 53 else 0)
            # Trump order A K Q J T 9 8 7 6 5 (off-5) 4 3 2 (joker): distinct powers.
            order = [suit * 13 + r for r in range(12, 2, -1)]
            if v.off_five:
                order.append((3 - suit) * 13 + 3)
            order += [suit * 13 + r for r in (2, 1, 0)]
            if v.deck == 53:
                order.append(52)
            powers = [t.power[c] for c in order]
            assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    t = table(get_variant("catch-five"), H)
    assert not t.is_trump[parse_any_card("5D")] and t.eff_suit[parse_any_card("5D")] == D
    t = table(get_variant("dom-pedro"), S)
    assert t.is_trump[52] and t.points[52] == 15 and t.eff_suit[52] == S
    assert t.points[parse_any_card("3S")] == 3 and t.points[parse_any_card("5S")] == 5
    assert not t.is_trump[parse_any_card("5C")]
    t = table(get_variant("eighty-three"), D)
    assert t.points[parse_any_card("QD")] == 20 and t.points[parse_any_card("3D")] == 0
    assert t.points[parse_any_card("5H")] == 5 and t.points[52] == 15
    assert PRESET_NAMES[0] == "cinch" and set(PRESET_NAMES) == set(PRESETS)
    assert len(PRESET_NAMES) == 14
    t = table(get_variant("lipton"), S)  # the off-jack: a trump between the jack and ten
    jc, js, ts = (parse_any_card(c) for c in ("JC", "JS", "TS"))
    assert t.is_trump[jc] and t.eff_suit[jc] == S and t.points[jc] == 1
    assert t.power[js] > t.power[jc] > t.power[ts]
    assert t.points[parse_any_card("KS")] == 20 and get_variant("lipton").total == 35


# -------------------------------------------------------------- dealing

def test_deal_packets_and_stock():
    deck = list(range(53))
    # nicaragua: 7 cards in packets 3, 3, 1; 24 stock.
    hands, stock = deal_general(deck[:52], 0, 7)
    assert hands[1] == [0, 1, 2, 12, 13, 14, 24]
    assert hands[0] == [9, 10, 11, 21, 22, 23, 27]
    assert stock == list(range(28, 52))
    # king-pedro: 12 in four rounds of 3, 4 to the kitty.
    hands, stock = deal_general(deck[:52], 3, 12)
    assert hands[0] == [0, 1, 2, 12, 13, 14, 24, 25, 26, 36, 37, 38]
    assert stock == [48, 49, 50, 51]
    # eighty-three: 53 cards, kitty of 5 (the joker may be in it).
    hands, stock = deal_general(deck, 1, 12)
    assert stock == [48, 49, 50, 51, 52]


def test_seeded_deal_53_cards():
    v = get_variant("dom-pedro")
    stream, hands, stock = seeded_deal(v, 5, 7, 0, 3)
    deck = shuffle(Stream.start(5, 7, 0), list(range(53)))
    assert hands[0] == deck[0:3] + deck[12:15]
    assert hands[3] == deck[9:12] + deck[21:24]
    assert stock == deck[24:] and len(stock) == 29
    tr = random_deal(5, 7, "dom-pedro")
    assert tr["hands"] == [texts(h) for h in hands] and tr["dealer"] == 3
    assert "JK" in sum(tr["hands"], []) + tr["stock"]


# -------------------------------------------------------------- auctions

def test_one_round_dealer_equals():
    v = get_variant("catch-five")
    pol = Script([("bid", 1, 0), ("bid", 2, 5), ("bid", 3, 0), ("bid", 0, 5)])
    bids, bidder, bid = auction(v, 0, pol)
    assert bids == [[1, 0], [2, 5], [3, 0], [0, 5]] and (bidder, bid) == (0, 5)
    assert [o for _, _, o in pol.asked] == [
        [0, 2, 3, 4, 5, 6, 7, 8, 9], [0, 2, 3, 4, 5, 6, 7, 8, 9], [0, 6, 7, 8, 9],
        [0, 5, 6, 7, 8, 9]]
    # All pass: the dealer is forced to 2, no decision asked.
    pol = Script()
    assert auction(v, 2, pol) == ([[3, 0], [0, 0], [1, 0], [2, 2]], 2, 2)
    assert len(pol.asked) == 3
    assert bid_options(get_variant("sancho"), 18, True) == [0, 18]


def test_forced_bids():
    # nicaragua: the dealer's bid is 6 after three passes (below the minimum 7).
    assert auction(get_variant("nicaragua"), 1, Script())[1:] == (1, 6)
    # california: the dealer must bid, any of 6..16.
    pol = Script([("bid", 0, 0), ("bid", 1, 0), ("bid", 2, 0), ("bid", 3, 11)])
    assert auction(get_variant("california"), 3, pol) == (
        [[0, 0], [1, 0], [2, 0], [3, 11]], 3, 11)
    assert pol.asked[3][2] == list(range(6, 17))


def test_round_auction_and_throw_in():
    v = get_variant("king-pedro")
    pol = Script([("bid", 1, 30), ("bid", 2, 31), ("bid", 3, 0), ("bid", 0, 0),
                  ("bid", 1, 0)])
    assert auction(v, 0, pol) == ([[1, 30], [2, 31], [3, 0], [0, 0], [1, 0]], 2, 31)
    pol = Script([("bid", 1, 30), ("bid", 2, 0), ("bid", 3, 44), ("bid", 0, 0)])
    bids, bidder, bid = auction(v, 0, pol)
    assert bids == [[1, 30], [2, 0], [3, 44], [0, 0], [1, 0]] and (bidder, bid) == (3, 44)
    assert pol.asked[-1][2] == [0]          # nothing above 44: pass without a choice
    assert auction(v, 0, Script()) == ([[1, 0], [2, 0], [3, 0], [0, 0]], -1, 0)
    # sixty-three: three passes, the dealer is forced to 1 without a decision.
    pol = Script()
    assert auction(get_variant("sixty-three"), 0, pol) == (
        [[1, 0], [2, 0], [3, 0], [0, 1]], 0, 1)
    assert len(pol.asked) == 3
    # eighty-three: "83 double" (166) over any standing bid.
    v83 = get_variant("eighty-three")
    assert bid_options(v83, 0)[-2:] == [83, 166] and bid_options(v83, 83) == [0, 166]
    assert bid_options(v83, 166) == [0]
    pol = Script([("bid", 1, 40), ("bid", 2, 166)])
    assert auction(v83, 0, pol) == ([[1, 40], [2, 166], [3, 0], [0, 0], [1, 0]], 2, 166)


def test_thrown_in_trace():
    v = get_variant("king-pedro")
    stream, hands, stock = seeded_deal(v, 1, 1, 0, 1)
    body, _ = simulate(v, 1, hands, stock, Script())
    assert body["bidder"] is None and body["trump"] is None and body["bid"] == 0
    assert body["start_hands"] == body["hands"] and body["tricks"] == []
    assert body["discards"] == [[]] * 4 and body["received"] == [[]] * 4
    assert (body["folded"], body["claimed"], body["points"], body["score"], body["made"]) == (
        [], None, [0, 0], [0, 0], False)
    tr = _header("king-pedro", 1, 1)
    tr.update(body)
    assert check_trace(tr) == []
    bad = copy.deepcopy(tr)
    bad["bids"][3][1] = 30
    assert check_trace(bad)


# --------------------------------------------------------------- scoring

def test_scoring_rules():
    cal, fos, v83 = get_variant("california"), get_variant("foster"), get_variant("eighty-three")
    assert score_deal(cal, [16, 0], 0, 16) == (True, [32, 0])      # moon made
    assert score_deal(cal, [10, 6], 0, 16) == (False, [-32, 6])    # moon set
    assert score_deal(cal, [10, 6], 1, 7) == (False, [10, -7])
    assert score_deal(fos, [5, 9], 1, 7) == (True, [0, 4])         # difference
    assert score_deal(fos, [9, 5], 1, 3) == (True, [4, 0])         # made, fewer points
    assert score_deal(fos, [5, 9], 1, 10) == (False, [15, 0])      # set: bid + own points
    assert score_deal(fos, [7, 7], 0, 7) == (True, [0, 0])
    assert score_deal(v83, [83, 0], 0, 166) == (True, [166, 0])
    assert score_deal(v83, [80, 3], 0, 166) == (False, [-166, 3])
    assert score_deal(get_variant("sancho"), [5, 13], 0, 6) == (False, [-6, 13])


def test_sancho_counting_order():
    v = get_variant("sancho")
    # Trump S. Team 0 (bidders) took A and 9 (10 points), team 1 took 2, J, T, 5 (8).
    awards = {parse_any_card("AS"): 0, parse_any_card("9S"): 0, parse_any_card("2S"): 1,
              parse_any_card("JS"): 1, parse_any_card("TS"): 1, parse_any_card("5S"): 1}
    body = {"bidder": 0, "made": True, "score": [10, 8]}
    # 95 + 1 (A) = 96, 93 + 1 + 1 + 1 + 5 = 101 at the pedro before team 0's sancho.
    assert count_order_winner(v, [95, 93], body, {"awards": awards, "suit": S}, 100) == 1
    assert count_order_winner(v, [99, 93], body, {"awards": awards, "suit": S}, 100) == 0
    totals = [95, 93]
    tr = {"bidder": 0, "made": True, "score": [10, 8]}
    assert game_step(v, totals, tr, {"awards": awards, "suit": S}, 100) == (1, "target")
    assert totals == [105, 101]


def test_game_end_rules():
    tr = {"bidder": 1, "made": True, "score": [0, 40]}
    kp = get_variant("king-pedro")
    assert game_step(kp, [150, 170], dict(tr), {}, 200) == (1, "target")
    t2 = {"bidder": 1, "made": False, "score": [44, -44]}
    assert game_step(kp, [180, -60], t2, {}, 200) == (0, "lose_at")     # 224 without a bid
    t3 = {"bidder": 0, "made": False, "score": [-30, 10]}
    totals = [-80, 0]
    assert game_step(kp, totals, t3, {}, 200) == (1, "lose_at") and totals == [-110, 10]
    # california: only the bidders can win, and only on a made bid.
    cal = get_variant("california")
    assert game_step(cal, [95, 98], {"bidder": 1, "made": False, "score": [10, -7]},
                     {}, 100) == (-1, None)
    assert game_step(cal, [95, 98], {"bidder": 1, "made": True, "score": [10, 7]},
                     {}, 100) == (1, "target")
    # family: the bidding team wins on reaching 52 (even when it was set).
    fam = get_variant("family")
    assert game_step(fam, [60, 40], {"bidder": 0, "made": False, "score": [-6, 8]},
                     {}, 52) == (0, "target")
    assert game_step(fam, [40, 50], {"bidder": 0, "made": True, "score": [8, 6]},
                     {}, 52) == (-1, None)
    # both reach: the bidders win.
    pid = get_variant("pidro")
    assert game_step(pid, [60, 55], {"bidder": 1, "made": True, "score": [6, 8]},
                     {}, 62) == (1, "target")
    # thrown in: nothing happens.
    assert game_step(kp, [1, 2], {"bidder": None}, {}, 200) == (-1, None)


# ------------------------------------------------------- follow rules

def legal(name, hand, led, trump):
    v = get_variant(name)
    return txt(sorted(follow_legal(v, table(v, trump), ids(hand), led)))


def test_follow_rules_per_preset():
    hand = "5D 7D 9S 3H"
    assert legal("catch-five", hand, D, H) == "5D 7D"          # 5D is a diamond there
    assert legal("catch-five", "5D 9S 3H", H, H) == "3H"       # 5D is no trump
    assert legal("nicaragua", hand, D, H) == "7D"               # 5D is a trump: must follow
    assert legal("foster", hand, D, H) == "3H 5D 7D"            # follow or trump
    assert legal("california", hand, D, H) == "9S 3H 5D 7D"     # any card on a plain lead
    assert legal("california", hand, H, H) == "3H 5D"           # trump if able
    assert legal("pidro", hand, None, H) == "3H 5D"             # only trumps are played
    assert legal("sancho", "5D 7D 9S", D, H) == "5D 7D"         # no off-five: follow
    assert legal("dom-pedro", "JK 7D 9S", S, S) == "9S JK"       # the joker is a trump


def winner(name, plays, trump):
    v = get_variant(name)
    pairs = [(int(p.split(":")[0]), parse_any_card(p.split(":")[1])) for p in plays.split()]
    return trick_winner(v, table(v, trump), pairs)


def test_trick_winners_per_preset():
    assert winner("king-pedro", "2:3D 3:AD 0:KD 1:QC", H) == 2     # no trump: the leader
    assert winner("king-pedro", "2:3D 3:AD 0:2H 1:QC", H) == 0
    assert winner("catch-five", "0:4H 1:5D 2:3H", H) == 0          # 5D is no trump there
    assert winner("nicaragua", "0:4H 1:5D 2:3H", H) == 1           # off-five beats the 4
    assert winner("dom-pedro", "0:JK 1:2S 2:AD", S) == 1           # 2 beats the joker
    assert winner("dom-pedro", "0:AD 1:JK 2:KD", S) == 1           # the joker is a trump
    assert winner("eighty-three", "0:9C 1:JK 2:AC 3:5S", C) == 2     # AC is a trump
    assert winner("eighty-three", "0:9D 1:JK 2:AD 3:KD", C) == 1     # JK beats plain AD
    assert winner("eighty-three", "0:9D 1:JK 2:AD 3:5S", C) == 3     # off-five above JK


# ------------------------------------------------------- exchanges

def test_catch_five_refill():
    v = get_variant("catch-five")
    t = table(v, S)
    hands = [ids("AS 2H 3H 4H 6H 7H"),            # dealer: 1 trump -> 5
             ids("KS QS 5C 2D 3D 4D"),            # 2 trumps (5C is a club) -> 4
             ids("8H 9H TH JH QH KH"),            # none -> 6
             ids("2S 3S 4S 6S 7S 8S")]            # 6 trumps -> 0
    stock = ids("9S TS JS 5S AH 2C 3C 4C 6C 7C 8C 9C TC JC QC KC AC 5D 6D 7D 8D 9D TD JD "
                "QD KD AD 5H")
    disc, recv, start = exchange(v, t, 0, 1, hands, stock, Script())
    assert txt(disc[1]) == "5C 2D 3D 4D" and txt(recv[1]) == "9S TS JS 5S"
    assert txt(recv[2]) == "AH 2C 3C 4C 6C 7C" and recv[3] == []
    assert txt(recv[0]) == "8C 9C TC JC QC"          # the dealer refills last
    assert txt(start[0]) == "AS 8C 9C TC JC QC"


def test_foster_robbing_exact():
    # Everyone keeps 6 (their 6 lowest ids): no fill; the whole stock is the dealer's.
    v, t, disc, recv, start = foster_robbing()
    assert txt(start[1]) == "2D 3D 4D 5D 6D 7D" and txt(start[2]) == "2S 3S 4S 8D 9D TD"
    assert all(r == [] for r in recv[1:])
    # The dealer: own kept AS 2H; it takes up every stock trump it looks through (kept:
    # 5S 5C QH AH; left: TS 9S 8S 7S 6S, in stock order), the left ones discarded face up
    # after its own, so that start_hands = hands - discards + received.
    assert txt(start[0]) == "AS 2H 5S 5C QH AH"
    assert txt(recv[0]) == "5S 5C TS 9S 8S 7S 6S QH AH"
    assert txt(disc[0]) == "3H 4H 6H 7H 8H 9H TH TS 9S 8S 7S 6S"
    # Bidders team 1: the opponents' (team 0: dealer, seat 2) discarded scoring
    # trumps count for them: TS (1) from the dealer; seat 1's JS counts for nobody.
    from pedro_sim.reference.general import discard_credit
    assert discard_credit(v, t, disc, 1) == 1
    assert discard_credit(v, t, disc, 0) == 1       # seat 1's JS for team 0


def test_nicaragua_dealer_exact():
    _, _, disc, recv, start = exchanged(
        "nicaragua", H, ["2S 3S 4S 6S 7S 8S 9S", "AH KH QH JH TH 9H 8H", "AS 2D 3D 4D 6D 7D 8D",
                         "2C 3C 4C 6C 7C 8C 9C"],
        "TC JC QC KC AC 5C 5S 5D 5H TS JS QS KS TD JD QD KD AD 2H 3H 4H 6H 7H 9D",
        [("keep_count", 1, 7), ("keep_count", 2, 6)]
        + [("keep", 2, c) for c in ids("2D 3D 4D 6D 7D 8D")] + [("keep_count", 3, 7)]
        + [("keep", 0, c) for c in ids("AS 2S 5D 5H JS 9S 2H")])
    assert txt(disc[2]) == "AS" and txt(recv[2]) == "TC"
    # Kept: own 2S 9S (dealt order), then stock cards in stock order, then AS
    # from seat 2's discards; seat 2 still lists AS among its discards.
    assert txt(recv[0]) == "5D 5H JS 2H AS"
    assert txt(start[0]) == "2S 9S 5D 5H JS 2H AS"
    assert txt(disc[0]) == "3S 4S 6S 7S 8S"


def test_pidro_exchange_folds_and_claim():
    v = get_variant("pidro")
    t = table(v, H)                                    # off-five 5D
    hands = [ids("AH KH 2S 3S 4S 6S 7S 8S 9S"),       # dealer: 2 trumps
             ids("2H 3H 4H 6H 7H 8H 9H QH 2C"),       # 8 trumps: keep 6, no fill
             ids("JH 3C 4C 6C 7C 8C 9C TC JC"),       # 1 trump: fill 5
             ids("2D 3D 4D 6D 7D 8D 9D TD JD")]       # none: fill 6
    stock = ids("QC KC AC QD KD AD TS JS QS KS AS 5S 5D TH 5H 5C")
    disc, recv, start = exchange(v, t, 0, 1, hands, stock, Script())
    # Seat 1 keeps the 2 (scoring) and 5 of its 7 non-scoring trumps (lowest ids).
    assert txt(start[1]) == "2H 3H 4H 6H 7H 8H" and txt(disc[1]) == "2C 9H QH"
    assert recv[1] == []
    assert txt(recv[2]) == "QC KC AC QD KD" and txt(recv[3]) == "AD TS JS QS KS AS"
    # The dealer takes the whole rest and keeps its 5 trumps + one non-trump.
    assert txt(recv[0]) == "5S 5D TH 5H 5C"
    assert txt(start[0]) == "AH KH 2S 5D TH 5H"
    assert txt(disc[0]) == "3S 4S 6S 7S 8S 9S 5S 5C"
    tricks, folded, claimed, points, _ = play(v, t, start, 1, Script())
    # Trick 0 (seat 3 folded at once): 2H JH 5H -> seat 2 (JH); trick 1: seat 2
    # folds (no trump), seat 0 leads TH over 3H; KH, AH win; 5D loses to 7H;
    # then the dealer holds only 2S and folds, and seat 1 claims 8H.
    assert folded == [[3, 0], [2, 1], [0, 5]]
    assert [tk["winner"] for tk in tricks] == [2, 0, 0, 0, 1]
    assert tricks[0]["plays"] == [[1, ["2H"]], [2, ["JH"]], [0, ["5H"]]]
    assert tricks[1]["leader"] == 0
    assert claimed == [1, ["8H"]]
    assert points == [8, 6]


def test_family_books_and_keep():
    v = get_variant("family")
    t = table(v, C)                                     # off-five 5S
    hands = [ids("AC KC QC JC TC 9C 8C 7C 2H"),        # dealer: 8 trumps
             ids("2S 3S 4S 6S 7S 8S 9S TS JS"),        # none
             ids("6C 2D 3D 4D 6D 7D 8D 9D TD"),        # 1 trump
             ids("5C 4C 3C 2C JD QD KD AD 3H")]        # 4 trumps
    stock = ids("5S 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS KS AS 5D")
    disc, recv, start = exchange(v, t, 0, 0, hands, stock, Script())
    assert [txt(r) for r in recv] == ["QS KS AS 5D", "5S 4H 5H 6H", "7H 8H 9H TH",
                                      "JH QH KH AH"]
    assert txt(start[0]) == "AC KC QC JC TC 9C 8C 7C"  # max(6, trumps) = 8
    assert txt(start[1]) == "2S 3S 4S 6S 7S 5S"        # 5S is a club: 1 trump + 5 lowest ids
    assert txt(start[3]) == "5C 4C 3C 2C 3H JH"         # 2 lowest-id non-trumps
    assert all(len(h) == max(6, sum(t.is_trump[c] for c in h)) for h in start)
    tricks, folded, claimed, points, _ = play(v, t, start, 0, Script())
    # The dealer buries 2 non-scoring trumps on trick 0; seat 2 (one trump)
    # must play it when trumps are led and then folds; seat 1 folds at trick 1.
    assert len(tricks[0]["plays"][0][1]) == 3
    # Trick 0: 7C (buries 8C 9C), 5S, 6C, 2C: the dealer wins. Seats 1 and 2
    # then hold no trump and fold; seat 3 plays 5C 4C 3C on tricks 1..3 and
    # folds at trick 4; the dealer claims its last two cards.
    assert tricks[0]["plays"] == [[0, ["7C", "8C", "9C"]], [1, ["5S"]], [2, ["6C"]],
                                  [3, ["2C"]]]
    assert folded == [[1, 1], [2, 1], [3, 4]]
    assert claimed == [0, ["QC", "AC"]] or claimed[0] == 0
    assert sum(points) == 14


def test_sixty_three_second_deal_and_extras():
    v = get_variant("sixty-three")
    t = table(v, S)                                     # off-five 5C
    hands = [ids("AS KS JS TS 9S 5S 2D 3D 4D"),        # dealer: 6 scoring trumps
             ids("2H 3H 4H 6H 7H 8H 9H TH JH"),
             ids("QS 8S 7S 6S 4S 2C 3C 4C 6C"),
             ids("QH KH AH 2S 7D 8D 9D TD JD")]
    stock = ids("QD KD AD 5D 5H 6D 7C 8C 9C TC JC QC 5C 3S KC AC")
    disc, recv, start = exchange(v, t, 0, 0, hands, stock, Script())
    assert [txt(r) for r in recv] == ["5C 3S KC AC", "QD KD AD 5D", "5H 6D 7C 8C",
                                      "9C TC JC QC"]          # eldest (seat 1) first
    # The dealer: AS KS JS TS 9S 5S + 5C 3S = 8 scoring trumps: keeps all 8.
    # Seat 3 got 5C and 3S?  No: seat 0 got 5C 3S KC AC.
    assert txt(start[0]) == "AS KS JS TS 9S 5S 5C 3S"
    assert txt(disc[0]) == "2D 3D 4D KC AC"
    # Seat 2: 5 trumps (QS 8S 7S 6S 4S), none scoring: keeps them + the
    # non-trump of lowest id (5H); seat 3: 2S + the 5 lowest non-trumps.
    assert txt(start[2]) == "QS 8S 7S 6S 4S 5H"
    assert txt(start[3]) == "QH KH AH 2S 7D 8D"
    # Seat 1: 1 trump (5D is no trump: the off-five of spades is 5C).
    assert txt(start[1]) == "2H 3H 4H 6H 7H 2S"[:0] + txt(start[1])
    assert extras_needed(v, 8, 0) == 2 and extras_needed(v, 6, 0) == 0
    tricks, folded, claimed, points, _ = play(v, t, start, 0, Script())
    first = tricks[0]["plays"][0]
    assert first[0] == 0 and len(first[1]) == 3       # 8 cards: plays 3 on trick 0
    assert sum(points) == 63 - 0                        # every scoring trump in play


def test_california_pairs():
    v = get_variant("california")
    t = table(v, H)                                     # off-five 5D
    assert [extras_needed(v, k, 0) for k in (6, 7, 8, 12, 13, 14)] == [0, 1, 1, 1, 2, 3]
    assert extras_needed(v, 6, 1) == 1 and extras_needed(v, 5, 1) == 0
    # 6 point cards + 1 non-point: every card may go on top, but the pair holds
    # at most one point card.
    hand = ids("AH JH TH 5H 5D 2H KH")
    assert sorted(stack_tops(v, t, hand, hand, 1, 0)) == sorted(hand)
    # 6 points + 2 non-points, 8 cards: one extra now and one on trick 1, so a
    # non-point must be kept for later.
    hand = ids("AH JH TH 5H 5D 2H KH QH")
    start = [hand, ids("2S 3S 4S 6S 7S 8S"), ids("2C 3C 4C 6C 7C 8C"),
             ids("3H 4H 6H 7H 8H 9H")]
    pol = Script([("top", 0, parse_any_card("KH"))])
    tricks, folded, claimed, points, _ = play(v, t, start, 0, pol)
    extra_opts = [o for tag, seat, o in pol.asked if tag == "extra"][0]
    assert txt(extra_opts) == "2H 5H TH JH AH 5D"      # QH must stay for trick 1
    assert tricks[0]["plays"][0] == [0, ["KH", "2H"]]
    # Seats 1 and 2 hold no trump: they fold when the trump is led.
    assert folded == [[1, 0], [2, 0]]
    assert [p[0] for p in tricks[0]["plays"]] == [0, 3]
    # Trick 1: seat 0 (6 cards, 5 tricks left) plays a pair again.
    assert len(tricks[1]["plays"][0][1]) == 2
    assert sum(points) == 16


def test_california_first_lead_and_two():
    pol, (tricks, folded, claimed, points, _) = first_tricks(
        "california", S, ["2S 3C", "AC 4S", "KC QC", "JC TC"])
    assert pol.asked[0] == ("top", 0, ids("2S"))       # the bidder's first lead: a trump
    # Seats 2 and 3 fold on the trump lead; seat 1 wins with 4S; the 2 counts
    # for seat 0's team (the player who played it).
    assert tricks[0]["plays"] == [[0, ["2S"]], [1, ["4S"]]] and tricks[0]["winner"] == 1
    assert folded == [[2, 0], [3, 0]]
    assert points == [1, 0]
    assert tricks[1]["plays"] == [[1, ["AC"]], [0, ["3C"]]]


def test_sancho_two_for_winner_and_first_lead():
    pol, (tricks, folded, claimed, points, awards) = first_tricks(
        "sancho", S, ["2S KH", "AS 3H", "9S 4H", "5C 6H"])
    assert pol.asked[0] == ("top", 0, ids("2S"))
    assert tricks[0]["winner"] == 1
    # 2 (low) and A and 9 (sancho) all go to seat 1's team; 5C is no trump.
    assert points == [0, 11]
    assert awards[parse_any_card("2S")] == 1


def test_king_pedro_first_trick_extras():
    v = get_variant("king-pedro")
    t = table(v, H)
    # All seven scoring trumps + 9H: 3 cards on trick 0, the 2 and one other.
    hand = ids("AH KH JH TH 5H 5D 2H 9H")
    assert sorted(stack_tops(v, t, hand, hand, 2, 0)) == sorted(hand)
    start = [hand, ids("2S 3S 4S 6S 7S"), ids("2C 3C 4C 6C 7C"), ids("3H 4H 6H 7H 8H")]
    pol = Script([("top", 0, parse_any_card("AH"))])
    tricks, folded, claimed, points, _ = play(v, t, start, 0, pol)
    assert tricks[0]["plays"][0] == [0, ["AH", "2H", "9H"]]
    assert not [a for a in pol.asked if a[0] == "extra"]   # forced: no decision
    # 6 scoring + 2 non-scoring: exactly one scoring card among the three.
    hand = ids("AH KH JH TH 5H 5D 9H 8H")
    start = [hand, ids("2S 3S 4S 6S 7S"), ids("2C 3C 4C 6C 7C"), ids("3H 4H 6H 7H 2H")]
    pol = Script([("top", 0, parse_any_card("9H"))])
    tricks, folded, claimed, points, _ = play(v, t, start, 0, pol)
    first = [o for tag, s, o in pol.asked if tag == "extra"][0]
    assert txt(first) == "5H 8H TH JH KH AH 5D"
    assert tricks[0]["plays"][0] == [0, ["9H", "5H", "8H"]]     # then 8H is forced
    assert folded[:2] == [[1, 0], [2, 0]]
    assert sum(points) == 44


def test_king_pedro_folds_and_leader_wins():
    v = get_variant("king-pedro")
    t = table(v, S)
    start = [ids("AD KD"), ids("2S 3D"), ids("QD JD"), ids("4C 6C")]
    tricks, folded, claimed, points, _ = play(v, t, start, 0, Script())
    # Seats 0, 2, 3 hold no trump at the start of play: they fold; seat 1 claims
    # (the 2 counts for the team of the player who plays or claims it).
    assert folded == [[0, 0], [2, 0], [3, 0]] and tricks == []
    assert claimed == [1, ["2S", "3D"]] and points == [0, 1]
    # 5C is the off-five of spades: seat 3 has a trump.
    start = [ids("AD KD"), ids("2S 3D"), ids("QD JD"), ids("4C 5C")]
    tricks, folded, claimed, points, _ = play(v, t, start, 0, Script())
    # Seat 1 leads (the bidder folded) 2S, seat 3 must trump with 5C and wins;
    # then seats 1 and 3 hold no trump and fold as play ends.
    assert tricks == [{"leader": 1, "plays": [[1, ["2S"]], [3, ["5C"]]], "winner": 3}]
    assert folded == [[0, 0], [2, 0], [1, 1], [3, 1]] and claimed is None
    assert points == [0, 6]
    # No trump in the trick: the leader wins, even against a higher card.
    start = [ids("7D 2S"), ids("AD 3S"), ids("QD 4S"), ids("4C 6S")]
    tricks, folded, claimed, points, _ = play(
        v, t, start, 0, Script([("top", 0, parse_any_card("7D")),
                                ("top", 1, parse_any_card("AD")),
                                ("top", 2, parse_any_card("QD")),
                                ("top", 3, parse_any_card("4C"))]))
    assert tricks[0]["winner"] == 0 and tricks[0]["plays"][1] == [1, ["AD"]]


def test_eighty_three_passing():
    v = get_variant("eighty-three")
    t = table(v, S)                                    # off-five 5C
    hands = [ids("2H 3H 4H 6H 7H 8H 9H TH JH QH KH AH"),   # dealer
             ids("AS KS QS JS TS 9S 8S 7S 6S 2D 3D 4D"),   # 9 trumps
             ids("2C 3C 4C 6C 7C 8C 9C TC JC QC KC AC"),
             ids("5S 4S 2D"[:0] + "5S 4S 5D 6D 7D 8D 9D TD JD QD KD AD")]
    stock = ids("3S 2S 5C 5H JK")
    pol = Script([("keep", 1, c) for c in ids("9S TS JS QS KS AS")])
    disc, recv, start = exchange(v, t, 0, 1, hands, stock, pol)
    # The bidder (seat 1) takes the kitty: 9 + 3S 2S 5C JK = 13 trumps > 12 with
    # its partner's 5S 4S: the team has 15; seat 1 keeps AS KS QS JS TS 9S and
    # passes 8S 7S 6S 3S 2S 5C JK; seat 3 then holds 9 trumps and keeps its
    # scoring ones (5S 5C 2S JK) + 2 non-scoring (lowest: 3S 4S).
    assert txt(recv[1]) == "3S 2S 5C 5H JK"
    assert txt(start[1]) == "AS KS QS JS TS 9S"
    # what it put away, then what it passed (docs/trace-format.md)
    assert txt(disc[1]) == "2D 3D 4D 5H 2S 3S 6S 7S 8S 5C JK"
    assert txt(recv[3]) == "2S 3S 6S 7S 8S 5C JK"
    assert txt(start[3]) == "5S 4S 2S 3S 5C JK"
    assert txt(disc[3]) == "5D 6D 7D 8D 9D TD JD QD KD AD 6S 7S 8S"
    scoring_in_play = sum(t.points[c] for h in start for c in h)
    assert scoring_in_play == 83


# -------------------------------------------------- random deals: invariants

def independent_invariants(tr: dict) -> None:
    """docs/rules.md section 6 checked directly on a trace (independently of the
    checker), for every preset."""
    v = get_variant(tr["variant"])
    P = lambda xs: [parse_any_card(c) for c in xs]  # noqa: E731
    dealt = sum((P(h) for h in tr["hands"]), []) + P(tr["stock"])
    assert sorted(dealt) == v.pack()
    if tr["bidder"] is None:
        assert tr["bids"] and all(b == 0 for _, b in tr["bids"]) and tr["tricks"] == []
        return
    t = table(v, "SHDC".index(tr["trump"]))
    start = [P(h) for h in tr["start_hands"]]
    recv = [P(h) for h in tr["received"]]
    disc = [P(h) for h in tr["discards"]]
    hands = [P(h) for h in tr["hands"]]
    received_all = set(sum(recv, []))
    all_disc = set(sum(disc, []))
    left_stock = set(P(tr["stock"])) - received_all
    in_play = sum(start, [])
    # Every card in exactly one place when play starts: in one hand, or put
    # away (a discard picked up again, nicaragua's dealer, is in play), or
    # never taken from the stock.
    assert len(in_play) == len(set(in_play))
    assert set(in_play) | all_disc | left_stock == set(v.pack())
    assert not set(in_play) & left_stock and set(in_play) & all_disc <= received_all
    out_of_play = set(v.pack()) - set(in_play)
    for s in range(4):
        assert set(start[s]) <= set(hands[s]) | set(recv[s])
    # Hand sizes: 6 (7 in nicaragua) or fewer; more only as extra cards.
    for h in start:
        if v.extras is None:
            assert len(h) <= v.hand
    # Replay the tricks: follow rules, winner, points.
    live = [list(h) for h in start]
    won = [0, 0]
    folded_at = {s: i for s, i in tr["folded"]}
    if v.exchange == "ukrainian":  # folds before play: nothing held, listed at trick 0
        before = [s for s, i in tr["folded"] if i == 0 and not start[s]]
        assert tr["folded"][:len(before)] == [[s, 0] for s in before]
        assert all(start[s] for s in range(4) if s not in before)
    elif not v.fold:
        assert tr["folded"] == []
    for ti, trick in enumerate(tr["tricks"]):
        if v.fold == "start":
            # Whoever holds cards but no trump at the start of a trick folds then.
            for s in range(4):
                if live[s] and not any(t.is_trump[c] for c in live[s]):
                    assert folded_at.get(s, 99) <= ti
        led = None
        tops = []
        for seat, cards in trick["plays"]:
            assert folded_at.get(seat, 99) > ti
            cs = P(cards)
            hand = live[seat]
            assert all(c in hand for c in cs)
            top = cs[0]
            trumps = [c for c in hand if t.is_trump[c]]
            if led is None:
                if v.follow == "trump_only" or (ti == 0 and v.first_lead_trump
                                                and seat == tr["bidder"]):
                    assert t.is_trump[top] or not trumps
                led = t.eff_suit[top]
            elif led == t.suit or v.follow == "trump_only":
                assert t.is_trump[top] or not trumps
            else:
                suited = [c for c in hand if not t.is_trump[c] and c // 13 == led]
                if v.follow == "must_follow" and suited:
                    assert top in suited
                elif v.follow == "follow_or_trump" and suited:
                    assert top in suited or t.is_trump[top]
                elif v.follow == "non_trump" and len(trumps) < len(hand):
                    assert not t.is_trump[top]
            for c in cs:
                hand.remove(c)
            tops.append((seat, top, cs))
        trumped = [(t.power[c], s) for s, c, _ in tops if t.is_trump[c]]
        if trumped:
            w = max(trumped)[1]
        elif v.plain_winner == "leader":
            w = tops[0][0]
        else:
            w = max((c % 13, s) for s, c, _ in tops if t.eff_suit[c] == led and
                    not t.is_trump[c])[1]
        assert trick["winner"] == w
        for s, _, cs in tops:
            for c in (cs if v.extras != "bury" else cs[:1]):
                if c == t.two and v.two_rule != "winner":  # (dealt: counted below)
                    if v.two_rule == "player":
                        won[s % 2] += t.points[c]
                    continue
                won[w % 2] += t.points[c]
    if tr["claimed"] is not None:
        seat, cards = tr["claimed"]
        assert sorted(P(cards)) == sorted(live[seat])
        for c in P(cards):
            if c == t.two and v.two_rule in ("holder", "dealt"):
                continue
            won[seat % 2] += t.points[c]
        live[seat] = []
    for s in range(4):
        if live[s]:
            assert s in folded_at and not any(t.is_trump[c] for c in live[s])
    if v.two_rule == "holder":
        for s in range(4):
            if t.two in start[s]:
                won[s % 2] += t.points[t.two]
    if v.two_rule == "dealt":  # ukrainian: wherever it ended, the 2 is its dealt team's
        dealt_to = [s for s in range(4) if t.two in hands[s]
                    or t.two in recv[s][:4]]  # the first deal, or the second-deal packet
        won[dealt_to[0] % 2] += t.points[t.two]
    bt = tr["bidder"] % 2
    if v.exchange == "foster":
        won[bt] += sum(t.points[c] for s in range(4) if s % 2 != bt for c in disc[s])
    assert won == tr["points"]
    # Points won + points buried/discarded/left = the preset's total.
    lost = sum(t.points[c] for c in out_of_play)
    if v.two_rule == "dealt" and t.two in out_of_play:  # put away, but still counted
        lost -= t.points[t.two]
    if v.exchange == "foster":
        lost -= sum(t.points[c] for s in range(4) if s % 2 != bt for c in disc[s])
    assert sum(tr["points"]) + lost == v.total
    # The score follows from the points.
    made, score = score_deal(v, tr["points"], tr["bidder"], tr["bid"])
    assert (tr["made"], tr["score"]) == (made, score)


def test_generic_engine_reproduces_cinch():
    """The same rules code, run on the `cinch` preset, gives the cinch engine's
    deals exactly (a cross-check of the generic machinery)."""
    v = PRESETS["cinch"]
    for i in range(400):
        a = random_deal(31, i)
        b, _ = _deal(v, 31, i, 0, i % 4, _header("cinch", 31, i))
        assert a == b, i


def test_deals_deterministic_and_stream_kinds():
    for name in OTHERS:
        assert random_deal(9, 4, name) == random_deal(9, 4, name)
        assert random_deal(9, 4, name) != random_deal(9, 5, name)


# ------------------------------------------------------------- mutations

def _first_with(name, pred, seed=77, limit=3000):
    for i in range(limit):
        tr = random_deal(seed, i, name)
        if pred(tr):
            return tr
    raise AssertionError(f"no deal of {name} found")


def _rejects(tr, fn, word=None):
    bad = copy.deepcopy(tr)
    fn(bad)
    errs = check_trace(bad)
    assert errs, "mutation accepted"
    if word:
        assert any(word in e for e in errs), errs
    return errs


@pytest.mark.parametrize("name", OTHERS)
def test_checker_rejects_mutations(name):
    tr = _first_with(name, lambda t: t["bidder"] is not None and len(t["tricks"]) >= 2
                     and len(t["tricks"][1]["plays"]) >= 2)
    assert check_trace(tr) == []
    _rejects(tr, lambda t: t["tricks"][0].__setitem__("winner", (t["tricks"][0]["winner"] + 1) % 4))
    _rejects(tr, lambda t: t["tricks"][1].__setitem__("leader", (t["tricks"][1]["leader"] + 1) % 4))
    _rejects(tr, lambda t: t["points"].__setitem__(0, t["points"][0] + 1), "points")
    _rejects(tr, lambda t: t["score"].__setitem__(1, t["score"][1] + 5), "score")
    _rejects(tr, lambda t: t.__setitem__("made", not t["made"]), "made")
    _rejects(tr, lambda t: t.__setitem__("trump", "SHDC"[("SHDC".index(t["trump"]) + 1) % 4]))
    _rejects(tr, lambda t: t["tricks"].pop())
    _rejects(tr, lambda t: t["tricks"][1]["plays"].reverse())
    _rejects(tr, lambda t: t.__setitem__("folded", t["folded"] + [[0, 5]]))
    _rejects(tr, lambda t: t.__setitem__("claimed", [2, ["2S"]]))
    _rejects(tr, lambda t: t["bids"][0].__setitem__(1, 999))
    _rejects(tr, lambda t: t.__setitem__("bid", t["bid"] + 1))
    _rejects(tr, lambda t: t["hands"][0].__setitem__(0, t["stock"][0]))
    _rejects(tr, lambda t: t.__setitem__("variant", "cinch"))
    _rejects(tr, lambda t: t.__setitem__("deal", t["deal"] + 4), "seeded")
    assert check_trace(dict(tr, deal=tr["deal"] + 4), seed_check=False) == []
    # Swap the first two tricks' cards of one seat: either a follow rule or the
    # winner/points breaks, or (rarely) the deal still is legal; find one.
    assert check_trace({k: v for k, v in tr.items() if k != "tricks"})
    assert check_trace("nonsense") and check_trace({"variant": name})


def test_checker_rejects_a_non_trump_in_pidro():
    # Only trumps are played in pidro: put a non-trump that a seat still holds
    # (it folded with it) in place of one of its trumps.
    for i in range(300):
        tr = random_deal(5, i, "pidro")
        t = table(get_variant("pidro"), "SHDC".index(tr["trump"]))
        for ti, trick in enumerate(tr["tricks"]):
            for j, (seat, _cards) in enumerate(trick["plays"]):
                spare = [c for c in tr["start_hands"][seat] if not t.is_trump[parse_any_card(c)]]
                if spare:
                    bad = copy.deepcopy(tr)
                    bad["tricks"][ti]["plays"][j][1] = [spare[0]]
                    errs = check_trace(bad)
                    assert any("not allowed" in e for e in errs), errs
                    return
    pytest.fail("no pidro deal with a spare non-trump")


@pytest.mark.parametrize("name", [p for p in OTHERS if p != "pidro"])
def test_checker_finds_illegal_plays(name):
    v = get_variant(name)
    found = 0
    for i in range(300):
        tr = random_deal(5, i, name)
        if tr["bidder"] is None:
            continue
        t = table(v, "SHDC".index(tr["trump"]))
        # Replace a top card by another card of the same hand that the checker
        # must refuse (a card the rules do not allow there).
        for ti, trick in enumerate(tr["tricks"][:3]):
            for j, (seat, cards) in enumerate(trick["plays"]):
                if len(cards) > 1 or j == 0:
                    continue
                later = [p for tk in tr["tricks"][ti + 1:] for p in tk["plays"] if p[0] == seat
                         and len(p[1]) == 1]
                for p in later:
                    bad = copy.deepcopy(tr)
                    a = bad["tricks"][ti]["plays"][j]
                    b = [q for tk in bad["tricks"][ti + 1:] for q in tk["plays"]
                         if q[0] == seat and q[1] == p[1]][0]
                    a[1], b[1] = b[1], a[1]
                    errs = check_trace(bad)
                    led = parse_any_card(trick["plays"][0][1][0])
                    if t.is_trump[led] and not t.is_trump[parse_any_card(p[1][0])] and \
                            t.is_trump[parse_any_card(cards[0])]:
                        assert any("not allowed" in e for e in errs), errs
                        found += 1
        if found >= 3:
            break
    assert found >= 1


@pytest.mark.parametrize("name", ["foster", "nicaragua", "pidro", "family", "king-pedro",
                                  "sixty-three", "eighty-three", "catch-five", "california"])
def test_checker_rejects_exchange_mutations(name):
    tr = _first_with(name, lambda t: t["bidder"] is not None and any(t["discards"]))
    s = next(i for i in range(4) if tr["discards"][i])
    _rejects(tr, lambda t: t["discards"][s].pop())
    _rejects(tr, lambda t: t["start_hands"][s].reverse() if len(t["start_hands"][s]) > 1
             else t["start_hands"][s].append("AS"))
    r = next((i for i in range(4) if tr["received"][i]), None)
    if r is not None:
        _rejects(tr, lambda t: t["received"][r].reverse() if len(t["received"][r]) > 1
                 else t["received"][r].clear())


def test_checker_rejects_a_scoring_discard_in_pidro():
    # A non-dealer with more than 6 trumps may only discard non-scoring trumps:
    # build such a deal by hand and corrupt its kept set.
    v = get_variant("pidro")
    hands = [ids("AH KH 2S 3S 4S 6S 7S 8S 9S"), ids("2H 3H 4H 6H 7H 8H 9H QH 2C"),
             ids("JH 3C 4C 6C 7C 8C 9C TC JC"), ids("2D 3D 4D 6D 7D 8D 9D TD JD")]
    stock = ids("QC KC AC QD KD AD TS JS QS KS AS 5S 5D TH 5H 5C")
    body, _ = simulate(v, 0, hands, stock, Script([("bid", 1, 6), ("trump", 1, H)]))
    tr = _header("pidro", 0, 0)
    tr.update(body)
    assert check_trace(tr, seed_check=False) == []
    bad = copy.deepcopy(tr)
    bad["start_hands"][1] = ["3H", "4H", "6H", "7H", "8H", "9H"]   # throws the 2 away
    bad["discards"][1] = ["2C", "2H", "QH"]
    errs = check_trace(bad, seed_check=False)
    assert any(e.startswith("start_hands[1]") for e in errs), errs
    assert any(e.startswith("discards[1]") for e in errs), errs


# ------------------------------------------------------------------ games

SMALL_TARGET = {"foster": 51, "california": 10, "family": 12, "pidro": 12, "nicaragua": 10,
                "catch-five": 6, "sancho": 15, "dom-pedro": 12, "king-pedro": 200,
                "sixty-three": 40, "eighty-three": 60, "lipton": 60, "ukrainian": 80}


def awards_from_trace(tr, v):
    """Which team took each point card, from the tricks and the claim (sancho,
    dom-pedro: every point card, the 2 included, goes to the trick's winner)."""
    out = {}
    for trick in tr["tricks"]:
        for _, cards in trick["plays"]:
            for c in cards:
                out[parse_any_card(c)] = trick["winner"] % 2
    if tr["claimed"]:
        for c in tr["claimed"][1]:
            out[parse_any_card(c)] = tr["claimed"][0] % 2
    return out


def expected_end(v, result, target):
    """The end of a game, worked out independently from docs/rules.md section 4."""
    totals = [0, 0]
    for k, tr in enumerate(result["traces"]):
        if tr["bidder"] is None:
            continue
        before = list(totals)
        totals = [totals[0] + tr["score"][0], totals[1] + tr["score"][1]]
        bt = tr["bidder"] % 2
        r = [x >= target for x in totals]
        name = v.name
        if name in ("california", "king-pedro", "lipton", "ukrainian"):
            if tr["made"] and r[bt]:
                return k + 1, bt, "target", totals
        elif name == "family":
            if r[bt]:
                return k + 1, bt, "target", totals
        elif r[0] and r[1]:
            if name in ("sancho", "dom-pedro"):
                aw = awards_from_trace(tr, v)
                run = before
                t = table(v, "SHDC".index(tr["trump"]))
                order = [c for c in range(v.deck) if t.points[c]]
                keyed = {"sancho": "A2JTP9", "dom-pedro": "A2JT3P9K"}[name]
                rank = {"A": 12, "2": 0, "J": 9, "T": 8, "3": 1, "P": 3, "9": 7}
                seq = [t.suit * 13 + rank[x] if x != "K" else 52 for x in keyed]
                assert sorted(seq) == sorted(order)
                for c in seq:
                    if c in aw:
                        run[aw[c]] += t.points[c]
                        if run[aw[c]] >= target:
                            return k + 1, aw[c], "target", totals
            return k + 1, bt, "target", totals
        elif r[0] != r[1]:
            return k + 1, r.index(True), "target", totals
        if v.lose_at is not None:
            for tm in (0, 1):
                if totals[tm] <= v.lose_at:
                    return k + 1, 1 - tm, "lose_at", totals
    return len(result["traces"]), -1, "unfinished", totals


@pytest.mark.parametrize("name", OTHERS)
def test_random_game_terminates(name):
    # Random players overbid and drift below zero, so (as for cinch) small
    # targets and a cap on deals: every game must end by the preset's rules or
    # be reported unfinished at the cap, and some must end.
    v = get_variant(name)
    target = SMALL_TARGET[name]
    ends = []
    for g in range(12):
        r = random_game(13, g, name, target=target, max_deals=60)
        assert (r["deals"], r["winner"], r["end"], r["score"]) == expected_end(v, r, target)
        ends.append(r["end"])
        for k, tr in enumerate(r["traces"]):
            assert tr["deal"] == k and tr["dealer"] == (g + k) % 4 and tr["game"] == g
            assert tr["kind"] == 1
            if g < 2:
                assert check_trace(tr) == [], (name, g, k)
    assert sum(e != "unfinished" for e in ends) >= 2, ends


def test_sancho_counting_order_in_games():
    # Find games of sancho / dom-pedro where both teams pass the target on one
    # deal, and check the winner against the counting order.
    for name, target in (("sancho", 6), ("dom-pedro", 10)):
        v = get_variant(name)
        seen = 0
        for g in range(200):
            r = random_game(21, g, name, target=target, max_deals=30)
            assert (r["deals"], r["winner"], r["end"], r["score"]) == expected_end(v, r, target)
            if r["end"] == "target" and min(r["score"]) >= target:
                seen += 1
        assert seen > 0, name


def test_bidder_goes_out_option():
    # foster never subtracts, so both teams pass a low mark quickly.
    seen = set()
    for g in range(30):
        r = random_game(6, g, "foster", target=30, goes_out_at=1, max_deals=200)
        seen.add(r["end"])
        _check_goes_out(r, 1)
    assert "bidder_out" in seen and "target" in seen


def _check_goes_out(r, goes_out_at):
    totals = [0, 0]
    for k, tr in enumerate(r["traces"]):
        out = min(totals) >= goes_out_at
        totals = [totals[0] + tr["score"][0], totals[1] + tr["score"][1]]
        if out and tr["made"]:
            assert (r["end"], r["winner"], r["deals"]) == ("bidder_out", tr["bidder"] % 2, k + 1)
            break
    else:
        # No "bidder goes out" deal: the preset's own end rule decided.
        assert (r["deals"], r["winner"], r["end"], totals) == expected_end(
            get_variant(r["traces"][0]["variant"]), r, 30)
    assert totals == r["score"]


def test_random_game_defaults():
    r = random_game(2, 1, "foster")
    assert r["end"] == "target" and max(r["score"]) >= 51
    a = random_game(4, 3, target=20, goes_out_at=10, max_deals=40)
    b = random_game(4, 3, "cinch", 20, 10, 40)
    assert a == b
    assert random_game(4, 3) == random_game(4, 3, "cinch", 62, 55)  # cinch's own values


# -------------------------------------------------------------- fixed hands

@pytest.mark.parametrize("name", OTHERS)
def test_fixed_hand_deals(name):
    v = get_variant(name)
    hand = texts(v.pack()[:v.dealt])                 # 2S 3S ... : the first ids
    for seat in range(4):
        for i in range(15):
            tr = fixed_hand_deal(3, i, hand, seat, "S", name)
            assert tr["hands"][seat] == hand and tr["dealer"] == 0 and tr["kind"] == 2
            assert tr["bids"] == [[seat, v.min_bid]] and tr["bidder"] == seat
            assert tr["bid"] == v.min_bid and tr["trump"] == "S"
            assert check_trace(tr) == [], (name, seat, i)
            independent_invariants(tr)
    tr = fixed_hand_deal(3, 0, hand, 2, "S", name)
    rest = v.pack()[v.dealt:]
    shuffle(Stream.start(3, 0, 2), rest)
    hands, stock = deal_general(rest, 0, v.dealt, skip=2, packet=v.packet)
    assert tr["hands"][1] == texts(hands[1]) and tr["stock"] == texts(stock)
    with pytest.raises(ValueError):
        fixed_hand_deal(3, 0, hand[:-1], 0, "S", name)
    bad = copy.deepcopy(tr)
    bad["bids"] = [[2, v.min_bid + 1]]
    assert check_trace(bad)


def test_unknown_preset():
    with pytest.raises(ValueError):
        random_deal(1, 1, "six-handed")


# ------------------------------------------------ preset-specific mutations

def test_checker_preset_specific_mutations():
    # nicaragua: the dealer's bid after three passes is 6, nothing else.
    tr = _first_with("nicaragua", lambda t: [b for _, b in t["bids"][:3]] == [0, 0, 0])
    assert tr["bids"][3][1] == 6 and tr["bid"] == 6
    _rejects(tr, lambda t: (t["bids"][3].__setitem__(1, 7), t.__setitem__("bid", 7)))
    # catch-five: only the dealer may equal the standing bid.
    tr = _first_with("catch-five", lambda t: t["bids"][0][1] > 0 and t["bids"][1][1] == 0)
    _rejects(tr, lambda t: t["bids"][1].__setitem__(1, t["bids"][0][1]), "not allowed")
    tr = _first_with("catch-five", lambda t: t["bids"][3][1] > 0 and
                     t["bids"][3][1] == max(b for _, b in t["bids"][:3]))
    assert check_trace(tr) == []                      # the dealer equalled: legal
    # foster: a player keeps at most 6 cards.
    tr = _first_with("foster", lambda t: len(t["discards"][(t["dealer"] + 1) % 4]) == 3)
    e = (tr["dealer"] + 1) % 4

    def keep_seven(t):
        c = t["discards"][e].pop()
        t["start_hands"][e].append(c)
    _rejects(tr, keep_seven, "keeps")
    # california: two point cards in one pair.
    v = get_variant("california")
    done = False
    for i in range(3000):
        tr = random_deal(77, i, "california")
        if tr["bidder"] is None or len(tr["tricks"]) < 2:
            continue
        t = table(v, "SHDC".index(tr["trump"]))
        pts = lambda c, t=t: t.points[parse_any_card(c)] > 0  # noqa: E731
        for j, (seat, cards) in enumerate(tr["tricks"][0]["plays"]):
            if len(cards) != 2 or not pts(cards[0]) or pts(cards[1]):
                continue
            for ti in range(1, len(tr["tricks"])):
                for k, (s2, c2) in enumerate(tr["tricks"][ti]["plays"]):
                    if s2 == seat and pts(c2[0]) and not done:
                        bad = copy.deepcopy(tr)
                        a, b = bad["tricks"][0]["plays"][j][1], bad["tricks"][ti]["plays"][k][1]
                        a[1], b[0] = b[0], a[1]
                        errs = check_trace(bad)
                        assert any("not allowed" in e or "allow" in e for e in errs), errs
                        done = True
        if done:
            break
    assert done
    # king-pedro: a thrown-in deal cannot name trumps; a deal cannot be thrown
    # in while someone bid.
    tr = _first_with("king-pedro", lambda t: t["bidder"] is not None)
    _rejects(tr, lambda t: t.update({"bidder": None, "trump": None, "bid": 0}))
    # A missing or extra fold.
    tr = _first_with("family", lambda t: len(t["folded"]) >= 1)
    _rejects(tr, lambda t: t["folded"].pop(), "folded")
    _rejects(tr, lambda t: t["folded"][0].__setitem__(1, t["folded"][0][1] + 1), "folded")
    # A claim that should have been played out, or is missing.
    tr = _first_with("pidro", lambda t: t["claimed"] is not None)
    _rejects(tr, lambda t: t.__setitem__("claimed", None), "claimed")
    _rejects(tr, lambda t: t["claimed"][1].reverse() if len(t["claimed"][1]) > 1
             else t["claimed"][1].append("2S"))
    # sixty-three: the extras of a stack must be listed in ascending id.
    tr = _first_with("sixty-three", lambda t: any(len(p[1]) > 2 for p in t["tricks"][0]["plays"]))
    p = next(i for i, p in enumerate(tr["tricks"][0]["plays"]) if len(p[1]) > 2)
    _rejects(tr, lambda t: t["tricks"][0]["plays"][p][1][1:].reverse() or
             t["tricks"][0]["plays"][p].__setitem__(
                 1, [t["tricks"][0]["plays"][p][1][0]] + t["tricks"][0]["plays"][p][1][:0:-1]))
    # eighty-three: the bid 166 needs all 83 points.
    tr = _first_with("eighty-three", lambda t: t["bid"] == 166 and not t["made"])
    assert tr["score"][tr["bidder"] % 2] == -166
    _rejects(tr, lambda t: t["score"].__setitem__(t["bidder"] % 2, -83), "score")
    # foster: a discarded scoring trump of an opponent must count for the bidders.
    tr = _first_with("foster", lambda t: t["made"] and t["points"][t["bidder"] % 2] > 0)
    _rejects(tr, lambda t: t["points"].__setitem__(t["bidder"] % 2,
                                                  t["points"][t["bidder"] % 2] - 1), "points")


@settings(max_examples=120, deadline=None)
@given(name=st.sampled_from(OTHERS),
       seed=st.integers(min_value=-(2 ** 63), max_value=2 ** 64 - 1),
       index=st.integers(min_value=0, max_value=2 ** 40))
def test_property_random_deals(name, seed, index):
    tr = random_deal(seed, index, name)
    assert check_trace(tr) == []
    independent_invariants(tr)
