"""`bourre play`: a hand at a place of a table, every option (pass, play drawing 0..5)
played on the same simulated deals; what each is worth in chips with its interval."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from pedro_sim.analysis.runner import run_chunked
from pedro_sim.analysis.seat_words import seat_names, seat_place
from pedro_sim.cards import SUITS, card_text, parse_card, parse_hand, parse_suit
from pedro_sim.errors import PedroError
from pedro_sim.games.bourre.analysis.declaration_values import option_table
from pedro_sim.games.bourre.analysis.seating import Table
from pedro_sim.games.bourre.kernels import drivers as D
from pedro_sim.games.bourre.kernels.decision_deals import F_LEN
from pedro_sim.games.bourre.rules import MAX_POT, BourreRules, TrumpCard
from pedro_sim.parsers import parse_seat

PLAY_CHUNK = 4096  # deals a chunk, heuristic tables
THINKING_PLAY_CHUNK = 16
DEALS = 200_000  # deals without --deals, heuristic tables
THINKING_DEALS = 2_000


@dataclass(frozen=True)
class Question:
    """A declaration to value: the hand (the turned-up card last when it is the seat's),
    the seat (place 1 .. N after the dealer, dealer 0), the trump suit and turned-up card
    (-1: drawn among the unseen trumps), the pot, and whether the seat may pass."""

    hand: np.ndarray
    seat: int
    trump: int
    turned: int
    pot: int
    may_pass: bool

    @property
    def first_option(self) -> int:
        return 0 if self.may_pass else 1


def place_of(text: str, players: int) -> int:
    """A place after the dealer (1 .. N, the dealer N) from --seat (parsers.parse_seat)."""
    return seat_place(parse_seat(text, players), players) + 1


def question(hand_text: str, trump_text: str, place_text: str, rules: BourreRules,
             pot: int | None, turned_text: str | None) -> Question:
    """The checked question: five distinct cards, a suit, a place, a pot; the dealer's own
    turned-up card (given, or its lowest card of the trump suit)."""
    cards = parse_hand(hand_text, size=5)
    trump = parse_suit(trump_text)
    n = rules.players
    place = place_of(place_text, n)
    pot = n if pot is None else pot
    if not 1 <= pot <= MAX_POT:
        raise PedroError(f"--pot {pot}: a pot of 1 .. {MAX_POT:,} chips")
    own = place == n and rules.trump_card is TrumpCard.DEALER
    turned = -1
    if turned_text is not None:
        turned = parse_card(turned_text)
        if turned // 13 != trump:
            raise PedroError(f"--turned {card_text(turned)} is not a {SUITS[trump]}: the "
                             "turned-up card names trumps")
        if own != (turned in cards):
            raise PedroError(f"--turned {card_text(turned)}: " + (
                "the dealer's turned-up card is one of its five" if own else
                "only the dealer holds the turned-up card (this seat is not the dealer, "
                "or it belongs to nobody)"))
    if own:
        trumps = [c for c in cards if c // 13 == trump]
        if not trumps:
            raise PedroError(f"the dealer's fifth card is the turned-up trump: a dealer's "
                             f"hand needs a card of {SUITS[trump]}")
        turned = turned if turned >= 0 else min(trumps)
        cards = [c for c in cards if c != turned] + [turned]
    may_pass = not (own and turned % 13 == 12)
    return Question(np.array(cards, np.int64), place % n, trump, turned if own else -1, pot,
                    may_pass)


def play_values(rules: BourreRules, q: Question, table: Table, deals: int, seed: int,
                show_progress: bool | None = None) -> pd.DataFrame:
    """Each option's chips (and P(take), P(bourré)) for the seat, on ``deals`` deals."""
    most = (2**63 - 1) // (4 * q.pot * q.pot)  # the sums of two options' chips' products
    if deals > most:
        raise PedroError(f"--deals {deals:,} at a pot of {q.pot:,} chips: at most {most:,} "
                         "(the sums of the chips' products are 64-bit)")
    chunk = THINKING_PLAY_CHUNK if table.thinks else PLAY_CHUNK

    def step(first: int, count: int, size: int, out: np.ndarray) -> None:
        D.fixed_hand(rules, seed, first, count, size, q.hand, q.seat, 0, q.trump, q.turned,
                     q.pot, q.first_option, table.pol, table.worlds, out)

    sums = run_chunked(step, deals, (F_LEN,), "bourre play", show_progress, chunk)
    return option_table(sums, q.first_option)


def default_deals(table: Table) -> int:
    """The deals of a run that names none: fewer when a seat thinks (pimc)."""
    return THINKING_DEALS if table.thinks else DEALS


def place_word(q: Question, players: int) -> str:
    """The seat's word as --seat takes it (seat_words.seat_names): eldest .. dealer."""
    return seat_names(players)[(q.seat or players) - 1]  # q.seat counts the dealer as 0


def play_rows(frame: pd.DataFrame, rules: BourreRules, q: Question,
              table: Table) -> pd.DataFrame:
    """play.csv's rows: the options (play_values) with the table, its rules and players,
    the pot and the seat."""
    return frame.assign(players=rules.players, rules=rules.label, policy=table.label,
                        pot=q.pot, seat=place_word(q, rules.players))
