"""`pedro-sim bourre`: Bourré's commands (docs/bourre.md), one sub-command an analysis."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from pedro_sim.commands.shared_options import set_threads, thread_count
from pedro_sim.errors import PedroError
from pedro_sim.games.bourre.rules import MAX_PLAYERS, MAX_POT, MIN_PLAYERS
from pedro_sim.parsers import SEAT_HELP

out = Console()
bourre_app = typer.Typer(no_args_is_help=True, help=(
    "Bourré (booray): five-card hands, a turned-up trump, a draw and a pot that the most "
    "tricks take and no trick must match. Play or pass, how many cards to draw, what a "
    "table's chips do over sessions. Rules: pedro-sim bourre rules, docs/bourre.md."))

STRONG = "pimc"
MAX_DEALS = 100_000_000
MAX_SESSIONS = 10_000_000

SEED = typer.Option(12345, "--seed", min=0, max=2**63 - 1, help="Random seed.")
PLAYERS = typer.Option(None, "--players", min=MIN_PLAYERS, max=MAX_PLAYERS,
                       help="Players at the table (default 7).")
RULE = typer.Option(None, "--rule", help="A Bourré option NAME=VALUE: limit=20, "
                    "double_ante=true, trump_card=nobody, players=N (repeatable).")
POLICY = typer.Option(STRONG, "--policy", help="The players: random, heuristic or pimc "
                      "(settings: pimc:worlds=N, declare_worlds=N, card_worlds=N, "
                      "comma-separated), or one a seat joined by '/'. Bourré seats no "
                      "outside program (exec:).")
THREADS = typer.Option(0, "--threads", min=0, max=thread_count(),
                       help="Threads (0: all cores).")
SESSION_DEALS = typer.Option(10, "--deals", min=1, max=1 << 20, help="Deals a session "
                             "(the pot carries over from deal to deal within a session).")


def _setup(players: int | None, rule: list[str] | None, policy: str, threads: int):
    from pedro_sim.games.bourre.analysis.seating import seated
    from pedro_sim.games.bourre.commands import table_rules

    rules = table_rules(players, rule)
    table = seated(policy, rules.players)
    set_threads(threads)
    return rules, table


@bourre_app.command(help=(
    'Should this hand play or pass at this place, and how many cards should it draw? '
    "Each option's chips a deal with its 95% interval; play.csv, play.png."))
def play(
    hand: str = typer.Argument(..., help='Five cards, e.g. "AH KH 9S 4C 2D".'),
    trump: str = typer.Option(..., "--trump", help="The trump suit: S, H, D or C."),
    seat: str = typer.Option("eldest", "--seat", help=SEAT_HELP),
    pot: int = typer.Option(None, "--pot", min=1, max=MAX_POT, help="Chips in the pot "
                            "(default: one ante a player, a session's first deal)."),
    turned: str = typer.Option(None, "--turned", help="The dealer's turned-up card, one of "
                               "its five (default: its lowest trump)."),
    deals: int = typer.Option(None, "--deals", min=1, max=MAX_DEALS, help="Deals (default "
                              "200,000 for the heuristic, 2,000 for thinking players)."),
    players: int = PLAYERS, rule: list[str] = RULE, policy: str = POLICY, seed: int = SEED,
    threads: int = THREADS,
    out_dir: Path = typer.Option("reports/bourre", "--out", help="Report directory."),
) -> None:
    from pedro_sim.games.bourre.commands import run_play

    rules, table = _setup(players, rule, policy, threads)
    if deals is None:
        deals = 2_000 if table.thinks else 200_000
    run_play(rules, hand, trump, seat, pot, turned, table, deals, seed, out_dir, out)


@bourre_app.command(help=(
    'The best declaration (pass, or play drawing k) by hand class, place and table '
    'size; chart.csv, chart.png.'))
def chart(
    tables: str = typer.Option("4,7", "--tables", help="Table sizes, e.g. 4,7 or 2-8."),
    deals: int = typer.Option(None, "--deals", min=1, max=MAX_DEALS, help="Random deals a "
                              "place (default 200,000 for the heuristic, 4,000 for "
                              "thinking players)."),
    rule: list[str] = RULE, policy: str = POLICY, seed: int = SEED, threads: int = THREADS,
    out_dir: Path = typer.Option("reports/bourre", "--out", help="Report directory."),
) -> None:
    from pedro_sim.games.bourre.analysis.seating import seated
    from pedro_sim.games.bourre.commands import run_chart

    sizes = _sizes(tables)
    set_threads(threads)
    thinks = seated(policy, sizes[0]).thinks
    run_chart(sizes, rule, policy, deals or (4_000 if thinks else 200_000), seed, out_dir,
              out)


def _sizes(text: str) -> list[int]:
    """Table sizes from '4,7' or '2-8'."""
    sizes: list[int] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        lo, dash, hi = part.partition("-")
        try:
            a, b = int(lo), int(hi) if dash else int(lo)
        except ValueError:
            raise PedroError(f"--tables {text!r}: sizes like 4,7 or 2-8") from None
        for n in range(a, b + 1):
            if not 2 <= n <= 8:
                raise PedroError(f"--tables {text!r}: Bourré is played by 2 to 8 players")
            sizes.append(n)
    if not sizes:
        raise PedroError(f"--tables {text!r}: name at least one table size")
    return sorted(set(sizes))


@bourre_app.command(help=(
    'Chips a deal by place after the dealer over sessions (the pot carried over), how'
    " often each plays, takes the pot, goes bourré; the pot's sizes."))
def session(
    sessions: int = typer.Option(None, "--sessions", min=2, max=MAX_SESSIONS,
                                 help="Sessions (default 20,000 for the heuristic, 200 "
                                      "for thinking players)."),
    deals: int = SESSION_DEALS,
    players: int = PLAYERS, rule: list[str] = RULE, policy: str = POLICY, seed: int = SEED,
    threads: int = THREADS,
    out_dir: Path = typer.Option("reports/bourre", "--out", help="Report directory."),
) -> None:
    from pedro_sim.games.bourre.commands import run_session

    rules, table = _setup(players, rule, policy, threads)
    run_session(rules, table, sessions or (200 if table.thinks else 20_000), deals, seed,
                out_dir, out)


@bourre_app.command(help=(
    "A alone among B's at every seat and the reverse, the same sessions: A's chips a "
    "deal over B's with its 95% interval."))
def duel(
    a: str = typer.Option(STRONG, "--a", help="Player A (a spec)."),
    b: str = typer.Option("heuristic", "--b", help="Player B (a spec)."),
    sessions: int = typer.Option(200, "--sessions", min=2, max=MAX_SESSIONS,
                                 help="Sessions per seating."),
    deals: int = SESSION_DEALS,
    players: int = PLAYERS, rule: list[str] = RULE, seed: int = SEED, threads: int = THREADS,
    out_path: Path = typer.Option("reports/bourre/duel.csv", "--out", help="CSV file."),
) -> None:
    from pedro_sim.games.bourre.commands import run_duel

    rules, _ = _setup(players, rule, "heuristic", threads)
    run_duel(rules, a, b, sessions, deals, seed, out_path, out)


@bourre_app.command(help='Write sessions as deal traces (bourre-trace/1, docs/trace-format.md).')
def trace(
    sessions: int = typer.Option(1, "--sessions", min=1, max=MAX_SESSIONS,
                                 help="Sessions."),
    deals: int = SESSION_DEALS,
    first: int = typer.Option(0, "--first", min=0, max=2**40, help="The first session."),
    players: int = PLAYERS, rule: list[str] = RULE, policy: str = POLICY, seed: int = SEED,
    threads: int = THREADS,
    out_path: Path = typer.Option("bourre.jsonl", "--out", help="JSON Lines file."),
) -> None:
    from pedro_sim.games.bourre.commands import run_trace

    rules, table = _setup(players, rule, policy, threads)
    run_trace(rules, table, sessions, deals, first, seed, out_path, out)


@bourre_app.command(help=(
    'Print one deal of a session readably: hands, declarations, draws, tricks, the '
    'pot.'))
def show(
    session_no: int = typer.Option(0, "--session", min=0, max=2**40, help="The session."),
    deal: int = typer.Option(0, "--deal", min=0, max=(1 << 20) - 1,
                             help="The deal in the session (0: its first)."),
    players: int = PLAYERS, rule: list[str] = RULE,
    policy: str = typer.Option("heuristic", "--policy", help="The players (as --policy "
                               "elsewhere)."),
    seed: int = SEED,
) -> None:
    from pedro_sim.games.bourre.commands import run_show

    rules, table = _setup(players, rule, policy, 0)
    run_show(rules, table, seed, session_no, deal, out)


@bourre_app.command(help="Bourré's rules as pedro-sim plays them, and its options.")
def rules() -> None:
    from pedro_sim.games.bourre.rules import OPTIONS, rules_text

    typer.echo(rules_text())
    for name, meaning in OPTIONS.items():
        typer.echo(f"  {name}: {meaning}")
