"""The flow of a game: the start, mulligans, turns, the ability queue and round ends.

Abilities never act in the middle of one another: each trigger queues a task, and the
queue runs them in order (left to right where the rulebook asks for it). A task that needs
a choice stops the queue until its controller chooses (phase CHOOSE). So does a cost to
expend when an allied and a common die both show its face: the player picks which kind is
rerolled (Wars Keywords/Expend), as a task queued ahead of whatever the card sets off.
`s.resume` says what follows when the queue runs dry: the main phase of the turn, the rest
of a turn start, or the end of a turn after a pass.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import Action, Outcome, only, say

from . import battlefield
from .actions import K_EXPEND, K_SET, K_TARGET
from .cards import (
    ABILITIES,
    BY_TRIGGER,
    COST,
    DISLOYAL,
    ECHO,
    ENGINE,
    EQUIPMENT,
    FACES,
    HASTE,
    LOCKED,
    NAMES,
    ON_PASS,
    ON_PLAY,
    ON_ROUND_END,
    ON_TURN,
    TACTIC,
    TAP,
    TYPE,
    UNIT,
    VETERAN,
)
from .effects import COND_RULE, EFFECT, condition, draw, options
from .mana import can_expend, expend, expend_options, reroll, roll_common, set_die, spawn_options
from .state import (
    CHOOSE,
    DICE,
    EXPEND,
    MAIN,
    MULLIGAN,
    MULLIGANS,
    OVER,
    R_DRAWS,
    R_GAME,
    R_PLAY,
    R_ROUND,
    R_START,
    R_TYPES,
    REDRAW,
    RESUME_MAIN,
    RESUME_PASS,
    RESUME_TURN,
    ROW_SLOTS,
    SPAWN_ANY,
    TO_GRAVE,
    WarsState,
    kw,
)

ROUNDS: Final = 3


# -- the ability queue -------------------------------------------------------------------------
def run(s: WarsState) -> bool:
    """Resolve queued abilities in order; True when one waits for its controller's choice."""
    q = s.queue
    while q:
        task = q.pop(0)
        src, ctl, c, k, arg = task
        if k == TO_GRAVE:
            s.acting.remove(src)
            s.grave[ctl].append(src)
            if s.log is not None:
                say(s, "grave", R_TYPES, f"{NAMES[c]} has taken effect and enters P{ctl}'s graveyard")
            continue
        if k == SPAWN_ANY:
            opts: list[Action] | None = spawn_options(s, ctl, -1)
        elif k == EXPEND:
            opts = expend_options(s, ctl, arg)
        else:
            ab = ABILITIES[c][k]
            if ab.cond and not condition(s, src, ctl, ab):
                if s.log is not None:
                    say(s, "trigger", COND_RULE[ab.cond], f"{NAMES[c]}: its condition does not hold")
                continue
            opts = options(s, src, ctl, ab)
        if opts is None:
            EFFECT[ABILITIES[c][k].do](s, src, ctl, ABILITIES[c][k], -1)
        elif not opts:
            if s.log is not None:
                if k == EXPEND:
                    say(s, "mana", kw("Expend"), f"{NAMES[c]}: no die shows {FACES[arg]}, nothing is expended")
                else:
                    say(s, "trigger", R_PLAY, f"{NAMES[c]}: nothing to aim at, the ability does nothing")
        elif len(opts) == 1:
            resolve(s, task, opts[0])
        else:
            s.choice = task
            s.options = opts
            s.phase = CHOOSE
            return True
    return False


def resolve(s: WarsState, task: tuple[int, int, int, int, int], a: Action) -> None:
    """Apply a chosen option (a target slot, a die setting, the die to expend) to its task."""
    src, ctl, c, k, _arg = task
    data: tuple[int, int, int] = a.data  # typed: native ints in the compiled build
    kind, x, y = data
    if kind == K_EXPEND:
        reroll(s, ctl, x, y == 1)
        return
    if kind == K_SET:
        target = x * 6 + y
    elif kind == K_TARGET:
        target = s.row[x][y]
    else:
        target = -1
    if k == SPAWN_ANY:
        set_die(s, ctl, x, y, kw("Bounty X"))
        return
    ab = ABILITIES[c][k]
    EFFECT[ab.do](s, src, ctl, ab, target)


def proceed(s: WarsState) -> None:
    """Run the queue, then go on with whatever the queue interrupted."""
    if run(s):
        return
    s.choice = None
    r = s.resume
    if r == RESUME_MAIN:
        s.phase = MAIN
    elif r == RESUME_TURN:
        after_turn_start(s)
    else:
        end_turn(s)


