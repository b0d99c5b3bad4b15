"""`pedro-sim bourre`: Bourré's commands (docs/bourre.md), one sub-command an analysis.
The options it shares with Pedro's commands (seed, policy, rule, players, threads, deals,
out, the Dask pair) are the shared declarations (commands/shared_options.py), with
Bourré's own help where their meaning here differs; their limits are the declarations'."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from pedro_sim.commands.shared_options import (
    STRONG,
    Shared,
    deals_option,
    out_option,
    shared,
)
from pedro_sim.errors import PedroError
from pedro_sim.games.bourre.rules import MAX_PLAYERS, MAX_POT, MAX_SESSION_DEALS, MIN_PLAYERS
from pedro_sim.parsers import SEAT_HELP

out = Console()
bourre_app = typer.Typer(no_args_is_help=True, help=(
    "Bourré (booray): five-card hands, a turned-up trump, a draw and a pot that the most "
    "tricks take and no trick must match. Play or pass, how many cards to draw, what a "
    "table's chips do over sessions. Rules: pedro-sim bourre rules, docs/bourre.md."))

MAX_SESSIONS = 10_000_000
HELPS = {
    "table_players": "Players at the table (default 7).",
    "rule": "A Bourré option NAME=VALUE: limit=20, double_ante=true, trump_card=nobody, "
            "players=N (repeatable).",
    "policy": "The players: random, heuristic or pimc (settings: pimc:worlds=N, "
              "declare_worlds=N, card_worlds=N, comma-separated), or one a seat joined by "
              "'/'. Bourré seats no outside program (exec:).",
}


COMMANDS = {  # each command's --help
    "play": (
        'Should this hand play or pass at this place, and how many cards should it draw? '
        "Each option's chips a deal with its 95% interval; play.csv, play.png."),
    "chart": (
        'The best declaration (pass, or play drawing k) by hand class, place and table '
        'size; chart.csv, chart.png.'),
    "session": (
        'Chips a deal by place after the dealer over sessions (the pot carried over), how'
        " often each plays, takes the pot, goes bourré; the pot's sizes."),
    "duel": (
        "A alone among B's at every seat and the reverse, the same sessions: A's chips a "
        "deal over B's with its 95% interval; duel.csv."),
    "trace": 'Write sessions as deal traces (bourre-trace/1, docs/trace-format.md).',
    "show": (
        'Print one deal of a session readably: hands, declarations, draws, tricks, the '
        'pot.'),
    "rules": "Bourré's rules as pedro-sim plays them, and its options.",
}


def bourre_options(*groups: str, policy: str = STRONG):
    """``shared(...)`` with Bourré's help texts and its default player."""
    return shared(*groups, defaults={"policy": policy}, helps=HELPS)


TABLE = ("seed", "policy", "rule", "players", "threads")  # every analysis's options
SESSION_DEALS = deals_option(10, "Deals a session (the pot carries over from deal to deal "
                             "within a session).", most=MAX_SESSION_DEALS)
REPORT_DIR = out_option("reports/bourre")


def _setup(opts: Shared, policy: str | None = None):
    """The rules and the seated players the options name, the threads set."""
    from pedro_sim.games.bourre.analysis.seating import seated
    from pedro_sim.games.bourre.commands import table_rules

    rules = table_rules(opts.table_players, opts.rule)
    table = seated(policy or opts.policy, rules.players)
    opts.set_threads()
    return rules, table


@bourre_app.command(help=COMMANDS["play"])
@bourre_options(*TABLE, "dask")
def play(
    opts: Shared,  # the shared options (commands/shared_options.py)
    hand: str = typer.Argument(..., help='Five cards, e.g. "AH KH 9S 4C 2D".'),
    trump: str = typer.Option(..., "--trump", help="The trump suit: S, H, D or C."),
    seat: str = typer.Option("eldest", "--seat", help=SEAT_HELP),
    pot: int = typer.Option(None, "--pot", min=1, max=MAX_POT, help="Chips in the pot "
                            "(default: one ante a player, a session's first deal)."),
    turned: str = typer.Option(None, "--turned", help="The dealer's turned-up card, one of "
                               "its five (default: its lowest trump)."),
    deals: int = deals_option(None, "Deals (default 200,000 for the heuristic, 2,000 for "
                              "thinking players)."),
    out_dir: Path = REPORT_DIR,
) -> None:
    from pedro_sim.games.bourre.commands import run_play

    rules, table = _setup(opts)
    if deals is None:
        deals = 2_000 if table.thinks else 200_000
    with opts.dask():
        run_play(rules, hand, trump, seat, pot, turned, table, deals, opts.seed, out_dir, out)


