"""The reference engine alone on `five-handed` (docs/engine-spec.md, "five-handed"): five
players, each its own side for points, the bidder's partner for the deal being the holder
of the trump it calls. Random deals over several seeds must check and keep the invariants;
hand-built deals pin the call, the called card on the first trick, the score and the game's
end; the checker must refuse a wrong call.

Nothing here imports the numba engine or pedro_sim.rules.
"""

from __future__ import annotations

import copy

import pytest
from helpers import Script

from pedro_sim.reference import PRESET_NAMES, check_trace, fixed_hand_deal, random_deal, random_game
from pedro_sim.reference.engine import _header, called_step, game_step
from pedro_sim.reference.general import (
    RandomPolicy,
    auction,
    call_options,
    deal_general,
    score_called,
    seeded_deal,
    simulate,
)
from pedro_sim.reference.rng import Stream, shuffle
from pedro_sim.reference.variants import (
    ALL_PRESET_NAMES,
    PRESETS,
    canonical,
    get_variant,
    table,
    with_rules,
)

NAME = "five-handed"
S, H, D, C = 0, 1, 2, 3
SEEDS = (1, 2, 3)
DEALS = 300


def ids(cards) -> list[int]:
    return [canonical(c, 52) for c in cards]


class Recording(RandomPolicy):
    """The random player, recording the tag of every decision with two or more options
    (the ones that draw from the stream)."""

    def __init__(self, stream) -> None:
        super().__init__(stream)
        self.drawn: list[str] = []

    def choose(self, tag, seat, options, info=None):
        if len(options) > 1:
            self.drawn.append(tag)
        return super().choose(tag, seat, options, info)


# ---------------------------------------------------------------- the table

def test_the_preset():
    v = get_variant(NAME)
    assert (v.players, v.sides, v.individual, v.called) == (5, 5, True, True)
    assert (v.dealt, v.packet, v.hand, v.deck) == (10, 1, 6, 52)
    assert (v.min_bid, v.max_bid, v.forced, v.special, v.rounds) == (6, 16, 6, None, "one")
    assert (v.exchange, v.extras, v.follow, v.fold, v.first_lead_trump) == \
        ("kitty", "pairs", "follow_or_trump", None, False)
    assert (v.two_rule, v.total, v.target, v.goes_out_at) == ("player", 16, 104, None)
    assert [v.side(s) for s in range(5)] == [0, 1, 2, 3, 4]
    t = table(v, H)
    assert t.points[ids(["JH"])[0]] == 3 and t.points[ids(["5D"])[0]] == 5
    # not among the four-player presets the other tests sweep as two-team games
    assert NAME not in PRESET_NAMES and NAME not in PRESETS and NAME in ALL_PRESET_NAMES
    for name in PRESET_NAMES:
        assert not get_variant(name).called


def test_with_rules():
    same = with_rules(NAME, {"players": 5, "partnerships": False})
    assert (same.players, same.individual, same.called, same.sides) == (5, True, True, 5)
    moon = with_rules(NAME, {"moon": True})
    assert moon.moon and moon.special is None and moon.called


@pytest.mark.parametrize("rules", [
    {"players": 4}, {"players": 6, "partnerships": False}, {"partnerships": True},
    {"players": 4, "partnerships": True}, {"goes_out_at": 55}, {"scoring": "difference"},
    {"moon-game": True}, {"deck": 32, "off_jack_trump": True},
])
def test_with_rules_refuses(rules):
    with pytest.raises(ValueError):
        with_rules(NAME, rules)


def test_other_presets_write_no_call():
    for name in PRESET_NAMES:
        assert "called" not in random_deal(4, 1, name)
    assert "called" not in random_deal(4, 1, "cinch", {"players": 5, "partnerships": False})


# -------------------------------------------------------- random deals, checked

def _deals():
    for seed in SEEDS:
        for i in range(DEALS):
            yield seed, i, random_deal(seed, i, NAME)


def _trumps(suit: int) -> set[int]:
    return {c for c in range(52) if table(get_variant(NAME), suit).is_trump[c]}


