"""Player specs: ``NAME[:key=value,...]``, for example ``pimc:worlds=40,eval=solver``.

Each setting is declared once below, with its values, its default and its meaning; a spec
names a player and any settings that differ from the defaults, and its canonical text (every
setting spelled out) is what reports and run.json record. Where a preset has its own
defaults for pimc (PIMC_TUNING below), they fill what a spec does not name, and
the canonical text spells them out too, so it reads as the same player in every preset.

>>> str(parse_spec("pimc:worlds=40,eval=solver"))
'pimc:worlds=40,eval=solver,bid_worlds=64,objective=score,think=all,keep_worlds=32,infer=cards,trust=95,solve_tricks=4,prune=10,finish=4,solve_worlds=0'
>>> BEFORE_17 = "objective=points,think=play,infer=none,solve_tricks=0,prune=0,finish=0"
>>> str(parse_spec("pimc:" + BEFORE_17))  # the pimc of before issue 17
'pimc:worlds=20,eval=rollout,bid_worlds=64,objective=points,think=play,keep_worlds=32,infer=none,solve_tricks=0,prune=0,finish=0,solve_worlds=0'
>>> str(parse_spec("Heuristic"))
'heuristic'
>>> str(parse_spec("pimc:steer=forbid-cinch"))  # never cinches (the technique command)
'pimc:worlds=20,eval=rollout,bid_worlds=64,objective=score,think=all,keep_worlds=32,steer=forbid-cinch,infer=cards,trust=95,solve_tricks=4,prune=10,finish=4,solve_worlds=0'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.errors import PedroError
from pedro_sim.rules.overrides import name_value
from pedro_sim.rules.variant import Variant

MAX_WORLDS = 100_000
STEER_VALUES = {"none": 0, **{f"{mode}-{name}": L.steer_code(name, mode)
                              for name in L.STEERED for mode in L.STEER_MODES}}


@dataclass(frozen=True)
class Setting:
    """One setting of the thinking players: its key in a spec, its slot in the kernels'
    settings block (layout K_*), its named values (None: a whole number from ``lo`` to
    ``hi``), its default and what it means."""

    key: str
    slot: int
    values: dict[str, int] | None
    default: str | int
    meaning: str
    lo: int = 1
    hi: int = MAX_WORLDS

    def parse(self, text: str, where: str) -> str | int:
        """The value ``text`` names; ``where`` (the spec, or the option that gave it) starts
        the error."""
        if self.values is None:
            try:
                n = int(text)
            except ValueError:
                raise PedroError(f"{where}: {self.key} must be a whole number, "
                                 f"got '{text}'") from None
            if not self.lo <= n <= self.hi:
                raise PedroError(f"{where}: {self.key} must be from {self.lo} to "
                                 f"{self.hi}, got {n}")
            return n
        value = text.strip().lower()
        if value not in self.values:
            raise PedroError(f"{where}: unknown {self.key} '{text}' (known: "
                             f"{', '.join(self.values)})")
        return value

    def code(self, value: str | int) -> int:
        return int(value) if self.values is None else self.values[value]


SETTINGS = (
    Setting("worlds", L.K_WORLDS, None, 20, "worlds drawn per card decision (pimc)"),
    Setting("eval", L.K_EVAL, {"rollout": L.EVAL_ROLLOUT, "solver": L.EVAL_SOLVER,
                               "blend": L.EVAL_BLEND}, "rollout",
            "how a world values a card: heuristic rollout, the solver with the world's "
            "cards visible, or the mean of the two (blend) (pimc)"),
    Setting("bid_worlds", L.K_BID_WORLDS, None, 64,
            "deals simulated per suit (and to value passing) to bid and name trumps"),
    Setting("objective", L.K_OBJECTIVE, {"points": L.OBJ_POINTS, "score": L.OBJ_SCORE}, "score",
            "what card play maximizes: its side's points, or its side's net score of the deal "
            "(its score minus the other side's) under the preset's scoring"),
    Setting("think", L.K_THINK, {"play": L.THINK_PLAY, "bid": L.THINK_BID, "all": L.THINK_ALL},
            "all", "what it thinks about: card play only (bids its playout estimate by the "
            "heuristic's rule); also its bids and trumps (by expected net score); or also its "
            "keeps and discards and a stack's top card"),
    Setting("keep_worlds", L.K_KEEP_WORLDS, None, 32,
            "deals simulated per candidate keep or discard (think=all)", hi=256),
    Setting("steer", L.K_STEER, STEER_VALUES, "none",
            "a technique (docs/strategy.md) to count its situations and choices in (watch-), "
            "never to take (forbid-) or always to take (force-) where its situation arises; "
            "none: play freely (left out of the spec's text)"),
    Setting("call", L.K_CALL, {"heuristic": L.CALL_HEURISTIC, "playouts": L.CALL_PLAYOUTS},
            "heuristic", "five-handed: how it calls its partner's trump: as the heuristic "
            "(the highest trump it lacks), or by playouts (measured weaker: docs/players.md); "
            "heuristic: left out of the spec's text"),
    Setting("infer", L.K_INFER, {"none": L.INFER_NONE, "auction": L.INFER_AUCTION,
                                 "cards": L.INFER_CARDS, "all": L.INFER_ALL}, "cards",
            "what it reads beyond the cards seen: nothing (every consistent world as likely); "
            "the auction (its card play keeps each world drawn as likely as the other "
            "seats' bids and passes are with its cards there, and its bidding deals follow "
            "the calls heard before it: docs/players.md); the auction in card play only "
            "(cards); or the auction and, in card play, the other seats' plays too (all)"),
    Setting("trust", L.K_TRUST, None, 95,
            "with infer: how far its worlds trust the model of the bidders, in percent (the "
            "rest is a uniform floor, so no consistent world is ever excluded)",
            lo=0, hi=99),
    Setting("solve_tricks", L.K_SOLVE_TRICKS, None, 4,
            "with eval=rollout: from how many tricks before the end it solves its worlds "
            "exactly instead of rolling them out, where the deal has two sides (partnerships, "
            "and five-handed's bidder's team against the rest once the partner is known; "
            "not individual play) (0: never; eval=solver solves them all)",
            lo=0, hi=13),
    Setting("prune", L.K_PRUNE, None, 10,
            "from the 8th world on, a card whose paired values over the worlds so far lie "
            "more than prune/10 standard errors below the best card's is no longer valued, "
            "and it stops drawing when one card is left (0: never)", lo=0, hi=100),
    Setting("finish", L.K_FINISH, None, 4,
            "a rollout plays the trick in progress as the heuristic and, where at most this "
            "many tricks are left after it, solves them exactly, every card of the world "
            "visible, where the deal has two sides (0: it plays to the end)", lo=0, hi=13),
    Setting("solve_nodes", L.K_SOLVE_NODES, None, 0,
            "where it would roll out at a table of two sides: it solves the decision instead "
            "when every card of its first world solves within this many search nodes (0: "
            "never)", lo=0, hi=10_000_000),
    Setting("partner", L.K_PARTNER, {"raise": L.PARTNER_RAISE, "once": L.PARTNER_ONCE},
            "raise", "think=bid or all, an auction that goes round: it bids over its "
            "partner wherever its deals say that beats passing (raise), or its side takes the "
            "bid from a partner once at most (once); raise: left out of the spec's text"),
    Setting("overcalls", L.K_OVERCALLS, {"called": L.OVER_CALLED,
                                         "one-round": L.OVER_ONE_ROUND}, "one-round",
            "think=bid or all: where its bid prices the later seats' overcalls (a level a "
            "later opponent would bid over, or the dealer take by equalling, counts as "
            "passing, and it bids the level of the best mean): in every one-round auction, "
            "or only where a partner is called (five-handed; the rule before 2026-12-06); "
            "one-round: left out of the spec's text"),
    Setting("finish_early", L.K_FINISH_EARLY, None, 4,
            "with finish: the rollouts of a decision more than finish + 1 tricks from the end "
            "play as the heuristic until this many tricks are left and solve those exactly, "
            "every card of the world visible, where the deal has two sides (0: they play to "
            "the end, as before 2026-12-06's last change; 4: left out of the spec's text)",
            lo=0, hi=13),
    Setting("alike", L.K_ALIKE, {"all": L.ALIKE_ALL, "merge": L.ALIKE_MERGE}, "merge",
            "with prune, between two sides: of the cards that play alike whoever holds the "
            "cards it has not seen (a run of one suit, no points, nothing unseen between), "
            "it values the weakest only (merge), or every card (all, as before 2026-12-06's "
            "last change); merge: left out of the spec's text"),
    Setting("solve_worlds", L.K_SOLVE_WORLDS, None, 0,
            "the worlds drawn for a decision it solves from the card (solve_tricks, or "
            "eval=solver), where they are not worlds (0: worlds; left out of the spec's "
            "text)", lo=0, hi=100000),
    Setting("solve_lead", L.K_SOLVE_LEAD, None, 0,
            "with solve_tricks: 1: a lead one trick before the solved ones is solved from "
            "the card too (in cinch, whose default solves five tricks of six, the opening "
            "lead); 0: it is rolled out (0: left out of the spec's text)", lo=0, hi=1),
)
# the default of before 2026-12-06: rollouts to the end, no pruning, overcalls priced in
# five-handed only (docs/players.md, "Strength against cost"); its worlds and bidding deals
# written out, and its eval, so that no preset's tuning (PIMC_TUNING) moves it
ROLLOUT_PIMC = ("pimc:worlds=20,eval=rollout,bid_worlds=64,solve_tricks=0,prune=0,finish=0,"
                "overcalls=called,solve_worlds=0")
# the pimc of before issue 17, the same in every preset
BEFORE_17_PIMC = ("pimc:worlds=20,eval=rollout,bid_worlds=64,objective=points,think=play,"
                  "infer=none,solve_tricks=0,prune=0,finish=0,solve_worlds=0")
# not written in a spec's text (trust is written only with inference on: infer=none, the
# default before 2026-12-05, is)
HIDDEN_DEFAULTS = {("steer", "none"), ("call", "heuristic"), ("overcalls", "one-round"),
                   ("partner", "raise"), ("solve_nodes", 0),
                   ("finish_early", 4), ("alike", "merge"),
                   ("solve_lead", 0)}
BY_KEY = {s.key: s for s in SETTINGS}
# The default pimc's settings by preset where that preset's own duels measured them
# stronger than the declared defaults (docs/players.md, "The default pimc by preset"): they
# fill the settings a rollout pimc's spec does not name, at the preset's table of four in
# partnerships (parse_spec; --worlds and --eval first). One more trick solved from the
# card, on 12 worlds: +0.16 to +0.24 net score a deal in cinch and california. Where the solver
# is cheap, every world solved: in pidro on 60 worlds (+0.21 and +0.29 over its 28
# rolled-out worlds of before, ahead of the exact-solver seat on 20 worlds, level against
# the heuristic), in dom-pedro on 40 (+0.40, and +0.28 against the heuristic), in ukrainian
# on 28 (+1.83 and +2.21, level against the heuristic). In family and king-pedro, where
# the solver alone fell behind against the heuristic, each world valued by the mean of
# the solver's value and a rollout's (eval=blend) on 40 worlds: family +0.29 and +0.23
# over its 28 rolled-out worlds of before, +0.28 and +0.31 over the exact-solver seat;
# king-pedro +0.89 over its default of before, +0.67 over the seat; level against the
# heuristic in both. In sixty-three the blend on 28 worlds: +0.91 and +0.66 over the
# declared defaults, level with the seat (which led those by 1.08) and the heuristic; in
# sancho on 28: +0.27 and +0.19 over its fifth trick solved, +0.49 against the heuristic. In lipton,
# whose auction goes round, twice the bidding deals: +0.32 (20,000 deals; +0.41 against
# the rollout pimc, which the declared defaults were level with).
PIMC_TUNING: dict[str, dict[str, str | int]] = {
    **dict.fromkeys(("cinch", "california"), {"solve_tricks": 5, "solve_worlds": 12}),
    "sancho": {"eval": "blend", "worlds": 28},
    **dict.fromkeys(("family", "king-pedro"), {"eval": "blend", "worlds": 40}),
    "sixty-three": {"eval": "blend", "worlds": 28},
    "pidro": {"eval": "solver", "worlds": 60},
    "dom-pedro": {"eval": "solver", "worlds": 40},
    "ukrainian": {"eval": "solver", "worlds": 28},
    "lipton": {"bid_worlds": 128},
}
# each player, its kernel code and the settings it reads
PLAYERS: dict[str, tuple[int, tuple[str, ...]]] = {
    "random": (L.PL_RANDOM, ()),
    "heuristic": (L.PL_HEURISTIC, ()),
    "pimc": (L.PL_PIMC, tuple(BY_KEY)),
    "dd": (L.PL_DD, ("bid_worlds", "objective", "think", "keep_worlds", "steer", "partner",
                     "overcalls")),
}


@dataclass(frozen=True)
class PlayerSpec:
    """A player and its settings (every one it reads, defaults filled in)."""

    name: str
    settings: dict[str, str | int] = field(default_factory=dict)

    @property
    def code(self) -> int:
        return PLAYERS[self.name][0]

    @property
    def thinks(self) -> bool:
        return self.code >= L.PL_PIMC

    def __str__(self) -> str:
        shown = {k: v for k, v in self.settings.items() if (k, v) not in HIDDEN_DEFAULTS
                 and not (k == "trust" and self.settings.get("infer") == "none")}
        if not shown:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in shown.items())

    def block(self) -> np.ndarray:
        """The kernels' settings block (layout K_*): the defaults where it reads none."""
        out = np.zeros(L.N_SETTINGS, dtype=np.int64)
        for s in SETTINGS:
            out[s.slot] = s.code(self.settings.get(s.key, s.default))
        return out