@bourre_app.command(help=COMMANDS["chart"])
@bourre_options("seed", "policy", "rule", "threads", "dask")
def chart(
    opts: Shared,  # the shared options (commands/shared_options.py)
    tables: str = typer.Option("4,7", "--tables", help="Table sizes, e.g. 4,7 or 2-8."),
    deals: int = deals_option(None, "Random deals a place (default 200,000 for the "
                              "heuristic, 4,000 for thinking players)."),
    out_dir: Path = REPORT_DIR,
) -> None:
    from pedro_sim.games.bourre.analysis.seating import seated
    from pedro_sim.games.bourre.commands import run_chart

    sizes = _sizes(tables)
    opts.set_threads()
    thinks = seated(opts.policy, sizes[0]).thinks
    with opts.dask():
        run_chart(sizes, opts.rule, opts.policy, deals or (4_000 if thinks else 200_000),
                  opts.seed, out_dir, out)


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
            if not MIN_PLAYERS <= n <= MAX_PLAYERS:
                raise PedroError(f"--tables {text!r}: Bourré is played by {MIN_PLAYERS} to "
                                 f"{MAX_PLAYERS} players")
            sizes.append(n)
    if not sizes:
        raise PedroError(f"--tables {text!r}: name at least one table size")
    return sorted(set(sizes))


@bourre_app.command(help=COMMANDS["session"])
@bourre_options(*TABLE, "dask")
def session(
    opts: Shared,  # the shared options (commands/shared_options.py)
    sessions: int = typer.Option(None, "--sessions", min=2, max=MAX_SESSIONS,
                                 help="Sessions (default 20,000 for the heuristic, 200 "
                                      "for thinking players)."),
    deals: int = SESSION_DEALS,
    out_dir: Path = REPORT_DIR,
) -> None:
    from pedro_sim.games.bourre.commands import run_session

    rules, table = _setup(opts)
    with opts.dask():
        run_session(rules, table, sessions or (200 if table.thinks else 20_000), deals,
                    opts.seed, out_dir, out)


@bourre_app.command(help=COMMANDS["duel"])
@bourre_options("seed", "rule", "players", "threads", "dask")
def duel(
    opts: Shared,  # the shared options (commands/shared_options.py)
    a: str = typer.Option(STRONG, "--a", help="Player A (a spec)."),
    b: str = typer.Option("heuristic", "--b", help="Player B (a spec)."),
    sessions: int = typer.Option(200, "--sessions", min=2, max=MAX_SESSIONS,
                                 help="Sessions per seating."),
    deals: int = SESSION_DEALS,
    out_dir: Path = REPORT_DIR,
) -> None:
    from pedro_sim.games.bourre.commands import run_duel

    rules, _ = _setup(opts, "heuristic")
    with opts.dask():
        run_duel(rules, a, b, sessions, deals, opts.seed, out_dir, out)


@bourre_app.command(help=COMMANDS["trace"])
@bourre_options(*TABLE)
def trace(
    opts: Shared,  # the shared options (commands/shared_options.py)
    sessions: int = typer.Option(1, "--sessions", min=1, max=MAX_SESSIONS,
                                 help="Sessions."),
    deals: int = SESSION_DEALS,
    first: int = typer.Option(0, "--first", min=0, max=2**40, help="The first session."),
    out_path: Path = out_option("bourre.jsonl", "JSON Lines file."),
) -> None:
    from pedro_sim.games.bourre.commands import run_trace

    rules, table = _setup(opts)
    run_trace(rules, table, sessions, deals, first, opts.seed, out_path, out)


@bourre_app.command(help=COMMANDS["show"])
@bourre_options("seed", "policy", "rule", "players", policy="heuristic")
def show(
    opts: Shared,  # the shared options (commands/shared_options.py)
    session_no: int = typer.Option(0, "--session", min=0, max=2**40, help="The session."),
    deal: int = typer.Option(0, "--deal", min=0, max=MAX_SESSION_DEALS - 1,
                             help="The deal in the session (0: its first)."),
) -> None:
    from pedro_sim.games.bourre.commands import run_show

    rules, table = _setup(opts)
    run_show(rules, table, opts.seed, session_no, deal, out)


@bourre_app.command(help=COMMANDS["rules"])
def rules() -> None:
    from pedro_sim.games.bourre.rules import OPTIONS, rules_text

    typer.echo(rules_text())
    for name, meaning in OPTIONS.items():
        typer.echo(f"  {name}: {meaning}")
