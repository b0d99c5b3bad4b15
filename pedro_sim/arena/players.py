"""The players that sit in the arena: an outside program behind a pipe (``exec:COMMAND``),
and pedro-sim's own players that answer from a seat's view alone (``random``,
``heuristic``), so that each plays the same whether it sits in the engine's process or
behind the protocol (`pedro-sim bot`)."""

from __future__ import annotations

import os
import selectors
import shlex
import subprocess
import time

from pedro_sim.arena.protocol import PROTOCOL, BotError, decode_answer, line, read_answer
from pedro_sim.engine.rng import KIND_ARENA
from pedro_sim.errors import PedroError
from pedro_sim.process_exit import own_child
from pedro_sim.reference.rng import Stream

TIMEOUT = 10.0  # seconds an outside program may take for one answer (--bot-timeout)
READY_TIMEOUT = 120.0  # ... to say ready, at least (it may load or compile first)


class RandomPlayer:
    """Uniform over the legal options, one draw per decision with a choice, from a
    stream of its own per deal and seat (what the view's game and deal say)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.streams: dict[tuple[int, int], Stream] = {}

    def decide(self, question: dict, legal: list) -> int:
        key = (question["deal"], question["seat"])
        if key not in self.streams:
            self.streams = {k: s for k, s in self.streams.items() if k[0] == key[0]}
            self.streams[key] = Stream.start(self.seed, key[0], KIND_ARENA + key[1])
        return legal[self.streams[key].below(len(legal))]


def command_words(command: str) -> list[str]:
    """An exec: command as the words a POSIX shell would split it into (shlex: quotes and
    backslashes as in sh; no variables, globs or pipes). A PedroError names what does not
    split, or an empty command."""
    try:
        words = shlex.split(command)
    except ValueError as exc:
        raise PedroError(f"the command does not split as a shell would split it ({exc})") \
            from None
    if not words or not words[0]:
        raise PedroError("exec: needs a command, e.g. --a \"exec:python bot.py\"")
    return words


class ExecPlayer:
    """An outside program: started once, told the game (``hello``), then asked each
    decision of its seats; it must answer each in ``timeout`` seconds."""

    def __init__(self, command: str, game: dict, seats: list[int],
                 timeout: float = TIMEOUT) -> None:
        self.command = command
        self.timeout = timeout
        self.seats = seats
        try:
            self.proc = subprocess.Popen(command_words(command), stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         text=True, bufsize=1)
        except OSError as exc:
            raise PedroError(f"cannot start the program '{command}': {exc}") from None
        own_child(self.proc)  # killed if a Ctrl-C leaves at once
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)
        self.buffer = ""
        try:
            self.send({"type": "hello", "protocol": PROTOCOL, **game, "seats": seats})
            reply = self.receive(max(timeout, READY_TIMEOUT))
            if '"ready"' not in reply.replace(" ", ""):
                raise BotError(f"expected {{\"type\": \"ready\"}}, got "
                               f"{reply.strip()[:80]!r}")
        except BotError:
            self.close()
            raise

    def send(self, message: dict) -> None:
        try:
            self.proc.stdin.write(line(message))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BotError(f"the program exited (code {self.proc.poll()})") from None

    def receive(self, limit: float | None = None) -> str:
        """One line, within the time limit (``limit``, else the program's)."""
        limit = self.timeout if limit is None else limit
        deadline = time.monotonic() + limit
        fd = self.proc.stdout.fileno()
        while "\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                self.proc.kill()  # a program that hangs is not waited for again
                raise BotError(f"no answer within {limit:g} s")
            chunk = os.read(fd, 65536).decode("utf-8", "replace")
            if not chunk:
                raise BotError(f"the program exited (code {self.proc.wait()})")
            self.buffer += chunk
        got, _, self.buffer = self.buffer.partition("\n")
        return got

    def decide(self, question: dict, legal: list) -> int:
        self.send(question)
        return decode_answer(question["decision"], read_answer(self.receive()), legal)

    def tell(self, message: dict) -> None:
        """A message that wants no answer (the end of a deal)."""
        self.send(message)

    def close(self) -> None:
        """Say goodbye and make sure the program is gone."""
        if self.proc.poll() is None:
            try:
                self.send({"type": "bye"})
                self.proc.stdin.close()
            except (BotError, OSError):
                pass
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        own_child(self.proc, owned=False)
        self.selector.close()