def choose(s: WarsState, a: Action) -> None:
    task = s.choice
    assert task is not None
    s.choice = None
    s.options = []
    resolve(s, task, a)
    proceed(s)


# -- the start (Wars Starting the Game) -----------------------------------------------------------
def start_mulligans(s: WarsState) -> None:
    """Both players take their mulligans at once (ruling R10): until both are done, each
    one's mulligans are seen by nobody else, so the table's counts are kept as they are now."""
    s.phase = MULLIGAN
    s.mulls = [MULLIGANS, MULLIGANS]
    s.shown = [len(s.hand[0]), len(s.deck[0]), len(s.hand[1]), len(s.deck[1])]
    if s.log is not None:
        say(s, "phase", R_START, f"round {s.round}: each player may take up to {MULLIGANS} mulligans")


def mulligan(s: WarsState, p: int, i: int) -> None:
    """A hand card goes face down to the mulligan pile and a new card is drawn, seen by p
    alone until both players are done (ruling R10)."""
    s.hand[p].remove(i)
    s.mull[p].append(i)
    s.mulls[p] -= 1
    if s.log is not None:
        say(s, "mulligan", R_START, f"you mulligan {NAMES[s.card[i]]}", only(p))
    draw(s, p, 1, R_START, seen=False)
    if s.mulls[p] == 0:
        done_mulligans(s, p)


def done_mulligans(s: WarsState, p: int) -> None:
    """p is done; once both are, the table sees what each did, and each mulligan pile goes
    to the bottom of its deck in the order it was made (ruling R3)."""
    s.mulls[p] = -1
    if s.mulls[1 - p] >= 0:
        return
    for q in (0, 1):
        pile = s.mull[q]
        if not pile:
            if s.log is not None:
                say(s, "mulligan", R_START, f"P{q} keeps the hand")
            continue
        s.deck[q][0:0] = pile[::-1]
        s.known[q] = []  # ruling R5: the table no longer knows which hand cards are the echoed ones
        if s.log is not None:
            say(s, "mulligan", R_START, f"P{q} took {len(pile)} mulligan{'s' if len(pile) > 1 else ''}: "
                f"drew as many cards, and the pile went to the bottom of the deck")
        s.mull[q] = []
    if s.round == 1:
        s.phase = DICE
        s.dice_left = [3, 3]
        roll_common(s)
        if s.log is not None:
            say(s, "phase", R_START, "each player sets their three allied dice to the faces they choose")
    else:
        begin_turn(s, s.first)


def set_allied(s: WarsState, p: int, face: int) -> None:
    k = 3 - s.dice_left[p]
    s.dice[3 + 3 * p + k] = face
    s.dice_left[p] -= 1
    if s.log is not None:
        say(s, "mana", R_START, f"you set allied die {k + 1} to {FACES[face]}", only(p))
    if s.dice_left[0] or s.dice_left[1]:
        return
    if s.log is not None:
        for q in (0, 1):
            say(s, "mana", R_START, f"P{q}'s allied dice show "
                + ", ".join(FACES[s.dice[3 + 3 * q + j]] for j in range(3)))
    begin_turn(s, s.first)


# -- turns (Wars Playing the Game) -----------------------------------------------------------
def begin_turn(s: WarsState, p: int) -> None:
    """Heal p's units, untap its engines, trigger its turn-start abilities left to right."""
    s.cur = p
    s.did = False
    s.stayed = False
    s.turn_no += 1
    s.phase = MAIN
    log = s.log is not None
    if log:
        say(s, "turn", R_PLAY, f"P{p}'s turn")
    for u in s.row[p]:
        if s.damage[u]:
            s.damage[u] = 0
            if log:
                say(s, "heal", R_PLAY, f"{battlefield.where(s, u)} is healed")
    for zone in (s.row[p], s.gear[p]):
        for i in zone:
            if s.tapped[i] and ENGINE[s.card[i]] and not s.status[i] & LOCKED:
                s.tapped[i] = False
                if log:
                    say(s, "untap", kw("Engine"), f"{battlefield.where(s, i)} untaps (engine)")
    battlefield.trigger_row(s, p, ON_TURN)
    s.resume = RESUME_TURN
    proceed(s)


def after_turn_start(s: WarsState) -> None:
    p = s.cur
    s.phase = MAIN
    if not s.hand[p]:
        if s.log is not None:
            say(s, "pass", R_PLAY, f"P{p} has no cards in hand and passes automatically")
        do_pass(s, p)


