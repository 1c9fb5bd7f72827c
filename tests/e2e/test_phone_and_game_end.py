"""The table on a phone (390 x 844, Debian's Chromium) and at the end of a game.

On a phone the board starts in the upper part of the first screen, every ability can be
read by tapping its card (no hover there), no text is cut off with an ellipsis unless a
tap shows it whole, and a finished game has one game-over banner. At the end of a game
every card is turned over: the opponent's hand, face-down Magics and Sub Card are drawn
as faces for the seat that lost sight of them.
"""

from __future__ import annotations

import random

from .conftest import PHONE
from .play import is_finished, play_to_end, random_chooser, start_table
from .test_mickey_table import make_move, start_mickey, wait_turn

UPPER_PART = 1 / 3  # the board's top edge must be within the first third of the screen
# Elements that clip their text with an ellipsis (one line or a line clamp) and do clip it
# now, outside any card that a tap opens.
CUT_JS = """(onlyLoose) => {
  const out = [];
  for (const el of document.querySelectorAll('#board *')) {
    const cs = getComputedStyle(el);
    const clamp = cs.webkitLineClamp && cs.webkitLineClamp !== 'none';
    if (cs.display === 'none' || !(cs.textOverflow === 'ellipsis' || clamp)) continue;
    if (!el.checkVisibility()) continue;  // inside a closed pile: opening it is a tap already
    const cut = el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
    if (cut && (!onlyLoose || !el.closest('[data-expand]'))) out.push(el.textContent.slice(0, 60));
  }
  return out;
}"""
BANNERS_JS = """() => [...document.querySelectorAll(
  '[data-testid=outcome], .banner, .wom-over, [data-testid=wom-over]')]
  .filter((el) => el.offsetParent !== null).length"""


def board_top(page) -> float:
    return page.evaluate("() => document.getElementById('board').getBoundingClientRect().top + window.scrollY")


def text_shown(page, locator) -> bool:
    """The element is displayed and shows all of its text (nothing clipped)."""
    return locator.evaluate("""(el) => {
      const cs = getComputedStyle(el);
      return cs.display !== 'none' && cs.visibility !== 'hidden' && el.getClientRects().length > 0
        && el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1;
    }""")


def tap_to_read(page, card, text_selector: str) -> str:
    """Tap a card face and return the ability text it then shows whole."""
    text = card.locator(text_selector)
    card.click()
    assert text_shown(page, text), f"a tap does not show the whole ability of {card.get_attribute('data-card')}"
    return text.inner_text()


def test_mickey_on_a_phone_board_on_top_and_abilities_read_by_a_tap(new_page):
    page = new_page(viewport=PHONE)
    start_mickey(page, "mini", seed=104)
    wait_turn(page)
    assert board_top(page) <= PHONE["height"] * UPPER_PART
    cards = page.evaluate("async () => (await fetch('/api/games/mickey/cards?variant=mini')).json()")
    text_of = {c["name"]: c["text"] for c in cards}
    # The opponent's Wizards: their ability, hidden on a phone to save room, opens on a tap.
    wizards = page.locator(".wom-team-top .wom-wizard")
    assert wizards.count() == 3
    for i in range(3):
        w = wizards.nth(i)
        name = w.get_attribute("data-card")
        if text_of.get(name):
            assert tap_to_read(page, w, ".wom-card-text") == text_of[name]
    # Nothing is left cut off with "..." without a tap to read it, and a tap on each shows it whole.
    assert page.evaluate(CUT_JS, True) == []
    for el in page.locator("#board [data-expand]").all():
        if el.evaluate("e => !e.classList.contains('expanded')") and el.is_visible():
            el.click()
    assert page.evaluate(CUT_JS, False) == []


def test_mickey_game_end_on_a_phone_one_banner_and_every_card_turned_over(new_page):
    page = new_page(viewport=PHONE)
    start_mickey(page, "mini", seed=105)
    rng = random.Random(15)
    for _ in range(300):
        wait_turn(page)
        if is_finished(page):
            break
        make_move(page, rng)
    assert is_finished(page)
    page.locator("[data-testid=outcome]").wait_for(state="visible")
    assert page.evaluate(BANNERS_JS) == 1
    assert board_top(page) <= PHONE["height"] * UPPER_PART
    # Turned over: their hand as faces (as many as they hold), no face-down back anywhere.
    their = page.locator("[data-testid=wom-their-hand]")
    held = int(page.locator(".wom-player.wom-theirs .wom-count").first.inner_text().split()[-1])
    assert their.locator(".wom-magic").count() == held
    assert their.locator(".wom-mini-back").count() == 0
    assert page.locator("#board .wom-back").count() == 0
    assert page.locator("#board .wom-token[data-colour='?']").count() == 0


def test_cup_game_end_on_a_phone_their_six_and_sub_card_turned_over(new_page):
    page = new_page(viewport=PHONE)
    start_table(page, "computer", agent="random", game="cup")
    play_to_end(page, random_chooser(5))
    page.locator("[data-testid=outcome]").wait_for(state="visible")
    assert page.evaluate(BANNERS_JS) == 1
    theirs = page.locator(".cup-side.theirs")
    assert theirs.locator(".zone", has_text="Their six").locator(".card").count() == 6
    assert theirs.locator(".card.back").count() == 0  # the Sub Card is a face now
    # A small card hides its ability to save room; a tap shows it whole (the six of an
    # unseeded game may hold cards without one: those have nothing to open).
    cards = page.evaluate("async () => (await fetch('/api/games/cup/cards')).json()")
    ability_of = {c["name"]: c["ability"] for c in cards}
    opened = 0
    for small in theirs.locator(".card.small[data-card]").all():
        ability = ability_of.get(small.get_attribute("data-card") or "")
        if ability:
            assert tap_to_read(page, small, ".card-text") == ability
            opened += 1
        else:
            assert small.get_attribute("data-expand") is None
    assert opened >= 1
    assert page.evaluate(CUT_JS, True) == []
