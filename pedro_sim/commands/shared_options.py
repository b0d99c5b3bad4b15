"""The options the commands of every game share, declared once with one set of limits and
checks, and the decorator that gives them to a command: ``@shared("variant", "seed",
"threads", "dask")`` adds those groups' options to the command's own and hands the command
one ``Shared`` record of them. A command may give a shared option its own default or help
(``defaults=``, ``helps=``) where its meaning there differs; never its own limits.
"""

from __future__ import annotations

import copy
import functools
import inspect
import typing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from pedro_sim.errors import PedroError

# Bounds of the integer options: a number out of range is a one-line error, never an
# overflow inside numpy (deal indices and seeds are 64-bit words).
MAX_DEALS = 10**12
MAX_INDEX = 2**63 - 1
MAX_GAMES = 10**9
MAX_WORLDS = 100_000
MAX_WORKERS = 1024  # processes of a local Dask cluster
MIN_PLAYERS, MAX_PLAYERS = 2, 8  # seats a table may have in any game (the engine's room);
# each game and preset then checks its own counts, e.g. cinch@2..6


def thread_count() -> int:
    """The threads numba will run (NUMBA_NUM_THREADS, else the cores this process may use,
    as numba counts them), known without importing numba: an option's bound in --help."""
    import os

    try:
        return max(1, int(os.environ["NUMBA_NUM_THREADS"]))
    except (KeyError, ValueError):
        pass
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


# group -> (parameter name, type, typer option), in the order --help lists them
GROUPS: dict[str, list[tuple[str, Any, Any]]] = {
    "seed": [("seed", int, typer.Option(12345, "--seed", min=0, max=2**63 - 1,
                                        help="Random seed."))],
    "policy": [
        ("policy", str, typer.Option("heuristic", "--policy",
                                     help="Players, as NAME[:key=value,...]: heuristic, "
                                          "random, pimc (determinized playouts) or dd (sees "
                                          "every card), e.g. pimc:worlds=40 (settings, "
                                          "comma-separated, and each preset's own defaults "
                                          "for pimc: docs/players.md).")),
    ],
    "sides": [
        ("bidders", str, typer.Option(None, "--bidders",
                                      help="The bidding side's player spec (default: "
                                           "--policy).")),
        ("defenders", str, typer.Option(None, "--defenders",
                                        help="The defenders' player spec (default: "
                                             "--policy).")),
    ],
    "pimc": [
        ("worlds", int, typer.Option(None, "--worlds", min=1, max=MAX_WORLDS,
                                     help="pimc: worlds drawn per decision, where a spec does "
                                          "not say (default 20; more in the presets whose "
                                          "duels measured it stronger: docs/players.md).")),
        ("evaluator", str, typer.Option(None, "--eval",
                                        help="pimc: value a world's cards by heuristic "
                                             "rollout, by the solver, or by the mean of the two "
                                             "(blend), where a spec does not say (default "
                                             "rollout; solver or blend in the presets whose "
                                             "duels measured it stronger: docs/players.md).")),
    ],
    "variant": [
        ("variant", str, typer.Option("cinch", "--variant",
                                      help="Preset (see pedro-sim rules and docs/rules.md), "
                                           "or PRESET@N: played individually by N players "
                                           "(cinch@2..6, sancho@4..7, dom-pedro@4..7).")),
    ],
    "rule": [
        ("rule", list[str], typer.Option(None, "--rule",
                                         help="House rule KEY=VALUE, e.g. min_bid=6 "
                                              "(repeatable).")),
    ],
    "players": [
        ("table_players", int, typer.Option(None, "--players", min=MIN_PLAYERS,
                                            max=MAX_PLAYERS, help="Players at the table.")),
    ],
    "threads": [("threads", int, typer.Option(0, "--threads", min=0, max=thread_count(),
                                              help="Threads (0: all cores)."))],
    "dask": [
        ("scheduler", str, typer.Option(None, "--scheduler",
                                        help="Run the chunks on this Dask cluster "
                                             "(tcp://HOST:PORT).")),
        ("workers", int, typer.Option(None, "--workers", min=1, max=MAX_WORKERS,
                                      help="Run the chunks on a local Dask cluster of N "
                                           "processes.")),
    ],
}
GROUPS["house"] = [*GROUPS["rule"], ("rules_file", Path, typer.Option(
    None, "--rules", help="House rules from a TOML file."))]
GROUPS["precision"] = [
    ("precision", float, typer.Option(None, "--precision", min=0.0001, max=0.4999,
                                      help="Run each measurement until every P(make) it "
                                           "reports has a 95% half-width of at most this "
                                           "(e.g. 0.005); --deals caps it.")),
]
ANALYSIS = ("seed", "policy", "pimc", "variant", "house", "threads", "dask", "precision")


