"""`bid`'s control variates (analysis/controlled_bid.py, stats.controlled_estimate):
unbiased, with intervals that hold the truth as often as they say, on the same deals
whatever the threads."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from in_process import run_cli

from pedro_sim.analysis import controlled_bid, stats
from pedro_sim.analysis.bid import bid_analysis
from pedro_sim.analysis.controlled_bid import PairedDeals, controlled_rows, values_at
from pedro_sim.analysis.scores import bid_rows
from pedro_sim.analysis.stats import cell_moments, controlled_estimate
from pedro_sim.cards import parse_hand
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine_inputs import players

HAND = "AH KH 5H 2H 9C 4D JS 7S 3C"
CHEAP_THINKER = "pimc:worlds=2,solve_tricks=0,finish=0,prune=0"


def test_docstring_examples():
    import doctest

    for module in (stats, controlled_bid):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_intervals_hold_a_known_mean_95_percent_of_the_time():
    """2,000 synthetic runs of 300 deals whose truth is known: a binary y correlated with
    a binary control whose mean comes from a run 32 times larger; the share of intervals
    holding the truth lies within 1.5 points of 95%, and the control narrows them."""
    rng = np.random.default_rng(5)
    p_x, n, reps = 0.7, 300, 2000
    truth = p_x * 0.9 + (1 - p_x) * 0.3  # y made 90% when x made, else 30%
    held = narrower = 0
    for _ in range(reps):
        x = rng.random(n) < p_x
        y = np.where(x, rng.random(n) < 0.9, rng.random(n) < 0.3).astype(float)
        big = (rng.random(32 * n) < p_x).astype(float)
        mu, cov = cell_moments(np.array([[0.0, 1.0]]), np.bincount(big.astype(int), minlength=2))
        e = controlled_estimate(y, x[:, None].astype(float), mu, cov)
        held += e.lo <= truth <= e.hi
        narrower += e.ratio < 1
    assert 0.935 <= held / reps <= 0.965
    assert narrower / reps > 0.95


def test_a_control_that_does_not_vary_leaves_the_plain_mean():
    y = np.array([0.0, 1.0, 1.0, 0.0, 1.0])
    e = controlled_estimate(y, np.ones((5, 1)), np.ones(1), np.zeros((1, 1)))
    assert e.mean == pytest.approx(0.6) and e.ratio == pytest.approx(1.0)


@pytest.fixture(scope="module")
def paired(cinch):
    who = players(CHEAP_THINKER, cinch.variant).at_bid(8)
    deals = PairedDeals(cinch, np.array(parse_hand(HAND, size=9), dtype=np.int64), 0, 1, 9,
                        who)
    deals.grow(400, "test", False)
    return deals


def test_the_heuristic_plays_the_same_deals_and_its_own_run_apart(cinch, paired):
    """The pairs hold the thinking players' points as the plain analysis counts them, and
    the heuristic's as it plays those deals alone; its own run is CHEAP_MIN deals."""
    h = players("heuristic", cinch.variant)
    assert int(paired.cheap.sum()) == controlled_bid.CHEAP_MIN
    plain = bid_analysis(cinch, list(paired.hand), ["eldest"], 1, 400, 9, paired.who.policy,
                         "p", paired.who.flags)
    assert (paired.joint().sum(axis=1) ==
            plain.points.sort_values("points")["count"].to_numpy()).all()
    alone = np.zeros((400, 2), dtype=np.int64)
    drivers.fixed_points(9, np.arange(400, dtype=np.int64), paired.hand, 0, 1, h.policy,
                         h.flags, cinch.tables, alone)
    assert (alone == paired.pairs[:, 2:]).all()


def test_controlled_rows_agree_with_the_plain_ones(cinch, paired):
    """Same deals, two estimators: the estimates lie within each other's intervals, the
    controlled intervals are narrower, and the counts agree."""
    plain = bid_rows(paired.joint(), cinch, [7, 8, 10]).set_index("bid")
    ctl = controlled_rows(paired, [7, 8, 10]).set_index("bid")
    assert (ctl.made == plain.made).all() and (ctl.n == 400).all()
    for m in ("p_make", "expected_score", "expected_net"):
        assert (ctl[m] > plain[f"{m}_lo"]).all() and (ctl[m] < plain[f"{m}_hi"]).all()
        assert ((ctl[f"{m}_hi"] - ctl[f"{m}_lo"]) < (plain[f"{m}_hi"] - plain[f"{m}_lo"])).all()
    assert (ctl.var_ratio_make < 1).all() and (ctl.var_ratio_net < 1).all()
    assert set(values_at(cinch, 8)) == {"p_make", "expected_score", "expected_net"}


def test_the_same_numbers_whatever_the_threads(cinch, paired):
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        again = PairedDeals(cinch, paired.hand, 0, 1, 9, paired.who)
        again.grow(250, "test", False)
        again.grow(400, "test", False)  # in two steps, as --precision grows it
    finally:
        numba.set_num_threads(before)
    assert (again.pairs == paired.pairs).all() and (again.cheap == paired.cheap).all()


