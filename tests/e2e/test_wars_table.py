"""Wizard Wars at the web table (renderers/wars.js) in a real browser: a whole game against the
computer played by clicking (mulligans, allied dice faces, cards onto a slot end of the row,
taps, passing), with the board checked against the seat's own view at every turn of ours; the
table on a phone (390 px, no sideways scroll); and a table the engine set up (tapped cards,
equipment, damage, every status, bounty, counters, an upside-down card) drawn by the module
alone. Screenshots for a person to look at: artifacts/wars-*.png.

Playing a card is a click on it in the hand: a card with one move (a tactic, a discard)
makes it; a unit or emplacement then goes to the left or right end of the row, equipment
onto a unit. Every other decision is a button or a card of the board with `data-action-id`.
"""

from __future__ import annotations

import json
import random
import re

from .conftest import DESKTOP, PHONE
from .play import CAN_MOVE_OR_DONE_JS, MOVES, is_finished, start_table, table_data, wait_ready

HAND_PICK = "#board .wars-hand button.wars-selectable:not([disabled])"
CHOICES = f"{MOVES}, {HAND_PICK}"
PLACES = "#board .wars-drop:not([disabled]), #board .wars-equip-here:not([disabled])"
FACES = ("Fire", "Water", "Earth", "Air", "Light", "Dark")
FACES_JS = "es => es.map(e => e.dataset.face)"
ENDS_JS = "es => es.map(e => e.dataset.end || '')"
ORDER_JS = "es => es.map(e => `${e.className}|${e.dataset.seat || ''}`)"
SEAT_STATE_JS = """async ([id, seat]) => {
  const tokens = JSON.parse(localStorage.getItem('wizarena.tokens.' + id) || '{}');
  const r = await fetch('/api/tables/' + id + '/state', {headers: {'X-Seat-Token': tokens[seat]}});
  return await r.json();
}"""
# What the board shows, read back from the DOM for a comparison with the view.
BOARD_JS = """() => {
  const q = (s, root = document) => [...root.querySelectorAll(s)];
  const side = (seat) => {
    const strip = document.querySelector(`#board .wars-strip[data-seat="${seat}"]`);
    const row = document.querySelector(`#board .wars-row[data-seat="${seat}"]`);
    return {
      row: q('.wars-slot', row).map(e => e.dataset.card),
      slots: q('.wars-slot', row).map(e => Number(e.dataset.slot)),
      tapped: q('.wars-slot', row).map(e => e.dataset.tapped === '1'),
      gear: q('.wars-slot', row).map(e => q('.wars-gear-card', e).map(g => g.dataset.card)),
      score: strip.querySelector('[data-testid=wars-score]').dataset.score,
      passed: q('[data-testid=wars-passed]', strip).length,
      won: Number(strip.querySelector('.wars-gems').dataset.won),
      allied: q('[data-testid=wars-allied] .wars-die', strip).map(e => e.dataset.face),
      grave: Number(strip.querySelector('[data-testid=wars-graveyard]').dataset.count),
      sideboard: Number(strip.querySelector('[data-testid=wars-sideboard]').dataset.count),
    };
  };
  return {
    sides: [side(0), side(1)],
    common: q('#board [data-testid=wars-common] .wars-die').map(e => e.dataset.face),
    hand: q('#board [data-testid=wars-hand] .wars-hcard').map(e => e.dataset.card),
    round: (document.querySelector('#board [data-testid=wars-round]') || {}).textContent || '',
  };
}"""


def table_id(page) -> str:
    return page.url.split("/table/")[1].split("?")[0]


def phase(page) -> str:
    return page.eval_on_selector("#board .wars", "e => e.dataset.phase")


def wait_turn(page, timeout_ms: float = 30000) -> None:
    page.wait_for_function(CAN_MOVE_OR_DONE_JS, arg=CHOICES, timeout=timeout_ms)


