"""The games pedro-sim plays beside Pedro, each a wing of its own folder
(``pedro_sim/games/NAME/``), and the one place the shared layer learns of them.

Pedro is the main body (``rules/``, ``engine/``, ``analysis/``, ``commands/``...): the
package is a Pedro analyzer first. A wing is registered here by the word of its
sub-command, the other spellings a user may type for it, and how many random stream kinds
its kernels key deals by; they are handed out here, in the order of ``GAMES``, after the
main body's, so that a new game cannot take another's. Its ``hooks`` module
(``pedro_sim.games.NAME.hooks``) gives what the shared layer calls: ``app()`` (its Typer
sub-app), ``report_sections`` (its part of ``pedro-sim report``) and ``warm()`` (what
``pedro-sim warmup`` compiles); its ``api`` module's ``__all__``, if it has one, joins
``pedro_sim.api``, and its ``bench`` module's ``figures`` scripts/bench.py's figures.

>>> [g.name for g in GAMES], stream_kinds("bourre")
(['bourre'], range(5, 8))
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

FIRST_KIND = 5  # the main body keys its deals by kinds 0..4 (engine/rng.py)
LAST_KIND = 15  # a wing's thinking player keys its worlds by kind + rng.THINK_KIND (16)


@dataclass(frozen=True)
class Game:
    """A wing: its command word, other names for it, its count of random stream kinds."""

    name: str
    aliases: tuple[str, ...]
    kinds: int
    summary: str

    def hooks(self) -> ModuleType:
        """The wing's hooks module (``pedro_sim.games.NAME.hooks``), which the shared layer
        calls."""
        return import_module(f"{self.package}.hooks")

    @property
    def package(self) -> str:
        """The wing's package name."""
        return f"{__name__}.{self.name}"


GAMES: tuple[Game, ...] = (
    Game("bourre", ("bourré", "booray"), 3,
         "Bourré has commands of its own, pedro-sim bourre (play, chart, session, duel, "
         "trace, show, rules)"),
)


def stream_kinds(name: str) -> range:
    """The random stream kinds handed to the game ``name``, in the order of GAMES."""
    first = FIRST_KIND
    for game in GAMES:
        if game.name == name:
            return range(first, first + game.kinds)
        first += game.kinds
    raise KeyError(name)


def game_named(text: str) -> Game | None:
    """The wing a user means by ``text`` (its word or another spelling), if any."""
    word = text.strip().lower()
    return next((g for g in GAMES if word == g.name or word in g.aliases), None)


assert FIRST_KIND + sum(g.kinds for g in GAMES) - 1 <= LAST_KIND, "stream kinds overlap"
