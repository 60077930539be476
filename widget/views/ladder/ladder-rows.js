// The club ladder's rows (ladder view, ladder.js): elo_core's answer to a `ladder` request
// (ladder.ladder_report) read into the ranking's columns, sorted, filtered by name; a player's
// head-to-head records and chart points; and the JSON text of each request the view sends (the
// ranking, what a game would do, a CSV). Pure: no page, no engine, so that tests run in Node.
import { CONTRACT } from "../../shared/contract.js";
import { nameKey, nameTest } from "../../page/text.js";

/** @typedef {(key: string, vars?: Record<string, string | number>) => string} Say */
/** A player of the answer (ladder.LadderPlayer). @typedef {Record<string, any>} Player */
/** @typedef {number | string | null} Value */
/**
 * A column: its key, the text key of its header, the places its numbers show (`sign`: with +), the
 * sort's key if it sorts, from which width it is in the table (`fit`), and its value for a player.
 * @typedef {{key: string, head: string, places: number, sign?: boolean, sort?: SortKey, fit: 1 | 2 | 3, value: (p: Player, say: Say) => Value}} Column
 * @typedef {"rank" | "name" | "rating" | "games" | "score" | "last" | "change" | "wins" | "draws" | "losses" | "points_for" | "points_against"} SortKey
 * @typedef {"ascending" | "descending"} Direction
 */

/** The ladder's settings as the view holds them (Python checks them: ladder.read_rules); a league's preset and
 * rules (Elo's: a blank one is the preset's, else plain Elo's).
 * @typedef {{system: string, k: number | null, first_k: number | null, first_games: number | null, cap_400: boolean,
 *   start: number | null, provisional_games: number | null,
 *   inactive_months: number | null, period: string, since: string, preset: string, home_advantage: number | null,
 *   margin: string, season_regression: number | null, season_mean: number | null, season_start: string}} Settings */

/** The settings a ladder starts with: the contract's defaults (ladder.vocabulary): a player without a game
 * is not ranked, nor one idle for a club's season quarter (`inactive_months` 0: never). @returns {Settings} */
export function defaultSettings() {
  const l = CONTRACT.ladder;
  return { system: l.systems[0], k: l.k, first_k: null, first_games: null, cap_400: false, start: l.start, provisional_games: l.provisional_games, inactive_months: l.inactive_months, period: l.periods[0], since: "",
    preset: "", home_advantage: null, margin: "", season_regression: null, season_mean: null, season_start: "" };
}

/** `s` with a league's preset chosen: its name, K and rules (ladder.vocabulary's presets), each of which can then
 * be changed; "" a ladder without one (plain Elo's rules, K kept). @param {Settings} s @param {string} name @returns {Settings} */
export function withPreset(s, name) {
  const preset = CONTRACT.ladder.presets[name];
  if (!preset) return { ...s, preset: "", home_advantage: null, margin: "", season_regression: null, season_mean: null, season_start: "" };
  return { ...s, preset: name, k: preset.k, home_advantage: preset.home_advantage, margin: preset.margin,
    season_regression: preset.season_regression, season_mean: preset.season_mean, season_start: seasonStart(preset) };
}

/** A preset's season start as its field holds it: "" for 1 January (a season is a year). @param {{season_start: string}} preset */
export const seasonStart = (preset) => (preset.season_start === "01-01" ? "" : preset.season_start);

/**
 * A season's start as the rules line says it (`08-01`: "1 August" in English, "1. August" in German), its MM-DD as
 * written where the month or day is none. @param {string} mmdd @param {string} lang
 */
export const seasonDay = (mmdd, lang) => {
  const [, m, d] = /^(\d\d)-(\d\d)$/.exec(mmdd) ?? [];
  const day = m ? new Date(Date.UTC(2000, Number(m) - 1, Number(d))) : null;
  return day && day.getUTCMonth() === Number(m) - 1
    ? new Intl.DateTimeFormat(lang, { month: "long", day: "numeric", timeZone: "UTC" }).format(day) : mmdd;
};

/** Whether a ladder's answer is a league's (scores, venues, seasons: its players' points, its draw model). @param {Record<string, any> | null} answer */
export const isLeague = (answer) => Boolean(answer?.league);

/**
 * The texts of a ladder's answer (`t` of i18n.js, `has` its hasText): a league's own where it has one
 * (`ladder.league.<key>` for `ladder.<key>`: teams, and games and matches where chess's words are "Partie" or
 * "partida"), else the club's. Only where an answer shows: the way in, before any file, is the same for both.
 * @param {boolean} league @param {Say} t @param {(key: string) => boolean} has @returns {Say}
 */
