"""`pedro-sim bot --policy SPEC`: one of pedro-sim's players as an outside program, speaking
pedro-bot/1 on standard input and output (docs/protocol.md). It answers each question as
the same player answers it inside the arena, so that a duel of the player through the
protocol against itself in the arena differs by exactly nothing."""

from __future__ import annotations

import sys
from typing import IO

from pedro_sim.arena.messages import (
    Malformed,
    check_deal_over,
    check_decide,
    check_hello,
    read_line,
)
from pedro_sim.arena.play import ARENA_PLAYERS
from pedro_sim.arena.players import RandomPlayer
from pedro_sim.arena.protocol import CARD_DECISIONS, encode_option, line
from pedro_sim.engine_inputs import EngineInputs
from pedro_sim.errors import PedroError
from pedro_sim.reference.cards import SUITS
from pedro_sim.reference.variants import parse_any_card
from pedro_sim.rules import Variant


def raw_option(decision: str, value) -> int:
    """An option of a question as the players' code holds it."""
    if decision in CARD_DECISIONS:
        return parse_any_card(str(value))
    if decision == "trump":
        return SUITS.index(str(value))
    return int(value)


class BotFault(PedroError):
    """`pedro-sim bot` was sent a line that pedro-bot/1 does not say: one line and exit code
    1, as the engine stops a program that breaks the protocol (2 is kept for a bad
    command line)."""

    exit_code = 1


def player_for(policy: str, variant: Variant, seed: int):
    """The player of ``policy`` for the game a hello names; Malformed if it cannot play
    there (pimc outside its presets)."""
    if policy == "random":
        return RandomPlayer(seed)
    from pedro_sim.arena.heuristic import HeuristicPlayer

    inputs = EngineInputs.for_variant(variant)
    if policy.startswith("pimc"):  # before ready: no question waits for the compiler
        from pedro_sim.arena.pimc import PimcPlayer, arena_pimc
        from pedro_sim.arena.play import warm_seated

        try:
            player = PimcPlayer(inputs, arena_pimc(policy, inputs), seed)
        except PedroError as exc:
            raise Malformed(str(exc)) from None
        warm_seated(inputs, seed, player.who.label)
        return player
    player = HeuristicPlayer(inputs)
    player.warm()
    return player


class Bot:
    """One conversation: the hello it was told, the player it is, each line answered."""

    def __init__(self, policy: str, stdout: IO[str]) -> None:
        self.policy = policy
        self.stdout = stdout
        self.hello: dict | None = None
        self.player = None
        self.kind = ""  # the type of the message being read, once known

    def say(self, message: dict) -> None:
        self.stdout.write(line(message))
        self.stdout.flush()

    def answer(self, text: str) -> bool:
        """Read one line and answer it; False once the engine says bye."""
        self.kind = ""
        message = read_line(text)
        self.kind = message["type"]
        if self.kind == "bye":
            return False
        if self.kind == "hello":
            if self.hello is not None:
                raise Malformed("a second hello")
            self.player = player_for(self.policy, check_hello(message), message["seed"])
            self.hello = message
            self.say({"type": "ready", "name": f"pedro-sim {self.policy}"})
        elif self.hello is None:
            raise Malformed(f"{self.kind} before hello")
        elif self.kind == "decide":
            check_decide(message, self.hello)
            self.say({"action": encode_option(message["decision"], self.choose(message))})
        else:
            check_deal_over(message, self.hello)
        return True

    def choose(self, question: dict) -> int:
        """The player's option; a view it cannot read (fields that do not fit together)
        is named, never a traceback."""
        decision = question["decision"]
        legal = [raw_option(decision, x) for x in question["legal"]]
        try:
            return self.player.decide(question, legal)
        except PedroError as exc:
            raise Malformed(f"the view does not read: {exc}") from None
        except (ArithmeticError, LookupError, TypeError, ValueError) as exc:
            raise Malformed(f"the view does not fit the question ({type(exc).__name__}: "
                            f"{exc})") from None


def serve(policy: str, stdin: IO[str], stdout: IO[str]) -> int:
    """Answer questions until "bye" or the end of input."""
    if policy.split(":")[0] not in ARENA_PLAYERS:
        raise PedroError(f"bot --policy: '{policy}' cannot answer from a seat's view yet "
                         f"(known: {', '.join(ARENA_PLAYERS)})")
    if policy.startswith("pimc"):
        from pedro_sim.specs import parse_spec

        parse_spec(policy)  # a bad setting is refused before any question
    bot = Bot(policy, stdout)
    for number, text in enumerate(stdin, 1):
        if not text.strip():
            continue
        try:
            if not bot.answer(text):
                break
        except Malformed as exc:
            kind = f" ({bot.kind})" if bot.kind else ""
            raise BotFault(f"bot: line {number}{kind}: {exc}") from None
    return 0


def main(policy: str) -> int:
    return serve(policy.strip().lower(), sys.stdin, sys.stdout)
