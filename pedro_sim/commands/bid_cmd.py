"""What a dealt hand should bid: `pedro-sim bid` (the make rate of every bid for a fixed
hand) and `pedro-sim advise` (which suit to name and how high to bid, with the score)."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
from rich.console import Console

from pedro_sim.analysis.bid import BidReport, bid_analysis, widest_interval_of
from pedro_sim.analysis.controlled_bid import CHEAP_FACTOR, ESTIMATORS
from pedro_sim.analysis.strategy.advise import advise, recommend
from pedro_sim.analysis.study import Study
from pedro_sim.cards import (
    format_cards,
    mask_of,
    parse_hand,
    parse_suit,
    suits_with_ace_king_two,
)
from pedro_sim.commands.shared_options import THINKING_PRECISION
from pedro_sim.encoding.option_array import check_in_pack
from pedro_sim.engine_inputs import EngineInputs, Players
from pedro_sim.errors import PedroError
from pedro_sim.parsers import parse_bids, parse_seats
from pedro_sim.report.console_tables import narrow_table, plus_minus, span
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json
from pedro_sim.report.plots import make_rate_figure, points_figure
from pedro_sim.rules import Variant
from pedro_sim.rules.variant import BID_28_56, bid_text
from pedro_sim.specs import short_label


def run_bid(hand_text: str, bid_value: int | None, trump: str, seat: str, deals: int | None,
            seed: int, who: Players, rules: Variant, out_dir: Path, console: Console,
            precision: float | None = None, bids_text: str | None = None,
            estimator: str = "auto") -> None:
    """The bid command, its input checked first. Without --deals and --precision: 200,000
    deals per seat, or for thinking players as many as P(make) to ±THINKING_PRECISION
    takes."""
    estimator = estimator_for(estimator, who)
    hand, bid_value, suit, seats = bid_inputs(hand_text, bid_value, trump, seat, rules)
    bids = reported_bids(bids_text, bid_value, who, rules)
    check_28_56(rules, bids or [], hand, suit, seats, "--bids")
    check_writable_dir(out_dir)
    if deals is None and precision is None and who.thinks:
        precision = THINKING_PRECISION
        console.print(f"Thinking players: running to --precision {precision} (--deals N or "
                      "--precision P to choose).")
    if deals is None:
        deals = 200_000 if precision is None else 100_000_000

    started = time.perf_counter()
    inputs = EngineInputs.for_variant(rules)
    report = simulate_bids(inputs, hand, seats, suit, deals, seed, who, bid_value, bids,
                           precision, estimator)
    elapsed = time.perf_counter() - started
    text = format_cards(hand)
    print_report(report, text, bid_value, console, rules.partnerships)
    if who.plays_for_the_score:
        console.print(f"These players play for the score: each bid's row comes from deals "
                      f"played at that bid ({', '.join(map(str, bids))}; --bids adds "
                      "others, each a run of its own).")
    if estimator == "control":
        console.print(control_line(report))
    used = [int(n) for n in report.table.n]
    if precision is not None:
        reached = all(widest_interval_of(report, s) <= precision for s in seats)
        console.print(f"--precision {precision}: {min(used):,} to {max(used):,} deals per "
                      f"seat and bid ({'reached' if reached else 'NOT reached: --deals cap hit'})")
    write_report(report, text, out_dir, seed, deals if precision is None else max(used),
                 rules, who.label, elapsed, bid_value, precision, estimator)
    console.print(f"wrote {out_dir}/bid.csv, points.csv, run.json, make_rate.png, points.png "
                  f"({elapsed:.1f} s)")


def estimator_for(name: str, who: Players) -> str:
    """--estimator checked, auto made concrete: control for thinking players, else plain
    (a cheap player has no cheaper one to lean on)."""
    name = name.strip().lower()
    if name not in ("auto", *ESTIMATORS):
        raise PedroError(f"unknown --estimator {name!r}: auto, {', '.join(ESTIMATORS)}")
    if name == "control" and not who.thinks:
        raise PedroError("--estimator control leans on the heuristic playing the same deals: "
                         "it is for thinking players (pimc), not for "
                         f"{short_label(who.label)}")
    if name == "auto":
        return "control" if who.thinks else "plain"
    return name


def control_line(report: BidReport) -> str:
    """What the control variates saved: the variance of P(make) and of the net against
    the plain mean's, over the rows."""
    t = report.table
    return (f"estimator: control variates (each deal also played by the heuristic; its "
            f"means from {CHEAP_FACTOR} times as many deals of its own): variance of "
            f"P(make) {t.var_ratio_make.min():.2f}–{t.var_ratio_make.max():.2f} and of the "
            f"net {t.var_ratio_net.min():.2f}–{t.var_ratio_net.max():.2f} of the plain "
            "mean's (--estimator plain for the plain mean)")


