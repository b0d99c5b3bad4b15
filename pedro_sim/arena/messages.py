"""What `pedro-sim bot` reads, checked before it answers (docs/protocol.md): each message
type and each field a pedro-bot/1 message must hold, as tables of checks. A line that
breaks them is named in one line (``Malformed``: where and what), so that the bot stops
the way the engine stops a program that breaks the protocol, never in a traceback."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pedro_sim.arena.protocol import CARD_DECISIONS, DECISIONS, PROTOCOL
from pedro_sim.errors import PedroError
from pedro_sim.reference.cards import SUITS
from pedro_sim.reference.variants import parse_any_card
from pedro_sim.rules import Variant
from pedro_sim.rules.overrides import read_trace_rules

MESSAGES = ("hello", "decide", "deal_over", "bye")  # what the engine says, in order


class Malformed(ValueError):
    """One field that breaks the protocol: the message says which and why."""


Check = Callable[[Any, str, int], None]  # (value, where it is, the table size)


def shown(value: Any) -> str:
    """A value as the line wrote it, cut short."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def whole(value: Any, where: str, n: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**63:
        raise Malformed(f"{where} is {shown(value)}, not a whole number (0 to 2^63 - 1)")


def seat(value: Any, where: str, n: int) -> None:
    whole(value, where, n)
    if value >= n:
        raise Malformed(f"{where} is {value}, not a seat of the table (0 to {n - 1})")


def count(value: Any, where: str, n: int) -> None:
    whole(value, where, n)
    if value < 1:
        raise Malformed(f"{where} is 0, not a number of players")


def text(value: Any, where: str, n: int) -> None:
    if not isinstance(value, str):
        raise Malformed(f"{where} is {shown(value)}, not a string")


def obj(value: Any, where: str, n: int) -> None:
    if not isinstance(value, dict):
        raise Malformed(f"{where} is {shown(value)}, not an object")


def card(value: Any, where: str, n: int) -> None:
    try:
        parse_any_card(value)
    except ValueError:
        raise Malformed(f"{where} is {shown(value)}, not a card (rank then suit, e.g. "
                        "\"TD\")") from None


def suit(value: Any, where: str, n: int) -> None:
    if not isinstance(value, str) or len(value) != 1 or value not in SUITS:
        raise Malformed(f"{where} is {shown(value)}, not a suit (S, H, D or C)")


def spoken(value: Any, where: str, n: int) -> None:
    if value != PROTOCOL:
        raise Malformed(f"{where} is {shown(value)}: pedro-sim bot speaks {PROTOCOL} only")


def one_of(*values: str) -> Check:
    def check(value: Any, where: str, n: int) -> None:
        if value not in values:
            raise Malformed(f"{where} is {shown(value)}, not one of {', '.join(values)}")
    return check


def list_of(item: Check, per_seat: bool = False, filled: bool = False) -> Check:
    """A list of ``item``s (one a seat; at least one)."""
    def check(value: Any, where: str, n: int) -> None:
        if not isinstance(value, list):
            raise Malformed(f"{where} is {shown(value)}, not a list")
        if per_seat and len(value) != n:
            raise Malformed(f"{where} has {len(value)} entries for a table of {n}")
        if filled and not value:
            raise Malformed(f"{where} is empty")
        for i, x in enumerate(value):
            item(x, f"{where}[{i}]", n)
    return check


def pair(first: Check, second: Check) -> Check:
    """A list of two: ``[seat, bid]``, ``[seat, cards]``."""
    def check(value: Any, where: str, n: int) -> None:
        if not isinstance(value, list) or len(value) != 2:
            raise Malformed(f"{where} is {shown(value)}, not a pair [seat, ...]")
        first(value[0], f"{where}[0]", n)
        second(value[1], f"{where}[1]", n)
    return check


def fields(required: dict[str, Check], optional: dict[str, Check] | None = None) -> Check:
    """An object holding every ``required`` field (and ``optional`` ones, checked where
    present); other keys are not read."""
    def check(value: Any, where: str, n: int) -> None:
        obj(value, where, n)
        for key, item in required.items():
            if key not in value:
                raise Malformed(f"{where} has no \"{key}\"" if where else f"no \"{key}\"")
            item(value[key], f"{where}.{key}" if where else key, n)
        for key, item in (optional or {}).items():
            if key in value:
                item(value[key], f"{where}.{key}" if where else key, n)
    return check


