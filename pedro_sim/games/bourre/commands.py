"""`pedro-sim bourre ...`: each analysis run, printed as a table and written as CSV, PNG
and run.json (atomically: nothing half-written is left behind)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pandas as pd
from rich.console import Console

from pedro_sim.cards import SUITS, card_text
from pedro_sim.commands.console_tables import narrow_table, plus_minus
from pedro_sim.errors import PedroError
from pedro_sim.games.bourre import plots as BP
from pedro_sim.games.bourre.analysis import chart as C
from pedro_sim.games.bourre.analysis import duel as DU
from pedro_sim.games.bourre.analysis import play as P
from pedro_sim.games.bourre.analysis import sessions as S
from pedro_sim.games.bourre.analysis.seating import Table, seat_specs, seated
from pedro_sim.games.bourre.analysis.traces import session_traces
from pedro_sim.games.bourre.rules import BourreRules
from pedro_sim.parsers import seat_names, seat_word
from pedro_sim.report.files import (
    check_writable_dir,
    check_writable_file,
    run_metadata,
    write_atomic,
    write_csv,
    write_json,
)
from pedro_sim.rules.overrides import name_values

MAX_SESSION_DEALS = 1 << 20  # deals of a session: the stream's index keeps them apart


def table_rules(players: int | None, rule: list[str] | None) -> BourreRules:
    """The rules from --players and --rule NAME=VALUE (players may come either way)."""
    options = name_values(rule or (), lambda item: f"--rule {item!r}: expected NAME=VALUE, "
                          "e.g. limit=20")
    rules = BourreRules.from_options(options)
    if players is not None:
        if "players" in options and rules.players != players:
            raise PedroError(f"--players {players} and --rule players={options['players']} "
                             "disagree")
        options["players"] = str(players)
        rules = BourreRules.from_options(options)
    return rules


def _meta(out_dir: Path, seed: int, rules: BourreRules, table: Table, started: float,
          **extra) -> None:
    write_json(out_dir / "run.json", run_metadata(seed, extra.pop("deals", 0), rules.label,
                                                  table.label, time.perf_counter() - started,
                                                  **extra))


def _wrote(console: Console, out_dir: Path, names: list[str], started: float) -> None:
    """The files a run wrote, on one line as Pedro's commands say it (a path never wraps)."""
    console.print(f"wrote {out_dir}/{', '.join(names)} ({time.perf_counter() - started:.1f} s)",
                  soft_wrap=True, highlight=False)


def run_play(rules: BourreRules, hand: str, trump: str, place: str, pot: int | None,
             turned: str | None, table: Table, deals: int, seed: int, out_dir: Path,
             console: Console) -> pd.DataFrame:
    """Every option of the hand at the place: the table, play.csv, play.png, run.json."""
    q = P.question(hand, trump, place, rules, pot, turned)
    check_writable_dir(out_dir)
    started = time.perf_counter()
    frame = P.play_values(rules, q, table, deals, seed)
    place = q.seat or rules.players  # q.seat counts the dealer as 0
    word = seat_names(rules.players)[place - 1]
    where = f"{word} (place {place})"
    title = (f"{' '.join(card_text(int(c)) for c in q.hand)}, trumps {SUITS[q.trump]}, "
             f"{where}, {rules.players} players, pot {q.pot}: {table.label}, {deals:,} deals")
    t = narrow_table(title, ["option", "chips a deal", "vs best", "P(take)", "P(bourré)"], 1)
    for r in frame.itertuples():
        t.add_row(r.option + (" *" if r.best else ""), plus_minus(r.chips, r.chips_lo,
                                                                  r.chips_hi, 2),
                  "—" if r.best else plus_minus(r.vs_best, r.vs_best_lo, r.vs_best_hi, 2),
                  f"{r.p_take:.3f}", f"{r.p_bourre:.3f}")
    console.print(t)
    console.print("* best; pass is worth 0 (the ante is already in the pot); intervals 95%")
    write_csv(out_dir / "play.csv", frame.assign(players=rules.players, rules=rules.label,
                                                 policy=table.label, pot=q.pot, seat=word))
    BP.option_chart(frame, title, out_dir / "play.png")
    _meta(out_dir, seed, rules, table, started, deals=deals, analysis="bourre play",
          hand=hand, trump=SUITS[q.trump], seat=word)
    _wrote(console, out_dir, ["play.csv", "play.png", "run.json"], started)
    return frame


