// The table page: one WebSocket per seat (or a spectator), the game's renderer, legal
// actions as buttons, the narrated log, reconnection with backoff, the hot-seat switcher
// and the "hand an absent seat to the computer" button.
import { renderFairness } from "/static/fairness.js";
import {
  api,
  ApiError,
  clear,
  gameCards,
  gameLabel,
  getTokens,
  h,
  heldSeats,
  loadRenderer,
  outcomeText,
  pathId,
  renderLog,
  saveToken,
  seatName,
} from "/static/common.js";

const $ = (id) => document.getElementById(id);

const PING_EVERY_MS = 25000;
const SUMMARY_EVERY_MS = 10000;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 10000;
const DEFAULT_TIMEOUT_S = 120;
const CLOSE_NO_TABLE = 4404; // the server's close code for an unknown table: do not retry

const table = {
  id: pathId("/table/"),
  summary: null,
  renderer: null,
  seat: null, // the seat this page plays now; null = spectator
  cookieSeat: null, // a seat the server knows us by through its cookie only
  ws: null,
  attempt: 0,
  reconnectTimer: null,
  pingTimer: null,
  state: null, // the last "state" message
  events: [],
  pending: false,
  absentSince: {}, // seat -> ms timestamp since which we have seen it disconnected
  finished: false,
  moreOpen: false, // the folded list of board actions, as the player left it
  handled: new Set(), // action ids the renderer offers on the board (clickable cards)
};

// ---- identity -----------------------------------------------------------------------

async function adoptTokenFromUrl() {
  const url = new URL(window.location.href);
  const token = url.searchParams.get("token");
  if (!token) return null;
  let seat = null;
  try {
    const st = await api(`/api/tables/${encodeURIComponent(table.id)}/state`, { token });
    if (st && Number.isInteger(st.seat)) {
      saveToken(table.id, st.seat, token);
      seat = st.seat;
    }
  } catch (err) {
    showError(`This invite link does not open a seat: ${err.message}`);
  }
  // The token stays in this browser (and the server's cookie), not in the address bar.
  url.searchParams.delete("token");
  if (seat !== null) url.searchParams.set("seat", seat);
  history.replaceState(null, "", url.pathname + url.search + url.hash);
  return seat;
}

async function discoverCookieSeat() {
  try {
    const st = await api(`/api/tables/${encodeURIComponent(table.id)}/state`);
    if (st && Number.isInteger(st.seat)) table.cookieSeat = st.seat;
  } catch {
    // spectator
  }
}

function mySeats() {
  const seats = heldSeats(table.id);
  if (table.cookieSeat !== null && !seats.includes(table.cookieSeat)) seats.push(table.cookieSeat);
  return seats.sort((a, b) => a - b);
}

function tokenOf(seat) {
  return seat === null ? null : getTokens(table.id)[seat] || null;
}

// ---- the socket ---------------------------------------------------------------------------

function socketUrl() {
  const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
  const params = new URLSearchParams();
  if (table.seat !== null) {
    params.set("seat", table.seat);
    const token = tokenOf(table.seat);
    if (token) params.set("token", token);
  }
  const query = params.toString();
  return `${proto}//${window.location.host}/ws/tables/${encodeURIComponent(table.id)}${query ? "?" + query : ""}`;
}

function setConn(state, text) {
  const el = $("conn");
  el.dataset.state = state;
  el.textContent = text;
}

