"""Individual play (docs/rules.md, "Individual play"): cinch by 2..6, sancho and dom-pedro
by 4..7, every player its own side. The kernels against the reference engine deal for
deal and game for game, the traces of every player through the reference checker, the
in-kernel invariants on many deals, the rotated duel, and the one-line refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_helpers import FLAGS, assert_trace_refused, cli_traces, kernel_traces, reference_deals
from in_process import run_cli
from typer.testing import CliRunner

from pedro_sim import reference
from pedro_sim.analysis.games import game_outcomes
from pedro_sim.analysis.players.duel import duel
from pedro_sim.cli import app
from pedro_sim.encoding import layout as L
from pedro_sim.engine.checks.invariants import KIND_NAMES
from pedro_sim.engine.drivers.soak import soak_counts
from pedro_sim.engine_inputs import EngineInputs, duel_players
from pedro_sim.errors import PedroError
from pedro_sim.rules.overrides import resolve_variant, table_variant
from pedro_sim.rules.table_size import individual_tables

pytestmark = pytest.mark.many_sides  # run last (conftest.py)

TABLES = individual_tables()  # cinch@2 .. dom-pedro@7


def test_every_table_the_seeds_describe():
    assert TABLES == ["cinch@2", "cinch@3", "cinch@4", "cinch@5", "cinch@6", "sancho@4",
                      "sancho@5", "sancho@6", "sancho@7", "dom-pedro@4", "dom-pedro@5",
                      "dom-pedro@6", "dom-pedro@7"]
    assert (table_variant("cinch@6").hand, table_variant("cinch@6").packet) == (8, 4)
    assert (table_variant("cinch@5").hand, table_variant("cinch@5").packet) == (9, 3)
    assert table_variant("sancho@7").hand == 6
    assert table_variant("cinch@3") == resolve_variant("cinch", ["players=3",
                                                                 "partnerships=no"])
    assert table_variant("cinch@2").goes_out_at == 0  # "bidder goes out" does not apply


@pytest.mark.parametrize("preset, players, message", [
    ("cinch", "7", "cinch is played individually by 2..6 players"),
    ("sancho", "3", "sancho is played individually by 4..7 players"),
    ("foster", "3", "foster is not played individually"),
    ("cinch", "x", "expected PRESET@PLAYERS"),
])
def test_tables_outside_the_rules_are_refused(preset, players, message):
    """PRESET@PLAYERS names a table: a count the preset is not played by, a preset not
    played individually, or a count that is not a number, is refused by name."""
    with pytest.raises(PedroError, match=message):
        table_variant(f"{preset}@{players}")


def test_fixed_partnerships_are_four_players():
    with pytest.raises(PedroError, match="fixed partnerships are four players"):
        resolve_variant("cinch", ["players=5"])


@pytest.mark.parametrize("table", TABLES)
def test_random_deals_identical_to_the_reference(table):
    inputs = EngineInputs.for_variant(table)
    rules = inputs.trace_rules
    assert rules["partnerships"] is False
    for seed in (1, 2):
        for kernel in reference_deals(inputs, seed, 150, inputs.variant.name, rules):
            assert len(kernel["points"]) == inputs.variant.players


@pytest.mark.parametrize("table", TABLES)
def test_heuristic_traces_pass_the_checker(table):
    for t in kernel_traces(EngineInputs.for_variant(table), 3, 300, L.P_HEURISTIC, "heuristic"):
        assert reference.check_trace(t) == [], (table, t["deal"])


@pytest.mark.parametrize("table, spec", [
    ("cinch@2", "pimc:worlds=6,bid_worlds=8,keep_worlds=4"),
    ("cinch@3", "pimc:worlds=6,bid_worlds=8,keep_worlds=4"),
    ("cinch@5", "pimc:worlds=6,bid_worlds=8,keep_worlds=4"),
    ("cinch@6", "pimc:worlds=6,bid_worlds=8,keep_worlds=4"),
    ("sancho@7", "pimc:worlds=6,bid_worlds=8,keep_worlds=4"),
    ("cinch@5", "dd:bid_worlds=8,keep_worlds=4"),
    ("dom-pedro@4", "pimc:worlds=6,bid_worlds=8,keep_worlds=4,eval=solver"),
])
def test_thinking_traces_pass_the_checker(table, spec, tmp_path):
    inputs = EngineInputs.for_variant(table)
    for t in cli_traces(table, spec, 6, tmp_path):
        assert len(t["hands"]) == inputs.variant.players
        assert reference.check_trace(t) == [], (table, t["deal"])


@pytest.mark.parametrize("table", TABLES)
def test_deals_keep_the_invariants(table):
    """The in-kernel invariants (docs/rules.md section 6) on 4,000 deals per player and
    seed, three seeds (the slow set and scripts/soak.py run many more)."""
    tab = EngineInputs.for_variant(table).tables
    for policy in (L.P_RANDOM, L.P_HEURISTIC):
        for seed in (1, 2, 3):
            totals = soak_counts(tab, seed, 0, 4000, policy, FLAGS, chunk=500)
            assert totals["deals"] == 4000
            assert {k: totals[k] for k in KIND_NAMES} == dict.fromkeys(KIND_NAMES, 0), table


@pytest.mark.parametrize("table, target", [("cinch@2", 30), ("cinch@3", 25), ("cinch@6", 15),
                                           ("sancho@5", 15), ("dom-pedro@7", 25)])
def test_random_games_identical_to_the_reference(table, target):
    """Random players drift below zero in the big games: a low target ends them (several
    players reaching it on one deal, the bidder among them or not, both happen)."""
    v = replace(table_variant(table), target=target, max_deals=60)
    inputs = EngineInputs.for_variant(v)
    n = v.players
    games = game_outcomes(inputs, 4, 40, L.P_RANDOM, FLAGS)
    assert list(games.columns[-n:]) == [f"score{s}" for s in range(n)]
    for row in games.itertuples():
        ref = reference.random_game(4, row.game, variant=v.name, target=target, max_deals=60,
                                    rules={"players": n, "partnerships": False})
        got = {"winner": row.winner, "end": row.end, "deals": row.deals,
               "score": [getattr(row, f"score{s}") for s in range(n)]}
        assert got == {k: ref[k] for k in got}, (table, row.game)
    won = games[games.winner >= 0]
    assert len(won) >= 10
    for row in won.itertuples():  # the winner reached the target
        assert getattr(row, f"score{row.winner}") >= target


def test_a_duel_of_one_player_with_itself_is_exactly_even():
    """Every arrangement plays the same cards the same way: A's lead is B's, deal by deal."""
    inputs = EngineInputs.for_variant("cinch@3")
    _, _, flags = duel_players("heuristic", "heuristic")
    row = duel(inputs, "heuristic", "heuristic", 300, 5, flags, show_progress=False).iloc[0]
    assert row.deals == 300 and row.players == 3
    assert row.score_diff == 0 and row.points_diff == 0


def test_the_duel_seats_each_player_where_it_says():
    """The heuristic against the random player at a table of four individuals: clearly
    ahead (the seating reaches the kernels), and the reverse is the same figure turned."""
    inputs = EngineInputs.for_variant("cinch@4")
    _, _, flags = duel_players("heuristic", "random")
    ab = duel(inputs, "heuristic", "random", 200, 5, flags, show_progress=False).iloc[0]
    _, _, flags = duel_players("random", "heuristic")
    ba = duel(inputs, "random", "heuristic", 200, 5, flags, show_progress=False).iloc[0]
    assert ab.score_diff_lo > 1
    assert ab.score_diff == pytest.approx(-ba.score_diff)


@pytest.mark.parametrize("args, message", [
    (["--rule", "players=7", "--rule", "partnerships=no"], "by 2..6 players"),
    (["--rule", "players=3"], "fixed partnerships are four players"),
    (["--variant", "foster", "--rule", "partnerships=no"], "not played individually"),
    (["--variant", "cinch@3", "--bidders", "random"], "individual play (3 players)"),
])
def test_bad_tables_exit_2_in_one_line(args, message, tmp_path):
    assert_trace_refused(args, message, tmp_path)


def test_advise_gives_a_player_of_n_its_chance_to_win():
    """advise at a table of three: every bid priced, and whole games on from the deal with
    the player's own score and each other player's (--score US-THEM); a player one point
    from the target who bids and makes wins at once."""
    from pedro_sim import api

    frame = api.advise("AH KH QH JH TH 5H 2H 9C 4D", seat="dealer", score="60-0", games=200,
                       deals=2000, variant="cinch@3", policy="heuristic", show_progress=False)
    hearts = frame[frame.trump == "H"]
    assert list(hearts.bid) == list(range(7, 15))
    assert (hearts.games + hearts.unfinished == 200).all()
    assert (hearts.p_win_lo <= hearts.p_win).all() and (hearts.p_win <= hearts.p_win_hi).all()
    assert hearts.p_win.iloc[0] > 0.95  # a sure 7 with 60 of 62 already
    far = api.advise("AH KH QH JH TH 5H 2H 9C 4D", seat="dealer", score="0-60", games=200,
                     deals=2000, variant="cinch@3", policy="heuristic", show_progress=False)
    assert far[far.trump == "H"].p_win.iloc[0] < hearts.p_win.iloc[0]


def test_explain_refuses_individual_deals_in_one_line(tmp_path):
    """Not built yet for individual play: said in one line, exit 2, nothing half done."""
    out = tmp_path / "t.jsonl"
    made = CliRunner().invoke(app, ["trace", "--variant", "cinch@3", "--policy",
                                    "pimc:worlds=4,bid_worlds=8,keep_worlds=4", "--deals", "1",
                                    "--out", str(out)])
    assert made.exit_code == 0, made.output
    r = run_cli("explain", "--trace", str(out), "--deal", "0", "--trick", "1", "--seat",
                "second")
    assert r.returncode == 2 and "individual play are not explained yet" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_the_bid_net_is_the_bidders_lead_over_the_others_mean():
    """`bid` at a table of three: the net of a bid is the bidder's score less the mean of
    the two others' (each scores the points it took, in cinch), as everywhere else."""
    from pedro_sim.analysis.bid import bid_analysis
    from pedro_sim.cards import parse_hand

    inputs = EngineInputs.for_variant("cinch@3")
    report = bid_analysis(inputs, parse_hand("AH KH 5H 2H 9C 4D JS 7S 3C"), ["dealer"], 1,
                          4000, 5, L.P_HEURISTIC, "heuristic", FLAGS, show_progress=False)
    others = report.summary.mean_defender_points.iloc[0] / 2
    for r in report.table.itertuples():
        assert r.expected_net == pytest.approx(r.expected_score - others, abs=1e-9), r.bid