def test_random_deals_check_and_keep_the_invariants():
    v = get_variant(NAME)
    for seed, i, tr in _deals():
        assert check_trace(tr) == [], (seed, i, check_trace(tr))
        assert tr["dealer"] == i % 5
        hands = [ids(h) for h in tr["hands"]]
        stock = ids(tr["stock"])
        assert [len(h) for h in hands] == [10] * 5 and len(stock) == 2
        assert sorted([c for h in hands for c in h] + stock) == list(range(52))
        bidder, bid, dealer = tr["bidder"], tr["bid"], tr["dealer"]
        assert 6 <= bid <= 16 and [s for s, _ in tr["bids"]] == \
            [(dealer + 1 + k) % 5 for k in range(5)]
        trumps = _trumps("SHDC".index(tr["trump"]))
        start = [set(ids(h)) for h in tr["start_hands"]]
        # every card in one place: kept, or put away, never both, never twice
        kept = [c for h in start for c in h]
        put = [c for d in tr["discards"] for c in ids(d)]
        assert len(kept) + len(put) == 52 and set(kept) | set(put) == set(range(52))
        assert all(len(h) >= 6 for h in start)
        assert tr["received"] == [tr["stock"] if s == bidder else [] for s in range(5)]
        assert trumps <= set(kept) and not trumps & set(put)  # every trump stays in play
        for s in range(5):
            assert len(start[s]) == max(6, len(start[s] & trumps))
        # the call: a trump the bidder does not hold, held by the partner
        card, partner = tr["called"]
        c = ids([card])[0]
        assert c in trumps and c not in start[bidder] and c in start[partner]
        assert partner != bidder
        first = dict((s, cards) for s, cards in tr["tricks"][0]["plays"])
        assert first[partner][0] == card
        # play: six tricks, nobody folds or claims, all 16 points are won
        assert len(tr["tricks"]) == 6 and tr["folded"] == [] and tr["claimed"] is None
        assert tr["tricks"][0]["leader"] == bidder
        played = [c for t in tr["tricks"] for _, cards in t["plays"] for c in ids(cards)]
        assert sorted(played) == sorted(kept)
        assert len(tr["points"]) == 5 and len(tr["score"]) == 5
        assert sum(tr["points"]) == v.total == 16
        # the score: the bidder and partner pool their points against the bid
        pool = tr["points"][bidder] + tr["points"][partner]
        assert tr["made"] == (pool >= bid)
        each = pool if tr["made"] else -bid
        for s in range(5):
            want = each if s in (bidder, partner) else tr["points"][s]
            assert tr["score"][s] == want, (seed, i, s)


def test_random_deals_play_pairs_and_take_the_stock():
    """Some deals have a seat above six cards (the bidder with the two cards aside, or a
    seat with more than six trumps): it plays pairs, at most one point card in each."""
    v = get_variant(NAME)
    pairs = 0
    for _, _, tr in _deals():
        t = table(v, "SHDC".index(tr["trump"]))
        for trick in tr["tricks"]:
            for _, cards in trick["plays"]:
                if len(cards) > 1:
                    assert len(cards) == 2
                    assert sum(1 for c in ids(cards) if t.points[c]) <= 1
                    pairs += 1
    assert pairs > 0


def test_the_call_is_drawn_after_the_exchange_before_any_card():
    for i in range(40):
        stream, hands, stock = seeded_deal(get_variant(NAME), 6, i, 0, i % 5)
        policy = Recording(stream)
        body, _ = simulate(get_variant(NAME), i % 5, hands, stock, policy)
        assert body == {k: x for k, x in random_deal(6, i, NAME).items()
                        if k not in ("format", "variant", "seed", "deal", "policy")}
        drawn = policy.drawn
        assert drawn.count("call") == 1 and drawn.count("trump") == 1
        at = drawn.index("call")
        assert drawn.index("trump") < at
        assert all(tag in ("bid", "trump", "keep") for tag in drawn[:at])
        assert all(tag in ("top", "extra") for tag in drawn[at + 1:])


def test_auction_dealer_forced_to_six_without_a_draw():
    v = get_variant(NAME)
    policy = Script()
    bids, bidder, bid = auction(v, 2, policy)
    assert bids == [[3, 0], [4, 0], [0, 0], [1, 0], [2, 6]] and (bidder, bid) == (2, 6)
    assert [seat for _, seat, _ in policy.asked] == [3, 4, 0, 1]  # the dealer is not asked
    assert policy.asked[0][2] == [0] + list(range(6, 17))
    policy = Script([("bid", 3, 0), ("bid", 4, 9)])
    bids, bidder, bid = auction(v, 2, policy)
    assert (bidder, bid) == (4, 9) and policy.asked[2][2] == [0] + list(range(10, 17))


