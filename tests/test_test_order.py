"""The order conftest.py gives the tests: the test that compiles the engine of five-handed
and individual play must exist, or the two workers compile that engine side by side again."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _root_conftest():
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_first_test_of_the_eight_seat_engine_exists():
    path, _, name = _root_conftest().MANY_SIDES_FIRST.partition("::")
    source = (ROOT / path).read_text()
    assert f"def {name}(" in source


def test_parameters_naming_such_a_table_are_recognised():
    pattern = _root_conftest().MANY_SIDES_ID
    assert pattern.search("test_x[five-handed]") and pattern.search("test_x[cinch@3-random]")
    assert not pattern.search("test_x[cinch-heuristic]")