def bid_inputs(hand_text: str, bid_value: int | None, trump: str, seat: str,
               rules: Variant) -> tuple[list[int], int, int | None, list[str]]:
    """The command's hand, bid, trump (None: best) and seats, each checked (one line)."""
    hand = check_in_pack(parse_hand(hand_text, size=rules.hand, allow_joker=rules.deck == 53),
                         rules)
    bid_value = rules.check_bid(rules.min_bid if bid_value is None else bid_value)
    suit = None if trump.strip().lower() == "best" else parse_suit(trump)
    seats = parse_seats(seat, rules.players)
    check_28_56(rules, [bid_value], hand, suit, seats)
    return hand, bid_value, suit, seats


def check_28_56(rules: Variant, bids: list[int], hand: list[int], suit: int | None,
                seats: list[str], option: str = "--bid") -> None:
    """A 28 among ``bids`` (--bid or --bids) under 28-56: the dealer's bid, in a suit of
    which the hand holds A K 2."""
    if not (rules.dealer_28_56 and BID_28_56 in bids):
        return
    if seats != ["dealer"]:
        raise PedroError(f"{option} 28 (28-56) is the dealer's bid only: give --seat dealer")
    if suit is None or not suits_with_ace_king_two(mask_of(hand)) >> suit & 1:
        raise PedroError(f"{option} 28 (28-56) needs the ace, king and 2 of the trump in the "
                         "hand (--trump names that suit)")


def reported_bids(bids_text: str | None, bid_value: int, who: Players,
                  rules: Variant) -> list[int] | None:
    """The bids to report: --bids (with --bid among them); without it every bid where the
    players ignore the bid (one run prices them all), else --bid alone (a 28-56 always:
    it is no level of the others')."""
    if bids_text is not None:
        return sorted(set(parse_bids(bids_text, rules)) | {bid_value})
    if rules.dealer_28_56 and bid_value == BID_28_56:
        return [bid_value]
    return [bid_value] if who.plays_for_the_score else None


def simulate_bids(inputs: EngineInputs, hand: list[int], seats: list[str], suit: int | None,
                  deals: int, seed: int, who: Players, bid_value: int, bids: list[int] | None,
                  precision: float | None, estimator: str = "plain") -> BidReport:
    """One run at ``bid_value`` where the players ignore the bid; else one run per bid
    reported, each with its bid in force (the points and summary: the run at --bid).
    Column played_at_bid says which."""
    runs = [bid_value] if not who.plays_for_the_score else bids
    reports = {}
    for b in runs:
        at = who.at_bid(b)
        reports[b] = bid_analysis(inputs, hand, seats, suit, deals, seed, at.policy, at.label,
                                  at.flags, precision=precision,
                                  bids=bids if len(runs) == 1 else [b], estimator=estimator)
        reports[b].table["played_at_bid"] = b
    main = reports[bid_value]
    table = pd.concat([r.table for r in reports.values()], ignore_index=True)
    if len(runs) > 1:  # each seat's rows together, in the seats' order, by bid
        order = table.seat.map({s: i for i, s in enumerate(seats)})
        table = table.assign(_o=order).sort_values(["_o", "bid"], kind="stable",
                                                   ignore_index=True).drop(columns="_o")
    return BidReport(table, main.points, main.summary)


BID_COLUMNS = ("bid", "P(make)", "95% CI", "E[Δscore] ± 95%", "E[net] ± 95%")


def print_report(report: BidReport, hand_text: str, bid_value: int, console: Console,
                 partnerships: bool = True) -> None:
    for _, s in report.summary.iterrows():
        rows = report.table[(report.table.seat == s.seat) & (report.table.trump == s.trump)]
        at = rows[rows.bid == bid_value].iloc[0]
        table = narrow_table(f"{hand_text} — {s.seat}, trumps {s.trump}, {s.n:,} deals "
                             f"({s.variant}, {short_label(s.policy)})", BID_COLUMNS)
        for _, r in rows.iterrows():
            style = "bold yellow" if r.bid == bid_value else None
            table.add_row(bid_text(r.bid, r.special), f"{r.p_make:.4f}",
                          span(r.p_make_lo, r.p_make_hi, 3),
                          plus_minus(r.expected_score, r.expected_score_lo, r.expected_score_hi),
                          plus_minus(r.expected_net, r.expected_net_lo, r.expected_net_hi),
                          style=style)
        table.caption = (
            f"mean points: bidders {s.mean_bidder_points:.3f} "
            f"({s.mean_bidder_points_lo:.3f}–{s.mean_bidder_points_hi:.3f}), defenders "
            f"{s.mean_defender_points:.3f}; bid {bid_value}: expected score change "
            f"{float(at.expected_score):+.3f}, net ("
            + ("bidders' minus defenders'" if partnerships else
               "the bidder's less the others' mean") + ") "
            f"{float(at.expected_net):+.3f}. Scores by the preset's own scoring."
        )
        console.print(table)