def test_a_deal_thrown_in_calls_nobody():
    """With the house rule dealer_forced=none the dealer may pass too: no trump, no call."""
    v = with_rules(NAME, {"dealer_forced": "none"})
    _, hands, stock = seeded_deal(v, 1, 0, 0, 0)
    body, _ = simulate(v, 0, hands, stock, Script())
    assert body["bidder"] is None and body["called"] is None and body["points"] == [0] * 5
    tr = {**_header(NAME, 1, 0, {"rules": {"dealer_forced": "none"}}), **body}
    assert check_trace(tr) == []


# ------------------------------------------------------ a called partner, by hand

# Dealer 4 (eldest 0); spades trumps (the off-five 5C a trump). Seat 2 holds eight
# trumps, the ace among them; the bidder (seat 0) calls the ace.
HANDS = [
    "2S 3S 4S 2H 3H 4H 5H 6H 7H 8H",
    "6S 5C 2D 3D 4D 5D 6D 7D 8D 9D",
    "AS KS QS JS TS 9S 8S 7S 2C 3C",
    "5S 9H TH JH QH KH AH 4C 6C 7C",
    "8C 9C TC JC QC KC AC TD JD QD",
]
STOCK = "KD AD"


def _called_deal(lead: str = "2S"):
    """The deal above, bid 7 by seat 0 (the others pass), spades, the ace of spades
    called; every other decision the lowest option but the bidder's ``lead``."""
    v = get_variant(NAME)
    hands = [ids(h.split()) for h in HANDS]
    stock = ids(STOCK.split())
    assert sorted([c for h in hands for c in h] + stock) == list(range(52))
    policy = Script([("bid", 0, 7), ("trump", 0, S), ("call", 0, ids(["AS"])[0]),
                     ("top", 0, ids([lead])[0])])
    body, _ = simulate(v, 4, hands, stock, policy)
    trace = {**_header(NAME, 0, 0), **body}
    return trace, policy


def test_the_partner_plays_the_called_card_first():
    tr, policy = _called_deal()
    assert tr["bids"] == [[0, 7], [1, 0], [2, 0], [3, 0], [4, 0]]
    assert tr["received"][0] == ["KD", "AD"] and tr["called"] == ["AS", 2]
    call = [opts for tag, _, opts in policy.asked if tag == "call"]
    # every trump but the bidder's 2S 3S 4S, ascending id (the off-five 5C last)
    assert call == [ids("5S 6S 7S 8S 9S TS JS QS KS AS 5C".split())]
    assert call[0] == call_options(get_variant(NAME), table(get_variant(NAME), S),
                                   ids(tr["start_hands"][0]))
    # seat 2 holds eight trumps: a pair a trick for two tricks, the ace its only top on
    # trick 0 though every trump follows a trump lead, then one non-point card under it
    tops = [opts for tag, seat, opts in policy.asked if (tag, seat) == ("top", 2)]
    extras = [opts for tag, seat, opts in policy.asked if (tag, seat) == ("extra", 2)]
    assert tops[0] == ids(["AS"])
    assert extras[0] == ids("7S 8S 9S QS KS".split())   # JS TS score: not with the ace
    plays = dict((s, cards) for s, cards in tr["tricks"][0]["plays"])
    assert plays == {0: ["2S"], 1: ["6S"], 2: ["AS", "7S"], 3: ["5S"], 4: ["TD"]}
    assert tr["tricks"][0]["winner"] == 2
    assert len(tops[1]) > 1  # from trick 1 on, seat 2 chooses freely again
    # the 2 for the bidder, who played it; the rest to the partner; made, 16 each
    assert tr["points"] == [1, 0, 15, 0, 0] and tr["made"]
    assert tr["score"] == [16, 0, 16, 0, 0]
    assert check_trace(tr, seed_check=False) == []


def test_the_called_card_on_a_plain_lead():
    """The bidder leads a heart, of which seat 2 holds none: any card would do, but the
    called ace is its only top."""
    tr, policy = _called_deal(lead="2H")
    tops = [opts for tag, seat, opts in policy.asked if (tag, seat) == ("top", 2)]
    assert tops[0] == ids(["AS"])
    assert dict((s, c) for s, c in tr["tricks"][0]["plays"])[2][0] == "AS"
    assert check_trace(tr, seed_check=False) == []


