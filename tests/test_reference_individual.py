"""The reference engine alone in individual play (docs/rules.md: house rules ``players``
and ``partnerships``): 2..6 players of `cinch`, 4..7 of `sancho` and `dom-pedro`, every
player its own side. Hand-built checks of the deal, the bidding, the fill, the scoring, the
trace checker and the game's end."""

from __future__ import annotations

import pytest

from pedro_sim.reference import check_trace, fixed_hand_deal, random_deal, random_game
from pedro_sim.reference.engine import game_step
from pedro_sim.reference.general import auction, exchange, score_deal
from pedro_sim.reference.variants import canonical, get_variant, table, with_rules

S, H, D, C = 0, 1, 2, 3
TABLES = {"cinch": range(2, 7), "sancho": range(4, 8), "dom-pedro": range(4, 8)}


def alone(n: int) -> dict:
    """The trace's rules object of ``n`` individual players."""
    return {"partnerships": False} if n == 4 else {"players": n, "partnerships": False}


def ids(cards) -> list[int]:
    return [canonical(c, 53) for c in cards]


class Passing:
    """A policy that takes the lowest option (a pass where there is one)."""

    def choose(self, tag, seat, options, info=None):
        return options[0]


# ---------------------------------------------------------------- the table

def test_with_rules_seats_and_hands():
    v = with_rules("cinch", alone(3))
    assert (v.players, v.individual, v.sides, v.dealt, v.packet, v.hand) == (3, True, 3, 9, 3, 6)
    assert [v.side(s) for s in range(3)] == [0, 1, 2]
    assert v.goes_out_at is None
    v6 = with_rules("cinch", alone(6))
    assert (v6.dealt, v6.packet, v6.hand) == (8, 4, 6)
    v7 = with_rules("sancho", alone(7))
    assert (v7.players, v7.dealt, v7.hand, v7.sides) == (7, 6, 6, 7)
    four = with_rules("dom-pedro", {"partnerships": False})
    assert (four.players, four.individual, four.sides) == (4, True, 4)
    # the presets' own table, written out, changes nothing
    same = with_rules("cinch", {"players": 4, "partnerships": True})
    base = get_variant("cinch")
    assert (same.players, same.individual, same.sides, same.goes_out_at) == (4, False, 2, 55)
    assert [same.side(s) for s in range(4)] == [base.side(s) for s in range(4)] == [0, 1, 0, 1]


@pytest.mark.parametrize("name, rules", [
    ("cinch", {"players": 7, "partnerships": False}),
    ("cinch", {"players": 1, "partnerships": False}),
    ("sancho", {"players": 3, "partnerships": False}),
    ("dom-pedro", {"players": 8, "partnerships": False}),
    ("pidro", {"partnerships": False}),
    ("foster", {"players": 5, "partnerships": False}),
    ("cinch", {"players": 3}),                       # partnerships are four players
    ("cinch", {"players": 6, "partnerships": True}),
    ("cinch", {"players": "3", "partnerships": False}),
    ("cinch", {"players": 3, "partnerships": "no"}),
    ("cinch", {"players": 3, "partnerships": False, "goes_out_at": 55}),
    ("cinch", {"players": 3, "partnerships": False, "scoring": "difference"}),
    ("cinch", {"players": 3, "partnerships": False, "moon-game": True}),
])
def test_with_rules_refuses(name, rules):
    with pytest.raises(ValueError):
        with_rules(name, rules)


# ----------------------------------------------------------------- the deal

def test_three_player_cinch_deal():
    for i in range(12):
        tr = random_deal(5, i, "cinch", alone(3))
        assert tr["rules"] == {"players": 3, "partnerships": False}
        assert tr["dealer"] == i % 3
        assert [len(h) for h in tr["hands"]] == [9, 9, 9] and len(tr["stock"]) == 25
        for key in ("discards", "received", "start_hands"):
            assert len(tr[key]) == 3
        assert len(tr["points"]) == 3 and len(tr["score"]) == 3
        assert sum(tr["points"]) == 14        # cinch: every trump comes into play
        b, bid = tr["bidder"], tr["bid"]
        assert tr["made"] == (tr["points"][b] >= bid)
        assert tr["score"][b] == (tr["points"][b] if tr["made"] else -bid)
        assert all(tr["score"][s] == tr["points"][s] for s in range(3) if s != b)
        assert all(len(tr["start_hands"][s]) >= 6 for s in range(3))  # the stock suffices
        assert check_trace(tr) == []


