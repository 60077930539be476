"""The words of a table's headers broken across two lines other than at a soft hyphen (widget/page/keep-words.js
gives a view's header words theirs, from widget/i18n's "hyphens"), but a player's name (`.who`, which breaks where it
must): each as its lines ("Une|ntsc|hied|en"). A letter's line is that of its last drawn box: the letter after a
hyphen's break has an empty box at the end of the line before, too. One script for Playwright (`locator.evaluate`)
and Selenium (`execute_script` with the table)."""

BROKEN_HEAD_WORDS = """table => [...table.querySelectorAll("thead th")].flatMap((th) => {
  const broken = [];
  const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement.closest(".who")) continue;
    for (const word of node.data.matchAll(/\\S+/g)) {
      const lines = [""];
      let top = null;
      for (let i = 0; i < word[0].length; i++) {
        const range = document.createRange();
        range.setStart(node, word.index + i);
        range.setEnd(node, word.index + i + 1);
        const box = [...range.getClientRects()].filter((r) => r.width > 0).pop();
        const at = box ? Math.round(box.top) : top;
        if (top !== null && at !== top) lines.push("");
        lines[lines.length - 1] += word[0][i];
        top = at;
      }
      const hyphened = lines.slice(0, -1).every((line) => line.endsWith("\\u00AD"));
      if (!hyphened) broken.push(lines.join("|").replaceAll("\\u00AD", ""));
    }
  }
  return broken;
})"""
