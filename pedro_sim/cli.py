"""The `pedro-sim` command line: thin commands that validate, call one analysis, report.
The options the analyses share are declared once, in commands/shared_options.py."""

from __future__ import annotations

import sys
from pathlib import Path

import typer
from rich.console import Console

try:  # typer 0.20 and later vendor click (and raise its exceptions even when click is
    # installed, as Dask installs it); earlier releases use click itself
    from typer._click import exceptions as click_exc
except ImportError:  # pragma: no cover - depends on the installed typer
    from click import exceptions as click_exc

from pedro_sim.commands.shared_options import (
    ANALYSIS,
    MAX_GAMES,
    MAX_INDEX,
    STRONG,
    THINKING_PRECISION,
    Shared,
    deals_option,
    out_option,
    parse_out,
    shared,
)
from pedro_sim.encoding.option_array import check_in_pack
from pedro_sim.errors import PedroError
from pedro_sim.games import GAMES
from pedro_sim.parsers import SEAT_HELP, SEATS_HELP
from pedro_sim.process_exit import (
    INTERRUPTED_CODE,
    by_interrupt,
    end_code,
    fast_exit,
    install,
    interrupted,
)
from pedro_sim.specs import outside

GLOSSARY = (
    ("eldest, second, third, fourth, ..., dealer", "the seats, in bidding order from the dealer's "
     "left; --seat also takes their numbers, 1 (eldest) to N (the dealer)"),
    ("trace seat, S0", "a seat as traces number it, 0..N-1; show writes S2 (eldest), explain "
     "eldest (trace seat 2)"),
    ("P(make)", "the share of deals in which the bidders reach their bid"),
    ("net", "the bidders' (or a side's) score change minus the other side's (in individual "
     "play and five-handed, a player's less the mean of the others')"),
    ("95% CI, ±", "the 95% confidence interval of a figure, or its half-width"),
    ("pimc, heuristic, dd, random", "the players: pimc thinks by playouts, the heuristic "
     "plays by fixed rules, dd sees every card, random plays any legal card"),
    ("worlds", "the deals pimc draws for the cards it cannot see, consistent with what it "
     "knows; it plays each choice out in each"),
    ("paired", "two players or two choices compared on the very same deals, which cancels "
     "the luck of the cards"),
    ("arm", "one way of steering a technique in `technique`: free, forbidden or forced"),
    ("preset", "one game of the family (cinch, california, ...); `pedro-sim rules` lists them; "
     "outputs name it with its table and house rules, e.g. cinch@3 (min_bid=6)"),
    ("High, Low, Jack, Game", "Cinch players' names for the points of the ace, the 2, the "
     "jack and the ten of trumps"),
)
EPILOG = "Words used in the output:  \n" + "  \n".join(
    f"{word}: {meaning}." for word, meaning in GLOSSARY)

app = typer.Typer(add_completion=False, no_args_is_help=True, epilog=EPILOG,
                  help="Pedro strategy analyzer: simulate deals and measure what bids make.")
out = Console()
ADVISE_THINKING = (10_000, 200)  # advise's default deals and games per suit, thinking players
ADVISE_PRECISION = 0.02  # advise's default for thinking players: P(make) to ±0.02 (95%)
THINKING_TECHNIQUE_DEALS = 5_000  # technique's default deals per comparison, thinking players

HAND = typer.Argument(..., help='The dealt cards, e.g. "AH KH 5H 2H 9C 4D JS 7S 3C".')
BOT_TIMEOUT = typer.Option(10.0, "--bot-timeout", min=0.1, max=3600.0,
                           help="Seconds an outside program (exec:COMMAND) may take to "
                                "answer one question.")


def _precision(help_text: str, top: float = 0.4999) -> typer.models.OptionInfo:
    return typer.Option(None, "--precision", min=0.0001, max=top, help=help_text)


def _deals(help_text: str) -> typer.models.OptionInfo:
    """--deals without a default: the command picks one by its players."""
    return deals_option(None, help_text)


PRESETS = typer.Option(None, "--presets", "--variant",
                       help="Comma-separated presets, PRESET@N (individual play by N), "
                            "'individual' (every such table) or 'all' (default: every "
                            "preset the engine plays).")


