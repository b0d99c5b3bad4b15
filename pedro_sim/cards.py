"""Card ids, masks and text: the only module that knows how cards are written.

A card is ``suit * 13 + rank`` with suits S=0, H=1, D=2, C=3 and ranks
0 ('2') .. 12 ('A'); the joker is 52. Hands inside the engine are 64-bit masks.
"""

from __future__ import annotations

import re

from pedro_sim.errors import PedroError

SUITS = "SHDC"
RANKS = "23456789TJQKA"
JOKER = 52
_TEXTS = tuple(r + s for s in SUITS for r in RANKS) + ("JK",)  # by card id
_ALL_IDS = (1 << (JOKER + 1)) - 1  # the bits a card id can set
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_TOKEN_SPLIT = re.compile(r"[\s,;]+")


def card_id(suit: int, rank: int) -> int:
    """The id of the card of ``suit`` (0..3) and ``rank`` (0 = '2' .. 12 = 'A')."""
    return suit * 13 + rank


def card_text(card: int) -> str:
    """Two-character text of a card id: 'AS', 'TD', 'JK'."""
    if not 0 <= card <= JOKER:
        raise PedroError(f"no card has id {card}")
    return _TEXTS[card]


def parse_card(token: str) -> int:
    """Parse one card: 'AH', 'ah', '10h', 'A♥', 'JK'. Raises PedroError naming the token."""
    text = token.strip()
    for symbol, letter in SUIT_SYMBOLS.items():
        text = text.replace(symbol, letter)
    text = text.upper()
    if text in ("JK", "JOKER"):
        return JOKER
    if len(text) < 2:
        raise PedroError(f"'{token}' is not a card (expected rank then suit, e.g. AH, 10h, 5♦)")
    rank_text, suit_text = text[:-1], text[-1]
    if suit_text not in SUITS:
        raise PedroError(f"'{token}' has an unknown suit '{token.strip()[-1]}' (use S H D C)")
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS:
        raise PedroError(f"'{token}' has an unknown rank (use A K Q J T/10 9 .. 2)")
    return card_id(SUITS.index(suit_text), RANKS.index(rank_text))


def parse_suit(text: str) -> int:
    """Parse a suit letter or symbol ('H', 'h', '♥') to 0..3."""
    t = SUIT_SYMBOLS.get(text.strip(), text.strip().upper())
    if len(t) != 1 or t not in SUITS:
        raise PedroError(f"'{text}' is not a suit (use S, H, D or C)")
    return SUITS.index(t)


def parse_hand(text: str, size: int | None = None, allow_joker: bool = False) -> list[int]:
    """Parse a hand like 'AH KH 5H' or 'ah,kh,10h' into card ids, in the given order.

    Refuses duplicates, unknown cards and (when ``size`` is given) a wrong count.
    """
    tokens = [t for t in _TOKEN_SPLIT.split(text.strip()) if t]
    cards: list[int] = []
    for token in tokens:
        card = parse_card(token)
        if card == JOKER and not allow_joker:
            raise PedroError(f"'{token}': this game has no joker")
        if card in cards:
            raise PedroError(f"duplicate card '{token}' in the hand")
        cards.append(card)
    if size is not None and len(cards) != size:
        raise PedroError(f"a hand needs {size} cards, got {len(cards)}: '{text.strip()}'")
    return cards


def format_cards(cards: list[int]) -> str:
    """Cards as space-separated text."""
    return " ".join(card_text(c) for c in cards)


def mask_of(cards: list[int]) -> int:
    """The 64-bit mask holding ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The card ids in ``mask``, ascending (its set bits, lowest first: a trace lists
    millions of masks)."""
    mask = int(mask) & _ALL_IDS
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def suits_with_ace_king_two(mask: int) -> int:
    """The suits (bit per suit) of which ``mask`` holds the ace, king and 2: where a dealer
    may bid 28-56 (docs/rules.md).

    >>> suits_with_ace_king_two(mask_of(parse_hand("AH KH 2H AS KS 3S")))
    2
    """
    out = 0
    for s in range(4):
        need = (1 << (13 * s + 12)) | (1 << (13 * s + 11)) | (1 << (13 * s))
        if mask & need == need:
            out |= 1 << s
    return out
