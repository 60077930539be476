// The options the embedding page passed in the frame's address (params.js reads them), once for the
// page: every view reads its language, theme, system and files here.
import { readOptions } from "./params.js";

export const options = readOptions(location.search, navigator.languages ?? [navigator.language]);
