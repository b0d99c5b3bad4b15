"""Turn user-level choices (preset, policy, techniques) into kernel inputs, once."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.tables import Tables, build_tables
from pedro_sim.errors import PedroError
from pedro_sim.rules import Variant, get_preset

PLAYERS = {"random": L.PL_RANDOM, "heuristic": L.PL_HEURISTIC, "pimc": L.PL_PIMC,
           "dd": L.PL_DD}
TECHNIQUES = {
    "cinch": L.F_CINCH,
    "save-pedro": L.F_SAVE_PEDRO,
    "lead-trumps": L.F_LEAD_TRUMPS,
    "guard-pedro": L.F_GUARD_PEDRO,
    "bury-low": L.F_BURY_LOW,
}


def parse_player(name: str) -> int:
    """A seat's player code from its name."""
    try:
        return PLAYERS[name.strip().lower()]
    except KeyError:
        raise PedroError(
            f"unknown policy '{name}' (known: {', '.join(PLAYERS)})"
        ) from None


def parse_policy(name: str, bidders: str | None = None, defenders: str | None = None) -> int:
    """The kernels' policy word: ``name`` at every seat, or the bidders' and the defenders'
    players where either is given (each defaulting to ``name``)."""
    if bidders is None and defenders is None:
        return parse_player(name) * 17
    b = parse_player(bidders or name)
    d = parse_player(defenders or name)
    return L.POLICY_SIDES | b | (d << 4)


def team_policy(team0: str, team1: str) -> int:
    """A policy word with one player per team (duels)."""
    return parse_player(team0) | (parse_player(team1) << 4)


DEFAULT_WORLDS = 20
DEFAULT_BID_WORLDS = 64
EVALUATORS = {"rollout": L.EVAL_ROLLOUT, "solver": L.EVAL_SOLVER}


def technique_flags(off_team0: tuple[str, ...] = (), off_team1: tuple[str, ...] = (),
                    worlds: int = DEFAULT_WORLDS, evaluator: str = "rollout",
                    bid_worlds: int = DEFAULT_BID_WORLDS) -> np.ndarray:
    """Per-team flag words (every technique on except those named for that team), then
    the pimc player's worlds per decision and evaluator, and the deals the thinking
    players simulate per suit to bid."""
    if evaluator not in EVALUATORS:
        raise PedroError(f"unknown evaluator '{evaluator}' (known: {', '.join(EVALUATORS)})")
    if worlds < 1:
        raise PedroError(f"--worlds must be at least 1, got {worlds}")
    flags = np.array([L.F_ALL, L.F_ALL, worlds, EVALUATORS[evaluator], bid_worlds],
                     dtype=np.int64)
    for team, names in enumerate((off_team0, off_team1)):
        for name in names:
            if name not in TECHNIQUES:
                raise PedroError(f"unknown technique '{name}' (known: {', '.join(TECHNIQUES)})")
            flags[team] &= ~TECHNIQUES[name]
    return flags


# Values the Variant record accepts but the kernels do not play yet (every other value of
# every option they play: a new option needs no entry here).
NOT_PLAYED: dict[str, tuple] = {"deck": (32,)}
PLAYED_PRESETS = ("cinch", "foster", "california", "family", "pidro", "nicaragua", "catch-five",
                  "sancho", "dom-pedro", "king-pedro", "sixty-three", "eighty-three")


def check_engine_plays(variant: Variant) -> None:
    """Refuse, naming the options, a variant whose rules the kernels do not play yet."""
    differ = [f"{key}={value}" for key, value in variant.options().items()
              if value in NOT_PLAYED.get(key, ())]
    if differ:
        raise PedroError(f"the engine does not play {variant.name} with "
                         f"{', '.join(differ)} yet (it plays {', '.join(PLAYED_PRESETS)} and "
                         "house rules on their options)")


@dataclass(frozen=True)
class EngineInputs:
    """Everything a kernel reads about the rules: ``tables``, the bundle every kernel
    takes (encoding/tables.py)."""

    variant: Variant
    tables: Tables = field(repr=False)

    @classmethod
    def for_variant(cls, variant: Variant | str) -> EngineInputs:
        if isinstance(variant, str):
            variant = get_preset(variant)
        check_engine_plays(variant)
        return cls(variant, build_tables(variant))

    @property
    def opts(self) -> np.ndarray:
        """The rule options (encoding/options.py)."""
        return self.tables.opts

    @cached_property
    def trace_rules(self) -> dict:
        """The house rules a trace of these inputs names (worked out once, not per deal)."""
        from pedro_sim.rules.overrides import trace_rules

        return trace_rules(self.variant)


@dataclass(frozen=True)
class Players:
    """Who plays: the kernels' policy word and flags, and a label for reports."""

    policy: int
    flags: np.ndarray = field(repr=False)
    label: str

    @property
    def thinks(self) -> bool:
        word = self.policy & 0xFF
        return (word & 15) >= L.PL_PIMC or (word >> 4) >= L.PL_PIMC


def players(policy: str, variant: Variant, bidders: str | None = None,
            defenders: str | None = None, worlds: int = DEFAULT_WORLDS,
            evaluator: str = "rollout") -> Players:
    """Validate the player options once: names and pimc settings (``variant``: the preset
    they play; every played preset has thinking players)."""
    word = parse_policy(policy, bidders, defenders)
    flags = technique_flags(worlds=worlds, evaluator=evaluator)
    label = policy.lower() if bidders is None and defenders is None else \
        f"bidders {(bidders or policy).lower()}, defenders {(defenders or policy).lower()}"
    result = Players(word, flags, label)
    if result.thinks and "pimc" in label:
        result = Players(word, flags, f"{label} (K={worlds}, {evaluator})")
    return result
