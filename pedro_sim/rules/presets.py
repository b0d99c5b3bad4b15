"""Every preset of RULES.md, by name, in one place."""

from __future__ import annotations

from pedro_sim.errors import PedroError
from pedro_sim.rules.variant import Variant

PRESETS: dict[str, Variant] = {
    # RULES.md section 2: Double Pedro / High Five, the default.
    "cinch": Variant(),
}


def get_preset(name: str) -> Variant:
    """The preset called ``name``, or a PedroError listing the known ones."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise PedroError(f"unknown preset '{name}' (known: {known})") from None
