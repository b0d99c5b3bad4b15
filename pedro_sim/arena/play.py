"""Deals played in the arena: the reference engine deals and rules (it lists every legal
option), each seat's player answers. The deals are the engine's own deals of the seed
(the same shuffle and dealer as `pedro-sim trace`), and each is returned as a
pedro-trace/1 object that the reference checker reads."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pedro_sim.arena.players import TIMEOUT, ExecPlayer, RandomPlayer, command_words
from pedro_sim.arena.protocol import BotError
from pedro_sim.arena.views import Deal
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, player_specs
from pedro_sim.errors import PedroError
from pedro_sim.reference.engine import FORMAT, fixed_deal
from pedro_sim.reference.general import seeded_deal, simulate
from pedro_sim.reference.variants import get_variant, with_rules
from pedro_sim.rules import Variant

ARENA_PLAYERS = ("random", "heuristic", "pimc")  # pedro-sim's players that answer from a view


class SeatFault(PedroError):
    """An outside program failed at a seat: the deals finished before it are kept (exit
    code 1: the program failed, not the command line)."""

    exit_code = 1
    traces: list = []  # noqa: RUF012 (set on each fault by arena_traces)


def game_of(inputs: EngineInputs, seed: int) -> dict:
    """What the arena tells every program first: the preset, its house rules, the table
    size and the seed (docs/protocol.md)."""
    game = {"variant": inputs.variant.name, "players": inputs.variant.players, "seed": seed}
    if inputs.trace_rules:
        game["rules"] = dict(inputs.trace_rules)
    return game


def check_arena_spec(spec: str, worlds: int | None = None, evaluator: str | None = None,
                     variant: Variant | None = None) -> str:
    """A player the arena can seat: exec:COMMAND, or one of ARENA_PLAYERS (a pimc spec
    written out whole, --worlds and --eval, then ``variant``'s pimc tuning, filling the
    settings it does not name)."""
    text = spec.strip()
    if text.startswith("exec:"):
        try:
            command_words(text[5:])
        except PedroError as exc:
            raise PedroError(f"player '{spec}': {exc}") from None
        return text
    if text.lower().split(":")[0] not in ARENA_PLAYERS:
        raise PedroError(f"player '{spec}' cannot sit at a table with an outside program "
                         f"(there: exec:COMMAND, {', '.join(ARENA_PLAYERS)})")
    if text.lower().startswith("pimc"):
        return str(player_specs(text, worlds=worlds, evaluator=evaluator, variant=variant)[0])
    return text.lower()


def fewest_trumps(inputs: EngineInputs):
    """What all see of each seat's trumps when play starts, as the engine's sampler knows
    it (engine/thinking/sampler.py start_knowledge): where every non-trump is discarded,
    the trumps it was dealt (at most the cards it holds); a robbing dealer with more than a
    hand, that many."""
    v, tab = inputs.variant, inputs.tables

    def fewest(dealt: list[list[int]], start: list[list[int]], trump: str) -> list[int]:
        if tab.opts[L.O_DISCARD] != L.DISCARD_NON_TRUMPS:
            return [0] * len(dealt)
        m = int(tab.masks["SHDC".index(trump), L.M_TRUMP])
        robs = tab.opts[L.O_DEALER_FILL] == L.FILL_ROB_TRUMPS
        return [len(s) if robs and len(s) > v.keep else min(sum(m >> c & 1 for c in d), len(s))
                for d, s in zip(dealt, start, strict=True)]
    return fewest


@dataclass
class Arena:
    """The players of a run by seat, one program started per distinct exec spec."""

    inputs: EngineInputs
    seed: int
    specs: list[str]
    timeout: float = TIMEOUT
    programs: dict[str, ExecPlayer] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.specs = [check_arena_spec(s, variant=self.inputs.variant) for s in self.specs]
        self.game = game_of(self.inputs, self.seed)
        opts = self.inputs.tables.opts
        self.fewest = fewest_trumps(self.inputs)
        self.passes_to = [int(opts[L.SE_PARTNER + s]) if opts[L.O_PASS_EXCESS] else -1
                          for s in range(self.inputs.variant.players)]
        own = {"random": RandomPlayer(self.seed)}
        from pedro_sim.arena.heuristic import HeuristicPlayer  # the engine's kernels

        own["heuristic"] = HeuristicPlayer(self.inputs)
        self.players = []
        for spec in self.specs:  # checked before any program is started
            if spec.startswith("pimc") and spec not in own:
                from pedro_sim.arena.pimc import PimcPlayer, arena_pimc

                own[spec] = PimcPlayer(self.inputs, arena_pimc(spec, self.inputs), self.seed)
        try:
            for seat, spec in enumerate(self.specs):
                if spec.startswith("exec:"):
                    if spec not in self.programs:
                        seats = [s for s, x in enumerate(self.specs) if x == spec]
                        self.programs[spec] = self.start(spec, seats, seat)
                    self.players.append(self.programs[spec])
                else:
                    self.players.append(own[spec])
        except PedroError:
            self.close()
            raise

    def start(self, spec: str, seats: list[int], seat: int) -> ExecPlayer:
        try:
            return ExecPlayer(spec[5:].strip(), self.game, seats, self.timeout)
        except BotError as exc:
            raise SeatFault(f"seat {seat} ({spec}) before the first deal: {exc}") from None

    def variant(self):
        rules = self.game.get("rules")
        return with_rules(self.game["variant"], rules) if rules else \
            get_variant(self.game["variant"])

    def play(self, index: int, label: str) -> dict:
        """Deal ``index`` (dealer index % players, as the engine deals it) as a trace."""
        v = self.variant()
        dealer = index % v.players
        _, hands, stock = seeded_deal(v, self.seed, index, 0, dealer)
        table = self.table(v, index, dealer, hands)
        return self.finish(index, label, table, lambda: simulate(v, dealer, hands, stock,
                                                                 table))

    def play_fixed(self, index: int, hand: list[int], seat: int, bid: int, suit: int,
                   label: str) -> dict:
        """The `bid` analysis's deal ``index`` (kind 2, dealer 0, as the engine deals it):
        ``seat`` holds ``hand`` (reference card ids), holds ``bid`` without an auction
        and names ``suit``."""
        v = self.variant()
        _, hands, stock = fixed_deal(v, self.seed, index, hand, seat)
        table = self.table(v, index, 0, hands)
        table.fix(seat, bid, suit)
        return self.finish(index, label, table, lambda: simulate(
            v, 0, hands, stock, table, fixed_bidder=seat, fixed_bid=bid), {"kind": 2})

    def table(self, v, index: int, dealer: int, hands) -> Deal:
        """The deal's table: its views and the seats' players."""
        return Deal(self.game, index, dealer, hands, self.players,
                    v.forced if isinstance(v.forced, int) else 0, self.fewest, self.passes_to,
                    self.inputs.variant.discards_face_up)

    def finish(self, index: int, label: str, table: Deal, run: Callable[[], tuple],
               header: dict | None = None) -> dict:
        """Play the deal (``run``: the reference engine with ``table`` as its policy),
        tell every program it is over, and return its trace."""
        try:
            body, _ = run()
        except BotError as exc:
            seat = table.asking
            raise SeatFault(f"seat {seat} ({self.specs[seat]}) in deal {index}: {exc}") \
                from None
        trace = {"format": FORMAT, "variant": self.game["variant"], "seed": self.seed,
                 "deal": index, **(header or {}), "policy": label}
        if self.game.get("rules"):
            trace["rules"] = self.game["rules"]
        trace.update(body)
        for spec, program in self.programs.items():
            try:
                program.tell({"type": "deal_over", "deal": index, "trace": trace})
            except BotError as exc:
                seat = self.specs.index(spec)
                raise SeatFault(f"seat {seat} ({spec}) after deal {index}: {exc}") from None
        return trace

    def close(self) -> None:
        for program in self.programs.values():
            program.close()


def arena_traces(inputs: EngineInputs, seed: int, indices: Iterable[int], specs: list[str],
                 label: str, timeout: float = TIMEOUT,
                 done: Callable[[dict], None] | None = None) -> list[dict]:
    """The deals ``indices`` with ``specs[seat]`` at each seat; ``done`` sees each trace
    as it is finished. A SeatFault carries the traces finished before it (``.traces``)."""
    traces: list[dict] = []
    arena = Arena(inputs, seed, specs, timeout)
    try:
        for i in indices:
            trace = arena.play(int(i), label)
            traces.append(trace)
            if done:
                done(trace)
    except SeatFault as exc:
        exc.traces = traces
        raise
    finally:
        arena.close()
    return traces


def warm_seated(inputs: EngineInputs, seed: int, spec: str) -> None:
    """Compile (or load) every kernel the player ``spec`` calls in the arena (pimc: its
    kernels are asked from views): one deal with it at every seat."""
    arena_traces(inputs, seed, [0], [spec] * inputs.variant.players, "warm")
