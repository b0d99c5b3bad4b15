"""What the reference engine's tests share: cards from text and back, a scripted player,
and the hand-built exchanges and plays they pin by hand (docs/rules.md).

Nothing here imports the numba engine or pedro_sim.rules, so that the tests of the
reference engine that use it stay independent of what they check.
"""

from __future__ import annotations

from pedro_sim.reference.general import exchange, play
from pedro_sim.reference.variants import Table, Variant, get_variant, parse_any_card, table, texts


def ids(text: str) -> list[int]:
    """Card ids from text, "AS 2H JK", in the order written."""
    return [parse_any_card(x) for x in text.split()]


def txt(cards) -> str:
    """Card ids as text, in the order given."""
    return " ".join(texts(cards))


class Script:
    """A policy answering from a script of (tag, seat, value), in order; any decision not
    scripted next takes options[0] (the lowest). Records every decision asked."""

    def __init__(self, answers=()) -> None:
        self.answers = list(answers)
        self.asked: list[tuple] = []

    def choose(self, tag, seat, options, info=None):
        self.asked.append((tag, seat, list(options)))
        if self.answers and self.answers[0][:2] == (tag, seat):
            val = self.answers.pop(0)[2]
            assert val in options, (tag, seat, val, options)
            return val
        return options[0]


def exchanged(preset: str, trump: int, hands: list[str], stock: str, answers=(),
              bidder: int = 1) -> tuple[Variant, Table, list, list, list]:
    """The reference's exchange of a hand-built deal (seat 0 deals; hands and stock as
    text), the seats answering from ``answers``: (variant, table, discards, received,
    start_hands)."""
    v = get_variant(preset)
    t = table(v, trump)
    disc, recv, start = exchange(v, t, 0, bidder, [ids(h) for h in hands], ids(stock),
                                 Script(answers))
    return v, t, disc, recv, start


def foster_robbing() -> tuple[Variant, Table, list, list, list]:
    """foster, spades trumps, seat 1 the bidder: everyone keeps 6 (their 6 lowest ids), so
    there is no fill and the whole stock is the dealer's, who keeps AS 2H of its own and
    5S 5C QH AH of the stock. What ``exchanged`` returns."""
    return exchanged("foster", 0, ["AS 2H 3H 4H 6H 7H 8H 9H TH",
                                   "KS QS JS 2D 3D 4D 5D 6D 7D",
                                   "2S 3S 4S 8D 9D TD JD QD KD",
                                   "AD 2C 3C 4C 6C 7C 8C 9C TC"],
                     "JC QC KC AC 5S 5C TS 9S 8S 7S 6S JH QH KH AH 5H",
                     [("keep_count", 1, 6)] + [("keep", 1, c) for c in ids("2D 3D 4D 5D 6D 7D")]
                     + [("keep_count", 2, 6)] + [("keep", 2, c) for c in ids("2S 3S 4S 8D 9D TD")]
                     + [("keep_count", 3, 6)] + [("keep", 3, c) for c in ids("2C 3C 4C 6C 7C 8C")]
                     + [("keep", 0, c) for c in ids("AS 2H 5S 5C QH AH")])


def first_tricks(preset: str, trump: int, hands: list[str]) -> tuple[Script, tuple]:
    """The reference's play of a hand-built deal (hands as text, seat 0 the bidder), every
    seat taking its lowest option: the player, which recorded what it was asked, and
    (tricks, folded, claimed, points, awards)."""
    v = get_variant(preset)
    pol = Script()
    return pol, play(v, table(v, trump), [ids(h) for h in hands], 0, pol)