def test_six_player_cinch_deal():
    for i in range(12):
        tr = random_deal(9, i, "cinch", alone(6))
        assert [len(h) for h in tr["hands"]] == [8] * 6 and len(tr["stock"]) == 4
        assert len(tr["points"]) == 6 and sum(tr["points"]) == 14
        assert check_trace(tr) == []


def test_two_player_cinch_deal():
    tr = random_deal(3, 1, "cinch", alone(2))
    assert tr["dealer"] == 1
    assert [len(h) for h in tr["hands"]] == [9, 9] and len(tr["stock"]) == 34
    assert sum(tr["points"]) == 14 and check_trace(tr) == []


def test_cinch_packets_of_four_for_six():
    """Six players: two rounds of 4-card packets from eldest round to the dealer."""
    from pedro_sim.reference.general import deal_general
    deck = list(range(52))
    hands, stock = deal_general(deck, 2, 8, packet=4, players=6)
    assert hands[3] == [0, 1, 2, 3, 24, 25, 26, 27]        # eldest
    assert hands[2] == [20, 21, 22, 23, 44, 45, 46, 47]    # the dealer, last
    assert stock == [48, 49, 50, 51]


def _undealt_points(tr, name):
    v = get_variant(name)
    t = table(v, "SHDC".index(tr["trump"]))
    return sum(t.points[c] for c in ids(tr["stock"]))


@pytest.mark.parametrize("name, total", [("sancho", 18), ("dom-pedro", 36)])
def test_seven_players_stock_not_in_play(name, total):
    v = with_rules(name, alone(7))
    for i in range(15):
        tr = random_deal(11, i, name, alone(7))
        assert sum(len(h) for h in tr["hands"]) == 42
        assert len(tr["stock"]) == v.deck - 42                  # 10 (11 with the joker)
        assert tr["discards"] == [[]] * 7 and tr["received"] == [[]] * 7
        assert tr["start_hands"] == tr["hands"]
        assert len(tr["tricks"]) == 6
        assert sum(tr["points"]) + _undealt_points(tr, name) == total
        assert check_trace(tr) == []


def test_fixed_hand_deal_individual():
    tr = fixed_hand_deal(4, 2, ["AS", "KS", "5S", "2S", "9H", "4D", "JC", "7C", "3H"], 4, "S",
                         rules=alone(5))
    assert len(tr["hands"]) == 5 and tr["bidder"] == 4 and tr["bids"] == [[4, 7]]
    assert tr["rules"] == alone(5) and check_trace(tr) == []
    with pytest.raises(ValueError):
        fixed_hand_deal(4, 2, ["AS"] * 9, 5, "S", rules=alone(5))


# --------------------------------------------------------------- the bidding

def test_forced_after_all_before_the_dealer_pass():
    for name, n, forced in (("cinch", 5, 7), ("cinch", 2, 7), ("sancho", 7, 1)):
        v = with_rules(name, alone(n))
        bids, bidder, bid = auction(v, 1, Passing())
        order = [(1 + 1 + i) % n for i in range(n)]
        assert bids == [[s, 0] for s in order[:-1]] + [[1, forced]]
        assert (bidder, bid) == (1, forced)


def test_sancho_dealer_may_equal_with_seven():
    class Script:
        def choose(self, tag, seat, options, info=None):
            if seat == 3:
                return 5
            if seat == 2:  # the dealer: equals the standing 5
                assert options[:2] == [0, 5]
                return 5
            return 0
    bids, bidder, bid = auction(with_rules("sancho", alone(7)), 2, Script())
    assert [s for s, _ in bids] == [3, 4, 5, 6, 0, 1, 2]
    assert (bidder, bid) == (2, 5)


# ------------------------------------------------------------------ the fill