def no_sideways_scroll(page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": PHONE["height"]})
    page.wait_for_timeout(150)
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, f"the table is {scroll}px wide on a {width}px phone"


def start_wars(page, seed: int) -> None:
    """From the lobby: a Wizard Wars table against the random computer player, with a fixed
    seed so that the deal and the computer's moves (and ours, seeded too) repeat."""
    start_table(page, "computer", "random", game="wars", seed=seed)


def check_board_against_view(page, tid: str) -> dict | None:
    """The rows (slot order, tapped, equipment), scores, passed markers, rounds won, dice,
    piles and hand on the page are those of P0's view. None when the table moved meanwhile."""
    seq = int(table_data(page)["seq"])
    st = page.evaluate(SEAT_STATE_JS, [tid, 0])
    if st["seq"] != seq:
        return None
    view = st["view"]
    drawn = page.evaluate(BOARD_JS)
    for q in (0, 1):
        p, d = view["players"][q], drawn["sides"][q]
        assert d["row"] == [c["name"] for c in p["row"]], (q, d["row"])
        assert d["slots"] == list(range(1, len(p["row"]) + 1))
        assert d["tapped"] == [bool(c.get("tapped")) for c in p["row"]]
        assert d["gear"] == [[e["name"] for e in c.get("equipment", [])] for c in p["row"]]
        assert d["score"] == str(p["score"]), (q, d["score"], p["score"])
        assert d["passed"] == (1 if p["passed"] else 0)
        assert d["won"] == p["rounds_won"]
        allied = p["allied_dice"] or []  # hidden (None), or those set so far
        assert d["allied"] == allied + ["?"] * (3 - len(allied))
        assert d["grave"] == len(p["graveyard"]) and d["sideboard"] == len(p["sideboard"])
    assert drawn["common"] == (view["common_dice"] or [])
    if view["phase"] not in ("mulligan", "over"):
        assert drawn["hand"] == [c["name"] for c in view["players"][0]["hand"]]
    assert f"Round {view['round']}" in drawn["round"]
    return view


def make_move(page, rng: random.Random, mulliganed: set[int]) -> str:
    """One move by clicking, as a person would: a mulligan then Keep, a die face, a target
    on the row, or in the main phase mostly a card of the hand onto the row, sometimes a
    tap, and a pass: once the other player has passed and we lead, or when three cards are
    left to keep for the next rounds."""
    ph = phase(page)
    prompt = page.locator("#board [data-testid=wars-prompt]")
    if ph == "mulligan":
        cards = page.locator("#board [data-testid=wars-mulligan] button.wars-mulligan:not([disabled])")
        if not mulliganed and cards.count():  # one mulligan a round, then keep
            mulliganed.add(int(table_data(page)["seq"]))
            name = cards.first.get_attribute("data-card")
            cards.first.click()
            wait_ready(page)
            return f"mulligan {name}"
        prompt.get_by_role("button", name="Keep this hand").click()
        wait_ready(page)
        mulliganed.clear()
        return "keep"
    if ph == "dice":
        faces = page.locator("#board [data-testid=wars-faces] button")
        i = rng.randrange(faces.count())
        face = faces.nth(i).locator(".wars-die").get_attribute("data-face")
        faces.nth(i).click()
        wait_ready(page)
        return f"die {face}"
    if ph == "choose":
        aims = page.locator("#board .wars-row button.wars-card[data-action-id]:not([disabled])")
        loc = aims if aims.count() else prompt.locator("button[data-action-id]:not([disabled])")
        loc.nth(rng.randrange(loc.count())).click()
        wait_ready(page)
        return "choice"
    end = prompt.get_by_role("button", name="End turn")
    taps = page.locator("#board .wars-row button[data-action-id]:not([disabled])")
    if taps.count() and rng.random() < 0.5:
        taps.nth(rng.randrange(taps.count())).click()
        wait_ready(page)
        return "tap"
    if end.count():
        end.click()
        wait_ready(page)
        return "end turn"
    view = page.evaluate(BOARD_JS)
    mine, theirs = (int(view["sides"][s]["score"]) for s in (0, 1))
    they_passed = view["sides"][1]["passed"]
    picks = page.locator(HAND_PICK)
    direct = page.locator("#board .wars-hand button.wars-hcard[data-action-id]:not([disabled])")
    passing = prompt.locator("button.wars-pass")
    stuck = not (picks.count() or direct.count())
    in_hand = len(view["hand"])
    if passing.count() and ((they_passed and mine > theirs) or in_hand <= 3 or rng.random() < 0.04 or stuck):
        passing.click()
        wait_ready(page)
        return "pass"
    if picks.count() and (not direct.count() or rng.random() < 0.8):
        card = picks.nth(rng.randrange(picks.count()))
        name = card.get_attribute("data-card")
        card.click()
        assert card.get_attribute("aria-pressed") == "true"
        places = page.locator(PLACES)
        assert places.count() >= 1, f"{name}: no slot end or unit offered"
        j = rng.randrange(places.count())
        where = places.nth(j).get_attribute("aria-label")
        places.nth(j).click()
        wait_ready(page)
        return f"{where}"
    direct.nth(rng.randrange(direct.count())).click()
    wait_ready(page)
    return "hand card"


def test_a_whole_wars_game_against_the_computer_by_clicking(new_page, artifacts):
    page = new_page(viewport=DESKTOP)
    start_wars(page, seed=2024)
    tid = table_id(page)
    page.wait_for_selector("#board .wars")
    assert page.locator("#board .wars-row").count() == 2
    assert page.locator("#board .wars-strip").count() == 2
    # The opponent on top, the seat below: strip, row, dice, row, strip.
    order = page.eval_on_selector_all("#board .wars-felt > *", ORDER_JS)
    assert order[0].startswith("wars-strip") and order[0].endswith("|1")
    assert order[1].startswith("wars-row-wrap") and order[1].endswith("|1")
    assert order[3].startswith("wars-row-wrap") and order[3].endswith("|0")
    # Every die face is an icon and its name in words.
    for face in page.locator("#board .wars-die").all():
        assert face.locator(".wars-face-name").inner_text() in (*FACES, "hidden")

    # Round 1's dice are rolled after the mulligans.
    assert page.locator("#board [data-testid=wars-common] [data-unrolled]").count() == 1

    rng = random.Random(7)
    seen: dict[str, int] = {}
    made: list[str] = []
    mulliganed: set[int] = set()
    checked = 0
    shot_table = False
    while True:
        wait_turn(page)
        if is_finished(page):
            break
        ph = phase(page)
        if ph not in seen:
            seen[ph] = 0
            page.screenshot(path=str(artifacts / f"wars-{ph}.png"), full_page=True)
            if ph in ("mulligan", "dice"):
                no_sideways_scroll(page, PHONE["width"])
                page.screenshot(path=str(artifacts / f"wars-{ph}-390.png"), full_page=True)
                page.set_viewport_size(DESKTOP)
        seen[ph] += 1
        if table_data(page).get("toAct") == "0" and ph in ("main", "choose"):
            view = check_board_against_view(page, tid)
            checked += view is not None
            rows = page.evaluate(BOARD_JS)["sides"]
            if (not shot_table and view is not None and ph == "main" and len(rows[0]["row"]) >= 2
                    and len(rows[1]["row"]) >= 2 and page.locator(HAND_PICK).count()):
                # Mid-game: both rows in play and a hand card chosen, its slot ends shown.
                page.locator(HAND_PICK).first.click()
                drops = page.locator("#board .wars-row[data-seat='0'] .wars-drop")
                assert drops.count() + page.locator("#board .wars-equip-here").count() >= 1
                if drops.count() == 2:  # a unit: the left end first in the row, the right end last
                    ends = page.eval_on_selector_all("#board .wars-row[data-seat='0'] > *", ENDS_JS)
                    assert ends[0] == "left" and ends[-1] == "right"
                page.screenshot(path=str(artifacts / "wars-table.png"), full_page=True)
                no_sideways_scroll(page, PHONE["width"])
                page.screenshot(path=str(artifacts / "wars-table-390.png"), full_page=True)
                page.set_viewport_size(DESKTOP)
                page.locator("#board .wars-options .wars-cancel").click()
                assert page.locator("#board .wars-drop, #board .wars-equip-here").count() == 0
                shot_table = True
        made.append(make_move(page, rng, mulliganed))
        assert len(made) <= 400, "the game did not end"
    assert {"mulligan", "dice", "main"} <= set(seen), seen
    assert checked >= 5, checked
    assert shot_table, "no moment with cards on both rows came up for the screenshot"
    played = [m for m in made if m.startswith(("Play ", "Equip ", "hand card"))]
    assert len(played) >= 4, made
    assert "pass" in made and any(m.startswith("die ") for m in made) and any(m.startswith("mulligan ") for m in made)

    banner = page.locator("[data-testid=outcome]")
    banner.wait_for(state="visible")
    text = banner.inner_text()
    assert re.search(r"You win!|wins — you lose|draw|Nobody wins", text), text
    # The rounds played and their scores, from the log; nothing left to click.
    results = page.locator("#board [data-testid=wars-results] .wars-result")
    assert results.count() >= 2
    assert re.search(r"Round 1: (P\d( \(you\))? won|draw) \d+–\d+", results.first.inner_text())
    assert page.locator("#board [data-action-id]").count() == 0
    # Every card is turned over at the end: the opponent's hand (if any) as faces.
    st = page.evaluate(SEAT_STATE_JS, [tid, 0])
    their = st["view"]["players"][1].get("hand") or []
    assert page.locator("#board [data-testid=wars-their-hand] .wars-hcard").count() == len(their)
    page.screenshot(path=str(artifacts / "wars-game-over.png"), full_page=True)
    no_sideways_scroll(page, PHONE["width"])
    page.screenshot(path=str(artifacts / "wars-game-over-390.png"), full_page=True)


def engine_table() -> tuple[dict, list[dict]]:
    """A table set up with the engine: P0's row with a tapped unit carrying equipment, a unit
    with every status and tapped equipment, a stalwart emplacement, a seized (upside-down)
    unit with Bounty and counters; P1's row with a damaged unit; P1 has passed; round 2."""
    import wizarena

    game = wizarena.load_game("wars")
    s = game.scenario(
        rows=(["Kiln Stoker", "Anvil Sentinel", "Blackrock Bastion", "Hill Ogre"],
              ["Crypt Shade", "Bone Knight", "Clockwork Golem"]),
        hands=(["Cinder Hurler", "Scorch", "Golden Mead", "Ember Forge"], ["Hill Ogre"]),
        gear={(0, 0): ["Molten Ale"], (0, 1): ["Iron Plate"]},
        graves=(["Rally"], []),
        dice=["Fire", "Water", "Earth", "Air", "Light", "Dark", "Fire", "Fire", "Dark"],
        cur=0,
        round=2,
    )
    kiln, anvil, _bastion, ogre = s.row[0]
    bone = s.row[1][1]
    s.tapped[kiln] = True
    s.damage[bone] = 3
    s.status[anvil] = (1 << 7) - 1  # every status
    s.bounty[ogre] = 2
    s.counters[ogre] = 3
    s.owner[ogre] = 1  # P1's card on P0's row: seized
    s.tapped[s.gear[0][1]] = True  # the Iron Plate
    s.passed[1] = True
    s.wins = [1, 0]
    s.results = [0]
    s.round_scores = [14, 9]
    s.legal = [None, None]
    view = json.loads(json.dumps(game.view(s, 0)))
    legal = [a.to_json() for a in game.legal_actions(s, 0)]
    return view, legal


DRAW_JS = """async ([view, legal]) => {
  const mod = await import('/static/renderers/wars.js');
  // the lobby stays in the page (its timers keep working), hidden; the board alone shows
  document.getElementById('board')?.remove();
  for (const el of document.body.children) el.style.display = 'none';
  const root = document.createElement('main');
  root.id = 'board';
  document.body.append(root);
  window.acted = [];
  const events = [];
  const cards = await (await fetch('/api/games/wars/cards')).json();
  const ctx = {act: (id) => window.acted.push(id), cards};
  const out = mod.render(root, {view, seat: 0, legal, to_act: [0], events}, ctx);
  return out.handled;
}"""


def test_the_table_from_an_engine_view_statuses_equipment_tapped_and_upside_down(new_page, artifacts):
    view, legal = engine_table()
    page = new_page(viewport=DESKTOP)
    page.goto("/")
    handled = page.evaluate(DRAW_JS, [view, legal])
    assert sorted(handled) == sorted(a["id"] for a in legal)  # every legal action is on the board
    mine = page.locator(".wars-row[data-seat='0'] .wars-slot")
    assert mine.count() == 4
    kiln, anvil, bastion, ogre = (mine.nth(i) for i in range(4))
    # tapped: turned to landscape
    assert kiln.get_attribute("data-tapped") == "1" and "wars-tapped" in kiln.get_attribute("class")
    transform = kiln.locator(".wars-card").evaluate("e => getComputedStyle(e).transform")
    assert transform.startswith("matrix(") and re.match(r"matrix\(\s*-?0(\.0+)?(e-\d+)?,\s*1", transform), transform
    assert anvil.locator(".wars-card").evaluate("e => getComputedStyle(e).transform") == "none"
    # equipment under its unit, a tapped one marked, a tappable one a button
    ale = kiln.locator(".wars-gear button.wars-gear-card")
    assert ale.get_attribute("data-card") == "Molten Ale" and "+2/+0" in ale.inner_text()
    plate = anvil.locator(".wars-gear .wars-gear-card")
    assert plate.get_attribute("data-tapped") == "1" and "tapped" in plate.inner_text()
    # every status a badge; armor with its equipment
    tags = anvil.locator(".wars-tag").all_inner_texts()
    for status in ("Locked", "Poison", "Doomed", "Stalwart", "Protector", "Invisible", "Immune"):
        assert status in tags, tags
    assert anvil.locator(".wars-armor").inner_text().startswith("4")
    assert "Stalwart" in bastion.locator(".wars-tag").all_inner_texts()
    assert bastion.locator(".wars-power").count() == 0  # an emplacement has no power
    # upside down, bounty, counters
    otags = " ".join(ogre.locator(".wars-tag").all_inner_texts())
    assert "Upside down (P1's)" in otags and "Bounty 2" in otags and "3 counters" in otags
    assert "wars-upside" in ogre.locator(".wars-card").get_attribute("class")
    # the damaged unit of P1: its power against its base power, the damage a badge
    bone = page.locator(".wars-row[data-seat='1'] .wars-slot[data-card='Bone Knight']")
    knight = next(c for c in view["players"][1]["row"] if c["name"] == "Bone Knight")
    assert knight["damage"] == 3 and knight["power"] < knight["base_power"]
    power = bone.locator(".wars-power")
    assert power.inner_text() == str(knight["power"]) and "wars-down" in power.get_attribute("class")
    assert f"base {knight['base_power']}" in bone.inner_text() and "−3 damage" in bone.inner_text()
    # scores, passed, rounds won, the past round with its score
    assert page.locator(".wars-strip[data-seat='1'] [data-testid=wars-passed]").count() == 1
    assert page.locator(".wars-strip[data-seat='0'] [data-testid=wars-passed]").count() == 0
    assert page.locator(".wars-strip[data-seat='0'] .wars-gems").get_attribute("data-won") == "1"
    assert page.locator("[data-testid=wars-results]").inner_text().startswith("Round 1: P0 (you) won 14–9")
    # dice: three common, three of each side, by face
    assert page.locator("[data-testid=wars-common] .wars-die").evaluate_all(FACES_JS) == ["Fire", "Water", "Earth"]
    assert page.locator(".wars-strip[data-seat='0'] .wars-die").evaluate_all(FACES_JS) == ["Air", "Light", "Dark"]
    assert page.locator(".wars-strip[data-seat='1'] .wars-die").evaluate_all(FACES_JS) == ["Fire", "Fire", "Dark"]
    # the graveyard opens to its list
    grave = page.locator(".wars-strip[data-seat='0'] [data-testid=wars-graveyard]")
    grave.locator("summary").click()
    assert grave.locator("li").all_inner_texts() == ["Rally"]
    # the hand: provisions, power and armor, whole text
    hand = page.locator("[data-testid=wars-hand] .wars-hcard")
    assert hand.count() == 4
    hurler = page.locator("[data-testid=wars-hand] .wars-hcard[data-card='Cinder Hurler']")
    assert "4 prov." in hurler.inner_text() and "When played: assault 2." in hurler.inner_text()
    page.screenshot(path=str(artifacts / "wars-statuses.png"), full_page=True)

    # a unit from the hand: chosen, then the left end (first in the row) sends its action
    hurler.click()
    ends = page.eval_on_selector_all(".wars-row[data-seat='0'] > *", ENDS_JS)
    assert ends[0] == "left" and ends[-1] == "right"
    page.locator(".wars-row[data-seat='0'] .wars-drop[data-end='left']").click()
    left = next(a["id"] for a in legal if a["text"] == "play Cinder Hurler at left end")
    assert page.evaluate("() => window.acted") == [left]
    # equipment: chosen, then "Equip here" on the unit in slot 2
    page.locator("[data-testid=wars-hand] .wars-hcard[data-card='Golden Mead']").click()
    assert page.locator(".wars-equip-here").count() == 3  # the three units, not the emplacement
    anvil.locator(".wars-equip-here").click()
    equip = next(a["id"] for a in legal if a["text"] == "play Golden Mead on slot 2")
    # a tactic is one click; so is the tap of the equipment
    page.locator("[data-testid=wars-hand] .wars-hcard[data-card='Scorch']").click()
    ale.click()
    scorch = next(a["id"] for a in legal if a["text"] == "play Scorch")
    tap = next(a["id"] for a in legal if a["text"] == "tap Molten Ale on slot 1")
    assert page.evaluate("() => window.acted") == [left, equip, scorch, tap]
    page.screenshot(path=str(artifacts / "wars-statuses-equip.png"), full_page=True)

    # an ability's target: the enemy card in that slot is the button
    choose = dict(view, phase="choose", choice={"seat": 0, "card": "Scorch", "ability": "assault"})
    page.evaluate(DRAW_JS, [choose, [{"id": 4242, "text": "target P1 slot 2", "kind": "target",
                                      "fields": {"seat": 1, "slot": 2}}]])
    aim = page.locator(".wars-row[data-seat='1'] button.wars-card[data-action-id='4242']")
    assert aim.get_attribute("data-card") == "Bone Knight"
    aim.click()
    assert page.evaluate("() => window.acted") == [4242]
    assert "Scorch: assault" in page.locator("[data-testid=wars-prompt]").inner_text()
    # a spawn: the die to set, from its face now to the face it gets
    spawn = dict(view, phase="choose", choice={"seat": 0, "card": "Kiln Stoker", "ability": "spawn"})
    page.evaluate(DRAW_JS, [spawn, [{"id": 77, "text": "set common die 2 to Fire", "kind": "set-die",
                                     "fields": {"pool": "common", "die": 2, "face": "Fire"}}]])
    button = page.locator("[data-testid=wars-faces] button[data-action-id='77']")
    assert button.locator(".wars-die").evaluate_all(FACES_JS) == ["Water", "Fire"]
    assert "Common die 2" in button.inner_text()
    assert "Engine. Tap: spawn Fire." in page.locator("[data-testid=wars-prompt]").inner_text()  # the card's text
    # an expend with a choice of die: a common one or an allied one showing the face
    asks = {"seat": 0, "card": "Kiln Stoker", "ability": "expend Water", "expend": "Water"}
    pay = dict(view, phase="choose", choice=asks)
    page.evaluate(DRAW_JS, [pay, [{"id": 88, "text": "expend Water from a common die", "kind": "expend",
                                   "fields": {"face": "Water", "pool": "common"}},
                                  {"id": 89, "text": "expend Water from an allied die", "kind": "expend",
                                   "fields": {"face": "Water", "pool": "allied"}}]])
    pays = page.locator("[data-testid=wars-expend] button[data-action-id]")
    assert pays.count() == 2 and pays.locator(".wars-die").evaluate_all(FACES_JS) == ["Water", "Water"]
    pays.nth(1).click()
    assert page.evaluate("() => window.acted") == [89]

    # the same table on a phone: nothing wider than the screen
    page.set_viewport_size(PHONE)
    page.evaluate(DRAW_JS, [view, legal])
    page.wait_for_timeout(100)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts / "wars-statuses-390.png"), full_page=True)
    # no hover on a phone: a tap opens a card of the row in place, everything on it readable
    cards = page.evaluate("async () => (await fetch('/api/games/wars/cards')).json()")
    text_of = {c["name"]: c["text"] for c in cards}
    for name in ("Clockwork Golem", "Kiln Stoker"):
        card = page.locator(f".wars-row .wars-slot[data-card='{name}'] .wars-card")
        card.click()
        assert "expanded" in card.get_attribute("class")
        assert card.evaluate("e => e.scrollHeight <= e.clientHeight + 1 && getComputedStyle(e).transform === 'none'")
        assert card.locator(".wars-text").inner_text() == text_of[name]  # the text from the game's card data
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts / "wars-statuses-390-open.png"), full_page=True)


