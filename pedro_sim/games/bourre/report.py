"""The report's Bourré sections: the example hand's options, the decision chart and a
table's sessions, each answered by the strong player at sizes that fit a report."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from pedro_sim.games.bourre.analysis.seating import seated
from pedro_sim.games.bourre.commands import run_chart, run_play, run_session
from pedro_sim.games.bourre.rules import BourreRules
from pedro_sim.report.sections import Section

HAND = "AH KH 9S 4C 2D"  # the example of `bourre play`: hearts trumps, third to declare
PLAY_DEALS = 2_000  # pimc deals of the example hand (about 20 s on 2 cores)
SESSIONS = 200  # pimc sessions of 10 deals at a table of 7
CHART_DEALS = 1_000  # pimc deals a place of the chart (a table of 4 and one of 7)
CHART_SPEC = "pimc:worlds=16"


def bourre_sections(seed: int, deals: int, work: Path, console: Console,
                    quiet: Console) -> list:
    """Run the Bourré analyses into ``work``; their sections (report_cmd.Section)."""
    rules = BourreRules()
    strong = seated("pimc", rules.players)
    play_deals = min(deals, PLAY_DEALS)
    run_play(rules, HAND, "H", "3", None, None, strong, play_deals, seed,
             work / "bourre_play", quiet)
    console.print(f"bourre play: {HAND}, hearts, third of seven")
    chart_deals = min(deals, CHART_DEALS)
    run_chart([4, 7], None, CHART_SPEC, chart_deals, seed, work / "bourre_chart", quiet)
    console.print("bourre chart: tables of 4 and 7")
    sessions = max(2, min(deals // 10, SESSIONS))
    run_session(rules, strong, sessions, 10, seed, work / "bourre_session", quiet)
    console.print("bourre session: a table of seven")
    return [
        Section(
            f"Bourré: play or pass with {HAND}, hearts trumps, third of seven?",
            f"{play_deals:,} deals, {strong.label} at every seat, the pot a session's "
            "first (7 chips): the hand passes (worth 0: its ante is in the pot) or plays "
            "drawing 0 to 5 cards (it throws away those least worth keeping), every option "
            "on the same deals. Chips a deal with 95% intervals; the CSV adds P(take the "
            "pot), P(bourré) and each option against the best, paired.",
            ["bourre_play/play.png", "bourre_play/play.csv"]),
        Section(
            "Bourré: the best declaration by hand and place",
            f"{chart_deals:,} random deals a place ({CHART_SPEC} at every seat, a "
            "session's first deal: the pot one chip a player), every option played on each: "
            "for each class of hand (trumps held, the highest of them, a side ace; '1T J-': "
            "one trump, the jack or lower, no side ace) and place after the dealer, the "
            "option of highest mean chips (pass is worth 0) and the best play's chips; the "
            "CSV has the 95% intervals, P(take) and P(bourré). Cells of fewer than 30 hands "
            "(1% of the deals in a smaller run) are left out, white.",
            ["bourre_chart/chart.png", "bourre_chart/chart.csv"]),
        Section(
            "Bourré: a table of seven over sessions",
            f"{sessions:,} sessions of 10 deals (the pot carried from deal to deal), "
            f"{strong.label} at every seat: chips a deal by place after the dealer with 95% "
            "intervals over sessions, and the pot's sizes after the antes.",
            ["bourre_session/places.png", "bourre_session/pots.png",
             "bourre_session/places.csv", "bourre_session/seats.csv",
             "bourre_session/pots.csv", "bourre_session/summary.csv"]),
    ]
