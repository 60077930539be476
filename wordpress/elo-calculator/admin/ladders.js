// Elo calculator → Ladders (includes/ladder-admin.php): where a results secretary keeps the club's
// ladders, on the plugin's REST routes (includes/ladder-rest.php) through wp.apiFetch, which sends
// WordPress's REST nonce. Plain JavaScript on WordPress's globals: nothing to build. Every text a
// player or a keeper typed is set as text, never as HTML.
(function (wp, config) {
  "use strict";
  var t = config.texts;
  var app = document.getElementById("elo-ladders-app");
  var slug = app.getAttribute("data-ladder");
  var ladder = null; // the ladder shown, as GET /ladders/<slug> answers: its players, its latest games and their count
  var editing = null; // the game being edited, by id
  var view = { page: 1, search: "" }; // which games are listed: a page of those found (GET /ladders/<slug>'s)
  // The last result's date and pool, for the next one, and the site's day it was entered on: the next day, the form
  // offers that day instead (a tab left open overnight offered yesterday: a hostile pass).
  var entered = { date: config.today, pool: "", on: config.today };

  /**
   * The site's date `days` from now (YYYY-MM-DD), in its time zone (Settings → General), worked out when asked: a
   * tab left open kept the day it was opened, and its date fields refused today's results as after their `max`.
   */
  function siteDay(days) {
    var at = new Date(Date.now() + days * 864e5);
    var offset = /^([+-])(\d\d):(\d\d)$/.exec(config.zone || "");
    if (offset) { // a site set to a UTC offset, not a city
      var minutes = (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
      return new Date(at.getTime() + minutes * 6e4).toISOString().slice(0, 10);
    }
    try {
      var parts = {};
      new Intl.DateTimeFormat("en-US", { timeZone: config.zone, year: "numeric", month: "2-digit", day: "2-digit" })
        .formatToParts(at).forEach(function (part) { parts[part.type] = part.value; });
      return parts.year + "-" + parts.month + "-" + parts.day;
    } catch (e) { // a zone this browser does not know: the page's, as it opened
      return days ? config.latest : config.today;
    }
  }

  /** The date a new result's field offers: the last result's, on the day it was entered; else the site's today. */
  function entryDate() {
    return entered.on === siteDay(0) ? entered.date : siteDay(0);
  }

  /**
   * The page's date fields brought to the site's day (the page seen again, or a field about to be used): each one's
   * latest date, and the new result's date while it is the one offered (not one the keeper typed).
   */
  function freshDates() {
    document.querySelectorAll("#elo-ladders-app input[type=date]").forEach(function (input) { input.max = siteDay(1); });
    var date = document.getElementById("elo-date");
    if (date && date.getAttribute("data-offered") === date.value && date.value !== entryDate()) {
      date.value = entryDate();
      date.setAttribute("data-offered", date.value);
    }
  }
  document.addEventListener("visibilitychange", function () { if (!document.hidden) freshDates(); });
  app.addEventListener("focusin", freshDates);

  /** An element with attributes (`on…` a listener) and children (text or elements). */
  function h(tag, attrs) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (name.slice(0, 2) === "on") node.addEventListener(name.slice(2), value);
      else if (value === true) node.setAttribute(name, "");
      else if (value !== false && value != null) node.setAttribute(name, String(value));
    });
    for (var i = 2; i < arguments.length; i++) {
      [].concat(arguments[i]).forEach(function (child) {
        if (child != null && child !== false) node.append(typeof child === "string" ? document.createTextNode(child) : child);
      });
    }
    return node;
  }

  /** A labelled field. */
  function field(id, label, input) {
    input.id = id;
    return h("p", { class: "elo-field" }, h("label", { for: id }, label), input);
  }

  var sending = new Set(); // the changes on their way, each as method, path and data

  /**
   * A REST call; a change's refusal said in `status` (its message names the field), then rethrown (a read's failure
   * is its caller's to say: unread). The very change
   * already on its way (a double click: "White won" entered the game twice, "Create ladder" made two
   * ladders) is not sent again, and its promise never settles (nothing follows from it); any other is.
   */
  function call(path, method, data) {
    var key = (method || "GET") === "GET" ? null : [method, path, JSON.stringify(data || {})].join(" ");
    if (key !== null && sending.has(key)) return new Promise(function () {});
    if (key !== null) sending.add(key);
    var sent = function () { if (key !== null) sending.delete(key); };
    return wp.apiFetch({ path: "/elo-calculator/v1" + path, method: method || "GET", data: data }).then(function (answer) {
      sent();
      return answer;
    }, function (error) {
      sent();
      if (key !== null) refused(error);
      throw error;
    });
  }

  /**
   * Why the ladder (or the list) could not be read, with the way to all ladders: in the page's status once the page
   * is drawn (a reload after a change), else where "Loading…" is, which stayed for good (a ladder deleted, then the
   * browser's Back; a wrong address; any failed load).
   */
  function unread(error) {
    var text = t.notLoaded + " " + message(error);
    if (document.getElementById("elo-status")) return say(text, null, true);
    app.replaceChildren(h("div", { id: "elo-status", role: "status", "aria-live": "polite", tabindex: -1, class: "notice notice-error inline" }, h("p", null, text)),
      h("p", null, h("a", { href: config.list }, "← " + t.back)));
  }

  /** A refusal said in the page's status and at the form or field it came from (`error.data.field`). */
  function refused(error) {
    say(t.failed + " " + message(error), null, true);
    markRefused(error);
  }

  /**
   * What went wrong, as text. WordPress's own errors are HTML (its "critical error" page, answered as a REST error's
   * message), which the page showed with its tags: read as HTML, in a document that runs and loads nothing, each
   * paragraph's text then joined by a space.
   */
  function message(error) {
    var text = (error && error.message) || String(error);
    if (!/<[a-z/]/i.test(text)) return text;
    return [].map.call(new DOMParser().parseFromString(text, "text/html").body.childNodes, function (node) {
      return node.textContent.trim();
    }).filter(Boolean).join(" ");
  }

  /**
   * A refusal said at the form it came from too, under it (the status is at the page's top: on a phone an import's
   * message was 1 775 px above it, a hostile pass), and its field marked invalid, described by it, and focused.
   */
  function markRefused(error) {
    var old = document.getElementById("elo-refused");
    if (old) old.remove();
    // The earlier refusal's marks go: a field corrected since stayed invalid, described by the next refusal's
    // message, and a field refused twice named the message twice (a hostile pass).
    [].forEach.call(app.querySelectorAll("[aria-invalid]"), function (marked) {
      var others = (marked.getAttribute("aria-describedby") || "").split(/\s+/).filter(function (id) { return id && id !== "elo-refused"; });
      marked.removeAttribute("aria-invalid");
      if (others.length) marked.setAttribute("aria-describedby", others.join(" "));
      else marked.removeAttribute("aria-describedby");
    });
    if (!acting || !acting.isConnected) return;
    var near = h("p", { id: "elo-refused", class: "elo-refused" }, t.failed + " " + message(error));
    acting.after(near);
    var named = error && error.data && error.data.field;
    // A field changed on its own (a player's rating in the table: in no form) is the one at fault; a form's field
    // is found among its elements, which hold those outside it that name it (a game's edit row: form="…").
    var input = !(acting instanceof HTMLFormElement) ? acting
      : named ? acting.elements.namedItem(String(named)) : null;
    if (input && !(input instanceof Element)) input = input[0] || null; // a RadioNodeList: its first
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", ((input.getAttribute("aria-describedby") || "") + " elo-refused").trim());
      input.focus();
    }
  }

  /**
   * Says what happened in the page's live region, with an optional button (Undo). The keyboard on what it replaces
   * (the Undo clicked) goes to what is said: it fell to the page's start after every Undo (a hostile pass).
   */
  function say(text, action, problem) {
    var status = document.getElementById("elo-status");
    if (!status) return;
    var had = status.contains(document.activeElement) && document.activeElement !== status;
    status.className = problem ? "notice notice-error inline" : "notice notice-success inline";
    status.replaceChildren(h("p", null, text, action ? " " : null, action ? h("button", { type: "button", id: "elo-status-action", class: "button-link", onclick: action.run }, action.label) : null));
    if (had) status.focus();
  }

  // Where the keyboard goes once the page is drawn anew after an action whose own control is gone (a game's Edit,
  // its Save, its Delete): by id; else the control that had it, if it is there again (a hostile pass: it fell to
  // the page's start).
  var focusNext = null;

  /** A table in a box of its own that scrolls sideways on a phone (focusable, to scroll by keyboard), not the page. */
  function scrolling(label, table) {
    return h("div", { class: "elo-scroll", role: "region", "aria-label": label, tabindex: 0 }, table);
  }

  function playerName(id) {
    if (!ladder.names) ladder.names = new Map(ladder.players.map(function (p) { return [p.id, p.name]; }));
    return ladder.names.has(id) ? ladder.names.get(id) : id;
  }

  /**
   * The id of the player a typed name names (the suggestions are names; the routes take ids, which are
   * never ambiguous): by the name, letter case aside, when one player has it; else as typed.
   */
  function idOf(text) {
    var key = text.normalize("NFC").trim().toLowerCase();
    var named = ladder.players.filter(function (p) { return p.name.toLowerCase() === key; });
    return named.length === 1 ? named[0].id : text;
  }

  /**
   * A club's file as text, as the server would read its bytes: UTF-16 by its mark, UTF-8, else Windows-1252 (an
   * older Excel's export); names composed (NFC), as the ladder view reads them. A file in UTF-8 but for some lines
   * is refused at the first of them (Error): read as Windows-1252, its other lines' names became new players
   * ("MÃ¼ller" beside "Müller"; a hostile pass).
   */
  function decode(buffer) {
    var bytes = new Uint8Array(buffer);
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2)).normalize("NFC");
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2)).normalize("NFC");
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes).normalize("NFC");
    } catch (e) {
      var line = mixedLine(bytes);
      if (line) throw new Error(t.notUtf8.replace("%d", line));
      return new TextDecoder("windows-1252").decode(bytes).normalize("NFC");
    }
  }

  /** The first line that is not UTF-8 in a file whose other lines hold UTF-8's letters beyond ASCII; else 0. */
  function mixedLine(bytes) {
    var utf8 = new TextDecoder("utf-8", { fatal: true });
    var first = 0;
    var letters = false;
    for (var start = 0, n = 1; start < bytes.length; n++) {
      var end = bytes.indexOf(0x0a, start);
      var line = bytes.subarray(start, end < 0 ? bytes.length : end);
      try {
        utf8.decode(line);
        letters = letters || line.some(function (b) { return b >= 0x80; });
      } catch (e) {
        first = first || n;
      }
      start = end < 0 ? bytes.length : end + 1;
    }
    return letters ? first : 0;
  }

  /**
   * A date (YYYY-MM-DD), or a date and time (YYYY-MM-DD HH:MM, the site's time), as the site's settings write them
   * (config.dates: its date and time formats, as PHP's date() reads them, and the names in the keeper's language): a
   * German club's "1. März 2026" was 2026-03-01 on every list. A format holding a letter not read here: as given.
   */
  function shownDate(text) {
    var m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/.exec(text || "");
    var words = config.dates;
    if (!m || !words) return text;
    var y = +m[1], mo = +m[2], d = +m[3], hour = +(m[4] || 0), min = +(m[5] || 0);
    var day = new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    var twelve = hour % 12 || 12;
    var suffix = d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th";
    var parts = {
      d: pad(d), j: String(d), S: suffix, D: words.daysAbb[day], l: words.days[day], N: String(day || 7), w: String(day),
      m: pad(mo), n: String(mo), F: words.months[mo - 1], M: words.monthsAbb[mo - 1], Y: String(y), y: pad(y % 100),
      H: pad(hour), G: String(hour), h: pad(twelve), g: String(twelve), i: pad(min), s: "00",
      a: words.meridiem[hour < 12 ? "am" : "pm"], A: words.meridiem[hour < 12 ? "AM" : "PM"],
    };
    var format = words.date + (m[4] ? " " + words.time : "");
    var out = "";
    for (var k = 0; k < format.length; k++) {
      var c = format[k];
      if (c === "\\") out += format[++k] || "";
      else if (Object.prototype.hasOwnProperty.call(parts, c)) out += parts[c];
      else if (/[a-z]/i.test(c)) return text; // a letter PHP reads and this does not (T, U, c...)
      else out += c;
    }
    return out;
  }

  function gameText(game) {
    return shownDate(game.date) + " " + playerName(game.white) + " – " + playerName(game.black) + " " + game.result;
  }

  function formValues(form) {
    var values = {};
    // Typed text composed (NFC), as the ladder view reads names: "Müller" typed on a Mac is then the other "Müller".
    new FormData(form).forEach(function (value, name) { values[name] = typeof value === "string" ? value.normalize("NFC") : value; });
    return values;
  }

  // The list of ladders (each one's last change on the site's date, as the history's times: the UTC date was a day
  // ahead in a Californian club's evening), and the form for a new one.
  function showList() {
    call("/ladders").then(function (ladders) {
      var rows = ladders.map(function (l) {
        return h("tr", null, h("td", null, h("a", { href: config.list + "&ladder=" + encodeURIComponent(l.slug) }, l.name)),
          h("td", null, h("code", null, '[elo_calculator ladder="' + l.slug + '"]')), h("td", null, shownDate(l.updated_day)));
      });
      app.replaceChildren(
        h("div", { id: "elo-status", role: "status", "aria-live": "polite", tabindex: -1 }),
        ladders.length ? scrolling(t.ladders, h("table", { class: "widefat striped" }, h("thead", null, h("tr", null,
          h("th", null, t.name), h("th", null, t.shortcode), h("th", null, t.updated))), h("tbody", null, rows))) : h("p", null, t.none),
        h("h2", null, t.newLadder), h("form", { onsubmit: create }, field("elo-new-name", t.name, h("input", { name: "name", required: true, class: "regular-text" })),
          field("elo-new-system", t.system, systemSelect("")), h("button", { class: "button button-primary" }, t.create)));
    }, unread);
  }

  function systemSelect(current) {
    return h("select", { name: "system" }, h("option", { value: "" }, t["default"]), Object.keys(config.systems).map(function (name) {
      return h("option", { value: name, selected: name === current }, config.systems[name]);
    }));
  }

  function create(event) {
    event.preventDefault();
    call("/ladders", "POST", formValues(event.target)).then(function (made) {
      location.href = config.list + "&ladder=" + encodeURIComponent(made.slug);
    });
  }

  // One ladder: the result entry first, then its games, players, rules, files and history.
  function load() {
    var query = "?page=" + view.page + (view.search ? "&search=" + encodeURIComponent(view.search) : "");
    var edited = editing === null || !ladder ? null : shownGames().filter(function (g) { return g.id === editing; })[0] || null;
    return call("/ladders/" + slug + query).then(function (got) {
      // The game being edited stays listed, with its edit row and what was typed there, when the page read again no
      // longer holds it (a newer result entered meanwhile moved the page's oldest game to the next page).
      if (edited && !got.games.some(function (g) { return g.id === edited.id; })) got.kept = edited;
      ladder = got;
      render();
    }, function (error) {
      unread(error);
      throw error; // what was to follow the reload (a "Saved") does not
    });
  }

  /**
   * The page read again after a change the server made, then `done`, which says the change (its "Saved" and Undo).
   * A failed read does not hide it: the change is said all the same, and the failure after it (the page said "Not
   * loaded" alone, and a keeper who took the result for not saved entered it again: recorded twice). `settle`, run
   * on a failed read alone, leaves the form acted on as the page drawn anew would have (an edit row closed, a new
   * player's fields emptied): what was saved is not sent again by a second click; the other forms keep what was typed.
   */
  function reload(done, settle) {
    return load().then(done, function (error) {
      if (settle) settle();
      done();
      var status = document.getElementById("elo-status");
      if (!status) return;
      status.className = "notice notice-warning inline";
      status.append(h("p", null, fill(t.notReloaded, message(error))));
    });
  }

  // The form of the action under way (a result entered, a player added, the rules saved): what was typed in the
  // others is kept when the page is drawn anew after it (a hostile pass: entering a result emptied the paste box).
  // Set by a form's submit or a button's click alone: a click into another field while the answer is on its way
  // leaves it (it then kept that field's text from the page drawn anew, and put back the result form's: a review).
  var acting = null;
  app.addEventListener("submit", function (e) { acting = e.target; }, true);
  app.addEventListener("click", function (e) {
    var button = e.target instanceof Element ? e.target.closest("button") : null;
    if (button) acting = button.form || button.closest("form");
  }, true);

  /** The fields typed in (their value not the one drawn) outside the form acted on, by id. */
  function drafts() {
    return [].filter.call(app.querySelectorAll("input[id]:not([type=file]), textarea[id], select[id]"), function (el) {
      var changed = el instanceof HTMLSelectElement
        ? [].some.call(el.options, function (o) { return o.selected !== o.defaultSelected; })
        : el.type === "checkbox" ? el.checked !== el.defaultChecked : el.value !== el.defaultValue;
      return changed && !(acting && (acting.contains(el) || el.form === acting));
    }).map(function (el) { return [el.id, el.type === "checkbox" ? el.checked : el.value]; });
  }

  function render() {
    var focused = focusNext || (document.activeElement && document.activeElement.id);
    focusNext = null;
    var status = document.getElementById("elo-status");
    var typed = drafts();
    app.replaceChildren.apply(app, [
      h("p", null, h("a", { href: config.list }, "← " + t.back)),
      h("h2", null, ladder.name),
      h("p", null, t.place, " ", h("code", null, '[elo_calculator ladder="' + ladder.slug + '"]')),
      status || h("div", { id: "elo-status", role: "status", "aria-live": "polite", tabindex: -1 }),
    ].concat(
      // Another keeper's ladder, to a user who keeps only their own: its games and players to read, no form that
      // every change would refuse (a hostile pass: the page opened on "Not saved", its forms all there).
      ladder.may_keep === false ? [h("p", { class: "notice notice-info inline" }, t.keptByOther), gamesSection(true), playersSection(true)]
        : [entrySection(), pasteSection(), gamesSection(), playersSection(), rulesSection(), filesSection(),
          h("section", { id: "elo-history" }, h("h3", null, t.history)),
          h("p", null, h("button", { type: "button", class: "button button-link-delete", onclick: removeLadder }, t.deleteLadder))]));
    if (ladder.may_keep !== false) showHistory();
    typed.forEach(function (draft) {
      var el = document.getElementById(draft[0]);
      if (!el) return;
      if (el.type === "checkbox") el.checked = draft[1];
      else el.value = draft[1];
    });
    acting = null;
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  }

  function names() {
    return h("datalist", { id: "elo-names" }, ladder.players.filter(function (p) { return p.active; }).map(function (p) {
      return h("option", { value: p.name });
    }));
  }

  function entrySection() {
    var form = h("form", { id: "elo-entry", onsubmit: function (e) { e.preventDefault(); } },
      field("elo-date", t.date, h("input", { type: "date", name: "date", value: entryDate(), "data-offered": entryDate(), max: siteDay(1), required: true })),
      field("elo-white", t.white, h("input", { name: "white", list: "elo-names", autocomplete: "off", required: true })),
      field("elo-black", t.black, h("input", { name: "black", list: "elo-names", autocomplete: "off", required: true })),
      field("elo-pool", t.pool, h("input", { name: "pool", class: "small-text", value: entered.pool })),
      // Every result the edit row offers, in its words: a forfeit was entered as a game, then edited (a hostile pass).
      h("fieldset", null, h("legend", null, t.result), config.results.map(function (code) {
        // Buttons, not a submit: Enter in a name field (taking a suggestion) must not enter a result.
        return h("button", { type: "button", class: "button" + (code === "1" ? " button-primary" : ""), onclick: function () { enter(form, code); } }, t["r" + code]);
      })), names());
    return h("section", null, h("h3", null, t.enter), form);
  }

  function enter(form, code) {
    freshDates();
    if (!form.reportValidity()) return;
    var values = formValues(form);
    values.result = code;
    values.white = idOf(values.white);
    values.black = idOf(values.black);
    call("/ladders/" + slug + "/games", "POST", values).then(function (game) {
      entered = { date: game.date, pool: game.pool, on: siteDay(0) };
      // The latest games, with this one; but while a game is edited, the page or search it was found on stays, and
      // its edit row with what was typed in it (the page went back to the latest games: the row and its new date
      // were gone, the game still being edited).
      if (editing === null) view = { page: 1, search: "" };
      return reload(function () {
        // Its players emptied, also when the page could not be drawn anew: entered again, the game was recorded twice.
        document.getElementById("elo-white").value = "";
        document.getElementById("elo-black").value = "";
        document.getElementById("elo-white").focus();
        // The same game kept already: said with the Undo, to the keeper alone (the page warned every visitor of it).
        say(t.saved + " " + gameText(game) + (game.again ? " " + t.enteredTwice : ""), { label: t.undo, run: function () { removeGame(game, true); } });
      });
    });
  }

  function pasteSection() {
    var area = h("textarea", { name: "games", rows: 4, class: "large-text code", "aria-describedby": "elo-paste-hint" });
    return h("section", null, h("h3", null, t.paste), h("form", { onsubmit: function (e) {
      e.preventDefault();
      importFiles({ games: area.value.normalize("NFC"), new_players: false });
    } }, field("elo-paste", t.paste, area), h("p", { id: "elo-paste-hint", class: "description" }, t.pasteHint),
    h("button", { class: "button" }, t.pasteAdd)));
  }

  function importFiles(data) {
    return call("/ladders/" + slug + "/import", "POST", data).then(function (done) {
      view = { page: 1, search: "" }; // the latest games, with these
      return reload(function () {
        say(t.imported.replace("%1$d", done.games).replace("%2$d", done.players)
          + (done.repeated ? " " + t.repeated.replace("%d", done.repeated) : ""),
          done.import ? { label: t.undo, run: function () { undoImport(done.import); } } : null);
      });
    });
  }

  /**
   * A text's %s filled with `value`, as it is: given as replace()'s replacement, a name's "$&" or "$$" were read as
   * patterns (a review: "Ca$$h" said as "Ca$h").
   */
  function fill(text, value) {
    return text.replace("%s", function () { return value; });
  }

  /** What an import's Undo did, in a sentence (the status's, the history's). */
  function undoneText(done) {
    var kept = (done.kept || []).join(", ") + ((done.kept_total || 0) > (done.kept || []).length ? ", …" : "");
    return t.importUndone.replace("%1$d", done.games || 0).replace("%2$d", done.players || 0).replace("%3$d", done.restored || 0)
      + (kept ? " " + fill(t.importKept, kept) : "");
  }

  /** An import undone (a wrong file): its games and new players off the ladder, the players it changed put back. */
  function undoImport(id, fromHistory) {
    return call("/ladders/" + slug + "/import/" + id, "DELETE").then(function (done) {
      view = { page: 1, search: "" };
      if (fromHistory) focusNext = "elo-status"; // its button is gone with the history drawn anew
      return reload(function () { say(undoneText(done)); });
    });
  }

  /** The games GET /ladders/<slug> answered (a page: a ladder may hold 100 000), newest first, each with its Edit and
   * Delete (read only: without). */
  function gamesSection(readOnly) {
    var rows = shownGames().reverse().map(function (game) {
      if (editing === game.id) return editRow(game);
      return h("tr", null, h("td", null, shownDate(game.date)), h("td", null, playerName(game.white)), h("td", null, playerName(game.black)),
        h("td", null, game.result), h("td", null, game.pool),
        readOnly ? null : h("td", null, h("button", { type: "button", id: "elo-edit-" + game.id + "-open", class: "button-link", "aria-label": t.edit + " " + gameText(game), onclick: function () { editing = game.id; focusNext = "elo-edit-" + game.id + "-date"; render(); } }, t.edit), " ",
          h("button", { type: "button", class: "button-link button-link-delete", "aria-label": t.delete + " " + gameText(game), onclick: function () { removeGame(game, false); } }, t.delete)));
    });
    var said = view.search ? t.found.replace("%1$d", ladder.games_found).replace("%2$d", ladder.games_total)
      : ladder.games_total > ladder.games.length && ladder.games_page === 1 ? t.latest.replace("%1$d", ladder.games.length).replace("%2$d", ladder.games_total) : null;
    return h("section", null, h("h3", null, t.games + " (" + ladder.games_total + ")"), findGames(),
      said ? h("p", { class: "description", id: "elo-games-found" }, said) : null,
      rows.length ? scrolling(t.games, h("table", { class: "widefat striped elo-games" },
        h("thead", null, h("tr", null, [t.date, t.white, t.black, t.result, t.pool].map(function (x) { return h("th", null, x); }),
          readOnly ? null : h("th", null, h("span", { class: "screen-reader-text" }, t.edit + ", " + t["delete"])))),
        h("tbody", null, rows))) : h("p", null, ladder.games_total ? t.noneFound : t.noGames), gamePages());
  }

  /** The games listed, oldest first: the page's, and the game being edited if the page read again no longer held it. */
  function shownGames() {
    var games = ladder.games.slice();
    var kept = ladder.kept;
    if (!kept || editing !== kept.id) return games;
    var first = games[0];
    var older = !first || kept.date < first.date || (kept.date === first.date && kept.id < first.id);
    if (older) games.unshift(kept);
    else games.push(kept);
    return games;
  }

  /**
   * A search of the games, by a player's name or id or a date (the server's: a game older than the latest 200 could
   * not be reached to be corrected or deleted, a hostile pass). Shown once a ladder has more games than a page.
   */
  function findGames() {
    if (ladder.games_total <= ladder.games.length && !view.search) return null;
    var input = h("input", { type: "search", name: "search", value: view.search, class: "regular-text", "aria-describedby": "elo-games-found" });
    return h("form", { role: "search", "aria-label": t.games, onsubmit: function (e) {
      e.preventDefault();
      showGames(1, input.value.normalize("NFC").trim(), "elo-find-games");
    } }, field("elo-find-games", t.find, input), h("button", { class: "button" }, t.findButton));
  }

  /** The games' pages: to newer and older ones, and which page this is. */
  function gamePages() {
    if (ladder.games_pages <= 1) return null;
    var to = function (page, id, label) {
      return h("button", { type: "button", id: id, class: "button", onclick: function () { showGames(page, view.search, id); } }, label);
    };
    return h("nav", { "aria-label": t.gamePages }, h("p", null,
      ladder.games_page > 1 ? to(ladder.games_page - 1, "elo-games-newer", t.newer) : null, " ",
      t.pageOf.replace("%1$d", ladder.games_page).replace("%2$d", ladder.games_pages), " ",
      ladder.games_page < ladder.games_pages ? to(ladder.games_page + 1, "elo-games-older", t.older) : null));
  }

  /** Another page of the games, or those a search finds; the keyboard stays on the control used, or its other. */
  function showGames(page, search, from) {
    view = { page: page, search: search };
    editing = null;
    focusNext = from;
    load().then(function () {
      var other = { "elo-games-newer": "elo-games-older", "elo-games-older": "elo-games-newer" }[from];
      if (!document.getElementById(from) && other && document.getElementById(other)) document.getElementById(other).focus();
    }, function () {});
  }

  function editRow(game) {
    var form = "elo-edit-" + game.id;
    var cell = function (name, input) {
      input.setAttribute("form", form);
      input.setAttribute("aria-label", t[name]);
      input.id = form + "-" + name; // kept, as typed, when the page is drawn anew for another action
      return h("td", null, input);
    };
    return h("tr", null,
      cell("date", h("input", { type: "date", name: "date", value: game.date, max: siteDay(1) })),
      cell("white", h("input", { name: "white", value: playerName(game.white), list: "elo-names" })),
      cell("black", h("input", { name: "black", value: playerName(game.black), list: "elo-names" })),
      cell("result", h("select", { name: "result" }, config.results.map(function (code) {
        return h("option", { value: code, selected: resultCode(game.result) === code }, t["r" + code]);
      }))),
      cell("pool", h("input", { name: "pool", value: game.pool, class: "small-text" })),
      h("td", null, h("form", { id: form, onsubmit: function (e) {
        e.preventDefault();
        var typed = formValues(e.target);
        // Only what was changed is sent: what another keeper changed meanwhile in the other fields stays (sent
        // whole, a date corrected here put back the result as this page had it). A name left as it was is the
        // game's own player (two players may share a name with an id).
        var shown = { date: game.date, white: playerName(game.white), black: playerName(game.black), result: resultCode(game.result), pool: game.pool };
        var values = {};
        Object.keys(shown).forEach(function (name) {
          if (typed[name] !== shown[name]) values[name] = name === "white" || name === "black" ? idOf(typed[name]) : typed[name];
        });
        var back = "elo-edit-" + game.id + "-open"; // the keyboard back on the game's Edit
        if (!Object.keys(values).length) { // kept as it is: nothing to send
          editing = null;
          focusNext = back;
          render();
          say(t.saved + " " + gameText(game));
          return;
        }
        // What the fields changed held before, for Undo (it puts back these alone, as the edit sent these alone).
        var before = {};
        Object.keys(values).forEach(function (name) { before[name] = name === "result" ? resultCode(game.result) : game[name]; });
        // Sent with what these fields hold as this page showed them, and its Undo with what they held once saved: a
        // field another keeper changed since is not overwritten (a stale Undo put back 1-0 over their 0-1: a
        // hostile pass); the server refuses, and the page reads the game as it now is.
        call("/ladders/" + slug + "/games/" + game.id, "PUT", Object.assign({ expect: before }, values)).then(function (saved) {
          editing = null;
          focusNext = back;
          var after = {};
          Object.keys(values).forEach(function (name) { after[name] = saved[name]; });
          return reload(function () {
            say(t.saved + " " + gameText(saved), { label: t.undo, run: function () {
              call("/ladders/" + slug + "/games/" + game.id, "PUT", Object.assign({ expect: after }, before)).then(function (undone) {
                return reload(function () { say(t.saved + " " + gameText(undone)); });
              }, changedSince);
            } });
          }, render); // its edit row closed (its Save sent the edit again), the page's other fields as typed
        }, function (error) {
          // What was typed differently from the game as shown is kept; the fields left alone show the game read again.
          var changed = {};
          Object.keys(values).forEach(function (name) { changed[name] = typed[name]; });
          editChangedSince(game, changed, error);
        });
      } }, h("button", { class: "button button-primary" }, t.save), " ",
      h("button", { type: "button", class: "button", onclick: function () { editing = null; focusNext = "elo-edit-" + game.id + "-open"; render(); } }, t.cancel))));
  }

  /** A written result's code ("1-0" → "1"), as the edit's choice lists them. */
  function resultCode(text) {
    return { "1-0": "1", "1/2-1/2": "0.5", "0-1": "0", "1-0f": "+", "0-1f": "-", "0-0": "--" }[text] || text;
  }

  /**
   * A change refused because another keeper changed the game since this page read it: the page reads it again, as it
   * now is (the refusal, said, stays).
   */
  function changedSince(error) {
    if (!error || error.code !== "elo_calculator_changed_since") return;
    editing = null;
    load().catch(function () {});
  }

  /**
   * An edit's Save refused because another keeper changed the game since: the page reads it again, and the edit row
   * stays open with what the keeper changed in it (it closed, what was typed lost, a hostile pass), the game as it now
   * is said with the refusal, under the row too, and the keyboard on the row's first field. Its Save again expects
   * the game as read now (the row is drawn anew from it), so it is not refused again for the same change.
   */
  function editChangedSince(game, typed, error) {
    if (!error || error.code !== "elo_calculator_changed_since") return;
    var form = "elo-edit-" + game.id;
    var now = error.data && error.data.game && String(error.data.game.id) === String(game.id) ? error.data.game : null;
    // The game as the server answered it, also where the page read again no longer lists it (load keeps it: kept).
    var fresh = function (g) { return String(g.id) === String(game.id) ? Object.assign({}, g, now) : g; };
    if (now && ladder) {
      ladder.games = ladder.games.map(fresh);
      if (ladder.kept) ladder.kept = fresh(ladder.kept);
    }
    var keep = function () {
      if (editing !== game.id || !document.getElementById(form)) return;
      Object.keys(typed).forEach(function (name) {
        var input = document.getElementById(form + "-" + name);
        if (input) input.value = typed[name];
      });
      var shown = shownGames().filter(function (g) { return g.id === game.id; })[0] || now || game;
      var text = fill(t.changedKept, gameText(shown));
      say(text, null, true);
      var old = document.getElementById("elo-refused");
      if (old) old.remove();
      var near = h("p", { id: "elo-refused", class: "elo-refused" }, text);
      document.getElementById(form).after(near);
      var first = document.getElementById(form + "-date");
      first.setAttribute("aria-describedby", "elo-refused");
      first.focus();
    };
    editing = game.id;
    // Not read again ("Not loaded" said): the row drawn anew from the game the refusal answered, what was typed kept.
    load().then(keep, function () {
      if (!now) return; // the row left as it was, with what was typed
      render();
      keep();
    });
  }

  /** A game deleted, as this page shows it (another keeper's correction since is not thrown away: changedSince). */
  function removeGame(game, undoing) {
    var expect = { date: game.date, white: game.white, black: game.black, result: game.result, pool: game.pool };
    call("/ladders/" + slug + "/games/" + game.id, "DELETE", { expect: expect }).then(function () {
      return reload(function () {
        if (undoing) say(t.deleted + " " + gameText(game));
        else say(t.deleted + " " + gameText(game), { label: t.undo, run: function () { restoreGame(game); } });
        var undo = document.getElementById("elo-status-action"); // the row and its Delete are gone: its Undo
        if (undo && !undoing) undo.focus();
      });
    }, changedSince);
  }

  function restoreGame(game) {
    call("/ladders/" + slug + "/games/" + game.id + "/restore", "POST").then(function () {
      // The history read again, without its Restore (a second one was refused, and hid the "Restored").
      return reload(function () { say(t.restored + " " + gameText(game)); }, showHistory);
    });
  }

  /** The players, each one's name, rating and active there to change, and a player with no game there to remove
   * (read only: as text, with no form). */
  function playersSection(readOnly) {
    var playing = new Set(ladder.playing || []);
    var rows = ladder.players.map(function (p) {
      var key = "elo-player-" + encodeURIComponent(p.id).replace(/%/g, "_");
      if (readOnly) return h("tr", null, [p.id, p.name, p.rating, p.active ? "✓" : ""].map(function (x) { return h("td", null, String(x)); }));
      return h("tr", null, h("td", null, p.id),
        h("td", null, h("input", { id: key + "-name", value: p.name, "aria-label": t.name + " " + p.id, onchange: function (e) { changePlayer(p, { name: e.target.value.normalize("NFC") }, e.target); } })),
        h("td", null, h("input", { id: key + "-rating", value: p.rating, class: "small-text", "aria-label": t.rating + " " + p.name, onchange: function (e) { changePlayer(p, { rating: e.target.value }, e.target); } })),
        h("td", null, h("input", { id: key + "-active", type: "checkbox", checked: p.active, "aria-label": t.active + " " + p.name, onchange: function (e) { changePlayer(p, { active: e.target.checked }, e.target); } })),
        // A player with no game (a name mistyped, a wrong id) can be removed; one with games stays.
        h("td", null, playing.has(p.id) ? null : h("button", { type: "button", id: key + "-remove", class: "button-link", "aria-label": t.remove + " " + p.name, onclick: function (e) { removePlayer(p, e.target); } }, t.remove)));
    });
    var form = h("form", { onsubmit: function (e) {
      e.preventDefault();
      var added = e.target;
      call("/ladders/" + slug + "/players", "POST", formValues(added)).then(function (player) {
        // The id given, when it is not the name (a name longer than an id may be, cut to fit): games and files name it.
        var given = player.id !== player.name ? " " + fill(t.idGiven, player.id) : "";
        return reload(function () { say(t.saved + " " + player.name + given); document.getElementById("elo-player-name").focus(); },
          function () { added.reset(); }); // emptied: added again, it was refused ("already"), its "Saved" gone
      });
    } }, field("elo-player-name", t.name, h("input", { name: "name", required: true })), field("elo-player-id", t.id, h("input", { name: "id" })),
    field("elo-player-rating", t.rating, h("input", { name: "rating", class: "small-text", inputmode: "decimal" })),
    h("button", { class: "button" }, t.addPlayer));
    return h("section", null, h("h3", null, t.players + " (" + ladder.players.length + ")"), rows.length ? scrolling(t.players, h("table", { class: "widefat striped" },
      h("thead", null, h("tr", null, [t.idHead, t.name, t.rating, t.active].map(function (x) { return h("th", null, x); }),
        readOnly ? null : h("th", null, h("span", { class: "screen-reader-text" }, t.remove)))), h("tbody", null, rows))) : null,
    readOnly ? null : form);
  }

  /**
   * A player's field changed in the table: saved, or refused at that field, its text kept to be corrected. Sent with
   * what the field held as this page showed it: another keeper's change since is not overwritten (the server refuses,
   * and the page reads the player as they now are).
   */
  function changePlayer(player, change, input) {
    acting = input;
    var expect = {};
    Object.keys(change).forEach(function (name) { expect[name] = player[name]; });
    call("/ladders/" + slug + "/players", "PUT", Object.assign({ id: player.id, expect: expect }, change)).then(function (saved) {
      // As saved, at once: a second change of the field before the page is read again expects this one, not its own
      // first value (it was refused as another keeper's change).
      Object.keys(change).forEach(function (name) { player[name] = saved[name]; });
      return reload(function () { say(t.saved + " " + saved.name); }); // its field keeps what was typed
    }, function (error) {
      // Refused: its text stays to be corrected; but a player gone or changed meanwhile (another keeper) is read again.
      if (error && error.data && (error.data.status === 404 || error.code === "elo_calculator_changed_since")) load();
    });
  }

  /** A player with no game taken off the ladder, with an Undo that adds them again as they were. */
  function removePlayer(player, button) {
    acting = button;
    call("/ladders/" + slug + "/players", "DELETE", { id: player.id }).then(function () {
      focusNext = "elo-player-name"; // their row, and its Remove, are gone: the keyboard on the form to add a player
      return reload(function () {
        say(t.removed + " " + player.name, { label: t.undo, run: function () {
          call("/ladders/" + slug + "/players", "POST", { id: player.id, name: player.name, rating: player.rating, active: player.active }).then(function (back) {
            return reload(function () { say(t.saved + " " + back.name); });
          });
        } });
      });
    });
  }

  function rulesSection() {
    var rules = ladder.rules || {};
    var choice = function (name, values) {
      return h("select", { name: name }, h("option", { value: "" }, t["default"]), values.map(function (v) {
        return h("option", { value: v, selected: rules[name] === v }, t[v]);
      }));
    };
    var inputs = {
      system: systemSelect(rules.system || ""), "cap-400": choice("cap-400", ["yes", "no"]), period: choice("period", ["week", "month"]),
    };
    // What this page showed, so that only what was changed here is sent: the server keeps the rest as it is now
    // (another keeper may have changed a rule since this page loaded; sending the whole form undid it).
    var shown = { name: ladder.name };
    config.rules.forEach(function (name) { shown[name] = rules[name] || ""; });
    return h("section", null, h("h3", null, t.rules), h("form", { onsubmit: function (e) {
      e.preventDefault();
      var sent = formValues(e.target);
      Object.keys(sent).forEach(function (name) { if (sent[name] === shown[name]) delete sent[name]; });
      // The ladder read again with the page's view: the PUT's answer holds the latest games, which replaced those a
      // search found, and the open edit row (a hostile pass). The keyboard stays on the Save.
      call("/ladders/" + slug, "PUT", sent).then(function (saved) {
        focusNext = "elo-rules-save";
        return reload(function () { say(t.saved + " " + saved.name); });
      });
    } }, field("elo-rule-name", t.name, h("input", { name: "name", value: ladder.name, required: true, class: "regular-text" })),
    config.rules.map(function (name) {
      return field("elo-rule-" + name, t[name], inputs[name] || h("input", { name: name, value: rules[name] || "", class: "small-text" }));
    }), h("button", { id: "elo-rules-save", class: "button" }, t.saveRules))); // by id: the keyboard stays on it
  }

  function filesSection() {
    var games = h("input", { type: "file", name: "games", accept: ".csv,.txt,text/csv" });
    var players = h("input", { type: "file", name: "players", accept: ".csv,.txt,text/csv" });
    return h("section", null, h("h3", null, t.files), h("form", { onsubmit: function (e) {
      e.preventDefault();
      // A file that cannot be sent is said at its field as the server's refusals are (it only moved the keyboard).
      // A players file alone adds and changes players (a season's members before its first game).
      if (!games.files[0] && !players.files[0]) return refused({ message: t.chooseFile, data: { field: "games" } });
      var read = function (input) {
        return input.files[0].arrayBuffer().then(decode).catch(function (error) {
          throw { field: input.name, message: input.files[0].name + ": " + error.message };
        });
      };
      Promise.all([games.files[0] ? read(games) : "", players.files[0] ? read(players) : ""]).then(function (texts) {
        importFiles({ games: texts[0], players: texts[1] });
      }, function (problem) { refused({ message: problem.message, data: { field: problem.field } }); });
    } }, field("elo-import-games", t.gamesFile, games), field("elo-import-players", t.playersFile, players),
    h("button", { class: "button" }, t["import"])), h("p", null, t["export"] + " ",
      h("a", { href: ladder.csv_url, download: ladder.slug + "-games.csv" }, "games.csv"), ", ",
      h("a", { href: ladder.players_url, download: ladder.slug + "-players.csv" }, "players.csv")),
    // Public files, as every upload: a ladder shown only on a private or password-protected page was read by anyone
    // who typed its files' address, made from its name (a hostile pass). A ladder made since has a random part in it.
    h("p", { class: ladder.files_named ? "notice notice-warning inline" : "description" }, ladder.files_named ? t.filesNamed : t.filesPublic));
  }

  function showHistory() {
    call("/ladders/" + slug + "/history").then(function (entries) {
      var list = h("ol", { class: "elo-history" }, entries.map(function (entry) {
        var detail = entry.detail || {};
        var game = detail.game || detail.after || detail.before;
        // The action in the page's language, at the site's time (the time kept is UTC).
        var what = (t["action_" + entry.action] || entry.action) + (game && game.date ? ": " + gameText(game) : game && game.name ? ": " + game.name : "");
        if (entry.action === "imported") {
          what += ": " + t.importedWhat.replace("%1$d", detail.games || 0).replace("%2$d", detail.players || 0).replace("%3$d", detail.changed || 0)
            + (detail.changes || []).map(function (c) { return "; " + c.before.name + (c.before.name !== c.after.name ? " → " + c.after.name : "") + (c.before.rating !== c.after.rating ? " (" + (c.before.rating || "—") + " → " + (c.after.rating || "—") + ")" : ""); }).join("");
        }
        if (entry.action === "imported" && detail.undone) what += " " + t.undoneMark;
        if (entry.action === "import_undone") what = undoneText(detail); // a sentence of its own
        var when = shownDate(entry.local || entry.at.replace("T", " ").slice(0, 16));
        return h("li", null, when + " · " + entry.who + " · " + what,
          entry.restorable ? [" ", h("button", { type: "button", class: "button-link", "aria-label": t.restore + " " + gameText(detail.game), onclick: function () { restoreGame(detail.game); } }, t.restore)] : null,
          entry.undoable ? [" ", h("button", { type: "button", class: "button-link", "aria-label": t.undoImport + " " + when + " (" + t.importedWhat.replace("%1$d", detail.games || 0).replace("%2$d", detail.players || 0).replace("%3$d", detail.changed || 0) + ")", onclick: function () {
            // From the history, perhaps weeks on: asked first (the status's Undo, at once, is not).
            if (window.confirm(t.confirmUndoImport.replace("%d", detail.games || 0))) undoImport(entry.id, true);
          } }, t.undoImport)] : null);
      }));
      var section = document.getElementById("elo-history");
      if (section) section.replaceChildren(h("h3", null, t.history), list);
    }, function () {});
  }

  function removeLadder() {
    if (!window.confirm(t.confirmDelete)) return;
    call("/ladders/" + slug, "DELETE").then(function () { location.href = config.list; });
  }

  if (slug) load().catch(function () {}); // said by unread
  else showList();
})(window.wp, window.eloCalculatorLadders);
