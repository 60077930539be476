// The options the embedding page passed in the frame's address (params.js reads them), once for the
// page: every view reads its language, theme, system and files here.
import { readOptions, leftOutSettings } from "./params.js";

export const options = readOptions(location.search, navigator.languages ?? [navigator.language]);
// Said once for the page (frame.js and host-files.js read the address too).
for (const line of leftOutSettings(location.search)) console.warn(line);