@app.command()
@shared("seed", "policy", "sides", "pimc", "variant", "house", "threads", "dask",
        defaults={"policy": STRONG})
def bid(
    opts: Shared,  # the shared options (commands/shared_options.py)
    hand: str = HAND,
    bid_value: int = typer.Option(None, "--bid", help="The bid to price (default: the minimum)."),
    trump: str = typer.Option("best", "--trump", help="S, H, D, C or best (the heuristic's suit)."),
    seat: str = typer.Option("eldest", "--seat", help=SEATS_HELP),
    bids: str = typer.Option(None, "--bids", help="The bids to report, e.g. 7-14, 7,8,10 or "
                             "all, and 28 where the rules have the dealer's 28-56 (default: "
                             "--bid alone for players that play for the score, each other "
                             "bid costing a run of its own; every bid otherwise)."),
    deals: int = _deals("Deals per seat (default: 200,000; thinking players --precision "
                        f"{THINKING_PRECISION} instead; with --precision, the most to use, "
                        "default 100,000,000)."),
    precision: float = _precision("Run until every reported bid's P(make) has a 95% "
                                  "half-width of at most this, e.g. 0.005.", top=0.5),
    estimator: str = typer.Option("auto", "--estimator", help="How thinking players' "
                                  "deals are averaged: control (each deal also played by "
                                  "the heuristic, whose own larger run corrects the mean: "
                                  "fewer deals for the same interval), plain (the mean), or "
                                  "auto (control for thinking players, else plain)."),
    out_dir: Path = out_option("reports"),
    bot_timeout: float = BOT_TIMEOUT,
) -> None:
    """How often does a bid make with this hand? Prints a table, writes bid.csv and plots.
    A player exec:COMMAND is an outside program, COMMAND split into words as a POSIX shell
    splits it (docs/protocol.md; 1,000 deals a seat by default)."""
    from pedro_sim.commands.bid_cmd import run_bid

    rules = opts.rules()
    if outside(opts.policy, opts.bidders, opts.defenders):
        from pedro_sim.commands.arena_cmd import run_arena_bid

        if precision is not None:
            raise PedroError("--precision is not offered with an outside program: give --deals")
        run_arena_bid(hand, bid_value, trump, seat, deals, opts.seed,
                      (opts.policy, opts.bidders, opts.defenders), rules, bot_timeout, out_dir,
                      out, opts.worlds, opts.evaluator, bids)
        return
    who = opts.players(rules)
    opts.set_threads()
    with opts.dask():
        run_bid(hand, bid_value, trump, seat, deals, opts.seed, who, rules, out_dir, out,
                precision, bids, estimator)


@app.command()
@shared("variant", "house", "seed", "policy", "sides", "pimc", "threads")
def trace(
    opts: Shared,  # the shared options (commands/shared_options.py)
    deals: int = deals_option(100, "Number of deals."),
    first: int = typer.Option(0, "--first", min=0, max=MAX_INDEX,
                              help="Index of the first deal."),
    out_path: Path = out_option("deals.jsonl", "JSON Lines file."),
    bot_timeout: float = BOT_TIMEOUT,
) -> None:
    """Write deal traces (format: docs/trace-format.md) as JSON Lines. --policy
    exec:COMMAND plays every seat by an outside program, COMMAND split into words as a
    POSIX shell splits it (docs/protocol.md)."""
    from pedro_sim.commands.trace_cmd import run_trace

    if first > MAX_INDEX - deals + 1:
        raise PedroError(f"--first {first} with --deals {deals}: deal indices end at "
                         f"{MAX_INDEX} (2^63 - 1)")
    rules = opts.rules()
    if outside(opts.policy, opts.bidders, opts.defenders):
        if opts.bidders or opts.defenders:
            raise PedroError("an outside program plays every seat of a trace (--policy "
                             "exec:COMMAND); --bidders/--defenders do not seat one")
        from pedro_sim.commands.arena_cmd import run_arena_trace

        run_arena_trace(opts.policy, rules, deals, opts.seed, first, bot_timeout, out_path,
                        out, opts.worlds, opts.evaluator)
        return
    who = opts.players(rules)
    opts.set_threads()
    run_trace(rules, deals, opts.seed, who, first, out_path, out)


