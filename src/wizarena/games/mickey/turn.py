"""The turn and the challenge (7.1-7.14): a Castle and its Diamagic, casting in turn,
the reveal, the count, the Diamagic assigned, the draw and the hand limit; the effect
queue's decisions applied; and the end of the game.
"""

from __future__ import annotations

from wizarena.core import Action, Outcome, only, others, say

from . import casting, choices, magic_power, qualities, standing, state
from .actions import ASSIGN_A, DECLINE, K_DECLINE
from .cards import DIAMAGIC
from .deck import unaffiliated
from .effects import BONUS, CARDS, LABEL, PRINTED, REVEAL_STAKE, TIE_TURN_PLAYER
from .state import (
    ASSIGN,
    CASTLE,
    CHALLENGE,
    CHALLENGE_CAP,
    CHOICE,
    DISCARD,
    DRAW,
    LINEUP,
    OPENING,
    OVER,
    RESUME_CHALLENGE,
    RESUME_DRAW,
    SET_UP,
    SUPPORT,
    WOM_6_3_4,
    WOM_6_3_5,
    WOM_7_1,
    WOM_7_2,
    WOM_7_3,
    WOM_7_6,
    WOM_7_7,
    WOM_7_8,
    WOM_7_9,
    WOM_7_10,
    WOM_7_11,
    WOM_7_12,
    WOM_7_13,
    WOM_7_14,
    WOM_8_14,
    WOM_9_5,
    WOM_9_6,
    WOM_9_7,
    WOM_9_11,
    WOM_9_14,
    WOM_9_16,
    WOM_10_19,
    WOM_10_25,
    WOM_11_1,
    MickeyState,
    Task,
)


def begin_turn(s: MickeyState) -> None:
    s.turn += 1
    if s.turn > s.max_turns:
        finish_by_count(s, f"the table limit of {s.max_turns} turns (ruling R10)")
        return
    clear_challenge(s)
    tp = s.tp
    if s.log is not None:
        say(s, "turn", WOM_7_1, f"turn {s.turn}: P{tp} takes the turn")
    choices.refill_castles(s, tp)
    if not s.cdeck[tp]:
        finish_by_count(s, f"P{tp} has no Castle to bring into play")
        return
    if s.fmt == 2:
        s.phase, s.actor, s.legal = CASTLE, (tp,), None
    else:
        bring_castle(s, tp, state.take(s, s.cdeck[tp]), teleport=False)


def bring_castle(s: MickeyState, player: int, c: int, teleport: bool) -> None:
    if c in s.cpub[player]:
        s.cpub[player].remove(c)
    if teleport:
        if s.log is not None:
            say(s, "castle", WOM_9_16, f"Teletrasporto: P{player}'s {LABEL[c]} replaces "
                f"{LABEL[s.castles[-1][0]]}, which is covered; the Diamagic at stake move onto it")
    elif s.log is not None:
        say(s, "castle", WOM_7_2, f"P{player} brings the Castle {LABEL[c]} into play")
    s.castles.append((c, player))
    s.castle_plain = False
    s.played[player] |= 1 << c
    if not teleport:
        if s.reserve:
            k = s.reserve.pop(s.rng.below(len(s.reserve)))
            s.stake.append(k)
            s.seen.append(1 << player)
            if s.log is not None:
                say(s, "diamagic", WOM_7_2, f"you take a {DIAMAGIC[k]} Diamagic from the reserve at random and "
                    f"put it face-down on the Castle", only(player))
                say(s, "diamagic", WOM_7_2, f"P{player} takes a Diamagic from the reserve at random, looks at it and "
                    f"puts it face-down on the Castle", others(player))
        elif not s.stake:
            finish_by_count(s, "the reserve is empty and nothing is at stake (ruling R9)")
            return
        elif s.log is not None:
            say(s, "diamagic", WOM_7_2, "the reserve is empty: no Diamagic is added (ruling R9)")
    if REVEAL_STAKE[c] and s.stake:
        s.seen = [3] * len(s.stake)
        if s.log is not None:
            say(s, "diamagic", WOM_10_19, f"{LABEL[c]} reveals the Diamagic at stake: "
                + ", ".join(DIAMAGIC[k] for k in s.stake))
    if not teleport:
        s.cur, s.resume = s.tp, RESUME_CHALLENGE
        if s.log is not None:
            say(s, "challenge", WOM_7_3, f"the challenge begins: P{s.tp} casts first")
        go_on(s)


