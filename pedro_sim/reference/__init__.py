"""Plain-Python reference engine for every preset (random player) and a trace checker,
written independently of pedro_sim.engine for differential tests: one path for every
preset (general.py plays the rules, engine.py deals and plays whole deals and games,
checker.py replays traces)."""

from .checker import check_trace
from .engine import fixed_hand_deal, random_deal, random_game
from .variants import ALL_PRESET_NAMES, PRESET_NAMES

__all__ = ["ALL_PRESET_NAMES", "PRESET_NAMES", "check_trace", "fixed_hand_deal", "random_deal",
           "random_game"]
