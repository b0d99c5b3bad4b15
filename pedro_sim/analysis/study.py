"""What every strategy analysis takes, validated once: rules, players, seed, deals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from pedro_sim.analysis.runner import Step, chunk_for, run_chunked, run_precise
from pedro_sim.engine_inputs import EngineInputs, Players, players
from pedro_sim.errors import PedroError
from pedro_sim.rules import Variant
from pedro_sim.rules.overrides import resolve_variant


@dataclass(frozen=True)
class Study:
    """The common options of holdings, technique, advise and the charts."""

    inputs: EngineInputs
    who: Players
    seed: int
    deals: int
    show_progress: bool | None = None
    player_options: tuple = ("heuristic", None, None)  # policy, --worlds, --eval as given
    precision: float | None = None  # run each measurement until this half-width (deals: cap)
    used: dict[str, int] = field(default_factory=dict)  # deals each measurement used
    missed: list[str] = field(default_factory=list)  # measurements capped short of precision
    stopped: list[str] = field(default_factory=list)  # stopped early on purpose (advise's screen)

    @property
    def keys(self) -> dict[str, str]:
        """The columns that say what a row was measured on."""
        return {"variant": self.inputs.label, "policy": self.who.label}

    def run(self, step: Step, shape: tuple[int, ...], label: str, deals: int | None = None,
            widest: Callable[[np.ndarray], float] | None = None,
            unit: str = "deals") -> np.ndarray:
        """Sum a strategy driver's per-chunk counts over deals 0..deals-1 (default: all).
        With ``precision`` and ``widest`` (the largest 95% half-width of the proportions
        the counts report), stop as soon as that is at most ``precision``: it looks after
        PRECISION_START deals and after each doubling, so the seed alone fixes the deals
        used, and ``deals`` is the most it may use. ``unit``: what the progress counts."""
        cap = self.deals if deals is None else deals
        chunk = chunk_for(self.who.policy)
        if self.precision is None or widest is None:
            self.used[label] = cap
            return run_chunked(step, cap, shape, label, self.show_progress, chunk, unit)
        acc, done, met = run_precise(step, cap, shape, label, self.show_progress, chunk,
                                     self.precision, widest, unit)
        self.used[label] = done
        if not met:
            self.missed.append(label)
        return acc

    def bid_note(self) -> str | None:
        """Where play depends on the bid (players playing for the score), what the fixed-hand
        measurements were played at, to print beside their tables (None elsewhere)."""
        if not self.who.plays_for_the_score:
            return None
        return (f"Fixed-hand deals were played at bid {self.inputs.variant.min_bid}, the "
                "minimum: these players play for the score, so other bids are priced on deals "
                "played at that one.")

    def meta(self) -> dict:
        """run.json's record of the sizes: the cap, and with --precision the deals each
        measurement used (and the bid fixed-hand deals were played at, where it matters)."""
        played = {} if self.bid_note() is None else \
            {"played_at_bid": self.inputs.variant.min_bid}
        if self.precision is None:
            return played
        return {**played, "precision": self.precision, "deals_used": dict(self.used),
                "precision_missed": list(self.missed),
                **({"screened_out": list(self.stopped)} if self.stopped else {})}

    def precision_line(self) -> str:
        """What --precision did, for the console and run.json."""
        lo, hi = min(self.used.values()), max(self.used.values())
        state = "reached everywhere" if not self.missed else \
            f"NOT reached in {len(self.missed)} of {len(self.used)} (--deals cap hit)"
        if self.stopped:
            state += f" but in the {len(self.stopped)} screened out before it"
        return (f"--precision {self.precision}: {lo:,}–{hi:,} deals per measurement, {state}")


def build_study(variant: str | Variant = "cinch", policy: str = "heuristic", seed: int = 12345,
                deals: int = 100_000, rules: tuple[str, ...] | list[str] = (),
                rules_file: Path | None = None, worlds: int | None = None,
                evaluator: str | None = None, show_progress: bool | None = None,
                precision: float | None = None) -> Study:
    """Validate the options every analysis shares, once (PedroError names a bad one)."""
    if deals < 1:
        raise PedroError(f"--deals must be at least 1, got {deals}")
    resolved = variant if isinstance(variant, Variant) else \
        resolve_variant(variant, list(rules), rules_file)
    who = players(policy, resolved, worlds=worlds, evaluator=evaluator)
    if precision is not None and not 0 < precision < 0.5:
        raise PedroError(f"--precision must be between 0 and 0.5, got {precision}")
    return Study(EngineInputs.for_variant(resolved), who, seed, deals, show_progress,
                 (policy, worlds, evaluator), precision)