export const wordsOf = (league, t, has) => (key, vars) => {
  const own = key.replace(/^ladder\./, "ladder.league.");
  return t(league && has(own) ? own : key, vars);
};

/** Whether `system` rates by periods (a week or a month). @param {string} system */
export const periodic = (system) => CONTRACT.ladder.periodic.includes(system);
/** Whether `system` replays a ledger with a K (Elo's way: K, the first games' K, the 400 cap). @param {string} system */
export const withK = (system) => CONTRACT.ladder.with_k.includes(system);

/** The marks of a player who is listed but not ranked, in words (a player without a game: "no games yet",
 * their rating being the start rating, not a provisional one; a league team's walkovers are games, `counted`).
 * @param {Player} p @param {Say} say @param {boolean} [league] */
export function marks(p, say, league = false) {
  const parts = [];
  if (p.provisional) parts.push(say((league ? counted(p).games : p.games) === 0 ? "ladder.noGames" : "ladder.provisional"));
  if (!p.active) parts.push(say(p.inactive_reason === "retired" ? "ladder.retired" : "ladder.inactive"));
  return parts.length ? parts.join(", ") : null;
}

/** Wins, draws and losses as "W–D–L". @param {Player} p */
export const record = (p) => `${p.wins}–${p.draws}–${p.losses}`;

/** A league team's played, won, drawn and lost as its league's own table counts them: the rated games and its
 * walkovers (`3-0 w/o`, forfeits: not rated; their points are in `points_for` already). @param {Player} p */
export const counted = (p) => ({ games: p.games + p.forfeits_won + p.forfeits_lost, wins: p.wins + p.forfeits_won,
  draws: p.draws, losses: p.losses + p.forfeits_lost });

/** The ranking's columns, in order: the rating and its change next to the name, in view at every width
 * (`fit`: from which width a column is shown, as in the report's, event-rows.js; the rest on the player's page). @type {Column[]} */
export const COLUMNS = [
  { key: "rank", head: "ladder.col.rank", places: 0, sort: "rank", fit: 1, value: (p) => p.rank ?? null },
  { key: "name", head: "ladder.col.name", places: 0, sort: "name", fit: 1, value: (p) => p.name },
  { key: "rating", head: "ladder.col.rating", places: 0, sort: "rating", fit: 1, value: (p) => p.rating },
  { key: "change", head: "ladder.col.change", places: 0, sign: true, sort: "change", fit: 1, value: (p) => p.change ?? null },
  { key: "games", head: "ladder.col.games", places: 0, sort: "games", fit: 2, value: (p) => p.games },
  { key: "score", head: "ladder.col.score", places: 1, sort: "score", fit: 2, value: (p) => p.score },
  { key: "record", head: "ladder.col.record", places: 0, fit: 3, value: record },
  { key: "last", head: "ladder.col.last", places: 0, sort: "last", fit: 3, value: (p) => p.last_played ?? null },
  { key: "marks", head: "ladder.col.marks", places: 0, fit: 2, value: marks },
];

/** The headers a league's table says in its own words (i18n's ladder.league.*: "Spiele", not "Partien"). */
const LEAGUE_HEADS = /** @type {Record<string, string>} */ ({ games: "ladder.league.col.games", last: "ladder.league.col.last" });

/** A league's table (ladder.ladder_report of a ledger with scores): played, won, drawn, lost, points for and
 * against, in place of the score and the record. @type {Column[]} */
export const LEAGUE_COLUMNS = COLUMNS.flatMap((c) => (c.key === "score" ? [
  { key: "wins", head: "ladder.h.wins", places: 0, sort: /** @type {SortKey} */ ("wins"), fit: /** @type {2} */ (2), value: (/** @type {Player} */ p) => counted(p).wins },
  { key: "draws", head: "ladder.league.h.draws", places: 0, sort: /** @type {SortKey} */ ("draws"), fit: /** @type {2} */ (2), value: (/** @type {Player} */ p) => p.draws },
  { key: "losses", head: "ladder.h.losses", places: 0, sort: /** @type {SortKey} */ ("losses"), fit: /** @type {2} */ (2), value: (/** @type {Player} */ p) => counted(p).losses },
  // A league table's goals beside its W–D–L wherever those show (a club page's column of 600 to 1 000 px showed no
  // goals, hp114); its marks (provisional, inactive: rare in a league) step out first instead.
  { key: "for", head: "ladder.col.for", places: 0, sort: /** @type {SortKey} */ ("points_for"), fit: /** @type {2} */ (2), value: (/** @type {Player} */ p) => p.points_for ?? null },
  { key: "against", head: "ladder.col.against", places: 0, sort: /** @type {SortKey} */ ("points_against"), fit: /** @type {2} */ (2), value: (/** @type {Player} */ p) => p.points_against ?? null },
] : c.key === "record" ? [] : c.key === "marks" ? [{ ...c, fit: /** @type {3} */ (3), value: (/** @type {Player} */ p, /** @type {Say} */ say) => marks(p, say, true) }]
  : c.key === "games" ? [{ ...c, head: LEAGUE_HEADS.games, value: (/** @type {Player} */ p) => counted(p).games }]
  : [LEAGUE_HEADS[c.key] ? { ...c, head: LEAGUE_HEADS[c.key] } : c]));

