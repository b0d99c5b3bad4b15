"""The strategy drivers (engine/drivers/strategy.py) against the plain-Python reference engine, and
the techniques switched in the policy word against the per-team flags they replace."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from pedro_sim.cards import parse_card, parse_hand
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine.drivers import strategy
from pedro_sim.engine.rng import KIND_CLASSES, KIND_HOLDING
from pedro_sim.engine_inputs import technique_flags
from pedro_sim.reference import engine as ref
from pedro_sim.reference.cards import card_text as ref_card_text
from pedro_sim.reference.general import simulate
from pedro_sim.reference.rng import Stream, shuffle
from pedro_sim.reference.rules import deal_fixed, score_deal
from pedro_sim.reference.variants import get_variant
from pedro_sim.traces import record_deals

SPAN = 15  # cinch: 0..14 points


def _team(offset: int) -> int:
    return ((offset + 1) % 4) % 2


def _play(stream: Stream, hand: list[int], others: list[int], seat: int, trump: int) -> dict:
    hands, stock = deal_fixed(others, 0, seat, hand)
    body, _ = simulate(get_variant("cinch"), 0, hands, stock, ref._FixedTrump(stream, trump),
                       fixed_bidder=seat)
    return body


def ref_holding_pair(seed: int, i: int, card: int, offset: int, trump: int) -> tuple[int, int]:
    """Bidders' points holding ``card``, then without it, written from the docstrings of
    engine/drivers/strategy.py: the bidder's other 8 cards are the first of the shuffled rest, and
    ``card`` changes places with a uniformly drawn card of the others."""
    stream = Stream.start(seed, i, KIND_HOLDING)
    rest = shuffle(stream, [c for c in range(52) if c != card])
    hand, others = [card] + rest[:8], rest[8:]
    j = stream.below(len(others))
    seat = (offset + 1) % 4
    state = stream.state
    a = _play(stream, hand, others, seat, trump)["points"][_team(offset)]
    swapped = list(others)
    swapped[j] = card
    b = _play(Stream(state), [others[j]] + rest[:8], swapped, seat, trump)
    return a, b["points"][_team(offset)]


@pytest.mark.parametrize("card,offset,trump", [("AH", 0, 1), ("5D", 3, 1), ("2S", 1, 0)])
def test_holding_pairs_match_reference(cinch, all_on, card, offset, trump):
    c = parse_card(card)
    for i in range(60):
        out = np.zeros((1, SPAN, SPAN), dtype=np.int64)
        strategy.holding_pairs(strategy.Span(7, i, 1, 1), c, offset, trump, L.P_RANDOM, all_on,
                               cinch.tables, out)
        got = np.argwhere(out[0])
        assert got.tolist() == [list(ref_holding_pair(7, i, c, offset, trump))], f"deal {i}"


def test_hand_classes_match_reference(cinch, all_on):
    marks = np.array([parse_card(x) for x in ("AH", "KH", "QH", "JH", "5H", "5D")], np.int64)
    trumps = set(parse_hand("AH KH QH JH TH 9H 8H 7H 6H 5H 5D 4H 3H 2H"))
    for i in range(60):
        out = np.zeros((1, 640, SPAN * SPAN), dtype=np.int64)  # outcome: both sides' points
        strategy.hand_classes(strategy.Span(3, i, 1, 1), 2, 1, marks, L.P_RANDOM, all_on,
                              cinch.tables, out)
        stream = Stream.start(3, i, KIND_CLASSES)
        deck = shuffle(stream, list(range(52)))
        hand = deck[:9]
        key = min(len(trumps & set(hand)), 9)
        for m in marks:
            key = 2 * key + (int(m) in hand)
        played = _play(stream, hand, deck[9:], 3, 1)["points"]
        outcome = played[_team(2)] * SPAN + played[1 - _team(2)]
        assert np.argwhere(out[0]).tolist() == [[key, outcome]], f"deal {i}"


def ref_game_on(seed: int, game: int, totals: list[int], dealer: int) -> int:
    """The rest of a cinch game with random players (reference random_game, from a score)."""
    totals = list(totals)
    for k in range(1, 10000):
        bidder_out = totals[0] >= 55 and totals[1] >= 55
        trace, _ = ref._deal(get_variant("cinch"), seed, game * 2**20 + k, 1, dealer,
                             ref._header("cinch", seed, k))
        totals = [totals[0] + trace["score"][0], totals[1] + trace["score"][1]]
        dealer = (dealer + 1) % 4
        if bidder_out and trace["made"]:
            return trace["bidder"] % 2
        if (totals[0] >= 62) != (totals[1] >= 62):
            return 0 if totals[0] >= 62 else 1
    return -1


def test_advised_games_match_reference(cinch, all_on):
    hand = parse_hand("AH KH 5H 2H 9C 4D JS 7S 3C")
    offset, team, score = 1, _team(1), (50, 56)
    start = np.zeros(2, np.int64)
    start[team], start[1 - team] = score
    expected = np.zeros((15, 3), dtype=np.int64)
    for i in range(25):
        deal = ref.fixed_hand_deal(11, i, [ref_card_text(c) for c in hand], (offset + 1) % 4, "H")
        for b in range(7, 15):
            made, s = score_deal(deal["points"], deal["bidder"], b)
            totals = [start[0] + s[0], start[1] + s[1]]
            bidder_out = start[0] >= 55 and start[1] >= 55
            if bidder_out and made:
                winner = team
            elif (totals[0] >= 62) != (totals[1] >= 62):
                winner = 0 if totals[0] >= 62 else 1
            else:
                winner = ref_game_on(11, i, totals, 1)
            expected[b, 2 if winner < 0 else int(winner == team)] += 1
    out = np.zeros((3, 2, 15, 3), dtype=np.int64)  # hearts, and hearts again beside spades
    strategy.advised_games(strategy.Span(11, 0, 25, 10), np.array(hand, np.int64), offset,
                           np.array([1, 0]), start, L.P_RANDOM, all_on, cinch.tables, out)
    assert (out.sum(axis=0)[0] == expected).all()
    alone = np.zeros((3, 1, 15, 3), dtype=np.int64)
    strategy.advised_games(strategy.Span(11, 0, 25, 10), np.array(hand, np.int64), offset,
                           np.array([0]), start, L.P_RANDOM, all_on, cinch.tables, alone)
    assert (alone.sum(axis=0)[0] == out.sum(axis=0)[1]).all()
    priced = np.zeros((2, 9, drivers.PRICED_WIDTH), dtype=np.int64)  # deals 0-8 played before
    for t, trump in enumerate((1, 0)):
        drivers.fixed_points(11, np.arange(9), np.array(hand, np.int64), offset, trump,
                             L.P_RANDOM, all_on, cinch.tables, priced[t])
    again = np.zeros_like(out)
    strategy.advised_games(strategy.Span(11, 0, 25, 10), np.array(hand, np.int64), offset,
                           np.array([1, 0]), start, L.P_RANDOM, all_on, cinch.tables, again,
                           priced[:, :, 2:])
    assert (again == out).all()


def test_arm_pairs_same_word_is_the_diagonal(cinch, all_on):
    """Both arms the same player: every deal on the diagonal, made cells 0/0 and 1/1, the
    net sums of the two arms equal, and the side's points those of reference.random_deal."""
    out = np.zeros((1, strategy.arms_size(cinch.tables, 2)), dtype=np.int64)
    strategy.arm_pairs(strategy.Span(5, 0, 200, 200), (L.P_RANDOM, L.P_RANDOM),
                       np.repeat(all_on[None], 2, 0), 1, cinch.tables, out)
    joint = out[0, :SPAN * SPAN].reshape(SPAN, SPAN)
    expected = np.zeros(SPAN, dtype=np.int64)
    made = 0
    for i in range(200):
        d = ref.random_deal(5, i)
        expected[d["points"][1 - d["bidder"] % 2]] += 1
        made += d["made"]
    assert (np.diag(joint) == expected).all() and joint.sum() == 200
    at = SPAN * SPAN
    assert out[0, at:at + 4].tolist() == [200 - made, 0, 0, made]
    sums = out[0, at + 4:at + 4 + strategy.ST_NET_SUMS].tolist()
    assert sums[0] == sums[2] and sums[1] == sums[3] and sums[4] == 0 and sums[1] > 0
    tail = out[0, -strategy.ARM_TAIL:].tolist()
    assert tail == [0, 200, 0, 0, 0, 0]  # none thrown in, every auction the same, none watched