def write_report(report: BidReport, hand_text: str, out_dir: Path, seed: int, deals: int,
                 variant: Variant, policy: str, elapsed: float, bid_value: int,
                 precision: float | None = None, estimator: str = "plain") -> None:
    table = report.table.merge(report.summary[["seat", "trump", "mean_bidder_points",
                                               "mean_defender_points"]], on=["seat", "trump"])
    # the bid in force while the deals were played (one run: ``bid_value``), last
    table["played_at_bid"] = table.pop("played_at_bid") if "played_at_bid" in table \
        else bid_value
    write_csv(out_dir / "bid.csv", table)
    write_csv(out_dir / "points.csv", report.points)
    make_rate_figure(report.table, hand_text, out_dir / "make_rate.png")
    points_figure(report.points, report.table, hand_text, out_dir / "points.png")
    meta = run_metadata(seed, deals, variant, policy, elapsed, hand=hand_text, bid=bid_value,
                        played_at_bid=sorted(int(b) for b in table.played_at_bid.unique())
                        if table.played_at_bid.nunique() > 1 else bid_value,
                        bids=sorted(int(b) for b in report.table.bid.unique()),
                        precision=precision, estimator=estimator,
                        deals_per_seat=[int(n) for n in report.summary.n],
                        seats=list(pd.unique(report.table.seat)),
                        trumps=list(pd.unique(report.table.trump)))
    write_json(out_dir / "run.json", meta)


# --------------------------------------------------------------------------- advise


def run_advise(study: Study, hand: list[int], seat: str, score: tuple[int, int], games: int,
               out_dir: Path, console: Console, estimator: str = "plain",
               games_to_precision: bool = True) -> pd.DataFrame:
    check_writable_dir(out_dir)
    if not games_to_precision:
        console.print(f"Thinking players: P(make) to --precision {study.precision}, at most "
                      f"{study.deals:,} deals a suit, and {games:,} games (--deals N or "
                      "--precision P to choose).")
    started = time.perf_counter()
    frame = advise(study, hand, seat, score, games, estimator, games_to_precision)
    elapsed = time.perf_counter() - started
    text = format_cards(hand)
    print_advice(frame, text, console)
    write_csv(out_dir / "advise.csv", frame)
    if estimator == "control":
        console.print(screen_line(frame))
    if study.precision is not None:
        console.print(study.precision_line())
    if study.bid_note():
        console.print(study.bid_note())
    write_json(out_dir / "run.json", run_metadata(
        study.seed, study.deals, study.inputs.variant, study.who.label, elapsed,
        hand=text, seat=seat, score=f"{score[0]}-{score[1]}", games=games,
        estimator=estimator, **study.meta()))
    console.print(f"wrote {out_dir}/advise.csv, run.json ({elapsed:.1f} s)")
    return frame


def screen_line(frame: pd.DataFrame) -> str:
    """advise's control variates: each suit's deals, and the suits screened out."""
    by_suit = frame.groupby("trump", sort=False).agg(n=("n", "first"),
                                                     screened=("screened", "first"))
    counts = ", ".join(f"{t} {int(r.n):,}" for t, r in by_suit.iterrows())
    out = by_suit.index[by_suit.screened].tolist()
    stopped = (f"; {', '.join(out)} stopped there: every bid's expected "
               "score interval below the best suit's best lower bound") if out else ""
    return (f"estimator: control variates (--estimator plain for the plain mean); deals "
            f"a suit: {counts}{stopped}")


ADVICE_COLUMNS = ("suit", "bid", "P(make)", "E[Δscore] ±95%", "E[net] ±95%", "P(win)", "95% CI")


def print_advice(frame: pd.DataFrame, hand_text: str, console: Console) -> None:
    best = recommend(frame)
    first = frame.iloc[0]
    deals = f"{int(first.n):,}" if frame.n.nunique() == 1 else \
        f"{int(frame.n.min()):,} to {int(frame.n.max()):,}"
    table = narrow_table(f"{hand_text} — {first.seat}, score {first.score} "
                         f"({deals} deals, {int(first.games):,} games per suit; "
                         f"{first.variant}, {short_label(first.policy)})", ADVICE_COLUMNS)
    for r in frame.itertuples():
        mark = r.Index in (best["expected_score"].name, best["p_win"].name)
        table.add_row(r.trump, str(r.bid), f"{r.p_make:.4f}",
                      plus_minus(r.expected_score, r.expected_score_lo, r.expected_score_hi, 2),
                      plus_minus(r.expected_net, r.expected_net_lo, r.expected_net_hi, 2),
                      f"{r.p_win:.3f}", span(r.p_win_lo, r.p_win_hi, 3),
                      style="bold yellow" if mark else None)
    console.print(table)
    e, w = best["expected_score"], best["p_win"]
    console.print(f"most points: name {e.trump}, bid {e.bid} (E[Δscore] {e.expected_score:+.3f})"
                  f"; bid up to {bid_up_to(frame, e.trump)} in {e.trump} while the expected "
                  f"score change stays positive")
    console.print(f"best chance of winning the game from {first.score}: name {w.trump}, "
                  f"bid {w.bid} (P(win) {w.p_win:.4f}, {w.p_win_lo:.4f}–{w.p_win_hi:.4f})")


def bid_up_to(frame: pd.DataFrame, trump: str) -> str:
    """The highest bid in ``trump`` whose expected score change is positive."""
    ok = frame[(frame["trump"] == trump) & (frame["expected_score"] > 0)]
    return str(int(ok["bid"].max())) if len(ok) else "nothing (pass)"