/** The direction each sort starts in when its header is first pressed. @type {Record<SortKey, Direction>} */
export const FIRST_DIRECTION = { rank: "ascending", name: "ascending", rating: "descending", games: "descending", score: "descending", last: "descending", change: "descending",
  wins: "descending", draws: "descending", losses: "descending", points_for: "descending", points_against: "descending" };

const collator = new Intl.Collator(undefined, { sensitivity: "base" });

/** @param {Player} p @param {SortKey} key @param {boolean} league @returns {number | string | null} */
function sortValue(p, key, league) {
  if (key === "last") return p.last_played ?? null;
  if (league && (key === "games" || key === "wins" || key === "losses")) return counted(p)[key];
  return p[key] ?? null;
}

/**
 * The players in the order asked (a new array): players without a value (not ranked, no change) last
 * either way; ties in the ladder's own order (its answer's: ranked, then provisional, then inactive).
 * @param {Player[]} players @param {SortKey} key @param {Direction} direction @param {boolean} [league] a league's
 * table (`LEAGUE_COLUMNS`: played, won and lost with its walkovers, `counted`)
 */
export function sortPlayers(players, key, direction, league = false) {
  const sign = direction === "ascending" ? 1 : -1;
  const place = new Map(players.map((p, i) => [p, i]));
  const tie = (/** @type {Player} */ a, /** @type {Player} */ b) => Number(place.get(a)) - Number(place.get(b));
  return (key === "name" ? roughlyByName(players, sign) : [...players]).sort((a, b) => {
    const x = sortValue(a, key, league);
    const y = sortValue(b, key, league);
    if (x === null || y === null) return x === y ? tie(a, b) : x === null ? 1 : -1;
    const order = typeof x === "string" ? (key === "name" ? collator.compare(x, String(y)) : x < String(y) ? -1 : x > String(y) ? 1 : 0) : x - Number(y);
    return order * sign || tie(a, b);
  });
}

/**
 * The players nearly in the order of their names (a new array): by their names folded, compared as plain
 * text, turned round for `sign` -1. The collator's sort of that order then compares each name about once,
 * not some 17 times (100 000 names: 240 ms by the collator alone, 80 ms so).
 * @param {Player[]} players @param {number} sign
 */
function roughlyByName(players, sign) {
  const keyed = players.map((p) => ({ key: foldedName(p), p }));
  keyed.sort((a, b) => (a.key < b.key ? -sign : a.key > b.key ? sign : 0));
  return keyed.map((k) => k.p);
}

/** A player's name as the filter matches it (text.js nameKey), worked out once a player (a ranking's filter, a key
 * at a time). @type {WeakMap<Player, string>} */
const nameKeys = new WeakMap();

/** @param {Player} p */
function foldedName(p) {
  let key = nameKeys.get(p);
  if (key === undefined) nameKeys.set(p, key = nameKey(String(p.name)));
  return key;
}

/** The players whose name holds `query` (case, accents and spellings such as ø, ß, ü aside: text.js spellings;
 * blank: all). @param {Player[]} players @param {string} query */
export function filterPlayers(players, query) {
  const test = nameTest(query);
  return test ? players.filter((p) => test(foldedName(p))) : players;
}

/** A player to choose from (ladder-picker.js): their id, the name shown (with their id where another player
 * of the pool has the same name), and that name as a filter matches it (text.js nameKey, made when first searched).
 * @typedef {{id: string, label: string, folded?: string}} Choice */

/** The players to choose from, in their order. @param {Player[]} players @returns {Choice[]} */
export function choices(players) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  for (const p of players) seen.set(p.name, (seen.get(p.name) ?? 0) + 1);
  return players.map((p) => ({ id: p.id, label: Number(seen.get(p.name)) > 1 ? `${p.name} (${p.id})` : String(p.name) }));
}

