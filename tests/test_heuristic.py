"""The heuristic player (engine/players/heuristic.py) and its bidding (engine/game/auction.py).

Every technique flag (engine.layout F_*) is pinned down on a hand-built position, with the
exact card chosen, and shown to matter: switching the flag off changes the decision. An
end-to-end check then shows that each flag changes some simulated deals.

Positions are written as text. Unless a test says otherwise, hearts are trumps, so the
trump order is AH KH QH JH TH 9H 8H 7H 6H 5H (pedro) 5D (off-five) 4H 3H 2H, and the
cards that score for the trick's winner are AH JH TH 5H 5D (the 2H counts for its holder).
The player is seat 2; its partner is seat 0, its opponents seats 1 and 3.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pedro_sim.cards import card_text, cards_of, format_cards, mask_of, parse_hand, parse_suit
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine.game.auction import heuristic_call
from pedro_sim.engine.game.tricks import legal_cards
from pedro_sim.engine.players.bid_values import best_suit, suit_value
from pedro_sim.engine.players.heuristic import (
    heuristic_bury,
    heuristic_card,
    strongest,
    weakest,
)
from pedro_sim.engine_inputs import EngineInputs
from pedro_sim.rules import PRESETS

CINCH = EngineInputs.for_variant("cinch")
TAB = CINCH.tables
MAX_BID = int(TAB.opts[L.O_MAX_BID])
ALL = L.F_ALL
SEAT = 2  # the player; seat 0 is its partner


def without(*flags: int) -> int:
    """Every technique except ``flags``."""
    off = 0
    for f in flags:
        off |= f
    return ALL & ~off


def mask(text: str) -> np.uint64:
    return np.uint64(mask_of(parse_hand(text)))


def play(hand: str, trick: str = "", *, earlier: str = "", trump: str = "H", flags: int = ALL,
         later_opp: bool | None = None) -> str:
    """The card seat 2 plays holding ``hand``.

    ``trick``: the cards already in this trick, in playing order, the lead first (so the
    leader is seat 2 - len(trick)); ``earlier``: cards played in previous tricks.
    ``later_opp`` (whether an opponent still plays to this trick) defaults to what holds
    when every seat still has cards: true unless seat 2 plays last.
    """
    parse_hand(" ".join((hand, trick, earlier)))  # refuses a card given twice
    t = parse_suit(trump)
    cards = parse_hand(trick)
    leader = (SEAT - len(cards)) % 4
    wseat, wcard = -1, -1
    for k, c in enumerate(cards):
        if wseat < 0 or int(TAB.beats[t, wcard]) >> c & 1:
            wseat, wcard = (leader + k) % 4, c
    led = int(TAB.cinfo[t, L.I_SUIT, cards[0]]) if cards else -1
    h = mask(hand)
    legal = legal_cards(h, led, t, TAB, L.PLAIN_FOLLOW_OR_TRUMP)
    played = mask(trick) | mask(earlier)
    if later_opp is None:
        later_opp = len(cards) <= 2
    table_points = sum(int(TAB.cinfo[t, L.I_POINTS, c]) for c in cards)
    third_hand = later_opp and len(cards) == 2
    winning = -1 if wseat < 0 else (1 if (wseat ^ SEAT) == 2 else 0)  # WIN_*
    c = int(heuristic_card(flags, h, legal, winning, wcard, played, later_opp, third_hand,
                           table_points, t, TAB))
    assert int(legal) >> c & 1, f"{card_text(c)} is not a legal play"
    return card_text(c)


def bury(h_after: str, extra: int, flags: int, trump: str = "H") -> str:
    """The cards buried from ``h_after`` (the stack's hand after its top card), sorted."""
    out = heuristic_bury(flags, mask(h_after), extra, parse_suit(trump), TAB)
    return format_cards(cards_of(int(out)))


def call(hand: str, standing: int = 0, partner_holds: bool = False) -> int:
    return int(heuristic_call(mask(hand), standing, partner_holds, False, TAB))


# --- the helper itself -------------------------------------------------------------------


def test_helper_reads_the_trick():
    # seat 0 (partner) leads 4H, seat 1 plays 8H and wins: seat 2 is third hand
    assert play("KH 3H", "4H 8H", earlier="AH") == "KH"
    # seat 1 led a plain KS: seat 2 may follow or trump (not 2D); it trumps with 3H
    assert play("9S 3H 2D", "KS") == "3H"


# --- cinching ----------------------------------------------------------------------------


@pytest.mark.parametrize("flags", [L.F_CINCH, ALL])
def test_cinch_plays_the_cheapest_sure_winner(flags):
    # Partner led 4H, seat 1 (an opponent) wins with 8H, seat 3 still to play. With AH
    # gone, KH and QH cannot be beaten by any unseen card; 9H beats 8H, but TH or JH may
    # still beat 9H.
    assert play("KH QH 9H 3H", "4H 8H", earlier="AH", flags=flags) == "QH"
    # second hand does not cinch: its partner still plays after it
    assert play("KH QH 9H 3H", "8H", earlier="AH", flags=flags) == "9H"


@pytest.mark.parametrize("flags", [0, without(L.F_CINCH)])
def test_without_cinch_the_cheapest_winner(flags):
    assert play("KH QH 9H 3H", "4H 8H", earlier="AH", flags=flags) == "9H"
    assert play("KH QH 9H 3H", "8H", earlier="AH", flags=flags) == "9H"


def test_cinch_needs_a_sure_winner():
    # with AH unseen, QH and KH can both be beaten: the cheapest winner, as without cinch
    assert play("KH QH 9H 3H", "4H 8H", flags=ALL) == "9H"


def test_no_cinch_when_last_to_play():
    # seat 3 led 6H, partner 2H, seat 1 wins with 8H: nobody plays after seat 2
    assert play("KH QH 9H 3H", "6H 2H 8H", earlier="AH", flags=ALL) == "9H"


def test_no_cinch_over_a_partner():
    # Partner led 9H, which QH or JH (unseen) may still beat; KH is sure with AH gone, but
    # cinching is against the fourth hand saving a pedro onto its partner's trick.
    assert play("KH 4H", "9H 3H", earlier="AH", flags=ALL) == "4H"
    assert play("KH 4H", "9H 3H", earlier="AH", flags=without(L.F_CINCH)) == "4H"


# --- saving a pedro ----------------------------------------------------------------------


@pytest.mark.parametrize("hand,pedro", [("5H QH 3H", "5H"), ("5D QH 3H", "5D"),
                                        ("5H 5D QH 3H", "5D")])
def test_save_pedro_last_to_play(hand, pedro):
    # seat 3 led 7H, partner took it with KH, seat 1 played 8H: partner wins, seat 2 is last
    assert play(hand, "7H KH 8H", flags=ALL) == pedro
    assert play(hand, "7H KH 8H", flags=L.F_SAVE_PEDRO) == pedro
    assert play(hand, "7H KH 8H", flags=without(L.F_SAVE_PEDRO)) == "3H"


def test_save_other_counters_without_a_pedro():
    # no pedro: the cheapest card that scores for the trick's winner (TH before JH)
    assert play("JH TH 3H", "7H KH 8H", flags=ALL) == "TH"
    assert play("JH TH 3H", "7H KH 8H", flags=without(L.F_SAVE_PEDRO)) == "3H"


@pytest.mark.parametrize("trick,earlier", [("AH 3H", ""), ("KH 3H", "AH")])
def test_save_pedro_when_partner_cannot_be_beaten(trick, earlier):
    # partner led a trump no unseen card beats; seat 3 still to play
    assert play("5H QH 4H", trick, earlier=earlier, flags=ALL) == "5H"
    assert play("5H QH 4H", trick, earlier=earlier, flags=without(L.F_SAVE_PEDRO)) == "4H"


@pytest.mark.parametrize("flags", [ALL, L.F_SAVE_PEDRO, L.F_SAVE_PEDRO | L.F_GUARD_PEDRO])
def test_no_pedro_when_partner_is_not_safe(flags):
    # partner led KH, but AH is unseen and seat 3 still plays: keep the pedro
    assert play("5H 9H 4H", "KH 3H", flags=flags) == "4H"
    assert play("5D 9H 4H", "KH 3H", flags=flags) == "4H"


# --- leading trumps ----------------------------------------------------------------------


@pytest.mark.parametrize("hand,earlier,top,low", [
    ("AH 7H 5D", "", "AH", "7H"),  # the weakest card 5D counts: 7H is led instead
    ("KH 9H 3H 5D", "AH", "KH", "3H"),  # KH is the top trump once AH is gone
    ("5H 4H 3H", "AH KH QH JH TH 9H 8H 7H 6H", "5H", "3H"),  # ... and the pedro, late on
    ("KH 9S 7H", "AH", "KH", "9S"),  # a plain card ranks below every trump
])
def test_lead_trumps(hand, earlier, top, low):
    assert play(hand, earlier=earlier, flags=ALL) == top
    assert play(hand, earlier=earlier, flags=L.F_LEAD_TRUMPS) == top
    assert play(hand, earlier=earlier, flags=without(L.F_LEAD_TRUMPS)) == low


def test_lead_trumps_only_a_sure_top_trump():
    # AH unseen: KH could lose, so the weakest non-counting card is led
    assert play("KH 9H 3H 5D", flags=ALL) == "3H"


def test_lead_without_guard_may_lead_a_counter():
    assert play("AH 7H 5D", flags=0) == "5D"


# --- guarding the pedro ------------------------------------------------------------------


@pytest.mark.parametrize("flags", [L.F_GUARD_PEDRO, ALL])
def test_guard_keeps_the_pedro_back(flags):
    # seat 1 led 4H, seat 3 still to play: the pedro is the only winner, but could be
    # overtaken (and is not a sure winner, so cinching does not apply either)
    assert play("5H 3H", "4H", flags=flags) == "3H"
    # a non-counting winner is preferred to a cheaper counting one
    assert play("5H 9H 3H", "4H", flags=flags) == "9H"


@pytest.mark.parametrize("flags", [0, without(L.F_GUARD_PEDRO)])
def test_without_guard_the_cheapest_winner(flags):
    assert play("5H 3H", "4H", flags=flags) == "5H"
    assert play("5H 9H 3H", "4H", flags=flags) == "5H"


@pytest.mark.parametrize("flags", [0, ALL])
def test_last_to_play_wins_with_the_pedro(flags):
    # seat 3 led 4H, partner 3H, seat 1 2H: the pedro is safe in last place
    assert play("5H 9H", "4H 3H 2H", flags=flags) == "5H"


def test_guard_keeps_counters_out_of_an_opponents_trick():
    # seat 1 led KH and seat 2 cannot beat it: the weakest card (5D) would give away 5
    assert play("5D 6H", "KH", flags=ALL) == "6H"
    assert play("5D 6H", "KH", flags=without(L.F_GUARD_PEDRO)) == "5D"


def test_guard_when_every_winner_counts():
    # seat 1 led 4H, seat 3 still to play: JH and 5H both win, both count, neither is sure
    assert play("JH 5H 3H", "4H", flags=L.F_GUARD_PEDRO) == "3H"
    assert play("JH 5H 3H", "4H", flags=0) == "5H"


# --- burying -----------------------------------------------------------------------------


def test_bury_low():
    # non-scoring trumps left: KH 9H 4H
    assert bury("AH KH 9H 5H 5D 4H 2H", 2, ALL) == "4H 9H"
    assert bury("AH KH 9H 5H 5D 4H 2H", 2, L.F_BURY_LOW) == "4H 9H"
    assert bury("AH KH 9H 5H 5D 4H 2H", 2, without(L.F_BURY_LOW)) == "9H KH"


@pytest.mark.parametrize("flags", [0, L.F_BURY_LOW, ALL])
def test_bury_never_a_scoring_trump(flags):
    # exactly two non-scoring trumps among A J T pedro off-five 2: both go, whatever flags
    assert bury("AH JH TH 5H 5D 2H 8H 3H", 2, flags) == "3H 8H"
    # another trump suit: the off-five of spades is 5C, the 2 of spades scores for its holder
    assert bury("AS JS TS 5S 5C 2S KS QS 3S", 3, flags, trump="S") == "3S QS KS"


@pytest.mark.parametrize("flags", [0, ALL])
def test_bury_returns_exactly_extra_cards(flags):
    scoring = int(TAB.masks[1, L.M_SCORE_TRICK] | TAB.masks[1, L.M_TWO])
    h_after = mask("AH KH QH JH TH 9H 8H 7H 6H 5H 5D 4H 3H")
    for extra in range(1, 8):
        out = int(heuristic_bury(flags, h_after, extra, 1, TAB))
        assert bin(out).count("1") == extra
        assert out & ~int(h_after) == 0 and out & scoring == 0


# --- bidding -----------------------------------------------------------------------------

EXAMPLE = "AH KH 5H 2H 9C 4D JS 7S 3C"


def test_suit_value_of_the_example_hand():
    # hearts: A 20 + K 12 + pedro 30 + 2 12, and 10 for the fourth trump
    assert suit_value(mask(EXAMPLE), 1, TAB) == 84
    # diamonds: 4D 4 + 5H, the off-five of diamonds, 25
    assert suit_value(mask(EXAMPLE), 2, TAB) == 29
    assert suit_value(mask(EXAMPLE), 0, TAB) == 14  # JS 10 + 7S 4
    assert suit_value(mask(EXAMPLE), 3, TAB) == 8  # 9C 4 + 3C 4
    assert best_suit(mask(EXAMPLE), TAB) == parse_suit("H")


def test_best_suit_ties_go_to_the_lowest_suit():
    # 2S 3S against 2D 3D: spades (0) before diamonds (2)
    assert best_suit(mask("2S 3S 2D 3D 8H 9C"), TAB) == 0


def test_call_bids_the_estimate():
    assert call(EXAMPLE) == 8
    assert call(EXAMPLE, standing=7) == 8  # over an opponent's 7
    assert call(EXAMPLE, standing=8) == 0


def test_call_passes_without_trumps_worth_anything():
    hand = "3S 4S 6H 7H 8D 9D 6C 7C 8C"
    assert max(suit_value(mask(hand), t, TAB) for t in range(4)) < 70
    assert call(hand) == 0


def test_call_over_partner_needs_two_more():
    nine = "AH KH 5H 2H 9H 4D JS 7S 3C"  # hearts 98: estimate 9
    assert call(EXAMPLE, standing=7, partner_holds=True) == 0  # 8 is not 7 + 2
    assert call(nine, standing=7, partner_holds=True) == 9
    assert call(nine, standing=8, partner_holds=True) == 0
    assert call(nine, standing=8, partner_holds=False) == 9


def test_call_never_exceeds_the_max_bid():
    big = "AH KH QH JH TH 9H 5H 5D 2H"  # hearts 189: estimate 18
    assert MAX_BID == 14
    assert call(big) == MAX_BID
    assert call(big, standing=13) == MAX_BID
    assert call(big, standing=12, partner_holds=True) == MAX_BID


def test_call_passes_over_a_standing_max_bid():
    big = "AH KH QH JH TH 9H 5H 5D 2H"
    assert call(big, standing=MAX_BID) == 0


# docs/heuristic.md: weights by rank '2' .. 'A' (the 5 is the pedro), and the off-five
WEIGHTS = (12, 4, 4, 30, 4, 4, 4, 4, 8, 10, 8, 12, 20)
OFF_FIVE_WEIGHT = 25


def doc_suit_value(cards: list[int], t: int) -> int:
    trumps = [c for c in cards if c // 13 == t or c == (3 - t) * 13 + 3]
    v = sum(OFF_FIVE_WEIGHT if c // 13 != t else WEIGHTS[c % 13] for c in trumps)
    return v + 10 * max(0, len(trumps) - 3)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=0, max_size=14, unique=True))
def test_suit_value_follows_the_documented_table(cards):
    values = [doc_suit_value(cards, t) for t in range(4)]
    m = np.uint64(mask_of(cards))
    assert [suit_value(m, t, TAB) for t in range(4)] == values
    assert best_suit(m, TAB) == values.index(max(values))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=9, max_size=9, unique=True),
       st.sampled_from([0, 7, 8, 9, 10, 11, 12, 13]), st.booleans())
