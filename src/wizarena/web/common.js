// Shared helpers of the wizarena pages: DOM building, the HTTP API, seat tokens,
// renderer loading and the narrated log. Plain ES module, no build step.

/** Build an element: h("div", {class: "x", onclick: fn}, "text", child, [more]).
 * Strings become text nodes, so nothing from the server is ever parsed as HTML. */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "text") {
      el.textContent = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace everything inside `el`. */
export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** Call the JSON API; a non-2xx answer throws ApiError with the server's one-line detail. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (err) {
    throw new ApiError(0, `the server cannot be reached (${err.message || err})`);
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { detail: text.slice(0, 200) };
    }
  }
  if (!response.ok) {
    let detail = data && data.detail !== undefined ? data.detail : response.statusText;
    if (typeof detail !== "string") detail = JSON.stringify(detail);
    throw new ApiError(response.status, detail || `HTTP ${response.status}`);
  }
  return data;
}

// ---- seat tokens -------------------------------------------------------------------
// The lobby receives the tokens when it creates a table. The server also sets an HttpOnly
// cookie when a page is opened with ?token=, but a page cannot read that cookie, so this
// browser keeps its own copy per table: {seat: token}. Hot-seat keeps several seats.

const TOKEN_KEY = "wizarena.tokens.";

export function getTokens(tableId) {
  try {
    const raw = localStorage.getItem(TOKEN_KEY + tableId);
    const data = raw ? JSON.parse(raw) : {};
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

export function saveToken(tableId, seat, token) {
  const tokens = getTokens(tableId);
  tokens[seat] = token;
  try {
    localStorage.setItem(TOKEN_KEY + tableId, JSON.stringify(tokens));
  } catch {
    // Private mode without storage: the server's cookie still identifies the seat.
  }
}

/** Tables this browser holds a seat of: [{id, seats: [n...]}]. */
export function myTables() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith(TOKEN_KEY)) {
      const id = key.slice(TOKEN_KEY.length);
      out.push({ id, seats: Object.keys(getTokens(id)).map(Number).sort() });
    }
  }
  return out;
}

/** Seats this browser holds tokens for, as numbers in seat order. */
export function heldSeats(tableId) {
  return Object.keys(getTokens(tableId)).map(Number).filter((n) => Number.isInteger(n)).sort((a, b) => a - b);
}

export function absoluteUrl(path) {
  return new URL(path, window.location.origin).href;
}

export function pathId(prefix) {
  const rest = window.location.pathname.slice(prefix.length).replace(/\/+$/, "");
  return decodeURIComponent(rest.split("/")[0] || "");
}

// ---- renderers -----------------------------------------------------------------------

const renderers = new Map();

/** A game's card facts from the server (empty for games without cards, or on failure:
 * renderers then draw cards by name). */
export async function gameCards(summary) {
  const q = summary.variant ? `?variant=${encodeURIComponent(summary.variant)}` : "";
  try {
    return await api(`/api/games/${encodeURIComponent(summary.game)}/cards${q}`);
  } catch {
    return [];
  }
}

/** The renderer module of a game (`/static/renderers/<game>.js`), or the generic one. */
export async function loadRenderer(game, variant) {
  // A variant with a renderer of its own (an edition: "wizwar-8e.js") is drawn by it;
  // any other by its game's renderer, and a game without one by the generic renderer.
  const base = String(game || "");
  const keys = variant ? [`${base}-${variant}`, base] : [base];
  const cacheKey = keys.join("|");
  if (renderers.has(cacheKey)) return renderers.get(cacheKey);
  let mod = null;
  for (const key of keys) {
    if (mod || !/^[a-z0-9_-]+$/i.test(key)) continue;
    try {
      mod = await import(`/static/renderers/${key}.js`);
      if (typeof mod.render !== "function") mod = null;
    } catch (err) {
      console.info(`no renderer for ${key}`, err);
      mod = null;
    }
  }
  if (!mod) mod = await import("/static/renderers/generic.js");
  renderers.set(cacheKey, mod);
  return mod;
}

// ---- words -----------------------------------------------------------------------------

export function seatName(seat, me) {
  if (seat === null || seat === undefined) return "spectator";
  return seat === me ? `P${seat} (you)` : `P${seat}`;
}

export function outcomeText(outcome, me) {
  if (!outcome) return "";
  const winners = outcome.winners || [];
  let head;
  if (winners.length === 1) {
    if (winners[0] === me) head = "You win!";
    else head = me === null || me === undefined ? `P${winners[0]} wins` : `P${winners[0]} wins — you lose`;
  }
  else if (winners.length === 0) head = "Nobody wins";
  else head = `A draw between ${winners.map((w) => seatName(w, me)).join(" and ")}`;
  return outcome.reason ? `${head} (${outcome.reason})` : head;
}

export function gameLabel(summary) {
  if (!summary) return "";
  return summary.variant ? `${summary.game}/${summary.variant}` : summary.game;
}

/** Draw the narrated log: one line per event with its rule citation. */
export function renderLog(list, events, { highlightFrom = -1 } = {}) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  clear(
    list,
    events.map((e, i) =>
      h(
        "li",
        { class: `event kind-${String(e.kind || "note").replace(/[^a-z0-9_-]/gi, "")}${i >= highlightFrom && highlightFrom >= 0 ? " fresh" : ""}` },
        h("span", { class: "event-text" }, e.text),
        e.rule ? h("cite", { class: "rule", title: "the rule that applied" }, e.rule) : null,
      ),
    ),
  );
  if (atBottom || highlightFrom >= 0) list.scrollTop = list.scrollHeight;
}

export function timeAgo(iso) {
  if (!iso) return "";
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return String(iso);
  const s = Math.max(0, Math.round((Date.now() - then) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(then).toLocaleDateString();
}

/** Make a card face readable by a tap: a phone has no hover to show a title, and a face
 * may hide or clamp its text to save room. A tap (or Enter/Space) toggles `expanded`, which
 * the stylesheet draws with the whole text; a face that is a move right now (it carries
 * `data-action-id`) acts instead of opening. */
export function readable(el) {
  el.dataset.expand = "";
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-expanded", "false");
  const toggle = (e) => {
    const inner = e.target.closest("button, a, summary");
    if (el.dataset.actionId !== undefined || (inner && inner !== el)) return;
    const open = !el.classList.contains("expanded");
    el.classList.toggle("expanded", open);
    el.setAttribute("aria-expanded", open ? "true" : "false");
  };
  el.addEventListener("click", toggle);
  el.addEventListener("keydown", (e) => {
    if ((e.key === "Enter" || e.key === " ") && e.target === el) {
      e.preventDefault();
      toggle(e);
    }
  });
  return el;
}