def do_pass(s: WarsState, p: int) -> None:
    s.passed[p] = True
    if s.log is not None:
        say(s, "pass", R_PLAY, f"P{p} passes for the rest of the round (score {battlefield.score(s, p)})")
    battlefield.trigger_row(s, p, ON_PASS)
    s.resume = RESUME_PASS
    proceed(s)


def end_turn(s: WarsState) -> None:
    p = s.cur
    if s.passed[0] and s.passed[1]:
        end_round(s)
    elif not s.passed[1 - p]:
        begin_turn(s, 1 - p)
    else:
        begin_turn(s, p)


def playable(s: WarsState, p: int, c: int) -> bool:
    cost = COST[c]
    if cost >= 0:
        if not can_expend(s, p, cost):
            return False
    t = TYPE[c]
    if t == TACTIC:
        return True
    if t == EQUIPMENT:
        return any(TYPE[s.card[u]] == UNIT for u in s.row[p])
    side = 1 - p if DISLOYAL[c] else p
    return len(s.row[side]) < ROW_SLOTS


def play(s: WarsState, p: int, i: int, left: bool, host: int) -> None:
    """Play a card from hand: put it where it goes, pay its cost, resolve 'when played'."""
    c = s.card[i]
    s.hand[p].remove(i)
    if i in s.known[p]:
        s.known[p].remove(i)
    s.did = True
    s.played[p] |= 1 << c
    t = TYPE[c]
    log = s.log is not None
    if t == TACTIC:  # it takes effect, then enters the graveyard (TO_GRAVE, queued below)
        s.acting.append(i)
        if log:
            say(s, "play", R_TYPES, f"P{p} plays {NAMES[c]}; the tactic takes effect")
    elif t == EQUIPMENT:
        if log:
            say(s, "play", "Wars Keywords/Play", f"P{p} plays {NAMES[c]}")
        battlefield.attach(s, i, host)
    else:
        side = 1 - p if DISLOYAL[c] else p
        if log:
            if side != p:
                say(s, "play", kw("Disloyal"), f"P{p} plays {NAMES[c]} disloyally to P{side}'s "
                    f"{'left' if left else 'right'} end; it counts for P{side}")
            else:
                say(s, "play", kw("Play"), f"P{p} plays {NAMES[c]} at the {'left' if left else 'right'} end")
        battlefield.enter(s, i, side, left, p)
    if COST[c] >= 0:
        # "To play it, expend X": paid before anything the card sets off (a choice of die
        # goes to the front of the queue).
        expend(s, p, COST[c], i, c)
    for k in BY_TRIGGER[ON_PLAY][c]:
        s.queue.append((i, p, c, k, 0))
    if t == TACTIC:
        s.queue.append((i, p, c, TO_GRAVE, 0))
    s.resume = RESUME_MAIN
    proceed(s)


def tap(s: WarsState, p: int, i: int) -> None:
    c = s.card[i]
    s.tapped[i] = True
    s.stayed = True  # Wars Playing the Game: taps come after the choice not to pass
    k = TAP[c]
    ab = ABILITIES[c][k]
    if s.log is not None:
        say(s, "tap", R_PLAY, f"P{p} taps {battlefield.where(s, i)}")
    if ab.cost >= 0:
        expend(s, p, ab.cost, i, c)
    s.queue.append((i, p, c, k, 0))
    s.resume = RESUME_MAIN
    proceed(s)


def can_tap(s: WarsState, p: int, i: int) -> bool:
    c = s.card[i]
    if TAP[c] < 0 or s.tapped[i] or s.status[i] & LOCKED:
        return False
    if s.arrived[i] == s.turn_no and not HASTE[c]:
        return False
    cost = ABILITIES[c][TAP[c]].cost
    if cost >= 0:
        return can_expend(s, p, cost)
    return True


def manual_discard(s: WarsState, p: int, i: int) -> None:
    s.hand[p].remove(i)
    if i in s.known[p]:
        s.known[p].remove(i)
    s.grave[p].append(i)
    s.did = True
    if s.log is not None:
        say(s, "discard", R_PLAY, f"P{p} cannot play a card and discards {NAMES[s.card[i]]} to stay in the round")


