"""Why a cast is refused, in the player's terms (`Game.why_not`): his hand, his Wizards,
what the cards in play forbid them. It reads only what the seat may know: his own hand and
the public table (Blocks, casts, limits in play). Never on a hot path: asked only when a
person's choice is refused."""

from __future__ import annotations

from wizarena.core import Action

from .actions import K_DOWN, K_PASS, K_UP, POS
from .casting import cast_rules
from .effects import LABEL, POWER
from .state import CHALLENGE, PHASE_NAMES, WOM_8_3, WOM_8_11, WOM_8_12, WOM_9_3, WOM_9_4, MickeyState


def why_not(s: MickeyState, seat: int, action: Action) -> tuple[str, str] | None:
    """The reason and the rule for a refused cast or pass, or None."""
    kind, card, w = action.data
    if kind not in (K_UP, K_DOWN, K_PASS):
        return None
    if s.phase != CHALLENGE:
        return f"Magics are cast in the challenge; this is the {PHASE_NAMES[s.phase]} phase", WOM_8_3
    if s.passed[seat]:
        return "you have passed this challenge", WOM_8_12
    if kind == K_PASS:
        return "a Wizard of yours that has not cast could still cast a Magic face up", WOM_8_12
    name, where = LABEL[card], f"your {POS[w]} Wizard"
    if card not in s.hand[seat]:
        return f"you hold no {name}", WOM_8_3
    if s.up[seat][w] is not None or s.down[seat][w] is not None:
        return f"{where} has already cast this challenge", WOM_8_3
    confused = s.forced[seat]
    if confused is not None:
        return f"your Confused Wizard ({POS[confused[0]]}) casts first", WOM_9_4
    if kind == K_UP and s.blocked[seat] >> w & 1:
        return f"{where} is Blocked: it cannot cast Magics while the Block lasts", WOM_9_3
    _, downs, most, _ = cast_rules(s, seat)
    if kind == K_UP and most is not None and POWER[card] > most[w]:
        return f"{name} has Magic Power {POWER[card]}; {where} may cast at most {most[w]} now", WOM_8_11
    if kind == K_DOWN and not downs >> w & 1:
        return f"{where} may not cast face down now", WOM_8_3
    return None
