"""five-handed (docs/rules.md, "five-handed"): five players, the bidder's partner called by
a trump and known once it plays it. The kernels against the reference engine deal for
deal and game for game, the traces of every player through the reference checker, the
in-kernel invariants (and that they catch a broken call), hand-built scores and game ends,
the sampler's knowledge of who may hold the called trump, and the commands."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from engine_helpers import FLAGS, assert_trace_refused, cli_traces, kernel_traces, reference_deals
from typer.testing import CliRunner

from pedro_sim import reference
from pedro_sim.analysis.games import game_outcomes
from pedro_sim.analysis.players.duel import duel
from pedro_sim.cards import card_text, parse_card
from pedro_sim.cli import app
from pedro_sim.encoding import layout as L
from pedro_sim.engine.checks.invariants import (
    KIND_NAMES,
    V_LEGAL,
    V_SCORE,
    deal_violations,
    new_scratch,
)
from pedro_sim.engine.drivers.soak import soak_counts
from pedro_sim.engine.game.scoring import deal_score
from pedro_sim.engine.game.whole_game import settle_individual
from pedro_sim.engine.rng import start
from pedro_sim.engine.thinking import sampler as SM
from pedro_sim.engine_inputs import EngineInputs, duel_players
from pedro_sim.errors import PedroError
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.traces import record_deals

pytestmark = pytest.mark.many_sides  # run last (conftest.py)

GAME = "five-handed"
TRUMP_RANKS = "AKQJT98765432"


@pytest.fixture(scope="module")
def five() -> EngineInputs:
    return EngineInputs.for_variant(GAME)


def is_trump(card: str, trump: str) -> bool:
    off = {"H": "D", "D": "H", "S": "C", "C": "S"}[trump]
    return card[1] == trump or card == "5" + off


def check_call(t: dict) -> None:
    """The call as the rules give it: a trump the bidder did not hold, held by the partner,
    who plays it as its card to the first trick; the team's points make the bid."""
    card, partner = t["called"]
    bidder = t["bidder"]
    assert is_trump(card, t["trump"]) and card not in t["start_hands"][bidder]
    assert card in t["start_hands"][partner] and partner != bidder
    play = next(cards for seat, cards in t["tricks"][0]["plays"] if seat == partner)
    assert play[0] == card
    team = t["points"][bidder] + t["points"][partner]
    assert t["made"] == (team >= t["bid"])
    for s in range(5):
        want = (team if t["made"] else -t["bid"]) if s in (bidder, partner) else t["points"][s]
        assert t["score"][s] == want
    assert sum(t["points"]) == 16  # every trump stays in play: every point is won


def test_the_preset_and_its_table():
    v = resolve_variant(GAME)
    assert (v.players, v.partnerships, v.called_partner, v.hand, v.packet, v.kitty,
            v.keep, v.stock, v.total_points, v.target) == (5, False, True, 10, 1, 2, 6, 2, 16,
                                                             104)
    for bad in (["players=4"], ["partnerships=yes"], ["players=6"]):
        with pytest.raises(PedroError, match="five-handed is played by 5 players"):
            resolve_variant(GAME, bad)
    with pytest.raises(PedroError, match="unknown rule 'called_partner'"):
        resolve_variant("cinch", ["called_partner=yes"])


def test_random_deals_identical_to_the_reference(five):
    for seed in (1, 2):
        for kernel in reference_deals(five, seed, 200, GAME):
            check_call(kernel)


def highest_missing_trump(t: dict) -> str:
    trump = t["trump"]
    held = t["start_hands"][t["bidder"]]
    order = [r + trump for r in "AKQJT98765"] + [
        "5" + {"H": "D", "D": "H", "S": "C", "C": "S"}[trump]] + [r + trump for r in "432"]
    return next(c for c in order if c not in held)


def test_heuristic_traces_pass_the_checker_and_call_the_highest_missing_trump(five):
    for t in kernel_traces(five, 3, 400, L.P_HEURISTIC, "heuristic"):
        assert reference.check_trace(t) == [], t["deal"]
        check_call(t)
        assert t["called"][0] == highest_missing_trump(t)


@pytest.mark.parametrize("spec", ["pimc:worlds=6,bid_worlds=8,keep_worlds=4",
                                  "pimc:worlds=6,bid_worlds=8,keep_worlds=4,call=playouts",
                                  "pimc:worlds=6,bid_worlds=8,keep_worlds=4,eval=solver",
                                  "dd:bid_worlds=8,keep_worlds=4"])
def test_thinking_traces_pass_the_checker(spec, tmp_path):
    calls = []
    for t in cli_traces(GAME, spec, 8, tmp_path):
        assert reference.check_trace(t) == [], t["deal"]
        check_call(t)
        calls.append(t["called"][0] == highest_missing_trump(t))
    if "call=playouts" not in spec:  # pimc and dd call as the heuristic by default
        assert all(calls)