@pytest.mark.parametrize("name,flag", [("cinch", L.F_CINCH), ("guard-pedro", L.F_GUARD_PEDRO),
                                       ("save-pedro", L.F_SAVE_PEDRO)])
def test_word_switch_equals_team_flags(cinch, all_on, name, flag):
    """A technique switched off for the bidders in the policy word plays every deal as the
    per-team flags switched off for the bidding team do (two mechanisms, one behaviour)."""
    n = 300
    word = L.POLICY_SIDES | L.P_HEURISTIC | (flag << L.OFF_SHIFT)
    by_word = record_deals(cinch, 9, np.arange(n), word, all_on)
    by_team = [record_deals(cinch, 9, np.arange(n), L.P_HEURISTIC,
                            technique_flags(*(((name,),
                                               ()) if t == 0 else ((), (name,))))) for t in (0, 1)]
    same = record_deals(cinch, 9, np.arange(n), L.P_HEURISTIC, all_on)
    changed = 0
    for i in range(n):
        team = by_word[i, L.R_BIDDER] % 2
        assert (by_word[i] == by_team[team][i]).all(), f"deal {i}"
        changed += not (by_word[i] == same[i]).all()
    assert changed > 0  # the switch does something


def test_strategy_drivers_thread_independent(cinch, all_on):
    """The same counts on 1 and 2 threads (chunks are pure functions of the deal index)."""
    runs = []
    for threads in (1, 2):
        numba.set_num_threads(threads)
        out = np.zeros((8, SPAN, SPAN), dtype=np.int64)
        strategy.holding_pairs(strategy.Span(1, 0, 1000, 128), parse_card("KH"), 0, 1,
                               L.P_HEURISTIC, all_on, cinch.tables, out)
        runs.append(out)
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    assert (runs[0] == runs[1]).all()