@app.command()
@shared("seed", "variant", "house", "policy")
def show(
    opts: Shared,  # the shared options (commands/shared_options.py)
    deal: int = typer.Option(0, "--deal", min=0, max=MAX_INDEX, help="Deal index."),
) -> None:
    """Print one deal readably: hands, bids, discards, fills, every trick, points."""
    from pedro_sim.commands.trace_cmd import run_show

    run_show(opts.rules(), opts.seed, deal, opts.policy, out)


@app.command()
def bot(
    policy: str = typer.Option("heuristic", "--policy",
                               help="The player to be: random, heuristic or pimc[:SETTINGS]."),
) -> None:
    """Be an outside program: answer pedro-bot/1 questions on standard input and output
    (docs/protocol.md) as the player --policy, e.g. duel --a "exec:pedro-sim bot". A line
    the protocol does not say stops it with one line naming it (exit code 1)."""
    from pedro_sim.arena.bot import main

    raise typer.Exit(main(policy))


@app.command()
def explain(
    trace_path: Path = typer.Option(None, "--trace", help="A JSON Lines file of deal traces "
                                    "played by pimc (pedro-sim trace --policy pimc)."),
    deal: int = typer.Option(None, "--deal", min=0, max=MAX_INDEX,
                             help="With --trace: the deal's index (its \"deal\" key)."),
    trick: int = typer.Option(None, "--trick", min=0, max=20,
                              help="With --trace: the trick (0: the first)."),
    seat: str = typer.Option(None, "--seat", help="With --trace: the seat that decides, "
                             "counted from that deal's dealer. " + SEAT_HELP),
    call: bool = typer.Option(False, "--call", help="With --trace: explain the seat's "
                              "first call (pass or a bid) instead of a card (no --trick)."),
    keep: bool = typer.Option(False, "--keep", help="With --trace: explain the seat's keep "
                              "(the cards it kept of those it chose among; no --trick)."),
    position: Path = typer.Option(None, "--position", help="Instead of --trace: a decision "
                                  "seen from one seat, a pedro-decision/1 JSON object "
                                  "(docs/trace-format.md)."),
    policy: str = typer.Option("pimc", "--policy", help="With --position: the pimc spec that "
                               "decides (a trace names its own)."),
    seed: int = typer.Option(12345, "--seed", min=0, max=MAX_INDEX,
                             help="With --position: the seed of the worlds drawn."),
    worlds: int = typer.Option(0, "--worlds", min=0, max=1000, help="Worlds to draw there "
                               "(default 0: the player's own; from a trace, its own worlds "
                               "reproduce its choice)."),
    out_csv: Path = typer.Option(None, "--out", parser=parse_out,
                                 help="Also write the table as CSV here."),
) -> None:
    """One decision by pimc: every legal card (or, --call, every call) with its value, net
    score and P(make) over the worlds drawn, with 95% intervals, and pimc's choice."""
    from pedro_sim.commands.explain_cmd import run_explain, run_explain_position
    from pedro_sim.report.files import check_writable_file

    if out_csv is not None:  # before the analysis, not after it
        check_writable_file(out_csv)
    if position is not None:
        given = [name for name, value in (("--trace", trace_path), ("--deal", deal),
                                          ("--trick", trick), ("--seat", seat))
                 if value is not None] + (["--call"] if call else [])
        if given:
            raise PedroError(f"--position names the decision itself: no {', '.join(given)}")
        run_explain_position(position, policy, seed, worlds, out_csv, out)
        return
    needed = (("--trace", trace_path), ("--deal", deal), ("--seat", seat)) + \
        ((("--trick", trick),) if not (call or keep) else ())
    missing = [name for name, value in needed if value is None]
    if missing:
        raise PedroError(f"explain needs --position FILE, or --trace with --deal, --seat and "
                         f"--trick (or --call) (missing: {', '.join(missing)})")
    if (call or keep) and (trick is not None or worlds or (call and keep)):
        raise PedroError("--call and --keep explain a seat's first call or its keep: one of "
                         "them, no --trick, no --worlds")
    question = "call" if call else "keep" if keep else "card"
    run_explain(trace_path, deal, question, trick, seat, worlds, out_csv, out)


