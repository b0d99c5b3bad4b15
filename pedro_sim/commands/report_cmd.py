"""`pedro-sim report`: the standard set of analyses and charts, and an index.html.

Everything is written into a scratch directory beside ``--out`` and renamed into place
at the end, so an interrupted report leaves the previous one (or nothing) behind."""

from __future__ import annotations

import html
import os
import shlex
import shutil
import sys
import time
from pathlib import Path

import pandas as pd
from rich.console import Console

from pedro_sim.analysis.bid import bid_analysis
from pedro_sim.analysis.charts import bid_disagreements, card_disagreements
from pedro_sim.analysis.seat_words import seat_names
from pedro_sim.analysis.study import Study, build_study
from pedro_sim.cards import format_cards, parse_hand
from pedro_sim.commands.bid_cmd import simulate_bids
from pedro_sim.commands.bid_cmd import write_report as write_bid
from pedro_sim.commands.chart_cmd import ChartMaker
from pedro_sim.commands.holdings_cmd import run_holdings
from pedro_sim.commands.shared_options import STRONG, THINKING_PRECISION
from pedro_sim.commands.technique_cmd import run_technique
from pedro_sim.commands.variants_cmd import run_variants
from pedro_sim.engine_inputs import TECHNIQUES, EngineInputs
from pedro_sim.games import GAMES
from pedro_sim.parsers import SIDES
from pedro_sim.process_exit import removed_on_interrupt
from pedro_sim.report.files import check_writable_dir, write_atomic, write_csv
from pedro_sim.report.sections import Section

EXAMPLE_HAND = "AH KH 5H 2H 9C 4D JS 7S 3C"


def _seats(inputs: EngineInputs) -> list[str]:
    """Every seat of the report's table, by word (seat_words.seat_names)."""
    return seat_names(inputs.variant.players)


def run_report(study: Study, games: int, out_dir: Path, console: Console) -> Path:
    check_writable_dir(out_dir)
    started = time.perf_counter()
    work = out_dir.parent / f".{out_dir.name}.partial-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    try:
        with removed_on_interrupt(work):  # a Ctrl-C leaves without the partial folder
            sections = build_sections(study, games, work, console)
            elapsed = time.perf_counter() - started
            write_atomic(work / "index.html", lambda tmp: tmp.write_text(
                index_html(study, sections, elapsed, work)))
            replace_dir(work, out_dir)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    if study.precision is not None:
        console.print(study.precision_line())
    console.print(f"wrote {out_dir}/index.html ({time.perf_counter() - started:.1f} s)")
    return out_dir / "index.html"


def replace_dir(new: Path, target: Path) -> None:
    """Rename ``new`` to ``target``, replacing a previous report there."""
    if target.exists():
        old = target.parent / f".{target.name}.old-{os.getpid()}"
        os.replace(target, old)
        os.replace(new, target)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(new, target)


