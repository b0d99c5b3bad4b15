"""Techniques as situations and actions (engine/thinking/steering.py, docs/strategy.md),
checked against a pure-Python reading of the same definitions on the deals' traces: a
player forced to a technique takes its action wherever the situation arises, one forbidden
it never does, and one only watching plays exactly as the free player."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from pedro_sim import reference
from pedro_sim.analysis.strategy.technique_worth import steered_techniques
from pedro_sim.analysis.study import build_study
from pedro_sim.cards import parse_card
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.reference.cards import trump_info
from pedro_sim.reference.rules import legal_cards
from pedro_sim.specs import PIMC_TUNING, parse_spec
from pedro_sim.traces import record_deals, trace_dict

FAST = "pimc:worlds=3,bid_worlds=8,keep_worlds=4,think=all"
SEED = 31
DEALS = 24
ALL = set(range(52))
SUITS = "SHDC"


def beats(ti, b: int, a: int) -> bool:
    """Whether card b beats the winning card a (cinch: the winner is a trump or of the suit
    led)."""
    if ti.is_trump[b]:
        return not ti.is_trump[a] or ti.power[b] > ti.power[a]
    return not ti.is_trump[a] and b // 13 == a // 13 and b % 13 > a % 13


def counter(ti, c: int) -> bool:
    """A trump that scores for the trick's winner (cinch's 2 scores for its holder)."""
    return ti.points[c] > 0 and c != ti.two


def action(tech: str, ti, hand: list[int], legal: list[int], played: set[int],
           trick: list[tuple[int, int]], seat: int) -> set[int]:
    """The cards of ``legal`` that are ``tech``'s action where its situation holds for
    ``seat`` (``trick``: the (seat, card) plays so far), else the empty set."""
    unseen = ALL - played - set(hand)
    k = len(trick)
    later = k < 3  # four players, none folds: an opponent plays after every place but last
    winner = wcard = None
    for s, c in trick:
        if wcard is None or beats(ti, c, wcard):
            winner, wcard = s, c

    def sure(c: int) -> bool:
        return not any(beats(ti, u, c) for u in unseen)

    ours = winner is not None and winner % 2 == seat % 2
    held_surely = ours and sure(wcard)
    act: set[int] = set()
    if tech == "lead-trumps" and k == 0:
        act = {c for c in legal if ti.is_trump[c] and sure(c)}
    elif tech == "cinch" and k == 2 and not held_surely:
        worth = any(counter(ti, c) for _, c in trick) or any(ti.points[u] >= 5 for u in unseen)
        if worth:
            act = {c for c in legal if beats(ti, c, wcard) and sure(c)}
    elif tech == "save-pedro" and ours and (not later or sure(wcard)):
        act = {c for c in legal if ti.points[c] >= 5}
    elif tech == "guard-pedro" and later and not held_surely:
        winners = set(legal) if k == 0 else {c for c in legal if beats(ti, c, wcard)}
        risked = {c for c in legal if counter(ti, c) and not (c in winners and sure(c))}
        if risked:
            act = set(legal) - risked
    return set() if act == set(legal) else act


def decisions(trace: dict):
    """(card played, hand, legal cards, cards played before, trick so far, seat) for each
    play of a single card by a seat with nothing extra to play."""
    ti = trump_info(SUITS.index(trace["trump"]))
    hands = [[parse_card(c) for c in h] for h in trace["start_hands"]]
    played: set[int] = set()
    for number, trick in enumerate(trace["tricks"]):
        so_far: list[tuple[int, int]] = []
        for seat, cards in trick["plays"]:
            ids = [parse_card(c) for c in cards]
            hand = hands[seat]
            if len(hand) == 6 - number:  # no stack to play under the card
                led = None
                if so_far:
                    first = so_far[0][1]
                    led = ti.suit if ti.is_trump[first] else first // 13
                yield ids[0], list(hand), legal_cards(hand, led, ti), set(played), \
                    list(so_far), seat, ti
            for c in ids:
                hand.remove(c)
                played.add(c)
            so_far.append((seat, ids[0]))


def traces(spec: str) -> list[dict]:
    inputs = EngineInputs.for_variant("cinch")
    who = players(spec, inputs.variant)
    recs = record_deals(inputs, SEED, np.arange(DEALS), who.policy, who.flags)
    return [trace_dict(recs[i], inputs, SEED, i, who.label) for i in range(DEALS)]


@pytest.mark.parametrize("tech", L.STEERED)
def test_forced_and_forbidden_players_obey_the_definition(tech):
    found = 0
    for mode in ("force", "forbid"):
        for trace in traces(f"{FAST},steer={mode}-{tech}"):
            assert reference.check_trace(trace) == []
            if trace["bidder"] < 0:
                continue
            for card, hand, legal, played, so_far, seat, ti in decisions(trace):
                act = action(tech, ti, hand, legal, played, so_far, seat)
                if act:
                    found += 1
                    assert (card in act) == (mode == "force"), (mode, tech, trace["deal"])
    assert found >= 10  # the situation arose: the test could have failed


def test_a_watching_player_plays_as_the_free_one():
    free = traces(FAST)
    watched = traces(f"{FAST},steer=watch-cinch")
    for a, b in zip(free, watched, strict=True):
        assert {**a, "policy": ""} == {**b, "policy": ""}


@pytest.mark.parametrize("tech", ["cinch", "guard-pedro"])
def test_technique_counts_match_the_definition_on_the_traces(tech):
    """`technique --policy pimc`'s frequencies (analysis/strategy/technique_worth.py, side
    both) are the situations and choices the Python definition finds in the free player's traces."""
    study = build_study("cinch", FAST, SEED, DEALS)
    frame = steered_techniques(study, [tech], ["both"])
    situations = chosen = seen = deals = 0
    for trace in traces(FAST):
        if trace["bidder"] < 0:
            continue
        deals += 1
        acts = [(card, action(tech, ti, hand, legal, played, so_far, seat))
                for card, hand, legal, played, so_far, seat, ti in decisions(trace)]
        hits = [card in act for card, act in acts if act]
        situations += len(hits)
        chosen += sum(hits)
        seen += bool(hits)
    row = frame.iloc[0]
    assert row["auction_differs"] == 0 and row["n"] == deals
    assert row["situations_per_deal"] * deals == pytest.approx(situations)
    assert row["chosen"] * situations == pytest.approx(chosen)
    assert row["deals_with_situation"] * deals == pytest.approx(seen)
    assert situations > 0


def test_technique_command_with_a_thinking_player(tmp_path):
    """`technique all --policy pimc...`: bury-low left out with a note, three sides, two
    arms each, the files written, the spec named."""
    from typer.testing import CliRunner

    from pedro_sim.cli import app

    out = tmp_path / "t"
    r = CliRunner().invoke(app, ["technique", "all", "--policy", FAST, "--deals", "12",
                                 "--seed", "5", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "bury-low left out" in r.output
    frame = pd.read_csv(out / "techniques.csv")
    assert len(frame) == 4 * 3 * 2 and set(frame.arm) == {"forbid", "force"}
    named = str(parse_spec(FAST, tuning=PIMC_TUNING["cinch"]))  # cinch's own defaults
    assert (frame.policy == named).all() and (frame.auction_differs == 0).all()
    assert (out / "techniques.png").stat().st_size > 0
    assert json.loads((out / "run.json").read_text())["policy"] == named
