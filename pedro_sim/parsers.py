"""The command line's small parsers, together: choices by name (seats, sides, techniques,
charts, presets) and the game score. Each refuses bad text with a one-line PedroError that
names the problem. (Cards: cards.py; house rules: rules/overrides.py; players: engine_inputs.py;
the seats' words: analysis/seat_words.py.)"""

from __future__ import annotations

import re

from pedro_sim.analysis.seat_words import seat_names
from pedro_sim.errors import PedroError
from pedro_sim.rules import Variant, get_preset  # noqa: F401 (the doctests use it)
from pedro_sim.rules.variant import BID_28_56

SEAT_HELP = ("eldest, second, third, ..., dealer, or 1..N counted from the dealer's left "
             "(1 eldest, N the dealer, at a table of N).")  # every --seat's help
SEATS_HELP = SEAT_HELP + " Or all: every seat."
SIDES = ("bidders", "defenders", "both")
KINDS = ("bids", "make-rate", "cards", "techniques")
MAX_SCORE = 10**9
# a Dask address: an optional scheme, a host name or address ([...] for IPv6), a port
SCHEDULER = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?"
                       r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})")


def parse_choice(text: str, known, what: str) -> list[str]:
    """``text`` as a list of names: one of ``known`` (any case), or every one for 'all';
    otherwise a PedroError naming the bad ``what`` and the choices.

    >>> parse_choice("Both", SIDES, "side"), parse_choice("all", SIDES, "side")
    (['both'], ['bidders', 'defenders', 'both'])
    """
    name = text.strip().lower()
    if name == "all":
        return list(known)
    if name not in known:
        raise PedroError(f"unknown {what} '{text}' (known: {', '.join(known)}, all)")
    return [name]


def seat_choices(players: int, several: bool = False) -> str:
    """What --seat takes at a table of ``players``, for an error message.

    >>> seat_choices(3)
    "seats are 1..3 counted from the dealer's left (1 eldest, 3 dealer), or eldest, \
second, dealer"
    """
    return (f"seats are 1..{players} counted from the dealer's left (1 eldest, {players} "
            f"dealer), or {', '.join(seat_names(players))}" + (", or all" if several else ""))


def parse_seats(seat: str, players: int = 4, several: bool = True) -> list[str]:
    """--seat as seat_names' words (analysis/seat_words.py): a word, a number 1..players
    counted from the dealer's left (1 eldest, ``players`` the dealer), or 'all' where
    ``several`` seats may be asked.

    >>> parse_seats("1"), parse_seats("4"), parse_seats("3", 3), parse_seats("all", 2)
    (['eldest'], ['dealer'], ['dealer'], ['eldest', 'dealer'])
    """
    names = seat_names(players)
    text = seat.strip().lower()
    if several and text == "all":
        return names
    if text in names:
        return [text]
    if text.isdigit() and 1 <= int(text) <= players:
        return [names[int(text) - 1]]
    raise PedroError(f"--seat {seat}: {seat_choices(players, several)}")


def parse_seat(seat: str, players: int = 4) -> str:
    """One seat (parse_seats without 'all')."""
    return parse_seats(seat, players, several=False)[0]


def parse_sides(side: str) -> list[str]:
    """A side, or 'all': each of bidders, defenders and both."""
    return parse_choice(side, SIDES, "side")


def parse_techniques(name: str) -> list[str]:
    from pedro_sim.engine_inputs import TECHNIQUES

    return parse_choice(name, TECHNIQUES, "technique")


def parse_kinds(kind: str) -> list[str]:
    return parse_choice(kind, KINDS, "chart")


def parse_by(by: str) -> str:
    from pedro_sim.analysis.charts import BY

    key = by.strip().lower()
    if key not in BY:
        raise PedroError(f"--by '{by}': use {' or '.join(BY)}")
    return key