def run_chart(players_list: list[int], rule: list[str] | None, table_spec: str, deals: int,
              seed: int, out_dir: Path, console: Console) -> pd.DataFrame:
    """The best declaration by hand class and place for each table size: chart.csv and
    chart.png."""
    check_writable_dir(out_dir)
    started = time.perf_counter()
    frames = []
    for n in players_list:
        rules = table_rules(n, rule)
        frames.append(C.chart(rules, seated(table_spec, n), deals, seed))
    frame = pd.concat(frames, ignore_index=True)
    label = seated(table_spec, players_list[0]).label
    for n in players_list:
        g = frame[frame["players"] == n]
        worth = g[g["best_draw"] >= 0]
        console.print(f"{n} players: play is best in {len(worth)} of {len(g)} (class, place) "
                      f"cells; pass in the rest")
    write_csv(out_dir / "chart.csv", frame.assign(policy=label))
    BP.decision_chart(frame, f"Bourré: the best declaration ({label}, {deals:,} deals a "
                             "place)", out_dir / "chart.png", C.min_hands(deals))
    _meta(out_dir, seed, table_rules(players_list[0], rule), seated(table_spec,
                                                                    players_list[0]),
          started, deals=deals, analysis="bourre chart", tables=players_list)
    _wrote(console, out_dir, ["chart.csv", "chart.png", "run.json"], started)
    return frame


def run_session(rules: BourreRules, table: Table, sessions: int, deals: int, seed: int,
                out_dir: Path, console: Console) -> dict:
    """Chips per deal by place and by seat over sessions, and the pot's sizes."""
    check_writable_dir(out_dir)
    started = time.perf_counter()
    rows = S.session_rows(rules, table, seed, sessions, deals)
    n = rules.players
    places = S.by_seat(rows, n, deals, True, S.place_name(n))
    seats = S.by_seat(rows, n, deals, False, str)
    pots = S.pot_table(rows)
    summary = S.summary(rows, deals)
    title = f"{rules.label}: {table.label}, {sessions:,} sessions of {deals} deals"
    t = narrow_table(title, ["place", "chips a deal", "plays", "P(take)", "P(bourré)"], 1)
    for r in places.itertuples():
        t.add_row(r.place, plus_minus(r.chips_per_deal, r.chips_lo, r.chips_hi, 3),
                  f"{r.played:.3f}", f"{r.p_take:.3f}", f"{r.p_bourre:.3f}")
    console.print(t)
    console.print(f"pot at the end of a session {summary['final_pot']:.1f} "
                  f"(95% {summary['final_pot_lo']:.1f}–{summary['final_pot_hi']:.1f}); "
                  f"largest pot: median {summary['largest_pot_median']:.0f}, most "
                  f"{summary['largest_pot_max']:,}; split pots {summary['split_share']:.3f}, "
                  f"taken without play {summary['no_play_share']:.3f} of deals")
    tag = dict(players=n, rules=rules.label, policy=table.label)
    write_csv(out_dir / "places.csv", places.assign(**tag))
    write_csv(out_dir / "seats.csv", seats.assign(**tag))
    write_csv(out_dir / "pots.csv", pots.assign(**tag))
    write_csv(out_dir / "summary.csv", pd.DataFrame([{**summary, **tag}]))
    BP.places_chart(places, f"Chips a deal by place: {title}", out_dir / "places.png")
    BP.pot_chart(pots, f"The pot after the antes: {title}", out_dir / "pots.png")
    _meta(out_dir, seed, rules, table, started, deals=sessions * deals,
          analysis="bourre session", sessions=sessions, deals_per_session=deals)
    _wrote(console, out_dir, ["places.csv", "seats.csv", "pots.csv", "summary.csv",
                              "places.png", "pots.png", "run.json"], started)
    return summary