def discard_phase(s: MickeyState) -> None:
    log = s.log is not None
    kept = []
    for x in s.play:
        # 9.5: a Continue Magic cast face-down stays, revealed, and acts from now on.
        if x.noeffect and not x.plain and ("continue" in PRINTED[x.card] or "continue" in x.gained):
            x.noeffect, x.kept = False, True
            kept.append(x)
            if log:
                say(s, "effect", WOM_9_5, f"Continue: P{x.owner}'s {LABEL[x.card]} stays in play behind "
                    f"{LABEL[s.team[x.owner][x.pos]]}")
        elif x.kept:
            kept.append(x)
        else:
            s.disc[x.owner].append(x.card)
    s.play = kept
    standing.refresh(s, tell=False)  # the challenge is over: nothing is left to tell of
    if log:
        say(s, "discard", WOM_7_11, "both players discard the Magics played in this challenge")
    for c, q in s.castles:
        s.cdisc[q].append(c)
    s.castles, s.castle_plain = [], False
    if log:
        say(s, "discard", WOM_7_12, "the Castles go to their owners' Castle discards")
    clear_challenge(s)
    s.phase = DISCARD
    for i in range(2):  # the player taking the turn first
        choices.draw(s, s.tp ^ i, DRAW, WOM_7_13, effect=False)
    s.resume = RESUME_DRAW
    if not run_queue(s):
        new_turn(s)


def end_challenge(s: MickeyState) -> None:
    log = s.log is not None
    tp = s.tp
    for i in range(2):  # 7.7, the player taking the turn first
        q = tp ^ i
        for v in range(3):
            x = s.down[q][v]
            if x is not None:
                x.down, x.noeffect = False, True
                if log:
                    say(s, "reveal", WOM_7_7, f"P{q}'s face-down Magic behind {LABEL[s.team[q][v]]} is revealed: "
                        f"{LABEL[x.card]}, without effect of its own")
    power = magic_power.final_powers(s)
    if log:
        say(s, "power", WOM_7_8, f"Final Magic Power: P0 {power[0]}, P1 {power[1]}")
    if power[0] != power[1]:
        win = 0 if power[0] > power[1] else 1
        rule = WOM_7_9
    elif s.castles and not s.castle_plain and TIE_TURN_PLAYER[s.castles[-1][0]]:
        win, rule = tp, WOM_8_14
    else:
        win, rule = -1, WOM_7_9
    if log:
        remember(s, win, power, rule)
    if win < 0:
        if log:
            say(s, "tie", WOM_7_9, f"a tie: the {len(s.stake)} Diamagic at stake stay for the next challenge")
        discard_phase(s)
        return
    c = s.castles[-1][0] if s.castles else -1
    if c >= 0 and not s.castle_plain and BONUS[c]:
        for _ in range(min(BONUS[c], len(s.reserve))):
            s.stake.append(s.reserve.pop(s.rng.below(len(s.reserve))))
            s.seen.append(0)
        if log:
            say(s, "diamagic", WOM_8_14, f"{LABEL[c]}: the winner also takes {BONUS[c]} Diamagic from the "
                "reserve")
    if log:
        say(s, "win", rule, f"P{win} wins the challenge" + (" (the Castle gives ties to the player taking the "
                                                             "turn)" if rule == WOM_8_14 else "")
            + f" and conquers {len(s.stake)} Diamagic")
    if not s.stake:
        discard_phase(s)
        return
    s.phase, s.actor, s.legal = ASSIGN, (win,), list(ASSIGN_A)


def remember(s: MickeyState, win: int, power: list[int], rule: str) -> None:
    """Keep the board of the challenge just counted (every Magic turned over by 7.7, so all
    of it is public) for the table to show until the next challenge begins."""
    counted = [x for x in s.play if not x.kept]
    said, s.log = s.log, None  # counted once more, silently: the count was told already
    values = magic_power.magic_values(s)
    s.log = said
    magics = tuple((x.owner, x.pos, x.card, values[i], s.down[x.owner][x.pos] is x, x.plain
                    or (not x.noeffect and not qualities.effective(s, x)), x.noeffect)
                   for i, x in enumerate(counted))
    castle = None
    if s.castles:
        c, owner = s.castles[-1]
        castle = (c, owner, s.castle_plain)
    s.last = (s.turn, s.tp, win, (power[0], power[1]), rule, castle, len(s.stake), magics)


