"""The ARM match loop: one mutable match state, injected dice, a strategy for every choice.

The same code serves both paths: ``record=True`` writes the play-by-play (every check with the
die it used, in a promoter's words), ``record=False`` skips all formatting and is the fast path
for odds. Both draw the same dice in the same order: no die is ever rolled inside ``if rec``.

A match advances in *rounds* (``round()``): positioning, the maneuver and its check (or the
contest of a counter), what a success does (damage, exertion, injuries, knock-outs, the
attacker's repositioning with the damage as Action Points: covers, holds, playing to the crowd,
stalling, tags), and the end of the round (referee counts, the clock). Holds and stalls make
half-length rounds. The clock runs in seconds; a time limit is in rounds of ten seconds.

The rulebook's numbers live in the tables (``rules/data/arm``); the engine reads them compiled
into ``Prepared.fig``. Around the loop, each in a module of its own: the match prepared
(``preparation``), the pieces of its state (``state``: ``Fighter``, ``Plan``, ``Hold``), the
play-by-play's words (``text``: what each ``if rec:`` tells), the result and its effects
(``result``) and the strategy's memory of its decisions (``memory``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import i64

from rules.arm import result as results
from rules.arm.compile import Move
from rules.arm.preparation import MATCH_TYPES as MATCH_TYPES  # (re-exported: rules.arm.system)
from rules.arm.preparation import PER_SIDE as PER_SIDE
from rules.arm.preparation import STIPULATIONS as STIPULATIONS
from rules.arm.preparation import SUDDEN_DEATH, Prepared
from rules.arm.preparation import prepare as prepare
from rules.arm.result import SYSTEM as SYSTEM
from rules.arm.state import (
    ACE,
    BOTCH,
    CATEGORY,
    FAIL,
    STALE,
    SUCCESS,
    Fighter,
    Hold,
    Plan,
)
from rules.arm.text import (
    COVER_WORDS,
    both_of,
    either_of,
    numeral,
    part_name,
    tell_advantage,
    tell_ambush,
    tell_answer,
    tell_arm_drop,
    tell_attack,
    tell_blind_tag,
    tell_block,
    tell_collision,
    tell_count,
    tell_counter,
    tell_crowd,
    tell_distraction,
    tell_edge,
    tell_escape,
    tell_fake_tag,
    tell_free_attack,
    tell_hesitate,
    tell_hit,
    tell_hold_break,
    tell_hold_damage,
    tell_hold_shift,
    tell_injury,
    tell_interference,
    tell_ko_check,
    tell_landing,
    tell_leverage,
    tell_linger,
    tell_miss,
    tell_moved,
    tell_opening,
    tell_pin,
    tell_pin_referee,
    tell_pinfall,
    tell_place,
    tell_position,
    tell_referee,
    tell_referee_check,
    tell_reversal,
    tell_revive,
    tell_ropes,
    tell_save,
    tell_save_blocked,
    tell_screwjob,
    tell_second_wind,
    tell_seize,
    tell_sleeper,
    tell_stall,
    tell_submission,
    tell_submission_check,
    tell_tag_count,
    tell_telegraph,
    tell_telegraph_badly,
    tell_telegraphed,
    tell_tie_up,
    tell_time_limit,
    tell_warning,
)
from rules.core.dice import Dice, SeededDice
from rules.core.events import Event
from rules.core.result import MatchResult, Method
from rules.core.tournament import settle

if TYPE_CHECKING:
    from rules.arm.strategy import ArmStrategy

#: Makes an ``Event`` from its fields in one tuple, past the named tuple's Python constructor.
_new_tuple: Final = tuple.__new__
_EVENT: Final = Event
ESCAPES: Final = ("power", "kick", "shoulder", "hair", "rope")
HOLD_ESCAPES: Final = ("tec", "str", "rope", "reversal")


class Match:
    """The one mutable state of an ARM match, and the loop that plays it."""

    def __init__(self, prep: Prepared, dice: Dice, strategy: ArmStrategy, record: bool = True):
        self.prep = prep
        self.fig = prep.fig
        self.dice = dice
        self.d20 = dice.d20
        self.d6 = dice.d6
        #: Seeded dice are drawn here, from their source (``SeededDice.source``): the same
        #: faces, recorded the same, without a Python call for each die.
        self.rnd: Callable[[], float] | None = None
        self.rolls: list[int] | None = None
        if type(dice) is SeededDice:
            self.rnd, self.rolls = dice.source()
        self.strategy = strategy
        self.record = record
        self.tag = prep.tag
        self.fighters = [
            [Fighter(w, i == 0, prep.edge) for i, w in enumerate(side)] for side in prep.wrestlers
        ]
        self.legal = [0, 0]
        #: The legal wrestler of each side.
        self.cur = [self.fighters[0][0], self.fighters[1][0]]
        self.adv = 0
        self.near = True
        #: The match clock in seconds (a round 10, a hold round or a stall 5, ...).
        self.clock: i64 = 0
        #: The exchanges played (``round()``), whatever their length. The match's length is its
        #: clock in rounds of ten seconds (``length``).
        self.rounds = 0
        #: The clock when this exchange began: a slow start lasts while it is under the
        #: wrestler's ``early_until`` (the Slow Starter's first minute).
        self.begun: i64 = 0
        #: The play-by-play only: the Slow Starters whose first minute is not over yet, told
        #: when it is (their checks lose the -1 then). Empty on the fast path.
        self.slow: list[Fighter] = (
            [f for side in self.fighters for f in side if f.w.early_skill and f.w.early_until]
            if record
            else []
        )
        self.hold: Hold | None = None
        self.distracted: i64 = 0
        self.distracted_by: int | None = None
        self.count: int | None = None  # the referee's count of men outside the ring
        self.covers: i64 = 0  # covers since the last attack
        self.combo: i64 = 0  # the damage of this round's BRA combo so far
        self.attempts: i64 = 0  # maneuvers attempted so far (``note_attempt``)
        #: Climbing out of the cage: a point for every ``climb`` Steps of its height.
        self.escape_cost = -(-self.fig.cage_height // max(1, self.fig.cage_climb))
        self.ap: i64 = 0  # the attacker's Action Points left this round
        self.winner: int | None = None
        self.method: Method | None = None
        self.engineered: str = ""
        self.events: list[Event] = []
        self.interference: list[int] = []
        self.distractions: list[int] = []
        self.screwed = False
        self.two_men: int | None = None  # a side with a second man in the ring this round
        self.both: int | None = None  # a side attacking both men of a team this round
        #: The side whose man tagged out is still in the ring this round, on the referee's
        #: five-count to switch places (-1: nobody's).
        self.lingering = -1
        #: The maneuver being tried while the defender weighs a counter, its side and its
        #: Maneuver Skill without the plan's extras (``attack_skill``).
        self.trying: Move | None = None
        self.trying_side = 0
        self.trying_skill = 0

    # ---------------------------------------------------------------------------- accessors
    def me(self, side: int) -> Fighter:
        """The legal wrestler of a side (``cur[side]``)."""
        return self.cur[side]

    def partner(self, side: int) -> Fighter | None:
        if not self.tag:
            return None
        return self.fighters[side][1 - self.legal[side]]

    def all_fighters(self):
        for side in self.fighters:
            yield from side

    @property
    def attacker(self) -> Fighter:
        return self.cur[self.adv]

    @property
    def defender(self) -> Fighter:
        return self.cur[1 - self.adv]

    def attacks_both(self, s: int) -> bool:
        """Side ``s`` is attacking both men of a team this round."""
        both = self.both
        return both is not None and both == s

    def early(self, f: Fighter) -> int:
        w = f.w
        return w.early_skill if self.begun < w.early_until else 0

    def own(self, f: Fighter) -> int:
        """The modifier on all of a wrestler's checks: his weardown penalty, a slow start."""
        w = f.w  # (``early`` inline: asked many times a round)
        return (w.early_skill if self.begun < w.early_until else 0) - f.pen

    # ---------------------------------------------------------------------------- plumbing
    def ev(self, kind: str, actor: Fighter | str | None, dice: tuple, text: str, **data: Any):
        key = actor.w.key if isinstance(actor, Fighter) else actor
        # The named tuple made directly (its own constructor is a Python function).
        self.events.append(_new_tuple(_EVENT, (kind, key, dice, text, data or None)))

    def roll_d20(self) -> int:
        rnd = self.rnd
        if rnd is None:
            return self.d20()
        face = int(rnd() * 20.0) + 1  # as ``SeededDice.d20`` draws it
        rolls = self.rolls
        if rolls is not None:
            rolls.append(face)
        return face

    def roll_d6(self) -> int:
        rnd = self.rnd
        if rnd is None:
            return self.d6()
        face = int(rnd() * 6.0) + 1  # as ``SeededDice.d6`` draws it
        rolls = self.rolls
        if rolls is not None:
            rolls.append(face)
        return face

    def grade(self, face: int, target: int, botch_from: int = 20) -> int:
        if face >= botch_from:
            return BOTCH
        if face == target:
            return ACE
        if face <= target or (face == 1 and self.fig.chk_natural_one):
            return SUCCESS
        return FAIL

    def check(self, f: Fighter | None, target: int) -> tuple[int, int]:
        """A d20 at or under ``target``: (face, grade)."""
        face = self.roll_d20()
        if face >= (f.w.botch_from if f is not None else 20):
            return face, BOTCH
        if face == target:
            return face, ACE
        if face <= target or (face == 1 and self.fig.chk_natural_one):
            return face, SUCCESS
        return face, FAIL

    def contest(self, fa: Fighter, ta: int, fb: Fighter, tb: int) -> tuple[int, list[int]]:
        """Both check; the higher success wins (blackjack), both failing or a tie roll again.

        Returns (0 if ``fa`` won else 1, every face rolled in order)."""
        faces: list[int] = []
        for _ in range(50):
            ra, rb = self.roll_d20(), self.roll_d20()
            faces += (ra, rb)
            ga = self.grade(ra, ta, fa.w.botch_from)
            gb = self.grade(rb, tb, fb.w.botch_from)
            if ga >= SUCCESS and gb >= SUCCESS:
                if ra != rb:
                    return (0 if ra > rb else 1), faces
            elif ga >= SUCCESS:
                return 0, faces
            elif gb >= SUCCESS:
                return 1, faces
        return (0 if ta >= tb else 1), faces

    def ended(self) -> bool:
        """Whether the match has its result: the test to make again after a call that can end
        it. (Inline, ``self.method is not None`` would be taken by mypy as still false after an
        earlier test in the same function, and the compiled engine would refuse the result.)"""
        return self.method is not None

    def finish(self, winner: int | None, method: Method) -> None:
        if self.method is not None:
            if (
                method is Method.DISQUALIFICATION
                and self.method is Method.DISQUALIFICATION
                and winner != self.winner
            ):
                self.winner, self.method = None, Method.DOUBLE_DISQUALIFICATION
            return
        self.winner = winner
        self.method = method

    # ---------------------------------------------------------------------------- the match
    def play(self) -> None:
        self.opening()
        limit = self.prep.time_limit * self.fig.t_round
        while self.method is None and self.clock < limit:
            self.round()
        if self.method is None:
            # The bell rings when the time is up: the limit is the match's time, whatever
            # seconds the last exchange ran past it.
            self.clock = limit
            self.finish(None, Method.DRAW_TIME_LIMIT)
            if self.record:
                tell_time_limit(self, limit)

    def length(self) -> int:
        """The match's length: its clock in rounds of ten seconds, a part round counting as
        one (a hold round or a stall is half of one; at least 1)."""
        per = self.fig.t_round
        return max(1, -(-self.clock // per))

    def opening(self) -> None:
        rec = self.record
        a, b = self.cur[0], self.cur[1]
        strategy = self.strategy
        if self.prep.restart:
            # A tournament match's sudden-death fall. The chapter: "the referee may require a
            # C.E.T. when he feels the match needs to be restarted".
            self.tie_up(0, f"The referee has {a.w.mname} and {b.w.mname} lock up to restart")
            return
        for side in (0, 1):
            f, o = self.cur[side], self.cur[1 - side]
            cost = 0 if o.w.ambush_free else self.edge_cost(f, "ambush")
            if self.prep.edge and f.edge >= cost and strategy.ambush(self, side):
                self.spend(f, "ambush", cost)
                self.adv = side
                o.surprised = True
                if rec:
                    tell_ambush(self, f, o)
                self.warn(f, "the ambush")
                return
        pick = [strategy.opening(self, 0), strategy.opening(self, 1)]
        kind = "cet" if "cet" in pick else "strength" if "strength" in pick else "sav"
        if kind == "cet":
            self.tie_up(0, f"{a.w.sname} and {b.w.mname} lock up in a collar-elbow tie-up")
            return
        if kind == "strength":
            ta = a.w.STR + a.w.reach + a.w.advantage + self.own(a)
            tb = b.w.STR + b.w.reach + b.w.advantage + self.own(b)
            words = "lock hands for a test of strength"
        else:
            ta = a.w.SAV + a.w.advantage + self.own(a)
            tb = b.w.SAV + b.w.advantage + self.own(b)
            words = "circle each other"
        won, faces = self.contest(a, ta, b, tb)
        self.adv = won
        if rec:
            tell_opening(self, won, a, b, faces, kind, words, ta, tb)

    def tie_up(self, first: int, words: str) -> None:
        """A collar-elbow tie-up: a contest of each man's STR or TEC (the higher)."""
        a, b = self.cur[first], self.cur[1 - first]
        ta = max(a.w.STR, a.w.TEC) + a.w.advantage + self.own(a)
        tb = max(b.w.STR, b.w.TEC) + b.w.advantage + self.own(b)
        won, faces = self.contest(a, ta, b, tb)
        self.adv = first if won == 0 else 1 - first
        if self.record:
            tell_tie_up(self, won, a, b, faces, words, ta, tb)

    def round(self) -> None:
        self.rounds += 1
        self.begun = self.clock
        # A charge is run for the maneuver of its own round: nobody starts a round charging.
        self.cur[0].running = self.cur[1].running = False
        if self.slow:
            self.slow_start_over()
        if self.two_men is not None:
            self.two_men_round()
        before = self.attempts
        if self.hold is not None:
            self.hold_round()
        else:
            attacker = self.cur[self.adv]
            self.standard_round()
            if self.attempts == before:
                # A round of his without a maneuver (he backed off, stalled, came back in):
                # the points he lacked are made up, not carried on round after round. (A man
                # tagged in owes his partner's still: his own round is to come.)
                attacker.debt = 0
        if self.method is None:
            self.end_of_round()

    # ---------------------------------------------------------------------------- a round
    def standard_round(self, seconds: int | None = None) -> None:
        fig = self.fig
        rec = self.record
        prep = self.prep
        strategy = self.strategy
        cur = self.cur
        s = self.adv
        a = cur[s]
        aw = a.w
        self.clock += fig.t_round if seconds is None else seconds
        self.ap = aw.agi_bonus
        self.combo = 0
        if a.post == "behind":
            a.post = "facing"  # whoever takes over turns to face his man
        if prep.edge and not a.out:
            if (
                aw.face
                and a.fired == 0
                and a.edge >= aw.price_fired_up
                and strategy.fire_up(self, s)
            ):
                self.fire_up(a)
            if not a.working and a.edge >= aw.price_working_over:
                part = strategy.work_over(self, s)
                if part:
                    self.work_over(a, part)
        plan = strategy.plan(self, s)
        # (No actions: nothing to position, the round goes on.)
        if plan.actions and not self.position(s, plan.actions):
            if self.method is not None or cur[s] is a:
                return
            # Tagged in, the partner "then positions himself to attack" with the points left
            # (to attack: not to tag straight back out).
            a = cur[s]
            plan = strategy.plan(self, s)
            if plan.move is None or (plan.actions and not self.position(s, plan.actions)):
                return
        if self.method is not None:
            return
        a = cur[s]  # (his partner, if he tagged in)
        if prep.allies[s] is not None and self.distracted and strategy.interfere(self, s):
            self.interfere(s)
            if self.ended():
                return
        move = plan.move
        if move is None:
            return
        # The defender may seize the initiative, once positioning is done.
        d = cur[1 - s]
        if (
            prep.edge
            and d.edge
            and not (d.out or d.blind or d.dizzy or d.surprised)
            and strategy.seize(self, 1 - s, plan)
        ):
            # The price is the maneuver's he strikes with: a rulebreaker's is less for an
            # illegal one; double against a finisher.
            answer = strategy.respond(self, 1 - s)
            cost = self.edge_cost(d, "seize", against=move, illegal=seizes_illegally(answer))
            if d.edge >= cost:
                self.spend(d, "seize the initiative", cost)
                self.adv = 1 - s
                a.running = False  # (his charge met by the other man's initiative)
                if rec:
                    tell_seize(self, d, a)
                if answer is not None and self.feasible(1 - s, answer.move):
                    self.attack(1 - s, answer)
                return
        if not self.feasible(s, move, plan):
            a.running = False
            if rec:
                tell_hesitate(self, a, move)
            return
        self.attack(s, plan)

    def attack(self, s: int, plan: Plan, *, chain: int = 0) -> None:
        """The attacker (side ``s``) tries ``plan.move``: the check, a counter, the defender's
        answer on a miss, standoffs, collisions, telegraphs; then what a success does."""
        fig = self.fig
        rec = self.record
        a, d = self.cur[s], self.cur[1 - s]
        planned = plan.move
        if planned is None:
            raise ValueError("an attack needs a maneuver")
        move: Move = planned
        self.covers = 0
        target = self.target(s, move, plan, chain=chain)
        unopposed = d.out or d.blind > 0 or d.dizzy > 0 or d.surprised
        d.surprised = False
        # A counter, declared once the attacker has picked his maneuver.
        counter = None
        if not unopposed:
            plain = (
                chain == 0
                and not plan.trap
                and not plan.desperation
                and not plan.flourish
                and plan.obj is None
                and plan.double is None
            )
            self.trying, self.trying_side = move, s
            self.trying_skill = target if plain else self.target(s, move)
            counter = self.strategy.counter(self, 1 - s, move)
            self.trying = None
        self.note_attempt(a, move)
        if move.trick:
            a.tricks += 1
        if plan.desperation:
            # Desperation: the points he takes himself, and the maneuver's level on top.
            self.hurt(a, plan.desperation + move.level, None)
            if self.method is not None:
                return
        if counter is not None:
            self.countered(s, plan, move, target, counter, chain)
            return
        standoffs = 0
        while True:
            if unopposed:
                f1, f2 = self.roll_d20(), self.roll_d20()
                g1 = self.grade(f1, target, a.w.botch_from)
                g2 = self.grade(f2, target, a.w.botch_from)
                face, grade = (f1, g1) if (g1, f1) >= (g2, f2) else (f2, g2)
                faces: tuple = (f1, f2)
            else:
                face, grade = self.check(a, target)
                faces = ()  # (made below only for the play-by-play)
            if rec:
                tell_attack(self, a, unopposed, faces, d, move, plan, target, face, grade)
            if grade >= SUCCESS:
                self.land(s, plan, move, face, grade, target, chain=chain)
                return
            if self.crashing(s, move) and a.fired == 0:
                self.crash(s, move)
                if grade == BOTCH and self.method is None:
                    self.telegraph(s)  # (a botch is telegraphed, high risk or not)
                return
            # Missed, his charge is over (answered, a standoff, shrugged off): a try again
            # is made standing.
            a.running = False
            if a.fired:
                a.fired -= 1
                self.clock += fig.t_standoff
                if rec:
                    self.ev("standoff", a, (), f"{a.w.sname} is fired up and shrugs off the miss.")
                return
            if unopposed and (d.out or d.blind > 0 or d.dizzy > 0):
                # His two rolls were his one attempt; a man out cold, blinded or dazed has no
                # answer to make, and the attacker tries again next round (a surprised man
                # has his wits back: he answers as from any miss).
                if rec:
                    tell_miss(self, a, d)
                return
            # The defender gains Advantage and tries a maneuver of his own.
            answer = self.strategy.respond(self, 1 - s)
            amove = answer.move if answer is not None else None
            if answer is None or amove is None or not self.feasible(1 - s, amove, answer):
                if grade == BOTCH:
                    self.telegraph(s)
                else:
                    self.adv = 1 - s
                    if rec:
                        tell_advantage(self, d)
                return
            if grade == BOTCH:
                d.telegraph = fig.mod_telegraph  # his answer is the next move he attempts
            dtarget = self.target(1 - s, amove, answer)
            self.note_attempt(d, amove)
            dface, dgrade = self.check(d, dtarget)
            answered_at = len(self.events)
            if rec:
                tell_answer(self, d, dface, a, amove, answer, dtarget, dgrade)
            if grade == BOTCH and dgrade == BOTCH:
                d.telegraph = 0
                self.collision(s)
                return
            if grade == BOTCH:
                self.adv = 1 - s
                if rec:
                    tell_telegraph(self, a, d, answered_at)
                if dgrade >= SUCCESS:
                    self.land(1 - s, answer, amove, dface, dgrade, dtarget)
                return
            if dgrade == BOTCH:
                a.telegraph = fig.mod_telegraph
                if rec:
                    tell_telegraph_badly(self, d, a)
                return
            if dgrade >= SUCCESS:
                self.adv = 1 - s
                self.land(1 - s, answer, amove, dface, dgrade, dtarget)
                return
            # Both missed: a standoff; the attacker may try again.
            standoffs += 1
            self.clock += fig.t_standoff
            if rec:
                self.ev("standoff", None, (), f"A standoff: both {both_of(a, d)} miss and reset.")
            if standoffs >= fig.t_max_standoffs:
                return
            replan = self.strategy.after_standoff(self, s, plan)
            if (
                replan is not None
                and replan.move is not None
                and self.feasible(s, replan.move, replan)
            ):
                plan, move = replan, replan.move
            target = self.target(s, move, plan, chain=chain)
            self.note_attempt(a, move)

    def note_attempt(self, f: Fighter, move: Move) -> None:
        """A maneuver attempted (an attack, an answer, a counter): the same again adds to the
        repeat penalty, another resets it; a warning's -1, a telegraph's +2 and the points he
        lacked, each for "the next maneuver he attempts", are spent on it (its target already
        reckoned)."""
        self.attempts += 1
        f.warned = False
        f.telegraph = 0
        f.debt = 0  # (as the points he lacked: -1 each to his next check)
        if f.last == move.name:
            f.repeat += 1
        else:
            f.repeat = 0
            f._last = move.name  # (its code, without looking it up)
            f.code_last = move.code
            f.packed = STALE
        f.last_ok = False

    def countered(
        self, s: int, plan: Plan, move: Move, target: int, counter: Plan, chain: int = 0
    ) -> None:
        """The defender's counter (a Defense or a Reversal): a contest of Maneuver Skills. A
        chained strike that gets in is still the chain's (``chain``): it chains no further."""
        rec = self.record
        a, d = self.cur[s], self.cur[1 - s]
        cmove = counter.move
        if cmove is None:
            raise ValueError("a counter needs a maneuver")
        ctarget = self.counter_skill(1 - s, cmove, counter)
        self.note_attempt(d, cmove)
        if cmove.trick:
            d.tricks += 1
        won, faces = self.contest(a, target, d, ctarget)
        if rec:
            tell_counter(self, faces, cmove, d, won, move, target, ctarget, a)
        if won == 0:
            face = faces[-2]
            self.land(
                s, plan, move, face, self.grade(face, target, a.w.botch_from), target, chain=chain
            )
            return
        self.adv = 1 - s
        if cmove.defense and self.crashing(s, move) and a.fired == 0:
            # Dodged, a high-risk maneuver is a failure like any other: "any failure causes
            # him to take 2 points of damage ... and gives the opponent Advantage".
            self.crash(s, move)
            if self.method is not None:
                return
        a.running = False  # (ducked or reversed, his charge is over)
        if "tag" in cmove.flags:
            self.make_tag(1 - s, lunge=True)
        elif "escape" in cmove.flags:
            self.escape(1 - s)
        elif not cmove.defense:
            face = faces[-1]
            self.land(
                1 - s, counter, cmove, face, self.grade(face, ctarget, d.w.botch_from), ctarget
            )

    def counter_skill(self, s: int, cmove: Move, counter: Plan | None = None) -> int:
        """The Maneuver Skill of side ``s``'s legal man for the counter ``cmove`` now."""
        d = self.cur[s]
        ctarget = self.target(s, cmove, counter)
        if "tag" in cmove.flags:
            # -1 for each Action Point it would take to reach a square where a tag is good.
            ctarget -= 0 if d.home else self.fig.ring_home[d.zone] * self.fig.ap_square
            ctarget += d.w.tag_bonus
        elif "escape" in cmove.flags and d.zone not in ("ringside", "corner"):
            ctarget -= self.distance(d.zone, "ringside") * self.fig.ap_square
        if not cmove.defense:
            # A Reversal is improvised like a Flag: -1 with a known maneuver, -2 with another.
            ctarget += cmove.reversal_mod
        return ctarget

    def target(self, s: int, move: Move, plan: Plan | None = None, *, chain: int = 0) -> int:
        """The Maneuver Skill of side ``s``'s legal man for ``move`` against his opponent now."""
        fig = self.fig
        a, d = self.cur[s], self.cur[1 - s]
        t = move.base_skill
        if self.begun < a.w.early_until:
            t += a.w.early_skill
        if not a.fired:
            t -= a.pen
            if move.level > d.pen:
                t += fig.mod_level_over_weardown * (move.level - d.pen)
            if a.last == move.name:
                t += fig.mod_repeat * (a.repeat + 1)
        if move.finisher:
            t += fig.mod_finisher
        if a.last_ok and a.last in move.follows:
            t += fig.mod_superset
        if chain:
            t += fig.mod_bra_chain
        if move.trick:
            t += fig.mod_trick * a.tricks
        if a.warned:
            t += fig.mod_referee_warning
        if a.telegraph:
            t += a.telegraph
        inj = a.inj
        if inj:
            for part in move.uses:
                t -= inj.get(part, 0)
        if self.attacks_both(s):
            t += 2 * fig.mod_two_targets
        t -= a.debt
        if plan is not None:
            if plan.trap and d.cornered:
                t += fig.mod_cornered
            t += plan.desperation
            if plan.flourish and not a.w.free_flourish:
                t += fig.mod_flourish
            if plan.double is not None:
                partner = self.partner(s)
                if partner is not None:
                    other = plan.double.base_skill + self.own(partner)
                    if plan.double.level > d.pen:
                        other += fig.mod_level_over_weardown * (plan.double.level - d.pen)
                    if plan.double.name == move.name:
                        high, low = max(t, other), min(t, other)
                        t = high + -(-low // 3)
                    else:
                        high, low = max(t, other), min(t, other)
                        t = low + -(-high // 3)
        if move.object and move.load is None and not (move.fire_tab or move.powder):
            # Swung ("Foreign Object Smash"), the object's Maneuver Skill modifier.
            mod = self.swung(a, plan).mod
            if mod is not None:
                t += mod
        if move.dive and not a.w.no_dive_penalty:
            t += fig.mod_dive
        if move.flying or move.springboard:
            t += self.flying_penalty(a, d, move)
        return t

    def swung(self, a: Fighter, plan: Plan | None):
        """The object ``a`` swings with a foreign-object maneuver: the plan's, else the first
        weapon he carries (not a fist load, a Fire Tab or powder), else his boot."""
        if plan is not None and plan.obj is not None:
            return plan.obj
        for obj in a.w.objects:
            if not obj.punch and obj.special is None and obj.mod is not None:
                return obj
        return self.prep.objects["Boot"]

    def attack_skill(self, s: int, move: Move) -> int:
        """Side ``s``'s Maneuver Skill for ``move`` without his plan's extras (``target(s,
        move)``): while the defender weighs a counter, the attack's own figure."""
        if move is self.trying and s == self.trying_side:
            return self.trying_skill
        return self.target(s, move)

    def flying_penalty(self, a: Fighter, d: Fighter, move: Move) -> int:
        """-2 for each square between the launch point and the target, less 1 a square for
        each Step above 1 the flyer is above his opponent."""
        squares = 0 if self.near else self.distance(a.zone, d.zone)
        steps = self.launch_steps(a, move)
        per = self.fig.mod_flying_per_square + max(0, steps - 1)
        return min(0, per) * squares

    def launch_steps(self, a: Fighter, move: Move) -> int:
        if a.elev:
            return self.fig.ring_rope_steps[a.elev - 1]
        if a.zone == "apron" or move.springboard:
            return 1
        return 0

    def comes_in(self, a: Fighter) -> None:
        """A man outside heading for a square of the ring (a corner, the ropes) comes back in
        on the way: said, so that nobody climbs a turnbuckle from the floor."""
        if self.record and (a.outside or a.zone == "apron"):
            self.ev("position", a, (), f"{a.w.sname} climbs back into the ring.")

    def distance(self, za: str, zb: str) -> int:
        return self.fig.ring_distance[(za, zb)]

    # ---------------------------------------------------------------------------- feasibility
    def feasible(self, s: int, move: Move | None, plan: Plan | None = None) -> bool:
        """Whether side ``s``'s legal man can try ``move`` from where both men are now."""
        if move is None:
            return False
        a, d = self.cur[s], self.cur[1 - s]
        if a.out or move.defense or move.trick:
            return False
        if move.finisher and a.fired > 1:
            return False  # fired up: "He may not attempt his Finisher until the fifth attack"
        if move.double and (plan is None or plan.double is None):
            return False  # a double-team maneuver takes a partner in on it
        if not move.usable_mask & a.posture_bit():
            return False
        if move.needs_floor:
            return d.zone == "floor" and not a.outside and not self.prep.internal_cage
        if (d.outside or a.outside) and a.zone != d.zone:
            return False
        if move.super:
            return d.elev > 0 and self.near
        if d.elev:
            # A man up on the turnbuckle can be knocked off it.
            return self.near and (move.strike_kind in ("strike", "kick") or move.knockdown)
        if not move.needs_mask & d.posture_bit():
            return False
        if move.flying:
            return a.elev > 0 or a.zone == "apron"
        if move.springboard:
            return a.zone in ("ringside", "corner", "apron")
        if move.object and plan is not None and plan.obj is None and not a.w.objects:
            return False
        return self.near

    # ---------------------------------------------------------------------------- positioning
    def pay(self, f: Fighter, cost: int) -> bool:
        """Spend Action Points; lacking some is a -1 a point to the next check, up to a limit."""
        if cost <= self.ap:
            self.ap -= cost
            return True
        short = cost - self.ap
        if f.debt + short > self.fig.ap_max_debt:
            return False
        self.ap = 0
        f.debt += short * self.fig.ap_short_penalty
        return True

    def on_his_feet(self, f: Fighter) -> bool:
        """Whether ``f`` is on his feet to climb the turnbuckles, to move his man (drag him up,
        whip him, back him into a corner, put him up top, roll him in) or to play to the crowd,
        getting up first if he is not and the points allow. (Climbing, the chapter: "the
        wrestler must already be standing in a ring corner"; the rest, ours.)"""
        if f.standing:
            return True
        if not self.pay(f, self.feet_cost(f)):
            return False
        f.post = "facing"
        if self.record:
            self.ev("position", f, (), f"{f.w.sname} gets back up.")
        return True

    def feet_cost(self, f: Fighter) -> int:
        """The Action Points ``on_his_feet`` takes to get ``f`` on his feet: 0 if he is."""
        return 0 if f.standing else self.rise_cost(f)

    def rise_cost(self, f: Fighter) -> int:
        """The Action Points for ``f`` to stand facing his man
        (``posture_cost(f.post, "facing")``, from his noted posture)."""
        return 0 if f.post == "facing" else self.shift_cost(f.category(), 0)

    def posture_cost(self, frm: str, to: str) -> int:
        return 0 if frm == to else self.shift_cost(CATEGORY[frm], CATEGORY[to])

    def shift_cost(self, cf: int, ct: int) -> int:
        """The Action Points to change posture between two categories (0 standing, 1
        crouching, 2 fallen): within one, to the next, or across both."""
        if cf == ct:
            return self.fig.ap_shift_within
        if abs(cf - ct) == 2:
            return 2 * self.fig.ap_shift_across
        return self.fig.ap_shift_across

    def position(self, s: int, actions: tuple) -> bool:
        """Carry out the attacker's self-positioning actions; False ends the round (a stall, a
        tag that changes the legal man's plan, an escape)."""
        rec = self.record
        fig = self.fig
        for action in actions:
            a, d = self.cur[s], self.cur[1 - s]
            name, arg = _action(action)
            if name == "stand":
                cost = self.rise_cost(a)
                if cost and self.pay(a, cost):
                    a.post = "facing"
                    if rec:
                        self.ev("position", a, (), f"{a.w.sname} gets back up.")
            elif name == "stall":  # (the commonest after "stand": asked early)
                self.stall(a)
                return False
            elif name == "approach":
                if not self.near:
                    cost = self.distance(a.zone, d.zone) * fig.ap_square
                    if a.elev:
                        cost += a.elev * fig.ap_climb
                    if self.pay(a, cost):
                        a.zone, a.elev, a.home, self.near = d.zone, 0, False, True
                        a.backed = False  # (in front of his man, in a corner or not)
                        if rec:
                            self.ev("position", a, (), f"{a.w.sname} closes in on {d.w.mname}.")
            elif name == "behind":
                if self.near and d.standing and self.pay(a, fig.ap_shift_within):
                    d.post = "behind"
                    if rec:
                        self.ev("position", a, (), f"{a.w.sname} slips behind {d.w.mname}.")
            elif name == "corner":
                if a.zone != "corner":
                    cost = self.distance(a.zone, "corner") * fig.ap_square
                    if self.pay(a, cost):
                        self.comes_in(a)
                        a.zone, a.home = "corner", False
                        self.near = d.zone == "corner" and self.near
                        if self.near:
                            a.backed = False  # (to the corner his man is in: in front of him)
                        if rec:
                            self.ev("position", a, (), f"{a.w.sname} heads for the corner.")
            elif name == "climb":
                level = arg or 3
                if a.zone == "corner" and a.elev < level and self.on_his_feet(a):
                    cost = a.w.cost("climb", (level - a.elev) * fig.ap_climb)
                    if self.pay(a, cost):
                        a.elev = level
                        self.near = False
                        if rec:
                            rope = ("first", "second", "top")[level - 1]
                            self.ev("position", a, (), f"{a.w.sname} climbs to the {rope} rope!")
            elif name == "ringside":
                if a.zone not in ("ringside", "corner", "apron"):
                    cost = self.distance(a.zone, "ringside") * fig.ap_square
                    if self.pay(a, cost):
                        self.comes_in(a)
                        a.zone = "ringside"
                        a.home = False
                        self.near = False
            elif name == "apron":
                if (
                    a.zone in ("ringside", "corner")
                    and not self.prep.internal_cage
                    and self.pay(a, fig.ap_step)
                ):
                    a.zone, self.near = "apron", False
                    a.home = False
                    if rec:
                        self.ev("position", a, (), f"{a.w.sname} steps out onto the apron.")
            elif name == "run":
                cheap = a.zone in ("ringside", "corner") or d.whipped
                if self.prep.internal_cage:
                    cheap = False
                cost = a.w.cost("charge", fig.ap_rebound if cheap else fig.ap_run)
                if self.pay(a, cost):
                    a.running = True
                    self.near = True
                    if rec:
                        self.ev(
                            "position", a, (), f"{a.w.sname} hits the ropes and comes charging!"
                        )
            elif name == "enter":
                steps = 2 + (a.zone == "aisle")
                if a.outside and self.pay(a, steps * fig.ap_step):
                    a.zone, a.elev = "ringside", 0
                    a.home = False
                    self.near = d.zone == "ringside"
                    if rec:
                        self.ev("position", a, (), f"{a.w.sname} slides back into the ring.")
            elif name == "bail":
                if (
                    a.zone in ("ringside", "corner", "middle", "center")
                    and not self.prep.internal_cage
                    and self.pay(a, 2 * fig.ap_step)
                ):
                    a.zone, a.elev, self.near = "floor", 0, False
                    a.home = False
                    if rec:
                        self.ev("position", a, (), f"{a.w.sname} rolls out of the ring to regroup.")
            elif name == "exit":
                steps = 2 + (d.zone == "aisle")
                if not a.outside and d.outside and self.pay(a, steps * fig.ap_step):
                    a.zone, a.elev, self.near = d.zone, 0, True
                    a.home = False
                    if rec:
                        tell_position(self, a, d)
            elif name == "aisle":
                # Walking away up the aisle (the referee's count goes on); a cage rings the
                # floor, and there is no aisle inside it.
                if a.zone == "floor" and not self.prep.cage_object and self.pay(a, fig.ap_step):
                    a.zone, self.near = "aisle", False
                    a.home = False
                    if rec:
                        self.ev("position", a, (), f"{a.w.sname} walks away up the aisle!")
            elif name == "home":
                if not a.home:
                    cost = fig.ring_home[a.zone] * fig.ap_square
                    if self.pay(a, cost):
                        a.zone, a.home, a.elev = "corner", True, 0
                        self.near = False
                        if rec:
                            self.ev("position", a, (), f"{a.w.sname} makes for the home corner.")
            elif name in ("tag", "blind_tag", "fake_tag"):
                if self.tag:
                    self.tag_out(s, name)
                    # A real tag before the attack: the man tagged out may stay in the ring
                    # on the referee's five-count, to join his partner's attack.
                    if (
                        name != "fake_tag"
                        and self.cur[s] is not a
                        and self.strategy.linger(self, s)
                    ):
                        self.linger(s)
                    return False
            elif name == "play_to_crowd":
                self.play_to_crowd(a)
            elif name == "escape":
                # Out through the door: the points in hand, at the cage wall.
                if (
                    self.prep.escape
                    and a.zone in ("ringside", "corner")
                    and self.ap >= self.escape_cost
                ):
                    self.ap -= self.escape_cost
                    self.escape(s)
                    return False
            elif name == "reset":
                # Nothing fits from where the men are: the referee restarts them with a C.E.T.
                if not a.outside and not d.outside:
                    a.post = d.post = "facing"
                    a.elev = d.elev = 0
                    a.zone = d.zone = "center"
                    self.near = True
                    self.tie_up(s, "The referee restarts them with a collar-elbow tie-up")
                return False
            elif name == "distract":
                self.distract(s)
            elif name in ("draw", "boot"):
                cost = (
                    self.prep.tables.objects.draw_cost
                    if name == "draw"
                    else self.prep.tables.objects.boot_cost
                )
                self.pay(a, cost)
            if self.method is not None:
                return False
        return True

    # ---------------------------------------------------------------------------- success
    def land(
        self,
        s: int,
        plan: Plan,
        move: Move,
        face: int,
        grade: int,
        target: int,
        *,
        chain: int = 0,
    ) -> int:
        """A maneuver of side ``s`` succeeded: damage, exertion, injuries, positions, then the
        BRA chain, a hold, a pin predicament or the attacker's repositioning."""
        fig = self.fig
        rec = self.record
        a, d = self.cur[s], self.cur[1 - s]
        self.adv = s
        a.last_ok = True
        a.telegraph = 0
        if move.finisher:
            a.finishers += 1
            if a.fired:
                a.fired = 0
        elif a.fired:
            a.fired -= 1
        seen = False
        if move.illegal or move.object:
            seen = self.ref_check(
                a,
                "the " + move.words if move.load is None else f"the loaded {move.words}",
                automatic=move.object and "object" in fig.ref_automatic,
                bonus=fig.ref_fire_tab_detect if move.fire_tab else 0,
            )
            if self.method is not None:
                return 0
        if plan.trap and d.cornered:
            self.ref_check(a, f"trapping {d.w.mname} in the corner")
            if self.method is not None:
                return 0
        if plan.double is not None:
            self.ref_check(a, "double-teaming")
            if self.method is not None:
                return 0
        # Special maneuvers.
        if move.distract:
            self.distract(s)
            return 0
        # Damage.
        dmg = move.damage
        obj_name = ""
        if move.throw_into:
            obj = self.impact_object(d)
            obj_name = obj.name
            dmg += obj.damage
        if move.load is not None:  # a loaded fist
            obj_name = move.load.name
            dmg += move.load.damage
        elif move.object:
            obj = self.swung(a, plan)
            obj_name = obj.name
            dmg += obj.damage
        dmg += d.w.wdb if move.wdb_defender else a.w.wdb
        altitude = 0
        if move.flying or move.springboard:
            altitude = self.launch_steps(a, move)
        if d.elev:
            # A superplex from the ropes, or a man knocked off the turnbuckle: he falls from there.
            altitude = max(altitude, fig.ring_rope_steps[d.elev - 1])
        if move.dive:
            altitude = max(
                altitude, fig.ring_apron_steps + (self.launch_steps(a, move) if a.elev else 0)
            )
        dmg += altitude * fig.dmg_per_step
        if plan.double is not None and plan.double.flying:
            # Launched off the partner: an altitude bonus of his HDB + 5 (the chapter).
            partner = self.partner(s)
            if partner is not None:
                dmg += max(0, partner.w.hdb + fig.dmg_launch_hdb - altitude * fig.dmg_per_step)
        if a.running and (move.running or move.knockdown):
            dmg += fig.dmg_charge
        if grade == ACE:
            dmg += fig.dmg_ace
        if d.inj:
            dmg += d.inj.get(move.target, 0)
        if plan.double is not None:
            dmg += plan.double.damage
        if move.finisher:
            dmg *= fig.dmg_finisher
        resthold = False
        if move.hold and move.level <= 1 and self.strategy.resthold(self, s, move):
            resthold = True
            dmg += fig.dmg_resthold
        if move.fire_tab:
            dmg = (plan.obj or self.prep.objects["Fire Tab"]).damage
        elif move.powder:
            dmg = (plan.obj or self.prep.objects["Powder"]).damage
        dmg = max(0, dmg)
        knocked_back = move.knockdown and d.cornered and not move.hold and not d.elev
        if knocked_back:
            # Knocked back into the turnbuckle, he stays on his feet: its bonus and his WDB.
            dmg += self.prep.objects["Turnbuckle"].damage + d.w.wdb
        over = False
        if (
            plan.over_top
            and (move.knockdown or move.throw)
            and not knocked_back  # (the turnbuckle's bounce keeps him in: he stays up)
            and self.by_the_ropes(d, a.running)
        ):
            margin = target - face
            if margin >= fig.mod_over_top_margin - d.w.lift:
                over = True
                dmg = fig.dmg_over_top + d.w.wdb
        if rec:
            tell_hit(self, a, d, move, plan, dmg, grade, obj_name, over)
        if plan.flourish:
            a.flourishes += 1
        a.running = False
        d.whipped = False
        # Positions.
        if over:
            d.zone, d.post, d.elev = "floor", "prone", 0
            d.home = False
            self.near = False
        else:
            if knocked_back:
                if rec:
                    self.ev(
                        "corner", d, (), f"{d.w.sname} bounces off the turnbuckle and stays up."
                    )
            elif move.leaves != "same":
                d.post = move.leaves
            if move.throw_into:
                if d.zone != "floor":
                    d.zone = "corner"
                    d.backed = True  # (driven into the turnbuckle: his back to it)
                    d.home = False
                self.near = False
            else:
                # They end up together (a flyer lands on his man; a superplex brings both down).
                joins = a.zone != d.zone
                if joins or a.elev:
                    a.home = False
                a.zone, a.elev = d.zone, 0
                if joins:
                    a.backed = False  # (he comes to his man: in front of him)
                self.near = True
            if d.elev:
                d.elev = 0
                if not move.super:
                    d.post = "prone"
            a.post = move.ends
        self.hurt(d, dmg, a)
        if self.method is not None:
            return dmg
        if self.attacks_both(s):
            extra = self.partner(1 - s)
            if extra is not None and not extra.out:
                self.hurt(extra, dmg, a)
                if self.ended():
                    return dmg
        # Exertion: the maneuver's level, plus the lifted man's Lift penalty.
        exertion = move.level + (max(0, -d.w.lift) if move.lift else 0)
        if exertion:
            self.hurt(a, exertion, None)
            if self.ended():
                return dmg
        landing = 0
        if move.dive:
            # "The wrestler himself takes the damage bonus of the floor as well (and must
            # recover this damage before positioning his opponent)": off his Action Points.
            landing = self.prep.objects["Floor"].damage
            if rec:
                tell_landing(self, a, landing)
            self.hurt(a, landing, None)
            if self.ended():
                return dmg
        self.injury_checks(a, d, move, dmg, grade)
        if self.ended():
            return dmg
        if move.blinding or move.powder:
            # For the rounds that follow (powder: as many as its damage), the count going down
            # at each round's end, this one's first.
            d.blind = max(d.blind, (dmg if move.powder else 1) + 1)
        if move.dizzying:
            d.dizzy = max(d.dizzy, 2)
        if over:
            self.ref_check(
                a, f"throwing {d.w.mname} over the top rope", automatic=self.prep.over_top_dq
            )
            return dmg
        if move.fire_tab:
            return dmg
        # What follows the success.
        if move.hold:
            self.hold = Hold(s, move, dmg, face, intensity=dmg, resthold=resthold)
            if move.choke and seen:
                self.hold.count, self.hold.count_from = 0, self.rounds + 1
            if move.sleeper and dmg > 0:
                self.sleeper_check(self.hold, d)
            return dmg
        if move.pin_pred:
            # The damage is his to reposition with, less what the count shakes off: a
            # predicament broken, he carries on from where it left them.
            self.ap = self.combo + dmg
            self.combo = 0
            self.pin(s, kind="predicament", free=True, after=move)
            if not self.ended() and self.adv == s and self.ap > 0:
                self.follow_up(s, move)
            return dmg
        self.combo += dmg
        if move.chains:
            nxt = self.strategy.chain(self, s, move, chain)
            if (
                nxt is not None
                and nxt.move is not None
                and nxt.move.chains
                and self.feasible(s, nxt.move, nxt)
            ):
                self.attack(s, nxt, chain=chain + 1)
                return dmg
        # The whole combo's damage, in Action Points to reposition with (after a dive, less
        # what he took landing).
        self.ap = self.combo - landing if self.combo > landing else 0
        self.combo = 0
        self.follow_up(s, move)
        return dmg

    def by_the_ropes(self, d: Fighter, running: bool) -> bool:
        """Whether ``d`` is where a maneuver can send him over the top rope: "The opponent
        must have been positioned adjacent to the ropes (or be whipped into the ropes and run
        after instead of a double whip)". At the ropes or in a corner; whipped into the ropes,
        only when the attacker runs after him (``running``): otherwise he comes off them.
        Never in an internal cage (no ropes)."""
        if self.prep.internal_cage:
            return False
        if d.whipped:
            return running
        return d.zone == "ringside" or d.zone == "corner"

    def impact_object(self, d: Fighter):
        objects = self.prep.objects
        if self.prep.cage and (self.prep.internal_cage or d.zone == "floor"):
            return objects[self.prep.cage_object]
        if d.zone == "floor":
            return objects["Ring Steps"] if self.rounds % 2 else objects["Railing"]
        return objects["Turnbuckle"]

    def follow_up(self, s: int, move: Move) -> None:
        """After a success the attacker repositions with the damage as Action Points."""
        actions = self.strategy.follow_up(self, s, move)
        for action in tuple(actions):  # (a tuple is iterated natively)
            if self.method is not None or self.hold is not None:
                return
            name, arg = _action(action)
            self.reposition(s, name, arg, move)
            if name in ("cover", "hook_leg", "lobster", "stall", "tag", "escape"):
                return

    def reposition(self, s: int, name: str, arg: Any, move: Move | None) -> None:
        fig = self.fig
        rec = self.record
        a, d = self.cur[s], self.cur[1 - s]
        if name in ("cover", "hook_leg", "lobster"):
            cost = (
                fig.ap_cover
                if name == "cover"
                else fig.ap_hook_leg
                if name == "hook_leg"
                else fig.ap_lobster
            )
            free = move is not None and move.cover and self.covers == 0 and name == "cover"
            if d.post == "facedown" and self.near:
                if not self.pay(a, fig.ap_shift_within):
                    return
                d.post = "prone"
            if d.post != "prone" or not self.near:
                return
            if not free and self.ap < cost:
                return  # a cover needs the Action Points in hand
            if not free:
                self.ap -= cost
            self.pin(s, kind=name, free=free, after=move)
        elif name == "lift":
            self.move_opponent(a, d, arg or "facing")
        elif name == "turn":
            if self.near and d.fallen and self.pay(a, fig.ap_shift_within):
                d.post = "facedown" if d.post == "prone" else "prone"
                if rec:
                    self.ev("position", a, (), f"{a.w.sname} rolls {d.w.mname} over.")
        elif name == "behind":
            if (
                self.near
                and d.standing
                and self.on_his_feet(a)
                and self.pay(a, fig.ap_shift_within)
            ):
                d.post = "behind"
        elif name == "bend":
            self.move_opponent(a, d, "bent")
        elif name == "whip":
            if (
                self.near
                and d.standing
                and not self.prep.internal_cage
                and not d.outside  # (no ropes to whip him into out there)
                and self.on_his_feet(a)
                and self.pay(a, fig.ap_whip)
            ):
                d.whipped = True
                d.zone = "ringside"
                d.home = False
                if rec:
                    self.ev("position", a, (), f"{a.w.sname} whips {d.w.mname} into the ropes.")
        elif name == "corner":
            # Drag the opponent into a corner (one square a step, and one more to bring him).
            if self.near and d.standing and d.zone != "corner" and not d.outside:
                cost = self.distance(a.zone, "corner") * (fig.ap_square + fig.ap_bring_opponent)
                if self.on_his_feet(a) and self.pay(a, cost):
                    a.zone = d.zone = "corner"
                    a.backed, d.backed = False, True  # (his man's back to the turnbuckle)
                    d.home = False  # (backed into a corner: not his own, as far as is known)
                    a.home = self.tag and arg == "home"
                    if rec:
                        self.ev(
                            "position", a, (), f"{a.w.sname} backs {d.w.mname} into the corner."
                        )
        elif name == "place":
            self.place_on_turnbuckle(s, arg or 3)
        elif name == "roll_in":
            if d.zone == "floor" and self.near:
                cost = 2 * (fig.ap_step + fig.ap_bring_opponent)
                if self.on_his_feet(a) and self.pay(a, cost):
                    a.zone = d.zone = "ringside"
                    a.home = d.home = False
                    if rec:
                        self.ev(
                            "position", a, (), f"{a.w.sname} rolls {d.w.mname} back into the ring."
                        )
        elif name == "climb" or name == "self_corner":
            if a.zone != "corner":
                if not self.pay(a, self.distance(a.zone, "corner") * fig.ap_square):
                    return
                self.comes_in(a)
                a.zone, a.home = "corner", False
                self.near = False
            if name == "climb":
                level = arg or 3
                if (
                    a.elev < level
                    and self.on_his_feet(a)
                    and self.pay(a, a.w.cost("climb", (level - a.elev) * fig.ap_climb))
                ):
                    a.elev = level
                    if rec:
                        self.ev("position", a, (), f"{a.w.sname} heads up top!")
        elif name == "play_to_crowd":
            self.play_to_crowd(a)
        elif name == "stall":
            self.stall(a, after_maneuver=True)
        elif name in ("tag", "blind_tag", "fake_tag"):
            if self.tag:
                self.tag_out(s, name)
        elif name == "home":
            if not a.home and self.pay(a, fig.ring_home[a.zone] * fig.ap_square):
                a.zone, a.home, self.near = "corner", True, False
        elif name == "escape" and self.prep.escape:
            if a.zone not in ("ringside", "corner"):
                if not self.pay(a, self.distance(a.zone, "ringside") * fig.ap_square):
                    return
                self.comes_in(a)
                a.zone, self.near = "ringside", False
                a.home = False
            if self.ap >= self.escape_cost:
                self.ap -= self.escape_cost
                self.escape(s)

    def move_opponent(self, a: Fighter, d: Fighter, to: str) -> bool:
        """Reposition the opponent: never into a Fallen position, and into a Crouching one
        other than Bent only from the mat; a fallen man goes through Crouching to stand."""
        if not self.near or d.post == to or CATEGORY[to] == 2:
            return False
        frm = d.post
        cf, ct = d.category(), CATEGORY[to]
        if ct == 1 and to != "bent" and cf != 2:
            return False
        cost = 2 * self.fig.ap_shift_across if cf == 2 and ct == 0 else self.posture_cost(frm, to)
        if not self.on_his_feet(a) or not self.pay(a, cost):
            return False
        d.post = to
        if self.record:
            tell_moved(self, to, cf, ct, d, a)
        return True

    def place_on_turnbuckle(self, s: int, level: int | str) -> bool:
        """1 Action Point and a STR check modified by his Lift (-1 the second rope, -2 the
        top); both standing in the same corner. A failure loses the points. Lifting him onto
        one's shoulders counts as sitting him on the top rope (the second rope's check), and
        can be done anywhere."""
        fig = self.fig
        a, d = self.cur[s], self.cur[1 - s]
        shoulders = level == "shoulders"
        height = 2 if shoulders else int(level)
        if shoulders:
            if not (self.near and d.standing):
                return False
        elif not (self.near and d.standing and d.zone == "corner" and a.zone == "corner"):
            return False
        if not self.on_his_feet(a):
            return False
        while self.ap >= fig.ap_place_turnbuckle:
            self.ap -= fig.ap_place_turnbuckle
            target = a.w.STR + d.w.lift + fig.mod_turnbuckle[height] + self.own(a) - a.debt
            a.debt = 0  # (lacking points: -1 each to his next check, this one)
            face, grade = self.check(a, target)
            if self.record:
                tell_place(self, a, face, target, grade, shoulders, d)
            if grade >= SUCCESS:
                d.elev = height
                d.post = "facing"
                exertion = max(0, -d.w.lift)
                if exertion:
                    self.hurt(a, exertion, None)
                return True
        return False

    # ---------------------------------------------------------------------------- damage
    def hurt(self, f: Fighter, amount: int, by: Fighter | None) -> None:
        """Add damage; move down the StunTrack; past the final value, a STA check or out."""
        if amount <= 0:
            return
        w = f.w
        f.dmg += amount
        before = f.lvl
        f.note_damage()
        lvl = f.lvl
        if lvl != before and self.record:
            name = w.level_names[lvl]
            self.ev(
                "weardown",
                f,
                (),
                f"{w.sname} is {name} now ({f.dmg} damage, -{f.pen}).",
                damage=f.dmg,
                level=lvl + 1,
                penalty=f.pen,
            )
        if lvl > before and self.prep.edge and lvl >= 2:
            cost = self.edge_cost(f, "second_wind")
            if f.edge >= cost and self.strategy.second_wind(self, f.side, f):
                self.second_wind(f, cost)
        if f.dmg > w.final and not f.out:
            target = w.STA + w.knockout_sta + self.own(f)
            face, grade = self.check(f, target)
            if self.record:
                tell_ko_check(self, f, face, target, grade, w)
            if grade < SUCCESS:
                self.pass_out(f)

    def recover(self, f: Fighter, amount: int) -> None:
        f.dmg = max(0, f.dmg - amount)
        w = f.w
        before = f.lvl
        f.note_damage()
        lvl = f.lvl
        if lvl != before and self.record:
            name = w.level_names[lvl]
            self.ev(
                "weardown",
                f,
                (),
                f"{f.w.sname} is back to {name} ({f.dmg} damage, -{f.pen}).",
                damage=f.dmg,
                level=lvl + 1,
                penalty=f.pen,
            )

    def pass_out(self, f: Fighter) -> None:
        f.out = True
        self.referee_sees_ko(f)

    def referee_sees_ko(self, f: Fighter) -> None:
        """A referee who sees it (a SAV roll on his Skill) stops the match."""
        if self.distracted:
            if self.record:
                self.ev("ko_unseen", f, (), f"The referee doesn't see {f.w.mname} is out!")
            return
        face, grade = self.check(None, self.prep.referee)
        seen = grade >= SUCCESS
        if self.record:
            tell_referee(self, face, seen, f)
        if seen:
            others = [o for o in self.all_fighters() if o.out and o.in_ring and o is not f]
            if others:
                self.finish(None, Method.DOUBLE_KNOCKOUT)
            else:
                self.finish(1 - f.side, Method.KNOCKOUT)

    def injury_checks(self, a: Fighter, d: Fighter, move: Move, dmg: int, grade: int) -> None:
        """A TOU check for each reason the maneuver is Injuring, -1 for each 5 points of
        damage; each failure is an injury point on the maneuver's target."""
        if not (
            move.finisher
            or grade == ACE
            or move.object
            or d.w.injury_prone
            or (a.working and a.working == move.target)
            or d.dmg > d.w.final
        ):
            return
        conditions = []
        if move.finisher:
            conditions.append("finisher")
        if grade == ACE:
            conditions.append("an Ace")
        if move.object:
            conditions.append("foreign object")
        if d.w.injury_prone:
            conditions.append("injury prone")
        if a.working and a.working == move.target:
            conditions.append("worked over")
        if d.dmg > d.w.final:
            conditions.append(f"out on {d.w.pronouns.possessive} feet")
        if not conditions:
            return
        w = d.w
        target = w.TOU + w.injury_tou + self.own(d) - dmg // self.fig.inj_damage_per_penalty
        faces = []
        points = 0
        for _ in conditions:
            face, g = self.check(d, target)
            faces.append(face)
            if g < SUCCESS:
                points += 1
        if points:
            d.injure(move.target, points)
        if self.record:
            tell_injury(self, d, faces, target, points, move, w, conditions)

    def crashing(self, s: int, move: Move) -> bool:
        """Whether side ``s`` missing ``move`` crashes (``crash``): a high-risk maneuver, or a
        dash (a maneuver made charging) at a man standing in the corner ("dashing maneuvers
        are High Risk against an opponent who is standing and Cornered")."""
        if move.high_risk:
            return True
        d = self.cur[1 - s]
        return self.cur[s].running and d.cornered

    def crash(self, s: int, move: Move) -> None:
        """A high-risk failure: 2 damage plus his WDB and altitude, and Advantage lost; against
        a standing man in the corner, he hits the turnbuckle instead and stays on his feet
        ("the same occurs to the attacker")."""
        fig = self.fig
        a, d = self.cur[s], self.cur[1 - s]
        a.running = False
        if d.cornered and not move.flying:
            dmg = self.prep.objects["Turnbuckle"].damage + a.w.wdb
            words = "crashes into the turnbuckle"
            a.post = "facing"
        else:
            steps = self.launch_steps(a, move)
            if move.dive:  # to the floor: the ring's height too ("any altitude bonus")
                steps = fig.ring_apron_steps + (steps if a.elev else 0)
            dmg = fig.dmg_high_risk + a.w.wdb + steps * fig.dmg_per_step
            words = "crashes and burns"
            a.post = "prone"
        a.elev = 0
        if a.zone != d.zone:
            a.zone, a.home = d.zone, False
            a.backed = False
        self.near = True
        self.adv = 1 - s
        if self.record:
            self.ev("crash", a, (), f"{a.w.sname} misses and {words}! ({dmg} damage)", damage=dmg)
        self.hurt(a, dmg, None)

    def collision(self, s: int) -> None:
        """Both botched: both take 3, and a STA contest decides Advantage."""
        a, d = self.cur[s], self.cur[1 - s]
        dmg = self.fig.dmg_collision
        if self.record:
            tell_collision(self, dmg, a, d)
        self.hurt(a, dmg, None)
        self.hurt(d, dmg, None)
        if self.method is not None:
            return
        a.post = d.post = "prone"
        won, faces = self.contest(a, a.w.STA + self.own(a), d, d.w.STA + self.own(d))
        self.adv = s if won == 0 else 1 - s
        if self.record:
            first = self.cur[self.adv]
            self.ev("contest", first, tuple(faces), f"{first.w.sname} is up first.")

    def telegraph(self, s: int) -> None:
        """The attacker botched and the defender had no answer: the defender becomes the
        attacker, +2 on his next move."""
        a, d = self.cur[s], self.cur[1 - s]
        self.adv = 1 - s
        d.telegraph = self.fig.mod_telegraph
        if self.record:
            tell_telegraphed(self, a, d)

    # ---------------------------------------------------------------------------- pins
    def _break_mods(self, d: Fighter, kind: str, predicament: bool) -> int:
        """The modifier on every way out of a pin for the pinned man ``d``: his own, the
        cover's kind, the covers already made, a predicament."""
        fig = self.fig
        mods = self.own(d)
        if kind == "hook_leg":
            mods += fig.mod_pin["hook_leg"]
        elif kind == "lobster":
            mods += fig.mod_pin["lobster"]
        mods += fig.mod_pin["repeat"] * self.covers
        if predicament:
            mods += fig.mod_pin["predicament"]
        return mods

    def break_targets(
        self, ds: int, *, kind: str = "cover", predicament: bool = False
    ) -> dict[str, int]:
        """The targets of the pinned man's ways out, before dice."""
        fig = self.fig
        a, d = self.cur[1 - ds], self.cur[ds]
        mods = self._break_mods(d, kind, predicament)
        w = d.w
        out: dict[str, int]
        if predicament:
            out = {
                "kick": w.TEC + mods,
                "power": w.STR + fig.mod_hold["str"] + mods,
            }
        else:
            lift = a.w.lift
            out = {
                "power": w.STR + lift + mods,
                "kick": w.TEC + lift + mods,
                "shoulder": w.AGI + lift + mods,
                # A hooked leg bars powering out, kicking out, a shoulder and the ropes (the
                # chapter's list), not a fistful of hair: the hair pull as against a press.
                "hair": w.BRA + self._break_mods(d, "cover", False),
            }
        ropes = fig.ring_ropes.get(d.zone)
        if ropes is not None:
            out["rope"] = w.SAV + w.reach + ropes + mods
        return out

    def surest_break(self, ds: int, *, kind: str = "cover", predicament: bool = False) -> int:
        """The best target among ``break_targets`` other than pulling the hair, worked out
        without them (strategies ask it for every maneuver they weigh)."""
        fig = self.fig
        d = self.cur[ds]
        w = d.w
        if predicament:
            best = max(w.TEC, w.STR + fig.mod_hold["str"])
        else:
            best = max(w.STR, w.TEC, w.AGI) + self.cur[1 - ds].w.lift
        ropes = fig.ring_ropes.get(d.zone)
        if ropes is not None:
            best = max(best, w.SAV + w.reach + ropes)
        return best + self._break_mods(d, kind, predicament)

    def pin_odds(self, ds: int, target: int, dice: int = 3) -> float:
        """The chance the pinned man fails every check (a quick estimate for strategies)."""
        w = self.cur[ds].w
        ok = max(0, min(target, w.botch_from - 1))
        if ok < 1 and self.fig.chk_natural_one:
            ok = 1
        fail = 1.0 - ok / 20.0
        return fail**dice

    def pin(self, s: int, *, kind: str = "cover", free: bool = False, after: Move | None = None):
        """Side ``s`` covers: three simultaneous checks by the pinned man (one after a finisher
        against a Winded man); the failures are the count."""
        fig = self.fig
        rec = self.record
        a, d = self.cur[s], self.cur[1 - s]
        ds = 1 - s
        predicament = kind == "predicament"
        if d.outside and not self.prep.anywhere:
            return
        if self.distracted:
            if rec:
                self.ev("cover", a, (), f"{a.w.sname} covers, but the referee is busy elsewhere!")
            self.covers += 1
            return
        cover_words = COVER_WORDS[kind]
        if rec:
            self.ev("cover", a, (), f"{a.w.sname} {cover_words}!", cover=kind, free=free)
        # A partner may make the save.
        if self.tag and self.try_save(ds):
            self.covers += 1
            return
        if self.method is not None:
            return
        # "Any pinfall following a Finisher": a pin predicament's own among them.
        two_count = after is not None and after.finisher and d.lvl >= 1
        # A screwjob: feet on the ropes, a fistful of tights.
        screw = False
        screw_face = 0
        if not predicament and self.strategy.screwjob(self, s):
            target = a.w.SAV + self.own(a)
            screw_face, g = self.check(a, target)
            a.cheated = True
            if rec:
                tell_screwjob(self, a, screw_face, target, g)
            screw = g >= SUCCESS
        if d.out:
            self.clock += 3 * fig.t_pin_count
            self.pinned(s, after, "out cold")
            return
        if screw:
            checks = a.w.screwjob_checks
            faces = []
            caught = False
            for _ in range(checks):
                face, g = self.check(None, self.prep.referee)
                faces.append(face)
                if g >= SUCCESS and face > screw_face:
                    caught = True
            if rec:
                tell_pin_referee(self, faces, caught)
            if caught:
                self.warn(a, "the screwjob")
                self.covers += 1
                return
            self.screwed = True
            self.clock += 3 * fig.t_pin_count
            self.pinned(s, after, "with the feet on the ropes")
            return
        targets = self.break_targets(ds, kind=kind, predicament=predicament)
        way = self.strategy.pin_escape(self, ds, targets)
        if way not in targets:
            way = max(targets, key=lambda k: (targets[k], k != "hair"))
        target = targets[way]
        n = 1 if two_count else 3
        squeeze = False
        if self.prep.edge:
            cost = self.edge_cost(d, "squeeze", against=after, bra=way == "hair")
            if d.edge >= cost and self.strategy.squeeze(self, ds, target, n):
                self.spend(d, "squeeze count", cost)
                squeeze = True
        botch_from = d.w.botch_from
        rolled: list[int] = []
        grades: list[int] = []
        for _ in range(n + (1 if squeeze else 0)):
            face = self.roll_d20()
            rolled.append(face)
            grades.append(self.grade(face, target, botch_from))
        # A squeeze drops the worst check (the lowest grade, then the highest face: the first).
        worst = -1
        if squeeze:
            worst = 0
            for i in range(1, len(rolled)):
                if grades[i] < grades[worst] or (
                    grades[i] == grades[worst] and rolled[i] > rolled[worst]
                ):
                    worst = i
        successes = aces = botches = failed = 0
        for i in range(len(grades)):
            if i == worst:
                continue
            g = grades[i]
            if g == SUCCESS:
                successes += 1
            elif g == ACE:
                aces += 1
            elif g == BOTCH:
                botches += 1
            if g < SUCCESS:
                failed += 1
        for _ in range(botches):
            if successes:
                successes -= 1
            elif aces:
                aces -= 1
                successes += 1
        broke = successes + aces > 0
        count = (3 - n) + failed
        if broke:
            count = min(count, 2)
        self.clock += count * fig.t_pin_count
        if rec:
            tell_pin(self, broke, count, two_count, d, rolled, way, target, n)
        if way == "hair" and broke:
            self.ref_check(d, "pulling the hair")
            if self.ended():
                return
        if not broke:
            self.pinned(s, after, "")
            return
        self.covers += 1
        self.ap = max(0, self.ap - count)
        if aces:
            self.adv = ds
            if rec:
                self.ev(
                    "advantage", d, (), f"{d.w.sname} explodes out of the cover and takes over!"
                )
            return
        # The attacker may cover again (+2 to break each time) with what Action Points remain:
        # still a pinfall following the maneuver (after a finisher, one die and Edge at double).
        if self.ap > 0 and self.strategy.cover_again(self, s):
            again = self.strategy.cover_kind(self, s, after)
            if again is not None:
                self.reposition(s, again, None, after)

    def pinned(self, s: int, after: Move | None, how: str) -> None:
        self.finish(s, Method.PIN)
        if self.record:
            tell_pinfall(self, s, after, how)

    def try_save(self, ds: int) -> bool:
        """The pinned man's partner runs in to break the count: an attack at -1 for each
        Action Point beyond his AGI bonus it takes to get there. The pinning man's partner may
        block him (a SAV roll to get in, then a reversal)."""
        fig = self.fig
        rec = self.record
        saver = self.partner(ds)
        if saver is None or saver.out or saver.zone != "apron":
            return False
        if not self.strategy.save(self, ds):
            return False
        pinned = self.cur[ds]
        pinner = self.cur[1 - ds]
        need = fig.ring_home.get(pinned.zone, 2) * fig.ap_square + fig.ap_step
        penalty = max(0, need - saver.w.agi_bonus)
        move = self.strategy.save_move(self, ds) or saver.w.move("Stomp")
        target = move.base_skill + self.own(saver) - penalty + saver.w.tag_bonus
        face, grade = self.check(saver, target)
        if rec:
            tell_save(self, saver, face, target, grade, move)
        if grade < SUCCESS:
            return False
        blocker = self.partner(1 - ds)
        if blocker is not None and not blocker.out and self.strategy.block(self, 1 - ds):
            btarget = blocker.w.SAV + self.own(blocker)
            bface, bgrade = self.check(blocker, btarget)
            if rec and bgrade < SUCCESS:
                tell_block(self, blocker, bface, btarget, saver)
            if bgrade >= SUCCESS:
                bmove = self.strategy.save_move(self, 1 - ds) or blocker.w.move("Punch")
                # "A Reversal attempt of the save maneuver": -1 with a maneuver he knows, -2
                # with another, as a counter's.
                btarget = bmove.base_skill + self.own(blocker) + bmove.reversal_mod
                rface, rgrade = self.check(blocker, btarget)
                blocked = rgrade >= SUCCESS and rface > face
                if rec:
                    tell_save_blocked(self, blocker, bface, rface, blocked, btarget, bmove, saver)
                if blocked:
                    dmg = bmove.damage + blocker.w.wdb
                    self.hurt(saver, dmg, blocker)
                    return False
        dmg = move.damage + saver.w.wdb
        self.hurt(pinner, dmg, saver)
        self.warn(saver, "coming in illegally")
        self.distracted = max(self.distracted, 1)
        self.distracted_by = None
        self.two_men = ds
        if rec:
            self.ev("argue", None, (), f"The referee argues {saver.w.mname} out of the ring.")
        return True

    # ---------------------------------------------------------------------------- holds
    def hold_round(self) -> None:
        """A round in a hold (half-length): the holder may let go, try leverage; the held man
        tries to break it, or takes the damage again, and past his TOU must not give up."""
        fig = self.fig
        rec = self.record
        h = self.hold
        if h is None:
            raise ValueError("a hold round without a hold")
        s = h.side
        a, d = self.cur[s], self.cur[1 - s]
        if not self.strategy.keep_hold(self, s, h):
            self.hold = None
            if rec:
                self.ev("release", a, (), f"{a.w.sname} lets go of the {h.move.words}.")
            self.standard_round()
            return
        self.clock += fig.t_half_round
        if (h.move.choke or h.ropes) and h.count < 0 and self.ref_check(a, self.hold_foul(h, d)):
            # Noticed (and warned): "the next round begins counting".
            h.count, h.count_from = 0, self.rounds + 1
            if self.method is not None:
                return
        if not h.leverage and self.strategy.leverage(self, s, h):
            target = a.w.SAV + self.own(a)
            face, grade = self.check(a, target)
            if rec:
                tell_leverage(self, a, face, target, grade)
            if grade >= SUCCESS:
                h.leverage = fig.dmg_leverage
                self.ref_check(a, "using the ropes for leverage")
                if self.method is not None:
                    return
        if d.out:
            self.hold_damage(h, a, d)
            h.rounds += 1
            return
        if d.zone in ("ringside", "corner", "middle") and self.strategy.drag(self, s, h):
            # He drags his man away from the ropes: each point spent is +1 to the next break.
            cost = fig.ap_square + fig.ap_bring_opponent
            if a.w.agi_bonus >= cost:
                d.zone = a.zone = "middle" if d.zone in ("ringside", "corner") else "center"
                a.home = d.home = False
                h.bonus += cost * fig.mod_hold["reposition"]
                if h.ropes:  # out of the ropes: nothing left to count (a choke's count stays)
                    h.ropes = False
                    if not h.move.choke:
                        h.count = -1
                if rec:
                    tell_hold_shift(self, a, d)
        targets = self.hold_targets(s, h)
        way = self.strategy.hold_escape(self, 1 - s, targets, h)
        if way == "reversal":
            rev = self.strategy.reversal(self, 1 - s, h)
            if rev is not None:
                rtarget = self.target(1 - s, rev.move, rev) + rev.move.reversal_mod
                face, grade = self.check(d, rtarget)
                ok = grade >= SUCCESS and face > h.face
                if rec:
                    tell_reversal(self, d, face, ok, rtarget, h, rev)
                if ok:
                    self.hold = None
                    self.adv = 1 - s
                    self.land(1 - s, rev, rev.move, face, grade, rtarget)
                    return
                self.after_failed_break(h, a, d)
                return
            way = max((k for k in targets if k != "reversal"), key=lambda k: targets[k])
        if way not in targets:
            way = max(targets, key=lambda k: targets[k])
        target = targets[way] + h.bonus
        h.bonus = 0
        face, grade = self.check(d, target)
        if rec:
            tell_hold_break(self, way, target, face, d, grade)
        if grade >= SUCCESS:
            if way == "rope" and self.strategy.hold_in_ropes(self, s, h):
                # "Refusing to break a hold within a five count after the opponent has reached
                # the ropes": illegal, and counted once the referee sees it.
                h.ropes = True
                if rec:
                    tell_ropes(self, a, h, d)
                if h.count < 0 and self.ref_check(a, self.hold_foul(h, d)):
                    h.count, h.count_from = 0, self.rounds + 1
                    if self.method is not None:
                        return
                self.after_failed_break(h, a, d)
                return
            self.hold = None
            if grade == ACE:
                self.adv = 1 - s
                if rec:
                    self.ev("advantage", d, (), f"{d.w.sname} turns it around!")
            return
        self.after_failed_break(h, a, d)

    def hold_foul(self, h: Hold, d: Fighter) -> str:
        """What the referee would see in a hold kept on: the choke, or the held man in the
        ropes."""
        if h.move.choke:
            return "the " + h.move.words
        return f"holding on with {d.w.mname} in the ropes"

    def hold_targets(self, s: int, h: Hold) -> dict[str, int]:
        fig = self.fig
        d = self.cur[1 - s]
        w = d.w
        mods = self.own(d) - d.inj.get(h.move.target, 0)
        out = {"tec": w.TEC + mods, "str": w.STR + fig.mod_hold["str"] + mods}
        ropes = fig.ring_ropes.get(d.zone)
        if ropes is not None and not h.ropes:  # (in the ropes already: the holder will not break)
            out["rope"] = w.SAV + w.reach + ropes + mods
        out["reversal"] = -99
        return out

    def after_failed_break(self, h: Hold, a: Fighter, d: Fighter) -> None:
        self.hold_damage(h, a, d)
        if self.method is not None or self.hold is None:
            return
        h.rounds += 1
        if h.move.sleeper and not d.out:
            self.sleeper_check(h, d)
            if self.ended() or d.out:
                return
        if h.intensity > d.w.TOU + self.own(d):
            target = d.w.STA + self.own(d) - d.inj.get(h.move.target, 0)
            face, grade = self.check(d, target)
            if self.record:
                tell_submission_check(self, d, face, target, h, grade)
            if grade < SUCCESS:
                cost = self.edge_cost(d, "hanging_on", against=h.move)
                if self.prep.edge and d.edge >= cost and self.strategy.hanging_on(self, d.side):
                    self.spend(d, "hanging on", cost)
                    return
                self.finish(a.side, Method.SUBMISSION)
                if self.record:
                    tell_submission(self, d, h)

    def hold_damage(self, h: Hold, a: Fighter, d: Fighter) -> None:
        dmg = h.damage + h.leverage
        h.intensity += dmg
        if self.record:
            tell_hold_damage(self, a, dmg, h)
        self.hurt(d, dmg, a)
        if h.resthold:
            self.recover(a, self.fig.dmg_resthold_recovery)

    def sleeper_check(self, h: Hold, d: Fighter) -> None:
        """A sleeper: a TOU roll each round of damage, or he passes out; then the arm drop."""
        w = d.w
        target = w.TOU + self.own(d)
        face, grade = self.check(d, target)
        if self.record:
            tell_sleeper(self, d, face, target, grade, w)
        if grade >= SUCCESS:
            return
        if self.distracted:
            d.out = True
            return
        # The arm drop: three STA checks; three failures and it is over.
        target = w.STA + w.knockout_sta + self.own(d)
        faces = [self.roll_d20() for _ in range(3)]
        drops = sum(1 for f in faces if self.grade(f, target, w.botch_from) < SUCCESS)
        if self.record:
            tell_arm_drop(self, d, faces, target, drops, w)
        if drops == 3:
            self.finish(1 - d.side, Method.KNOCKOUT)

    # ---------------------------------------------------------------------------- the referee
    def warn(self, f: Fighter, why: str) -> None:
        """A warning with no referee's check: the ambush, a screwjob, a save made illegally."""
        if self.prep.no_dq:
            return
        f.warnings += 1
        f.warned = True
        if self.record:
            tell_warning(self, f, why)
        if f.warnings > self.prep.warnings:
            self.disqualify(f, "too many warnings")

    def ref_check(self, f: Fighter, why: str, *, automatic: bool = False, bonus: int = 0) -> bool:
        """An illegal action: the referee makes a Skill check to see it; seen, a warning (or an
        automatic disqualification). Whether he saw it."""
        f.cheated = True
        if self.prep.no_dq:
            return False
        if self.distracted:
            if self.record:
                self.ev("unseen", f, (), f"The referee never sees {why}.")
            return False
        target = self.prep.referee + bonus
        face, grade = self.check(None, target)
        seen = grade >= SUCCESS
        if self.record:
            tell_referee_check(self, face, target, seen, why)
        if not seen:
            return False
        if automatic:
            self.disqualify(f, why)
        else:
            self.warn(f, why)
        return True

    def disqualify(self, f: Fighter, why: str) -> None:
        if self.prep.no_dq:
            return
        self.finish(1 - f.side, Method.DISQUALIFICATION)
        if self.record:
            self.ev("disqualification", f, (), f"{f.w.sname} is disqualified for {why}!")

    def distract(self, s: int) -> None:
        """A manager's trick: distract the referee (his SAV, -1 for each earlier trick)."""
        sav = self.prep.managers[s]
        if sav is None:
            return
        a = self.cur[s]
        target = sav + self.fig.mod_trick * a.tricks
        a.tricks += 1
        face, grade = self.check(None, target)
        ok = grade >= SUCCESS
        if self.record:
            tell_distraction(self, a, face, target, ok)
        if ok:
            self.distracted = self.fig.ref_distraction
            self.distracted_by = s
            self.distractions.append(s)
        else:
            self.ref_check(a, "the manager's distraction")

    def interfere(self, s: int) -> None:
        """The side's ally at ringside jumps the opponent (an automatic disqualification if
        the referee sees it): a chair shot at the manager's skill, two rolls (he is not looking)."""
        fig = self.fig
        ally = self.prep.allies[s]
        d = self.cur[1 - s]
        self.interference.append(s)
        chair = self.prep.objects["Steel Chair"] or self.prep.objects["Boot"]
        target = fig.mgr_sav + (chair.mod or 0)
        f1, f2 = self.roll_d20(), self.roll_d20()
        hit = self.grade(max(f1, f2) if max(f1, f2) <= target else min(f1, f2), target) >= SUCCESS
        dmg = chair.damage + fig.dmg_per_step
        if self.record:
            tell_interference(self, ally, f1, f2, hit, dmg, d, chair)
        if hit:
            d.post = "prone"
            self.hurt(d, dmg, None)
        self.ref_check(
            self.cur[s], "interference from ringside", automatic="interference" in fig.ref_automatic
        )

    # ---------------------------------------------------------------------------- other actions
    def play_to_crowd(self, f: Fighter) -> None:
        """4 Action Points (the chapter), on his feet (ours: he gets up first), in hand: short
        of them he does not (ours: lacking points is a penalty on a check, and this is none)."""
        cost = f.w.cost("play_to_crowd", self.fig.ap_play_to_crowd)
        if self.on_his_feet(f) and cost <= self.ap:
            self.ap -= cost
            f.crowd += 1
            if self.record:
                tell_crowd(self, f)

    def stall(self, f: Fighter, *, after_maneuver: bool = False) -> None:
        """Catch his breath: a half-length round and a STA check to take off the STA bonus.
        In place of the round's maneuver, the round is the stall; after a maneuver that landed
        ("when a wrestler performs a maneuver, he can choose to stall a round"), it is a
        half-length round of its own on top of the maneuver's."""
        target = f.w.STA + self.own(f)
        face, grade = self.check(f, target)
        fig = self.fig
        self.clock += fig.t_half_round if after_maneuver else fig.t_half_round - fig.t_round
        if grade >= SUCCESS:
            self.recover(f, f.w.sta_bonus)
        if self.record:
            tell_stall(self, f, face, target, grade)

    def slow_start_over(self) -> None:
        """The play-by-play: a Slow Starter's first minute is over as this exchange begins."""
        for f in list(self.slow):
            if self.begun >= f.w.early_until:
                self.slow.remove(f)
                skill = f.w.early_skill
                self.ev(
                    "slow_start_over",
                    f,
                    (),
                    f"{f.w.sname} has shaken off {f.w.pronouns.possessive} slow start: no more "
                    f"{skill:+d} on {f.w.pronouns.possessive} checks.",
                    skill=skill,
                )

    def second_wind(self, f: Fighter, cost: int) -> None:
        self.spend(f, "second wind", cost, said=False)
        before = f.dmg
        told = len(self.events)
        self.recover(f, f.w.STA)
        if self.record:
            tell_second_wind(self, f, cost, before, told)

    def edge_cost(
        self,
        f: Fighter,
        what: str,
        *,
        against: Move | None = None,
        bra: bool = False,
        illegal: bool = False,
    ) -> int:
        """Edge prices: a fan favourite's or a rulebreaker's, double against a finisher."""
        cost = f.w.prices.get(what, 99)
        if not f.w.face:
            if what == "seize" and illegal:
                cost = self.fig.edge_heel_seize_illegal
            elif what == "squeeze" and bra:
                cost = self.fig.edge_heel_squeeze_bra
        if against is not None and against.finisher:
            cost *= self.fig.edge_against_finisher
        return cost

    def spend(self, f: Fighter, what: str, cost: int, said: bool = True) -> None:
        """``said``: the play-by-play tells it here (a second wind tells it in its own
        sentence). What costs nothing (an ambush during the opponent's ritual) is neither told
        as Edge spent nor listed in the ledger's reason."""
        if cost == 0:
            return
        f.edge -= cost
        f.spent += cost
        f.spent_on.append(what)
        if self.record and said:
            tell_edge(self, f, cost, what)

    def fire_up(self, f: Fighter) -> None:
        cost = self.fig.edge_face.get("fired_up", 99)
        self.spend(f, "fired up", cost)
        f.fired = self.fig.edge_fired_up_attacks
        if self.record:
            self.ev("fired_up", f, (), f"{f.w.sname} is FIRED UP! The crowd is on its feet!")

    def work_over(self, f: Fighter, part: str) -> None:
        self.spend(f, f"working over the {part_name(part)}", self.edge_cost(f, "working_over"))
        f.working = part

    # ---------------------------------------------------------------------------- tags, cages
    def tag_out(self, s: int, how: str) -> None:
        """Tagging is positioning: in his corner (or beside it), 3 Action Points; the partner
        comes in with what is left (a Blind Tag or a Fake Tag are tricks)."""
        fig = self.fig
        rec = self.record
        a = self.cur[s]
        partner = self.partner(s)
        if partner is None or partner.out:
            return
        if how == "fake_tag":
            move = a.w.move("Fake Tag")
            target = self.target(s, move)
            a.tricks += 1
            a.cheated = True
            face, grade = self.check(a, target)
            if rec:
                tell_fake_tag(self, a, face, target, grade)
            if grade < SUCCESS:
                return
        else:
            if not a.home:
                cost = fig.ring_home[a.zone] * fig.ap_square
                if not self.pay(a, cost):
                    return
                a.zone, a.home = "corner", True
            if not self.pay(a, max(0, a.w.cost("tag", fig.ap_tag) - a.w.tag_bonus)):
                return
        # A Blind Tag is the tagger's trick: its figure his own, reckoned while he is the
        # legal man.
        blind = a.w.move("Blind Tag") if how == "blind_tag" else None
        target = self.target(s, blind) if blind is not None else 0
        self.swap_in(s, a, partner)
        if blind is not None:
            a.tricks += 1
            face, grade = self.check(a, target)
            d = self.cur[1 - s]
            noticed = True
            faces = [face]
            if grade >= SUCCESS:
                nface, ngrade = self.check(d, d.w.SAV + self.own(d))
                faces.append(nface)
                noticed = ngrade >= SUCCESS
                if not noticed:
                    d.surprised = True
            if rec:
                tell_blind_tag(self, partner, faces, noticed, d)

    def swap_in(self, s: int, old: Fighter, new: Fighter) -> None:
        old.in_ring, new.in_ring = False, True
        new.zone, new.home, new.post, new.elev = "corner", True, "facing", 0
        old.zone, old.home, old.elev = "apron", True, 0
        # "Action points spent by the man tagging out are also considered to have been spent
        # by the new legal man": what the tagger lacked is the new man's to make up.
        new.debt, old.debt = old.debt, 0
        self.legal[s] = 1 - self.legal[s]
        self.cur[s] = new
        self.near = False
        if self.record:
            self.ev("tag", new, (), f"{old.w.sname} tags in {new.w.mname}!")

    def linger(self, s: int) -> None:
        """The man side ``s`` tagged out stays in the ring this round: "The two then have a
        five-count to switch places, or else be disqualified" (``tag_five_count``)."""
        old = self.partner(s)
        if old is None:
            return
        self.lingering = s
        if self.record:
            tell_linger(self, old)

    def tag_five_count(self) -> None:
        """The round's end with a man tagged out still in the ring: the referee counts him, 1d6
        (the chapter's "Referee Counts"), and past the limit (``referee.counts.tag``, five)
        disqualifies him; under it, he is out on the apron. Distracted, or in a no-DQ match,
        the referee counts nothing and he slips out."""
        s = self.lingering
        self.lingering = -1
        old = self.partner(s)
        if old is None or self.distracted or self.prep.no_dq:
            return
        face = self.roll_d6()
        limit = self.fig.ref_counts["tag"]
        if self.record:
            tell_tag_count(self, old, face, limit)
        if face > limit:
            past = "a five count" if limit == 5 else f"a count of {limit}"
            self.disqualify(old, f"staying in the ring past {past} after the tag")

    def make_tag(self, s: int, *, lunge: bool = False) -> None:
        a = self.cur[s]
        partner = self.partner(s)
        if partner is None or partner.out:
            return
        self.swap_in(s, a, partner)
        self.adv = s

    def escape(self, s: int) -> None:
        if not self.prep.escape:
            return
        self.finish(s, Method.ESCAPE)
        if self.record:
            tell_escape(self, s)

    def two_men_round(self) -> None:
        """A save leaves a second man in the ring for a round; the side fighting two may take
        on both (-2 a target) or ignore one, who then gets a free attack."""
        side = self.two_men
        if side is None:
            return
        self.two_men = None
        if self.adv == side or self.hold is not None:
            return
        extra = self.partner(side)
        if extra is None or extra.out:
            return
        lone = 1 - side
        choice = self.strategy.two_men(self, lone)
        if choice == "both":
            self.both = lone  # the round's attack is at -2 a target and hits both
            return
        a = self.cur[lone]
        move = self.strategy.save_move(self, side) or extra.w.move("Punch")
        target = move.base_skill + self.own(extra)
        face, grade = self.check(extra, target)
        if self.record:
            tell_free_attack(self, extra, face, target, grade, move)
        if grade >= SUCCESS:
            self.hurt(a, move.damage + extra.w.wdb, extra)
            self.adv = side

    # ---------------------------------------------------------------------------- round's end
    def end_of_round(self) -> None:
        fig = self.fig
        rec = self.record
        self.both = None
        h = self.hold
        if h is not None and h.count >= 0 and self.rounds >= h.count_from:
            self.hold_count(h)
            if self.method is not None:
                return
        for side in range(2):
            f = self.cur[side]
            if f.blind:
                f.blind -= 1
            if f.dizzy:
                f.dizzy -= 1
            if f.out:
                # A man out cold may come to; the referee looks again.
                target = f.w.STA + f.w.knockout_sta + self.own(f)
                face, grade = self.check(f, target)
                if rec:
                    tell_revive(self, f, face, target, grade)
                if grade >= SUCCESS:
                    f.out = False
                else:
                    self.referee_sees_ko(f)
                    if self.method is not None:
                        return
        # A man on the floor who is not the attacker climbs back in with his own AGI bonus.
        d = self.cur[1 - self.adv]
        if (
            d.outside
            and not d.out
            and not self.cur[self.adv].outside
            and self.strategy.return_to_ring(self, d.side)
        ):
            ap = d.w.agi_bonus
            need = self.rise_cost(d)
            if need <= ap:
                ap -= need
                d.post = "facing"
                cost = (2 + (d.zone == "aisle")) * fig.ap_step
                # On his feet already, he climbs in on points he lacks too (-1 each to his next
                # check, as any action); getting up, only with the points left in hand.
                short = cost - ap if cost > ap else 0
                if short == 0 or (need == 0 and d.debt + short <= fig.ap_max_debt):
                    d.debt += short * fig.ap_short_penalty
                    d.zone = "ringside"
                    d.home = False
                    self.near = self.cur[self.adv].zone == "ringside"
                    if rec:
                        self.ev("position", d, (), f"{d.w.sname} climbs back into the ring.")
            elif need:
                d.post = "kneeling" if d.fallen else "facing"
        if self.lingering >= 0:
            self.tag_five_count()
            if self.method is not None:
                return
        self.referee_count()
        # A distraction lasts to the end of its rounds (``referee.distraction``): the counts
        # above were made with the referee's back still turned.
        if self.distracted:
            self.distracted -= 1

    def hold_count(self, h: Hold) -> None:
        """A choke, or a hold kept on in the ropes, that the referee has noticed: 1d6 a round on
        his count; past the limit (a five count: ``referee.counts``), an automatic
        disqualification (``referee.automatic``), else a warning and he counts again.
        Distracted, he counts nothing."""
        if self.distracted or self.prep.no_dq:
            return
        fig = self.fig
        a = self.cur[h.side]
        face = self.roll_d6()
        h.count += face
        foul = "choke" if h.move.choke else "ropes"
        if self.record:
            tell_count(self, h, face)
        limit = fig.ref_counts[foul]
        if h.count > limit:
            past = "a five count" if limit == 5 else f"a count of {limit}"
            if h.move.choke:
                why = f"choking past {past}"
            else:
                why = f"not breaking the hold in the ropes past {past}"
            if foul in fig.ref_automatic:
                self.disqualify(a, why)
            else:
                self.warn(a, why)
                h.count, h.count_from = 0, self.rounds + 1

    def referee_count(self) -> None:
        """Men outside the ring: the referee counts, 1d6 a round, past 20 they are counted out."""
        cur = self.cur
        a, b = cur[0], cur[1]
        a_out, b_out = a.outside, b.outside
        if not a_out and not b_out:
            self.count = None
            return
        if self.prep.no_count_out:
            self.count = None
            return
        if self.distracted:
            return  # his back is turned: the count waits where it stands
        if self.count is None:
            self.count = 0
            if self.record:
                self.ev("count", None, (), "The referee starts the count.")
            return
        face = self.roll_d6()
        self.count += face
        limit = self.fig.ref_counts["outside"]
        if self.record:
            self.ev(
                "count", None, (face,), f"The count is at {numeral(self.count)}.", count=self.count
            )
        if self.count > limit:
            if a_out and b_out:
                self.finish(None, Method.DOUBLE_COUNT_OUT)
                text = f"Neither {either_of(a, b)} makes it back in: a double count-out!"
            else:
                out = a if a_out else b
                self.finish(1 - out.side, Method.COUNT_OUT)
                text = f"{out.w.sname} is counted out!"
            if self.record:
                self.ev("count_out", None, (), text)

    def result(self, seed: int | None = None) -> MatchResult:
        """The finished match's result (``rules.arm.result``)."""
        return results.result(self, seed)


def seizes_illegally(answer: Plan | None) -> bool:
    """Whether the maneuver a man seizes the initiative with (``answer``) is an illegal one."""
    return answer is not None and answer.move is not None and answer.move.illegal


def _action(action: Any) -> tuple[str, Any]:
    """A positioning action as its name and argument: ``"stall"`` or ``("lift", "facing")``."""
    if isinstance(action, tuple):
        return action[0], action[1]
    return action, None


def run(
    prep: Prepared,
    dice: Dice,
    strategy: ArmStrategy,
    *,
    record: bool = True,
    seed: int | None = None,
) -> MatchResult:
    m = Match(prep, dice, strategy, record)
    m.play()
    return settle_draw(m, m.result(seed), seed)


def settle_draw(m: Match, result: MatchResult, seed: int | None = None) -> MatchResult:
    """``result`` of the match ``m``; drawn in a tournament match, settled by sudden death on
    the match's dice (``rules.core.tournament.settle``)."""
    prep = m.prep
    fall = prep.sudden_death
    if fall is None or result.winner is not None:
        return result
    dice, strategy, record = m.dice, m.strategy, m.record
    return settle(
        result,
        prep.spec,
        sudden_death=lambda: run(fall, dice, strategy, record=record, seed=seed),
        roll_off=lambda side: _roll_off(dice),
        length=SUDDEN_DEATH,
        unit="rounds",
        roll_words="a d20 each",
        record=record,
    )


def _roll_off(dice: Dice) -> tuple[tuple[int, ...], int]:
    """A side's roll in the referee's roll-off: a d20."""
    face = dice.d20()
    return (face,), face
