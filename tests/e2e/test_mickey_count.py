"""The Mickey board shows the count of 7.8 as the seat's view gives it: each counted
Magic's Modified Magic Power after its printed one, and each side's running total (a
floor, "≥ n", while face-down Magics hide part of it). The last challenge's Magics, shown
until the next challenge's first cast, are test_mickey_last_challenge.py's to check."""

from __future__ import annotations

import random

from .play import is_finished, table_data
from .test_mickey_table import SEAT_STATE_JS, make_move, start_mickey, table_id, wait_turn

SHOWN_JS = """() => ({
  totals: [0, 1].map((q) => {
    const el = document.querySelector(`.wom-player[data-seat="${q}"] [data-testid=wom-total]`);
    return el ? el.textContent : null;
  }),
  modified: [...document.querySelectorAll('.wom-team .wom-col')].flatMap((col) =>
    [...col.querySelectorAll('.wom-magic:not(.wom-back):not(.wom-last-magic)')].map((m) => {
      const b = m.querySelector('[data-testid=wom-modified]');
      return [col.dataset.seat, col.dataset.pos, m.dataset.card || null, b ? b.dataset.value : null];
    })),
})"""
POS = ("left", "centre", "right")


def expected(view: dict) -> dict:
    totals = []
    for p in view["players"]:
        mp = p.get("magic_power")
        totals.append(None if mp is None else f"Magic Power {'' if mp['exact'] else '≥ '}{mp['power']}")
    modified = []
    for q, p in enumerate(view["players"]):
        for v, w in enumerate(p["team"]):
            for m in [w.get("cast"), w.get("hidden"), *w.get("kept", [])]:
                if m is None or "name" not in m:
                    continue
                now = m.get("modified_power", "absent")
                value = None if now == "absent" else "?" if now is None else str(now)
                modified.append([str(q), POS[v], m["name"], value])
    return {"totals": totals, "modified": sorted(modified)}


def test_the_board_shows_each_magic_s_modified_power_and_the_running_totals(new_page):
    page = new_page()
    start_mickey(page, "mini", seed=106)
    tid = table_id(page)
    rng = random.Random(16)
    compared = 0
    for _ in range(300):
        wait_turn(page)
        if is_finished(page):
            break
        state = page.evaluate(SEAT_STATE_JS, [tid, 0])
        assert state["seq"] == int(table_data(page)["seq"])
        want = expected(state["view"])
        shown = page.evaluate(SHOWN_JS)
        assert {"totals": shown["totals"], "modified": sorted(shown["modified"])} == want
        compared += any(t is not None for t in want["totals"])
        make_move(page, rng)
    assert compared >= 5, compared
