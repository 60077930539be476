"""What a visitor came for is on screen, asked of the browser itself: for each row of a view's table that is
in view whole (inside the window and inside the table's own scrolling box), the cells of `keys` (a player's
name, change and new rating) have their centre inside the window, and the element there
(`document.elementFromPoint`) is that cell or inside it: nothing covers it, nothing cuts it off. And the page
does not scroll sideways. One script for every engine (tests/browser/test_fit.py with Playwright,
tests/engines/test_engines.py with Selenium): `FIT_CHECK` takes the table and the keys and returns how many
rows it checked and what it found wrong."""

FIT_CHECK = """(table, keys) => {
  const ancestors = function* (el) {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) yield a;
  };
  const wrap = table.closest(".report-wrap");
  wrap.scrollIntoView({ block: "start" });
  const box = wrap.getBoundingClientRect();
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > innerWidth + 1) {
    // What sticks out: the outermost elements past the window's right edge, not inside a box that scrolls them.
    const past = (el) => el.getBoundingClientRect().right > innerWidth + 1;
    const out = [...document.body.querySelectorAll("*")].filter((el) => past(el)
      && ![...ancestors(el)].some((a) => past(a) || /auto|scroll|hidden|clip/.test(getComputedStyle(a).overflowX)));
    const classes = (el) => (el.getAttribute("class") ?? "").trim().split(/\\s+/).join(".");
    const named = out.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}#${el.id}.${classes(el)}`
      + ` ${Math.round(el.getBoundingClientRect().width)} px`);
    problems.push(`the page is ${root.scrollWidth} px wide in a ${innerWidth} px window: ${named.join(", ")}`);
  }
  let checked = 0;
  for (const row of table.tBodies[0].rows) {
    if (row.classList.contains("detail") || row.hidden) continue;
    const r = row.getBoundingClientRect();
    if (r.height === 0 || r.top < Math.max(0, box.top) || r.bottom > Math.min(innerHeight, box.bottom)) continue;
    checked++;
    for (const key of keys) {
      const cell = row.querySelector(".c-" + key);
      const c = cell ? cell.getBoundingClientRect() : null;
      if (!c || c.width === 0) { problems.push(`row ${checked}: no ${key} shown`); continue; }
      const x = c.left + c.width / 2, y = c.top + c.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (x < 0 || x > innerWidth || !hit || !cell.contains(hit)) {
        problems.push(`row ${checked}: ${key} ${cell.textContent} at x ${Math.round(x)} of ${innerWidth}: off screen` +
          (hit && !cell.contains(hit) ? ` (${hit.tagName}.${hit.className} is there)` : ""));
      }
    }
  }
  return { checked, problems: problems.slice(0, 10) };
}"""