def test_cinch_fill_every_seat_but_the_dealer_then_the_dealer_robs():
    """Three players, spades trumps, dealer 0: eldest (1) then 2 fill to 6 from the top of
    the stock; the dealer takes every trump left and non-trumps up to 6."""
    v = with_rules("cinch", alone(3))
    t = table(v, S)
    hands = [ids(h.split()) for h in (
        "AS KS 4H 5H 6H 7H 8H 9H TH",        # dealer: 2 trumps
        "QS JS TS 9S 4D 5D 6D 7D 8D",        # eldest: 4 trumps
        "8S 2C 3C 4C 6C 7C 8C 9C TC")]       # 1 trump (5C, the off-five, is a trump)
    stock = ids("2H 3H 2D 3D 9D TD 7S 6S JH QH KH AH".split())
    used = {c for h in hands for c in h} | set(stock)
    stock += [c for c in range(52) if c not in used]
    disc, recv, start = exchange(v, t, 0, 1, hands, stock, Passing())
    assert recv[1] == ids("2H 3H".split())                     # 6 - 4
    assert recv[2] == ids("2D 3D 9D TD 7S".split())            # 6 - 1
    # the dealer: 6S and the other trumps left (5C is the off-five), then non-trumps
    rest = stock[7:]
    trumps = [c for c in rest if t.is_trump[c]]
    assert set(ids(["6S", "5C"])) <= set(trumps)
    room = max(0, 6 - 2 - len(trumps))
    assert recv[0] == [c for c in rest if t.is_trump[c] or c in
                       [x for x in rest if not t.is_trump[x]][:room]]
    assert start[1] == ids("QS JS TS 9S 2H 3H".split())
    assert disc[2] == ids("2C 3C 4C 6C 7C 8C 9C TC".split())
    assert disc[0] == ids("4H 5H 6H 7H 8H 9H TH".split())


# --------------------------------------------------------------- the scoring

def test_score_per_player():
    v = with_rules("cinch", alone(3))
    assert score_deal(v, [8, 4, 2], 0, 8) == (True, [8, 4, 2])
    assert score_deal(v, [8, 4, 2], 1, 7) == (False, [8, -7, 2])
    s = with_rules("sancho", alone(5))
    assert score_deal(s, [9, 0, 5, 3, 1], 2, 6) == (False, [9, 0, -6, 3, 1])
    assert score_deal(s, [9, 0, 5, 3, 1], 0, 9) == (True, [9, 0, 5, 3, 1])


# ------------------------------------------------------------------ checking

def test_check_trace_accepts_random_traces_of_every_table():
    for name, counts in TABLES.items():
        for n in counts:
            for i in range(25):
                tr = random_deal(1000 + n, i, name, alone(n))
                assert len(tr["points"]) == n
                errs = check_trace(tr)
                assert errs == [], (name, n, i, errs)


def test_check_trace_accepts_game_traces():
    for name, n in (("cinch", 2), ("cinch", 5), ("sancho", 6), ("dom-pedro", 4)):
        g = random_game(21, 3, name, rules=alone(n), max_deals=40)
        for k, tr in enumerate(g["traces"][:40]):
            assert tr["dealer"] == (3 + k) % n
            assert check_trace(tr) == [], (name, n, k)


def test_check_trace_rejects():
    tr = random_deal(2, 5, "cinch", alone(3))
    assert check_trace(tr) == []
    bad = dict(tr, points=[tr["points"][0] + 1, tr["points"][1] - 1, tr["points"][2]])
    assert any("points" in e for e in check_trace(bad))
    bad = dict(tr, score=list(tr["score"][:2]))
    assert check_trace(bad)
    assert check_trace(dict(tr, rules={"players": 7, "partnerships": False}))
    assert check_trace(dict(tr, rules={"players": 3}))             # partnerships of three
    assert check_trace(dict(tr, rules={"players": 3, "partnerships": False, "seats": 3}))
    assert check_trace(dict(tr, rules=None))                        # four hands expected
    four = random_deal(2, 5, "cinch")
    assert check_trace(dict(four, rules={"partnerships": False}))  # points by team
    assert check_trace(random_deal(2, 5, "sancho", alone(7)) | {"variant": "cinch"})


def test_four_individual_players():
    tr = random_deal(8, 2, "cinch", {"partnerships": False})
    part = random_deal(8, 2, "cinch")
    # the same cards, bids and play: only who scores differs
    for key in ("dealer", "hands", "stock", "bids", "bidder", "bid", "trump", "tricks"):
        assert tr[key] == part[key]
    assert len(tr["points"]) == 4 and sum(tr["points"]) == sum(part["points"])
    assert [tr["points"][0] + tr["points"][2], tr["points"][1] + tr["points"][3]] == \
        part["points"]
    assert check_trace(tr) == []
    same = random_deal(8, 2, "cinch", {"players": 4, "partnerships": True})
    assert {k: x for k, x in same.items() if k != "rules"} == part


