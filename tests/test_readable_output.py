"""Output a card player reads (issue 33, items 9-11): short player names in charts, named
ladder axes, a readable one-bid make-rate chart, honest intervals in the calibrate and
variants tables."""

from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd
import pytest
from rich.console import Console

from pedro_sim.analysis.variants import variants_analysis
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, technique_flags

DEFAULT_PIMC = ("pimc:worlds=20,eval=rollout,bid_worlds=64,objective=score,think=all,"
                "keep_worlds=32,infer=cards,trust=95,solve_tricks=4,prune=10,finish=4,"
                "solve_worlds=0")


def _titles(fig) -> str:
    """Every title, suptitle and legend text of a figure, joined."""
    parts = [fig._suptitle.get_text() if fig._suptitle else ""]
    for ax in fig.axes:
        parts.append(ax.get_title())
        legend = ax.get_legend()
        if legend is not None:
            parts += [t.get_text() for t in legend.get_texts()]
    return "\n".join(parts)


@pytest.fixture
def saved(monkeypatch) -> list:
    """The figures the plotting modules would write, kept to inspect instead."""
    figs: list = []
    import pedro_sim.report.ladder_plots as ladder_plots
    import pedro_sim.report.plots as plots
    import pedro_sim.report.strategy_plots as strategy_plots
    import pedro_sim.report.variant_plots as variant_plots

    for module in (plots, ladder_plots, strategy_plots, variant_plots):
        monkeypatch.setattr(module, "save", lambda fig, path: figs.append(fig))
    return figs


# item 9: short player names in pictures ------------------------------------------------

def test_short_name_of_the_default_and_of_a_changed_setting():
    """The default spec is plain `pimc`; a changed setting shows alone."""
    from pedro_sim.specs import parse_spec, short_name

    assert str(parse_spec("pimc")) == DEFAULT_PIMC  # what run.json and the CSVs keep
    assert short_name(DEFAULT_PIMC) == "pimc"
    assert short_name(str(parse_spec("pimc:worlds=40"))) == "pimc:worlds=40"
    assert short_name(str(parse_spec("pimc:eval=solver,worlds=40"))) == \
        "pimc:worlds=40,eval=solver"
    assert short_name("heuristic") == "heuristic"
    assert short_name(str(parse_spec("dd"))) == "dd"


def test_specs_doctests():
    """The examples of specs.py (short_name's among them) run as written."""
    import doctest

    from pedro_sim import specs

    result = doctest.testmod(specs)
    assert result.attempted >= 6 and result.failed == 0


def test_short_label_shortens_every_spec_in_a_label():
    """Labels of two-sided runs and duels name several specs: each is shortened."""
    from pedro_sim.specs import parse_spec, short_label

    label = f"bidders {parse_spec('pimc:worlds=40')}, defenders heuristic"
    assert short_label(label) == "bidders pimc:worlds=40, defenders heuristic"
    assert short_label(f"{DEFAULT_PIMC} vs dd") == "pimc vs dd"


def _bid_table(policy: str, bids: list[int]) -> pd.DataFrame:
    return pd.DataFrame({"variant": "cinch", "policy": policy, "n": 8192, "seat": "eldest",
                         "trump": "H", "bid": bids, "p_make": 0.78, "p_make_lo": 0.77,
                         "p_make_hi": 0.79})


def test_chart_titles_of_a_default_pimc_run_name_plain_pimc(saved, tmp_path):
    """A default pimc run's charts (bid, strategy, variants) carry `pimc`, no settings."""
    from pedro_sim.report import plots, strategy_plots, variant_plots

    plots.make_rate_figure(_bid_table(DEFAULT_PIMC, [7, 8]), "AH KH", tmp_path / "a.png")
    rows = pd.DataFrame({"variant": "cinch", "policy": DEFAULT_PIMC, "seat": "eldest",
                         "bid": 7, "n": 100, "trump_length": [2, 3], "p_make": 0.5,
                         "p_make_lo": 0.4, "p_make_hi": 0.6})
    strategy_plots.make_rate_chart(rows, [7], 1000, tmp_path / "b.png")
    inputs = EngineInputs.for_variant("cinch")
    report = variants_analysis([inputs], 200, 0, 3, L.P_HEURISTIC, technique_flags(),
                               show_progress=False)
    variant_plots.balance_figure(report.balance, DEFAULT_PIMC, 200, tmp_path / "c.png")
    variant_plots.seat_figure(report.seats, f"bidders {DEFAULT_PIMC}, defenders heuristic",
                              200, tmp_path / "d.png")
    assert len(saved) == 4
    for fig in saved:
        text = _titles(fig)
        assert "pimc" in text and "worlds=" not in text, text


def test_variants_command_keeps_the_full_spec_in_run_json(saved, tmp_path):
    """The short name is for pictures only: run.json and the CSVs keep the whole spec."""
    from pedro_sim.commands.variants_cmd import run_variants

    spec = "pimc:worlds=2,bid_worlds=2,keep_worlds=2"
    run_variants("cinch", 16, 0, 5, (spec, None, None, None, None), tmp_path,
                 Console(file=io.StringIO()))
    meta = json.loads((tmp_path / "run.json").read_text())
    assert meta["policy"] == ("pimc:worlds=2,eval=rollout,bid_worlds=2,objective=score,"
                              "think=all,keep_worlds=2,infer=cards,trust=95,solve_tricks=5,"
                              "prune=10,finish=4,solve_worlds=0")  # cinch's tuning
    for fig in saved:
        text = _titles(fig)
        assert "pimc:worlds=2,bid_worlds=2,keep_worlds=2" in text and "eval=" not in text


# item 10: the ladder's axes, the one-bid make-rate chart ---------------------------------

