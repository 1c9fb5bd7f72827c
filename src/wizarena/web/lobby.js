// The lobby: choose a game, start a table, list the open tables a page at a time.
import { absoluteUrl, api, clear, gameLabel, getTokens, h, saveToken, timeAgo } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let games = [];
let chosenCount = null; // the player count the person picked, kept across games that allow it
const chosenRules = new Set(); // the options (official variants) the person ticked, by key
let chosenAgent = null; // the computer player the person picked; until then each game's own

function playerCounts(game) {
  // The counts a game may be made for (GET /api/games, `player_counts`); an older server
  // gives only the one count, `num_players`.
  const counts = Array.isArray(game.player_counts) ? game.player_counts.map(Number).filter((n) => n > 0) : [];
  return counts.length ? counts : [Number(game.num_players) || 2];
}

function selectedGame() {
  const input = document.querySelector('input[name="game"]:checked');
  return input ? games[Number(input.value)] : null;
}

function mode() {
  return document.querySelector('input[name="mode"]:checked').value;
}

function fitAgents(game) {
  // Only the computer players that play this game (GET /api/games, `agents`: a trained
  // `policy` is offered only where weights ship for the game); an older server lists none,
  // and then every agent is offered.
  const fits = game && Array.isArray(game.agents) ? game.agents : null;
  for (const o of $("agent").options) o.hidden = o.disabled = fits !== null && !fits.includes(o.value);
  if (chosenAgent !== null && $("agent").selectedOptions[0]?.disabled) chosenAgent = null;
}

function defaultAgent(game) {
  // The opponent the game recommends (GET /api/games, `default_agent`), if this server has it.
  const fits = game && Array.isArray(game.agents) ? game.agents : null;
  const agents = Array.from($("agent").options, (o) => o.value).filter((a) => fits === null || fits.includes(a));
  const wanted = game && typeof game.default_agent === "string" ? game.default_agent.split(":")[0] : "";
  return agents.includes(wanted) ? wanted : agents.includes("ismcts") ? "ismcts" : agents[0];
}

function refreshOptions() {
  const game = selectedGame();
  fitAgents(game);
  if (chosenAgent === null && $("agent").options.length) $("agent").value = defaultAgent(game);
  $("strength-label").hidden = $("agent").value !== "ismcts";
  const counts = game ? playerCounts(game) : [2];
  const select = $("players");
  clear(select, counts.map((n) => h("option", { value: n }, `${n} players`)));
  // The count the person picked stays if this game allows it; otherwise the game's default.
  const fallback = game && counts.includes(Number(game.num_players)) ? Number(game.num_players) : counts[0];
  select.value = String(counts.includes(chosenCount) ? chosenCount : fallback);
  $("players-options").hidden = counts.length < 2;
  // Friends at a table of three or more may leave some seats to the computer: the last
  // seats, so that the invited people sit next to the one who opened the table.
  const count = Number(select.value) || counts[0];
  const computers = $("computers");
  const had = Number(computers.value) || 0;
  clear(computers, range(0, count - 2).map((k) => h("option", { value: k }, String(k))));
  computers.value = String(Math.min(had, count - 2));
  $("computers-label").hidden = mode() !== "friend" || count < 3;
  $("computer-options").hidden = mode() !== "computer" && !(mode() === "friend" && Number(computers.value) > 0);
  showRules(game, count);
}

function fittingRules(game, count) {
  // The game's yes-or-no options (GET /api/games, `options`) that fit this player count.
  const options = game && Array.isArray(game.options) ? game.options : [];
  return options.filter((o) => !o.players || o.players.length === 0 || o.players.includes(count));
}

function showRules(game, count) {
  const fitting = fittingRules(game, count);
  $("rules-options").hidden = fitting.length === 0;
  clear(
    $("rules-list"),
    fitting.map((o) =>
      h(
        "label",
        { class: "choice", dataset: { option: o.key } },
        h("input", {
          type: "checkbox",
          name: "rule",
          value: o.key,
          checked: chosenRules.has(o.key),
          onchange: (e) => (e.target.checked ? chosenRules.add(o.key) : chosenRules.delete(o.key)),
        }),
        ` ${o.description}`,
      ),
    ),
  );
}

function chosenConfig(game, count) {
  const config = {};
  for (const o of fittingRules(game, count)) if (chosenRules.has(o.key)) config[o.key] = true;
  return config;
}

function range(a, b) {
  const out = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}

