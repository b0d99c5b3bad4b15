"""`pedro-sim bot --policy SPEC`: one of pedro-sim's players as an outside program, speaking
pedro-bot/1 on standard input and output (docs/protocol.md). It answers each question as
the same player answers it inside the arena, so that a duel of the player through the
protocol against itself in the arena differs by exactly nothing."""

from __future__ import annotations

import json
import sys
from typing import IO

from pedro_sim.arena.play import ARENA_PLAYERS
from pedro_sim.arena.players import RandomPlayer
from pedro_sim.arena.protocol import CARD_DECISIONS, encode_option, line
from pedro_sim.errors import PedroError
from pedro_sim.reference.cards import SUITS
from pedro_sim.reference.variants import parse_any_card


def raw_option(decision: str, value) -> int:
    """An option of a question as the players' code holds it."""
    if decision in CARD_DECISIONS:
        return parse_any_card(str(value))
    if decision == "trump":
        return SUITS.index(str(value))
    return int(value)


def player_for(policy: str, hello: dict):
    """The player a hello message's game asks for."""
    if policy == "random":
        return RandomPlayer(int(hello["seed"]))
    from pedro_sim.arena.heuristic import HeuristicPlayer, game_inputs

    if policy.startswith("pimc"):
        from pedro_sim.arena.pimc import PimcPlayer, arena_pimc

        inputs = game_inputs(hello)
        player = PimcPlayer(inputs, arena_pimc(policy, inputs), int(hello["seed"]))
    else:
        player = HeuristicPlayer.for_game(hello)
    player.warm()  # before ready: no question waits for the compiler
    return player


def serve(policy: str, stdin: IO[str], stdout: IO[str]) -> int:
    """Answer questions until "bye" or the end of input."""
    if policy.split(":")[0] not in ARENA_PLAYERS:
        raise PedroError(f"bot --policy: '{policy}' cannot answer from a seat's view yet "
                         f"(known: {', '.join(ARENA_PLAYERS)})")
    if policy.startswith("pimc"):
        from pedro_sim.specs import parse_spec

        parse_spec(policy)  # a bad setting is refused before any question
    player = None
    for text in stdin:
        if not text.strip():
            continue
        try:
            message = json.loads(text)
        except json.JSONDecodeError:
            raise PedroError(f"bot: not a JSON line: {text.strip()[:80]!r}") from None
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "hello":
            player = player_for(policy, message)
            stdout.write(line({"type": "ready", "name": f"pedro-sim {policy}"}))
            stdout.flush()
        elif kind == "decide":
            if player is None:
                raise PedroError("bot: a question before hello")
            decision = message["decision"]
            legal = [raw_option(decision, x) for x in message["legal"]]
            choice = player.decide(message, legal)
            stdout.write(line({"action": encode_option(decision, choice)}))
            stdout.flush()
        elif kind == "bye":
            break
    return 0


def main(policy: str) -> int:
    return serve(policy.strip().lower(), sys.stdin, sys.stdout)