def test_checker_refuses_the_partner_keeping_the_called_card():
    tr, _ = _called_deal()
    bad = copy.deepcopy(tr)
    # seat 2 plays its king on trick 0 and its ace later instead: otherwise a legal order
    for trick in bad["tricks"]:
        for play in trick["plays"]:
            if play[0] == 2:
                play[1] = [{"AS": "KS", "KS": "AS"}.get(c, c) for c in play[1]]
    errors = check_trace(bad, seed_check=False)
    assert any("trick 0: seat 2 played KS on top" in e for e in errors), errors


# ---------------------------------------------------------------- the checker

def test_checker_refuses_a_wrong_call():
    tr = random_deal(2, 5, NAME)
    assert check_trace(tr) == []
    card, partner = tr["called"]
    bidder = tr["bidder"]
    wrong_seat = copy.deepcopy(tr)
    wrong_seat["called"][1] = (partner + 1) % 5
    assert any(e.startswith("called is") for e in check_trace(wrong_seat))
    wrong_seat["called"][1] = bidder
    assert check_trace(wrong_seat)
    held = copy.deepcopy(tr)
    trumps = _trumps("SHDC".index(tr["trump"]))
    own = next(c for c in tr["start_hands"][bidder] if ids([c])[0] in trumps)
    held["called"] = [own, bidder]
    assert any("holds" in e and own in e for e in check_trace(held))
    plain = copy.deepcopy(tr)
    other = next(c for h in tr["start_hands"] for c in h if ids([c])[0] not in trumps)
    plain["called"][0] = other
    assert any("not a trump" in e for e in check_trace(plain))
    for value in (None, "AS", [card], [card, partner, 0], ["XX", partner]):
        malformed = copy.deepcopy(tr)
        malformed["called"] = value
        assert check_trace(malformed), value
    missing = copy.deepcopy(tr)
    del missing["called"]
    assert any("missing keys: called" in e for e in check_trace(missing))


def test_checker_refuses_a_wrong_score_or_made():
    tr = random_deal(3, 7, NAME)
    bad = copy.deepcopy(tr)
    bad["made"] = not bad["made"]
    assert any(e.startswith("made is") for e in check_trace(bad))
    bad = copy.deepcopy(tr)
    bad["score"][tr["called"][1]] += 1
    assert any(e.startswith("score is") for e in check_trace(bad))


def test_checker_ignores_called_elsewhere():
    """A key a preset does not define is ignored, as any key a writer adds."""
    tr = random_deal(3, 2, "cinch")
    tr["called"] = ["AS", 1]
    assert check_trace(tr) == []


# ------------------------------------------------------------------ the score

def test_score_called():
    v = get_variant(NAME)
    pts = [3, 4, 2, 5, 2]
    assert score_called(v, pts, 1, 3, 9) == (True, [3, 9, 2, 9, 2])
    assert score_called(v, pts, 1, 3, 10) == (False, [3, -10, 2, -10, 2])
    assert score_called(v, [0, 16, 0, 0, 0], 1, 3, 16) == (True, [0, 16, 0, 16, 0])
    moon = with_rules(NAME, {"moon": True})
    assert score_called(moon, [0, 10, 0, 6, 0], 1, 3, 16) == (True, [0, 32, 0, 32, 0])
    assert score_called(moon, [1, 9, 0, 6, 0], 1, 3, 16) == (False, [1, -16, 0, -16, 0])
    assert score_called(moon, [1, 9, 0, 6, 0], 1, 3, 15) == (True, [1, 15, 0, 15, 0])
    big = with_rules(NAME, {"28-56": True})
    assert score_called(big, [0, 10, 0, 0, 6], 0, 4, 28) == (False, [-28, 10, 0, 0, -28])
    assert score_called(big, [10, 0, 0, 0, 6], 0, 4, 28) == (True, [56, 0, 0, 0, 56])


def test_house_rules_deals_check():
    for rules in ({"moon": True}, {"28-56": True}):
        for i in range(150):
            tr = random_deal(9, i, NAME, rules)
            assert check_trace(tr) == [], (rules, i, check_trace(tr))
            assert tr["rules"] == rules


# ------------------------------------------------------------------- the game

def _deal(bidder, partner, score):
    return {"bidder": bidder, "called": ["AS", partner], "score": score, "made": True}