def test_the_set_up_dice_are_hidden_from_the_other_seat(new_page):
    """While the allied dice are being set, the other player's dice are drawn face down."""
    import wizarena

    game = wizarena.load_game("wars")
    s = game.new_state(5)
    for p in (0, 1):
        game.apply(s, p, next(a for a in game.legal_actions(s, p) if a.text == "keep"))
    assert game.view(s, 0)["phase"] == "dice"
    game.apply(s, 1, game.legal_actions(s, 1)[2])
    view = json.loads(json.dumps(game.view(s, 0)))
    legal = [a.to_json() for a in game.legal_actions(s, 0)]
    page = new_page(viewport=PHONE)
    page.goto("/")
    page.evaluate(DRAW_JS, [view, legal])
    theirs = page.locator(".wars-strip[data-seat='1'] [data-testid=wars-allied]")
    assert theirs.get_attribute("data-hidden") == "1"
    assert theirs.locator(".wars-die").evaluate_all(FACES_JS) == ["?", "?", "?"]
    mine = page.locator(".wars-strip[data-seat='0'] [data-testid=wars-allied] .wars-face-name")
    assert mine.all_inner_texts() == ["not set"] * 3  # none of mine set yet
    faces = page.locator("[data-testid=wars-faces] button")
    assert faces.all_inner_texts() == ["Fire", "Water", "Earth", "Air", "Light", "Dark"]
    assert "Set your allied die 1 of 3" in page.locator("[data-testid=wars-prompt]").inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
