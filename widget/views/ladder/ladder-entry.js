// The calculator's way into the club ladder (ladder.js): its "Open a results file" button, and a
// results file dropped on that button. The view's code is imported on first use.
import { $ } from "../../page/dom.js";
import { droppedFile } from "../../page/file-open.js";

/** @param {import("../../engine/engine.js").Engine} engine */
export function bindEntry(engine) {
  const button = $("ladder-open");
  button.addEventListener("click", async () => (await import("./ladder.js")).show(engine));
  button.addEventListener("dragover", (event) => event.preventDefault());
  button.addEventListener("drop", async (event) => {
    event.preventDefault();
    const file = droppedFile(event.dataTransfer);
    const view = await import("./ladder.js");
    view.show(engine);
    if (file) view.openFile(file);
  });
}