/**
 * The choices whose name holds `query` (case and accents aside; blank: all): the first `max` of them, in
 * order, and how many there are.
 * @param {Choice[]} list @param {string} query @param {number} max
 */
export function matching(list, query, max) {
  const test = nameTest(query);
  /** @type {Choice[]} */
  const found = [];
  let count = 0;
  for (const c of list) {
    if (test) {
      if (c.folded === undefined) c.folded = nameKey(c.label);
      if (!test(c.folded)) continue;
    }
    if (count++ < max) found.push(c);
  }
  return { found, count };
}

/** The players of one pool (null: a ledger without pools). @param {Player[]} players @param {string | null} pool */
export const inPool = (players, pool) => players.filter((p) => p.pool === pool);

/**
 * A player's head-to-head records, from their side: each opponent they met, games, wins, draws, losses,
 * score, last game; most games first. (`pairs`: the records of a `player` answer, or of a whole ladder's.)
 * @param {Record<string, any>[]} pairs @param {Player[]} players the ladder's, for the names @param {Player} p
 * @returns {{id: string, name: string, games: number, wins: number, draws: number, losses: number, score: number, last: string}[]}
 */
export function headToHead(pairs, players, p) {
  const names = new Map(inPool(players, p.pool).map((/** @type {Player} */ q) => [q.id, q.name]));
  return pairs
    .filter((/** @type {Record<string, any>} */ h) => h.pool === p.pool && (h.a === p.id || h.b === p.id))
    .map((/** @type {Record<string, any>} */ h) => {
      const mine = h.a === p.id;
      const id = mine ? h.b : h.a;
      return { id, name: names.get(id) ?? id, games: h.games, wins: mine ? h.a_wins : h.b_wins, draws: h.draws,
        losses: mine ? h.b_wins : h.a_wins, score: mine ? h.a_score : h.b_score, last: h.last_played };
    })
    .sort((/** @type {{games: number, name: string}} */ a, /** @type {{games: number, name: string}} */ b) => b.games - a.games || collator.compare(a.name, b.name));
}

/** Days since 1970 of an ISO date. @param {string} iso */
export const dayNumber = (iso) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;

/**
 * A player's history as the chart's points: x the game's number, or its date (days since 1970); the
 * start rating first (game 0, the day before the first game).
 * @param {Player} p @param {"game" | "date"} by @returns {{x: number, rating: number}[]}
 */
export function chartPoints(p, by) {
  const h = p.history;
  if (!h.rating.length) return [{ x: 0, rating: p.start_rating }];
  const x = (/** @type {number} */ i) => (by === "game" ? h.game[i] : dayNumber(h.date[i]));
  const start = by === "game" ? 0 : dayNumber(h.date[0]) - 1;
  return [{ x: start, rating: p.start_rating }, ...h.rating.map((/** @type {number} */ rating, /** @type {number} */ i) => ({ x: x(i), rating }))];
}

/** A number the visitor left blank is not sent (Python's default); else as it is. @param {Record<string, any>} o */
const given = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== ""));

/** The settings as a request's keys: K, the first games' K and the 400 cap only where the system takes a K,
 * the period only where it has periods. @param {Settings} s */
export function settingsRequest(s) {
  const { k, first_k, first_games, cap_400, period, preset, home_advantage, margin, season_regression, season_mean, season_start, ...rest } = s;
  const league = { preset, home_advantage, margin, season_regression, season_mean, season_start };
  const elo = withK(s.system) ? { k, first_k, first_games, ...(cap_400 ? { cap_400 } : {}), ...league } : {};
  return given({ ...rest, ...elo, ...(periodic(s.system) ? { period } : {}) });
}

/** A results file opened: its bytes (base64) or text pasted, and the players file's bytes if given; with
 * `files`, their names in the engine (page/file-open.js named): a file the engine has is named alone.
 * @typedef {{games: {base64: string} | {text: string}, players: {base64: string} | null, name: string,
 *   files?: {games: Named | null, players: Named | null}}} Source
 * @typedef {import("../../page/file-open.js").Named} Named */

/** The ranking's request: the files and the settings; the players without their histories (`slim`: a
 * player's come with their page, playerRequest). @param {Source} source @param {Settings} settings @param {string} lang the locale its dates are read by */
export function ladderRequest(source, settings, lang) {
  return JSON.stringify({ ...ladderKeys(source, settings, lang), slim: true });
}

