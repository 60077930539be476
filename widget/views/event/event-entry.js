// The calculator's way into the event view (event.js): its "Open a tournament file" button, and a
// file dropped on that button. The view's code is imported on first use.
import { $ } from "../../page/dom.js";
import { droppedFile } from "../../page/file-open.js";

/** @param {import("../../engine/engine.js").Engine} engine */
export function bindEntry(engine) {
  const button = $("event-open");
  button.addEventListener("click", async () => (await import("./event.js")).show(engine));
  button.addEventListener("dragover", (event) => event.preventDefault());
  button.addEventListener("drop", async (event) => {
    event.preventDefault();
    const file = droppedFile(event.dataTransfer);
    const view = await import("./event.js");
    view.show(engine);
    if (file) view.openFile(file);
  });
}
