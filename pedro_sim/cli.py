"""The `pedro-sim` command line: thin commands that validate, call one analysis, report."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import typer
from rich.console import Console

try:  # typer 0.20 and later vendor click (and raise its exceptions even when click is
    # installed, as Dask installs it); earlier releases use click itself
    from typer._click import exceptions as click_exc
except ImportError:  # pragma: no cover - depends on the installed typer
    from click import exceptions as click_exc

from pedro_sim.errors import PedroError

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Pedro strategy analyzer: simulate deals and measure what bids make.")
out = Console()

VARIANT = typer.Option("cinch", "--variant", help="Preset of RULES.md (see pedro-sim rules).")
RULE = typer.Option(None, "--rule", help="House rule KEY=VALUE, e.g. min_bid=6 (repeatable).")
RULES_FILE = typer.Option(None, "--rules", help="House rules from a TOML file.")
SEED = typer.Option(12345, "--seed", min=0, max=2**63 - 1, help="Random seed.")
POLICY = typer.Option("heuristic", "--policy",
                      help="Players: heuristic, random, pimc (determinized playouts) or dd "
                           "(sees every card).")
BIDDERS = typer.Option(None, "--bidders", help="The bidding side's player (default: --policy).")
DEFENDERS = typer.Option(None, "--defenders", help="The defenders' player (default: --policy).")
WORLDS = typer.Option(20, "--worlds", min=1, help="pimc: worlds drawn per decision (K).")
EVAL = typer.Option("rollout", "--eval", help="pimc: value a world's cards by heuristic "
                    "rollout or by the solver.")
THREADS = typer.Option(0, "--threads", min=0, help="Threads (0: all cores).")
SCHEDULER = typer.Option(None, "--scheduler",
                         help="Run the chunks on this Dask cluster (tcp://HOST:PORT).")
WORKERS = typer.Option(None, "--workers", min=1,
                       help="Run the chunks on a local Dask cluster of N processes.")


def _set_threads(threads: int) -> None:
    import numba

    if threads:
        if threads > numba.config.NUMBA_NUM_THREADS:
            raise PedroError(f"--threads {threads}: at most {numba.config.NUMBA_NUM_THREADS}")
        numba.set_num_threads(threads)


@app.command()
def bid(
    hand: str = typer.Argument(..., help='The dealt cards, e.g. "AH KH 5H 2H 9C 4D JS 7S 3C".'),
    bid_value: int = typer.Option(None, "--bid", help="The bid to price (default: the minimum)."),
    trump: str = typer.Option("best", "--trump", help="S, H, D, C or best (the heuristic's suit)."),
    seat: str = typer.Option("eldest", "--seat", help="eldest, second, third, dealer or all."),
    deals: int = typer.Option(None, "--deals", min=1,
                              help="Deals per seat (default 200,000; with --precision, the "
                                   "most to use, default 100,000,000)."),
    precision: float = typer.Option(None, "--precision", min=0.0001, max=0.5,
                                    help="Run until every bid's P(make) has a 95% half-width "
                                         "of at most this, e.g. 0.005."),
    seed: int = SEED,
    policy: str = POLICY,
    bidders: str = BIDDERS,
    defenders: str = DEFENDERS,
    worlds: int = WORLDS,
    evaluator: str = EVAL,
    variant: str = VARIANT,
    rule: list[str] = RULE,
    rules_file: Path = RULES_FILE,
    out_dir: Path = typer.Option(Path("reports"), "--out", help="Report directory."),
    threads: int = THREADS,
    scheduler: str = SCHEDULER,
    workers: int = WORKERS,
) -> None:
    """How often does a bid make with this hand? Prints a table, writes bid.csv and plots."""
    from pedro_sim.commands.bid_cmd import run_bid
    from pedro_sim.rules.overrides import resolve_variant
    from pedro_sim.setup import players

    rules = resolve_variant(variant, rule, rules_file)
    who = players(policy, rules, bidders, defenders, worlds, evaluator)
    _set_threads(threads)
    if deals is None:
        deals = 200_000 if precision is None else 100_000_000
    from pedro_sim.analysis.distributed import dask_backend

    with dask_backend(scheduler, workers):
        run_bid(hand, bid_value, trump, seat, deals, seed, who, rules, out_dir, out, precision)


@app.command()
def trace(
    variant: str = VARIANT,
    rule: list[str] = RULE,
    rules_file: Path = RULES_FILE,
    deals: int = typer.Option(100, "--deals", min=1, help="Number of deals."),
    seed: int = SEED,
    policy: str = POLICY,
    bidders: str = BIDDERS,
    defenders: str = DEFENDERS,
    worlds: int = WORLDS,
    evaluator: str = EVAL,
    first: int = typer.Option(0, "--first", min=0, help="Index of the first deal."),
    out_path: Path = typer.Option(Path("deals.jsonl"), "--out", help="JSON Lines file."),
    threads: int = THREADS,
) -> None:
    """Write deal traces (../shared/TRACE.md) as JSON Lines."""
    from pedro_sim.commands.trace_cmd import run_trace
    from pedro_sim.rules.overrides import resolve_variant
    from pedro_sim.setup import players

    rules = resolve_variant(variant, rule, rules_file)
    who = players(policy, rules, bidders, defenders, worlds, evaluator)
    _set_threads(threads)
    run_trace(rules, deals, seed, who, first, out_path, out)


@app.command()
def show(
    seed: int = SEED,
    deal: int = typer.Option(0, "--deal", min=0, help="Deal index."),
    variant: str = VARIANT,
    rule: list[str] = RULE,
    rules_file: Path = RULES_FILE,
    policy: str = POLICY,
) -> None:
    """Print one deal readably: hands, bids, discards, fills, every trick, points."""
    from pedro_sim.commands.trace_cmd import run_show
    from pedro_sim.rules.overrides import resolve_variant

    run_show(resolve_variant(variant, rule, rules_file), seed, deal, policy, out)


@app.command()
def variants(
    presets: str = typer.Option(None, "--presets", help="Comma-separated presets (default: "
                                "every preset the engine plays)."),
    deals: int = typer.Option(200_000, "--deals", min=1, help="Deals per preset."),
    games: int = typer.Option(2000, "--games", min=0, help="Whole games per preset."),
    seed: int = SEED,
    policy: str = POLICY,
    bidders: str = BIDDERS,
    defenders: str = DEFENDERS,
    worlds: int = WORLDS,
    evaluator: str = EVAL,
    out_dir: Path = typer.Option(Path("reports/variants"), "--out", help="Report directory."),
    threads: int = THREADS,
    scheduler: str = SCHEDULER,
    workers: int = WORKERS,
) -> None:
    """Which Pedro is the most balanced? Bids, make rates, seat edges and games per preset."""
    from pedro_sim.analysis.distributed import dask_backend
    from pedro_sim.commands.variants_cmd import run_variants

    _set_threads(threads)
    with dask_backend(scheduler, workers):
        run_variants(presets, deals, games, seed,
                     (policy, bidders, defenders, worlds, evaluator), out_dir, out)


@app.command()
def duel(
    a: str = typer.Option("pimc", "--a", help="Player A."),
    b: str = typer.Option("heuristic", "--b", help="Player B."),
    deals: int = typer.Option(2000, "--deals", min=1, help="Deals (each played twice)."),
    seed: int = SEED,
    worlds: int = WORLDS,
    evaluator: str = EVAL,
    variant: str = VARIANT,
    rule: list[str] = RULE,
    rules_file: Path = RULES_FILE,
    out_dir: Path = typer.Option(Path("reports/duel"), "--out", help="Report directory."),
    threads: int = THREADS,
    scheduler: str = SCHEDULER,
    workers: int = WORKERS,
) -> None:
    """Duplicate comparison: each deal played twice, A and B swapping sides."""
    from pedro_sim.commands.duel_cmd import run_duel
    from pedro_sim.rules.overrides import resolve_variant

    rules = resolve_variant(variant, rule, rules_file)
    from pedro_sim.analysis.distributed import dask_backend

    _set_threads(threads)
    with dask_backend(scheduler, workers):
        run_duel(a, b, deals, seed, worlds, evaluator, rules, out_dir, out)


@app.command()
def solve(
    in_path: Path = typer.Option(..., "--in", help="Positions, JSON Lines (TRACE.md)."),
    out_path: Path = typer.Option(Path("solved.jsonl"), "--out", help="Answers, JSON Lines."),
    rule: list[str] = RULE,
    rules_file: Path = RULES_FILE,
) -> None:
    """Solve positions with every card visible: value, every best first play, nodes.
    House rules (--rule, --rules) apply on top of each position's preset."""
    from pedro_sim.commands.solve_cmd import run_solve

    run_solve(in_path, out_path, rule, rules_file, out)