@app.command()
@shared("seed", "policy", "sides", "pimc", "threads", "dask")
def variants(
    opts: Shared,  # the shared options (commands/shared_options.py)
    presets: str = PRESETS,
    deals: int = _deals("Deals per preset (default 200,000; with --precision, the most to "
                        "use, default 10^7)."),
    games: int = typer.Option(2000, "--games", min=0, max=MAX_GAMES,
                              help="Whole games per preset."),
    precision: float = _precision("Run each preset until every proportion of its bid and seat "
                                  "tables has a 95% half-width of at most this (but P(make) "
                                  "of bids taken in under 1% of the deals); --deals caps it."),
    out_dir: Path = out_option("reports/variants"),
) -> None:
    """Which Pedro is the most balanced? Bids, make rates, seat edges and games per preset."""
    from pedro_sim.commands.variants_cmd import run_variants

    opts.set_threads()
    if deals is None:
        deals = 200_000 if precision is None else 10_000_000
    with opts.dask():
        run_variants(presets, deals, games, opts.seed, opts.player_options, out_dir, out,
                     precision)


@app.command()
@shared("seed", "pimc", "variant", "house", "threads", "dask")
def duel(
    opts: Shared,  # the shared options (commands/shared_options.py)
    a: str = typer.Option("pimc", "--a", help="Player A."),
    b: str = typer.Option("heuristic", "--b", help="Player B."),
    deals: int = _deals("Deals, each played twice (default 2,000; with --precision, the most "
                        "to use, default 10^6)."),
    precision: float = _precision("Run until both make rates have a 95% half-width of at most "
                                  "this; --deals caps it."),
    out_dir: Path = out_option("reports/duel"),
    bot_timeout: float = BOT_TIMEOUT,
) -> None:
    """Duplicate comparison: each deal played twice, A and B swapping sides. A player
    exec:COMMAND is an outside program, COMMAND split into words as a POSIX shell splits it
    (docs/protocol.md)."""
    from pedro_sim.commands.players_cmd import run_duel

    rules = opts.rules()
    opts.set_threads()
    if deals is None:
        deals = 2000 if precision is None else 1_000_000
    if outside(a, b):
        from pedro_sim.commands.arena_cmd import run_arena_duel

        if precision is not None:
            raise PedroError("--precision is not offered with an outside program: give --deals")
        run_arena_duel(a, b, deals, opts.seed, rules, bot_timeout, out_dir, out, opts.worlds,
                       opts.evaluator)
        return
    with opts.dask():
        run_duel(a, b, deals, opts.seed, opts.worlds, opts.evaluator, rules, out_dir, out,
                 precision)


@app.command()
@shared("seed", "pimc", "threads")
def ladder(
    opts: Shared,  # the shared options (commands/shared_options.py)
    player: list[str] = typer.Option(None, "--player",
                                     help="A player spec (repeatable; default: random, "
                                          "heuristic, pimc as before issue 17, the rollout "
                                          "pimc of before 2026-12-06, pimc, the exact-solver "
                                          "pimc:eval=solver,prune=0 (slow) and dd)."),
    presets: str = PRESETS,
    deals: int = deals_option(2000, "Deals per duel, each played twice."),
    out_dir: Path = out_option("reports/ladder"),
    bot_timeout: float = BOT_TIMEOUT,
) -> None:
    """Every pair of players dueled on the same deals, per preset: net score and make rates.
    A player exec:COMMAND is an outside program, COMMAND split into words as a POSIX shell
    splits it (docs/protocol.md)."""
    from pedro_sim.commands.players_cmd import run_ladder

    opts.set_threads()
    run_ladder(presets, player, deals, opts.seed, opts.worlds, opts.evaluator, out_dir, out,
               bot_timeout)