def test_call_is_a_legal_bid(cards, standing, partner_holds):
    c = int(heuristic_call(np.uint64(mask_of(cards)), standing, partner_holds, False, TAB))
    assert c == 0 or max(7, standing + 1) <= c <= MAX_BID
    if partner_holds and c:
        assert c >= standing + 2


# --- the strongest and weakest trump ----------------------------------------------------


@pytest.mark.many_sides
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 3), st.data())
def test_strongest_and_weakest_trump_by_strength(preset, t, data):
    """The search by stronger-trumps masks (I_STRONGER) picks the trump of highest and of
    lowest strength, in every preset (off-fives, jokers, the 2 where it scores)."""
    tab = EngineInputs.for_variant(preset).tables
    trumps = cards_of(int(tab.masks[t, L.M_TRUMP]))
    held = data.draw(st.lists(st.sampled_from(trumps), min_size=1, unique=True))
    by_strength = sorted(held, key=lambda c: int(tab.cinfo[t, L.I_STRENGTH, c]))
    m = np.uint64(mask_of(held))
    assert int(strongest(m, t, tab)) == by_strength[-1]
    assert int(weakest(m, t, tab)) == by_strength[0]


# --- any position: a legal card ----------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(52)), st.integers(1, 6), st.integers(0, 3), st.integers(0, 3),
       st.integers(0, 20), st.integers(0, ALL))
