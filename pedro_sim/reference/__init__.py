"""Plain-Python reference engine for the `cinch` preset (random player) and a
trace checker, written independently of pedro_sim.engine for differential tests."""

from .checker import check_trace
from .engine import fixed_hand_deal, random_deal, random_game

__all__ = ["check_trace", "fixed_hand_deal", "random_deal", "random_game"]
