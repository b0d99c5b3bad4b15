"""Plain-Python reference engine for every preset of docs/rules.md section 4 (random player) and a
trace checker, written independently of pedro_sim.engine for differential tests."""

from .checker import check_trace
from .engine import fixed_hand_deal, random_deal, random_game
from .variants import PRESET_NAMES

__all__ = ["PRESET_NAMES", "check_trace", "fixed_hand_deal", "random_deal", "random_game"]