def build_sections(study: Study, games: int, work: Path, console: Console) -> list[Section]:
    """Run each analysis into ``work`` (their own tables stay off the screen: one line
    per section instead)."""
    n = deals_text(study)
    quiet = Console(quiet=True)
    sections = [bid_section(study, work, console)]
    if not study.who.thinks:  # the strong player's answers, at sizes that fit the report
        sections += strong_sections(study, work, console, quiet)
    values, _, counts = run_holdings(study, _seats(study.inputs), work / "holdings", quiet)
    console.print("holdings: card values and patterns, every seat")
    sections.append(Section(
        "What each trump is worth to the bidder",
        f"For each trump card and seat, {n} deals played twice with the same random numbers: "
        "the bidder (hearts trumps, holding the minimum bid, no auction) holds the card, then "
        "the same deal with the card exchanged for a random card it did not hold. Bars: the "
        "change in the bidders' mean points and in P(make), with the paired 95% intervals; "
        "the CSV also gives the interval two independent runs would give.",
        ["holdings/card_values.png", "holdings/card_values.csv"]))
    sections.append(Section(
        "Holding patterns and trump length",
        f"{n} random hands per seat (the same hands at every seat), the bidder naming "
        "hearts: the bidders' mean points and P(make) for each bid by named holding (bare "
        "pedro, pedro with or without the ace, both pedros, A-K-Q, trump length), with 95% "
        "intervals (Wilson for proportions).",
        ["holdings/make_rate_by_length.png", "holdings/patterns.csv",
         "holdings/make_rate_by_length.csv"]))
    charts = ChartMaker(study, work / "charts", counts=counts)
    weak_charts = {by: charts.bids(by)[1] for by in ("tops", "pedros")}
    console.print("bid charts: by top trumps and by pedros")
    sections.append(Section(
        "Bid charts",
        f"From {n} random hands per seat: for each trump length and number of top trumps "
        "(A, K, Q, J) or pedros held, the highest bid whose expected score change is "
        "positive, with its P(make) and 95% half-width; cells of fewer than 30 hands are "
        "blank. The CSVs give every bid's P(make) and expected score change per cell.",
        ["charts/bid_chart_tops.png", "charts/bid_chart_pedros.png", "charts/bid_chart_tops.csv",
         "charts/bid_chart_pedros.csv", "charts/bid_chart_tops_all_bids.csv",
         "charts/bid_chart_pedros_all_bids.csv"]))
    if not study.who.thinks:
        sections.append(strong_charts(study, work, console, values, weak_charts))
    run_technique(study, list(TECHNIQUES), list(SIDES), work / "technique", quiet)
    console.print("techniques: each on and off, every side")
    sections.append(Section(
        "Techniques of the heuristic player",
        f"{n} auctioned deals per comparison, each played with every technique on and again "
        "with one switched off for the bidders, the defenders or both (same deal, same "
        "auction). Bars: the points the technique gains for the side it is switched for, "
        "paired 95% intervals (black) beside independent-run intervals of the same size "
        "(grey).", ["technique/techniques.png", "technique/techniques.csv"]))
    policy, worlds, evaluator = study.player_options
    run_variants(None, variant_deals(study), games, study.seed,
                 (policy, None, None, worlds, evaluator), work / "variants", quiet)
    console.print("variants: every preset the engine plays")
    sections.append(Section(
        "Variants compared",
        f"{variant_deals(study):,} auctioned deals and {games:,} whole games per preset the "
        "engine plays: make "
        "rates by bid, points, each seat's edge and deals per game, and the balance of the "
        "presets as shares of a deal's points, with 95% intervals.",
        ["variants/balance.png", "variants/make_rate.png", "variants/seat_advantage.png",
         "variants/seat_edge.png",
         "variants/points.png", "variants/deals_per_game.png", "variants/balance.csv",
         "variants/variants.csv", "variants/seats.csv", "variants/points.csv",
         "variants/games.csv"]))
    for game in GAMES:
        sections += game.hooks().report_sections(study.seed, study.deals, work, console,
                                                   quiet)
    return sections


STRONG_BID_DEALS = 100_000  # the most the strong bid section plays (it stops at 0.01)
STRONG_TECHNIQUE_DEALS = 2_000  # auctioned deals of the strong cinch section


