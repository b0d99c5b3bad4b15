"""Attributes of numba's objects replaced for a while, and put back exactly as found."""

from __future__ import annotations

from typing import Any

_ABSENT = object()


class Swaps:
    """Each ``set`` records what the owner itself held under the name (a function, a
    classmethod, or nothing when it inherited it); ``undo`` puts all of it back."""

    def __init__(self) -> None:
        self._saved: list[tuple[Any, str, Any]] = []

    def set(self, owner: Any, name: str, value: Any) -> None:
        self._saved.append((owner, name, vars(owner).get(name, _ABSENT)))
        setattr(owner, name, value)

    def undo(self) -> None:
        for owner, name, value in reversed(self._saved):
            if value is _ABSENT:
                delattr(owner, name)
            else:
                setattr(owner, name, value)
        self._saved.clear()
