"""The Python API: each analysis as a function returning a pandas DataFrame.

Every function takes the options of the command line with the same names and defaults
(variant, policy, seed, deals, house rules), validates them once and raises
``pedro_sim.errors.PedroError`` naming a bad one. Nothing is written to disk.

The other games' analyses are here too, by their wing's names (``GAME_play``...): each
registered game (``pedro_sim.games.GAMES``) whose package has an ``api`` module lends its
``__all__``, found when first asked for, so that this module names no game.

    >>> from pedro_sim import api
    >>> api.bid("AH KH 5H 2H 9C 4D JS 7S 3C", trump="H", deals=20_000)   # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import import_module
from importlib.util import find_spec

import pandas as pd

from pedro_sim.analysis import charts as _charts
from pedro_sim.analysis.bid import bid_analysis
from pedro_sim.analysis.seat_words import seat_names
from pedro_sim.analysis.strategy import advise as _advise
from pedro_sim.analysis.strategy import holdings as _holdings
from pedro_sim.analysis.strategy import techniques as _techniques
from pedro_sim.analysis.strategy.technique_worth import steerable, steered_techniques
from pedro_sim.analysis.study import Study, build_study
from pedro_sim.cards import parse_hand, parse_suit
from pedro_sim.encoding.option_array import check_in_pack
from pedro_sim.errors import PedroError
from pedro_sim.games import GAMES
from pedro_sim.parsers import (
    parse_presets,
    parse_score,
    parse_seat,
    parse_seats,
    parse_sides,
    parse_techniques,
)

OWN = ["bid", "card_values", "holding_patterns", "technique", "advise", "bid_chart",
       "make_rate_by_length", "variants", "study"]  # the main body's (Pedro's) analyses

study = build_study  # the shared options, for calling the analysis modules directly


def _hand(text: str, s: Study) -> list[int]:
    v = s.inputs.variant
    return check_in_pack(parse_hand(text, size=v.hand, allow_joker=v.deck == 53), v)


def bid(hand: str, trump: str = "best", seat: str = "eldest", *, deals: int = 200_000,
        **options) -> pd.DataFrame:
    """P(make) and expected score change for every bid (the `bid` command's bid.csv)."""
    s = build_study(deals=deals, **options)
    suit = None if trump.strip().lower() == "best" else parse_suit(trump)
    seats = parse_seats(seat, s.inputs.variant.players)
    return bid_analysis(s.inputs, _hand(hand, s), seats, suit, s.deals, s.seed,
                        s.who.policy, s.who.label, s.who.flags, s.show_progress).table


def card_values(seat: str = "all", **options) -> pd.DataFrame:
    """What each trump adds to the bidder on paired deals (`holdings` card_values.csv)."""
    s = build_study(**options)
    return _holdings.card_values(s, parse_seats(seat, s.inputs.variant.players))


def holding_patterns(seat: str = "all", **options) -> pd.DataFrame:
    """Named holdings: share, mean points, P(make) per bid (`holdings` patterns.csv)."""
    s = build_study(**options)
    return _holdings.patterns(s, parse_seats(seat, s.inputs.variant.players))[0]


def technique(name: str = "all", side: str = "all", *, deals: int = 200_000,
              **options) -> pd.DataFrame:
    """Each technique on minus off on the same deals (`technique` techniques.csv): the
    heuristic's on and off, or (a thinking ``policy``) forbidden and forced minus free."""
    s = build_study(deals=deals, **options)
    names, sides = parse_techniques(name), parse_sides(side)
    names = _techniques.arising(s.inputs.variant, names)
    if s.who.thinks:
        return steered_techniques(s, steerable(names), sides)
    return _techniques.techniques(s, names, sides)


def advise(hand: str, seat: str = "eldest", score: str = "0-0", games: int = 4000, *,
           deals: int = 200_000, estimator: str = "plain", **options) -> pd.DataFrame:
    """Every suit and bid: P(make), expected score change, P(win the game); ``estimator``
    "control" (thinking players): by control variates, the clearly worse suits stopped
    early (the `advise` command's default for them)."""
    s = build_study(deals=deals, **options)
    if estimator not in ("plain", "control") or (estimator == "control" and not s.who.thinks):
        raise PedroError(f"estimator {estimator!r}: plain, or control for thinking players")
    return _advise.advise(s, _hand(hand, s), parse_seat(seat, s.inputs.variant.players),
                          parse_score(score, s.inputs.variant), games, estimator)


def _seats(s) -> list[str]:
    """Every seat of the study's table, by name (seat_words.seat_names)."""
    return seat_names(s.inputs.variant.players)


def bid_chart(by: str = "tops", **options) -> pd.DataFrame:
    """Per seat, trump length and tops (or pedros) held: every bid's P(make) and expected
    score change (the `chart bids` CSV of all bids)."""
    s = build_study(**options)
    counts = {seat: _holdings.class_counts(s, seat) for seat in _seats(s)}
    return _charts.grid_rows(s, counts, by)


def make_rate_by_length(**options) -> pd.DataFrame:
    """Per seat, trump length and bid: P(make) (the `chart make-rate` CSV)."""
    s = build_study(**options)
    return _charts.length_rows(s, {seat: _holdings.class_counts(s, seat)
                                   for seat in _seats(s)})


def variants(presets: str | None = None, games: int = 2000, *, deals: int = 200_000,
             seed: int = 12345, policy: str = "heuristic",
             precision: float | None = None) -> pd.DataFrame:
    """Per preset and bid: how often bids are made (the `variants` command's variants.csv)."""
    from pedro_sim.analysis.variants import variants_analysis
    from pedro_sim.engine_inputs import EngineInputs, players

    inputs = [EngineInputs.for_variant(n) for n in parse_presets(presets)]
    chosen = [players(policy, i.variant) for i in inputs]  # each preset's pimc tuning
    return variants_analysis(inputs, deals, games, seed, chosen[0].policy,
                             [who.flags for who in chosen], precision=precision).bids


@cache
def wing_functions() -> dict[str, Callable[..., pd.DataFrame]]:
    """Every registered game's API functions by name (its package's ``api.__all__``)."""
    found: dict[str, Callable[..., pd.DataFrame]] = {}
    for game in GAMES:
        name = f"{game.package}.api"
        if find_spec(name) is not None:
            module = import_module(name)
            found.update({f: getattr(module, f) for f in module.__all__})
    return found


def __getattr__(name: str):
    """A game's API function (``from pedro_sim.api import GAME_play`` too), or
    ``__all__``: the main body's and every game's."""
    if name == "__all__":
        return [*OWN, *wing_functions()]
    if not name.startswith("__") and name in wing_functions():
        return wing_functions()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """This module's names and every game's API functions (for completion, help())."""
    return sorted({*globals(), *wing_functions()})