@app.command()
@shared("seed", "pimc", "threads")
def calibrate(
    opts: Shared,  # the shared options (commands/shared_options.py)
    policy: str = typer.Option("pimc", "--policy",
                               help="A player that bids by expected value (a spec)."),
    presets: str = PRESETS,
    deals: int = deals_option(2000, "Deals per preset."),
    out_dir: Path = out_option("reports/calibration"),
) -> None:
    """Make rate a thinking bidder predicts when it bids, against what it makes, by bid."""
    from pedro_sim.commands.players_cmd import run_calibrate

    opts.set_threads()
    run_calibrate(presets, policy, opts.worlds, opts.evaluator, deals, opts.seed, out_dir, out)


@app.command()
@shared(*ANALYSIS)
def holdings(
    opts: Shared,  # the shared options (commands/shared_options.py)
    seat: str = typer.Option("all", "--seat", help=SEATS_HELP),
    deals: int = _deals("Deals per seat, and paired deals per trump card and seat (default "
                        "100,000; with --precision, the most to use)."),
    bid_value: int = typer.Option(None, "--bid", help="The bid the tables and chart show "
                                  "(default: the minimum + 1; the CSVs hold every bid)."),
    out_dir: Path = out_option("reports/holdings"),
) -> None:
    """What each trump card and holding pattern is worth to the bidder, by seat."""
    from pedro_sim.commands.holdings_cmd import run_holdings
    from pedro_sim.parsers import parse_seats

    study = opts.study(deals)
    seats = parse_seats(seat, study.inputs.variant.players)
    with opts.dask():
        run_holdings(study, seats, out_dir, out, bid_value)


@app.command()
@shared(*ANALYSIS, defaults={"policy": STRONG})
def technique(
    opts: Shared,  # the shared options (commands/shared_options.py)
    name: str = typer.Argument(..., help="A technique (cinch, save-pedro, lead-trumps, "
                               "guard-pedro, bury-low, pass-trumps) or all; docs/strategy.md "
                               "defines each."),
    side: str = typer.Option("all", "--side", help="Steer it (or switch it off) for the "
                             "bidders, the defenders, both, or all (each of the three)."),
    deals: int = _deals("Deals per comparison (default 5,000 with thinking players, "
                        "200,000 with the heuristic; with --precision, the most to use)."),
    out_dir: Path = out_option("reports/technique"),
) -> None:
    """What a technique is worth, on the same deals: a thinking player free, forbidden it
    and forced to it (how often it arises and is chosen), or the heuristic's on and off."""
    from pedro_sim.commands.technique_cmd import run_technique
    from pedro_sim.parsers import parse_sides, parse_techniques
    from pedro_sim.specs import parse_spec

    chosen = (parse_techniques(name), parse_sides(side))
    thinking = parse_spec(opts.policy).thinks
    study = opts.study(deals, THINKING_TECHNIQUE_DEALS if thinking else 200_000,
                       worlds=None if thinking else 1)
    with opts.dask():
        run_technique(study, *chosen, out_dir, out)


@app.command()
@shared(*ANALYSIS, defaults={"policy": STRONG})
def advise(
    opts: Shared,  # the shared options (commands/shared_options.py)
    hand: str = HAND,
    seat: str = typer.Option("eldest", "--seat", help=SEAT_HELP),
    score: str = typer.Option("0-0", "--score", help="The game score before the deal, "
                              "US-THEM (e.g. 40-35)."),
    deals: int = _deals(f"Deals per suit, as bid (default 200,000; thinking players "
                        f"--precision {ADVISE_PRECISION} instead, at most "
                        f"{ADVISE_THINKING[0]:,}; with --precision, the most to use)."),
    games: int = typer.Option(None, "--games", min=1, max=MAX_GAMES,
                              help="Whole games per suit, on from the first of those deals "
                                   f"(default 4,000, thinking players {ADVISE_THINKING[1]:,}, "
                                   "at most --deals; "
                                   "with --precision, the most to use)."),
    estimator: str = typer.Option("auto", "--estimator", help="How thinking players' "
                                  "deals are averaged, as bid's: control (the heuristic "
                                  "plays the same deals; the suits clearly worse than the "
                                  "best stop after the first few hundred), plain, or auto "
                                  "(control for thinking players, else plain)."),
    out_dir: Path = out_option("reports/advise"),
) -> None:
    """Which suit to name and how high to bid: P(make), expected score, P(win the game)."""
    from pedro_sim.cards import parse_hand
    from pedro_sim.commands.bid_cmd import estimator_for, run_advise
    from pedro_sim.parsers import parse_score, parse_seat

    who = opts.players(opts.rules())
    thinking = who.thinks
    estimator = estimator_for(estimator, who)
    quick = thinking and deals is None and opts.precision is None  # the default's precision
    if quick:
        opts.precision = ADVISE_PRECISION
        deals = ADVISE_THINKING[0]
    study = opts.study(deals, ADVISE_THINKING[0] if thinking else 200_000)
    if games is None:  # the games go on from the first deals: never more than there are
        games = min(ADVISE_THINKING[1] if thinking else 4000, study.deals)
    elif games > study.deals:
        raise PedroError(f"--games {games:,} is more than the deals per suit "
                         f"({study.deals:,}): each game goes on from one of those deals")
    rules = study.inputs.variant
    cards = check_in_pack(parse_hand(hand, size=rules.hand, allow_joker=rules.deck == 53), rules)
    chosen = parse_seat(seat, rules.players)
    us_them = parse_score(score, rules)
    with opts.dask():
        run_advise(study, cards, chosen, us_them, games, out_dir, out, estimator,
                   games_to_precision=not quick)


