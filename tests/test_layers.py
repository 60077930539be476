"""elo_core's imports run one way (issue 41): no module imports, at its top or inside a function, one that
imports it back, however long the way round; no module takes another's private name (a `_name`); and each
module is of one layer (`LAYERS`) and imports only its own layer's modules and those below.
Read from the source (ast), so that an import inside a function, which runs only when called, counts too."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "elo_core"


LAYERS: dict[str, tuple[str, ...]] = {
    "words": ("_errors", "_model", "_tables", "_paste"),
    "contract": ("_contract", "_csv", "_packed"),
    "systems": ("_elo", "_fide", "_glicko", "_glicko2", "_uscf", "_dwz", "_ecf", "_systems", "_api", "_request"),
    "files": ("_trf", "_ledger"),
    "reports": ("_event", "_ladder"),
    "transport": ("_vocabulary", "bridge", "_cli", "_cli_event", "_cli_ladder", "_cli_files", "__init__", "__main__"),
}
"""elo_core's layers, lowest first: the domain's words and limits (errors, the model, FIDE's tables, reading pasted
games); the contract (problems, answers, fields, and writing CSV and packed columns for them); the rating systems and
their registry, with the typed API and request reading over them; the files (TRF, a club's ledger); the reports made
of files and systems (a tournament, a ladder); and the transport (the widget's vocabulary, the bridge, the CLI, the
package's public names). The README's Layout says the same."""


def layer_faults(graph: dict[str, list[tuple[str, str]]], layers: dict[str, tuple[str, ...]]) -> list[str]:
    """Each import of `graph` from a module to one of a higher layer, and each module of no layer or of two."""
    rank = {module: n for n, members in enumerate(layers.values()) for module in members}
    listed = [module for members in layers.values() for module in members]
    faults = [f"{module}: in no layer" for module in graph if module not in rank]
    faults += [f"{module}: in two layers" for module in set(listed) if listed.count(module) > 1]
    return faults + [f"{module} ({list(layers)[rank[module]]}) imports {to} ({list(layers)[rank[to]]})"
                     for module, found in graph.items() if module in rank
                     for to, _ in found if to in rank and rank[to] > rank[module]]


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


def test_each_module_is_of_one_layer_and_imports_none_above_it() -> None:
    assert [] == layer_faults(imports(), LAYERS)


def test_an_import_upwards_and_a_module_of_no_layer_are_found() -> None:
    """The check itself: a contract module that imports a system, and a module no layer lists."""
    layers: dict[str, tuple[str, ...]] = {"contract": ("_contract",), "systems": ("_fide",)}
    assert ["_contract (contract) imports _fide (systems)"] == layer_faults(
        {"_contract": [("_fide", "EARLIEST_PERIOD")], "_fide": [("_contract", "Field")]}, layers)
    assert ["_new: in no layer"] == layer_faults({"_contract": [], "_new": []}, layers)
