// A link of its own for a player of a club's report or ladder (a file named by its address, `src`): on
// the club's page that embeds the view (`#elo-calculator=<instance>&player=<id>`, which embed.js hands to
// that frame as `#player=<id>`), or else on the widget's own page with the file's address
// (`…?view=event&src=…#player=<id>`). Opened, the link opens that player (the view asks linkedPlayer()).
// Copied to the clipboard, or shown beside its button to copy by hand where a frame may not copy.
import { clubPage } from "./frame.js";
import { t } from "./i18n.js";
import { inform } from "./notices.js";
import { options } from "./options.js";

/** A player's id as a link carries it: a start number, a players file's id (no control characters). */
const ID = /^[^\u0000-\u001f\u007f]{1,64}$/u;

/** The player the page's own address names (`#player=<id>`), or null; read once: the fragment is then taken
 * out of the address, so that a reload (a language changed) does not open them again. */
export function linkedPlayer() {
  const id = new URLSearchParams(location.hash.slice(1)).get("player");
  if (id === null) return null;
  history.replaceState(history.state, "", location.pathname + location.search);
  return ID.test(id) ? id : null;
}

/** Whether a player's link can be made: the club's page said its address, or the widget's own address
 * names the file (a frame handed its file by embed.js has no address of its own that would reopen it). */
export const canLink = () => Boolean(clubPage && options.instance) || !new URLSearchParams(location.search).has("files");

/** The link to player `id`: on the club's page when it said its address, else on the widget's own page.
 * @param {string} id */
export function playerLink(id) {
  if (clubPage && options.instance) {
    const url = new URL(clubPage);
    url.hash = new URLSearchParams({ "elo-calculator": options.instance, player: id }).toString();
    return url.href;
  }
  const own = new URL(location.href);
  own.hash = new URLSearchParams({ player: id }).toString();
  return own.href;
}

/**
 * A button that copies player `id`'s link (announced), or shows it in a field beside it to copy by hand.
 * @param {string} id @param {string} name the player's name
 */
export function playerLinkButton(id, name) {
  const box = document.createElement("div");
  box.className = "player-link";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = t("view.playerLink", { name });
  const field = document.createElement("input");
  Object.assign(field, { readOnly: true, hidden: true, type: "url" });
  field.setAttribute("aria-label", t("view.playerLinkField", { name }));
  button.addEventListener("click", async () => {
    const link = playerLink(id);
    try {
      await navigator.clipboard.writeText(link);
      field.hidden = true;
      inform(t("view.playerLinkCopied", { name }));
    } catch {
      field.value = link;
      field.hidden = false;
      field.focus();
      field.select();
    }
  });
  box.append(button, field);
  return box;
}
