"""What each seat knows as a deal goes, and the question a seat is asked at each decision.

The arena plays a deal with the reference engine (pedro_sim/reference), which lists the
legal options of every decision and asks a policy to choose (``choose(tag, seat, options,
info)``). ``Deal`` is that policy: it writes the question from the seat's view, lets the
seat's player answer, and notes what the answer shows the others. A seat's view holds its
own cards and what is public: the calls, the contract, each seat's cards when play starts
(their number), the tricks so far and (five-handed) the called trump.
"""

from __future__ import annotations

from typing import Protocol

from pedro_sim.arena.protocol import encode_option
from pedro_sim.reference.cards import SUITS
from pedro_sim.reference.variants import CARD_TEXT
from pedro_sim.reference.variants import texts as card_texts


def texts(cards) -> list[str]:
    """Cards as text, in ascending id order."""
    return card_texts(sorted(cards))


class Player(Protocol):
    """Whoever answers a seat's questions: an option of ``legal`` (raw values)."""

    def decide(self, question: dict, legal: list) -> int: ...


class Deal:
    """One deal's table: the views and the players of its seats."""

    def __init__(self, game: dict, deal: int, dealer: int, hands, seats: list[Player],
                 forced: int = 0, public=None, partners=None, face_up: bool = False):
        self.game = game
        self.face_up = face_up  # every discard is seen by all (foster): the view's shown
        self.partners = partners or [-1] * len(seats)  # whom each passes cards to (-1: none)
        self.public = public  # (dealt, start, trump) -> each seat's fewest trumps in play
        self.forced = forced  # the dealer's forced bid, made without a decision
        self.folded: dict[int, int] = {}  # seat -> the first trick it did not play to
        self.deal = deal
        self.dealer = dealer
        self.seats = seats
        n = len(seats)
        self.hand = [sorted(h) for h in hands]  # what each seat holds as far as it knows
        self.dealt_ids = [sorted(h) for h in hands]
        self.fewest: list[int] = []
        self.shown: list[list[str]] = []
        self.dealt = [texts(h) for h in hands]
        self.bids: list[list[int]] = []
        self.contract: dict = {}
        self.started = False
        self.own: list[dict] = [{} for _ in range(n)]  # discarded, received (private)
        self.sizes: list[int] = []
        self.tricks: list[dict] = []
        self.picking: tuple | None = None  # (decision, seat, cards chosen so far)
        self.asking = -1  # the seat asked last (named when its player fails)
        self.top, self.trick = -1, -1  # the top card being played, and its trick
        self.trump = -1  # a trump named for the seat (the `bid` analysis's fixed contract)

    def fix(self, seat: int, bid: int, suit: int) -> None:
        """A contract made without an auction: ``seat`` holds ``bid`` and names ``suit``
        (nobody is asked about either)."""
        self.bids = [[seat, bid]]
        self.contract = {"bidder": seat, "bid": bid}
        self.trump = suit

    def view(self, seat: int) -> dict:
        """The seat's view, a pedro-decision/1 object (docs/protocol.md)."""
        v = {"format": "pedro-decision/1", "variant": self.game["variant"], "seat": seat,
             "dealer": self.dealer, "dealt": self.dealt[seat], "hand": texts(self.hand[seat]),
             "bids": [list(b) for b in self.bids]}
        if self.game.get("rules"):
            v["rules"] = self.game["rules"]
        v.update(self.contract)
        if self.started:
            if self.face_up:
                v["shown"] = [list(cards) for cards in self.shown]
            v.update({**self.own[seat], "hand_sizes": self.sizes, "min_trumps": self.fewest,
                      "tricks": [{"leader": t["leader"], "plays": [[s, list(c)]
                                                                   for s, c in t["plays"]]}
                                 for t in self.tricks]})
        return v

    def choose(self, tag: str, seat: int, options: list, info=None) -> int:
        if tag == "trump" and "bid" not in self.contract:  # a forced bid asks nobody
            self.bids.append([seat, self.forced])
            self.contract = {"bidder": seat, "bid": self.forced}
        chosen = self.picked(tag, seat)
        fixed = tag == "trump" and self.trump >= 0
        value = self.trump if fixed else options[0]
        if len(options) > 1 and not fixed:  # a decision with one option asks nobody
            self.asking = seat
            value = self.seats[seat].decide(self.question(tag, seat, options, info, chosen),
                                            list(options))
        self.observe(tag, seat, value, info, chosen)
        return value

    def question(self, tag: str, seat: int, options: list, info, chosen: list[int]) -> dict:
        """What the seat is asked (docs/protocol.md's decide message)."""
        question = {"type": "decide", "deal": self.deal, "seat": seat, "decision": tag,
                    "legal": [encode_option(tag, o) for o in options],
                    "view": self.view(seat)}
        if tag in ("keep", "extra"):
            question["chosen"] = texts(chosen)
        if tag == "trump":  # what the reference engine says the bidder has seen
            question["view"]["picked_up"] = texts(info or [])
        if tag == "top":
            question["trick"], question["place"] = info
            if info[0] == len(self.tricks):  # it leads: the trick in progress has no plays
                question["view"]["tricks"].append({"leader": seat, "plays": []})
            question["view"]["folded"] = sorted([s, t] for s, t in self.folded.items())
        elif tag == "extra":
            question["trick"] = self.trick
            question["top"] = CARD_TEXT[self.top]
        return question

    def picked(self, tag: str, seat: int) -> list[int]:
        """The cards this seat has chosen so far in the choice under way (a choice of
        several cards is asked one card at a time)."""
        if self.picking and self.picking[:2] == (tag, seat):
            return self.picking[2]
        return []

    def observe(self, tag: str, seat: int, value: int, info, chosen: list[int]) -> None:
        """What the answer changes in the views."""
        if tag in ("keep", "extra"):
            self.picking = (tag, seat, [*chosen, value])
        else:
            self.picking = None
        if tag == "bid":
            self.bids.append([seat, int(value)])
            if value:
                self.contract = {"bidder": seat, "bid": int(value)}
        elif tag == "trump":
            self.contract = {"bidder": seat, "bid": self.contract.get("bid", 0),
                             "trump": SUITS[value]}
        elif tag == "call":
            self.contract["called"] = CARD_TEXT[value]
        elif tag == "top":
            self.top, self.trick = value, info[0]

    def note_play(self, seat: int, trick: int, cards: list[int]) -> None:
        """A seat plays ``cards`` (its top card first) to trick ``trick`` (the reference
        engine tells each play, extras it had no choice of included)."""
        if trick == len(self.tricks):
            self.tricks.append({"leader": seat, "plays": []})
        self.tricks[trick]["plays"].append([seat, [CARD_TEXT[c] for c in cards]])
        for c in cards:
            self.hand[seat].remove(c)

    def note_fold(self, seat: int, trick: int) -> None:
        """A seat folds (the reference engine tells it as it happens: all see it)."""
        self.folded.setdefault(seat, trick)

    def note_taken(self, taken) -> None:
        """Trumps are named and each seat has taken the cards the deal gives it after the
        bidding (the reference engine tells it: the kitty or missy, a book, a second
        packet): they are in its hand from now on."""
        for seat, cards in enumerate(taken):
            self.hand[seat] = sorted(self.dealt_ids[seat] + list(cards))

    def note_start(self, discards, received, start) -> None:
        """The exchange is over (the reference engine tells it): each seat's own cards, the
        cards it sees go out of play or to its partner (passed), and what all see (each seat's
        cards, the fewest trumps each holds)."""
        self.started = True
        self.picking = None
        n = len(self.seats)
        self.shown = []
        for seat in range(n):
            self.hand[seat] = sorted(start[seat])
            taken = {c for q in range(n) if q != seat for c in received[q]}
            mate = set(received[self.partners[seat]]) if self.partners[seat] >= 0 else set()
            out = texts([c for c in discards[seat] if c not in taken])
            self.shown.append(out)
            self.own[seat] = {"discarded": out,
                              "passed": texts([c for c in discards[seat] if c in mate]),
                              "received": texts(received[seat])}
        self.sizes = [len(h) for h in start]
        trump = self.contract.get("trump")
        self.fewest = self.public(self.dealt_ids, start, trump) if self.public and trump \
            else [0] * n