/** @param {Source} source @param {Settings} settings @param {string} lang the locale its dates are read by */
function ladderKeys(source, settings, lang) {
  const { games: gamesFile = null, players: playersFile = null } = source.files ?? {};
  const games = gamesFile?.sent ? {} : "base64" in source.games ? { bytes: source.games.base64 } : { text: source.games.text };
  const players = !source.players || playersFile?.sent ? {} : { players_bytes: source.players.base64 };
  const names = { ...(gamesFile ? { file: gamesFile.name } : {}), ...(source.players && playersFile ? { players_file: playersFile.name } : {}) };
  return { ...names, ...games, ...players, ...settingsRequest(settings), locale: lang };
}

/** A player's history and head-to-head records: the ranking's request, and who.
 * @param {Source} source @param {Settings} settings @param {string} lang @param {Player} p */
export function playerRequest(source, settings, lang, p) {
  return JSON.stringify({ kind: "player", ...ladderKeys(source, settings, lang), id: p.id, pool: p.pool });
}

/** What a win, draw or loss between `a` and `b` would do: their figures now, the same settings; a league's
 * (`league`: its answer's draw model, ladder.DrawModel) with `a` at `venue` and their chances at each venue.
 * @param {Settings} settings @param {Player} a @param {Player} b
 * @param {{draw_scale: number | null} | null} [league] @param {string} [venue] */
export function stakesRequest(settings, a, b, league = null, venue = "neutral") {
  const side = (/** @type {Player} */ p) => given({ rating: p.rating, games: p.games, rd: p.rd, volatility: p.volatility });
  const leagueKeys = league ? given({ league: true, venue, draw_scale: league.draw_scale }) : {};
  return JSON.stringify({ kind: "stakes", ...settingsRequest(settings), ...leagueKeys, a: side(a), b: side(b) });
}

/** The texts that head the CSV's columns where the page already has them (the table's and a player's history's
 * headers); the others' are `ladder.csvHead.<column>`. */
const CSV_HEADS = /** @type {Record<string, string>} */ ({
  pool: "ladder.pool", rank: "ladder.col.rank", name: "ladder.col.name", rating: "ladder.col.rating", games: "ladder.col.games",
  wins: "ladder.h.wins", draws: "ladder.h.draws", losses: "ladder.h.losses", points_for: "ladder.col.for",
  points_against: "ladder.col.against", score: "ladder.col.score", last_played: "ladder.col.last", change: "ladder.col.change",
  game: "ladder.h.game", date: "ladder.h.date", opponent: "ladder.h.opponent", venue: "ladder.h.venue",
});

/** The texts of the values that are keys in the CSV (ladder.CSV_VALUES), as the table says them. */
const CSV_VALUE_WORDS = /** @type {Record<string, string>} */ ({
  inactive: "ladder.inactive", retired: "ladder.retired",
  home: "ladder.venue.home", away: "ladder.venue.away", neutral: "ladder.venue.neutral",
});

/** The CSV's words in the page's language, as the report's CSV has them (event-rows.js csvRequest): a header for
 * each column the ladder's CSV may have (the contract's, ladder.CSV_COLUMNS), the flags' yes and no, and the
 * values that are keys (why a player is inactive, a game's venue).
 * @param {Say} say @returns {Record<string, string>} */
export function csvWords(say) {
  const heads = CONTRACT.ladder.csv_columns.map((key) => [key, say(CSV_HEADS[key] ?? `ladder.csvHead.${key}`)]);
  const values = CONTRACT.ladder.csv_values.map((key) => [key, say(CSV_VALUE_WORDS[key] ?? `ladder.csvValue.${key}`)]);
  return { ...Object.fromEntries(heads), yes: say("ladder.csvHead.yes"), no: say("ladder.csvHead.no"), ...Object.fromEntries(values) };
}

/** A CSV of the ranking as shown (its players, their histories left out) or of one player's history, in the
 * page's language (`say`).
 * @param {{players: Player[]} | {history: Record<string, any[]>}} what @param {Say} say
 * @param {string} [separator] "," or ";" (file-open.js csvSeparator) */
export function csvRequest(what, say, separator = ",") {
  const words = csvWords(say);
  if ("history" in what) return JSON.stringify({ kind: "csv", history: what.history, separator, words });
  return JSON.stringify({ kind: "csv", players: what.players.map(({ history, ...rest }) => rest), separator, words });
}

/** A file's name without its extension ("club.csv": "club"). @param {string} name */
export const stem = (name) => name.replace(/\.[^.]*$/, "");

/** A CSV file's name made of `base`, safe to save. @param {string} base @param {string} fallback */
export function csvName(base, fallback) {
  const name = base.trim().replace(/[^\p{L}\p{N} _.-]/gu, "_");
  return `${name || fallback}.csv`;
}
