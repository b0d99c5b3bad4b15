"""`pedro-sim rules`: what a preset's options are and how it plays."""

from __future__ import annotations

from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

from pedro_sim.engine_inputs import check_engine_plays
from pedro_sim.errors import PedroError
from pedro_sim.rules import PRESETS
from pedro_sim.rules.describe import CINCH_NAMES, describe
from pedro_sim.rules.overrides import resolve_variant, rule_rows, variant_label


def run_rules(preset: str | None, rule: list[str] | None, rules_file: Path | None,
              console: Console) -> None:
    if preset is None and not rule and rules_file is None:
        table = Table(title="presets (pedro-sim rules PRESET for one)")
        for col in ("preset", "game", "points", "bids", "simulated"):
            table.add_column(col)
        for name, v in PRESETS.items():
            table.add_row(name, v.description, str(v.total_points),
                          f"{v.min_bid}..{v.max_bid}", "yes" if _playable(v) else "not yet")
        console.print(table)
        return
    variant = resolve_variant(preset or "cinch", rule, rules_file)
    for line in describe(variant):
        console.print(line, markup=False, highlight=False)
    table = Table(title=f"{variant_label(variant)} options, as --rule OPTION=VALUE takes "
                  "them", box=box.SIMPLE_HEAD, title_justify="left", caption_justify="left")
    table.add_column("option", no_wrap=True)
    table.add_column("value", overflow="fold")
    table.add_column("name", no_wrap=True)  # what Cinch players call the point
    rows = rule_rows(variant)
    for key, value in rows:
        table.add_row(key, value, CINCH_NAMES.get(key.removeprefix("points."), ""))
    if any(value == "(none)" for _, value in rows):
        table.caption = "(none): an empty list, which a --rules file gives as KEY = []"
    console.print(table)
    if not _playable(variant):
        console.print("(defined, but the engine does not simulate it yet)")


def _playable(variant) -> bool:
    try:
        check_engine_plays(variant)
    except PedroError:
        return False
    return True
