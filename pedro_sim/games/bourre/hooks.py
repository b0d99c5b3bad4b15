"""The hooks through which the shared layer reaches Bourré (pedro_sim/games registers it):
its sub-app, its report sections, what warmup compiles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console


def app() -> Any:
    """The ``pedro-sim bourre`` sub-app."""
    from pedro_sim.games.bourre.cli import bourre_app

    return bourre_app


def report_sections(seed: int, deals: int, work: Path, console: Console,
                    quiet: Console) -> list:
    """Bourré's sections of ``pedro-sim report`` (report.sections.Section), run into work."""
    from pedro_sim.games.bourre.report import bourre_sections

    return bourre_sections(seed, deals, work, console, quiet)


def warm() -> None:
    """Compile Bourré's drivers for ``pedro-sim warmup``: sessions, a recorded session, a
    fixed hand, hands by class (one compile serves every player: a seat's player is data)."""
    import numpy as np

    from pedro_sim.games.bourre.analysis.seating import seated
    from pedro_sim.games.bourre.kernels import drivers
    from pedro_sim.games.bourre.kernels.decision_deals import F_LEN, N_CLASSES
    from pedro_sim.games.bourre.rules import BourreRules

    rules = BourreRules(players=4)
    table = seated("pimc:worlds=1", 4)
    drivers.sessions(rules, 1, 0, 2, 2, table.pol, table.worlds)
    drivers.record_session(rules, 1, 0, 2, table.pol, table.worlds)
    hand = np.array([12, 11, 10, 9, 8], np.int64)
    drivers.fixed_hand(rules, 1, 0, 1, 1, hand, 1, 0, 0, -1, 4, 0, table.pol, table.worlds,
                       np.zeros((1, F_LEN), np.int64))
    drivers.hand_classes(rules, 1, 0, 1, 1, 1, 4, table.pol, table.worlds,
                         np.zeros((1, N_CLASSES, F_LEN), np.int64))
