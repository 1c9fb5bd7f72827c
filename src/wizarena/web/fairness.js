// Fair dealing (docs/web.md): the SHA-256 commitment to a table's seed, shown from the
// start and remembered by this browser; once the game is over, the revealed seed checked
// against it here, in the browser, and the record offered for `wizarena replay --verify`.
import { clear, h } from "/static/common.js";

const key = (tableId) => `wizarena:commitment:${tableId}`;

function remembered(tableId, commitment) {
  try {
    const seen = localStorage.getItem(key(tableId));
    if (seen === null && commitment) localStorage.setItem(key(tableId), commitment);
    return seen === null ? commitment : seen;
  } catch {
    return commitment; // storage refused (private mode): nothing to compare with
  }
}

/** The SHA-256 (hex) of a seed's 32 big-endian bytes; null where the browser offers no
 * SubtleCrypto (pages served over plain HTTP from another machine). */
async function seedDigest(seedHex) {
  if (!globalThis.crypto || !crypto.subtle || !/^[0-9a-f]{1,64}$/.test(seedHex)) return null;
  const padded = seedHex.padStart(64, "0");
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(padded.slice(2 * i, 2 * i + 2), 16);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Draw the fairness panel of a table from its summary's `fairness`. */
export async function renderFairness(el, tableId, fairness) {
  if (!el || !fairness || !fairness.commitment) return;
  const first = remembered(tableId, fairness.commitment);
  const lines = [
    h("p", {}, fairness.chosen ? "Dealt from a seed chosen by the table's creator." : "Dealt from a secret seed that nobody at the table knows."),
    h("p", {}, "Commitment (SHA-256 of the seed): ", h("code", { class: "hash", "data-testid": "commitment" }, fairness.commitment)),
  ];
  if (first !== fairness.commitment) {
    lines.push(h("p", { class: "bad", "data-testid": "fairness-check" }, `✗ This browser was shown another commitment when the table opened: ${first}`));
  }
  if (fairness.seed) {
    lines.push(h("p", {}, "Seed, revealed at the end: ", h("code", { class: "hash", "data-testid": "seed" }, fairness.seed)));
    const digest = await seedDigest(fairness.seed);
    if (digest === null) {
      lines.push(h("p", { class: "muted", "data-testid": "fairness-check" }, "This browser cannot compute SHA-256 here; check the record with wizarena replay --verify."));
    } else if (first === fairness.commitment) {
      const ok = digest === fairness.commitment;
      lines.push(h("p", { class: ok ? "good" : "bad", "data-testid": "fairness-check" }, ok ? "✓ Checked in this browser: the seed's SHA-256 is the commitment shown when the table opened." : `✗ The seed's SHA-256 is ${digest}, not the commitment.`));
    }
    if (fairness.verified) lines.push(h("p", { "data-testid": "fairness-replay" }, `Replayed on the server: ${fairness.verified}.`));
    lines.push(h("p", {}, h("a", { href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `wizarena-${tableId}.jsonl` }, "Download the record"), " and check it yourself: ", h("code", {}, "wizarena replay FILE --verify")));
  } else {
    lines.push(h("p", { class: "muted" }, "The seed is revealed when the game ends, so that anyone can check the deal."));
  }
  const headline = fairness.seed ? "seed revealed" : `commitment ${fairness.commitment.slice(0, 12)}… (open to read it whole)`;
  clear(el, h("summary", {}, "Fair dealing ", h("span", { class: "muted" }, headline)), lines);
  el.hidden = false;
}
