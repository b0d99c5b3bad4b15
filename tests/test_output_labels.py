"""Outputs name the game that was asked for (issue 48): the preset, its table and every house
rule, in one label; the rules text and option table agree; special bids are labelled."""

from __future__ import annotations

import json
import subprocess

import pandas as pd
import pytest
from in_process import run_cli

from pedro_sim.analysis.study import build_study
from pedro_sim.engine_inputs import EngineInputs
from pedro_sim.errors import PedroError
from pedro_sim.parsers import parse_bids
from pedro_sim.reference.variants import with_rules
from pedro_sim.rules import PRESETS
from pedro_sim.rules.describe import describe
from pedro_sim.rules.overrides import house_rules, resolve_variant

HAND = "AH KH 5H 2H 9C 4D JS 7S 3D"  # the ace, king and 2 of hearts: a 28-56 for the dealer


def cli(*args: str) -> subprocess.CompletedProcess:
    """pedro-sim ARGS in this process (tests/in_process.py)."""
    return run_cli(*args)


def refused(r: subprocess.CompletedProcess, fragment: str) -> None:
    assert r.returncode == 2, r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], r.stderr


# --- item 8: one label for the game, everywhere ---

def test_the_label_names_the_table_and_every_house_rule():
    from pedro_sim.rules.overrides import variant_label

    assert variant_label(resolve_variant("cinch")) == "cinch"
    assert variant_label(resolve_variant("cinch@3")) == "cinch@3"
    assert variant_label(resolve_variant("cinch", ["min_bid=6", "target=52"])) == \
        "cinch (min_bid=6, target=52)"
    assert variant_label(resolve_variant("cinch@3", ["min_bid=6"])) == "cinch@3 (min_bid=6)"
    assert variant_label(resolve_variant("five-handed")) == "five-handed"
    assert variant_label(resolve_variant("sancho", ["counting_order=2,A,J,T,pedro,9"])) == \
        "sancho (counting_order=2,A,J,T,pedro,9)"


@pytest.mark.many_sides
def test_analyses_and_engine_inputs_carry_the_label():
    v = resolve_variant("cinch@3", ["target=52"])
    assert EngineInputs.for_variant(v).label == "cinch@3 (target=52)"
    study = build_study("cinch", rules=["min_bid=6"], deals=10)
    assert study.keys["variant"] == "cinch (min_bid=6)"  # holdings, technique, advise, chart


@pytest.fixture(scope="module")
def bid_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("bid")
    r = cli("bid", HAND, "--variant", "cinch@3", "--rule", "min_bid=6", "--rule", "28-56=yes",
            "--bids", "7,14,28", "--seat", "dealer", "--trump", "H", "--deals", "300",
            "--policy", "heuristic", "--out", str(out))
    assert r.returncode == 0, r.stderr
    return r.stdout, out


@pytest.mark.many_sides
def test_bid_names_the_table_and_house_rules_everywhere(bid_run):
    stdout, out = bid_run
    label = "cinch@3 (min_bid=6, dealer_28_56=true)"
    assert label in " ".join(stdout.split())  # the console header (wrapped at 80 columns)
    assert set(pd.read_csv(out / "bid.csv").variant) == {label}
    meta = json.loads((out / "run.json").read_text())
    assert meta["variant"] == label and meta["preset"] == "cinch" and meta["players"] == 3
    assert meta["house_rules"] == {"players": 3, "partnerships": False, "min_bid": 6,
                                   "forced_bid": 6, "dealer_28_56": True}


@pytest.mark.many_sides
def test_trace_and_show_name_the_house_rules(tmp_path):
    r = cli("trace", "--variant", "cinch", "--rule", "target=52", "--deals", "3",
            "--policy", "random", "--out", str(tmp_path / "d.jsonl"))
    assert r.returncode == 0 and "of cinch (target=52)" in r.stdout, r.stderr
    r = cli("show", "--variant", "cinch@3", "--rule", "target=52", "--policy", "random")
    assert r.returncode == 0 and r.stdout.startswith("cinch@3 (target=52) deal 0"), r.stderr


def test_duel_names_the_house_rules(tmp_path):
    r = cli("duel", "--a", "random", "--b", "heuristic", "--rule", "target=52", "--deals", "20",
            "--out", str(tmp_path))
    assert r.returncode == 0 and "cinch (target=52)" in r.stdout, r.stderr
    assert list(pd.read_csv(tmp_path / "duel.csv").variant) == ["cinch (target=52)"]
    meta = json.loads((tmp_path / "run.json").read_text())
    assert (meta["variant"], meta["house_rules"]) == ("cinch (target=52)", {"target": 52})


# --- item 15: 28-56 in --bids, special bids labelled ---

