"""`pedro-sim advise`: which suit to name and how high to bid with a dealt hand."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
from rich.console import Console

from pedro_sim.analysis.strategy.advise import advise, recommend
from pedro_sim.analysis.study import Study
from pedro_sim.cards import format_cards
from pedro_sim.commands.console_tables import narrow_table, plus_minus, span
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json
from pedro_sim.specs import short_label


def run_advise(study: Study, hand: list[int], seat: str, score: tuple[int, int], games: int,
               out_dir: Path, console: Console) -> pd.DataFrame:
    check_writable_dir(out_dir)
    started = time.perf_counter()
    frame = advise(study, hand, seat, score, games)
    elapsed = time.perf_counter() - started
    text = format_cards(hand)
    print_advice(frame, text, console)
    write_csv(out_dir / "advise.csv", frame)
    if study.precision is not None:
        console.print(study.precision_line())
    if study.bid_note():
        console.print(study.bid_note())
    write_json(out_dir / "run.json", run_metadata(
        study.seed, study.deals, study.inputs.variant, study.who.label, elapsed,
        hand=text, seat=seat, score=f"{score[0]}-{score[1]}", games=games,
        **study.meta()))
    console.print(f"wrote {out_dir}/advise.csv, run.json ({elapsed:.1f} s)")
    return frame


ADVICE_COLUMNS = ("suit", "bid", "P(make)", "E[Δscore] ±95%", "E[net] ±95%", "P(win)", "95% CI")


def print_advice(frame: pd.DataFrame, hand_text: str, console: Console) -> None:
    best = recommend(frame)
    first = frame.iloc[0]
    table = narrow_table(f"{hand_text} — {first.seat}, score {first.score} "
                         f"({int(first.n):,} deals, {int(first.games):,} games per suit; "
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
