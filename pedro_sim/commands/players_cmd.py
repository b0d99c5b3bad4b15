"""The commands that measure the players: `duel` (two players on the same deals, swapping
sides), `ladder` (every pair, per preset) and `calibrate` (a thinking bidder's predicted
make rate against what it makes)."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
from rich.console import Console

from pedro_sim.analysis.players.calibration import calibration
from pedro_sim.analysis.players.duel import duel
from pedro_sim.analysis.players.ladder import ladder, standings
from pedro_sim.arena.play import check_arena_spec
from pedro_sim.engine_inputs import EngineInputs, duel_players, players
from pedro_sim.errors import PedroError
from pedro_sim.parsers import parse_presets
from pedro_sim.report import ladder_plots as plots
from pedro_sim.report.console_tables import narrow_table, rate, span
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json
from pedro_sim.rules import Variant
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.specs import BEFORE_17_PIMC, ROLLOUT_PIMC, outside, short_label


def run_duel(a: str, b: str, deals: int, seed: int, worlds: int | None, evaluator: str | None,
             rules: Variant, out_dir: Path, console: Console,
             precision: float | None = None) -> None:
    spec_a, spec_b, flags = duel_players(a, b, worlds, evaluator, rules)  # validates both
    a, b = str(spec_a), str(spec_b)
    inputs = EngineInputs.for_variant(rules)
    check_writable_dir(out_dir)
    started = time.perf_counter()
    table = duel(inputs, a, b, deals, seed, flags, precision=precision)
    elapsed = time.perf_counter() - started
    r = table.iloc[0]
    n = rules.players
    played = ("twice, the players swapping sides" if rules.partnerships else
              f"{2 * n} times: A alone at each of the {n} seats against B, then B alone "
              "against A; per deal, A's lead over the others' mean, less B's in its place")
    console.print(
        f"{inputs.label}, {r.deals:,} deals each played {played}\n"
        f"  A = {a}\n  B = {b}\n"
        f"  points per deal, A minus B: {r.points_diff:+.3f} "
        f"(95% {r.points_diff_lo:+.3f} to {r.points_diff_hi:+.3f})\n"
        f"  net score per deal, A minus B: {r.score_diff:+.3f} "
        f"(95% {r.score_diff_lo:+.3f} to {r.score_diff_hi:+.3f})\n"
        f"  make rate as bidders: {made_rates(r)}")
    write_csv(out_dir / "duel.csv", table)
    if precision is not None:
        console.print(f"--precision {precision}: {r.deals:,} deals (cap {deals:,})")
    write_json(out_dir / "run.json", run_metadata(seed, deals, rules, f"{a} vs {b}",
                                                  elapsed, a=a, b=b, precision=precision,
                                                  deals_used=int(r.deals)))
    console.print(f"wrote {out_dir}/duel.csv and run.json ({elapsed:.1f} s)")


# the pimc of before issue 17, the rollout pimc that was the default until 2026-12-06, and
# pimc solving every card on every world exactly (a player built another way: its
# strength is the solver's, not the rollouts')
DEFAULT_PLAYERS = ("random", "heuristic",
                   BEFORE_17_PIMC,
                   ROLLOUT_PIMC, "pimc",
                   "pimc:eval=solver,prune=0", "dd")


def run_ladder(presets: str | None, specs: list[str] | None, deals: int, seed: int,
               worlds: int | None, evaluator: str | None, out_dir: Path,
               console: Console, timeout: float | None = None) -> None:
    names = parse_presets(presets)
    specs = list(specs or DEFAULT_PLAYERS)
    if len(specs) < 2:
        raise PedroError("--player: a ladder needs at least two players")
    # every spec checked before the first duel, written out as each preset reads it
    variants = [resolve_variant(name, []) for name in names]
    if outside(*specs):  # played in the arena
        once(specs, [tuple(check_arena_spec(s, worlds, evaluator, v) for v in variants)
                     for s in specs])
    else:
        once(specs, [tuple(str(duel_players(a, specs[0], worlds, evaluator, v)[0])
                           for v in variants) for a in specs])
    check_writable_dir(out_dir)
    started = time.perf_counter()
    table = ladder(names, specs, deals, seed, worlds, evaluator,
                   on_duel=lambda row: console.print(_line(row.iloc[0])), timeout=timeout)
    stand = standings(table)
    elapsed = time.perf_counter() - started
    print_standings(stand, console)
    write_csv(out_dir / "ladder.csv", table)
    write_csv(out_dir / "standings.csv", stand)
    plots.score_matrix_figure(table, deals, out_dir / "ladder.png")
    plots.make_rate_figure(stand, deals, out_dir / "make_rates.png")
    write_json(out_dir / "run.json", run_metadata(seed, deals, ",".join(names), " | ".join(
        dict.fromkeys(list(table.a) + list(table.b))), elapsed, players=specs))
    console.print(f"wrote {out_dir}/ladder.csv, standings.csv, ladder.png, make_rates.png, "
                  f"run.json ({elapsed:.1f} s)")


def once(specs: list[str], players: list[tuple[str, ...]]) -> None:
    """Refuse a ladder's player given twice: as the same text, or as two specs that are the
    same player in every preset of the ladder (``players``: each spec written out whole,
    preset by preset, where a preset's own pimc defaults fill what it leaves out)."""
    for k, player in enumerate(players):
        first = players.index(player)
        if first < k:
            same = "" if specs[first] == specs[k] else f" (as {specs[first]} and {specs[k]})"
            raise PedroError(f"--player names {player[0]} twice{same}")


def made_rates(r: pd.Series, interval: bool = True) -> str:
    """A duel's two make rates as bidders ("no bids" for a player that never bid), with
    their intervals and bids, and their difference where both bid."""
    def one(who: str) -> str:
        p, bids = r[f"{who}_make_rate"], int(r[f"{who}_bids"])
        if not interval or not bids:
            return rate(p, bids)
        return f"{p:.3f} ({span(r[f'{who}_make_lo'], r[f'{who}_make_hi'], 3)}, {bids:,} bids)"

    if not interval:
        return f"{one('a')} / {one('b')}"
    both = r.a_bids and r.b_bids
    return f"A {one('a')}, B {one('b')}" + (
        f"; difference {r.a_make_rate - r.b_make_rate:+.3f}" if both else "")


def _line(r: pd.Series) -> str:
    return (f"{r.variant}: {r.a_label} minus {r.b_label}: net score {r.score_diff:+.2f} "
            f"({r.score_diff_lo:+.2f} to {r.score_diff_hi:+.2f}) per deal, make rates "
            f"{made_rates(r, interval=False)}")


def print_standings(stand: pd.DataFrame, console: Console) -> None:
    table = narrow_table("Net score per deal against the field (approximate 95%), make rate",
                         ("preset", "player", "net vs field", "points", "make rate", "95% CI",
                          "bids"), labels=2)
    for r in stand.itertuples():
        table.add_row(r.variant, short_label(r.player),
                      f"{r.score_vs_field:+.2f} ± {r.score_vs_field_half:.2f}",
                      f"{r.points_vs_field:+.2f}", rate(r.make_rate, r.bids),
                      span(r.make_lo, r.make_hi, 3) if r.bids else "", f"{r.bids:,}")
    table.caption = "points: points per deal against the field; standings.csv: full specs."
    console.print(table)


def run_calibrate(presets: str | None, policy: str, worlds: int | None, evaluator: str | None,
                  deals: int, seed: int, out_dir: Path, console: Console) -> None:
    names = parse_presets(presets)
    inputs = [EngineInputs.for_variant(n) for n in names]
    who = [players(policy, i.variant, worlds=worlds, evaluator=evaluator) for i in inputs]
    check_writable_dir(out_dir)
    started = time.perf_counter()
    table = pd.concat([calibration(i, w, deals, seed) for i, w in zip(inputs, who, strict=True)],
                      ignore_index=True)
    elapsed = time.perf_counter() - started
    print_calibration(table, console)
    write_csv(out_dir / "calibration.csv", table)
    write_json(out_dir / "run.json", run_metadata(seed, deals, ",".join(names), who[0].label,
                                                  elapsed))
    console.print(f"wrote {out_dir}/calibration.csv, run.json ({elapsed:.1f} s)")


def print_calibration(table: pd.DataFrame, console: Console) -> None:
    t = narrow_table(f"Predicted against achieved make rate by bid "
                     f"({short_label(table.policy.iloc[0])})",
                     ("preset", "bid", "bids", "predicted", "achieved", "95% CI", "gap"),
                     labels=1)
    for r in table.itertuples():
        t.add_row(r.variant, str(r.bid), f"{r.n:,}", f"{r.predicted:.3f}", f"{r.achieved:.3f}",
                  span(r.achieved_lo, r.achieved_hi, 3), f"{r.gap:+.3f}")
    t.caption = ("95% CI: the achieved rate's Wilson interval, wide where a level was bid a "
                 "few times; gap: achieved less predicted, whose interval is that one less the "
                 "prediction (calibration.csv: gap_lo, gap_hi).")
    console.print(t)
