"""The shape of the package (issue 49, "a house one can read"): no import circles, even
through imports made inside functions; no package folder over 14 modules; and the shared
layer names no game but in the registry of games, so that a new game is a wing of its own."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pedro_sim.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pedro_sim"
MOST_MODULES = 14  # per package folder, __init__.py included
REGISTRY = PACKAGE / "games" / "__init__.py"

Sources = dict[str, tuple[str, bool]]  # dotted name -> (source text, is a package)


def module_name(path: Path) -> str:
    """``pedro_sim/a/b.py`` -> ``pedro_sim.a.b``; a package's ``__init__.py`` -> its name."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_paths() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def package_sources() -> Sources:
    """Every module of pedro_sim: its text, and whether it is a package's __init__.py."""
    return {module_name(p): (p.read_text(encoding="utf-8"), p.name == "__init__.py")
            for p in package_paths()}


def _absolute(name: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` reads, its leading dots resolved against ``name``."""
    if not node.level:
        return node.module or ""
    base = name.split(".") if is_package else name.split(".")[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def named_imports(name: str, source: str, is_package: bool, known: set[str]) -> set[str]:
    """The ``known`` modules the import statements of ``name`` name, anywhere in it
    (inside functions, classes and ``if`` blocks too): ``from pkg import sub`` names
    ``pkg.sub`` where that is a module, else ``pkg`` (whose names it reads)."""
    named: set[str] = set()
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            origin = _absolute(name, is_package, node)
            subs = {f"{origin}.{alias.name}" for alias in node.names} & known
            named.update(subs if len(subs) == len(node.names) else subs | {origin})
    return (named & known) - {name}


def _packages_run(name: str, target: str, named: dict[str, set[str]]) -> set[str]:
    """The packages whose ``__init__.py`` an import of ``target`` runs (those that import
    anything) that are not already running: the importer's own packages are."""
    parts, mine = target.split("."), name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))
            if named.get(".".join(parts[:i])) and parts[:i] != mine[:i]}


def import_graph(sources: Sources) -> dict[str, set[str]]:
    """Each module's imports of the others: importing ``pkg.a.b`` also runs the
    ``__init__.py`` of ``pkg`` and ``pkg.a``, counted where it imports anything and is not
    a package of the importer's own (being imported already when the importer runs)."""
    known = set(sources)
    named = {n: named_imports(n, text, is_pkg, known) for n, (text, is_pkg) in sources.items()}
    graph: dict[str, set[str]] = {}
    for name, targets in named.items():
        edges = set(targets)
        for target in targets:
            edges |= _packages_run(name, target, named)
        graph[name] = edges - {name}
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's components, without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def enter(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)

    for start in sorted(graph):
        if start in index:
            continue
        enter(start)
        work = [(start, iter(sorted(graph[start])))]
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    enter(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                cut = stack.index(node)
                found.append(sorted(stack[cut:]))
                del stack[cut:]
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    return sorted(c for c in strongly_connected(graph) if len(c) > 1)


def _circle_text(circle: list[str], graph: dict[str, set[str]]) -> str:
    inside = set(circle)
    lines = [f"circle of {len(circle)} modules:"]
    lines += [f"  {m} -> {', '.join(sorted(graph[m] & inside))}" for m in circle]
    return "\n".join(lines)


def test_no_import_circles() -> None:
    graph = import_graph(package_sources())
    found = circles(graph)
    assert not found, "\n".join(_circle_text(c, graph) for c in found)


def test_the_finder_counts_imports_in_functions_submodules_and_packages() -> None:
    """The circle p.a -> p.b -> p.c -> p.q (an __init__.py) -> p.a is found through an
    import inside a function, ``from . import sub`` and the package q that importing p.q.x
    runs; p's __init__.py imports nothing and closes no circle, a name imported from a
    module is not a module, and a module's own packages are not imported again by it."""
    sources: Sources = {
        "p": ("", True),
        "p.a": ("def f():\n    from p import b\n", False),
        "p.b": ("from . import c\n", False),
        "p.c": ("import p.q.x\n", False),
        "p.q": ("from .. import a\n", True),
        "p.q.x": ("from p.q import y\n", False),
        "p.q.y": ("from p.q import x\n", False),
        "p.d": ("from p.a import f\nimport os\n", False),
    }
    graph = import_graph(sources)
    assert graph["p.c"] == {"p.q.x", "p.q"}
    assert graph["p.d"] == {"p.a"}
    assert graph["p.q.x"] == {"p.q.y"}
    assert circles(graph) == [["p.a", "p.b", "p.c", "p.q"], ["p.q.x", "p.q.y"]]
    sources["p.q.y"] = ("from p.q import z\n", False)  # a name of the package itself
    assert graph != import_graph(sources)
    assert "p.q" in import_graph(sources)["p.q.y"]
    sources["p.q"] = ("", True)
    sources["p.q.x"] = sources["p.q.y"] = ("x = 1\n", False)
    assert circles(import_graph(sources)) == []


def test_no_folder_over_14_modules() -> None:
    counts: dict[str, int] = {}
    for path in package_paths():
        folder = str(path.parent.relative_to(ROOT))
        counts[folder] = counts.get(folder, 0) + 1
    crowded = {f: n for f, n in sorted(counts.items()) if n > MOST_MODULES}
    assert not crowded, f"package folders over {MOST_MODULES} modules: {crowded}"


def _shared_layer() -> list[Path]:
    """Every module but the games' wings and the reference engine."""
    apart = [PACKAGE / "games" / g.name for g in GAMES] + [PACKAGE / "reference"]
    return [p for p in package_paths() if not any(p.is_relative_to(a) for a in apart)]


def test_only_the_registry_names_a_game() -> None:
    words = sorted({w.lower() for g in GAMES for w in (g.name, *g.aliases)})
    pattern = re.compile("|".join(map(re.escape, words)), re.IGNORECASE)
    naming = sorted(str(p.relative_to(ROOT)) for p in _shared_layer()
                    if pattern.search(p.read_text(encoding="utf-8")))
    assert set(naming) <= {str(REGISTRY.relative_to(ROOT))}, (
        f"shared modules naming a game ({', '.join(words)}): {naming}")