# -- rounds (Wars Round Transition, Wars Draws) ------------------------------------------------------
def end_round(s: WarsState) -> None:
    for p in (s.first, 1 - s.first):
        battlefield.trigger_row(s, p, ON_ROUND_END)
    run(s)  # round-end abilities never ask for a choice (checked when the cards load)
    sc = [battlefield.score(s, 0), battlefield.score(s, 1)]
    w = -1 if sc[0] == sc[1] else (0 if sc[0] > sc[1] else 1)
    s.results.append(w)
    s.round_scores += sc
    if w >= 0:
        s.wins[w] += 1
    if s.log is not None:
        say(s, "round", R_ROUND, f"round {s.round} ends with P0 scoring {sc[0]} and P1 {sc[1]}: "
            + ("a draw" if w < 0 else f"P{w} wins the round") + f" (rounds won: P0 {s.wins[0]}, P1 {s.wins[1]})")
    if s.log is not None:  # the rows as the round ended, for the table to show once they are cleared
        board = s.copy()
        board.log, board.last_board, board.queue, board.legal = None, None, [], [None, None]
        s.last_board = board
    for p in (0, 1):
        battlefield.clear_row(s, p)
        s.points[p] = 0
    if game_over(s):
        return
    if w >= 0:
        s.first = w
    elif s.round == 1:
        s.first = 1 - s.first_r1
        if s.log is not None:
            say(s, "round", R_DRAWS, f"round 1 was drawn: P{s.first}, who went second, goes first")
    s.round += 1
    s.passed = [False, False]
    next_round(s)


def game_over(s: WarsState) -> bool:
    r = s.results
    winners: tuple[int, ...] | None = None
    rule = R_GAME
    why = ""
    if s.wins[0] >= 2 or s.wins[1] >= 2:
        winners = (0,) if s.wins[0] >= 2 else (1,)
        why = f"P{winners[0]} won two rounds"
    elif len(r) == 2 and r[1] < 0:
        rule = R_DRAWS
        winners = () if r[0] < 0 else (r[0],)
        why = "rounds 1 and 2 were drawn: the game is a draw" if r[0] < 0 else \
            f"round 2 was drawn: P{r[0]}, who won round 1, wins the game"
    elif len(r) == 2 and r[0] < 0:
        rule = R_DRAWS
        winners = (r[1],)
        why = f"round 1 was drawn: P{r[1]}, who won round 2, wins the game"
    elif len(r) == 3:
        rule = R_DRAWS if r[2] < 0 else R_GAME
        winners = () if r[2] < 0 else (r[2],)
        why = "round 3 was drawn: the game is a draw" if r[2] < 0 else f"P{r[2]} won two rounds"
    if winners is None:
        return False
    s.phase = OVER
    s.choice = None
    s.result = Outcome(winners, 2, why, (float(s.wins[0]), float(s.wins[1])))
    if s.log is not None:
        say(s, "end", rule, f"game over: {why}")
    return True


def next_round(s: WarsState) -> None:
    """Shuffle, bring Echo cards back at round 3, draw three, take mulligans."""
    log = s.log is not None
    if log:
        say(s, "round", R_ROUND, f"round {s.round} begins: both decks are shuffled; P{s.first} goes first")
    for p in (0, 1):
        s.rng.shuffle(s.deck[p])
    echoed: list[int] = []
    if s.round == ROUNDS:
        for p in (0, 1):
            echo = [i for i in s.grave[p] if ECHO[s.card[i]]]
            echoed += echo
            for i in echo:
                s.grave[p].remove(i)
                s.deck[p].append(i)
                if log:
                    say(s, "echo", kw("Echo"), f"P{p}'s {NAMES[s.card[i]]} goes from the graveyard to the top "
                        "of the deck")
    for p in (0, 1):
        draw(s, p, REDRAW, R_ROUND)
        s.known[p] = [i for i in echoed if i in s.hand[p]]
        if log:
            _veterans(s, p)
    start_mulligans(s)


def _veterans(s: WarsState, p: int) -> None:
    """Say to `p` alone what Veteran X adds this round to the cards in his hand ("X in
    round 2 and 2X in round 3, wherever the card is"): the card's power rises with the
    round, and nothing else would tell him so. His hand is his own to know."""
    grown = [i for i in s.hand[p] if VETERAN[s.card[i]]]
    if s.round > 1 and grown:
        say(s, "veteran", kw("Veteran"), "round " + str(s.round) + ": " + ", ".join(
            f"your {NAMES[s.card[i]]} has +{VETERAN[s.card[i]] * (s.round - 1)} power from Veteran"
            for i in grown), 1 << p)