def test_bids_takes_the_dealers_28_as_bid_does():
    v = resolve_variant("cinch", ["28-56=yes"])
    assert parse_bids("7,14,28", v) == [7, 14, 28]
    assert parse_bids("7,28-56", v) == [7, 28]
    with pytest.raises(PedroError, match=r"7\.\.14 and 28 \(28-56"):
        parse_bids("7,29", v)
    with pytest.raises(PedroError, match=r"bids are 7\.\.14"):
        parse_bids("7,28", resolve_variant("cinch"))  # no 28-56: no 28


def test_special_bids_are_labelled():
    from pedro_sim.rules.variant import bid_text

    v = resolve_variant("cinch", ["28-56=yes", "special_bid=moon"])
    assert [bid_text(b, v.special_bid_name(b)) for b in (7, 14, 28)] == \
        ["7", "14 (moon)", "28-56"]
    assert PRESETS["eighty-three"].special_bid_name(166) == "83 double"


def test_bid_table_and_csv_label_the_28_56_row(bid_run):
    stdout, out = bid_run
    table = pd.read_csv(out / "bid.csv", keep_default_na=False)
    assert list(table.bid) == [6, 7, 14, 28]
    assert list(table.special) == ["", "", "", "28-56"]
    assert any(line.split()[:1] == ["28-56"] for line in stdout.splitlines())


@pytest.mark.parametrize("args,fragment", [
    (["--seat", "eldest", "--trump", "H"], "--bids 28 (28-56) is the dealer's bid only"),
    (["--seat", "dealer", "--trump", "S"], "--bids 28 (28-56) needs the ace, king and 2"),
])
def test_bids_28_keeps_the_conditions_of_bid_28(args, fragment):
    refused(cli("bid", HAND, "--rule", "28-56=yes", "--bids", "7,28", *args, "--deals", "10",
                "--policy", "heuristic"), fragment)


# --- item 11: the tie in individual play is the bidder's, in the table as in the text ---

@pytest.mark.parametrize("name", ["five-handed", "cinch@3"])
def test_the_option_table_shows_the_tie_in_force(name):
    v = resolve_variant(name)
    assert v.tie == "bidders"
    assert "the bidder, else" in describe(v)[-1]
    r = cli("rules", name)
    assert r.returncode == 0
    row = next(line.split() for line in r.stdout.splitlines() if line.split()[:1] == ["tie"])
    assert row[1] == "bidders", row


def test_tie_continue_is_refused_in_individual_play():
    with pytest.raises(PedroError, match="tie=continue with cinch played individually"):
        resolve_variant("cinch@3", ["tie=continue"])
    assert house_rules(resolve_variant("cinch@3")) == {"players": 3, "partnerships": False}


# --- item 13: a forced bid at the minimum follows min_bid ---

def test_the_forced_bid_follows_a_lowered_minimum():
    assert resolve_variant("cinch", ["min_bid=6"]).forced_bid == 6
    assert resolve_variant("foster", ["min_bid=2"]).forced_bid == 2
    assert resolve_variant("cinch", ["min_bid=6", "forced_bid=7"]).forced_bid == 7
    assert resolve_variant("nicaragua", ["min_bid=8"]).forced_bid == 6  # set apart already
    assert with_rules("cinch", {"min_bid": 6}).forced == 6  # the reference reads it so too
    assert "moves it too" in describe(resolve_variant("cinch"))[2]


# --- item 16: every step of the rules in the printed text ---

def test_five_handed_text_says_who_takes_the_set_aside_cards_and_extra_trumps():
    text = " ".join(describe(PRESETS["five-handed"]))
    assert "the last 2 are set aside" in text
    assert "the high bidder takes the kitty into its hand, then names trumps" in text.lower()
    assert "more than 6 cards (all trumps) keeps them all and plays one extra card" in text


def test_lipton_text_says_missy():
    text = " ".join(describe(PRESETS["lipton"]))
    assert "missy" in text and "kitty" not in text


@pytest.mark.parametrize("name,fragment", [
    ("family", "picked up after the bidding and before trumps are named"),
    ("foster", "scoring trumps the bidders' opponents discard count for the bidders"),
    ("king-pedro", "at most one of the cards it plays there may score"),
    ("eighty-three", "passes the rest to its partner"),
    ("pidro", "discards non-scoring trumps down to 6"),
    ("sixty-three", "more than 6 scoring trumps keeps them"),
    ("sancho", "the others score theirs"),
    ("sancho", "counted in the order A (High), 2 (Low), J (Jack), T (Game), pedro, 9"),
    ("california", "if both teams reach it on one deal, the bidders win"),
    ("cinch", "buried under it"),
    ("ukrainian", "keeps them as its own"),
    ("ukrainian", "nobody folds during play"),
    ("cinch", "its first non-trumps up to 6 cards in all"),
    ("pidro", "non-trumps first, then non-scoring trumps"),
    ("five-handed", "the two scores for the player who plays it."),
])
def test_each_preset_text_states_its_steps(name, fragment):
    assert fragment in " ".join(describe(PRESETS[name]))


