"""Driving the calculator as a person does: by label and role, never by CSS class."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

RESULT_LABELS = {1: "Win", 0.5: "Draw", 0: "Loss"}


def game_count(page: Page) -> int:
    return page.get_by_role("button", name=re.compile(r"^Remove game \d+$")).count()


def clear_games(page: Page) -> None:
    while game_count(page):
        page.get_by_role("button", name="Remove game 1", exact=True).click()


def set_games(page: Page, games: list[dict[str, Any]]) -> None:
    """`games` in place of the form's, each added by keyboard: a click's point is taken before it is made, and on a
    phone the page may scroll in between (summary.js keeps the field being typed in clear of the result's bar, 150 ms
    after an answer), so that the click landed elsewhere and a game was never added (CI, once)."""
    clear_games(page)
    for i, game in enumerate(games, start=1):
        page.get_by_role("button", name="Add game").press("Enter")
        page.get_by_label(f"Opponent rating, game {i}", exact=True).fill(str(game["opponent"]))
        page.get_by_label(f"Result, game {i}", exact=True).select_option(label=RESULT_LABELS[game["score"]])


def enter(page: Page, request: dict[str, Any]) -> None:
    """Type a calculation request into the form."""
    page.get_by_label("Rating system").select_option(request["system"])
    rating = request.get("rating")
    page.get_by_label("Your rating").fill("" if rating is None else str(rating))
    if request["system"] == "elo":
        page.get_by_label("Rating update").select_option(request.get("update", "event"))
        cap = page.get_by_label("Count rating differences over 400 as 400")
        cap.set_checked(bool(request.get("cap_400")))
    else:
        player = request.get("player", {})
        for key, label in (("fewer_than_30_games", "Fewer than 30 rated games"), ("junior", "18 or younger this year"),
                           ("reached_2400", "Rating has ever reached 2400")):
            page.get_by_label(label).set_checked(bool(player.get(key)))
        page.get_by_label("Time control").select_option(request.get("time_control", "standard"))
    page.get_by_label("K-factor").fill(str(request.get("k", "")))
    set_games(page, request["games"])


def number(text: str) -> float:
    """A displayed English number ('+34.4', '−5.2', '1484.4') as a float."""
    return float(text.replace("−", "-").replace("+", "").strip())


def output(page: Page, name: str) -> str:
    return page.get_by_label(name, exact=True).inner_text()


def game_figures(page: Page, n: int) -> dict[str, float]:
    """Difference, expected score and change shown under game n."""
    row = page.get_by_role("listitem").filter(has=page.get_by_label(f"Opponent rating, game {n}", exact=True))
    text = row.inner_text()
    found = dict(re.findall(r"(Difference|Expected|Change) ([+−-]?[\d.]+)", text))
    return {k.lower(): number(v) for k, v in found.items()}


def wait_for_output(page: Page, name: str, text: str) -> None:
    expect(page.get_by_label(name, exact=True)).to_have_text(text)


def shown(value: float | None, decimals: int, sign: bool = False) -> str:
    """How the widget shows a number in English (a real minus sign, + only when asked)."""
    if value is None:
        return "—"
    text = f"{abs(value):.{decimals}f}"
    if float(text) == 0:
        return text
    return ("−" if value < 0 else "+" if sign else "") + text


def put_text(box: Locator, text: str) -> None:
    """A long `text` into a text box as one paste puts it: the box focused, its value set, one input event. Playwright's
    fill inserts it as typed text, which takes Chromium 10 s for 360 kB in any text box here (a test of pasting
    itself fills)."""
    box.evaluate("""(box, text) => {
        box.focus();
        box.value = text;
        box.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste"}));
    }""", text)


def settle(page: Page, request: dict[str, Any]) -> None:
    """Wait until the widget shows the answer to `request` (the engine's own CPython answer is
    only the text to wait for; what is then read is compared with the test vectors)."""
    from elo_core import calculate

    r = calculate(request)
    assert r["ok"], r
    decimals = 0 if r["system"] == "fide" else 1
    wait_for_output(page, "New rating", shown(r["new_rating"], decimals))
    wait_for_output(page, "Total change", shown(r["change"], decimals, sign=True))


def frames_then(page: Page, script: str, arg: Any = None) -> Any:
    """`script` (a function of `arg`) run after two frames, on what the visitor then sees: a read
    before the next rendering update can find a new block of rows not laid out yet
    (content-visibility)."""
    return page.evaluate(f"""async (arg) => {{
      await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
      return ({script})(arg);
    }}""", arg)


def scrolled_still(page: Page) -> None:
    """Wait until the page has not scrolled for 300 ms: the result's bar, shown by a scroll, keeps the
    field being typed in clear of it by scrolling 150 ms later (summary.js), and a tap aimed before
    that lands on whatever the scroll brought there (a CI failure at 45d40fc)."""
    page.evaluate("""async () => {
      for (let y = null, still = 0; still < 300;) {
        await new Promise((wait) => setTimeout(wait, 50));
        still = scrollY === y ? still + 50 : 0;
        y = scrollY;
      }
    }""")


def in_page_order(*locators: Locator) -> bool:
    """Whether they stand one under the other in this order, as the next frame shows them: all read
    at once (two reads can straddle a rendering update: a CI failure at 2249cb3)."""
    handles = [locator.element_handle() for locator in locators]
    tops: list[float] = frames_then(locators[0].page, "(els) => els.map((el) => el.getBoundingClientRect().top)",
                                    handles)
    return tops == sorted(tops) and len(set(tops)) == len(tops)


def pick_two_first_held(page: Page, picker: str, first: str, second: str) -> None:
    """Two files picked at once through the picker `picker` (its id), `first.csv` then `second.csv`, the first's read
    held (a large file, read slowly) until `let_first_read`."""
    page.evaluate("""([picker, first, second]) => {
      const read = Blob.prototype.arrayBuffer;
      let release;
      const held = new Promise((resolve) => { release = resolve; });
      window.__release = release;
      Blob.prototype.arrayBuffer = function () {
        if (this.name !== "first.csv") return read.call(this);
        return held.then(() => read.call(this)).finally(() => { window.__firstRead = true; });
      };
      const input = document.getElementById(picker);
      for (const [text, name] of [[first, "first.csv"], [second, "second.csv"]]) {
        const files = new DataTransfer();
        files.items.add(new File([text], name));
        input.files = files.files;
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }""", [picker, first, second])


def let_first_read(page: Page) -> None:
    """The first file's read (`pick_two_first_held`) let go, and whatever the page does with it done."""
    page.evaluate("() => window.__release()")
    page.wait_for_function("() => window.__firstRead")
    page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 0))")


def placed(table: Locator, column: str, order: str) -> None:
    """Wait until `table` is sorted by `column` in `order`, its rows all placed (long-table.js places them in steps,
    `aria-busy` meanwhile): a read before then may find the order half made."""
    expect(table.get_by_role("columnheader", name=column, exact=True)).to_have_attribute("aria-sort", order)
    expect(table).not_to_have_attribute("aria-busy", "true")
