"""elo_core's imports run one way (issue 41): no module imports, at its top or inside a function, one that
imports it back, however long the way round; and no module takes another's private name (a `_name`).
Read from the source (ast), so that an import inside a function, which runs only when called, counts too."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "elo_core"


def imports() -> dict[str, list[tuple[str, str]]]:
    """Each module's imports of its siblings: (the module imported, the name taken from it or "")."""
    graph: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        found: list[tuple[str, str]] = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found += [(node.module, a.name) if node.module else (a.name, "") for a in node.names]
        graph[path.stem] = found
    return graph


def circle(graph: dict[str, list[tuple[str, str]]]) -> list[str] | None:
    """An import circle of `graph`, as the modules on it (the first again at the end), or None."""
    edges = {module: sorted({to for to, _ in found if to in graph}) for module, found in graph.items()}
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> list[str] | None:
        state[module] = "open"
        for to in edges[module]:
            if state.get(to) == "open":
                return [*path[path.index(to):], to]
            if to not in state and (found := visit(to, [*path, to])):
                return found
        state[module] = "done"
        return None

    for module in edges:
        if module not in state and (found := visit(module, [module])):
            return found
    return None


def test_the_package_s_imports_have_no_circle() -> None:
    assert circle(imports()) is None


def test_a_circle_is_found_however_long_and_inside_a_function() -> None:
    """The check itself: three modules round, the last import inside a function (as _contract's once was)."""
    assert circle({"a": [("b", "x")], "b": [("c", "y")], "c": [("a", "z")]}) == ["a", "b", "c", "a"]
    assert circle({"a": [("b", "x")], "b": [("c", "y")], "c": []}) is None
    tree = ast.parse("def f():\n    from ._contract import read_k\n")
    assert [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)] == ["_contract"]


def test_no_module_takes_another_s_private_name() -> None:
    taken = [f"{module} takes {name} from {source}" for module, found in imports().items() for source, name in found
             if name.startswith("_") and not name.startswith("__")]
    assert taken == []


def test_no_function_of_the_package_is_over_60_lines() -> None:
    """As tests/js/function-length.test.mjs asks of the widget: a longer function is made of named steps."""
    long = [f"{path.name}: {node.name} ({(node.end_lineno or node.lineno) - node.lineno + 1} lines)"
            for path in sorted(PACKAGE.glob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and (node.end_lineno or node.lineno) - node.lineno + 1 > 60]
    assert long == []