def test_ladder_axes_carry_the_player_names(tmp_path):
    """The score matrix names its players on both axes (short names), not 1-5 and a key."""
    from pedro_sim.report.ladder_plots import make_rate_figure, score_matrix_figure

    names = ["random", "heuristic", DEFAULT_PIMC]
    rows = []
    for i in range(3):
        for j in range(i + 1, 3):
            rows.append({"variant": "cinch", "a_label": names[i], "b_label": names[j],
                         "score_diff": float(j - i), "score_diff_lo": j - i - 0.5,
                         "score_diff_hi": j - i + 0.5})
    fig = score_matrix_figure(pd.DataFrame(rows), 200, tmp_path / "ladder.png")
    ax = fig.axes[0]
    shown = ["random", "heuristic", "pimc"]
    assert [t.get_text() for t in ax.get_xticklabels()] == shown
    assert [t.get_text() for t in ax.get_yticklabels()] == shown
    assert "1 = " not in _titles(fig) and "worlds=" not in _titles(fig)
    assert (tmp_path / "ladder.png").exists()
    stand = pd.DataFrame({"variant": "cinch", "player": names, "make_rate": 0.7,
                          "make_lo": 0.6, "make_hi": 0.8, "bids": 50})
    fig = make_rate_figure(stand, 200, tmp_path / "make_rates.png")
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == shown


def _dotted(ax) -> list:
    """The lines drawn with dots (the make-rate curves; error bars' caps are lines too)."""
    return [line for line in ax.lines if line.get_marker() == "o"]


def test_one_bid_make_rate_is_a_labelled_bar(tmp_path):
    """With one bid the chart is a bar per seat and trump, its interval and its value
    written on it; with several, lines as before."""
    from pedro_sim.report.plots import make_rate_figure

    fig = make_rate_figure(_bid_table("pimc", [8]), "AH KH", tmp_path / "make_rate.png")
    ax = fig.axes[0]
    assert len(ax.patches) == 1 and not _dotted(ax)  # one bar, no lone dot
    texts = [t.get_text() for t in ax.texts]
    assert any("0.78" in t and "0.77" in t and "0.79" in t for t in texts), texts
    assert "bid 8" in ax.get_xlabel() or "8" in [t.get_text() for t in ax.get_xticklabels()]
    assert (tmp_path / "make_rate.png").exists()
    fig = make_rate_figure(_bid_table("pimc", [7, 8]), "AH KH", tmp_path / "two.png")
    assert len(_dotted(fig.axes[0])) == 1 and not fig.axes[0].patches


# item 11: honest intervals in calibrate and variants -------------------------------------

def test_calibration_of_a_bid_taken_once_has_a_wide_interval(monkeypatch):
    """One bid, made: the gap's interval is the Wilson interval's (wide), never ± 0.000."""
    import pedro_sim.analysis.players.calibration as cal
    from pedro_sim.commands.players_cmd import print_calibration
    from pedro_sim.engine_inputs import players

    acc = np.zeros((15, 3), dtype=np.int64)
    acc[8] = [1, 1, 8000]  # bid 8: taken once, made, predicted 0.8
    acc[7] = [400, 300, 400 * 7000]
    monkeypatch.setattr(cal, "run_chunked", lambda *args, **kwargs: acc)
    inputs = EngineInputs.for_variant("cinch")
    table = cal.calibration(inputs, players("pimc", inputs.variant), 1, 0)
    once = table.set_index("bid").loc[8]
    assert once.gap_lo < -0.5 and once.gap_hi == pytest.approx(0.2)
    assert once.gap_lo == pytest.approx(once.achieved_lo - once.predicted)
    out = io.StringIO()
    print_calibration(table, Console(file=out, width=80))
    text = out.getvalue()
    assert "± 0.000" not in text and "…" not in text
    row = next(line.split() for line in text.splitlines() if line.split()[:2] == ["cinch", "8"])
    assert row[-2:] == ["0.207–1.000", "+0.200"]  # 1/1: Wilson from 0.207; gap 1 - 0.8


def _report_text(report) -> list[str]:
    from pedro_sim.commands.variants_cmd import print_report

    out = io.StringIO()
    print_report(report, Console(file=out, width=250))
    return out.getvalue().splitlines()


def test_variants_tables_show_intervals_and_agree_on_the_make_rate():
    """The tables show the intervals their titles promise, and the first table's P(make)
    is the balance table's (both over the bids won; king-pedro throws in the deals all
    pass, which the first table counted as not made)."""
    inputs = [EngineInputs.for_variant(n) for n in ("king-pedro", "cinch")]
    report = variants_analysis(inputs, 2000, 20, 12345, L.P_HEURISTIC, technique_flags(),
                               show_progress=False)
    thrown = report.bids[(report.bids.preset == "king-pedro") & (report.bids.bid == 0)]
    assert int(thrown.n.iloc[0]) > 0  # the case of the issue: some deals thrown in
    lines = _report_text(report)
    for preset in ("king-pedro", "cinch"):
        rows = [line for line in lines if f" {preset} " in line]
        first, balance = rows[0], rows[-1]
        b = report.balance.set_index("preset").loc[preset]
        rate = f"{b.make_rate:.3f} ({b.make_rate_lo:.3f}–{b.make_rate_hi:.3f})"
        assert rate in first and rate in balance, (first, balance)
        assert first.count("±") + first.count("–") >= 4, first  # an interval per figure
        g = report.games.set_index("preset").loc[preset]
        wins = f"{g.first_dealer_team_wins_lo:.3f}–{g.first_dealer_team_wins_hi:.3f}"
        assert any(wins in line for line in rows), rows
    share = thrown.n.iloc[0] / 2000
    assert f"{share:.3f} (" in [line for line in lines if " king-pedro " in line][0]
