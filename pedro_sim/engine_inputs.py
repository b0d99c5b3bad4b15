"""Turn user-level choices (preset, policy, techniques) into kernel inputs, once."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.tables import Tables, build_tables
from pedro_sim.errors import PedroError
from pedro_sim.rules import Variant
from pedro_sim.specs import BY_KEY, PlayerSpec, parse_spec, pimc_tuning

TECHNIQUES = {
    "cinch": L.F_CINCH,
    "save-pedro": L.F_SAVE_PEDRO,
    "lead-trumps": L.F_LEAD_TRUMPS,
    "guard-pedro": L.F_GUARD_PEDRO,
    "bury-low": L.F_BURY_LOW,
    "pass-trumps": L.F_PASS_TRUMPS,
}


def parse_player(name: str) -> int:
    """A seat's player code from its spec (specs.py)."""
    return parse_spec(name).code


def parse_policy(name: str, bidders: str | None = None, defenders: str | None = None) -> int:
    """The kernels' policy word: ``name`` at every seat, or the bidders' and the defenders'
    players where either is given (each defaulting to ``name``; the bidders read the first
    settings block of the flags, the defenders the second)."""
    if bidders is None and defenders is None:
        return parse_player(name) * 17
    b = parse_player(bidders or name)
    d = parse_player(defenders or name)
    return L.POLICY_SIDES | b | (d << 4)


def team_policy(team0: str, team1: str, blocks: tuple[int, int] = (0, 1)) -> int:
    """A policy word with one player per team (duels), team k reading settings block
    ``blocks[k]`` of the flags."""
    return (parse_player(team0) | (parse_player(team1) << 4)
            | (blocks[0] << L.PROFILE_SHIFT) | (blocks[1] << (L.PROFILE_SHIFT + 1)))


DEFAULT_WORLDS = int(BY_KEY["worlds"].default)
DEFAULT_BID_WORLDS = int(BY_KEY["bid_worlds"].default)
EVALUATORS = BY_KEY["eval"].values


def player_flags(first: PlayerSpec, second: PlayerSpec | None = None,
                 off_team0: tuple[str, ...] = (), off_team1: tuple[str, ...] = ()) -> np.ndarray:
    """The kernels' flags (layout FL_*): per-team technique flags (every technique on but
    those named for that team), no fixed contract, and the settings blocks of ``first``
    and ``second`` (default: ``first`` again)."""
    flags = np.zeros(L.N_FLAGS, dtype=np.int64)
    flags[0] = flags[1] = L.F_ALL
    for k, spec in enumerate((first, second or first)):
        at = L.FL_SETTINGS + k * L.N_SETTINGS
        flags[at:at + L.N_SETTINGS] = spec.block()
    for team, names in enumerate((off_team0, off_team1)):
        for name in names:
            if name not in TECHNIQUES:
                raise PedroError(f"unknown technique '{name}' (known: {', '.join(TECHNIQUES)})")
            flags[team] &= ~TECHNIQUES[name]
    return flags


def technique_flags(off_team0: tuple[str, ...] = (), off_team1: tuple[str, ...] = (),
                    worlds: int = DEFAULT_WORLDS, evaluator: str = "rollout",
                    bid_worlds: int = DEFAULT_BID_WORLDS) -> np.ndarray:
    """player_flags for the default pimc with these worlds, evaluator and bid worlds (the
    settings of every thinking seat)."""
    if evaluator not in EVALUATORS:
        raise PedroError(f"unknown evaluator '{evaluator}' (known: {', '.join(EVALUATORS)})")
    if worlds < 1:
        raise PedroError(f"--worlds must be at least 1, got {worlds}")
    spec = parse_spec(f"pimc:worlds={worlds},eval={evaluator},bid_worlds={bid_worlds}")
    return player_flags(spec, None, off_team0, off_team1)


# Values the Variant record accepts but the kernels do not play yet (every other value of
# every option they play: a new option needs no entry here).
NOT_PLAYED: dict[str, tuple] = {}  # today: none (deck=32 joined in issue 34)
PLAYED_PRESETS = ("cinch", "foster", "california", "family", "pidro", "nicaragua", "catch-five",
                  "sancho", "dom-pedro", "king-pedro", "sixty-three", "eighty-three", "lipton",
                  "ukrainian", "five-handed")


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
            from pedro_sim.rules.overrides import table_variant

            variant = table_variant(variant)
        check_engine_plays(variant)
        return cls(variant, build_tables(variant))

    @cached_property
    def label(self) -> str:
        """The game's name in every output: ``cinch@3`` (played individually by 3), its
        house rules in brackets (rules/overrides.py variant_label)."""
        from pedro_sim.rules.overrides import variant_label

        return variant_label(self.variant)

    @property
    def sides(self) -> int:
        """The number of sides: two teams, or a player each in individual play."""
        return 2 if self.variant.partnerships else self.variant.players

    @property
    def opts(self) -> np.ndarray:
        """The rule options (encoding/option_array.py)."""
        return self.tables.opts

    @cached_property
    def trace_rules(self) -> dict:
        """The house rules a trace of these inputs names (worked out once, not per deal)."""
        from pedro_sim.rules.overrides import trace_rules

        return trace_rules(self.variant)


