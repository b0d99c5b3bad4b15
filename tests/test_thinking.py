"""The thinking players (pimc, dd) through the command line: they play legal, checkable
deals in every preset, are reproducible whatever the threads, and beat nothing by
construction."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from test_cli import HAND, cli

from pedro_sim import reference
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import PLAYED_PRESETS, EngineInputs, parse_policy, technique_flags
from pedro_sim.traces import record_deals, trace_dict

CINCH = EngineInputs.for_variant("cinch")


@pytest.mark.parametrize("policy", ["pimc", "dd"])
def test_thinking_deals_pass_the_reference_checker(tmp_path, policy):
    out = tmp_path / "deals.jsonl"
    r = cli("trace", "--deals", "40", "--policy", policy, "--worlds", "4", "--out", str(out))
    assert r.returncode == 0, r.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == 40
    for line in lines:
        assert reference.check_trace(json.loads(line)) == []


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
def test_thinking_players_play_every_preset(preset):
    """pimc and dd deals of every preset (folds, pairs, constrained stacks, books,
    trumps-only play) pass the reference checker, and the folding presets do fold."""
    inputs = EngineInputs.for_variant(preset)
    flags = technique_flags(worlds=3)
    folds = 0
    for word in (parse_policy("pimc"), parse_policy("dd")):
        recs = record_deals(inputs, 11, np.arange(30), word, flags)
        for i, rec in enumerate(recs):
            d = trace_dict(rec, inputs, 11, i, "pimc")
            assert reference.check_trace(d) == [], (preset, i)
            folds += len(d.get("folded") or [])
    if inputs.variant.fold != "never":
        assert folds > 0


def test_same_deals_whatever_the_threads():
    flags = technique_flags(worlds=4)
    word = parse_policy("heuristic", "pimc", "dd")
    runs = []
    for threads in (1, 2):
        import numba

        numba.set_num_threads(threads)
        runs.append(record_deals(CINCH, 9, np.arange(24), word, flags))
    assert np.array_equal(runs[0], runs[1])


def test_sides_get_their_players():
    """With bidders dd and defenders random, the bidders do at least as well as when the
    roles are swapped, over the same deals (a large, certain gap)."""
    flags = technique_flags(worlds=4)
    a = record_deals(CINCH, 3, np.arange(120), parse_policy("random", "dd", "random"), flags)
    b = record_deals(CINCH, 3, np.arange(120), parse_policy("random", "random", "dd"), flags)
    assert a[:, L.R_MADE].mean() > b[:, L.R_MADE].mean() + 0.2


def test_duel_writes_its_report(tmp_path):
    r = cli("duel", "--a", "pimc", "--b", "random", "--deals", "60", "--worlds", "4", "--out",
            str(tmp_path))
    assert r.returncode == 0, r.stderr
    row = pd.read_csv(tmp_path / "duel.csv").iloc[0]
    assert row.deals == 60 and row.points_diff_lo > 0  # pimc beats random by a mile
    meta = json.loads((tmp_path / "run.json").read_text())
    assert meta["a"].startswith("pimc:worlds=4,") and meta["b"] == "random"  # the full specs


@pytest.mark.parametrize("args,fragment", [
    (["duel", "--a", "genius"], "unknown player 'genius'"),
    (["bid", HAND, "--policy", "pimc", "--eval", "magic"], "--eval: unknown eval 'magic'"),
])
def test_bad_player_options(tmp_path, args, fragment):
    r = cli(*args, "--out", str(tmp_path / "out"))
    assert r.returncode == 2 and fragment in r.stderr and r.stderr.count("\n") == 1


def _estimate(hand_text: str, seat: int = 1, dealer: int = 0, seed: int = 1):
    from pedro_sim.cards import mask_of, parse_hand
    from pedro_sim.engine.rng import start
    from pedro_sim.engine.thinking.bidding import playout_estimate
    from pedro_sim.engine.thinking.think_buffers import new_think

    rng = np.zeros(1, np.uint64)
    think = new_think(parse_policy("pimc"), CINCH.tables, rng)
    start(rng, seed, 0, 0)
    hand = np.uint64(mask_of(parse_hand(hand_text)))
    suit, points = playout_estimate(np.int64(seat), np.int64(dealer), hand,
                                    technique_flags(bid_worlds=64), np.int64(L.FL_SETTINGS),
                                    CINCH.tables, rng, think)
    return int(suit), int(points)


def test_playout_bidding_finds_the_suit_and_counts_the_points():
    assert _estimate("AH KH QH JH TH 5H 5D 2H 3C") == (1, 14)  # every trump that scores
    suit, points = _estimate("AS KS 5S 2S 9C 4D JH 7H 3C")
    assert suit == 0 and 6 <= points <= 12
    assert _estimate("3S 4H 6D 7C 8S 9H TD JC 2D")[1] <= 6  # nothing to bid on
    assert _estimate("AS KS 5S 2S 9C 4D JH 7H 3C") == _estimate("AS KS 5S 2S 9C 4D JH 7H 3C")