def strong_sections(study: Study, work: Path, console: Console, quiet: Console) -> list[Section]:
    """The example question and "does cinching pay?" answered by pimc: the bid to a 95%
    half-width of 0.01, cinch for the bidders on a few thousand deals (both capped by
    the report's --deals)."""
    strong = build_study(study.inputs.variant, STRONG, study.seed,
                         min(study.deals, STRONG_BID_DEALS), precision=THINKING_PRECISION,
                         show_progress=study.show_progress)
    hand = parse_hand(EXAMPLE_HAND)
    bid = study.inputs.variant.min_bid + 1
    report = simulate_bids(strong.inputs, hand, _seats(strong.inputs), 1, strong.deals, strong.seed,
                           strong.who, bid, [bid], THINKING_PRECISION, "control")
    text = format_cards(hand)
    write_bid(report, text, work / "bid_pimc", strong.seed, strong.deals,
              strong.inputs.variant, strong.who.label, 0.0, bid, THINKING_PRECISION, "control")
    console.print(f"bid with {STRONG}: {text}, every seat")
    used = ", ".join(f"{n:,}" for n in report.summary.n)
    sections = [Section(
        f"The same question for the strong player: how often does {text} make {bid}?",
        f"As above, with {strong.who.label} at every seat, playing for the score at bid {bid} "
        f"(so only that bid is priced), each seat run until P(make) has a 95% half-width of "
        f"at most {THINKING_PRECISION} ({used} deals for the seats in order), the "
        "estimates by control variates (each deal also played by the heuristic, whose own "
        "larger run corrects the mean; bid.csv's var_ratio columns say what that saved).",
        ["bid_pimc/make_rate.png", "bid_pimc/points.png", "bid_pimc/bid.csv",
         "bid_pimc/points.csv"])]
    steer = build_study(study.inputs.variant, STRONG, study.seed,
                        min(study.deals, STRONG_TECHNIQUE_DEALS),
                        show_progress=study.show_progress)
    run_technique(steer, ["cinch"], ["bidders"], work / "technique_pimc", quiet)
    console.print(f"cinch with {STRONG}: free, forbidden and forced")
    sections.append(Section(
        "Does cinching pay under strong play?",
        f"{steer.deals:,} auctioned deals, each played three times by {steer.who.label}: free, "
        "with cinching (third hand taking the trick with a sure winner when points or a "
        "pedro are at stake) forbidden to the bidders wherever it arises, and forced there. "
        "Bars: forbidden and forced minus free in the bidders' net score per deal, paired "
        "95% intervals; the CSV gives how often the situation arises and pimc cinches, and "
        "the points and make rate (docs/strategy.md defines each technique).",
        ["technique_pimc/techniques.png", "technique_pimc/techniques.csv"]))
    return sections


STRONG_CHART_HANDS = 3_000  # random hands a seat of the strong bid charts
STRONG_CARD_PAIRS = 500  # paired deals a card of the strong card values (eldest)


def strong_charts(study: Study, work: Path, console: Console, weak_values: pd.DataFrame,
                  weak_charts: dict[str, pd.DataFrame]) -> Section:
    """The bid charts (every seat) and the card values (eldest) drawn by the strong
    player, at sizes that fit the report (capped by its --deals), and the cells and
    cards where it and the heuristic disagree (charts_pimc/*_disagreements.csv)."""
    out = work / "charts_pimc"
    strong = build_study(study.inputs.variant, STRONG, study.seed,
                         min(study.deals, STRONG_CHART_HANDS),
                         show_progress=study.show_progress)
    maker = ChartMaker(strong, out)
    said = []
    for by in ("tops", "pedros"):
        grid, best = maker.bids(by)
        apart = bid_disagreements(weak_charts[by], best, grid, by)
        write_csv(out / f"bid_chart_{by}_disagreements.csv", apart)
        said.append(f"by {by}, {len(apart)} cells differ ({int(apart.clear.sum())} clearly)")
    pairs = build_study(study.inputs.variant, STRONG, study.seed,
                        min(study.deals, STRONG_CARD_PAIRS), show_progress=study.show_progress)
    cards = ChartMaker(pairs, out, maker.bid)
    values = cards.cards(["eldest"])
    apart = card_disagreements(weak_values, values, maker.bid)
    write_csv(out / "card_values_disagreements.csv", apart)
    console.print(f"bid charts and card values with {STRONG}")
    names = ", ".join(apart.card[apart.apart]) or "none"
    return Section(
        "Bid charts and card values from the strong player",
        f"The same charts drawn by {strong.who.label}, at sizes that fit this report: "
        f"{strong.deals:,} random hands a seat for the bid charts (playing at bid "
        f"{study.inputs.variant.min_bid}, the other bids priced from those deals), "
        f"{pairs.deals:,} paired deals a card for the eldest hand's card values. Where "
        f"the strong player's \"bid up to\" differs from the heuristic's in a cell of at "
        f"least 30 hands for both, the disagreements CSV lists it, clear where the strong "
        f"player's expected score change settles it at 95%: {'; '.join(said)}. Cards whose "
        f"worth in points differs beyond both intervals: {names}. docs/strategy.md says "
        "what the disagreements were on the seed of the default report.",
        ["charts_pimc/bid_chart_tops.png", "charts_pimc/bid_chart_pedros.png",
         "charts_pimc/card_values.png", "charts_pimc/bid_chart_tops_disagreements.csv",
         "charts_pimc/bid_chart_pedros_disagreements.csv",
         "charts_pimc/card_values_disagreements.csv", "charts_pimc/bid_chart_tops.csv",
         "charts_pimc/bid_chart_pedros.csv", "charts_pimc/bid_chart_tops_all_bids.csv",
         "charts_pimc/bid_chart_pedros_all_bids.csv", "charts_pimc/card_values.csv"])