def test_bid_says_which_estimator_it_used(tmp_path):
    """Thinking players: control variates by default, written to bid.csv and run.json and
    said under the table; --estimator plain the plain mean on the same deals."""
    import json

    import pandas as pd

    tables = {}
    for estimator in ("auto", "plain"):
        out = tmp_path / estimator
        r = run_cli("bid", HAND, "--bid", "8", "--trump", "H", "--deals", "300", "--policy",
                    CHEAP_THINKER, "--estimator", estimator, "--out", str(out))
        assert r.returncode == 0, r.stderr
        tables[estimator] = pd.read_csv(out / "bid.csv").iloc[0]
        meta = json.loads((out / "run.json").read_text())
        said = "estimator: control variates" in r.stdout
        assert said == (estimator == "auto")
        assert meta["estimator"] == tables[estimator].estimator
    assert tables["auto"].estimator == "control" and tables["plain"].estimator == "plain"
    assert tables["auto"].made == tables["plain"].made  # the same deals
    assert 0 < tables["auto"].var_ratio_make < 1


def test_advise_screens_the_suits_clearly_worse(tmp_path):
    """advise by control variates: each suit's rows are bid's by control variates on the
    same deals; the suits whose every expected score lies below the best suit's best lower
    bound stop at SCREEN_DEALS (marked screened, said in run.json), the others play on;
    P(win) comes from the same games as the plain advise's."""
    import json

    import pandas as pd

    from pedro_sim import api
    from pedro_sim.analysis.strategy.advise import SCREEN_DEALS
    from pedro_sim.analysis.study import build_study

    out = tmp_path / "advise"
    r = run_cli("advise", HAND, "--deals", "600", "--games", "20", "--policy", CHEAP_THINKER,
                "--out", str(out))
    assert r.returncode == 0, r.stderr
    frame = pd.read_csv(out / "advise.csv")
    by_suit = frame.groupby("trump").first()
    assert (frame.estimator == "control").all()
    assert set(by_suit.index[by_suit.screened]) == {"S", "D", "C"}  # hearts is clearly best
    assert (by_suit.n[by_suit.screened] == SCREEN_DEALS).all() and by_suit.n["H"] == 600
    best = frame[frame.trump == "H"].expected_score.idxmax()
    floor = frame.expected_score_lo[best]
    assert (frame[frame.screened].expected_score_hi < floor).all()
    meta = json.loads((out / "run.json").read_text())
    assert meta["estimator"] == "control"
    assert "S 256, H 600, D 256, C 256; S, D, C stopped there" in " ".join(r.stdout.split())
    s = build_study(policy=CHEAP_THINKER, deals=600)
    hearts = bid_analysis(s.inputs, parse_hand(HAND, size=9), ["eldest"], 1, 600, s.seed,
                          s.who.policy, s.who.label, s.who.flags, False,
                          estimator="control").table
    cols = ["bid", "n", "made", "p_make", "p_make_lo", "p_make_hi", "expected_net"]
    pd.testing.assert_frame_equal(frame[frame.trump == "H"].reset_index(drop=True)[cols],
                                  hearts[cols])
    plain = api.advise(HAND, games=20, deals=20, policy=CHEAP_THINKER)
    assert (plain.p_win.to_numpy() == frame.p_win.to_numpy()).all()  # the same games
    one = tmp_path / "one-thread"
    r = run_cli("advise", HAND, "--deals", "600", "--games", "20", "--policy", CHEAP_THINKER,
                "--threads", "1", "--out", str(one))
    assert r.returncode == 0, r.stderr
    assert (one / "advise.csv").read_bytes() == (out / "advise.csv").read_bytes()


def test_advise_screens_at_every_look_with_precision():
    """With --precision the suits still playing look together (doubling from SCREEN_DEALS
    to CONTROL_START): spades, close to hearts at 256 deals, stops at 512, where its
    every expected score's interval lies below hearts' best lower bound on the same
    deals; its rows are `bid`'s on those 512 deals; hearts plays on to the precision."""
    import pandas as pd

    from pedro_sim import api
    from pedro_sim.analysis.strategy.advise import SCREEN_DEALS
    from pedro_sim.analysis.study import build_study

    hand = "AH 5H 2H AS 5S 3S 9C 4D 7D"
    frame = api.advise(hand, games=4, deals=3000, precision=0.03, estimator="control",
                       policy=CHEAP_THINKER)
    by_suit = frame.groupby("trump").first()
    assert by_suit.screened.to_dict() == {"C": True, "D": True, "H": False, "S": True}
    assert by_suit.n["S"] == 2 * SCREEN_DEALS and by_suit.n["C"] == SCREEN_DEALS
    hearts = frame[frame.trump == "H"]
    assert ((hearts.p_make_hi - hearts.p_make_lo) / 2).max() <= 0.03
    s = build_study(policy=CHEAP_THINKER, deals=512)

    def rows(suit: int):
        return bid_analysis(s.inputs, parse_hand(hand, size=9), ["eldest"], suit, 512,
                            s.seed, s.who.policy, s.who.label, s.who.flags, False,
                            estimator="control").table

    spades, hearts_then = rows(0), rows(1)
    cols = ["bid", "n", "made", "p_make", "expected_score_lo", "expected_score_hi"]
    pd.testing.assert_frame_equal(frame[frame.trump == "S"].reset_index(drop=True)[cols],
                                  spades[cols])
    floor = hearts_then.expected_score_lo[hearts_then.expected_score.idxmax()]
    assert (spades.expected_score_hi < floor).all()
    threads = numba.get_num_threads()
    numba.set_num_threads(1)  # the looks depend on the deals alone, not the threads
    try:
        one = api.advise(hand, games=4, deals=3000, precision=0.03, estimator="control",
                         policy=CHEAP_THINKER)
    finally:
        numba.set_num_threads(threads)
    pd.testing.assert_frame_equal(one, frame)
