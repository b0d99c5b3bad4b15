"""The 32-card pack (`deck=32`: A K Q J T 9 5 2 of each suit) and the off-jack as a trump
(`off_jack_trump`: the jack of the trump's colour, ranking just below the jack), as house
rules: kernels against the reference engine, the checker, and the refusals."""

from __future__ import annotations

import numpy as np
import pytest
from in_process import run_cli

from pedro_sim import reference
from pedro_sim.cards import card_text, parse_card
from pedro_sim.encoding import layout as L
from pedro_sim.encoding.option_array import pack_cards
from pedro_sim.engine.checks.invariants import KIND_NAMES
from pedro_sim.engine.drivers.soak import soak_counts
from pedro_sim.engine_inputs import EngineInputs, players, technique_flags
from pedro_sim.errors import PedroError
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.traces import record_deals, trace_dict

FLAGS = technique_flags()
OFF_JACK = ["off_jack_trump=yes", "points.offjack=1"]
GAMES = [
    ("catch-five", ["deck=32"]),
    ("sancho", ["deck=32"]),
    ("nicaragua", ["deck=32"]),
    ("catch-five", ["deck=32", *OFF_JACK]),
    ("nicaragua", ["deck=32", *OFF_JACK]),
    ("cinch", ["off_jack_trump=yes"]),
    ("california", ["off_jack_trump=yes"]),
    ("king-pedro", ["off_jack_trump=yes"]),
    ("eighty-three", ["off_jack_trump=yes"]),
    ("pidro", ["off_jack_trump=yes"]),
]


def _inputs(preset: str, rules: list[str]) -> EngineInputs:
    return EngineInputs.for_variant(resolve_variant(preset, rules))


@pytest.mark.parametrize("preset,rules", GAMES)
def test_deals_are_the_reference_engines(preset, rules):
    """Random deals are the reference engine's, card for card; random and heuristic traces
    pass its checker; every card dealt is in the pack."""
    inputs = _inputs(preset, rules)
    pack = {card_text(c) for c in pack_cards(inputs.variant)}
    assert len(pack) == inputs.variant.deck
    for policy, name in ((L.P_RANDOM, "random"), (L.P_HEURISTIC, "heuristic")):
        for i, rec in enumerate(record_deals(inputs, 13, np.arange(800), policy, FLAGS)):
            t = trace_dict(rec, inputs, 13, i, name)
            assert {c for h in t["hands"] for c in h} | set(t["stock"]) == pack
            if policy == L.P_RANDOM:
                ref = reference.random_deal(13, i, variant=preset, rules=inputs.trace_rules)
                diff = next((k for k in ref if t.get(k) != ref[k]), None)
                assert diff is None, f"deal {i}: {diff}: {t.get(diff)!r} != {ref[diff]!r}"
            assert reference.check_trace(t) == [], (name, i, reference.check_trace(t))


def test_the_off_jack_ranks_between_the_jack_and_the_ten():
    """Spades trump: the jack of clubs is a trump (it follows a trump lead, not clubs); it
    beats the ten of spades and loses to the jack; with the rule off it is a club."""
    tab = _inputs("nicaragua", ["deck=32", *OFF_JACK]).tables
    js, jc, ts, qc = (parse_card(c) for c in ("JS", "JC", "TS", "QC"))
    spades = 0
    assert tab.cinfo[spades, L.I_SUIT, jc] == L.TRUMP_SUIT
    assert int(tab.masks[spades, L.M_TRUMP]) >> jc & 1
    assert not int(tab.masks[spades, 3]) & ~int(tab.masks[spades, L.M_TRUMP]) >> jc & 1
    assert int(tab.beats[spades, ts]) >> jc & 1  # the off-jack beats the ten...
    assert int(tab.beats[spades, jc]) >> js & 1  # ...and the jack beats it
    assert not int(tab.beats[spades, js]) >> jc & 1
    assert tab.cinfo[spades, L.I_POINTS, jc] == 1
    assert tab.cinfo[1, L.I_SUIT, jc] == 3  # hearts trump: a club like any other
    plain = _inputs("cinch", []).tables
    assert plain.cinfo[spades, L.I_SUIT, jc] == 3
    assert int(plain.beats[spades, jc]) >> qc & 1


def test_without_the_rules_the_tables_are_unchanged():
    """The off-jack takes a place in the trump order only where it is a trump: every other
    table of a preset is what it was (the byte-identical deals of the twelve presets rest
    on this)."""
    for preset in ("cinch", "king-pedro", "eighty-three"):
        tab = _inputs(preset, []).tables
        assert list(tab.cinfo[0, L.I_PACK, :tab.opts[L.O_DECK]]) == list(range(tab.opts[L.O_DECK]))
        assert int(tab.opts[L.O_PACK]) == (1 << int(tab.opts[L.O_DECK])) - 1


@pytest.mark.parametrize("preset,rules", [("nicaragua", ["deck=32", *OFF_JACK]),
                                          ("king-pedro", ["off_jack_trump=yes"])])
def test_thinking_players_play_them(preset, rules):
    inputs = _inputs(preset, rules)
    who = players("pimc:worlds=8,bid_worlds=16,keep_worlds=8", inputs.variant)
    for i, rec in enumerate(record_deals(inputs, 5, np.arange(12), who.policy, who.flags)):
        t = trace_dict(rec, inputs, 5, i, who.label)
        assert reference.check_trace(t) == [], (i, reference.check_trace(t))


@pytest.mark.parametrize("preset,rules,fragment", [
    ("cinch", ["deck=32"], "too few cards for cinch, which deals 36"),
    ("king-pedro", ["deck=32"], "which deals 52"),
    ("cinch", ["points.offjack=1"], "off-jack scores only with off_jack_trump"),
    ("king-pedro", OFF_JACK, "counts seven scoring trumps"),
    ("cinch", OFF_JACK, "7 trumps score, but with excess_trumps=bury"),
    ("cinch", ["points.K=1"], "at most 6 may score"),
    ("california", OFF_JACK, "excess_trumps=pairs"),
    ("catch-five", ["deck=32", "points.3=1"], "32-card pack has no 3"),
])
def test_refused_in_one_line(preset, rules, fragment):
    with pytest.raises(PedroError, match=fragment):
        resolve_variant(preset, rules)


def test_a_card_outside_the_pack_is_refused():
    r = run_cli("bid", "AH KH 5H 2H 9C 7D", "--variant", "catch-five", "--rule", "deck=32")
    assert r.returncode == 2
    assert r.stderr.strip() == "error: hand: 7D is not in catch-five's 32-card (A K Q J T 9 " \
                               "5 2 of each suit) pack"


@pytest.mark.parametrize("preset,rules", GAMES + [("lipton", []), ("ukrainian", [])])
def test_the_kernels_own_invariants_hold(preset, rules):
    """The in-kernel checks of docs/rules.md section 6 (the soak's) on 40,000 random and
    40,000 heuristic deals of each game: they once took a 32-card trick for the leader's
    (they looked for a 3, which the pack lacks), and a seventh scoring trump (cinch with
    points.K or a scoring off-jack) once left a robbing dealer no legal card, 1 deal in
    100,000 (now refused by validate)."""
    tab = _inputs(preset, rules).tables
    for policy in (L.P_RANDOM, L.P_HEURISTIC):
        totals = soak_counts(tab, 9, 0, 40_000, policy, FLAGS, chunk=4096)
        assert {k: totals[k] for k in KIND_NAMES} == dict.fromkeys(KIND_NAMES, 0)
