"""7.8 Final Magic Power: every counted Magic's Modified Magic Power worked out in the
order of 8.4 (eight steps, each modifier applied to its targets), and each side's total.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import qualities
from .effects import IMMUNE, LABEL, MODS, POWER, Mod
from .qualities import APP_MOD, APP_TARGET
from .state import WOM_8_4, WOM_10_16, WOM_10_17, WOM_10_25, Mg, MickeyState

MOD_TEXT: Final = {
    "worth": lambda magic: f"is worth {magic.value}",
    "double": lambda magic: "doubled",
    "halve": lambda magic: "halved",
    "adds": lambda magic: f"adds the Magic Power of the {magic.of} Magic",
    "subtracts": lambda magic: f"subtracts the Magic Power of the {magic.of} Magic",
    "plus": lambda magic: f"+{magic.value}",
    "minus": lambda magic: f"-{magic.value}",
    "final": lambda magic: f"Modified Magic Power is {magic.value}",
}


def final_powers(s: MickeyState) -> list[int]:
    """Each player's Final Magic Power (7.8): the Modified Magic Powers, less the
    affiliation penalty (10.25), never below 0 (10.16)."""
    counted = [x for x in s.play if not x.kept]
    value = magic_values(s)
    log = s.log is not None
    total = [0, 0]
    for i, t in enumerate(counted):
        total[t.owner] = total[t.owner] + value[i]
    for q in range(2):
        if s.penalty[q]:
            total[q] -= s.penalty[q]
            if log:
                say(s, "power", WOM_10_25, f"P{q}: -{s.penalty[q]} for Wizards not of the declared affiliation")
        if total[q] < 0:
            total[q] = 0
            if log:
                say(s, "power", WOM_10_16, f"P{q}'s Final Magic Power cannot be below 0")
    return total


def magic_values(s: MickeyState) -> list[int]:
    """The Modified Magic Power (8.4) of each Magic counted now, in casting order (the
    Magics of `s.play` not kept from an earlier challenge). The board shows them too."""
    counted = [x for x in s.play if not x.kept]
    # Every modifier is sent to the Magics it reaches, in the order of R3 (Castle, Magics
    # in casting order, then Wizards: 8.6), then each Magic applies its list step by step.
    # A modifier is listed once in `mods`, with its source; its application to one Magic
    # is one int, (Magic reached, step of 8.4, index in `mods`) from the high bits down,
    # so that sorting the ints orders each Magic's applications by 8.4, then by R3.
    mods: list[tuple[int, int, int, Mg | None, Mod]] = []
    apps: list[int] = []
    spot = [t.owner * 3 + t.pos for t in counted]  # bit of the Magic's Wizard in a 6-bit mask
    castle = s.castles[-1][0] if s.castles and not s.castle_plain else -1
    if castle >= 0:
        for mod in MODS[castle]:
            qualities.aim(apps, spot, 63, mod.step, len(mods))
            mods.append((castle, -1, -1, None, mod))
    for x in s.play:
        if MODS[x.card] and qualities.effective(s, x):
            for mod in MODS[x.card]:
                if mod.to != "self":
                    qualities.aim(apps, spot, qualities.spots(mod.to, x.owner, x.pos), mod.step, len(mods))
                elif not x.kept:
                    apps.append(qualities.app_key(counted.index(x), mod.step, len(mods)))
                mods.append((x.card, x.owner, x.pos, x, mod))
    for i in range(2):
        q = s.tp ^ i  # the Wizards of the player taking the turn first
        for v, c in enumerate(s.team[q]):
            for mod in MODS[c]:
                qualities.aim(apps, spot, qualities.spots(mod.to, q, v), mod.step, len(mods))
                mods.append((c, q, v, None, mod))
    log = s.log is not None
    value = [POWER[t.card] for t in counted]
    apps.sort()
    for key in apps:
        i = key >> APP_TARGET
        c, sp, sw, src, mod = mods[key & APP_MOD]
        t = counted[i]
        if mod.cond is not None and not qualities.condition_holds(s, mod.cond, sp, sw, t.owner):
            continue
        if mod.filt is not None and not qualities.filter_ok(s, t, mod.filt):
            continue
        if IMMUNE[t.card] and qualities.magic_immune(s, t, src, sp, sp < 0):
            continue
        v = modify(s, value[i], mod, t, sp, sw)
        floored = v < 0
        if floored:
            v = 0  # 10.17, ruling R2: never below 0, at every step
        value[i] = v
        if log:
            # The source named with its player: a Castle's is whoever brought it into play.
            by = s.castles[-1][1] if sp < 0 else sp
            say(s, "modifier", WOM_8_4, f"{LABEL[t.card]} (P{t.owner}): {MOD_TEXT[mod.kind](mod)} "
                f"from {LABEL[c]} (P{by}) -> {v}")
            if floored:
                say(s, "modifier", WOM_10_17, f"{LABEL[t.card]} (P{t.owner}): a Modified Magic Power is "
                    "never below 0 (ruling R2: at every step)")
    return value


def modify(s: MickeyState, value: int, mod: Mod, task: Mg, sp: int, sw: int) -> int:
    k = mod.kind
    if k == "worth" or k == "final":
        value = mod.value
    elif k == "double":
        value *= 2
    elif k == "halve":
        value //= 2
    elif k == "plus":
        value += mod.value
    elif k == "minus":
        value -= mod.value
    else:  # adds / subtracts the printed Magic Power of other Magics (10.15), seen from the
        # source's Wizard (from the Magic itself when a Castle is the source)
        q, v0 = (sp, sw) if sp >= 0 else (task.owner, task.pos)
        spots: tuple[tuple[int, int], ...]
        if mod.of == "opposite":
            spots = ((1 - q, 2 - v0),)
        else:
            spots = tuple((q, v) for v in (v0 - 1, v0 + 1) if 0 <= v <= 2)
        amount = sum(POWER[x.card] for x in s.play if not x.kept and (x.owner, x.pos) in spots)
        value += amount if k == "adds" else -amount
    return value