@app.command()
def rules(
    preset: str = typer.Argument(None, help="A preset; all presets when omitted."),
    rule: list[str] = RULE,
    rules_file: Path = RULES_FILE,
) -> None:
    """Print a preset's rule options and a short text of how it plays."""
    from pedro_sim.commands.rules_cmd import run_rules

    run_rules(preset, rule, rules_file, out)


@app.command()
def warmup() -> None:
    """Compile every kernel into numba's on-disk cache, so later runs start at once."""
    import time

    from pedro_sim.warmup import warm_all

    started = time.perf_counter()
    warm_all()
    out.print(f"kernels compiled and cached in {time.perf_counter() - started:.1f} s")


def _fail(message: str, code: int) -> None:
    """One line on stderr (never wrapped), then exit."""
    sys.stderr.write(" ".join(message.split()) + "\n")
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point: one-line errors with exit code 2, Ctrl-C with 130, never a traceback."""
    # A shell may start us with SIGINT ignored (background jobs do): Ctrl-C must still stop us.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    command = typer.main.get_command(app)
    try:
        code = command.main(args=argv, prog_name="pedro-sim", standalone_mode=False)
    except PedroError as e:
        _fail(f"error: {e}", 2)
    except click_exc.NoArgsIsHelpError:
        sys.exit(2)  # the help has been printed
    except click_exc.UsageError as e:
        hint = f" (see pedro-sim {e.ctx.info_name} --help)" if e.ctx and e.ctx.parent else ""
        _fail(f"error: {e.format_message()}{hint}", 2)
    except (KeyboardInterrupt, typer.Abort):
        _fail("interrupted: nothing was written", 130)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except BrokenPipeError:
        sys.exit(1)
    except OSError as e:
        _fail(f"error: {e.strerror or e}: {getattr(e, 'filename', '') or ''}", 2)
    if code == 130:  # typer turns KeyboardInterrupt into this exit code
        _fail("interrupted: nothing was written", 130)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
