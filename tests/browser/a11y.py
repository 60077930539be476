"""axe-core (from node_modules, injected into the page under test) and its violations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def violations(page: Page, within: str | None = None) -> list[dict[str, Any]]:
    """axe's WCAG 2 A/AA violations on the page (its context must bypass the page's CSP), or in the part of it
    that the CSS selector `within` names (ours, in a page that is not: WordPress's dashboard)."""
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async (within) => (await axe.run(within ? {include: [within]} : document,
              {runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}))
            .violations.map(v => ({id: v.id, help: v.help, nodes: v.nodes.map(n => n.target.join(" "))}))""",
        within)
    return found