def parse_spec(text: str, defaults: dict[str, str | int] | None = None,
               tuning: dict[str, str | int] | None = None) -> PlayerSpec:
    """A spec from ``NAME[:key=value,...]``; ``defaults`` (e.g. --worlds, --eval) fill the
    settings the text does not name, then ``tuning`` (a preset's own defaults for pimc:
    pimc_tuning; one that names eval tunes only a spec that names none, one that does not
    a spec with eval=rollout or none), then the declared defaults. A one-line PedroError
    names what is wrong.

    >>> str(parse_spec("pimc:prune=20", tuning={"worlds": 28})).split(",")[0]
    'pimc:worlds=28'
    >>> str(parse_spec("pimc:eval=solver", tuning={"worlds": 28})).split(",")[0]
    'pimc:worlds=20'
    >>> str(parse_spec("pimc:worlds=8", tuning={"solve_worlds": 12})).split(",")[-1]
    'solve_worlds=0'
    >>> solver = {"eval": "solver", "worlds": 60}
    >>> [str(parse_spec(t, tuning=solver)).split(",")[:2] for t in ("pimc", "pimc:eval=rollout")]
    [['pimc:worlds=60', 'eval=solver'], ['pimc:worlds=20', 'eval=rollout']]
    """
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    if name not in PLAYERS:
        raise PedroError(f"unknown player '{text}' (known: {', '.join(PLAYERS)}; settings as "
                         "NAME:key=value,..., e.g. pimc:worlds=40,eval=solver)")
    reads = PLAYERS[name][1]
    given = given_settings(text, name, rest, reads)
    fill = {k: BY_KEY[k].parse(str(v), f"--{k}") for k, v in (defaults or {}).items()
            if v is not None and k in reads}
    if tuning and name == "pimc" and tuned(given.get("eval", fill.get("eval")), tuning):
        fill = {k: v for k, v in tuning.items() if k in reads} | fill
    settings = {key: given.get(key, fill.get(key, BY_KEY[key].default)) for key in reads}
    if name == "pimc" and "solve_worlds" not in given and (
            settings["solve_worlds"] >= settings["worlds"]):
        settings["solve_worlds"] = 0  # a tuning never draws more worlds than asked: worlds
    return PlayerSpec(name, settings)


