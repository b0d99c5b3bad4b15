"""Tests of the plain-Python Bourré reference (pedro_sim.reference.bourre).

The cases are built by hand from docs/bourre.md (rules 4 to 7, section 3) and
docs/trace-format.md ("Bourré deals"); nothing here imports the numba engine.
"""

from __future__ import annotations

import copy
import itertools
import json
import random

import pytest

from pedro_sim.reference.bourre import (
    Options,
    check_deal,
    check_session,
    chips,
    has_cinch,
    legal_cards,
    next_antes,
    play_session,
    pot_after,
    settle,
    sure_trump_tricks,
    trick_winner,
)
from pedro_sim.reference.cards import cards_text, parse_card

S, H, D, C = 0, 1, 2, 3
OPTIONS = ({}, {"limit": 3}, {"double_ante": True}, {"trump_card": "nobody"})


def ids(text: str) -> list[int]:
    return [parse_card(x) for x in text.split()]


def legal(hand: str, trick: str = "", trump: int = S, played: str = "", won: int = 0,
          is_last: bool = False) -> str:
    """legal_cards on card text, the answer as text in ascending id."""
    out = legal_cards(ids(hand), ids(trick), trump, ids(played), won, is_last)
    return " ".join(cards_text(out))


# --------------------------------------------------------------------------- rule 4


def test_following_suit_must_beat_the_highest_of_the_suit_led():
    assert legal("AD 6D 3S 2H", "QD") == "AD"
    assert legal("AD 6D 3S 2H", "QD 9D") == "AD"
    assert legal("JD 6D 3S", "QD") == "6D JD"  # cannot beat: any diamond


def test_following_a_trumped_trick_any_card_of_the_suit_led():
    assert legal("AD 6D KS", "QD 4S") == "6D AD"


def test_void_must_trump_and_overtrump_when_able():
    assert legal("3S 9S 2H", "QD") == "3S 9S"
    assert legal("3S 9S 2H", "QD 8S") == "9S"


def test_void_that_cannot_overtrump_still_trumps():
    assert legal("3S 9S 2H", "QD TS") == "3S 9S"


def test_trumps_led_a_higher_trump_if_able():
    assert legal("3S 9S KH", "8S") == "9S"
    assert legal("3S 9S KH", "8S QS") == "3S 9S"


def test_neither_the_suit_led_nor_a_trump_anything():
    assert legal("2H 5C KH", "QD 8D") == "2H KH 5C"


def test_leading_anything_without_a_cinch():
    assert legal("AS 2H 5C KH 9D") == "AS 2H KH 9D 5C"


def test_the_seed_example():
    """Spades trumps, Q♦ led, the second player trumps with the 4♠: the third, holding
    A♦ 6♦ and spades, may play either diamond; had the second played a diamond, only A♦."""
    assert legal("AD 6D KS 7S 2S", "QD 4S") == "6D AD"
    assert legal("AD 6D KS 7S 2S", "QD 9D") == "AD"


def test_trick_winner():
    assert trick_winner([(0, parse_card("QD")), (1, parse_card("4S")),
                         (2, parse_card("AD"))], S) == 1
    assert trick_winner([(3, parse_card("QD")), (0, parse_card("AH")),
                         (1, parse_card("KD"))], S) == 1
    assert trick_winner([(1, parse_card("2S")), (2, parse_card("AH"))], S) == 1
    assert trick_winner([(1, parse_card("2S")), (2, parse_card("3S"))], S) == 2


# --------------------------------------------------------------------------- rule 5


@pytest.mark.parametrize("hand, played, sure", [
    ("AS KS QS", "", 3),
    ("KS QS TS 9S 8S", "", 3),                   # the ace and the jack unseen: 5 - 2
    ("KS QS TS 9S 8S", "2S 3S 4S 5S 6S 7S", 3),  # lower trumps never beat anything
    ("KS JS", "QS", 1),                          # only the ace is out
    ("KS JS", "QS AS", 2),
    ("2S 3S", "", 0),
    ("AH 2S", "", 0),
])
def test_sure_trump_tricks(hand, played, sure):
    assert sure_trump_tricks(ids(hand), S, ids(played)) == sure


