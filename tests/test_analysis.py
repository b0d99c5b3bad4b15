"""Estimates and their intervals; results independent of chunking."""

from __future__ import annotations

import numpy as np
import pytest

from pedro_sim.analysis.fixed_hand import points_histogram
from pedro_sim.analysis.runner import run_chunked
from pedro_sim.analysis.scores import bid_rows, widest_make_half
from pedro_sim.analysis.stats import mean_ci_from_hist, wilson
from pedro_sim.cards import parse_hand
from pedro_sim.encoding import layout as L

HAND = parse_hand("AH KH 5H 2H 9C 4D JS 7S 3C")


def test_chunk_size_does_not_change_results(cinch, all_on, monkeypatch):
    hists = []
    for chunk in (1000, 8192, 50000):
        import pedro_sim.analysis.runner as runner

        monkeypatch.setattr(runner, "CHUNK", chunk)
        hists.append(points_histogram(cinch, HAND, 2, 1, 60_000, 4, L.P_HEURISTIC, all_on,
                                      show_progress=False))
    assert all(np.array_equal(hists[0], h) for h in hists[1:])
    assert hists[0].sum() == 60_000
    b, d = np.nonzero(hists[0])
    assert (b + d == 14).all(), "cinch: the 14 points are always shared"


def test_run_chunked_covers_every_deal_once():
    seen = []

    def step(first, count, chunk, out):
        seen.extend(range(first, first + count))
        for k in range(len(out)):
            out[k, 0] = min(chunk, first + count - (first + k * chunk))

    total = run_chunked(step, 100_003, (1,), show_progress=False, chunk=997)
    assert seen == list(range(100_003)) and total[0] == 100_003


def test_wilson_known_values():
    lo, hi = wilson(8, 10)
    assert (round(float(lo), 4), round(float(hi), 4)) == (0.4902, 0.9433)
    lo, hi = wilson(0, 50)
    assert float(lo) == pytest.approx(0, abs=1e-12) and 0.07 < float(hi) < 0.072


def test_bid_rows_from_a_histogram(cinch):
    hist = np.zeros(15, dtype=np.int64)
    hist[[3, 7, 9, 14]] = [10, 20, 30, 40]
    joint = np.zeros((15, 15), dtype=np.int64)
    joint[np.arange(15), 14 - np.arange(15)] = hist  # cinch: the defenders take the rest
    rows = bid_rows(joint, cinch).set_index("bid")
    assert rows.loc[7, "made"] == 90 and rows.loc[8, "made"] == 70 and rows.loc[14, "made"] == 40
    # bid 9: made (pts >= 9) scores the points, set loses 9
    expected = (30 * 9 + 40 * 14 - 30 * 9) / 100
    assert rows.loc[9, "expected_score"] == pytest.approx(expected)
    defenders = (10 * 11 + 20 * 7 + 30 * 5 + 40 * 0) / 100
    assert rows.loc[9, "expected_net"] == pytest.approx(expected - defenders)
    assert (rows.p_make.diff().dropna() <= 0).all()
    mean, lo, hi = mean_ci_from_hist(np.arange(15), hist)
    assert mean == pytest.approx((30 + 140 + 270 + 560) / 100) and lo < mean < hi


def test_one_mean_and_interval_from_samples_sums_and_counts():
    """stats' three readings of the same values give the same mean and interval."""
    from pedro_sim.analysis.stats import mean_ci, mean_ci_from_sums

    values = np.array([3.0, -1.0, 4.0, 1.0, 5.0, 9.0, -2.0, 6.0, 5.0, 3.0])
    kinds, counts = np.unique(values, return_counts=True)
    ours = [mean_ci(values), mean_ci_from_sums(len(values), values.sum(), (values ** 2).sum()),
            mean_ci_from_hist(kinds, counts)]
    for mean, lo, hi in ours:
        assert mean == pytest.approx(3.3) and lo == pytest.approx(ours[0][1])
        assert hi - mean == pytest.approx(1.959963984540054 * values.std(ddof=1) / np.sqrt(10))
    assert np.isnan(mean_ci(values[:1])[1]) and np.isnan(mean_ci_from_sums(0, 0.0, 0.0)[0])


def test_precision_stops_at_the_first_look_that_meets_it(cinch, all_on):
    from pedro_sim.analysis.bid import precise_histogram
    from pedro_sim.analysis.runner import PRECISION_START

    both = precise_histogram(cinch, HAND, 0, 1, 0.01, 10**6, 8, L.P_HEURISTIC, all_on,
                             show_progress=False)
    n = int(both.sum())
    assert n >= PRECISION_START and (n // PRECISION_START) & (n // PRECISION_START - 1) == 0
    assert widest_make_half(both, cinch) <= 0.01
    fewer = points_histogram(cinch, HAND, 0, 1, n // 2, 8, L.P_HEURISTIC, all_on,
                             show_progress=False)
    if n > PRECISION_START:  # the look before did not meet it
        assert widest_make_half(fewer, cinch) > 0.01
    same = points_histogram(cinch, HAND, 0, 1, n, 8, L.P_HEURISTIC, all_on, show_progress=False)
    assert np.array_equal(both, same), "the same deals as a fixed run of that size"
    capped = precise_histogram(cinch, HAND, 0, 1, 0.0001, 20_000, 8, L.P_HEURISTIC, all_on,
                               show_progress=False)
    assert capped.sum() == 20_000
