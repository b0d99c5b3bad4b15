"""Rules as data: the Variant record and the named presets."""

from pedro_sim.rules.presets import PRESETS, get_preset
from pedro_sim.rules.variant import Variant

__all__ = ["PRESETS", "Variant", "get_preset"]