def _brute_sure(hand: list[int], played: list[int]) -> int:
    """Rule 5 word for word: the trumps less the largest set of them that can each be
    paired with a different higher outside trump, found by trying every pairing."""
    own = [c for c in hand if c // 13 == S]
    outside = [c for c in range(13) if c not in hand and c not in played]
    for m in range(len(own), 0, -1):
        for subset in itertools.combinations(own, m):
            for pairs in itertools.permutations(outside, m):
                if all(o > t for o, t in zip(pairs, subset, strict=True)):
                    return len(own) - m
    return len(own)


def test_sure_trump_tricks_is_the_largest_pairing():
    rnd = random.Random(5)
    for _ in range(1500):
        ranks = rnd.sample(range(13), rnd.randint(0, 9))
        cut = rnd.randint(0, min(5, len(ranks)))
        hand = ranks[:cut] + ids("2H 3D")
        played = ranks[cut:]
        assert sure_trump_tricks(hand, S, played) == _brute_sure(hand, played), (hand, played)


def test_a_k_q_is_a_cinch_and_leads_from_its_run():
    assert has_cinch(ids("AS KS QS 2H 3D"), S, [], 0)
    assert legal("AS KS QS 2H 3D") == "QS KS AS"


def test_k_q_t_9_8_with_the_ace_and_jack_out_is_a_cinch():
    assert legal("KS QS TS 9S 8S") == "QS KS"


def test_the_jack_counts_as_highest_from_k_j_when_the_queen_is_gone():
    assert legal("KS JS 4H 5D", played="QS 2H 3H 4D", won=2) == "JS KS"
    assert legal("KS JS 4H 5D", played="2H 3H 4D 5H", won=3) == "KS"  # the queen is out


def test_one_won_trick_and_two_sure_trumps_is_a_cinch():
    assert legal("AS KS 4H 5D", won=1) == "KS AS"
    assert legal("AS KS 4H 5D", won=0) == "KS AS 4H 5D"  # two sure tricks: no cinch


def test_a_cinch_following_trumps_plays_its_highest_unless_last():
    assert legal("AS KS QS 9S", "7S") == "QS KS AS"
    assert legal("AS KS QS 9S", "7S", is_last=True) == "9S QS KS AS"


def test_a_cinch_void_in_the_suit_led_trumps_with_its_highest_unless_last():
    assert legal("AS KS QS 9S 3H", "5D") == "QS KS AS"
    assert legal("AS KS QS 9S 3H", "5D", is_last=True) == "9S QS KS AS"


def test_a_cinch_holding_the_suit_led_follows_it():
    assert legal("AS KS QS 4D 9D", "5D") == "9D"
    assert legal("AS KS QS 4D 9D", "JD") == "4D 9D"


def test_the_cards_of_the_current_trick_count_as_played_in_the_run():
    """Three tricks won, K-J-5 of trumps, the ace and the queen in the trick: the king
    cannot win, the jack joins its run through the queen just played."""
    assert legal("KS JS 5S 2H", "AS QS", won=3) == "JS KS"
    assert legal("KS JS 5S 2H", "5D AS QS", won=3) == "JS KS"
    assert legal("KS JS 5S 2H", "AS TS", won=3) == "KS"


def test_rule_4_comes_before_the_run():
    """A-J with the king led and the queen played: the jack is of the ace's run, but
    rule 4 makes the seat beat the king, which only the ace does."""
    assert legal("AS JS 2H", "KS QS", won=3) == "AS"


def test_a_cinch_without_a_trump_plays_as_rule_4_allows():
    assert legal("2H 5C KH", won=3) == "2H KH 5C"


def test_the_cinch_is_judged_at_the_start_of_the_trick():
    """The sure count uses the tricks before (``played``), not the current trick: with
    the ace out before the trick, K-Q is not sure; its run still counts the trick."""
    assert not has_cinch(ids("KS QS"), S, [], 1)
    assert has_cinch(ids("KS QS"), S, ids("AS"), 1)


# --------------------------------------------------------------------------- rules 6, 7


def test_payment_the_seed_example():
    """Seats A..E = 0..4, 7 chips in the pot: E takes 3 tricks and the 7, A and B one
    each, C plays and takes none (bourré, pays 7), D passed."""
    won = [1, 1, 0, 0, 3]
    winner, taken, bourre, paid = settle(7, won, [0, 1, 2, 4])
    assert (winner, taken, bourre, paid) == (4, 7, [2], [0, 0, 7, 0, 0])
    assert next_antes(winner, won, bourre, False) == [1, 1, 0, 1, 1]


def test_split_pot_stays_and_the_tied_skip_the_next_ante():
    won = [2, 2, 1]
    winner, taken, bourre, paid = settle(3, won, [0, 1, 2])
    assert (winner, taken, bourre, paid) == (None, 0, [], [0, 0, 0])
    assert next_antes(winner, won, bourre, False) == [0, 0, 1]


def test_split_pot_with_a_bourre():
    won = [2, 2, 1, 0, 0]
    winner, taken, bourre, paid = settle(9, won, [0, 1, 2, 3])
    assert (winner, taken, bourre, paid) == (None, 0, [3], [0, 0, 0, 9, 0])
    assert next_antes(winner, won, bourre, False) == [0, 0, 1, 0, 1]


def test_limit_caps_what_is_taken_and_paid():
    winner, taken, bourre, paid = settle(10, [3, 2, 0], [0, 1, 2], limit=4)
    assert (winner, taken, bourre, paid) == (0, 4, [2], [0, 0, 4])
    assert settle(3, [3, 2, 0], [0, 1, 2], limit=4)[1] == 3


def test_double_ante_everyone_antes():
    assert next_antes(None, [2, 2, 1, 0], [3], True) == [1, 1, 1, 1]


def test_a_pot_taken_without_play_nobody_is_bourre():
    assert settle(5, [0, 0, 0], [2]) == (2, 5, [], [0, 0, 0])
    assert next_antes(2, [0, 0, 0], [], False) == [1, 1, 1]


def test_double_ante_chips_are_in_the_pot_taken_and_matched():
    for tr in play_session(11, 0, 30, players=4, double_ante=True):
        playing = sum(k >= 0 for _, k in tr["declarations"])
        pot_end = tr["pot_before"] + playing
        if tr["winner"] is not None:
            assert tr["taken"] == pot_end
        assert all(p in (0, pot_end) for p in tr["paid"])
        assert tr["antes"] == [1, 1, 1, 1]


def test_session_pot_and_antes_carry_over():
    traces = play_session(5, 2, 25, players=5)
    assert traces[0]["pot_before"] == 5 and traces[0]["antes"] == [1] * 5
    assert traces[0]["dealer"] == 2 and traces[0]["deal"] == 2 * 2 ** 20
    for prev, tr in zip(traces, traces[1:], strict=False):
        assert tr["dealer"] == (prev["dealer"] + 1) % 5
        assert tr["pot_before"] == pot_after(prev) + sum(tr["antes"])
    assert sum(chips(traces)) == -pot_after(traces[-1])
    assert any(tr["winner"] is None for tr in traces)  # a split pot is exercised


# --------------------------------------------------------------------------- the deal


def test_trace_shape():
    tr = play_session(7, 0, 1, players=4, limit=5)[0]
    assert list(tr)[:8] == ["format", "variant", "seed", "deal", "policy", "dealer",
                            "players", "rules"]
    assert tr["format"] == "bourre-trace/1" and tr["rules"] == {"limit": 5}
    assert tr["hands"][tr["dealer"]][4] == tr["trump_card"]
    assert json.loads(json.dumps(tr)) == tr
    nobody = play_session(7, 0, 1, players=4, trump_card="nobody")[0]
    assert nobody["rules"] == {"trump_card": "nobody"}
    assert all(nobody["trump_card"] not in h for h in nobody["hands"])
    assert len(nobody["stock"]) == 52 - 20 - 1


def _sessions(players, seeds=range(4), deals=20, **kw):
    for seed in seeds:
        yield from play_session(seed, seed, deals, players, **kw)


def test_the_stock_runs_out_with_eight_players():
    """The first reshuffle gathers exactly the discards and passed hands of the seats
    that declared before the seat being served, in a new order."""
    seen = 0
    for tr in _sessions(8):
        if not tr["reshuffles"]:
            continue
        seen += 1
        seat, cards = tr["reshuffles"][0]
        order = [s for s, _ in tr["declarations"]]
        before = order[:order.index(seat)]
        piles = set()
        for s, k in tr["declarations"][:len(before)]:
            piles |= set(tr["hands"][s]) if k < 0 else set(tr["draws"][s][0])
        assert set(cards) == piles and len(cards) == len(piles)
        got = [c for s in order for c in tr["draws"][s][1]]
        assert got[:len(tr["stock"])] == tr["stock"]
        assert got[len(tr["stock"])] == cards[0]
    assert seen > 10


def test_the_dealer_after_all_passed_takes_the_pot_without_play():
    seen = 0
    for tr in _sessions(2, seeds=range(6)):
        if tr["declarations"][0][1] == -1:
            seen += 1
            assert tr["declarations"][1] == [tr["dealer"], 0]
            assert tr["tricks"] == [] and tr["winner"] == tr["dealer"]
            assert tr["taken"] == tr["pot_before"] and tr["bourre"] == []
    assert seen > 0


def test_a_turned_up_ace_binds_the_dealer():
    seen = 0
    for tr in _sessions(6, seeds=range(10)):
        if tr["trump_card"][0] == "A":
            seen += 1
            assert tr["declarations"][-1][1] >= 0
            bad = copy.deepcopy(tr)
            bad["declarations"][-1][1] = -1
            assert any("turned-up ace" in e for e in check_deal(bad, replay_check=False))
    assert seen > 0


# --------------------------------------------------------------------------- the checker


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("rules", OPTIONS, ids=["default", "limit", "double_ante", "nobody"])
def test_random_sessions_check_clean(players, rules):
    for seed in (1, 2, 3):
        traces = play_session(seed, seed, 20, players, **rules)
        assert check_session(traces) == []
        assert Options.from_trace(players, traces[0]["rules"]) == Options(players, **rules)


def _deal_with(pred, players=5, **kw):
    for tr in _sessions(players, seeds=range(20), **kw):
        if pred(tr):
            return copy.deepcopy(tr)
    raise AssertionError("no such deal")


def _both(trace) -> list[list[str]]:
    """The violations by the rules alone, and with the replay of the stream."""
    return [check_deal(trace, replay_check=False), check_deal(trace)]


def _hand_at(tr, seat, trick) -> list[int]:
    hand = set(ids(" ".join(tr["start_hands"][seat])))
    for t in tr["tricks"][:trick]:
        hand -= {parse_card(c[0]) for s, c in t["plays"] if s == seat}
    return sorted(hand)


def _illegal_swap(tr):
    """Swap a seat's card in some trick with a card it plays later that is illegal there."""
    trump = parse_card(tr["trump_card"]) // 13
    played: list[int] = []
    won = [0] * tr["players"]
    for i, t in enumerate(tr["tricks"]):
        for j, (seat, _) in enumerate(t["plays"]):
            cards = [parse_card(c[0]) for _, c in t["plays"][:j]]
            ok = legal_cards(_hand_at(tr, seat, i), cards, trump, played, won[seat],
                             j == len(t["plays"]) - 1)
            for later in tr["tricks"][i + 1:]:
                for p in later["plays"]:
                    if p[0] == seat and parse_card(p[1][0]) not in ok:
                        t["plays"][j][1], p[1] = p[1], t["plays"][j][1]
                        return i
        played += [parse_card(c[0]) for _, c in t["plays"]]
        won[t["winner"]] += 1
    return None


def test_checker_rejects_an_illegal_card():
    for tr in _sessions(4):
        bad = copy.deepcopy(tr)
        i = _illegal_swap(bad)
        if i is not None:
            break
    for errors in _both(bad):
        assert any(e.startswith(f"trick {i}:") and "not legal" in e for e in errors)


def test_checker_rejects_a_wrong_trick_winner():
    tr = _deal_with(lambda t: len(t["tricks"]) == 5)
    w = tr["tricks"][0]["winner"]
    tr["tricks"][0]["winner"] = next(s for s, _ in tr["tricks"][0]["plays"] if s != w)
    for errors in _both(tr):
        assert any("trick 0: winner" in e for e in errors)


def test_checker_rejects_a_card_twice():
    tr = _deal_with(lambda t: True)
    tr["hands"][1][0] = tr["hands"][0][0]
    for errors in _both(tr):
        assert any("twice" in e for e in errors)


def test_checker_rejects_a_wrong_paid():
    tr = _deal_with(lambda t: bool(t["bourre"]))
    tr["paid"][tr["bourre"][0]] += 1
    for errors in _both(tr):
        assert any(e.startswith("paid is") for e in errors)
    tr = _deal_with(lambda t: not t["bourre"])
    tr["paid"][0] = 1
    assert any(e.startswith("paid is") for e in check_deal(tr, replay_check=False))


def test_checker_rejects_a_wrong_pot_before():
    traces = play_session(3, 1, 8, players=5)
    traces[4]["pot_before"] += 1
    errors = check_session(traces)
    assert any("pot_before is" in e for e in errors)
    traces = play_session(3, 0, 3, players=5)
    traces[0]["pot_before"] = 6
    assert any("empty pot" in e for e in check_session(traces, replay_check=False))


def test_checker_rejects_wrong_antes_and_dealer():
    traces = play_session(9, 0, 12, players=4)
    i = next(i for i, t in enumerate(traces[1:], 1) if 0 in t["antes"])
    bad = copy.deepcopy(traces)
    bad[i]["antes"] = [1, 1, 1, 1]
    assert any("rule 7" in e for e in check_session(bad, replay_check=False))
    bad = copy.deepcopy(traces)
    bad[3]["dealer"] = (bad[3]["dealer"] + 2) % 4
    assert any("passes left" in e for e in check_session(bad, seed_check=False))


def test_checker_rejects_a_wrong_reshuffle():
    tr = _deal_with(lambda t: bool(t["reshuffles"]), players=8)
    seat, cards = tr["reshuffles"][0]
    cards[0] = tr["draws"][seat][0][0] if tr["draws"][seat][0] else tr["stock"][0]
    assert any("reshuffles[0]" in e for e in check_deal(tr, replay_check=False))
    tr = _deal_with(lambda t: not t["reshuffles"] and len(t["stock"]) > 20, players=4)
    tr["reshuffles"] = [[tr["dealer"], []]]
    assert any("ran out 0 times" in e for e in check_deal(tr, replay_check=False))


def test_checker_rejects_a_wrong_received_card():
    tr = _deal_with(lambda t: any(len(d[1]) >= 2 for d in t["draws"]))
    seat = next(s for s, d in enumerate(tr["draws"]) if len(d[1]) >= 2)
    got = tr["draws"][seat][1]
    got[0], got[1] = got[1], got[0]
    assert any(f"draws[{seat}]" in e for e in check_deal(tr, replay_check=False))


def test_replay_catches_what_the_rules_allow():
    """Discarding a whole hand in another order breaks no rule, but it is not what the
    random player's stream draws."""
    tr = _deal_with(lambda t: any(k == 5 for _, k in t["declarations"]))
    seat = next(s for s, k in tr["declarations"] if k == 5)
    tr["draws"][seat][0].reverse()
    assert check_deal(tr, replay_check=False) == []
    assert any(e.startswith("draws[") and "stream" in e for e in check_deal(tr))


def test_seed_check_off_accepts_another_deck():
    tr = _deal_with(lambda t: True)
    tr["seed"] += 1
    assert check_deal(tr, seed_check=False) == []
    assert check_deal(tr) != []


@pytest.mark.parametrize("mangle", [
    lambda t: t.pop("paid"),
    lambda t: t.update(rules={"double_ante": False}),
    lambda t: t.update(players=9),
    lambda t: t.update(hands="x"),
    lambda t: t.update(tricks=[{"leader": 0}]),
    lambda t: t.update(declarations=[[0, 7]]),
    lambda t: t.update(extra=1),
    lambda t: t.update(pot_before="5"),
])
def test_checker_reports_malformed_traces(mangle):
    tr = _deal_with(lambda t: len(t["tricks"]) == 5)
    mangle(tr)
    assert check_deal(tr) != []
    assert check_session([tr]) != []


def test_check_deal_of_a_non_object():
    assert check_deal([]) != []  # type: ignore[arg-type]


def test_chips_sum_to_minus_the_final_pot():
    for rules in OPTIONS:
        traces = play_session(4, 0, 20, players=6, **rules)
        assert sum(chips(traces)) == -pot_after(traces[-1])
