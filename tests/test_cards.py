"""Card text: the accepted forms and the refusals (docs/rules.md section 1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pedro_sim.cards import card_text, format_cards, parse_card, parse_hand, parse_suit
from pedro_sim.errors import PedroError


def test_forms():
    assert parse_hand("AH KH 5H 2H 9C 4D JS 7S 3C") == parse_hand("ah,kh,5h,2h,9c,4d,js,7s,3c")
    assert parse_hand("ah,kh,10h") == parse_hand("A♥ K♥ T♥")
    assert format_cards(parse_hand("10s 2c")) == "TS 2C"
    assert parse_card("JK") == 52
    assert parse_suit("♦") == parse_suit("d") == 2


@given(st.integers(0, 51))
def test_text_round_trip(card):
    assert parse_card(card_text(card)) == card
    assert parse_card(card_text(card).lower()) == card


@pytest.mark.parametrize("text,fragment", [
    ("AH KH 5H 2H 9C 4D JS 7S", "needs 9 cards, got 8"),
    ("AH KH 5H 2H 9C 4D JS 7S AH", "duplicate card 'AH'"),
    ("XH KH 5H 2H 9C 4D JS 7S 3C", "'XH' has an unknown rank"),
    ("AX KH 5H 2H 9C 4D JS 7S 3C", "'AX' has an unknown suit"),
    ("AH 1 5H 2H 9C 4D JS 7S 3C", "'1' is not a card"),
    ("AH KH 5H 2H 9C 4D JS 7S JK", "no joker"),
])
def test_refusals_name_the_token(text, fragment):
    with pytest.raises(PedroError, match=fragment):
        parse_hand(text, size=9)