def deals_text(study: Study) -> str:
    """The deals of a measurement, as the paragraphs say it."""
    if study.precision is None:
        return f"{study.deals:,}"
    return (f"as many as it took (looked at after 8,192 and each doubling, at most "
            f"{study.deals:,}; run.json has each figure) for every P(make) to have a 95% "
            f"half-width of at most {study.precision}:")


def variant_deals(study: Study) -> int:
    """`variants` has no --precision: with one, it plays at most the default 500,000."""
    return study.deals if study.precision is None else min(study.deals, 500_000)


def bid_section(study: Study, work: Path, console: Console) -> Section:
    hand = parse_hand(EXAMPLE_HAND)
    report = bid_analysis(study.inputs, hand, _seats(study.inputs), 1, study.deals, study.seed,
                          study.who.policy, study.who.label, study.who.flags,
                          study.show_progress, study.precision)
    text = format_cards(hand)
    write_bid(report, text, work / "bid", study.seed, study.deals, study.inputs.variant,
              study.who.label, 0.0, study.inputs.variant.min_bid + 1)
    console.print(f"bid: {text}, every seat")
    return Section(
        f"How often does a bid make with {text}?",
        f"The hand at each seat naming hearts, the other cards dealt at random, "
        f"{deals_text(study)} "
        "deals per seat: P(make) for every bid with 95% Wilson bands, and the distribution "
        "of the bidders' points.", ["bid/make_rate.png", "bid/points.png", "bid/bid.csv",
                                             "bid/points.csv"])


def index_html(study: Study, sections: list[Section], elapsed: float, root: Path) -> str:
    """The page: each section's paragraph, its figures inline, links to its tables
    (files a run did not produce, e.g. games.csv with --games 0, are left out)."""
    esc = html.escape
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>pedro-sim report"
             f"</title><style>body{{font-family:sans-serif;max-width:60em;margin:auto}}"
             f"img{{max-width:100%}}</style></head><body><h1>pedro-sim report</h1>"
             f"<p>{esc(study.inputs.label)}, {esc(study.who.label)} players, seed "
             f"{study.seed}, {esc(deals_text(study))} deals per measurement; {elapsed:.0f} s. "
             f"Made by <code>{esc(shlex.join(['pedro-sim', *sys.argv[1:]]))}</code>; every "
             "table has a run.json beside it with the seed and sizes.</p>"]
    for s in sections:
        s.files = [f for f in s.files if (root / f).exists()]
        parts.append(f"<h2>{esc(s.title)}</h2><p>{esc(s.text)}</p>")
        for f in s.files:
            if f.endswith(".png"):
                parts.append(f"<p><a href='{esc(f)}'><img src='{esc(f)}' alt='{esc(f)}'></a>"
                             "</p>")
        links = [f"<a href='{esc(f)}'>{esc(f)}</a>" for f in s.files if not f.endswith(".png")]
        parts.append(f"<p>Tables: {', '.join(links)}</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
