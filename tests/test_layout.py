"""The widget's layout says where its code runs (widget/README.md): each folder of modules has a
README.md that names every module in it, so a module added without saying what it is, or one moved,
fails here."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import build_site

WIDGET = Path(__file__).resolve().parent.parent / "widget"


def module_folders() -> list[Path]:
    return sorted({path.parent for path in WIDGET.rglob("*") if path.suffix in (".js", ".mjs")})


def test_the_folders_are_the_ones_the_readme_lists() -> None:
    names = {folder.relative_to(WIDGET).as_posix() for folder in module_folders()}
    assert names == {"page", "views/calculator", "views/event", "views/ladder", "engine", "offline", "shared"}
    overview = (WIDGET / "README.md").read_text(encoding="utf-8")
    assert [] == [name for name in names if f"`{name}/`" not in overview]


def test_each_folder_s_readme_names_every_module_in_it() -> None:
    missing = [f"{folder.relative_to(WIDGET)}/{module.name}" for folder in module_folders()
               for module in sorted(folder.iterdir()) if module.suffix in (".js", ".mjs")
               if f"`{module.name}`" not in (folder / "README.md").read_text(encoding="utf-8")]
    assert missing == []


IMPORT = re.compile(r'''(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}/[^"']+)["']''')


def imports(module: Path) -> set[Path]:
    """The widget modules `module` imports, statically or dynamically (not JSDoc's import() types)."""
    code = "\n".join(line for line in module.read_text(encoding="utf-8").splitlines()
                     if not line.lstrip().startswith(("//", "*", "/**")))
    return {(module.parent / spec).resolve() for spec in IMPORT.findall(code) if spec.endswith((".js", ".mjs"))}


def test_a_module_that_finds_files_by_its_own_address_is_bundled_only_in_its_folder() -> None:
    """A module's `import.meta.url` is, once built, the address of the bundle it is in (scripts/build_site.py
    bundles each entry script with what it imports, and publishes the bundle at its entry's place): a
    module that finds a file from it (i18n.js's texts) must be in its bundle's folder, or it would fetch
    the wrong place with no error at build time."""
    entries = {(WIDGET / name).resolve() for name in build_site.SCRIPTS}
    reached: dict[Path, set[Path]] = {}
    for entry in entries:
        seen, todo = set(), [entry]
        while todo:
            module = todo.pop()
            if module in seen:
                continue
            seen.add(module)
            todo += [m for m in imports(module) if m not in entries]  # another entry stays a URL
        for module in seen:
            reached.setdefault(module, set()).add(entry)
    users = [m for m in WIDGET.rglob("*") if m.suffix in (".js", ".mjs") and "import.meta.url" in m.read_text("utf-8")]
    assert {"i18n.js", "progress.js", "engine-start.js", "worker.mjs"} <= {m.name for m in users}
    assert (WIDGET / "page" / "i18n.js").resolve() in reached  # the graph is followed
    misplaced = sorted(f"{m.relative_to(WIDGET)} in {e.relative_to(WIDGET)}" for m in users
                       for e in reached.get(m.resolve(), set()) if e.parent != m.resolve().parent)
    assert misplaced == []


def test_no_view_imports_another() -> None:
    """What the views share (reading a file, its name in the engine, text helpers, entries handed to the calculator,
    a system's places, the current period) is in widget/page/ or widget/shared/ (issue 41, item 5); the shell mounts
    the calculator under a view shown over it and binds each view's way in (page/views.js UNDER, ENTRIES): no view's
    module imports another view's, statically or when first used (a JSDoc type, `{import(...)}`, is no import: the
    report's player opened in the calculator is typed as the calculator's entries)."""
    views = WIDGET / "views"
    names = sorted(p.name for p in views.iterdir() if p.is_dir())
    assert names == ["calculator", "event", "ladder"]
    crossing = [f"{path.relative_to(views)} imports {found}" for here in names for there in names if here != there
                for path in sorted((views / here).glob("*.js"))
                for found in re.findall(rf'from "\.\./{there}/[^"]+"|(?<!\{{)import\("\.\./{there}/[^"]+"\)',
                                        path.read_text(encoding="utf-8"))]
    assert [] == crossing
