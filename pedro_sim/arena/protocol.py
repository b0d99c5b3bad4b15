"""The pedro-bot/1 protocol (docs/protocol.md): what is said over an outside program's
standard input and output, one JSON object a line, and how a decision's options are
written in it (cards as text, trumps as suit letters, calls and counts as numbers)."""

from __future__ import annotations

import json
from typing import Any

from pedro_sim.reference.cards import SUITS
from pedro_sim.reference.variants import CARD_TEXT

PROTOCOL = "pedro-bot/1"
CARD_DECISIONS = ("keep", "call", "top", "extra")  # options that are cards
DECISIONS = ("bid", "trump", "keep_count", "keep", "pass", "call", "top", "extra")


class BotError(Exception):
    """An outside program broke the protocol: the message names what it did."""


def encode_option(decision: str, value: int) -> str | int:
    """An option as the protocol writes it."""
    if decision in CARD_DECISIONS:
        return CARD_TEXT[value]
    if decision == "trump":
        return SUITS[value]
    return int(value)


def decode_answer(decision: str, answer: Any, legal: list) -> int:
    """The option a program's ``{"action": ...}`` names; BotError if it is none of them."""
    written = [encode_option(decision, v) for v in legal]
    if isinstance(answer, str):
        answer = answer.strip().upper() if decision != "bid" else answer
    for value, text in zip(legal, written, strict=True):
        if answer == text and type(answer) is type(text):
            return value
    shown = ", ".join(json.dumps(w) for w in written[:12]) + (" ..." if len(written) > 12 else "")
    raise BotError(f"illegal action {json.dumps(answer)} for {decision} (legal: {shown})")


def read_answer(line: str) -> Any:
    """The action of a program's reply line."""
    try:
        reply = json.loads(line)
    except json.JSONDecodeError as exc:
        raise BotError(f"malformed line {line.strip()[:80]!r} ({exc.msg})") from None
    if not isinstance(reply, dict) or "action" not in reply:
        raise BotError(f"malformed line {line.strip()[:80]!r} (expected {{\"action\": ...}})")
    return reply["action"]


def line(message: dict) -> str:
    """One message as the line the engine writes."""
    return json.dumps(message, separators=(",", ":")) + "\n"
