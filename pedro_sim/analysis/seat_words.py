"""The seats' words (eldest, second, ..., dealer), counted from the dealer's left: what the
analyses and reports write and --seat takes. A leaf below the analyses and the command
line's parsers (parsers.parse_seat reads --seat into these words), so neither imports the
other for them."""

from __future__ import annotations

SEAT_WORDS = ("eldest", "second", "third", "fourth", "fifth", "sixth", "seventh")  # from
# the dealer's left; the dealer's own word is "dealer"


def seat_names(players: int = 4) -> list[str]:
    """Each seat of a table of ``players`` by its word, from the dealer's left (eldest
    first, the dealer last): the words --seat takes and the outputs write.

    >>> seat_names(4), seat_names(3), seat_names(6)
    (['eldest', 'second', 'third', 'dealer'], ['eldest', 'second', 'dealer'], \
['eldest', 'second', 'third', 'fourth', 'fifth', 'dealer'])
    """
    return [*SEAT_WORDS[:players - 1], "dealer"]


def seat_place(name: str, players: int = 4) -> int:
    """Places after eldest of a seat named by seat_names (0: eldest; the engine's count)."""
    return seat_names(players).index(name)


def seat_at(name: str, dealer: int, players: int) -> int:
    """The absolute seat (a trace's 0..players-1) of the seat ``name`` when ``dealer``
    deals.

    >>> seat_at("eldest", 3, 4), seat_at("dealer", 1, 4)
    (0, 1)
    """
    return (dealer + 1 + seat_place(name, players)) % players


def seat_word(seat: int, dealer: int, players: int) -> str:
    """The word of absolute seat ``seat`` when ``dealer`` deals (seat_at's inverse).

    >>> seat_word(0, 3, 4), seat_word(2, 0, 5)
    ('eldest', 'second')
    """
    return seat_names(players)[(seat - dealer - 1) % players]