def new_turn(s: MickeyState) -> None:
    s.tp = 1 - s.tp
    if s.log is not None:
        say(s, "turn", WOM_7_14, f"P{s.tp} becomes the first player")
    begin_turn(s)


def go_on(s: MickeyState) -> None:
    """Hand the challenge to whoever must decide next, or end it."""
    if s.steps >= CHALLENGE_CAP:
        s.queue.clear()
        if s.log is not None:
            say(s, "challenge", WOM_7_6, f"the challenge reaches {CHALLENGE_CAP} decisions and ends (ruling R10)")
        end_challenge(s)
        return
    if s.queue and run_queue(s):
        return
    s.phase = CHALLENGE
    p = s.cur
    for i in range(2):
        q = p ^ i  # whose move it is, then the other player
        opts = casting.cast_options(s, q)
        if opts:
            s.cur, s.actor, s.legal = q, (q,), opts
            return
        casting.limit_reveal(s, q)
    end_challenge(s)


def run_queue(s: MickeyState) -> bool:
    """Open the first effect decision that still has choices; True when one is open."""
    while s.queue:
        t = s.queue[0]
        opts = choices.task_options(s, t)
        if not opts:
            s.queue.pop(0)
            continue
        if len(opts) == 1 and opts[0] is not DECLINE:
            task_apply(s, t, opts[0])  # nothing to choose
            continue
        s.phase, s.actor, s.legal = DISCARD if t.kind == "limit" else CHOICE, (t.seat,), opts
        return True
    return False


def task_apply(s: MickeyState, task: Task, a: Action) -> None:
    """The live decision's answer `a`: a step taken, or the effect done (it leaves the queue)."""
    kind, p = task.kind, task.seat
    data: tuple[int, int, int] = a.data  # typed: native ints in the compiled build
    k, x, y = data
    log = s.log is not None
    if k == K_DECLINE and kind not in ("corrode", "corrupt"):
        s.queue.pop(0)
        return
    if kind == "limit":
        choices.discard_card(s, p, x, WOM_7_13, "to keep a hand of at most 5")
        return
    if kind == "corrode":
        s.queue.pop(0)
        if k == K_DECLINE:
            if log:
                say(s, "effect", WOM_9_6, f"P{p} chooses not to Corrode")
            return
        targets = choices.corrode_targets(s, task)
        choices.discard_card(s, p, x, WOM_9_6, f"to Corrode ({task.source})")
        for m in targets:
            standing.discard_from_play(s, m, WOM_9_6, f"Corrode: P{m.owner}'s {LABEL[m.card]} is discarded from "
                                    "play; it still counts as cast (8.10)")
        return
    if kind == "corrupt":
        stage = task.stage
        if stage == 0 and k == K_DECLINE:
            s.queue.pop(0)
            if log:
                say(s, "effect", WOM_9_7, f"P{p} chooses not to Corrupt")
            return
        if stage <= 1:
            choices.discard_card(s, p, x, WOM_9_7, f"to Corrupt ({task.source})")
            task.stage = stage + 1
            return
        if stage == 2:
            task.second_wizard, task.stage = y, 3
            return
        q, v = 1 - p, task.second_wizard
        s.owned[q][v].remove(x)
        s.reserve.append(x)  # the reserve is drawn from at random: its order means nothing
        s.queue.pop(0)
        if log:
            say(s, "diamagic", WOM_9_7, f"Corrupt: a {DIAMAGIC[x]} Diamagic of P{q}'s {LABEL[s.team[q][v]]} goes "
                "back into the reserve (ruling R8)")
        return
    if kind == "swap":
        stage = task.stage
        if stage == 0:
            task.first_seat, task.first_wizard, task.stage = x, y, 1
            return
        if stage == 1:
            task.colour, task.stage = x, 2  # the Diamagic taken from the first Wizard
            return
        if stage == 2:
            task.second_seat, task.second_wizard, task.stage = x, y, 3
            return
        q1, v1, k1 = task.first_seat, task.first_wizard, task.colour
        q2, v2 = task.second_seat, task.second_wizard
        s.owned[q1][v1].remove(k1)
        s.owned[q2][v2].remove(x)
        s.owned[q1][v1].append(x)
        s.owned[q2][v2].append(k1)
        s.queue.pop(0)
        if log:
            say(s, "diamagic", WOM_9_11, f"Swap: P{q1}'s {LABEL[s.team[q1][v1]]} gives a {DIAMAGIC[k1]} Diamagic "
                f"for a {DIAMAGIC[x]} one of P{q2}'s {LABEL[s.team[q2][v2]]} (not a conquest)")
        return
    if kind == "break":
        s.queue.pop(0)
        kept = choices.continue_at(s, x, y)
        if kept is not None:
            standing.discard_from_play(s, kept, WOM_9_14, f"Break: P{kept.owner}'s Continue Magic "
                                    f"{LABEL[kept.card]} is discarded from play")
        return
    if kind == "tele":
        s.queue.pop(0)
        s.cdeck[p].remove(x)
        bring_castle(s, p, x, teleport=True)


