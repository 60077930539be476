"""The widget's layout says where its code runs (widget/README.md): each folder of modules has a
README.md that names every module in it, so a module added without saying what it is, or one moved,
fails here."""

from __future__ import annotations

from pathlib import Path

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
