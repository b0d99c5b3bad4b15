"""A section of `pedro-sim report`, as each analysis (and each game) hands it over."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Section:
    """A heading, what it shows and how it was measured, and its files (relative)."""

    title: str
    text: str
    files: list[str] = field(default_factory=list)
