"""`lipton`, the Lipton variation of King Pedro: 32 cards with the off-jack a trump, the king
worth 20 of 35 points, 7 cards each, a missy of 4 for the high bidder, who puts away any 4
of its 11; folds and claims as in king-pedro."""

from __future__ import annotations

import numpy as np
import pytest
from engine_helpers import assert_checked, inputs_fixture, kernel_traces, reference_deals
from in_process import run_cli

from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.errors import PedroError
from pedro_sim.reference.general import RandomPolicy, seeded_deal, simulate
from pedro_sim.reference.variants import get_variant
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.solving import Solver, parse_position

inputs = inputs_fixture("lipton")


def test_the_rules_as_data(inputs):
    v = inputs.variant
    assert (v.deck, v.hand, v.kitty, v.keep, v.total_points) == (32, 7, 4, 7, 35)
    assert (v.min_bid, v.max_bid, v.target, v.lose_at) == (20, 35, 200, -100)
    assert v.points["K"] == 20 and v.off_jack_trump


@pytest.mark.parametrize("hands,value", [
    ([["AH"], ["KH"], ["9H"], ["JD"]], 22),  # the ace takes the 20-point king and the off-jack
    ([["KH"], ["AH"], ["9H"], ["JD"]], 0),   # the king led into the ace: 22 to the others
    ([["QH"], ["KS"], ["JD"], ["2C"]], 1),   # 1 and 3 fold; the queen beats the off-jack
    ([["9H"], ["KS"], ["JD"], ["2C"]], 1),   # the off-jack beats the 9 (partner's trick)
    ([["TH"], ["JD"], ["KS"], ["2C"]], 0),   # ... and the ten: 1 point for the defenders
])
def test_the_20_point_king(hands, value):
    """Hand-built last tricks (hearts trumps, seat 0 the bidder leading): the solver's
    value is the bidders' points; a seat with no trump folds at the start of the trick."""
    pos = parse_position({"variant": "lipton", "trump": "H", "leader": 0, "bidder": 0,
                          "hands": hands, "trick_index": 6})
    assert Solver("lipton").solve(pos).value == value


def test_deals_are_the_reference_engines_and_the_missy_is_the_bidders(inputs):
    """Random deals are the reference engine's; the bidder's received is the missy in stock
    order and its discards the 4 it put away; nobody else discards or receives."""
    thrown = 0
    for t in reference_deals(inputs, 21, 2000, "lipton"):
        assert all(len(h) == 7 for h in t["hands"]) and len(t["stock"]) == 4
        b = t["bidder"]
        if b is None:
            thrown += 1
            continue
        assert 20 <= t["bid"] <= 35
        assert t["received"][b] == t["stock"] and len(t["discards"][b]) == 4
        assert all(not t["received"][s] and not t["discards"][s] for s in range(4) if s != b)
        assert all(len(h) == 7 for h in t["start_hands"])
        assert sum(t["points"]) <= 35
    assert thrown < 200  # random callers rarely all pass (heuristic ones: below)


def test_heuristic_and_pimc_traces_pass_the_checker(inputs):
    assert_checked(kernel_traces(inputs, 22, 1000, L.P_HEURISTIC, "heuristic"))
    who = players("pimc:worlds=8,bid_worlds=16,keep_worlds=8", inputs.variant)
    pimc = kernel_traces(inputs, 23, 16, who.policy, who.label, who.flags)
    assert_checked(pimc)
    assert sum(t["bidder"] is not None for t in pimc) >= 8  # the bidder put away its 4


def test_a_scoring_trump_put_away_counts_for_nobody(inputs):
    """Random bidders put away scoring trumps: those points are nobody's, the rest add up."""
    lost = 0
    for t in kernel_traces(inputs, 24, 3000):
        if t["bidder"] is None:
            continue
        trumps = {"S": "SC", "C": "CS", "H": "HD", "D": "DH"}[t["trump"]]
        points = {"A": 1, "K": 20, "T": 1}
        gone = 0
        for c in t["discards"][t["bidder"]]:
            rank, suit = c[0], c[1]
            if suit == trumps[0]:
                gone += points.get(rank, 0) + (1 if rank == "J" else 0) + \
                    (5 if rank == "5" else 0) + (1 if rank == "2" else 0)
            elif suit == trumps[1] and rank in "J5":
                gone += 1 if rank == "J" else 5
        assert sum(t["points"]) == 35 - gone, t["deal"]
        lost += gone > 0
    assert lost > 100