CARDS = list_of(card)
TRICK = fields({"leader": seat, "plays": list_of(pair(seat, list_of(card, filled=True)))})
# the view's fields (docs/protocol.md "The view"), by the point of the deal they start at
ALWAYS = {"format": one_of("pedro-decision/1"), "variant": text, "seat": seat,
          "dealer": seat, "dealt": CARDS, "hand": CARDS, "bids": list_of(pair(seat, whole))}
CONTRACT = {"bidder": seat, "bid": whole}
NAMED = {**ALWAYS, **CONTRACT, "trump": suit}
PLAYING = {**NAMED, "discarded": CARDS, "received": CARDS, "passed": CARDS,
           "hand_sizes": list_of(whole, per_seat=True),
           "min_trumps": list_of(whole, per_seat=True), "tricks": list_of(TRICK)}
VIEW_OPTIONAL = {"rules": obj, **CONTRACT, "picked_up": CARDS, "called": card,
                 "shown": list_of(CARDS, per_seat=True), "folded": list_of(pair(seat, whole))}
VIEWS = {"bid": ALWAYS, "trump": {**ALWAYS, **CONTRACT}, "keep_count": NAMED, "keep": NAMED,
         "pass": NAMED, "call": PLAYING, "top": {**PLAYING, "folded": VIEW_OPTIONAL["folded"]},
         "extra": PLAYING}
# a decision's own fields beside deal, seat, decision, legal and view
ASKED = {"top": {"trick": whole, "place": whole}, "extra": {"trick": whole, "top": card}}
CHOSEN = {"chosen": CARDS}  # keep, extra: the cards chosen so far


def option(decision: str) -> Check:
    """What each of a decision's ``legal`` options is."""
    return card if decision in CARD_DECISIONS else suit if decision == "trump" else whole


HELLO = fields({"protocol": spoken, "variant": text, "players": count,
                "seed": whole, "seats": list_of(seat, filled=True)}, {"rules": obj})
DEAL_OVER = fields({"deal": whole, "trace": obj})


def read_line(line: str) -> dict:
    """The message of a line, as far as its type: a JSON object with a known "type"."""
    try:
        message = json.loads(line)
    except json.JSONDecodeError as exc:
        raise Malformed(f"not a JSON line ({exc.msg}): {line.strip()[:60]!r}") from None
    if not isinstance(message, dict):
        raise Malformed(f"not a JSON object: {line.strip()[:60]!r}")
    if "type" not in message:
        raise Malformed("no \"type\"")
    if message["type"] not in MESSAGES:
        raise Malformed(f"unknown message type {shown(message['type'])} ({PROTOCOL} says "
                        f"{', '.join(MESSAGES)})")
    return message


def check_hello(message: dict) -> Variant:
    """The game a hello names (its preset and house rules, the table size it says)."""
    players = message.get("players")  # checked before the seats it bounds
    HELLO(message, "", players if isinstance(players, int) else 0)
    try:
        variant = read_trace_rules(message["variant"], message.get("rules") or {})
    except PedroError as exc:
        raise Malformed(str(exc)) from None
    if variant.players != players:
        raise Malformed(f"players is {players}, but {message['variant']} with the hello's "
                        f"rules seats {variant.players}")
    return variant


def check_decide(message: dict, hello: dict) -> None:
    """A question of one of this program's seats, every field the decision needs there."""
    n = hello["players"]
    fields({"deal": whole, "seat": seat, "decision": one_of(*DECISIONS)})(message, "", n)
    decision = message["decision"]
    if message["seat"] not in hello["seats"]:
        raise Malformed(f"seat is {message['seat']}, not one of this program's seats "
                        f"{hello['seats']}")
    asked = {"legal": list_of(option(decision), filled=True), **ASKED.get(decision, {}),
             "view": fields(VIEWS[decision], VIEW_OPTIONAL)}
    fields(asked, CHOSEN if decision in ("keep", "extra") else {})(message, "", n)
    same(message["view"]["seat"], message["seat"], "view.seat", "the question's")
    same(message["view"]["variant"], hello["variant"], "view.variant", "the hello's")


def same(value: Any, expected: Any, where: str, whose: str) -> None:
    if value != expected:
        raise Malformed(f"{where} is {shown(value)}, not {whose} {shown(expected)}")


def check_deal_over(message: dict, hello: dict) -> None:
    DEAL_OVER(message, "", hello["players"])