def test_deals_keep_the_invariants(five):
    """The in-kernel invariants on 8,000 deals per player and seed, three seeds
    (scripts/soak.py runs millions)."""
    for policy in (L.P_RANDOM, L.P_HEURISTIC):
        for seed in (1, 2, 3):
            totals = soak_counts(five.tables, seed, 0, 8000, policy, FLAGS, chunk=500)
            assert totals["deals"] == 8000
            assert {k: totals[k] for k in KIND_NAMES} == dict.fromkeys(KIND_NAMES, 0)


def test_the_invariants_catch_a_broken_call(five):
    recs = record_deals(five, 7, np.arange(60), L.P_HEURISTIC, FLAGS)
    scratch = new_scratch()
    for rec in recs:
        assert deal_violations(rec, five.tables, *scratch) == 0
        bidder = int(rec[L.R_BIDDER])
        wrong = rec.copy()  # the partner named is not the holder
        wrong[L.R_CALLED + 1] = (wrong[L.R_CALLED + 1] + 1) % 5
        assert deal_violations(wrong, five.tables, *scratch) & (1 << V_LEGAL)
        mine = rec.copy()  # a card the bidder holds
        start_hand = int(np.uint64(rec[L.R_START + bidder]))
        mine[L.R_CALLED] = (start_hand & -start_hand).bit_length() - 1
        assert deal_violations(mine, five.tables, *scratch) & (1 << V_LEGAL)
        score = rec.copy()  # the partner scored as a defender
        partner = int(rec[L.R_CALLED + 1])
        score[L.R_SCORE + partner] = rec[L.R_POINTS + partner]
        if score[L.R_SCORE + partner] != rec[L.R_SCORE + partner]:
            assert deal_violations(score, five.tables, *scratch) & (1 << V_SCORE)


def points_with(team: list[int], points: list[int]) -> np.ndarray:
    pts = np.zeros(L.PT_LEN, dtype=np.int64)
    pts[L.PT_POINTS:L.PT_POINTS + 5] = points
    pts[L.PT_TEAM] = sum(1 << s for s in team)
    return pts


@pytest.mark.parametrize("points, bid, made, score", [
    ([5, 0, 0, 4, 7], 9, True, [9, 0, 0, 9, 7]),
    ([5, 0, 1, 3, 7], 9, False, [-9, 0, 1, -9, 7]),
    ([10, 1, 1, 4, 0], 14, True, [14, 1, 1, 14, 0]),
])
def test_the_bidder_and_its_partner_score_together(five, points, bid, made, score):
    out = np.zeros(L.MAX_SIDES, dtype=np.int64)
    got = deal_score(points_with([0, 3], points), np.int64(0), np.int64(bid), out, five.tables)
    assert (bool(got), out[:5].tolist()) == (made, score)


def test_moon_scores_twice_for_both(five):
    moon = EngineInputs.for_variant(resolve_variant(GAME, ["special_bid=moon"]))
    out = np.zeros(L.MAX_SIDES, dtype=np.int64)
    assert deal_score(points_with([2, 4], [0, 0, 9, 0, 7]), np.int64(2), np.int64(16), out,
                      moon.tables)
    assert out[:5].tolist() == [0, 0, 32, 0, 32]


@pytest.mark.parametrize("before, deal, bidder, partner, winner", [
    ([100, 90, 103, 0, 0], [10, 0, 5, 0, 0], 0, 2, 0),  # the bidder goes out first
    ([100, 90, 103, 0, 0], [-8, 20, 5, 0, 0], 0, 2, 2),  # then its partner
    ([0, 100, 0, 100, 50], [-8, 6, -8, 6, 0], 0, 2, -1),  # a tie for the highest plays on
    ([0, 100, 0, 99, 50], [-8, 6, -8, 6, 0], 0, 2, 1),  # else the highest
    ([0, 0, 0, 0, 0], [9, 0, 9, 7, 0], 0, 2, -1),  # nobody there
])
def test_the_game_ends_as_the_rules_say(five, before, deal, bidder, partner, winner):
    scores = np.zeros(L.MAX_SIDES, dtype=np.int64)
    scores[:5] = before
    score = np.zeros(L.MAX_SIDES, dtype=np.int64)
    score[:5] = deal
    pts = points_with([bidder, partner], [0] * 5)
    got = settle_individual(scores, score, np.int64(bidder), np.int64(0), pts, five.tables)
    assert got == winner
    assert scores[:5].tolist() == [b + d for b, d in zip(before, deal, strict=True)]


def test_random_games_identical_to_the_reference():
    """Random players bid high and go set: a low target ends their games."""
    v = replace(resolve_variant(GAME), target=12, max_deals=60)
    inputs = EngineInputs.for_variant(v)
    games = game_outcomes(inputs, 4, 60, L.P_RANDOM, FLAGS)
    for row in games.itertuples():
        ref = reference.random_game(4, row.game, variant=GAME, target=12, max_deals=60)
        got = {"winner": row.winner, "end": row.end, "deals": row.deals,
               "score": [getattr(row, f"score{s}") for s in range(5)]}
        assert got == {k: ref[k] for k in got}, row.game
    assert (games.winner >= 0).sum() >= 15