@app.command()
@shared(*ANALYSIS)
def chart(
    opts: Shared,  # the shared options (commands/shared_options.py)
    kind: str = typer.Argument(..., help="bids, make-rate, cards, techniques or all."),
    by: str = typer.Option("tops", "--by", help="bids: rows by top trumps held (tops) or "
                           "pedros held (pedros)."),
    bid_value: int = typer.Option(None, "--bid", help="cards: the bid whose P(make) is shown "
                                  "(default: the minimum + 1)."),
    deals: int = _deals("Deals per seat (cards: per card and seat; techniques: per "
                        "comparison); default 100,000, with --precision the most to use."),
    out_dir: Path = out_option("reports/charts"),
) -> None:
    """Strategy charts as PNG, each with the CSV behind it."""
    from pedro_sim.commands.chart_cmd import run_chart
    from pedro_sim.parsers import parse_by, parse_kinds

    chosen = (parse_kinds(kind), parse_by(by))
    with opts.dask():
        run_chart(opts.study(deals), *chosen, bid_value, out_dir, out)


@app.command()
@shared(*ANALYSIS)
def report(
    opts: Shared,  # the shared options (commands/shared_options.py)
    deals: int = _deals("Deals per measurement (per seat, card and seat, comparison, "
                        "preset); default 500,000, with --precision the most to use."),
    games: int = typer.Option(2000, "--games", min=0, max=MAX_GAMES,
                              help="Whole games per preset."),
    out_dir: Path = out_option("reports/report"),
) -> None:
    """The standard set: bid for the example hand, holdings, charts, techniques, variants,
    and an index.html linking every table and figure."""
    from pedro_sim.commands.report_cmd import run_report

    study = opts.study(deals, 500_000)
    with opts.dask():
        run_report(study, games, out_dir, out)


@app.command()
@shared("house")
def solve(
    opts: Shared,  # the shared options (commands/shared_options.py)
    in_path: Path = typer.Option(..., "--in", help="Positions, JSON Lines "
                                 "(docs/trace-format.md)."),
    out_path: Path = out_option("solved.jsonl", "Answers, JSON Lines."),
) -> None:
    """Solve positions with every card visible: value, every best first play, nodes.
    House rules (--rule, --rules) apply on top of each position's preset."""
    from pedro_sim.commands.solve_cmd import run_solve

    run_solve(in_path, out_path, opts.rule, opts.rules_file, out)


@app.command()
@shared("house")
def rules(
    opts: Shared,  # the shared options (commands/shared_options.py)
    preset: str = typer.Argument(None, help="A preset; all presets when omitted."),
) -> None:
    """Print a preset's rule options and a short text of how it plays."""
    from pedro_sim.commands.rules_cmd import run_rules

    run_rules(preset, opts.rule, opts.rules_file, out)