def tuned(evaluator: str | int | None, tuning: dict[str, str | int]) -> bool:
    """Whether a preset's ``tuning`` fills a pimc spec whose eval is ``evaluator`` (None:
    not named): a tuning that names eval (pidro's solver, family's blend) tunes only a
    spec that names none, so that the exact-solver seat (eval=solver) and the rollout
    pimc (eval=rollout) stay the players they are in every preset; one that does not, a
    spec that names eval=rollout too."""
    return evaluator is None or ("eval" not in tuning and evaluator == "rollout")


def given_settings(text: str, name: str, rest: str,
                   reads: tuple[str, ...]) -> dict[str, str | int]:
    """The settings a spec's text names, each checked (``rest``: the text after 'NAME:')."""
    given: dict[str, str | int] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        pair = name_value(item)
        if pair is None:
            raise PedroError(f"player '{text}': '{item}' is not key=value")
        key, value = pair[0].lower(), pair[1]
        if key not in reads:
            known = ", ".join(reads) if reads else "none"
            raise PedroError(f"player '{text}': {name} has no setting '{key}' (its settings: "
                             f"{known})")
        if key in given:
            raise PedroError(f"player '{text}': {key} given twice")
        given[key] = BY_KEY[key].parse(value, f"player '{text}'")
    return given


