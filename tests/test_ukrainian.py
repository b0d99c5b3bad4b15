"""`ukrainian`, Canadian / Ukrainian King Pedro: 62 points (K 30, T 10, 9 9), a second deal
of 4 after trumps are named, folding and passing a lone trump to the partner before the
keep, trumps put away face up, the 2 for the team dealt it, a non-trump on a plain lead,
262 to win on a made bid."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from engine_helpers import assert_checked, inputs_fixture, kernel_traces, reference_deals
from in_process import run_cli

from pedro_sim import reference
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.errors import PedroError
from pedro_sim.reference.general import simulate
from pedro_sim.reference.variants import get_variant, parse_any_card
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.solving import Solver, parse_position

inputs = inputs_fixture("ukrainian")


def test_the_rules_as_data(inputs):
    v = inputs.variant
    assert (v.deck, v.hand, v.second_deal, v.keep, v.total_points) == (52, 9, 4, 6, 62)
    assert (v.min_bid, v.max_bid, v.target, v.win_only_on) == (30, 62, 262, "made")
    assert (v.points["K"], v.points["T"], v.points["9"]) == (30, 10, 9)
    assert (v.discard, v.excess_trumps, v.plain_led, v.two_scores_for) == (
        "fold-or-pass", "put-away", "non-trump", "dealt")


def _cards(text: str) -> list[int]:
    return [parse_any_card(c) for c in text.split()]


# Hearts trumps (the off-five 5D), seat 0 deals, seat 1 bids 30. Seat 1 holds one trump,
# the queen; seat 2 one, the off-five; seat 0 none; seat 3 the other twelve.
HANDS = [_cards("5S AD KD QD JD TD 9D 8D 7D"), _cards("QH 2S 3S 4S 6S 7S 8S 9S TS"),
         _cards("5D 3C 4C 5C 6C 7C 8C 9C TC"), _cards("AH KH JH TH 9H 8H 7H 6H 2C")]
# the second deal, one packet each from eldest (seat 1) to the dealer
STOCK = _cards("JS QS KS AS JC QC KC AC 5H 4H 3H 2H 6D 4D 3D 2D")


class Scripted:
    """Seat 1 bids 30 and the others pass; trumps hearts; ``passing`` says who passes;
    every other choice is the first option."""

    def __init__(self, passing: set[int]) -> None:
        self.passing = passing

    def choose(self, tag, seat, options, info=None):
        if tag == "bid":
            return 30 if seat == 1 and 30 in options else 0
        if tag == "trump":
            return 1  # hearts
        if tag == "pass":
            return 1 if seat in self.passing else 0
        return options[0]


def _deal(passing: set[int]) -> dict:
    v = get_variant("ukrainian")
    body, _ = simulate(v, 0, [list(h) for h in HANDS], list(STOCK), Scripted(passing))
    return {"format": "pedro-trace/1", "variant": "ukrainian", "seed": 0, "deal": 0,
            "policy": "scripted", **body}


def test_a_pass_of_a_lone_trump():
    """The seed's rule: seat 1, holding only the queen of trumps among its 13, passes it to
    seat 3 and folds; seat 0, without a trump, folds; seat 2 stays with its off-five. The
    bidder having folded, seat 2 leads. Seat 3, with 13 trumps and 7 of them scoring,
    puts away the six others face up and then its 2, which still counts for its team."""
    t = _deal({1})
    assert t["folded"] == [[1, 0], [0, 0]]
    assert t["start_hands"][1] == [] and t["start_hands"][0] == []
    assert t["discards"][1][-1] == "QH" and len(t["discards"][1]) == 13
    assert t["received"][3] == ["5H", "4H", "3H", "2H", "QH"]  # its packet, then the pass
    assert sorted(t["start_hands"][3]) == sorted(["AH", "KH", "JH", "TH", "9H", "5H"])
    assert set(t["discards"][3]) == {"QH", "8H", "7H", "6H", "4H", "3H", "2H", "2C"}
    assert t["tricks"][0]["leader"] == 2
    # team 1 takes every trick (seat 2's off-five falls to a trump lead) and the 2 it put away
    assert t["points"] == [0, 62] and t["made"] and t["score"] == [0, 62]
    assert reference.check_trace(t, seed_check=False) == []


def test_staying_in_with_a_lone_trump():
    t = _deal(set())
    assert t["folded"] == [[0, 0]]
    assert "QH" in t["start_hands"][1] and len(t["start_hands"][1]) == 6
    assert len(t["start_hands"][3]) == 6 and t["received"][3] == ["5H", "4H", "3H", "2H"]
    assert sum(t["points"]) == 62
    assert reference.check_trace(t, seed_check=False) == []


def test_the_checker_refuses_what_the_rules_forbid():
    good = _deal({1})
    bad = copy.deepcopy(good)  # a non-scoring trump kept over a scoring one
    bad["start_hands"][3] = bad["start_hands"][3][:-1] + ["QH"]
    assert reference.check_trace(bad, seed_check=False)
    bad = copy.deepcopy(good)
    bad["folded"] = [[1, 0]]  # seat 0's fold left out
    assert any(e.startswith("folded") for e in reference.check_trace(bad, seed_check=False))
    bad = copy.deepcopy(good)
    bad["points"] = [0, 61]  # the put-away 2 not counted
    assert any(e.startswith("points") for e in reference.check_trace(bad, seed_check=False))


@pytest.mark.parametrize("lead,hand,legal", [
    ("AC", "KH 2D 3C", "2D 3C"),  # plain led: a non-trump of any suit, not the trump
    ("AC", "KH QH 9H", "KH QH 9H"),  # nothing but trumps: a trump it must play
    ("AC", "KH 2D", "2D"),  # void in clubs: still a non-trump
    ("AH", "KH 2D 3C", "KH"),  # trump led: a trump if able
    ("AH", "2D 3C", "2D 3C"),
])
def test_a_non_trump_on_a_plain_lead(inputs, lead, hand, legal):
    """The seed: "if a non-trump is led the other players must play non-trumps (of any
    suit) if possible; only a player who has nothing but trumps can play one" (hearts
    trumps), in the kernels' follow rule and in the reference engine's."""
    from pedro_sim.cards import cards_of, parse_card
    from pedro_sim.engine.game.tricks import legal_cards
    from pedro_sim.reference.general import follow_legal
    from pedro_sim.reference.variants import table, texts

    held = sum(1 << parse_card(c) for c in hand.split())
    led = int(inputs.tables.cinfo[1, L.I_SUIT, parse_card(lead)])
    got = legal_cards(np.uint64(held), led, 1, inputs.tables, L.PLAIN_NON_TRUMP)
    assert sorted(cards_of(int(got))) == sorted(parse_card(c) for c in legal.split())
    t = table(get_variant("ukrainian"), 1)
    ref = follow_legal(get_variant("ukrainian"), t, _cards(hand), t.eff_suit[parse_card(lead)])
    assert sorted(texts(ref)) == sorted(legal.split())


def test_the_king_cannot_escape_on_a_plain_lead():
    """Last two tricks, hearts trumps, seat 0 (the bidder) to lead holding 2C AH; seat 1
    holds KH 2D. On the 2 of clubs seat 1 must play its non-trump, the trick is the
    leader's, and the ace then catches the 30-point king: 31 for the bidders either way
    (where a player void in the suit led may trump, the king would take the 2)."""
    pos = parse_position({"variant": "ukrainian", "trump": "H", "leader": 0, "bidder": 0,
                          "hands": [["2C", "AH"], ["KH", "2D"], ["3D", "4D"], ["4S", "6S"]],
                          "trick_index": 4})
    assert Solver("ukrainian").solve(pos).value == 31


def test_random_deals_are_the_reference_engines(inputs):
    folds = passes = 0
    for t in reference_deals(inputs, 21, 1500, "ukrainian"):
        if t["bidder"] is None:
            continue
        assert sum(t["points"]) == 62  # every point always counts
        folds += len(t["folded"])
        passes += sum(len(r) > 4 for r in t["received"])
        assert all(len(h) in (0, 6, 7) for h in t["start_hands"])
    assert folds > 100 and passes > 50


def test_heuristic_and_pimc_traces_pass_the_checker(inputs):
    heuristic = kernel_traces(inputs, 22, 1000, L.P_HEURISTIC, "heuristic")
    assert_checked(heuristic)
    assert sum(len(r) > 4 for t in heuristic for r in t["received"]) > 100  # passes
    who = players("pimc:worlds=8,bid_worlds=16,keep_worlds=8", inputs.variant)
    pimc = kernel_traces(inputs, 23, 16, who.policy, who.label, who.flags)
    assert_checked(pimc)
    assert sum(t["bidder"] is not None for t in pimc) >= 8


def test_options_it_takes_and_refuses():
    assert resolve_variant("ukrainian", ["moon_game=yes"]).moon_game  # the top bid: 62
    with pytest.raises(PedroError, match="28-56 with ukrainian"):
        resolve_variant("ukrainian", ["28-56=yes"])
    with pytest.raises(PedroError, match="go together"):
        resolve_variant("cinch", ["discard=fold-or-pass"])
    with pytest.raises(PedroError, match="two_scores_for=dealt and discard=fold-or-pass"):
        resolve_variant("cinch", ["two_scores_for=dealt"])
    with pytest.raises(PedroError, match="two_scores_for=dealt and discard=fold-or-pass"):
        resolve_variant("ukrainian", ["two_scores_for=holder"])
    with pytest.raises(PedroError, match="deck=32"):
        resolve_variant("ukrainian", ["deck=32"])
    assert resolve_variant("cinch", ["plain_led=non-trump"]).plain_led == "non-trump"


@pytest.mark.parametrize("preset,rule", [("ukrainian", "put-away"),
                                         ("king-pedro", "extra-one-scoring")])
def test_bury_low_cannot_arise_where_extra_cards_score(tmp_path, preset, rule):
    """Extra trumps played with the card (and scored) are not buried: bury-low alone is
    refused in one line, exit 2."""

    r = run_cli("technique", "bury-low", "--variant", preset, "--policy", "heuristic",
                "--deals", "100", "--out", str(tmp_path / "t"))
    assert r.returncode == 2 and r.stderr.strip().splitlines() == [
        f"error: bury-low cannot arise in {preset}: a player's extra trumps are not buried "
        f"there (excess_trumps={rule})"]


def test_the_pass_trumps_technique(inputs, tmp_path):
    """The heuristic's pass is a technique: switched off for both sides nobody passes (a
    lone trump stays in), and the deals stay legal; it cannot arise outside ukrainian."""

    from pedro_sim.analysis.strategy.techniques import cannot_arise, switched_off

    word = switched_off(L.P_HEURISTIC, "pass-trumps", "both")
    stayed = 0
    for t in kernel_traces(inputs, 31, 1000, word, "heuristic"):
        assert reference.check_trace(t) == [], t["deal"]
        assert all(len(r) <= 4 for r in t["received"])  # nothing passed
        stayed += sum(1 for h in t["start_hands"] if len(h) == 6 and sum(
            c[1] == t["trump"] for c in h) == 1)
    assert stayed > 50
    assert cannot_arise(inputs.variant, "pass-trumps") is None
    assert "passes trumps" in cannot_arise(EngineInputs.for_variant("cinch").variant,
                                           "pass-trumps")
    r = run_cli("technique", "pass-trumps", "--variant", "king-pedro", "--policy", "heuristic",
                "--deals", "100", "--out", str(tmp_path / "t"))
    assert r.returncode == 2 and r.stderr.strip().splitlines() == [
        "error: pass-trumps cannot arise in king-pedro: nobody passes trumps to a partner and "
        "folds there (only with discard=fold-or-pass: ukrainian)"]
