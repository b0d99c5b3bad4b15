"""Card ids and card text for the reference engine (independent helpers).

Card id = suit * 13 + rank; suits S=0, H=1, D=2, C=3; rank 0='2' .. 12='A'.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "SHDC"
N_CARDS = 52

_SUIT_ALIASES = {
    "S": 0, "H": 1, "D": 2, "C": 3,
    "♠": 0, "♥": 1, "♦": 2, "♣": 3,
    "♤": 0, "♡": 1, "♢": 2, "♧": 3,
}

CARD_TEXT = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(N_CARDS))
_CANONICAL = {text: c for c, text in enumerate(CARD_TEXT)}


def card_text(card: int) -> str:
    """Two-character output form, e.g. ``TH``."""
    return CARD_TEXT[card]


def cards_text(cards) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def canonical_card(text) -> int | None:
    """The id of a card in exact output form (``TH``), else None."""
    if not isinstance(text, str):
        return None
    return _CANONICAL.get(text)


def parse_suit(text: str) -> int:
    """``S``/``H``/``D``/``C`` (any case) or a suit symbol -> 0..3."""
    if not isinstance(text, str):
        raise ValueError(f"not a suit: {text!r}")
    suit = _SUIT_ALIASES.get(text.strip().upper())
    if suit is None:
        raise ValueError(f"not a suit: {text!r}")
    return suit


def parse_card(text: str) -> int:
    """Lenient input form: ``TH``, ``10h``, ``A♠`` ... -> card id (no joker)."""
    if not isinstance(text, str):
        raise ValueError(f"not a card: {text!r}")
    s = text.strip().upper()
    if len(s) < 2:
        raise ValueError(f"not a card: {text!r}")
    rank_text, suit_text = s[:-1], s[-1]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS:
        raise ValueError(f"not a card: {text!r}")
    suit = _SUIT_ALIASES.get(suit_text)
    if suit is None:
        raise ValueError(f"not a card: {text!r}")
    return suit * 13 + RANKS.index(rank_text)


class TrumpInfo:
    """Per-trump-suit tables (the `cinch` preset: off-five is a trump)."""

    __slots__ = ("suit", "off_five", "two", "is_trump", "eff_suit", "power",
                 "points", "scoring", "non_scoring")

    def __init__(self, suit: int) -> None:
        self.suit = suit
        self.off_five = (3 - suit) * 13 + 3
        self.two = suit * 13
        is_trump = [False] * N_CARDS
        eff_suit = [c // 13 for c in range(N_CARDS)]
        power = [0] * N_CARDS
        points = [0] * N_CARDS
        for r in range(13):
            c = suit * 13 + r
            is_trump[c] = True
            # A K Q J T 9 8 7 6 5 (14..5), off-five 4, then 4 3 2 (3..1)
            power[c] = r + 2 if r >= 3 else r + 1
        is_trump[self.off_five] = True
        eff_suit[self.off_five] = suit
        power[self.off_five] = 4
        for r, p in ((12, 1), (9, 1), (8, 1), (3, 5), (0, 1)):  # A J T pedro 2
            points[suit * 13 + r] = p
        points[self.off_five] = 5
        store_tables(self, is_trump, eff_suit, power, points)


def store_tables(tables, is_trump: list[bool], eff_suit: list[int], power: list[int],
                 points: list[int]) -> None:
    """Freezes one trump suit's per-card lists (all of one length) onto ``tables``, with
    the two sets they imply: scoring (points > 0) and non_scoring (a trump worth nothing).
    TrumpInfo here and variants.Table share it, so both say the same of every card."""
    tables.is_trump = tuple(is_trump)
    tables.eff_suit = tuple(eff_suit)
    tables.power = tuple(power)
    tables.points = tuple(points)
    tables.scoring = tuple(p > 0 for p in points)
    tables.non_scoring = tuple(t and p == 0 for t, p in zip(is_trump, points, strict=True))


_TRUMPS = tuple(TrumpInfo(s) for s in range(4))


def trump_info(suit: int) -> TrumpInfo:
    return _TRUMPS[suit]