def pimc_tuning(variant: Variant) -> dict[str, str | int]:
    """The default pimc's settings in ``variant`` that are not the declared ones: none at
    tables of more than two sides, where no preset's tuning was measured.

    >>> from pedro_sim.rules.overrides import resolve_variant
    >>> pimc_tuning(resolve_variant("pidro", [])), pimc_tuning(resolve_variant("foster", []))
    ({'eval': 'solver', 'worlds': 60}, {})
    >>> pimc_tuning(resolve_variant("cinch@3", []))
    {}
    """
    return dict(PIMC_TUNING.get(variant.name, {})) if variant.partnerships else {}


def outside(*specs: str | None) -> bool:
    """Whether any of the specs names an outside program (exec:COMMAND), which the arena
    seats, not the kernels.

    >>> outside("pimc", " exec:./bot"), outside(None, "heuristic")
    (True, False)
    """
    return any(s is not None and s.strip().startswith("exec:") for s in specs)


def short_name(spec: str | PlayerSpec) -> str:
    """The spec as a chart names it: only the settings that differ from its player's
    defaults (run.json and the CSVs keep the canonical text, every setting spelled out).

    >>> short_name(parse_spec("pimc"))
    'pimc'
    >>> short_name(str(parse_spec("pimc:worlds=40")))  # the canonical text, shortened
    'pimc:worlds=40'
    >>> short_name("heuristic")
    'heuristic'
    """
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    changed = [f"{k}={v}" for k, v in parsed.settings.items() if v != BY_KEY[k].default]
    return parsed.name + (":" + ",".join(changed) if changed else "")


_SETTING_TEXT = r"[a-z_]+=[a-z0-9-]+"
_SPEC_IN_TEXT = re.compile(rf"\b(?:{'|'.join(PLAYERS)})"
                           rf"(?::{_SETTING_TEXT}(?:,{_SETTING_TEXT})*)?\b")


def short_label(label: str) -> str:
    """A report's label of its players (one spec, ``bidders A, defenders B``, ``A vs B``)
    with every spec in it named by ``short_name``; text that is not a valid spec is kept.

    >>> short_label("bidders pimc:worlds=20,eval=solver, defenders heuristic")
    'bidders pimc:eval=solver, defenders heuristic'
    """
    def shorten(match: re.Match) -> str:
        try:
            return short_name(match.group(0))
        except PedroError:
            return match.group(0)

    return _SPEC_IN_TEXT.sub(shorten, label)


def settings_help() -> str:
    """One line per setting, for --help and docs."""
    return "; ".join(
        f"{s.key}={'|'.join(s.values) if s.values else 'N'} (default {s.default}): {s.meaning}"
        for s in SETTINGS)