def run_duel(rules: BourreRules, a: str, b: str, sessions: int, deals: int, seed: int,
             out_path: Path, console: Console) -> pd.DataFrame:
    """A against B, seats rotated: one row, printed and written."""
    n = rules.players
    seated(a, n), seated(b, n)  # validate both before the long run
    if len(seat_specs(a)) > 1 or len(seat_specs(b)) > 1:
        raise PedroError("a duel seats one player spec against another: no '/'")
    check_writable_file(out_path)
    frame = DU.duel(rules, a, b, sessions, deals, seed)
    r = frame.iloc[0]
    lead = plus_minus(r.chips_diff, r.chips_diff_lo, r.chips_diff_hi, 3)
    console.print(f"{rules.label}: {a} against {b}, {sessions:,} sessions of {deals} deals, "
                  f"each seat in turn: {lead} "
                  f"chips a deal (95%); {a} plays {r.a_played:.3f}, takes {r.a_p_take:.3f}, "
                  f"bourré {r.a_p_bourre:.3f}; {b} plays {r.b_played:.3f}, takes "
                  f"{r.b_p_take:.3f}, bourré {r.b_p_bourre:.3f}")
    write_csv(out_path, frame)
    console.print(f"wrote {out_path}", soft_wrap=True, highlight=False)
    return frame


def run_trace(rules: BourreRules, table: Table, sessions: int, deals: int, first: int,
              seed: int, out_path: Path, console: Console) -> None:
    """Sessions as bourre-trace/1 JSON Lines, one deal a line."""
    check_writable_file(out_path)

    def write(tmp: Path) -> None:
        with tmp.open("w") as f:
            for g in range(first, first + sessions):
                for d in session_traces(rules, seed, g, deals, table.pol, table.worlds,
                                        table.label):
                    f.write(json.dumps(d, separators=(",", ":")) + "\n")

    write_atomic(out_path, write)
    console.print(f"wrote {sessions * deals:,} deals ({sessions:,} sessions) to {out_path}",
                  soft_wrap=True, highlight=False)


def describe(d: dict) -> list[str]:
    """A deal as lines of text for a person."""
    n = d["players"]
    lines = [f"bourré deal {d['deal']} of seed {d['seed']} ({d['policy']}): {n} players, "
             f"dealer S{d['dealer']}, trumps {d['trump_card'][-1]} (turned {d['trump_card']})"
             + (f", rules {d['rules']}" if d["rules"] else "")
             + f"; pot {d['pot_before']} after the antes"]
    named = [f"S{s} ({seat_word(s, d['dealer'], n)})" for s in range(n)]  # --seat's words
    width = max(map(len, named))
    for s, h in enumerate(d["hands"]):
        lines.append(f"  {named[s]:<{width}} dealt {' '.join(h)}")
    for s, k in d["declarations"]:
        if k < 0:
            lines.append(f"  {named[s]} passes")
        else:
            gone, got = d["draws"][s]
            lines.append(f"  {named[s]} plays, draws {k}" + (f": throws {' '.join(gone)}, gets "
                                                        f"{' '.join(got)}" if k else "")
                         + f" -> {' '.join(d['start_hands'][s])}")
    for s, cards in d["reshuffles"]:
        lines.append(f"  (the stock ran out serving S{s}: {len(cards)} cards gathered)")
    for k, t in enumerate(d["tricks"]):
        plays = "  ".join(f"S{s} {c[0]}" for s, c in t["plays"])
        lines.append(f"trick {k}: {plays}  -> S{t['winner']}")
    if d["winner"] is None:
        lines.append(f"tricks {d['tricks_won']}: split pot, it stays")
    else:
        how = "without play" if not d["tricks"] else f"with tricks {d['tricks_won']}"
        lines.append(f"S{d['winner']} takes {d['taken']} chips {how}")
    for s in d["bourre"]:
        lines.append(f"S{s} is bourré: pays {d['paid'][s]} into the next pot")
    return lines


def run_show(rules: BourreRules, table: Table, seed: int, session: int, deal: int,
             console: Console) -> None:
    """One deal of a session, readably (the deals before it are played to carry the pot)."""
    d = session_traces(rules, seed, session, deal + 1, table.pol, table.worlds,
                       table.label)[deal]
    for line in describe(d):
        console.print(line, highlight=False, markup=False)