def clear_challenge(s: MickeyState) -> None:
    """Empty both Areas of Cast Magics and forget this challenge's casts, blocks and passes.
    The lists are reset in place: no two tables share them (copy_state copies each)."""
    for q in range(2):
        up, down, casts, extra = s.up[q], s.down[q], s.casts[q], s.extra[q]
        for w in range(3):
            up[w] = None
            down[w] = None
            casts[w] = 0
            extra[w] = False
        s.blocked[q] = 0
        s.passed[q] = False
        s.shown_limit[q] = False
        s.forced[q] = None
    s.held[0], s.held[1], s.held[2] = 0, 0, -1
    s.steps = 0


def assign(s: MickeyState, player: int, position: int) -> None:
    won = s.stake
    s.owned[player][position] += won
    s.stake, s.seen = [], []
    if s.log is not None:
        say(s, "diamagic", WOM_7_10, f"P{player} places {', '.join(DIAMAGIC[k] for k in won)} Diamagic face-up on "
            f"{LABEL[s.team[player][position]]}")
    n = sum(len(x) for x in s.owned[player])
    if n >= s.target:
        finish(s, (player,), f"P{player} has conquered {n} Diamagic", f"WoM {SET_UP[s.fmt]}.{6 if s.fmt < 2 else 8}")
        return
    discard_phase(s)


def finish(s: MickeyState, winners: tuple[int, ...], reason: str, rule: str) -> None:
    scores = tuple(float(sum(len(x) for x in s.owned[q])) for q in (0, 1))
    s.result = Outcome(winners, 2, reason, scores)
    s.phase, s.actor, s.legal = OVER, (), []
    if s.log is not None:
        say(s, "end", rule, "game over: " + reason)


def finish_by_count(s: MickeyState, why: str) -> None:
    n = [sum(len(x) for x in s.owned[q]) for q in (0, 1)]
    winners = () if n[0] == n[1] else ((0,) if n[0] > n[1] else (1,))
    tail = "a draw" if not winners else f"P{winners[0]} wins with more Diamagic"
    finish(s, winners, f"{why}: {n[0]}-{n[1]}, {tail}", WOM_11_1)


def support_turn(s: MickeyState, p: int) -> None:
    """6.3.3: each player in turn may replace cards with Support cards (R14)."""
    while p < 2 and not s.support[p]:
        p += 1
    if p < 2:
        s.phase, s.actor, s.legal = SUPPORT, (p,), None
        return
    # 6.3.4-6.3.6: decks stay shuffled as dealt; a random first player lines up first.
    s.tp = s.rng.below(2)
    if s.log is not None:
        say(s, "setup", WOM_6_3_4, "the Support decks are set aside face-down; Magic decks are shuffled")
        say(s, "setup", WOM_6_3_5, f"P{s.tp} is drawn at random to take the first turn")
    t = s.tp
    s.lineup = [t, 1, 1 - t, 2, t, 2, 1 - t, 1]
    next_lineup(s)


def next_lineup(s: MickeyState) -> None:
    while s.lineup and s.lineup[1] == 0:
        del s.lineup[:2]
    if s.lineup:
        s.phase, s.actor, s.legal = LINEUP, (s.lineup[0],), None
        return
    # 4.2, 10.25: -1 per Wizard not of the declared affiliation (a Solitary one once, R32)
    s.penalty = [unaffiliated([CARDS[c] for c in s.team[p]], s.affiliation[p]) for p in (0, 1)]
    for p, off in enumerate(s.penalty):
        if off and s.log is not None:
            say(s, "setup", WOM_10_25, f"P{p}'s team has {off} Wizard(s) not of the declared affiliation "
                f"{s.affiliation[p]}: -{off} to its Final Magic Power")
    deal(s, "6.3.7")


def deal(s: MickeyState, rule: str) -> None:
    for p in (0, 1):
        choices.draw(s, p, OPENING, f"WoM {rule}", effect=False, limit=False)
    begin_turn(s)
