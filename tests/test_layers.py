"""elo_core's imports run one way (issue 41): no module imports, at its top or inside a function, one that
imports it back, however long the way round; no module takes another's private name (a `_name`); and each
module is of one layer (its folder, `LAYERS`) and imports only its own layer's modules and those below.
Read from the source (ast), so that an import inside a function, which runs only when called, counts too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "elo_core"


LAYERS = ("words", "contract", "systems", "files", "reports", "transport")
"""elo_core's layers, lowest first, each a folder of the package: the domain's words and limits (errors, the model,
reading pasted games); the contract (problems, answers, fields, capabilities, and writing CSV and packed columns for
them); the rating systems and their registry, with the typed API and request reading over them; the files (TRF, a
club's ledger); the reports made of files and systems (a tournament, a ladder); and the transport (the widget's
vocabulary, the CLI). The package's own modules beside the folders (its public names, `python -m`, the bridge) are
of the transport. The README's Layout and each folder's README.md say the same."""
TOP = "transport"
"""The layer of the modules beside the folders."""


def layer_of(module: str) -> str:
    """A module's layer: its folder (`systems.fide`: systems; `contract`, a folder's own `__init__`: contract)."""
    return module.split(".")[0] if module.split(".")[0] in LAYERS else TOP


def layer_faults(graph: dict[str, list[tuple[str, str]]], layers: tuple[str, ...] = LAYERS) -> list[str]:
    """Each import of `graph` from a module to one of a higher layer."""
    rank = {layer: n for n, layer in enumerate(layers)}
    return [f"{module} ({layer_of(module)}) imports {to} ({layer_of(to)})"
            for module, found in graph.items()
            for to, _ in found if rank[layer_of(to)] > rank[layer_of(module)]]


def module_name(path: Path) -> str:
    """A file's module under elo_core, dotted: `systems.fide`; a folder's `__init__` is the folder (`contract`); the
    package's own `__init__` is ""."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, list[tuple[str, str]]]:
    """Each module's imports of the package's modules: (the module imported, the name taken from it or "")."""
    paths = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
    graph: dict[str, list[tuple[str, str]]] = {}
    for module, path in paths.items():
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        package = [p for p in package if p]
        found: list[tuple[str, str]] = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level >= 1:
                base = package[:len(package) - (node.level - 1)] + (node.module.split(".") if node.module else [])
                for alias in node.names:
                    submodule = ".".join([*base, alias.name])
                    found.append((submodule, "") if submodule in paths else (".".join(base), alias.name))
        graph[module] = found
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
            for path in sorted(PACKAGE.rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and (node.end_lineno or node.lineno) - node.lineno + 1 > 60]
    assert long == []


def test_each_module_imports_none_of_a_layer_above_its_own() -> None:
    graph = imports()
    assert {"words.errors", "contract", "systems", "systems.fide", "files.trf", "reports.ladder", "transport.cli",
            "bridge", ""} <= set(graph)  # the graph is the package's, folders and all
    assert ("systems", "") in graph["systems.api"] or ("systems", "REGISTRY") in graph["systems.api"]
    assert [] == layer_faults(graph)


def test_an_import_upwards_is_found() -> None:
    """The check itself: a contract module that imports a system, a system that imports the CLI."""
    assert ["contract (contract) imports systems.fide (systems)"] == layer_faults(
        {"contract": [("systems.fide", "EARLIEST_PERIOD")], "systems.fide": [("contract", "Field")]})
    assert ["systems.elo (systems) imports transport.cli (transport)"] == layer_faults(
        {"systems.elo": [("transport.cli", "main")], "bridge": [("systems.elo", "ELO")]})


def test_each_folder_s_readme_names_its_modules() -> None:
    """As widget/'s folders do: a folder's README.md names each of its modules, and no module the package no longer
    has (transport's also names the modules beside the folders; systems' those of fide/, a folder of its own)."""
    for layer in LAYERS:
        folder = PACKAGE / layer
        text = (folder / "README.md").read_text(encoding="utf-8")
        modules = {p.name for p in folder.rglob("*.py")}
        named = set(re.findall(r"`(\w+\.py)`", text))
        gone = {name for name in named if not any(folder.rglob(name)) and not (PACKAGE / name).exists()}
        assert (modules - named, gone) == (set(), set()), layer