# --- item 18: list and valued options refuse nonsense ---

@pytest.mark.parametrize("rules,fragment", [
    (["counting_order=A,Z"], "counting_order=A,Z: Z is not a scoring rank of cinch"),
    (["tie=counting-order", "counting_order=A,A,J,T,pedro,off5,2"], "A named twice"),
    (["tie=counting-order", "counting_order=A,J"], "missing: T, pedro, off5, 2"),
    (["counting_order=A,J,T,pedro,off5,2"], "counting_order is read only with tie=counting"),
    (["forced_bid=5", "dealer_forced=none"], "forced_bid is read only with dealer_forced=exact"),
    (["min_discard=2"], "min_discard is read only with discard=free"),
    (["kitty=-1"], "kitty=-1: must be 0 or more"),
    (["books=-4"], "books=-4: must be 0 or more"),
    (["second_deal=-1"], "second_deal=-1: must be 0 or more"),
])
def test_nonsense_rules_are_refused(rules, fragment):
    with pytest.raises(PedroError, match=fragment.replace("(", r"\(").replace(".", r"\.")):
        resolve_variant("cinch", rules)


def test_a_minimum_discard_free_discards_do_not_play_is_refused():
    assert resolve_variant("foster", ["min_discard=3"]).min_discard == 3
    assert resolve_variant("cinch", ["min_discard=0", "forced_bid=7"]).min_discard == 0  # as is
    with pytest.raises(PedroError, match="at least 3 go"):
        resolve_variant("foster", ["min_discard=4"])


def test_counting_order_nonsense_exits_2_in_one_line():
    refused(cli("rules", "cinch", "--rule", "counting_order=A,Z"), "Z is not a scoring rank")


# --- item 21: High, Low, Jack, Game beside the cards ---

def test_points_carry_the_names_cinch_players_use():
    from pedro_sim.rules.describe import point_name

    assert [point_name(r) for r in ("A", "2", "J", "T", "pedro")] == \
        ["A (High)", "2 (Low)", "J (Jack)", "T (Game)", "pedro"]
    assert "ace (High) 1, Jack 1, ten (Game) 1" in describe(PRESETS["cinch"])[3]
    r = cli("rules", "cinch")
    rows = {line.split()[0]: line.split()[1:] for line in r.stdout.splitlines() if line.split()}
    assert rows["points.A"] == ["1", "High"] and rows["points.2"] == ["1", "Low"]
    assert rows["points.T"] == ["1", "Game"] and rows["points.pedro"] == ["5"]


# --- item 17: the README's glossary and --help's say the same words ---

def test_help_ends_with_the_readmes_words():
    import re
    from pathlib import Path

    from pedro_sim.cli import GLOSSARY

    readme = (Path(__file__).parent.parent / "README.md").read_text()
    listed = readme.split("## Words the output uses", 1)[1].split("`pedro-sim --help` ends", 1)[0]
    words = set(re.findall(r"\*\*(.+?)\*\*", listed))
    assert words == {w for entry, _ in GLOSSARY for w in entry.split(", ") if w != "..."}


def test_docs_count_the_presets():
    from pathlib import Path

    docs = Path(__file__).parent.parent / "docs"
    for name in ("rules.md", "architecture.md"):
        text = (docs / name).read_text()
        assert "fourteen presets" not in text and "fifteen presets" in text, name
    rules = (docs / "rules.md").read_text()
    assert "no preset has it yet" not in rules and "does not have yet" not in rules
    row = next(line for line in rules.splitlines() if line.startswith("| `discard` |"))
    assert "fold-or-pass |" in row  # every value in the values column


def test_holdings_table_names_the_points_and_the_game():
    from rich.console import Console

    from pedro_sim.commands.holdings_cmd import print_holdings

    row = {"bid": 8, "seat": "eldest", "n": 100, "points_diff": 1.0, "points_diff_lo": 0.5,
           "points_diff_hi": 1.5, "points_indep_lo": 0.2, "points_indep_hi": 1.8,
           "p_make_diff": 0.1, "p_make_diff_lo": 0.05, "p_make_diff_hi": 0.15}
    values = pd.DataFrame([{**row, "holding": h} for h in ("A", "T", "pedro", "2")])
    console = Console(record=True, width=80)
    print_holdings(values, pd.DataFrame(columns=["bid", "seat"]), 8,
                   "cinch (min_bid=6), heuristic", console)
    text = console.export_text()
    assert "cinch (min_bid=6), heuristic" in " ".join(text.split())
    firsts = [line.split()[:2] for line in text.splitlines() if line.split()]
    assert ["A", "(High)"] in firsts and ["T", "(Game)"] in firsts and ["2", "(Low)"] in firsts
