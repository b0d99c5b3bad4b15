"""The arrangements of a duplicate duel, for every duel of every game (the engine's, the
arena's, each game's own): the same deals played once in each arrangement of the two
players, so that the cards cancel out and only the play differs. In partnerships, A as
team 0 and then as team 1; individually at a table of N, A alone at each seat among B's,
then B alone among A's (2N arrangements). A lone seat's lead is its figure against the
mean of the others'.

>>> [(r.lone, r.a_first) for r in arrangements(3, partnerships=False)]
[(0, True), (1, True), (2, True), (0, False), (1, False), (2, False)]
>>> arrangements(3, partnerships=False)[4].specs("a", "b", 3)
['a', 'b', 'a']
>>> [r.specs("a", "b", 4) for r in arrangements(4, partnerships=True)]
[['a', 'b', 'a', 'b'], ['b', 'a', 'b', 'a']]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Arrangement:
    """One arrangement: ``lone`` the seat one player holds alone (-1 in partnerships),
    ``a_first`` whether that player is A (in partnerships: whether A is team 0)."""

    lone: int
    a_first: bool

    def specs(self, a: str, b: str, players: int) -> list[str]:
        """The player at each seat."""
        first, other = (a, b) if self.a_first else (b, a)
        if self.lone < 0:
            return [first if s % 2 == 0 else other for s in range(players)]
        return [first if s == self.lone else other for s in range(players)]

    def a_seats(self, players: int) -> set[int]:
        """The seats A holds."""
        return {s for s, who in enumerate(self.specs("a", "b", players)) if who == "a"}


def arrangements(players: int, partnerships: bool) -> list[Arrangement]:
    """Every arrangement of a duel, A's first: A as team 0 then as team 1; or A alone at
    seat 0..N-1, then B alone at each."""
    if partnerships:
        return [Arrangement(-1, True), Arrangement(-1, False)]
    return [Arrangement(k, a_first) for a_first in (True, False) for k in range(players)]


def lone_lead(block: np.ndarray, lone: int) -> np.ndarray:
    """N times the lone seat's figure less the sum over the table's N seats (the last
    axis): N - 1 times its lead over the mean of the others, whole in whole numbers
    (divide by N - 1 for the lead itself).

    >>> lone_lead(np.array([[5, 1, 3]]), 0).tolist()  # 5 against a mean of 2: 2 x 3
    [6]
    """
    return block.shape[-1] * block[..., lone] - block.sum(axis=-1)
