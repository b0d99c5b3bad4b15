"""Who sits at a Bourré table: one player spec for every seat, or one a seat joined by
``/``. A spec is ``random``, ``heuristic`` or ``pimc[:key=value,...]``; pimc's settings are
declared once below. A spec that starts ``exec:`` takes the rest of the text, slashes
included (a command's path is not a seat list): Bourré seats no outside program, and says
so in one line.

>>> seated("pimc", 3).label
'pimc:worlds=32'
>>> seated("heuristic/pimc:worlds=8/random", 3).pol[:3].tolist()
[1, 2, 0]
>>> seated("pimc:card_worlds=0", 4).worlds[0].tolist()
[32, 0]
>>> seat_specs("heuristic/exec:python3 /home/me/bot.py")
['heuristic', 'exec:python3 /home/me/bot.py']
>>> seated("heuristic/pimc", 3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pedro_sim.errors.PedroError: 'heuristic/pimc' names 2 players for a table of 3 ...
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pedro_sim.errors import PedroError
from pedro_sim.games.bourre.kernels import layout as B
from pedro_sim.games.bourre.rules import BourreRules
from pedro_sim.rules.overrides import name_value, name_values

NAMES = {"random": B.RANDOM, "heuristic": B.HEURISTIC, "pimc": B.PIMC}
DEFAULT_WORLDS = 32
MAX_WORLDS = 10_000
# pimc's settings: key -> (the worlds slot it sets: 0 declarations, 1 cards; meaning)
SETTINGS = {
    "worlds": ((0, 1), "worlds for every decision (default 32)"),
    "declare_worlds": ((0,), "worlds for play-or-pass and the draw (0: as the heuristic)"),
    "card_worlds": ((1,), "worlds for each card (0: as the heuristic)"),
}


@dataclass(frozen=True)
class Table:
    """A table's players: ``pol`` a player a seat (layout RANDOM, HEURISTIC, PIMC),
    ``worlds[seat]`` pimc's worlds for a declaration and for a card, ``label`` the spec."""

    pol: np.ndarray
    worlds: np.ndarray
    label: str

    @property
    def thinks(self) -> bool:
        return bool((self.pol == B.PIMC).any())


def parse_one(spec: str) -> tuple[int, tuple[int, int], str]:
    """One player spec: its code, its worlds (declarations, cards), its canonical text."""
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if name == "exec":
        raise PedroError(f"'{spec.strip()}': Bourré seats no outside program (exec: plays "
                         f"Pedro's games, docs/protocol.md); players: {', '.join(NAMES)}")
    if name not in NAMES:
        raise PedroError(f"unknown Bourré player '{spec.strip()}' (players: "
                         f"{', '.join(NAMES)})")
    worlds = [DEFAULT_WORLDS, DEFAULT_WORLDS]
    if name != "pimc":
        if rest.strip():
            raise PedroError(f"'{spec.strip()}': only pimc takes settings")
        return NAMES[name], (0, 0), name
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, value = name_value(item) or ("", "")
        if key not in SETTINGS:
            raise PedroError(f"'{item}': pimc's Bourré settings are "
                             f"{', '.join(k + '=N' for k in SETTINGS)}")
        try:
            n = int(value)
        except ValueError:
            raise PedroError(f"'{item}': {key} must be a whole number") from None
        if not 0 <= n <= MAX_WORLDS or (key == "worlds" and n == 0):
            raise PedroError(f"'{item}': {key} must be 1..{MAX_WORLDS}"
                             + (" (or 0: as the heuristic)" if key != "worlds" else ""))
        for slot in SETTINGS[key][0]:
            worlds[slot] = n
    text = ("pimc:worlds=" + str(worlds[0]) if worlds[0] == worlds[1]
            else f"pimc:declare_worlds={worlds[0]},card_worlds={worlds[1]}")
    return NAMES[name], (worlds[0], worlds[1]), text


def seat_specs(spec: str) -> list[str]:
    """The player specs of ``spec`` joined by '/'; a spec that starts ``exec:`` takes the
    rest of the text (its command's slashes are not seat separators)."""
    parts: list[str] = []
    rest = spec
    while not rest.strip().startswith("exec:"):
        part, slash, rest = rest.partition("/")
        parts.append(part)
        if not slash:
            return parts
    return [*parts, rest]


def seated(spec: str, players: int) -> Table:
    """The table's players from ``spec`` (one for all, or one a seat joined by '/')."""
    parsed = [parse_one(p) for p in seat_specs(spec)]  # an exec: spec is named first
    if len(parsed) not in (1, players):
        raise PedroError(f"'{spec}' names {len(parsed)} players for a table of {players} "
                         "(one for all, or one a seat)")
    if len(parsed) == 1:
        parsed = parsed * players
    pol = np.full(B.SEATS, B.HEURISTIC, np.int64)
    worlds = np.zeros((B.SEATS, 2), np.int64)
    for s, (code, w, _) in enumerate(parsed):
        pol[s] = code
        worlds[s] = w
    texts = [t for _, _, t in parsed]
    label = texts[0] if len(set(texts)) == 1 else "/".join(texts)
    return Table(pol, worlds, label)


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