def ref_preset_pair(name: str, seed: int, i: int, card: int, offset: int,
                    trump: int) -> tuple[int, int]:
    """ref_holding_pair for any preset, through the general reference engine."""
    from pedro_sim.reference.engine import _FixedTrump
    from pedro_sim.reference.general import deal_general, simulate
    from pedro_sim.reference.variants import get_variant

    v = get_variant(name)
    stream = Stream.start(seed, i, KIND_HOLDING)
    rest = shuffle(stream, [c for c in v.pack() if c != card])
    size = v.dealt
    hand, others = [card] + rest[:size - 1], rest[size - 1:]
    j = stream.below(len(others))
    seat = (offset + 1) % 4
    state = stream.state

    def play(hand, others, stream):
        hands, stock = deal_general(others, 0, size, skip=seat)
        hands[seat] = list(hand)
        body, _ = simulate(v, 0, hands, stock, _FixedTrump(stream, trump), fixed_bidder=seat)
        return body["points"][seat % 2]

    a = play(hand, others, stream)
    swapped = list(others)
    swapped[j] = card
    return a, play([others[j]] + rest[:size - 1], swapped, Stream(state))


@pytest.mark.parametrize("name", ["foster", "king-pedro", "eighty-three", "sancho", "pidro",
                                  "california"])
def test_holding_pairs_match_reference_presets(name):
    from pedro_sim.engine_inputs import EngineInputs

    inputs = EngineInputs.for_variant(name)
    span = inputs.variant.total_points + 1
    flags = technique_flags()
    card = parse_card("AH")
    for i in range(25):
        out = np.zeros((1, span, span), dtype=np.int64)
        strategy.holding_pairs(strategy.Span(3, i, 1, 1), card, i % 4, 1, L.P_RANDOM, flags,
                               inputs.tables, out)
        expected = list(ref_preset_pair(name, 3, i, card, i % 4, 1))
        assert np.argwhere(out[0]).tolist() == [expected], f"{name} deal {i}"