async function loadGames() {
  try {
    games = await api("/api/games");
  } catch (err) {
    clear($("games"), h("p", { class: "error" }, `Cannot load the games: ${err.message}`));
    return;
  }
  // Each game and format once, in words: a bare id that plays a named variant's rules
  // (mickey is mickey/grande) is not listed again.
  const listed = games.map((g, i) => [g, i]).filter(([g]) => !g.same_as);
  clear(
    $("games"),
    listed.map(([g, i], k) =>
      h(
        "label",
        { class: "game-choice", dataset: { game: g.full_id || g.id } },
        h("input", { type: "radio", name: "game", value: i, checked: k === 0, onchange: refreshOptions }),
        h(
          "span",
          { class: "game-text" },
          h("strong", {}, g.title || g.name || g.id),
          g.description ? h("span", { class: "muted game-desc" }, g.description) : null,
          g.rules_url
            ? h("a", { class: "game-rules", href: g.rules_url, target: "_blank", rel: "noopener", dataset: { testid: "rules-link" } }, "the rules")
            : null,
        ),
      ),
    ),
  );
  refreshOptions();
}

async function loadAgents() {
  let agents = ["random"];
  try {
    agents = await api("/api/agents");
  } catch (err) {
    console.warn("cannot load agents", err);
  }
  clear(
    $("agent"),
    agents.map((a) => h("option", { value: a }, a)),
  );
  refreshOptions();
}

function agentSpec() {
  const agent = $("agent").value;
  return agent === "ismcts" ? `ismcts:iterations=${$("strength").value}` : agent;
}

function seatsFor(m, count) {
  // computer: you and the computer; hotseat: all people here; friend: people by invite
  // link, and the last `computers` seats to the computer.
  const computers = m === "computer" ? count - 1 : m === "friend" ? Number($("computers").value) || 0 : 0;
  const seats = [];
  for (let s = 0; s < count; s++) {
    if (s === 0 || s < count - computers) seats.push({ kind: "human" });
    else seats.push({ kind: "agent", agent: agentSpec() });
  }
  return seats;
}

async function start(event) {
  event.preventDefault();
  const game = selectedGame();
  const error = $("start-error");
  error.hidden = true;
  if (!game) return;
  const m = mode();
  const count = Number($("players").value) || playerCounts(game)[0];
  const seedText = $("seed").value.trim();
  const body = {
    game: game.id,
    variant: game.variant ?? null,
    players: count,
    seats: seatsFor(m, count),
    seed: seedText === "" ? null : Number(seedText),
    hotseat: m === "hotseat", // a table of people who share one screen may choose its seed
    config: chosenConfig(game, count),
    timeout_s: $("timeout").value.trim() === "" ? 120 : Number($("timeout").value),
  };
  $("start").disabled = true;
  let table;
  try {
    table = await api("/api/tables", { method: "POST", body });
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    $("start").disabled = false;
    return;
  }
  const humans = table.seats.filter((s) => s.kind === "human" && s.token);
  const mine = m === "hotseat" ? humans : humans.slice(0, 1);
  for (const s of mine) saveToken(table.id, s.seat, s.token);
  const myUrl = mine.length ? mine[0].url : table.spectate_url;
  if (m !== "friend") {
    window.location.assign(myUrl);
    return;
  }
  showInvites(table, myUrl, humans.slice(1));
  $("start").disabled = false;
  loadTables();
}

function linkRow(label, url, testid) {
  const input = h("input", { type: "text", readonly: true, value: absoluteUrl(url), class: "link", "data-testid": testid });
  const copy = h("button", {
    type: "button",
    onclick: async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
        copy.textContent = "Copied";
      } catch {
        document.execCommand && document.execCommand("copy");
        copy.textContent = "Selected";
      }
      setTimeout(() => (copy.textContent = "Copy"), 1500);
    },
  }, "Copy");
  return h("div", { class: "link-row" }, h("label", {}, label, input), copy);
}

function showInvites(table, myUrl, others) {
  const box = $("created");
  clear(
    box,
    h("h2", {}, "Table ready"),
    h("p", {}, "Send each friend their own link: it carries their seat's secret token, so send it to them only."),
    others.map((s) => linkRow(`Invite link for P${s.seat}`, s.url, `invite-${s.seat}`)),
    linkRow("Spectators (anyone may watch)", table.spectate_url, "spectate"),
    h("p", {}, h("a", { class: "button primary", href: myUrl, "data-testid": "go-to-table" }, "Go to my seat (P0)")),
  );
  box.hidden = false;
  box.scrollIntoView({ behavior: "smooth", block: "nearest" });
}

function seatBadges(summary) {
  return (summary.seats || []).map((s) =>
    s.kind === "agent"
      ? h("span", { class: "seat-badge agent", title: "computer player" }, `P${s.seat} ${s.agent || "computer"}`)
      : h(
          "span",
          { class: `seat-badge ${s.connected ? "online" : "offline"}`, title: s.connected ? "connected" : "not connected" },
          `P${s.seat} human`,
        ),
  );
}