def test_options_it_takes_and_refuses():
    assert resolve_variant("lipton", ["moon_game=yes"]).moon_game  # the top numeric bid: 35
    with pytest.raises(PedroError, match="28-56 with lipton"):
        resolve_variant("lipton", ["28-56=yes"])


def test_bury_low_is_refused_where_it_cannot_arise(tmp_path):
    """Nobody in lipton (or sancho) holds more cards than it plays: bury-low alone is
    refused in one line; with the others it is left out, said so."""

    def run(*args):
        return run_cli("technique", *args, "--policy", "heuristic", "--deals", "500", "--out",
                       str(tmp_path / "t"))

    r = run("bury-low", "--variant", "lipton")
    assert r.returncode == 2 and r.stderr.strip().splitlines() == [
        "error: bury-low cannot arise in lipton: no player ever holds more cards than it "
        "plays, so none is buried"]
    r = run("all", "--variant", "sancho")
    assert r.returncode == 0 and "bury-low cannot arise in sancho" in " ".join(r.stdout.split())
    assert resolve_variant("lipton").plays_every_card_it_holds
    assert not resolve_variant("cinch").plays_every_card_it_holds
    assert not resolve_variant("king-pedro").plays_every_card_it_holds


def test_holdings_name_the_off_jack():
    from pedro_sim.analysis.strategy.holdings import card_name
    from pedro_sim.cards import parse_card

    assert card_name(parse_card("JD"), 1) == "off-jack"
    assert card_name(parse_card("JH"), 1) == "J"


# --- the order: trumps named from the dealt cards, then the missy (rule trump_before_kitty) --


def _heuristic_trumps(variant, seed: int = 31, deals: int = 400):
    """(the heuristic's named trump, its best suit of its dealt cards alone, of its dealt
    cards and the kitty) in each deal with a bidder."""
    from pedro_sim.analysis.bid import heuristic_trump
    from pedro_sim.cards import parse_card

    inputs = EngineInputs.for_variant(variant)
    out = []
    for t in kernel_traces(inputs, seed, deals, L.P_HEURISTIC, "heuristic"):
        if t["bidder"] is None:
            continue
        dealt = [parse_card(c) for c in t["hands"][t["bidder"]]]
        kitty = [parse_card(c) for c in t["received"][t["bidder"]]]
        out.append(("SHDC".index(t["trump"]), heuristic_trump(inputs, dealt),
                    heuristic_trump(inputs, dealt + kitty)))
    return out


@pytest.mark.parametrize("preset,rules", [("lipton", []),
                                          ("king-pedro", ["trump_before_kitty=yes"])])
def test_the_heuristic_names_trumps_from_its_dealt_cards(preset, rules):
    """lipton's bidder names trumps before it takes the missy: the heuristic's trump is its
    best suit of the 7 dealt cards, never of the 11 (which differs in some deals); the same
    with the rule as a house rule of king-pedro."""
    named = _heuristic_trumps(resolve_variant(preset, rules))
    assert all(trump == dealt for trump, dealt, _ in named)
    assert sum(dealt != seen for _, dealt, seen in named) >= 5


@pytest.mark.parametrize("preset,rules", [("lipton", ["trump_before_kitty=no"]),
                                          ("king-pedro", [])])
def test_a_bidder_that_takes_the_kitty_first_names_trumps_seeing_it(preset, rules):
    named = _heuristic_trumps(resolve_variant(preset, rules))
    assert all(trump == seen for trump, _, seen in named)
    assert sum(dealt != seen for _, dealt, seen in named) >= 5