# ---------------------------------------------------------------- the game

def _deal(bidder, score, made=True, suit=S, awards=None):
    return ({"bidder": bidder, "made": made, "score": score},
            {"suit": suit, "awards": awards or {}})


def test_game_bidder_among_those_who_reach_wins():
    v = with_rules("cinch", alone(3))
    totals = [58, 55, 60]
    tr, info = _deal(1, [5, 9, 1])               # 63, 64, 61: all three reach 62
    assert game_step(v, totals, tr, info, 62) == (1, "target")
    assert totals == [63, 64, 61]
    totals = [58, 55, 60]
    tr, info = _deal(1, [9, 8, 2])               # 67, 63, 62: the bidder is not the highest
    assert game_step(v, totals, tr, info, 62) == (1, "target")


def test_game_highest_non_bidder_wins_a_tie_plays_on():
    v = with_rules("cinch", alone(4))
    totals = [50, 40, 55, 10]
    tr, info = _deal(3, [14, 0, 9, -7], made=False)   # 64, 40, 64: a tie, the bidder out
    assert game_step(v, totals, tr, info, 62) == (-1, None)
    assert totals == [64, 40, 64, 3]
    totals = [50, 40, 55, 10]
    tr, info = _deal(3, [12, 0, 10, -7], made=False)  # 62, 40, 65: the highest wins
    assert game_step(v, totals, tr, info, 62) == (2, "target")
    totals = [50, 40, 55, 10]
    tr, info = _deal(1, [12, -7, 3, 7], made=False)   # only seat 0 reaches
    assert game_step(v, totals, tr, info, 62) == (0, "target")
    totals = [0, 0, 0, 0]
    assert game_step(v, totals, *_deal(None, [0] * 4), 62) == (-1, None)  # thrown in


def test_game_sancho_counting_order_among_those_who_reach():
    """Sancho, four individual players, spades trumps: seats 0 and 1 both pass 100 on a
    deal bid (and set) by seat 3. Counting A, 2, J, T, pedro, sancho from 95 and 97:
    A 96, 2 98, J 97, T 98, pedro 103 (seat 1) before seat 0's sancho: seat 1 wins, though
    seat 0 ends higher (107)."""
    v = with_rules("sancho", alone(4))
    awards = {12: 0, 0: 1, 9: 0, 8: 0, 3: 1, 7: 0}      # AS 2S JS TS 5S 9S
    totals = [95, 97, 90, 10]
    tr, info = _deal(3, [12, 6, 0, -5], made=False, awards=awards)
    assert game_step(v, totals, tr, info, 100) == (1, "target")
    assert totals == [107, 103, 90, 5]
    # the bidder among them wins outright
    totals = [95, 97, 90, 10]
    tr, info = _deal(1, [12, 6, 0, 0], awards=awards)
    assert game_step(v, totals, tr, info, 100) == (1, "target")


def test_random_game_individual():
    """Random players often drift below zero in individual play: games are cut short at
    300 deals; those that end, end on the rules above."""
    for name, n, target in (("cinch", 3, 62), ("cinch", 6, 62), ("sancho", 7, 100)):
        ended = 0
        for game in range(6):
            g = random_game(4, game, name, rules=alone(n), max_deals=300)
            assert len(g["score"]) == n and g["deals"] == len(g["traces"])
            assert g["score"] == [sum(tr["score"][s] for tr in g["traces"])
                                  for s in range(n)]
            if g["end"] == "unfinished":
                assert g["winner"] == -1 and g["deals"] == 300
                continue
            ended += 1
            assert g["end"] == "target" and g["score"][g["winner"]] >= target
            last = g["traces"][-1]
            before = [g["score"][s] - last["score"][s] for s in range(n)]
            assert max(before) < target                     # nobody had reached it
            reached = [s for s in range(n) if g["score"][s] >= target]
            if last["bidder"] in reached:
                assert g["winner"] == last["bidder"]
            elif name == "cinch":
                assert g["score"][g["winner"]] == max(g["score"])
        assert ended
    # "bidder goes out" does not apply, whatever is asked
    a = random_game(4, 0, "cinch", rules=alone(3), max_deals=300)
    b = random_game(4, 0, "cinch", rules=alone(3), goes_out_at=10, max_deals=300)
    assert (a["end"], a["deals"], a["winner"]) == (b["end"], b["deals"], b["winner"])