def parse_presets(text: str | None) -> list[str]:
    """A comma-separated list of games: presets, ``NAME@N`` (a preset played individually
    by N), ``individual`` (every individual game the seeds describe) or ``all`` (every
    preset the engine plays; None, the option not given: the same). A game named twice
    (also through ``all`` or ``individual``) or an empty list is refused: it would be
    played twice, or silently be every preset.

    >>> parse_presets("cinch,cinch@3"), len(parse_presets("all,individual"))
    (['cinch', 'cinch@3'], 28)
    """
    from pedro_sim.engine_inputs import PLAYED_PRESETS
    from pedro_sim.rules.overrides import table_variant
    from pedro_sim.rules.table_size import individual_tables

    words = {"all": list(PLAYED_PRESETS), "individual": individual_tables()}
    if text is None:
        return list(PLAYED_PRESETS)
    given = [n.strip().lower() for n in text.split(",") if n.strip()]
    if not given:
        raise PedroError(f"--presets '{text}' is empty: name at least one preset, or all")
    names: list[str] = []
    for n in given:
        for name in words.get(n, [n]):
            if name in names:
                through = "" if given.count(name) > 1 else " (all or individual includes it)"
                raise PedroError(f"--presets names {name} twice{through}")
            names.append(name)
    for name in names:
        table_variant(name)
    return names


def parse_scheduler(text: str | None) -> str | None:
    """A Dask scheduler's address, ``tcp://HOST:PORT`` (or another Dask scheme, or
    ``HOST:PORT``), checked before any work: Dask's own check is a traceback.

    >>> parse_scheduler("tcp://10.0.0.5:8786"), parse_scheduler("localhost:8786")
    ('tcp://10.0.0.5:8786', 'localhost:8786')
    """
    if text is None:
        return None
    m = SCHEDULER.fullmatch(text.strip())
    if not m or not 1 <= int(m.group(1)) <= 65535:
        raise PedroError(f"--scheduler '{text}': expected tcp://HOST:PORT "
                         "(e.g. tcp://10.0.0.5:8786)")
    return text.strip()


def parse_score(text: str, variant: Variant) -> tuple[int, int]:
    """'US-THEM' (e.g. 40-35, or -6-20 after a set): both scores before the deal.

    >>> parse_score("40-35", get_preset("cinch")), parse_score("-6-20", get_preset("cinch"))
    ((40, 35), (-6, 20))
    """
    m = re.fullmatch(r"\s*(-?\d+)\s*[-:]\s*(-?\d+)\s*", text)
    if not m:
        raise PedroError(f"--score '{text}': expected US-THEM, e.g. 40-35")
    us, them = int(m.group(1)), int(m.group(2))
    for who, value in (("our", us), ("their", them)):
        if abs(value) > MAX_SCORE:
            raise PedroError(f"--score '{text}': {who} score {value} is out of range "
                             f"(at most {MAX_SCORE:,} either way)")
        if value >= variant.target:
            raise PedroError(f"--score '{text}': {who} score {value} has already reached "
                             f"the target {variant.target}")
        if variant.lose_at < 0 and value <= variant.lose_at:
            raise PedroError(f"--score '{text}': {who} score {value} has already lost "
                             f"(lose_at {variant.lose_at})")
    return us, them


def parse_bids(text: str, variant: Variant) -> list[int]:
    """Bids to report, as ``all``, ``LO-HI`` or a comma-separated list of bids and ranges,
    each a bid the preset allows (``83d``/``double``: eighty-three's "83 double"; ``28``
    or ``28-56``: the dealer's 28-56, where the rules have it, as --bid takes it).

    >>> parse_bids("7-9,12", get_preset("cinch")), parse_bids("all", get_preset("cinch"))
    ([7, 8, 9, 12], [7, 8, 9, 10, 11, 12, 13, 14])
    """
    from pedro_sim.analysis.scores import bid_levels

    levels = bid_levels(variant)
    if text.strip().lower() == "all":
        return levels
    chosen: set[int] = set()
    for part in (p.strip().lower() for p in text.split(",")):
        if part in ("83d", "double") and variant.top_bid > variant.max_bid:
            chosen.add(variant.top_bid)
            continue
        if part in ("28", "28-56") and variant.dealer_28_56:
            chosen.add(BID_28_56)
            continue
        m = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+))?", part)
        if not m:
            raise PedroError(f"--bids '{text}': expected all, LO-HI or a list such as 7,8,10")
        lo = int(m.group(1))
        hi = int(m.group(2) or lo)
        picked = [b for b in levels if lo <= b <= hi]
        if lo > hi:
            raise PedroError(f"--bids '{text}': {lo}-{hi} runs downwards")
        if lo not in levels or hi not in levels:
            extra = " and 28 (28-56, the dealer's)" if variant.dealer_28_56 else ""
            raise PedroError(f"--bids '{text}': {variant.name} bids are "
                             f"{levels[0]}..{variant.max_bid}{extra}")
        chosen.update(picked)
    return sorted(chosen)