@app.command()
def warmup(
    jobs: int = typer.Option(None, "--jobs", min=1, max=2,
                             help="Processes compiling side by side, 1 or 2 (default: 2 "
                                  "when the machine has 2 cores or more, else 1)."),
) -> None:
    """Compile every kernel into numba's on-disk cache, so later runs start at once."""
    import time

    from pedro_sim.warmup import default_jobs, warm_all

    started = time.perf_counter()
    warm_all(jobs=jobs or default_jobs())
    out.print(f"kernels compiled and cached in {time.perf_counter() - started:.1f} s")


def _show_version(value: bool) -> None:
    if value:
        from pedro_sim import __version__

        out.print(f"pedro-sim {__version__}")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", is_eager=True,
                                       callback=_show_version,
                                       help="Print the version and exit.")) -> None:
    """Pedro strategy analyzer: simulate deals and measure what bids make."""


def _unwrap_help() -> None:
    """Help as paragraphs: a docstring's line breaks are the source's, not the reader's
    (typer prints them as they are, so a sentence broke wherever the source did)."""
    import inspect

    for command in app.registered_commands:
        doc = inspect.getdoc(command.callback) or ""
        command.help = "\n\n".join(" ".join(p.split()) for p in doc.split("\n\n"))


_unwrap_help()


def _games() -> None:
    """Each registered game's sub-app (pedro_sim/games)."""
    for game in GAMES:
        app.add_typer(game.hooks().app(), name=game.name)


_games()


def _fail(message: str, code: int) -> None:
    """One line on stderr (never wrapped), then exit."""
    sys.stderr.write(" ".join(message.split()) + "\n")
    sys.exit(code)


def _usage_message(e: click_exc.UsageError) -> str:
    """click's message; a number outside its option's range names the whole range (click
    names only the bound it passed: "Input should be less than or equal to 8")."""
    param = getattr(e, "param", None)
    lo, hi = getattr(param, "min", None), getattr(param, "max", None)
    if not isinstance(e, click_exc.BadParameter) or (lo, hi) == (None, None) or \
            not any(w in e.message for w in ("greater than", "less than")):
        return e.format_message()
    bounds = f"{lo}..{hi}" if None not in (lo, hi) else f"at least {lo}" if hi is None \
        else f"at most {hi}"
    e.message = f"must be {bounds}"
    return e.format_message()


def main(argv: list[str] | None = None) -> None:
    """Entry point: one-line errors with exit code 2, Ctrl-C with 130, never a traceback."""
    # A shell may start us with SIGINT ignored (background jobs do): Ctrl-C must still stop us.
    install()
    from pedro_sim.engine.jit import fewer_collections

    fewer_collections()
    command = typer.main.get_command(app)
    try:
        code = command.main(args=argv, prog_name="pedro-sim", standalone_mode=False)
    except PedroError as e:
        _fail(f"error: {e}", e.exit_code)
    except click_exc.NoArgsIsHelpError:
        sys.exit(2)  # the help has been printed
    except click_exc.UsageError as e:
        hint = f" (see {e.ctx.command_path} --help)" if e.ctx and e.ctx.parent else ""
        _fail(f"error: {_usage_message(e)}{hint}", 2)
    except (KeyboardInterrupt, typer.Abort):
        interrupted()
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except BrokenPipeError:
        sys.exit(1)
    except OSError as e:
        _fail(f"error: {e.strerror or e}: {getattr(e, 'filename', '') or ''}", 2)
    if code == INTERRUPTED_CODE:  # typer turns KeyboardInterrupt into this exit code
        interrupted()
    sys.exit(code if isinstance(code, int) else 0)


def run() -> None:
    """The `pedro-sim` console script: main(), then leave at once (process_exit.fast_exit:
    everything is written, renamed and closed by then). Not after Dask was used: its exit
    handlers are left to run."""
    try:
        try:
            main()
            code = 0
        except SystemExit:
            raise
        except BaseException as exc:  # an interrupt outside main's own handling
            if by_interrupt(exc):
                interrupted()
            raise
    except SystemExit as e:
        code = e.code
    code = end_code(code)
    if "distributed" in sys.modules:
        sys.exit(code)
    fast_exit(code)


if __name__ == "__main__":
    run()