def test_always_a_legal_card(deck, n_hand, n_trick, trump, n_earlier, flags):
    hand = deck[:n_hand]
    trick = deck[n_hand:n_hand + n_trick]
    earlier = deck[n_hand + n_trick:n_hand + n_trick + n_earlier]
    text = [format_cards(x) for x in (hand, trick, earlier)]
    c = play(text[0], text[1], earlier=text[2], trump="SHDC"[trump], flags=flags)
    assert c in text[0].split()


# --- end to end: every flag changes some deals -------------------------------------------

TECHNIQUES = {"cinch": L.F_CINCH, "save-pedro": L.F_SAVE_PEDRO,
              "lead-trumps": L.F_LEAD_TRUMPS, "guard-pedro": L.F_GUARD_PEDRO,
              "bury-low": L.F_BURY_LOW}
DEALS = 20_000


def deal_hist(team0_flags: int) -> np.ndarray:
    """hist[bid, bidder team's points] over DEALS heuristic deals, team 1 with every flag."""
    flags = np.array([team0_flags, ALL], dtype=np.int64)
    chunk = 5_000
    hist = np.zeros((DEALS // chunk, MAX_BID + 1, CINCH.variant.total_points + 1), np.int64)
    drivers.deal_stats(drivers.Span(2024, 0, DEALS, chunk), L.P_HEURISTIC, flags, CINCH.tables,
                       hist)
    return hist.sum(axis=0)


@pytest.fixture(scope="module")
def all_flags_hist() -> np.ndarray:
    hist = deal_hist(ALL)
    assert hist.sum() == DEALS
    assert np.array_equal(hist, deal_hist(ALL))  # deterministic: differences come from flags
    return hist


@pytest.mark.parametrize("name", TECHNIQUES)
def test_each_flag_changes_some_deals(all_flags_hist, name):
    hist = deal_hist(ALL & ~TECHNIQUES[name])
    # the auction never looks at the flags: the same bids in the same deals ...
    assert np.array_equal(hist.sum(axis=1), all_flags_hist.sum(axis=1))
    # ... but the play does, and so the points taken
    assert not np.array_equal(hist, all_flags_hist), f"turning {name} off changed no deal"


# --- refinements found by measuring the techniques (docs/heuristic.md) ---------------------


def test_no_cinch_when_nothing_is_left_to_protect():
    """Both pedros gone and no points in the trick: a sure trump is kept for later."""
    hand, trick, earlier = "KH QH 9H 3H", "4H 8H", "AH 5H 5D 7C 6C 2C 8C"
    assert play(hand, trick, earlier=earlier) == "9H"
    assert play(hand, trick, earlier=earlier.replace("5H ", "")) == "QH", "a pedro is out"
    # cinch alone (no guard): the cheapest winner JH, unless the trick already holds points
    assert play("KH JH 3H", "4H 8H", earlier=earlier, flags=L.F_CINCH) == "JH"
    assert play("KH JH 3H", "4H TH", earlier=earlier, flags=L.F_CINCH) == "KH"


def test_save_never_throws_a_sure_winning_ace():
    """Partner's KH is safe (the ace is ours); the ace wins its own point later."""
    assert play("AH 9H 4H", "KH 3H") == "4H"
    assert play("AH TH 4H", "KH 3H") == "TH"


def test_guard_wins_with_a_counter_that_cannot_be_overtaken():
    assert play("AH 3H", "KH", flags=L.F_GUARD_PEDRO) == "AH"
    assert play("5H 3H", "4H", flags=L.F_GUARD_PEDRO) == "3H"
