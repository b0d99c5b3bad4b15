"""What every strategy analysis takes, validated once: rules, players, seed, deals."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pedro_sim.analysis.runner import Step, chunk_for, run_chunked
from pedro_sim.errors import PedroError
from pedro_sim.rules import Variant
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.setup import DEFAULT_WORLDS, EngineInputs, Players, players


@dataclass(frozen=True)
class Study:
    """The common options of holdings, technique, advise and the charts."""

    inputs: EngineInputs
    who: Players
    seed: int
    deals: int
    show_progress: bool | None = None
    player_options: tuple[str, int, str] = ("heuristic", DEFAULT_WORLDS, "rollout")

    @property
    def keys(self) -> dict[str, str]:
        """The columns that say what a row was measured on."""
        return {"variant": self.inputs.variant.name, "policy": self.who.label}

    def run(self, step: Step, shape: tuple[int, ...], label: str,
            deals: int | None = None) -> np.ndarray:
        """Sum a strategy driver's per-chunk counts over deals 0..deals-1 (default: all)."""
        return run_chunked(step, self.deals if deals is None else deals, shape, label,
                           self.show_progress, chunk_for(self.who.policy))


def build_study(variant: str | Variant = "cinch", policy: str = "heuristic", seed: int = 12345,
                deals: int = 100_000, rules: tuple[str, ...] | list[str] = (),
                rules_file: Path | None = None, worlds: int = DEFAULT_WORLDS,
                evaluator: str = "rollout", show_progress: bool | None = None) -> Study:
    """Validate the options every analysis shares, once (PedroError names a bad one)."""
    if deals < 1:
        raise PedroError(f"--deals must be at least 1, got {deals}")
    resolved = variant if isinstance(variant, Variant) else \
        resolve_variant(variant, list(rules), rules_file)
    who = players(policy, resolved, worlds=worlds, evaluator=evaluator)
    return Study(EngineInputs.for_variant(resolved), who, seed, deals, show_progress,
                 (policy, worlds, evaluator))