def test_the_trump_kernel_sees_the_dealt_cards_alone():
    """seen_at_trump, what the engine's bidder (and the simulated holder of the thinking
    players' bidding deals) names trumps from: the dealt cards in lipton, with the kitty
    where the kitty comes first."""
    from pedro_sim.engine.game.dealing import seen_at_trump

    dealt, kitty = np.uint64(0b1111111), np.uint64(0b1111 << 20)

    def seen(preset, *rules):
        return int(seen_at_trump(dealt, kitty, EngineInputs.for_variant(
            resolve_variant(preset, list(rules))).tables))
    assert seen("lipton") == int(dealt)
    assert seen("lipton", "trump_before_kitty=no") == int(dealt | kitty)
    assert seen("king-pedro") == int(dealt | kitty)
    assert seen("king-pedro", "trump_before_kitty=yes") == int(dealt)


def test_the_rule_needs_a_kitty():
    for preset in ("cinch", "family", "sixty-three"):
        with pytest.raises(PedroError, match="trump_before_kitty=true: .* kitty alone"):
            resolve_variant(preset, ["trump_before_kitty=yes"])
    assert resolve_variant("five-handed", ["trump_before_kitty=yes"]).trump_before_kitty
    assert not resolve_variant("eighty-three").trump_before_kitty


class _Shown:
    """A reference engine policy (the random player) that notes what it is shown when it
    names trumps."""

    def __init__(self, stream):
        self.random = RandomPolicy(stream)
        self.at_trump: list = []

    def choose(self, tag, seat, options, info=None):
        if tag == "trump":
            self.at_trump.append(info)
        return self.random.choose(tag, seat, options, info)


@pytest.mark.parametrize("preset,missy_shown", [("lipton", False), ("king-pedro", True),
                                                ("eighty-three", True)])
def test_the_reference_bidder_is_not_shown_the_missy_before_trumps(preset, missy_shown):
    """The reference engine tells the policy, when it names trumps, the cards it has seen
    besides its dealt ones: none in lipton (the missy comes after), the kitty elsewhere."""
    v = get_variant(preset)
    named = 0
    for i in range(200):
        stream, hands, stock = seeded_deal(v, 41, i, 0, i % 4)
        policy = _Shown(stream)
        body, _ = simulate(v, i % 4, hands, stock, policy)
        if body["bidder"] is None:
            continue
        named += 1
        assert policy.at_trump == [list(stock) if missy_shown else []], i
    assert named > 100


class _Asked:
    """A seat's player in the arena that bids all it may and notes every question."""

    def __init__(self) -> None:
        self.questions: list[dict] = []

    def decide(self, question: dict, legal: list) -> int:
        self.questions.append(question)
        return legal[-1]


@pytest.mark.parametrize("preset,missy_shown", [("lipton", False), ("king-pedro", True)])
def test_the_arena_view_shows_no_missy_at_trumps_and_eleven_cards_at_keep(preset, missy_shown):
    """The protocol's view: at `trump` a lipton bidder is shown no missy (`picked_up` empty),
    king-pedro's its kitty; at `keep` its `hand` lists every card it holds, the dealt ones
    and the kitty."""
    from pedro_sim.arena.views import Deal

    v = get_variant(preset)
    checked = 0
    for i in range(20):
        dealer = i % 4
        _, hands, stock = seeded_deal(v, 43, i, 0, dealer)
        asked = _Asked()
        table = Deal({"variant": preset, "players": 4, "seed": 43}, i, dealer, hands,
                     [asked] * 4)
        body, _ = simulate(v, dealer, hands, stock, table)
        trump = [q for q in asked.questions if q["decision"] == "trump"]
        keep = [q for q in asked.questions if q["decision"] == "keep"
                and q["seat"] == body["bidder"]]
        if not trump or not keep:
            continue
        kitty = sorted(body["stock"])
        assert sorted(trump[0]["view"]["picked_up"]) == (kitty if missy_shown else []), i
        assert sorted(keep[0]["view"]["hand"]) == sorted(body["hands"][body["bidder"]] + kitty)
        checked += 1
    assert checked >= 10