@dataclass(frozen=True)
class Players:
    """Who plays: the kernels' policy word and flags, and a label for reports (the players'
    specs, specs.py)."""

    policy: int
    flags: np.ndarray = field(repr=False)
    label: str

    @property
    def thinks(self) -> bool:
        word = self.policy & 0xFF
        return (word & 15) >= L.PL_PIMC or (word >> 4) >= L.PL_PIMC

    @property
    def plays_for_the_score(self) -> bool:
        """Whether play depends on the bid: a thinking player plays for the score."""
        word = self.policy & 0xFF
        return any((word >> (4 * k)) & 15 >= L.PL_PIMC and
                   self.flags[L.FL_SETTINGS + k * L.N_SETTINGS + L.K_OBJECTIVE] == L.OBJ_SCORE
                   for k in range(2))

    def at_bid(self, bid: int) -> Players:
        """The same players with ``bid`` in force in fixed-hand deals (`bid`)."""
        flags = self.flags.copy()
        flags[L.FL_CONTRACT] = bid
        return Players(self.policy, flags, self.label)


def check_two_sides(variant: Variant, what: str) -> None:
    """Refuse, in one line, a comparison of bidders and defenders as two players in
    individual play, where the defenders are several sides (not built there)."""
    if variant.called_partner:
        raise PedroError(f"{what}: {variant.name} has no fixed sides of bidders and "
                         "defenders (the partner is called each deal) to give different "
                         "players or techniques; use a four-player game in partnerships")
    if not variant.partnerships:
        raise PedroError(f"{what}: individual play ({variant.players} players) has no "
                         "fixed sides of bidders and defenders to give different players "
                         "or techniques; use a four-player game in partnerships")


def player_specs(policy: str, bidders: str | None = None, defenders: str | None = None,
                 worlds: int | None = None, evaluator: str | None = None,
                 variant: Variant | None = None) -> tuple[PlayerSpec, PlayerSpec | None]:
    """The specs of every seat's player, or of the bidders' and the defenders' (--worlds and
    --eval, then ``variant``'s pimc tuning, as defaults of the settings a spec does not
    name)."""
    defaults = {"worlds": worlds, "eval": evaluator}
    tuning = pimc_tuning(variant) if variant is not None else None
    if bidders is None and defenders is None:
        return parse_spec(policy, defaults, tuning), None
    return (parse_spec(bidders or policy, defaults, tuning),
            parse_spec(defenders or policy, defaults, tuning))


def players(policy: str, variant: Variant, bidders: str | None = None,
            defenders: str | None = None, worlds: int | None = None,
            evaluator: str | None = None, tuned: bool = True) -> Players:
    """Validate the player specs once (``variant``: the preset they play, whose pimc tuning
    fills the settings they do not name unless not ``tuned``; every played preset has
    thinking players)."""
    first, second = player_specs(policy, bidders, defenders, worlds, evaluator,
                                 variant if tuned else None)
    if second is not None:
        check_two_sides(variant, "--bidders and --defenders")
    if second is None:
        return Players(first.code * 17, player_flags(first), str(first))
    word = L.POLICY_SIDES | first.code | (second.code << 4)
    return Players(word, player_flags(first, second), f"bidders {first}, defenders {second}")


def duel_players(a: str, b: str, worlds: int | None = None, evaluator: str | None = None,
                 variant: Variant | None = None) -> tuple[PlayerSpec, PlayerSpec, np.ndarray]:
    """A duel's two specs and its flags (A's settings in the first block, B's in the
    second; ``variant``'s pimc tuning fills what neither --worlds nor --eval does)."""
    defaults = {"worlds": worlds, "eval": evaluator}
    tuning = pimc_tuning(variant) if variant is not None else None
    sa, sb = parse_spec(a, defaults, tuning), parse_spec(b, defaults, tuning)
    return sa, sb, player_flags(sa, sb)