def test_game_the_bidder_goes_out_first():
    v = get_variant(NAME)
    totals = [100, 90, 95, 40, 60]
    tr = _deal(2, 4, [10, 0, 9, 0, 9])              # 110, 90, 104, 40, 69
    assert game_step(v, totals, tr, {}, 104) == (2, "target")
    assert totals == [110, 90, 104, 40, 69]


def test_game_then_the_partner():
    v = get_variant(NAME)
    totals = [100, 90, 95, 40, 96]
    tr = _deal(2, 4, [12, 0, -9, 0, -9 + 17])       # 112, 90, 86, 40, 104
    assert game_step(v, totals, tr, {}, 104) == (4, "target")
    totals = [100, 90, 95, 40, 96]
    tr = _deal(2, 4, [3, 0, 6, 0, 6])               # 103, 90, 101, 40, 102: nobody
    assert game_step(v, totals, tr, {}, 104) == (-1, None)
    totals = [100, 90, 95, 40, 96]
    tr = _deal(2, 4, [5, 0, 6, 0, 6])               # 105: a defender alone at the target
    assert game_step(v, totals, tr, {}, 104) == (0, "target")


def test_game_a_tie_for_the_highest_plays_on():
    v = get_variant(NAME)
    totals = [100, 99, 50, 40, 30]
    tr = _deal(2, 4, [6, 7, -8, 2, -8])             # 106, 106: defenders tied
    assert called_step(v, totals, tr, 104) == (-1, None)
    assert totals == [106, 106, 42, 42, 22]
    totals = [100, 99, 50, 40, 30]
    tr = _deal(2, 4, [6, 8, -8, 2, -8])             # 106, 107: the highest wins
    assert called_step(v, totals, tr, 104) == (1, "target")
    totals = [0] * 5
    assert called_step(v, totals, _deal(0, 1, [3, 3, 4, 3, 3]), 104) == (-1, None)


def test_random_games():
    """Random players bid high and the pair loses the bid most deals, so games at 104
    rarely end: they are cut short; at a low target they end, on the rule above."""
    for game in range(4):
        g = random_game(5, game, NAME, max_deals=12)
        assert g["end"] == "unfinished" or g["end"] == "target"
        dealers = [tr["dealer"] for tr in g["traces"]]
        assert dealers == [(game + k) % 5 for k in range(g["deals"])]
        assert g["score"] == [sum(tr["score"][s] for tr in g["traces"]) for s in range(5)]
        for tr in g["traces"]:
            assert tr["kind"] == 1 and tr["game"] == game
            assert check_trace(tr) == [], check_trace(tr)
    ended = 0
    for game in range(8):
        g = random_game(5, game, NAME, target=20, max_deals=400)
        if g["end"] == "unfinished":
            continue
        ended += 1
        last = g["traces"][-1]
        before = [g["score"][s] - last["score"][s] for s in range(5)]
        assert called_step(get_variant(NAME), before, last, 20) == (g["winner"], "target")
    assert ended > 0


# ------------------------------------------------------------- the bid analysis

def test_fixed_hand_deal():
    hand = "AS KS 2S 7H 8H 9D TD JC QC 3C".split()
    for i in range(20):
        tr = fixed_hand_deal(4, i, hand, 3, "S", NAME)
        assert tr["kind"] == 2 and tr["dealer"] == 0 and tr["bids"] == [[3, 6]]
        assert tr["bidder"] == 3 and tr["bid"] == 6 and tr["trump"] == "S"
        assert tr["hands"][3] == hand and len(tr["stock"]) == 2
        assert tr["received"][3] == tr["stock"]
        assert check_trace(tr) == [], check_trace(tr)
        rest = [c for c in range(52) if c not in set(ids(hand))]
        shuffle(Stream.start(4, i, 2), rest)
        hands, stock = deal_general(rest, 0, 10, skip=3, packet=1, players=5)
        assert [ids(h) for s, h in enumerate(tr["hands"]) if s != 3] == \
            [h for s, h in enumerate(hands) if s != 3]
        assert ids(tr["stock"]) == stock
    with pytest.raises(ValueError):
        fixed_hand_deal(4, 0, hand[:9], 3, "S", NAME)
    with pytest.raises(ValueError):
        fixed_hand_deal(4, 0, hand, 5, "S", NAME)
