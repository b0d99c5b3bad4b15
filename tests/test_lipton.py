"""`lipton`, the Lipton variation of King Pedro: 32 cards with the off-jack a trump, the king
worth 20 of 35 points, 7 cards each, a missy of 4 for the high bidder, who puts away any 4
of its 11; folds and claims as in king-pedro."""

from __future__ import annotations

import numpy as np
import pytest

from pedro_sim import reference
from pedro_sim.encoding import layout as L
from pedro_sim.errors import PedroError
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.setup import EngineInputs, players, technique_flags
from pedro_sim.solving import Solver, parse_position
from pedro_sim.traces import record_deals, trace_dict

FLAGS = technique_flags()


@pytest.fixture(scope="module")
def inputs() -> EngineInputs:
    return EngineInputs.for_variant("lipton")


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
    for i, rec in enumerate(record_deals(inputs, 21, np.arange(2000), L.P_RANDOM, FLAGS)):
        t = trace_dict(rec, inputs, 21, i, "random")
        ref = reference.random_deal(21, i, variant="lipton")
        diff = next((k for k in ref if t.get(k) != ref[k]), None)
        assert diff is None, f"deal {i}: {diff}: {t.get(diff)!r} != {ref[diff]!r}"
        assert reference.check_trace(t) == []
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
    for i, rec in enumerate(record_deals(inputs, 22, np.arange(1000), L.P_HEURISTIC, FLAGS)):
        t = trace_dict(rec, inputs, 22, i, "heuristic")
        assert reference.check_trace(t) == [], (i, reference.check_trace(t))
    who = players("pimc:worlds=8,bid_worlds=16,keep_worlds=8", inputs.variant)
    put_away = 0
    for i, rec in enumerate(record_deals(inputs, 23, np.arange(16), who.policy, who.flags)):
        t = trace_dict(rec, inputs, 23, i, who.label)
        assert reference.check_trace(t) == [], (i, reference.check_trace(t))
        put_away += t["bidder"] is not None
    assert put_away >= 8


def test_a_scoring_trump_put_away_counts_for_nobody(inputs):
    """Random bidders put away scoring trumps: those points are nobody's, the rest add up."""
    lost = 0
    for i, rec in enumerate(record_deals(inputs, 24, np.arange(3000), L.P_RANDOM, FLAGS)):
        t = trace_dict(rec, inputs, 24, i, "random")
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
        assert sum(t["points"]) == 35 - gone, i
        lost += gone > 0
    assert lost > 100


def test_options_it_takes_and_refuses():
    assert resolve_variant("lipton", ["moon_game=yes"]).moon_game  # the top numeric bid: 35
    with pytest.raises(PedroError, match="28-56 with lipton"):
        resolve_variant("lipton", ["28-56=yes"])


def test_bury_low_is_refused_where_it_cannot_arise(tmp_path):
    """Nobody in lipton (or sancho) holds more cards than it plays: bury-low alone is
    refused in one line; with the others it is left out, said so."""
    import subprocess
    import sys

    def run(*args):
        return subprocess.run([sys.executable, "-m", "pedro_sim.cli", "technique", *args,
                               "--policy", "heuristic", "--deals", "500", "--out",
                               str(tmp_path / "t")], capture_output=True, text=True,
                              timeout=300)

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