@dataclass
class Shared:
    """The shared options one command was given (None where it does not take them)."""

    seed: int = 12345
    policy: str = "heuristic"
    bidders: str | None = None
    defenders: str | None = None
    worlds: int | None = None
    evaluator: str | None = None
    variant: str = "cinch"
    rule: list[str] | None = None
    rules_file: Path | None = None
    table_players: int | None = None
    threads: int = 0
    scheduler: str | None = None
    workers: int | None = None
    precision: float | None = None

    def __post_init__(self) -> None:
        """A malformed --scheduler is refused before any work (Dask's check: a traceback)."""
        from pedro_sim.parsers import parse_scheduler

        self.scheduler = parse_scheduler(self.scheduler)

    def rules(self):
        """The preset with its house rules, validated."""
        from pedro_sim.rules.overrides import resolve_variant

        return resolve_variant(self.variant, self.rule, self.rules_file)

    def players(self, variant):
        """The players, validated for ``variant``."""
        from pedro_sim.engine_inputs import players

        return players(self.policy, variant, self.bidders, self.defenders, self.worlds,
                       self.evaluator)

    @property
    def player_options(self) -> tuple:
        return (self.policy, self.bidders, self.defenders, self.worlds, self.evaluator)

    def set_threads(self) -> None:
        set_threads(self.threads)

    @contextmanager
    def dask(self) -> Iterator[None]:
        """The Dask cluster the options name, if any, for the duration."""
        from pedro_sim.analysis.distributed import dask_backend

        with dask_backend(self.scheduler, self.workers):
            yield

    def study(self, deals: int | None, default_deals: int = 100_000,
              worlds: int | None = None):
        """The options every strategy analysis shares, validated once. Without --deals:
        ``default_deals``, or with --precision a cap of 100,000,000."""
        from pedro_sim.analysis.study import build_study

        precision = self.precision
        if deals is None:
            deals = default_deals if precision is None else 100_000_000
        study = build_study(self.variant, self.policy, self.seed, deals, self.rule or (),
                            self.rules_file, self.worlds if worlds is None else worlds,
                            self.evaluator, precision=precision)
        self.set_threads()
        return study


def set_threads(threads: int) -> None:
    """Run on ``threads`` threads (0: all), refusing more than numba has."""
    import numba

    if threads:
        if threads > numba.config.NUMBA_NUM_THREADS:
            raise PedroError(f"--threads {threads}: at most {numba.config.NUMBA_NUM_THREADS}")
        numba.set_num_threads(threads)


STRONG = "pimc"  # the player of the commands that answer a player's question by default
THINKING_PRECISION = 0.01  # bid's default for thinking players: P(make) to ±0.01 (95%)


def parse_out(value: str | Path) -> Path:
    """An --out path as given: an empty one would silently mean the current directory."""
    if not str(value).strip():
        raise typer.BadParameter("is empty: name a directory or file to write")
    return Path(value)


def out_option(default: str, what: str = "Report directory.") -> Any:
    """--out: a folder for a command that writes several files, a file for one that writes
    one (``what`` says which); an empty path is refused."""
    return typer.Option(default, "--out", parser=parse_out, help=what)


def deals_option(default: int | None, help_text: str, most: int = MAX_DEALS) -> Any:
    """--deals: how many a run plays (``help_text`` says of what: deals a seat, a session,
    ...). ``most``: below MAX_DEALS only where a game's random stream keeps fewer apart."""
    return typer.Option(default, "--deals", min=1, max=min(most, MAX_DEALS), help=help_text)


def with_default(option: Any, default: Any, help_text: str | None = None) -> Any:
    """A copy of a typer option with another default (and help, if given): its limits and
    checks stay the declaration's."""
    option = copy.copy(option)
    option.default = default
    if help_text is not None:
        option.help = help_text
    return option


def shared(*groups: str, defaults: dict[str, Any] | None = None,
           helps: dict[str, str] | None = None) -> Callable[[Callable], Callable]:
    """Give a command the options of ``groups`` (GROUPS), after its own, as one keyword
    argument ``opts``: a Shared record. ``defaults`` and ``helps``: this command's own
    defaults and help texts of some of them (e.g. {"policy": STRONG}), by parameter name."""
    names = [name for g in groups for name, _, _ in GROUPS[g]]
    defaults, helps = defaults or {}, helps or {}

    def declared(name: str, option: Any) -> Any:
        if name not in defaults and name not in helps:
            return option
        return with_default(option, defaults.get(name, option.default), helps.get(name))

    def decorate(command: Callable) -> Callable:
        hints = typing.get_type_hints(command)  # the command's own, resolved in its module
        own = [p.replace(annotation=hints.get(p.name, p.annotation))
               for p in inspect.signature(command).parameters.values() if p.name != "opts"]
        added = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY,
                                   default=declared(name, option), annotation=kind)
                 for g in groups for name, kind, option in GROUPS[g]]

        @functools.wraps(command)
        def run(**kwargs: Any) -> Any:
            given = {n: kwargs.pop(n) for n in names}
            return command(**kwargs, opts=Shared(**given))

        run.__signature__ = inspect.Signature(own + added)
        run.__annotations__ = {p.name: p.annotation for p in own + added}
        del run.__wrapped__  # typer reads the signature above, not the command's
        return run

    return decorate