function connect() {
  clearTimeout(table.reconnectTimer);
  table.reconnectTimer = null;
  const ws = new WebSocket(socketUrl());
  table.ws = ws;
  setConn("connecting", table.attempt ? `reconnecting (try ${table.attempt + 1})…` : "connecting…");
  ws.addEventListener("open", () => {
    if (ws !== table.ws) return;
    setConn("open", "connected");
    if (table.state) {
      renderBoard();
      renderActions();
    }
    clearInterval(table.pingTimer);
    table.pingTimer = setInterval(() => send({ type: "ping" }), PING_EVERY_MS);
  });
  ws.addEventListener("message", (event) => {
    if (ws !== table.ws) return;
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  ws.addEventListener("close", (event) => {
    if (ws !== table.ws) return; // replaced on purpose (seat switch)
    clearInterval(table.pingTimer);
    table.ws = null;
    table.pending = false;
    if (table.finished && table.state) {
      setConn("closed", "game over");
      renderActions();
      return;
    }
    if (event.code === CLOSE_NO_TABLE) {
      setConn("down", "no table");
      showError(`There is no table ${table.id}.`);
      return;
    }
    scheduleReconnect(event.code);
  });
}

function scheduleReconnect(code) {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** table.attempt);
  const delay = Math.round(base * (0.75 + Math.random() * 0.5));
  table.attempt += 1;
  const seconds = Math.max(1, Math.round(delay / 1000));
  setConn("down", `connection lost${code && code !== 1006 ? ` (${code})` : ""}, reconnecting in ${seconds}s`);
  renderBoard();
  renderActions();
  table.reconnectTimer = setTimeout(connect, delay);
}

function send(msg) {
  if (!table.ws || table.ws.readyState !== WebSocket.OPEN) return false;
  table.ws.send(JSON.stringify(msg));
  return true;
}

function reconnectNow() {
  const old = table.ws;
  table.ws = null;
  if (old) old.close(1000, "switching");
  clearInterval(table.pingTimer);
  table.attempt = 0;
  connect();
}

// ---- messages ------------------------------------------------------------------------------

function onMessage(msg) {
  if (msg.type === "state") {
    table.attempt = 0;
    const from = Number.isInteger(msg.events_from) ? msg.events_from : 0;
    const fresh = msg.events || [];
    if (from === 0) {
      table.events = fresh.slice();
    } else if (from <= table.events.length) {
      table.events = table.events.slice(0, from).concat(fresh);
    } else {
      // We missed some events: ask for everything again (the server resends on connect).
      table.events = table.events.concat(fresh);
      setTimeout(reconnectNow, 0);
    }
    const newFrom = from === 0 && table.state === null ? -1 : Math.min(from, table.events.length);
    table.state = msg;
    table.pending = false;
    const ended = !table.finished && msg.status === "finished";
    table.finished = msg.status === "finished" || Boolean(msg.outcome);
    if (ended) refreshSummary(); // the seed is revealed now
    if (msg.seats && table.summary) table.summary.seats = msg.seats;
    render(newFrom);
  } else if (msg.type === "error") {
    table.pending = false;
    showError(msg.message || "error", msg.rule);
    renderBoard(); // the cards were disabled while the move was on its way
    renderActions();
  }
}

function act(action) {
  if (table.pending || !table.state) return;
  hideError();
  // seq guards against acting on a stale table: it counts the moves this seat may know of,
  // so another seat's secret step in a simultaneous choice never makes it stale.
  const ok = send({ type: "act", action, seq: table.state.seq });
  if (!ok) {
    showError("Not connected: your move was not sent. Reconnecting…");
    return;
  }
  table.pending = true;
  renderActions();
  renderBoard();
}

// ---- drawing -------------------------------------------------------------------------------

function showError(message, rule) {
  const el = $("error");
  clear(el, message, rule ? h("cite", { class: "rule" }, rule) : null);
  el.hidden = false;
}

function hideError() {
  $("error").hidden = true;
}

function render(freshFrom) {
  renderWho();
  renderBanner();
  renderBoard();
  renderActions();
  renderLog($("log"), table.events, { highlightFrom: freshFrom });
  renderTakeover();
}

function rendererState() {
  const st = table.state;
  return {
    view: st.view,
    seat: st.seat ?? table.seat,
    seq: st.seq,
    legal: st.legal || [],
    to_act: st.to_act || [],
    outcome: st.outcome || null,
    events: table.events,
    seats: st.seats || (table.summary && table.summary.seats) || [],
    status: st.status,
  };
}

function renderBoard() {
  if (!table.state || !table.renderer) return;
  const root = $("board");
  const interactive = !table.pending && table.ws && table.ws.readyState === WebSocket.OPEN;
  try {
    const result = table.renderer.render(root, rendererState(), { act: interactive ? act : null, pending: table.pending, mode: "play", cards: table.cards });
    table.handled = new Set(result && Array.isArray(result.handled) ? result.handled : []);
  } catch (err) {
    console.error(err);
    clear(root, h("p", { class: "error" }, `The renderer failed: ${err.message}`), h("pre", {}, JSON.stringify(table.state.view, null, 2)));
  }
  const layout = $("table");
  layout.dataset.seq = table.state.seq;
  layout.dataset.toAct = (table.state.to_act || []).join(",");
  layout.dataset.status = table.finished ? "finished" : "active";
  layout.dataset.seat = table.seat === null ? "" : table.seat;
}

function renderWho() {
  const seats = mySeats();
  const el = $("whoami");
  if (seats.length > 1) {
    clear(
      el,
      h("span", { class: "muted" }, "Hot-seat — playing as "),
      h(
        "span",
        { class: "seat-switch", role: "group", "aria-label": "seat" },
        seats.map((s) =>
          h(
            "button",
            {
              type: "button",
              class: s === table.seat ? "active" : "",
              "aria-pressed": s === table.seat ? "true" : "false",
              "data-seat": s,
              onclick: () => switchSeat(s),
            },
            `P${s}`,
            isToAct(s) ? " •" : "",
          ),
        ),
      ),
    );
  } else if (table.seat !== null) {
    clear(el, h("span", {}, "You are "), h("strong", {}, `P${table.seat}`));
  } else {
    clear(el, h("span", {}, "Watching as a spectator"));
  }
}

function isToAct(seat) {
  return Boolean(table.state && (table.state.to_act || []).includes(seat));
}

function renderBanner() {
  const el = $("banner");
  const st = table.state;
  if (st && st.outcome) {
    const winners = st.outcome.winners || [];
    // Hot-seat: every seat is "you", so name the winner instead.
    const me = mySeats().length > 1 ? null : table.seat;
    el.className = `banner ${me === null || winners.length !== 1 ? "neutral" : winners[0] === me ? "win" : "loss"}`;
    el.textContent = outcomeText(st.outcome, me);
    el.hidden = false;
  } else {
    el.hidden = true;
  }
}

function renderActions() {
  const el = $("actions");
  const turn = $("turn");
  const st = table.state;
  if (!st) {
    clear(el);
    return;
  }
  const connected = table.ws && table.ws.readyState === WebSocket.OPEN;
  const legal = st.legal || [];
  const toAct = st.to_act || [];
  if (st.outcome || table.finished) {
    clear(
      turn,
      h("span", { class: "turn-text" }, "The game is over. "),
      h("a", { class: "button primary", href: replayHref(), "data-testid": "replay-after-game" }, "Watch the replay"),
    );
  } else if (legal.length) {
    clear(turn, h("strong", {}, table.pending ? "Sending…" : "Your move"), toAct.length > 1 ? h("span", { class: "muted" }, " (everyone chooses at the same time, in secret)") : null);
  } else if (toAct.length) {
    clear(turn, "Waiting for ", toAct.map((s) => seatName(s, table.seat)).join(", "), "…");
  } else {
    clear(turn);
  }
  const button = (a) =>
    h(
      "button",
      {
        type: "button",
        class: "action",
        "data-action-id": a.id,
        disabled: table.pending || !connected,
        onclick: () => act(a.id),
      },
      a.text,
    );
  // Actions the board offers as clickable cards are also listed here, folded away.
  const onBoard = legal.filter((a) => table.handled.has(a.id));
  const buttons = legal.filter((a) => !table.handled.has(a.id)).map(button);
  const more = onBoard.length
    ? h(
        "details",
        {
          class: "more-actions",
          open: table.moreOpen || undefined,
          ontoggle: (e) => (table.moreOpen = e.target.open),
        },
        h("summary", {}, buttons.length ? `or choose on the board (${onBoard.length} more)` : `Click a card on the board, or pick from this list (${onBoard.length})`),
        h("div", { class: "action-list" }, onBoard.map(button)),
      )
    : null;
  // Hot-seat: when this seat waits and another seat of ours must act, offer to pass the screen.
  const others = mySeats().filter((s) => s !== table.seat && isToAct(s));
  const pass = !legal.length && others.length && !st.outcome
    ? h("button", { type: "button", class: "primary pass", "data-testid": "pass", onclick: () => switchSeat(others[0]) }, `Pass the screen to P${others[0]}`)
    : null;
  clear(el, buttons, more, pass);
  $("table").dataset.pending = table.pending ? "1" : "";
}

function renderTakeover() {
  const el = $("takeover");
  const st = table.state;
  const seats = (st && st.seats) || (table.summary && table.summary.seats) || [];
  const mine = mySeats();
  const now = Date.now();
  const timeout = 1000 * (Number(table.summary && table.summary.timeout_s) || DEFAULT_TIMEOUT_S);
  if (!st || table.finished || table.seat === null) {
    el.hidden = true;
    return;
  }
  const absent = [];
  for (const s of seats) {
    if (s.kind !== "human" || mine.includes(s.seat)) continue;
    if (s.connected) {
      delete table.absentSince[s.seat];
      continue;
    }
    const since = Date.parse(s.disconnected_at || s.absent_since || "") || table.absentSince[s.seat] || now;
    table.absentSince[s.seat] = since;
    if (now - since >= timeout) absent.push(s.seat);
  }
  if (!absent.length) {
    el.hidden = true;
    return;
  }
  if (el.dataset.seats === absent.join(",") && !el.hidden) return; // keep the chosen agent
  el.dataset.seats = absent.join(",");
  clear(
    el,
    absent.map((seat) => {
      // First the game's own recommendation (the server picks it for an empty choice).
      const choices = [h("option", { value: "" }, "the game's recommended player")].concat(
        (table.agents || []).map((a) => h("option", { value: a }, a)),
      );
      const select = h("select", { "aria-label": "computer player" }, choices);
      return h(
        "div",
        { class: "takeover-row" },
        h("span", {}, `P${seat} has been away for a while.`),
        select,
        h("button", { type: "button", "data-testid": `takeover-${seat}`, onclick: () => takeover(seat, select.value) }, `Hand P${seat} to the computer`),
      );
    }),
  );
  el.hidden = false;
}

async function takeover(seat, agent) {
  try {
    const token = tokenOf(table.seat);
    const body = agent ? { agent } : {};
    await api(`/api/tables/${encodeURIComponent(table.id)}/seats/${seat}/computer`, { method: "POST", body, token });
    $("takeover").hidden = true;
    await refreshSummary();
  } catch (err) {
    showError(err.status === 409 ? `Not yet: ${err.message}` : err.message);
  }
}

async function refreshSummary() {
  try {
    const summary = await api(`/api/tables/${encodeURIComponent(table.id)}`);
    table.summary = { ...table.summary, ...summary };
    if (table.state && summary.seats) table.state.seats = summary.seats;
    renderTakeover();
    renderFairness($("fairness"), table.id, summary.fairness);
  } catch {
    // the socket reports trouble well enough
  }
}

// ---- hot-seat ---------------------------------------------------------------------------------

function switchSeat(seat) {
  if (seat === table.seat) return;
  // Hide the board until the next player says they are at the screen.
  $("curtain-text").textContent = `Pass the screen to P${seat}. P${table.seat}, look away!`;
  const go = $("curtain-go");
  go.textContent = `I am P${seat}: show my table`;
  go.onclick = () => {
    $("curtain").hidden = true;
    table.seat = seat;
    $("replay-link").href = replayHref();
    const url = new URL(window.location.href);
    url.searchParams.set("seat", seat);
    history.replaceState(null, "", url.pathname + url.search);
    table.state = null;
    table.events = [];
    delete $("table").dataset.seq; // not ready until the new seat's state arrives
    clear($("board"));
    clear($("actions"));
    renderWho();
    reconnectNow();
  };
  $("curtain").hidden = false;
  go.focus();
}

// The replay of this table, seen from the seat shown (its secrets included), or public.
function replayHref() {
  const base = `/replay/${encodeURIComponent(table.id)}`;
  return table.seat === null ? base : `${base}?seat=${table.seat}`;
}

// The game's rules page (the server's /rules/GAME), for its family when a variant has none.
function rulesHref(summary) {
  const id = summary.variant ? `${summary.game}/${summary.variant}` : summary.game;
  return `/rules/${id.split("/").map(encodeURIComponent).join("/")}`;
}

// ---- start --------------------------------------------------------------------------------------

async function main() {
  $("replay-link").href = replayHref();
  if (!table.id) {
    showError("No table id in the address.");
    return;
  }
  const fromUrl = await adoptTokenFromUrl();
  try {
    table.summary = await api(`/api/tables/${encodeURIComponent(table.id)}`);
  } catch (err) {
    showError(err instanceof ApiError && err.status === 404 ? `There is no table ${table.id}.` : err.message);
    setConn("down", "no table");
    return;
  }
  renderFairness($("fairness"), table.id, table.summary.fairness);
  $("rules-link").href = rulesHref(table.summary);
  document.title = `wizarena — ${gameLabel(table.summary)} table`;
  $("title").textContent = `${gameLabel(table.summary)} · table ${table.id}`;
  if (!heldSeats(table.id).length) await discoverCookieSeat();
  const seats = mySeats();
  const wanted = new URL(window.location.href).searchParams.get("seat");
  if (wanted !== null && seats.includes(Number(wanted))) table.seat = Number(wanted);
  else if (fromUrl !== null) table.seat = fromUrl;
  else table.seat = seats.length ? seats[0] : null;
  table.renderer = await loadRenderer(table.summary.game, table.summary.variant);
  table.cards = await gameCards(table.summary);
  table.agents = await api("/api/agents").catch(() => []);
  renderWho();
  $("replay-link").href = replayHref();
  connect();
  setInterval(() => {
    if (document.visibilityState === "visible" && !table.finished) refreshSummary();
  }, SUMMARY_EVERY_MS);
  setInterval(renderTakeover, 1000);
  window.addEventListener("online", () => {
    if (!table.ws) reconnectNow();
  });
}

main();