def test_the_sampler_keeps_the_called_trump_from_seats_that_played_without_it(five):
    """Seat 1 (the bidder) led and seat 2 followed without the called ace: in the worlds
    seat 3 draws, the ace is with seat 4 or seat 0, never with 2 (nor the bidder), and
    with both of them (a uniform draw: about half each)."""
    tab = five.tables
    t = 0  # clubs
    hands = np.zeros(L.H_LEN, dtype=np.uint64)
    cards = [c for c in range(52)]
    rng_deal = np.random.default_rng(3)
    rng_deal.shuffle(cards)
    for p in range(5):
        hands[p] = sum(np.uint64(1) << np.uint64(c) for c in cards[6 * p:6 * p + 6])
    ace = parse_card("AC")
    holder = next(p for p in range(5) if int(hands[p]) >> ace & 1)
    if holder in (1, 2, 3):  # put the ace with seat 4
        swap = next(c for c in range(52) if int(hands[4]) >> c & 1)
        hands[holder] = (hands[holder] & ~np.uint64(1 << ace)) | np.uint64(1 << swap)
        hands[4] = (hands[4] & ~np.uint64(1 << swap)) | np.uint64(1 << ace)
    know = np.zeros(SM.N_KNOW, dtype=np.uint64)
    for p in (1, 2):  # they played one card each to the first trick
        c = int(hands[p]).bit_length() - 1
        hands[p] &= ~np.uint64(1 << c)
        know[SM.K_PLAYED + p] = np.uint64(1 << c)
    know[SM.K_CALLED] = np.uint64(1 << ace)
    know[SM.K_IN_PLAY] = np.uint64(1 << ace)  # (every trump is, in five-handed)
    world = np.zeros(L.SEATS, dtype=np.uint64)
    must = np.zeros(L.SEATS, dtype=np.uint64)
    rng = np.zeros(1, dtype=np.uint64)
    start(rng, 5, 0, 0)
    where = []
    for _ in range(400):
        SM.draw_any(np.int64(3), hands, world, rng, know, np.uint64(0), must, np.int64(t), tab)
        where.append(next(p for p in range(5) if int(world[p]) >> ace & 1))
    assert set(where) == {0, 4}, card_text(ace)
    assert 0.35 < where.count(4) / len(where) < 0.65


def test_a_duel_of_one_player_with_itself_is_exactly_even(five):
    _, _, flags = duel_players("heuristic", "heuristic")
    row = duel(five, "heuristic", "heuristic", 200, 5, flags, show_progress=False).iloc[0]
    assert row.deals == 200 and row.players == 5
    assert row.score_diff == 0 and row.points_diff == 0


@pytest.mark.parametrize("args, message", [
    (["--variant", "five-handed", "--rule", "players=4"], "five-handed is played by 5"),
    (["--variant", "five-handed@4"], "five-handed is played by 5"),
    (["--variant", "five-handed", "--bidders", "random"], "the partner is called each deal"),
])
def test_bad_tables_exit_2_in_one_line(args, message, tmp_path):
    assert_trace_refused(args, message, tmp_path)


def test_variants_reports_each_seat(tmp_path):
    result = CliRunner().invoke(app, ["variants", "--presets", GAME, "--policy", "heuristic",
                                      "--deals", "2000", "--games", "20", "--out",
                                      str(tmp_path)])
    assert result.exit_code == 0, result.output
    import pandas as pd

    seats = pd.read_csv(tmp_path / "seats.csv")
    assert list(seats.preset.unique()) == [GAME]
    assert len(seats) == 5
    assert (tmp_path / "seat_edge.png").exists()


def test_the_bid_net_counts_the_partner_among_the_others(five):
    """`bid` in five-handed: the net of a bid is the bidder's score less the mean of the
    four others' scores, its partner's (equal to its own) among them."""
    from pedro_sim.analysis.bid import bid_analysis
    from pedro_sim.cards import parse_hand

    report = bid_analysis(five, parse_hand("AH KH 5H 2H 9C 4D JS 7S 3C 8D"), ["dealer"], 1,
                          3000, 5, L.P_HEURISTIC, "heuristic", FLAGS, show_progress=False)
    defenders = report.summary.mean_defender_points.iloc[0]
    for r in report.table.itertuples():
        assert r.expected_net == pytest.approx(
            r.expected_score - (r.expected_score + defenders) / 4, abs=1e-9), r.bid


@pytest.mark.parametrize("rule", ["plain_led=follow", "plain_led=non-trump"])
def test_a_follow_rule_that_would_forbid_the_called_trump_is_refused(rule):
    """On a plain lead the holder could follow, these rules would forbid the called trump
    it must play to the first trick (the house-rules property test met it)."""
    with pytest.raises(PedroError, match="called trump must play it to the first trick"):
        resolve_variant(GAME, [rule])