function tableTitle(t) {
  const full = gameLabel(t);
  const game = games.find((g) => (g.full_id || g.id) === full);
  return game ? game.title || game.name || game.id : full;
}

function tableRow(t) {
  const held = Object.keys(getTokens(t.id)).map(Number).sort();
  let result = "";
  if (t.outcome) {
    const w = t.outcome.winners || [];
    result = w.length === 1 ? `P${w[0]} won` : "draw";
  }
  return h(
    "li",
    { class: "table-row", dataset: { table: t.id } },
    h("span", { class: "table-game", title: gameLabel(t) }, tableTitle(t)),
    h("span", { class: "table-seats" }, seatBadges(t)),
    h("span", { class: "muted" }, t.moves == null ? "in play" : `${t.moves} moves`, t.created_at ? ` · ${timeAgo(t.created_at)}` : "", result ? ` · ${result}` : ""),
    h(
      "span",
      { class: "table-links" },
      held.length && t.status !== "finished"
        ? h("a", { href: `/table/${encodeURIComponent(t.id)}`, class: "button primary" }, `Play (P${held.join(", P")})`)
        : null,
      t.status !== "finished" ? h("a", { href: `/table/${encodeURIComponent(t.id)}`, class: "button" }, "Watch") : null,
      h("a", { href: `/replay/${encodeURIComponent(t.id)}${held.length ? `?seat=${held[0]}` : ""}`, class: "button" }, "Replay"),
    ),
  );
}

// The server pages the open tables newest first; `pages` holds the cursor of each page
// shown so far (null for the first), so "Newer" goes back and "Older" follows `next`.
const PAGE_SIZE = 20;
const pages = [null];
let nextCursor = null;

async function loadTables() {
  const target = $("open-tables");
  const cursor = pages[pages.length - 1];
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  try {
    const page = await api(`/api/tables?${query}`);
    if (!page.tables.length && pages.length > 1) {
      pages.pop(); // the tables of this page have all closed: show the one before
      return loadTables();
    }
    nextCursor = page.next;
    clear(target, page.tables.length ? h("ul", { class: "table-list" }, page.tables.map(tableRow)) : h("p", { class: "muted" }, "None open."));
  } catch (err) {
    clear(target, h("p", { class: "error" }, `Cannot load tables: ${err.message}`));
  }
  $("tables-pager").hidden = pages.length === 1 && !nextCursor;
  $("newer-tables").disabled = pages.length === 1;
  $("older-tables").disabled = !nextCursor;
  $("tables-page").textContent = `page ${pages.length}`;
}

// Balance studies the server was started with (`wizarena serve --reports`); the section
// stays hidden when there are none.
function reportRow(r) {
  const facts = [r.game && r.game !== r.title ? r.game : null, Number.isInteger(r.games) ? `${r.games} games` : null, r.written ? timeAgo(r.written) : null];
  return h(
    "li",
    { class: "table-row report-row", dataset: { report: r.name } },
    h("span", { class: "table-game" }, r.title || r.name),
    h("span", { class: "muted" }, facts.filter(Boolean).join(" · ")),
    h(
      "span",
      { class: "table-links" },
      h("a", { href: `/reports/${encodeURIComponent(r.name)}`, class: "button", "data-testid": "open-report" }, "Open the report"),
    ),
  );
}

async function loadReports() {
  let reports = [];
  try {
    reports = (await api("/api/reports")).reports || [];
  } catch (err) {
    console.warn("cannot load the balance studies", err);
  }
  clear($("reports"), reports.map(reportRow));
  $("reports-panel").hidden = !reports.length;
}

function olderTables() {
  if (!nextCursor) return;
  pages.push(nextCursor);
  loadTables();
}

function newerTables() {
  if (pages.length > 1) pages.pop();
  loadTables();
}

document.addEventListener("DOMContentLoaded", () => {
  for (const input of document.querySelectorAll('input[name="mode"]')) input.addEventListener("change", refreshOptions);
  $("agent").addEventListener("change", () => {
    chosenAgent = $("agent").value;
    refreshOptions();
  });
  $("players").addEventListener("change", () => {
    chosenCount = Number($("players").value);
    refreshOptions();
  });
  $("computers").addEventListener("change", refreshOptions);
  $("start-form").addEventListener("submit", start);
  $("older-tables").addEventListener("click", olderTables);
  $("newer-tables").addEventListener("click", newerTables);
  loadGames().then(loadTables);
  loadAgents();
  loadReports();
  setInterval(() => {
    if (document.visibilityState === "visible") loadTables();
  }, 10000);
});
