"""Every choice the ARM rules give a wrestler, asked of a strategy object.

Subclass ``ArmStrategy`` (or ``DefaultStrategy``) and override what you want. Each method gets
the live match (read it, never change it) and the side deciding; the engine checks what comes
back (a maneuver that cannot be done from where the men are is not tried).

``ArmStrategy`` takes the plain course: no ambush, the SAV contest, the first maneuver of the
arsenal that fits, a lateral press whenever the opponent is down and there is a point left, no
counters, no Edge, no cheating. ``DefaultStrategy`` plays sensibly (see its docstring).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from mypy_extensions import i64, mypyc_attr

from rules.arm.compile import POSTURE_BIT, Move
from rules.arm.engine import Match, seizes_illegally
from rules.arm.state import ACE, CATEGORY, Fighter, Hold, Plan
from rules.core.decisions import Strategy

#: The decisions ``DefaultStrategy`` remembers, as the first field of their situation.
K_PLAN: Final = 1
K_RESPOND: Final = 2
K_COUNTER: Final = 3
K_CHAIN: Final = 4
K_FOLLOW_UP: Final = 5


#: Compiled (mypyc), a situation packs into four integers (``_situation``); interpreted, its
#: wide tuple (``_wide_situation``) is the quicker key, and ``_situation`` leaves it at that.
PACKED: Final = not __file__.endswith(".py")

#: What ``_recall`` answers for a situation not decided yet.
NOT_DECIDED: Final = object()


#: The most of a worn man's room (``room``) the default strategy reads.
ROOM_CAP: Final = 16


def room(f: Fighter) -> int:
    """Battered or worse, the damage he can still take before the final StunTrack value (0 to
    ``ROOM_CAP``); fresher, ``ROOM_CAP``: what the default strategy knows of his own damage
    beyond his weardown level (whether a desperate finisher would knock him out)."""
    if f.lvl < 3:
        return ROOM_CAP
    left = f.w.final - f.dmg
    return ROOM_CAP if left > ROOM_CAP else (left if left > 0 else 0)


def p_check(target: int, botch_from: int = 20) -> float:
    """The chance a d20 comes up at or under ``target`` without a Botch (a 1 always does)."""
    ok = target if target < botch_from else botch_from - 1
    return ok / 20.0 if ok >= 1 else 0.05


@mypyc_attr(allow_interpreted_subclasses=True)
class ArmStrategy(Strategy):
    """The decision points, with the plain answer to each."""

    def ambush(self, match: Match, side: int) -> bool:
        """Before the bell: jump the opponent (automatic Advantage, an unopposed first attack,
        a referee warning, an Edge point unless he is in his ritual)?"""
        return False

    def opening(self, match: Match, side: int) -> str:
        """How this wrestler wants to start: "sav" (the contest), "cet" (collar-elbow tie-up,
        STR or TEC) or "strength" (a test of strength, STR and Reach). A C.E.T. asked for by
        either man is what happens."""
        return "sav"

    def plan(self, match: Match, side: int) -> Plan:
        """The attacker's round: positioning actions and a maneuver."""
        a = match.cur[side]
        if a.outside and not match.cur[1 - side].outside:
            return Plan(actions=("enter",))
        actions: list[Any] = []
        if not a.standing:
            actions.append("stand")
        if not match.near:
            actions.append("approach")
        for move in (*a.w.moves, *_basics(match, side)):
            if fits(match, side, move, assume_near=True, assume_standing=True):
                return Plan(move=move, actions=tuple(actions))
        return Plan(actions=("reset",))

    def seize(self, match: Match, side: int, plan: Plan) -> bool:
        """Spend Edge to take Advantage once the attacker has positioned himself?"""
        return False

    def respond(self, match: Match, side: int) -> Plan | None:
        """The defender's maneuver when the attacker misses (from where he is, no positioning);
        None: he only takes Advantage."""
        for move in match.cur[side].w.moves:
            if match.feasible(side, move):
                return Plan(move=move)
        return None

    def counter(self, match: Match, side: int, move: Move) -> Plan | None:
        """Declare a counter (a Defense or a Reversal) against the attacker's maneuver?"""
        return None

    def after_standoff(self, match: Match, side: int, plan: Plan) -> Plan | None:
        """After a standoff: another maneuver (None: the same again)."""
        return None

    def chain(self, match: Match, side: int, move: Move, chained: int) -> Plan | None:
        """After a BRA strike lands: another BRA strike in the same round (+2)?"""
        return None

    def resthold(self, match: Match, side: int, move: Move) -> bool:
        """Apply this Level 0-1 hold as a resthold (-1 damage, recover 1 a round)?"""
        return False

    def follow_up(self, match: Match, side: int, move: Move) -> Sequence[Any]:
        """After a success, with the damage as Action Points: repositioning, a cover, playing
        to the crowd, a stall, a tag."""
        d = match.cur[1 - side]
        if d.fallen and match.ap >= 1:
            return ("cover",)
        return ()

    def cover_again(self, match: Match, side: int) -> bool:
        """After a kick-out, cover again with the points left (+2 to break each time)?"""
        return False

    def cover_kind(self, match: Match, side: int, after: Move | None) -> str | None:
        return "cover" if match.ap >= 1 else None

    def second_wind(self, match: Match, side: int, fighter: Fighter) -> bool:
        return False

    def pin_escape(self, match: Match, side: int, targets: dict[str, int]) -> str:
        """Which way out of a pin: power, kick, shoulder, hair (illegal) or rope."""
        legal = {k: v for k, v in targets.items() if k != "hair"}
        return max(legal, key=lambda k: legal[k])

    def squeeze(self, match: Match, side: int, target: int, dice: int) -> bool:
        """Spend Edge on a squeeze count (an extra die, the worst ignored)?"""
        return False

    def screwjob(self, match: Match, side: int) -> bool:
        """Put the feet on the ropes while pinning?"""
        return False

    def save(self, match: Match, side: int) -> bool:
        """Run in to break up the pin on the partner?"""
        return False

    def save_move(self, match: Match, side: int):
        return None

    def block(self, match: Match, side: int) -> bool:
        """Cut off the other team's save?"""
        return False

    def linger(self, match: Match, side: int) -> bool:
        """Side ``side`` has just tagged (``match.partner(side)`` is the man tagged out): does
        he stay in the ring this round, to join the new man's attack, on the referee's
        five-count to switch places (past five, disqualified)?"""
        return False

    def keep_hold(self, match: Match, side: int, hold: Hold) -> bool:
        """Keep the hold on this round?"""
        return hold.rounds < 3

    def leverage(self, match: Match, side: int, hold: Hold) -> bool:
        return False

    def hold_in_ropes(self, match: Match, side: int, hold: Hold) -> bool:
        """The held man has reached the ropes: keep the hold on anyway (illegal: the referee
        counts, and past five disqualifies)?"""
        return False

    def drag(self, match: Match, side: int, hold: Hold) -> bool:
        """Spend the AGI bonus dragging the held man away from the ropes (+1 to his next
        break for each point)?"""
        return False

    def hold_escape(self, match: Match, side: int, targets: dict[str, int], hold: Hold) -> str:
        """How to break a hold: tec, str, rope or reversal."""
        legal = {k: v for k, v in targets.items() if k != "reversal"}
        return max(legal, key=lambda k: legal[k])

    def reversal(self, match: Match, side: int, hold: Hold) -> Plan | None:
        return None

    def hanging_on(self, match: Match, side: int) -> bool:
        return False

    def two_men(self, match: Match, side: int) -> str:
        """Facing both men of a team: "both" (-2 a target) or "one" (the other gets a free
        attack)."""
        return "one"

    def return_to_ring(self, match: Match, side: int) -> bool:
        return True

    def interfere(self, match: Match, side: int) -> bool:
        """Does this side's ally at ringside jump in while the referee is distracted?"""
        return False

    def fire_up(self, match: Match, side: int) -> bool:
        return False

    def work_over(self, match: Match, side: int) -> str | None:
        """A body part to work over (Edge: Injury checks on every attack to it), or None."""
        return None


# --------------------------------------------------------------------------------------------
# shared reckoning


#: Positioning steps the strategy plans often, made once. (Typed as tuples of any length: the
#: compiled module keeps a fixed-length one unboxed and would make it again at each use.)
STAND: Final[tuple[str, ...]] = ("stand",)
CLIMB_TOP: Final[tuple[object, ...]] = ("climb", 3)
LIFT_FACING: Final[tuple[str, ...]] = ("lift", "facing")
#: The arrangements ``DefaultStrategy._arrangement`` plans most (steps that move the opponent).
TO_THE_TOP: Final[tuple[object, ...]] = (CLIMB_TOP,)
LIFTED: Final[tuple[object, ...]] = (LIFT_FACING,)
LIFTED_BEHIND: Final[tuple[object, ...]] = (LIFT_FACING, "behind")
WHIPPED: Final[tuple[str, ...]] = ("whip",)
TURNED: Final[tuple[str, ...]] = ("turn",)
#: The cost ``setup`` and ``_arrangement`` give when it cannot be done.
CANNOT: Final = -1
#: Postures as the bits of ``Move.needs_mask`` and ``Move.usable_mask`` (``POSTURE_BIT``).
FACING: Final[int] = POSTURE_BIT["facing"]
BEHIND: Final[int] = POSTURE_BIT["behind"]
BENT: Final[int] = POSTURE_BIT["bent"]
DOWN: Final[int] = POSTURE_BIT["prone"] | POSTURE_BIT["facedown"]


def _basics(match: Match, side: int) -> tuple[Move, ...]:
    w = match.cur[side].w
    key = ("basics", w.id)
    cached = match.prep.memo.get(key)
    if cached is None:
        moves = [w.move(name) for name in match.prep.tables.maneuvers.basics]
        # (A finisher that is a basic, an elbow drop say, waits for its moment: ``_moves``.)
        cached = tuple(m for m in moves if m is not None and not m.finisher)
        match.prep.memo[key] = cached
    return cached


#: What anyone drives a man into something with (improvised when not in his arsenal), when
#: there is something better than a turnbuckle at hand: the chapter's targets for "moves like
#: Irish Whip, Head Slam, or Toss".
BRAWL: Final = ("Irish Whip", "Head Slam")


def _brawl(match: Match, side: int) -> tuple[Move, ...]:
    """The maneuvers of ``BRAWL`` that are not in his arsenal, his improvised way."""
    w = match.cur[side].w
    key = ("brawl", w.id)
    cached = match.prep.memo.get(key)
    if cached is None:
        moves = [w.move(name) for name in BRAWL]
        cached = tuple(m for m in moves if m is not None and not m.known)
        match.prep.memo[key] = cached
    return cached


def something_at_hand(match: Match, side: int) -> bool:
    """Whether there is more than a turnbuckle to drive the opponent into: he is on the floor
    (the ring steps, the railing, or an external cage's wall), or the cage is flush with the
    ring (an internal cage, where every whip is into the cage)."""
    return match.cur[1 - side].zone == "floor" or match.prep.internal_cage


def impact_damage(match: Match, d: Fighter) -> int:
    """What being driven into something adds against ``d`` where he is (``Match.impact_object``:
    the cage, on the floor the steps or the railing, else the turnbuckle), as the situation
    knows it (the steps and the railing on average, rounded down)."""
    prep = match.prep
    objects = prep.objects
    if prep.cage and (prep.internal_cage or d.zone == "floor"):
        return prep.cage
    if d.zone == "floor":
        return (objects["Ring Steps"].damage + objects["Railing"].damage) // 2
    return objects["Turnbuckle"].damage


def fits(match: Match, side: int, move: Move, *, assume_near=False, assume_standing=False) -> bool:
    """Whether ``move`` suits the men's positions, allowing the attacker to close in or get up."""
    a, d = match.cur[side], match.cur[1 - side]
    if move.defense or move.trick or move.double:  # (a double team takes a partner)
        return False
    if assume_standing:
        if "facing" not in move.usable_from:
            return False
    elif not move.usable_mask & a.posture_bit():
        return False
    if move.needs_floor:
        return d.zone == "floor" and not a.outside
    if (d.outside or a.outside) and d.zone != a.zone:
        return False
    if move.super:  # (it needs him up on the turnbuckle)
        return d.elev > 0
    if d.elev:
        return move.strike_kind in ("strike", "kick") or move.knockdown
    if not move.needs_mask & d.posture_bit():
        return False
    if move.flying and d.zone == "corner":
        return False
    if move.object and not a.w.objects:
        return False
    return assume_near or match.near or move.flying or move.springboard


def setup(match: Match, side: int, move: Move) -> tuple[int, tuple]:
    """The attacker's own positioning for ``move`` now: (Action Points, actions); the points
    ``CANNOT`` when the opponent would have to be moved first. (A pair, not an optional one:
    the compiled module passes it without making a tuple.)"""
    fig = match.fig
    a, d = match.cur[side], match.cur[1 - side]
    if a.out or move.defense or move.trick or move.double:  # (a double team takes a partner)
        return CANNOT, ()
    cost = 0
    # (A tuple grown as needed: most maneuvers need no positioning at all.)
    actions: tuple = ()
    if not move.usable_mask & a.posture_bit():  # (his posture is not among usable_from)
        if not move.usable_mask & FACING:
            return CANNOT, ()
        cost += match.rise_cost(a)
        actions = STAND
    if move.needs_floor:
        if d.zone != "floor" or a.outside or match.prep.internal_cage:
            return CANNOT, ()
        if a.zone not in ("ringside", "corner", "apron"):
            cost += match.distance(a.zone, "ringside") * fig.ap_square
            actions = (*actions, "ringside")
        return cost, actions
    if a.outside and not d.outside:
        return CANNOT, ()
    if d.outside and not a.outside:
        cost += (2 + (d.zone == "aisle")) * fig.ap_step
        actions = (*actions, "exit")
        near = True
    else:
        near = match.near
    if move.super or d.elev:  # (super: it needs him up on the turnbuckle)
        if not d.elev:
            return CANNOT, ()
        if not move.super and not (move.strike_kind in ("strike", "kick") or move.knockdown):
            return CANNOT, ()
        if not near:
            actions = ("approach", *actions)
            cost += match.distance(a.zone, d.zone) * fig.ap_square + a.elev * fig.ap_climb
        return cost, actions
    if not move.needs_mask & d.posture_bit():  # (his posture is not among needs)
        if move.needs_mask & BEHIND and d.post == "facing":
            cost += fig.ap_shift_within
            actions = (*actions, "behind")
        else:
            return CANNOT, ()
    if move.flying:
        if d.zone == "corner":
            return CANNOT, ()
        if not a.elev:
            if a.zone != "corner":
                cost += match.distance(a.zone, "corner") * fig.ap_square
                actions = (*actions, "corner")
            cost += a.w.cost("climb", 3 * fig.ap_climb)
            actions = (*actions, CLIMB_TOP)
        return cost, actions
    if move.springboard:
        if a.zone not in ("ringside", "corner", "apron"):
            cost += match.distance(a.zone, "ringside") * fig.ap_square
            actions = (*actions, "ringside")
        return cost, actions
    if move.object and not a.w.objects:
        return CANNOT, ()
    if not near:
        actions = ("approach", *actions)
        cost += match.distance(a.zone, d.zone) * fig.ap_square + a.elev * fig.ap_climb
    return cost, actions


@mypyc_attr(allow_interpreted_subclasses=True)
class DefaultStrategy(ArmStrategy):
    """Plays sensibly:

    - opens with a test of strength when STR + Reach beats SAV by 3 and is the surest contest
      against the opponent, else with a C.E.T. when STR or TEC beats SAV by 3 and the
      opponent's; heels with plenty of Edge (5 or more) ambush a fan favourite, or anyone in
      his ritual;
    - reads the match as a wrestler in the ring sees it, not the injuries by body part nor the
      damage within a weardown level (``docs/rules/arm.md``, "The default strategy"): the
      engine still applies both to every check and blow;
    - each round picks the maneuver with the best expected worth from the arsenal (plus the
      basics anyone can improvise when nothing fits): the chance of success times the damage,
      with a large bonus for what could end the match (the finisher, a pin predicament, a hold
      against a worn man) and a cost for a high-risk crash or a referee's warning; the finisher
      comes when its chance is decent, usually once the opponent is Tired;
    - throws a man at the ropes over the top rope with a knockdown or a throw when the fall
      (10 + his WDB) is worth the referee's check, and whips him into the ropes to do it; drives
      a man into the steps, the railing or the cage (an Irish Whip, a Head Slam, improvised if
      need be) when one is at hand; with the man on the floor and the referee counting, waits
      in the ring (a fan favourite dives if he can), without count-outs follows him out, and
      beats a count of 10 back in;
    - after a success: covers when the pin has a fair chance (always after a finisher that
      leaves him down where a fall counts: no strike is chained after a finisher),
      hooking a leg or both as the points allow (lateral presses only when Arrogant), plays to
      the crowd when the points are plenty (twice a match at most), stalls when more worn than
      the opponent, otherwise sets the opponent up for the next maneuver it wants;
    - chains BRA strikes while the next has a good chance; counters finishers and high-risk
      moves when a defense has a fair chance; lunge-tags out when worn;
    - breaks pins and holds the surest way (a heel pulls the hair when it is much surer);
      spends Edge on a squeeze when the pin is likely, hangs on in a submission, takes a second
      wind when Battered, fires up (fan favourites, 6 Edge), works over the finisher's target;
    - rulebreakers cheat when the referee is distracted (illegal maneuvers, foreign objects, a
      screwjob, the ally), send their manager to distract him at the right moment, and avoid
      illegal moves on the brink of disqualification; fan favourites only throw closed fists
      (and men over the top rope until first warned).
    """

    #: The worth of ending the match, in points of damage.
    FINISH = 25.0
    COVER_AT = 0.2
    #: The most decisions remembered for one prepared match (odds replay thousands of matches).
    #: A fuller memory costs more than it saves: past this, a new situation is seldom met again
    #: in a run, while the table outgrows the processor's caches (bench/README.md, "A smaller
    #: memory").
    MEMO_LIMIT = 65_000

    # Every decision below is a function of the situation (``_situation``) alone, so it is worked
    # out once per situation and remembered on the prepared match: odds replay the same
    # situations thousands of times. (Keep ``_situation`` complete, and ``_wide_situation`` in
    # step with it: a decision reading anything they leave out would be remembered wrongly, as
    # the corpus's audit finds, ``tests/rules/test_arm_corpus.py``. And keep it small: each
    # thing it holds multiplies the situations a run must work out.)

    def _situation(
        self, match: Match, side: int, kind: int, x: int = 0, y: int = 0, z: int = 0
    ) -> tuple[i64, i64, i64, i64]:
        """The situation as the memo's key: the decision (``kind``, one of the ``K_`` codes) and
        up to three of its own arguments (small integers: a maneuver by its ``code``),
        then what the deciding man (``side``) sees.

        Built a few times a round, so packed into four integers: the counts in 6-bit fields
        (offset by 16: -16 to 47), strings by their codes (``compile.code``,
        ``Fighter.codes``) in 6-bit (postures, zones) or 10-bit fields, yes-or-no in single
        bits. A value outside its field (none of the shipped figures comes near) gives
        ``(-1, 0, 0, 0)``: the situation is then remembered by its wide key
        (``_wide_situation``), so two situations never share a memory. (So it is, always,
        when the module is not compiled: ``PACKED``.)"""
        if not PACKED:
            return (-1, 0, 0, 0)
        cur = match.cur
        a = cur[side]
        d = cur[1 - side]
        aw = a.w
        lvl = d.lvl
        s0: i64 = i64(a.id) + 16
        s1: i64 = i64(d.id) + 16
        s2: i64 = i64(match.ap) + 16
        s3: i64 = i64(a.lvl) + 16
        s4: i64 = i64(lvl) + 16
        s5: i64 = i64(a.pen) + 16
        s6: i64 = i64(d.pen) + 16
        s7: i64 = i64(a.elev) + 16
        s8: i64 = i64(d.elev) + 16
        s9: i64 = i64(a.repeat) + 16
        s10: i64 = i64(a.warnings) + 16
        s11: i64 = i64(a.telegraph) + 16
        s12: i64 = i64(a.fired) + 16
        s13: i64 = i64(a.tricks) + 16
        s14: i64 = i64(a.debt) + 16
        s15: i64 = i64(room(a)) + 16
        s16: i64 = i64(match.covers) + 16
        s17: i64 = i64(z) + 16
        p0: i64 = 16
        p1: i64 = 16
        outs: i64 = 0
        if match.tag:
            mine, theirs = match.partner(side), match.partner(1 - side)
            p0 = i64(mine.lvl) + 16
            p1 = i64(theirs.lvl) + 16
            outs = (1 if mine.out else 0) | (2 if theirs.out else 0)
        counts: i64 = s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7 | s8 | s9 | s10 | s11 | s12 | s13
        counts |= s14 | s15 | s16 | s17 | p0 | p1
        mine_codes: i64 = a.codes()  # posture, zone, last maneuver: 22 bits
        his_codes: i64 = d.codes()
        xx: i64 = x
        d_last: i64 = 1 if aw.short_temper and self._fouled(match, side) else 0
        k: i64 = kind
        yy: i64 = y
        if counts >> 6 or mine_codes < 0 or his_codes < 0 or xx >> 10 or k >> 3 or yy >> 1:
            return (-1, 0, 0, 0)
        flags: i64 = outs
        if match.near:
            flags |= 4
        if a.home:
            flags |= 8
        if a.running:
            flags |= 16
        if a.backed:
            flags |= 1 << 59
        if d.backed:
            flags |= 1 << 60
        if d.whipped:
            flags |= 32
        if a.last_ok:
            flags |= 64
        if a.warned:
            flags |= 128
        if a.out:
            flags |= 256
        if d.out:
            flags |= 512
        if d.blind > 0 or d.dizzy > 0 or d.surprised:
            flags |= 1024
        if match.distracted > 0:
            flags |= 2048
        if match.begun < aw.early_until:
            flags |= 4096
        if match.begun < d.w.early_until:  # (his own checks, and his opponent's: ``own``)
            flags |= 16384
        both = match.both  # (``match.attacks_both(side)``, inline)
        if both is not None and both == side:
            flags |= 8192
        crowd: i64 = a.crowd
        if crowd > 2:
            crowd = 2
        flourishes: i64 = a.flourishes
        if flourishes > 2:
            flourishes = 2
        count = match.count
        counted: i64 = 0
        if count is not None:
            counted = 3 if count >= 12 else (2 if count >= 10 else 1)
        lingering: i64 = 1 if match.lingering == side else 0
        return (
            s0
            | s1 << 6
            | s2 << 12
            | s3 << 18
            | s4 << 24
            | s5 << 30
            | s6 << 36
            | s7 << 42
            | s8 << 48
            | s9 << 54,
            s10
            | s11 << 6
            | s12 << 12
            | s13 << 18
            | s14 << 24
            | s15 << 30
            | s16 << 36
            | s17 << 42
            | p0 << 48
            | p1 << 54,
            flags
            | crowd << 15
            | flourishes << 17
            | counted << 19
            | k << 21
            | yy << 24
            | mine_codes << 25
            | (his_codes & 4095) << 47
            | lingering << 59,
            xx | d_last << 10,
        )

    def _wide_situation(self, match: Match, side: int, kind: int, x: int, y: int, z: int) -> tuple:
        """The whole situation as one flat tuple: the key when a value will not pack, and
        always when the module is not compiled (``PACKED``)."""
        cur = match.cur
        a = cur[side]
        d = cur[1 - side]
        aw = a.w
        lvl = d.lvl
        count = match.count
        crowd = a.crowd
        flourishes = a.flourishes
        partners: tuple = ()
        if match.tag:
            mine, theirs = match.partner(side), match.partner(1 - side)
            partners = (mine.lvl, mine.out, theirs.lvl, theirs.out)
        return (
            kind,
            x,
            y,
            z,
            a.id,
            d.id,
            match.ap,
            a.lvl,
            lvl,
            a.pen,
            d.pen,
            a.code_post,  # (his posture, zone and last maneuver by their codes: plain numbers)
            d.code_post,
            a.code_zone,
            d.code_zone,
            a.elev,
            d.elev,
            match.near,
            a.home,
            a.running,
            d.whipped,
            a.backed,
            d.backed,
            a.code_last,
            a.repeat,
            a.last_ok,
            a.warnings,
            a.warned,
            a.telegraph,
            a.fired,
            a.tricks,
            a.debt,
            a.out,
            d.out,
            d.blind > 0 or d.dizzy > 0 or d.surprised,
            match.distracted > 0,
            room(a),
            match.begun < aw.early_until,
            match.begun < d.w.early_until,
            crowd if crowd < 2 else 2,
            flourishes if flourishes < 2 else 2,
            match.covers,
            None if count is None else (count >= 10) + (count >= 12),
            match.attacks_both(side),
            partners,
            aw.short_temper and self._fouled(match, side),
            match.lingering == side,
        )

    # Each decision asks ``_recall`` for what it decided before in the same situation, and
    # keeps what it works out with ``_keep``. A packed situation is remembered in the
    # prepared match's ``Memory``, a table placed by the integer mixed from its four (``_mix``)
    # with the four alongside, so two situations that mix alike are told apart; a wide one in
    # ``Prepared.memo``.

    def _recall(
        self,
        match: Match,
        side: int,
        seen: tuple[i64, i64, i64, i64],
        kind: int,
        x: int = 0,
        y: int = 0,
        z: int = 0,
    ) -> Any:
        """What was decided before in the situation ``seen`` (``_situation``), or
        ``NOT_DECIDED``."""
        w0, w1, w2, w3 = seen
        if w0 < 0:
            return match.prep.memo.get(
                self._wide_situation(match, side, kind, x, y, z), NOT_DECIDED
            )
        return match.prep.memory.recall(w0, w1, w2, w3, NOT_DECIDED)

    def remembered_by(
        self, match: Match, side: int, kind: int, x: int = 0, y: int = 0, z: int = 0
    ) -> object:
        """What a decision in this situation is remembered by: its four packed integers, or
        its wide tuple."""
        seen = self._situation(match, side, kind, x, y, z)
        return seen if seen[0] >= 0 else self._wide_situation(match, side, kind, x, y, z)

    def _keep(
        self,
        match: Match,
        side: int,
        seen: tuple[i64, i64, i64, i64],
        found: Any,
        kind: int,
        x: int = 0,
        y: int = 0,
        z: int = 0,
    ) -> Any:
        prep = match.prep
        memo = prep.memo
        memory = prep.memory
        if len(memo) + memory.filled < self.MEMO_LIMIT:
            w0, w1, w2, w3 = seen
            if w0 < 0:
                memo[self._wide_situation(match, side, kind, x, y, z)] = found
            else:
                memory.keep(w0, w1, w2, w3, found)
        return found

    # ---------------------------------------------------------------------------- start
    def ambush(self, match: Match, side: int) -> bool:
        a, d = match.cur[side], match.cur[1 - side]
        if a.w.face:
            return False
        return d.w.ambush_free or (a.edge >= 5 and d.w.face)

    def opening(self, match: Match, side: int) -> str:
        a, d = match.cur[side], match.cur[1 - side]
        mine = max(a.w.attr["STR"], a.w.attr["TEC"])
        theirs = max(d.w.attr["STR"], d.w.attr["TEC"])
        # A test of strength is the C.E.T. on STR alone, with each man's Reach (the chapter):
        # asked for when it beats his SAV by 3 as a tie-up must, and is a surer contest for
        # him than both the tie-up and the SAV contest (by the margin over the other man).
        strength = a.w.attr["STR"] + a.w.reach
        margin = strength - (d.w.attr["STR"] + d.w.reach)
        if (
            strength >= a.w.attr["SAV"] + 3
            and margin > 0
            and margin > mine - theirs
            and margin > a.w.attr["SAV"] - d.w.attr["SAV"]
        ):
            return "strength"
        if mine >= a.w.attr["SAV"] + 3 and mine > theirs:
            return "cet"
        return "sav"

    # ---------------------------------------------------------------------------- the round
    def plan(self, match: Match, side: int) -> Plan:
        seen = self._situation(match, side, K_PLAN)
        found = self._recall(match, side, seen, K_PLAN)
        if found is NOT_DECIDED:
            found = self._keep(match, side, seen, self._plan(match, side), K_PLAN)
        return found

    def _plan(self, match: Match, side: int) -> Plan:
        a, d = match.cur[side], match.cur[1 - side]
        prep = match.prep
        # Escape the cage when the door is within reach.
        if prep.escape and a.zone in ("ringside", "corner") and match.ap >= match.escape_cost:
            return Plan(actions=("escape",))
        if a.outside and not d.outside:
            # A coward runs down the referee's count: a walk up the aisle while it is young, a
            # breather till 12. Where nothing is counted (no count-outs, a cage) there is
            # nothing to run down, and he comes back in.
            if a.w.coward and not prep.no_count_out:
                if a.zone == "floor" and (match.count or 0) < 10:
                    return Plan(actions=("aisle", "stall"))
                if (match.count or 0) < 12:
                    return Plan(actions=("stall",))
            return Plan(actions=("enter",))
        counted = not prep.no_count_out and match.count is not None
        if counted and a.outside and d.outside and (match.count or 0) >= 10:
            # Both men on the floor and the count at 10: he beats it back into the ring.
            return Plan(actions=("enter",))
        if counted and d.outside and not a.outside:
            # The opponent is on the floor and the referee counting: he stays in the ring and
            # catches his breath while the count runs (a fan favourite waits for him to come
            # back, a rulebreaker hopes he won't); a fan favourite dives onto him if he can.
            if a.w.face and (match.count or 0) < 10:
                best = self._best(match, side, allow_setup=True)
                if best is not None and best[1].move is not None and best[1].move.dive:
                    return best[1]
            return Plan(actions=("stall",))
        # A worn man tags out: a fake tag when his corner is out of reach, a blind tag when
        # the trick is likely, else a plain tag.
        if match.tag and self._should_tag(match, side):
            return Plan(actions=self._how_to_tag(match, side))
        # A coward rolls out to regroup, where the referee would count him.
        if (
            a.w.coward
            and a.lvl >= 3
            and d.lvl < a.lvl
            and not a.outside
            and match.count is None
            and not prep.no_count_out
        ):
            return Plan(actions=("bail", "stall"))
        # A short temper answers an illegal blow with a closed fist.
        if a.w.short_temper and match.near and self._fouled(match, side):
            punch = a.w.move("Punch")
            if punch is not None and match.feasible(side, punch):
                return Plan(move=punch)
        # A double team in his own corner, when the referee will not see it.
        double = self._double_team(match, side)
        if double is not None:
            return double
        # The manager's distraction, when the cheating would pay.
        if (
            prep.managers[side] is not None
            and not a.w.face
            and not match.distracted
            and a.tricks < 2
            and d.lvl >= 2
        ):
            best = self._best(match, side, allow_setup=True)
            actions = ("distract",) + (best[1].actions if best else ())
            return Plan(move=best[1].move if best else None, actions=actions)
        best = self._best(match, side, allow_setup=True)
        if best is None:
            return Plan(actions=("reset",))
        return best[1]

    def _fouled(self, match: Match, side: int) -> bool:
        """The opponent's last maneuver landed and was illegal."""
        d = match.cur[1 - side]
        if not d.last_ok:
            return False
        hit = d.w.arsenal.get(d.last) or d.w.move(d.last)
        return hit is not None and hit.illegal

    def _skill(self, match: Match, side: int, move: Move, chain: int = 0) -> int:
        """His Maneuver Skill for ``move`` as the strategy weighs it: the match's
        (``Match.target``) less what his injuries take off it. (The strategy does not read the
        injuries: see the class's docstring.)"""
        t = match.target(side, move, chain=chain)
        inj = match.cur[side].inj
        if inj:
            for part in move.uses:
                t += inj.get(part, 0)
        return t

    def _double_team(self, match: Match, side: int) -> Plan | None:
        a, d = match.cur[side], match.cur[1 - side]
        partner = match.partner(side)
        if match.lingering == side:
            return self._double_team_after_tag(match, side)
        if (
            partner is None
            or partner.out
            or not match.tag
            or not a.home
            or d.zone != "corner"
            or not d.standing
            or not match.near
            or not (match.distracted or match.prep.no_dq)
        ):
            return None
        theirs = max(
            (m for m in partner.w.moves if m.strike_kind),
            key=lambda m: m.base_skill,
            default=None,
        )
        if theirs is None:
            return None
        # (His double-team maneuvers, a double dropkick say, are his only with a partner in.)
        mine = max(
            (
                m
                for m in a.w.moves
                if m.strike_kind and match.feasible(side, m, Plan(move=m, double=theirs))
            ),
            key=lambda m: m.base_skill,
            default=None,
        )
        if mine is None:
            return None
        return Plan(move=mine, double=theirs)

    def _how_to_tag(self, match: Match, side: int) -> tuple:
        """How a worn man tags out (his plan's actions). A rulebreaker whose corner is out of
        this round's reach (the walk and the tag's 3 more than his Action Points) claps for a
        fake tag when the trick has a fair chance (8 or better): "This allows a wrestler to make
        a tag when the wrestler cannot reach his partner's corner fast enough", and fan
        favourites do not cheat so. Otherwise to his corner and a blind tag when that trick has
        the same fair chance (it costs nothing more than the tag, but counts against his later
        tricks), else a plain tag."""
        a = match.cur[side]
        fig = match.fig
        if not a.w.face:
            reach = 0 if a.home else fig.ring_home[a.zone] * fig.ap_square
            reach += max(0, a.w.cost("tag", fig.ap_tag) - a.w.tag_bonus)
            fake = a.w.move("Fake Tag")
            if reach > match.ap and fake is not None and match.target(side, fake) >= 8:
                return ("fake_tag",)
        blind = a.w.move("Blind Tag")
        if blind is not None and match.target(side, blind) >= 8:
            return ("home", "blind_tag")
        return ("home", "tag")

    def linger(self, match: Match, side: int) -> bool:
        """A rulebreaker just tagged out stays in the ring for the round when the new man (a
        rulebreaker too) can
        take the opponent on with him in a double team: the risk is the referee's count, one
        die that only a six takes past five (as a rulebreaker holds a choke a round more), and
        the double team's own referee check."""
        old = match.partner(side)
        if old is None or old.out or old.w.face or match.cur[side].w.face:
            return False
        if match.fig.ref_counts["tag"] < 5 and not (match.distracted or match.prep.no_dq):
            return False  # more than a six could take the count past its limit
        return self._double_team_after_tag(match, side) is not None

    def _double_team_after_tag(self, match: Match, side: int) -> Plan | None:
        """The new man's double team with the man he tagged in for, still in the ring: he
        closes in (the two together) and strikes with him, on points he may lack (the double
        team's third of the other's skill more than makes up a point or two), while neither
        is on his last warning for it."""
        a, d = match.cur[side], match.cur[1 - side]
        old = match.partner(side)
        fig = match.fig
        if (
            old is None
            or old.out
            or d.out
            or not d.standing
            or d.outside
            or a.outside
            or d.elev
            or not (match.distracted or match.prep.no_dq or a.warnings < match.prep.warnings)
        ):
            return None
        cost = 0 if match.near else match.distance(a.zone, d.zone) * fig.ap_square
        short = cost - match.ap if cost > match.ap else 0
        if short > 2 or a.debt + short > fig.ap_max_debt:
            return None
        theirs = max(
            (
                m
                for m in old.w.moves
                if m.strike_kind and not (m.flying or m.springboard or m.illegal)
            ),
            key=lambda m: m.base_skill,
            default=None,
        )
        if theirs is None:
            return None
        posture = a.posture_bit()
        his = d.posture_bit()
        mine = max(
            (
                m
                for m in a.w.moves
                if m.strike_kind
                and not (m.flying or m.springboard or m.super or m.needs_floor or m.illegal)
                and m.usable_mask & posture
                and m.needs_mask & his
            ),
            key=lambda m: m.base_skill,
            default=None,
        )
        if mine is None:
            return None
        return Plan(move=mine, actions=() if match.near else ("approach",), double=theirs)

    def _should_tag(self, match: Match, side: int) -> bool:
        a = match.cur[side]
        partner = match.partner(side)
        if partner is None or partner.out:
            return False
        return a.lvl >= 2 and partner.lvl + 2 <= a.lvl and not a.fallen

    def _moves(self, match: Match, side: int) -> list[Move]:
        a = match.cur[side]
        moves = list(a.w.moves)
        if a.w.finisher is not None and not (a.fired > 1) and self._finisher_time(match, side):
            moves.append(a.w.finisher)
        if something_at_hand(match, side):
            moves.extend(_brawl(match, side))
        return moves

    def _finisher_time(self, match: Match, side: int) -> bool:
        """The sensible moment for the finisher: the opponent Tired or worse (or down and
        out), or this wrestler running out of time and strength."""
        a, d = match.cur[side], match.cur[1 - side]
        return d.lvl >= 2 or d.out or a.lvl >= 3 or (d.lvl >= 1 and a.lvl >= 2)

    def _best(
        self, match: Match, side: int, *, allow_setup: bool, ap: int | None = None
    ) -> tuple[float, Plan] | None:
        """(score, plan) of the best maneuver now, or None."""
        best = None
        beat: float | None = None
        # His own maneuvers; the basics anyone can improvise only when none of them will do.
        for move in self._moves(match, side):
            found = self._consider(match, side, move, allow_setup, ap, beat)
            if found is not None:
                best = found
                beat = found[0]
        if best is None:
            for move in _basics(match, side):
                found = self._consider(match, side, move, allow_setup, ap, beat)
                if found is not None:
                    best = found
                    beat = found[0]
        return best

    def _consider(
        self,
        match: Match,
        side: int,
        move: Move,
        allow_setup: bool,
        ap: int | None,
        beat: float | None = None,
    ) -> tuple[float, Plan] | None:
        """(score, plan) for ``move`` now, or None when it will not do (or, given ``beat``,
        scores no better than that: no plan is made for a maneuver that loses)."""
        cur = match.cur
        a = cur[side]
        d = cur[1 - side]
        fig = match.fig
        if allow_setup:
            cost, actions = setup(match, side, move)
            if cost == CANNOT:
                return None
        else:
            if not match.feasible(side, move):
                return None
            cost, actions = 0, ()
        budget = match.ap if ap is None else ap
        short = cost - budget if cost > budget else 0
        if short > fig.ap_max_debt:
            return None
        if move.illegal and not self._may_cheat(match, side, move):
            return None
        # A charge, when there are points for it.
        if (
            move.running
            and allow_setup
            and not a.running
            and match.prep.internal_cage is False
            and not (a.outside or d.outside)  # (no ropes to run off out there)
        ):
            run = a.w.cost(
                "charge",
                fig.ap_rebound if (a.zone in ("ringside", "corner") or d.whipped) else fig.ap_run,
            )
            if cost + run <= budget and not d.cornered:
                actions = (*actions, "run")
                cost += run
        # (The plan's own modifiers are all still at rest: the target without them.)
        target = self._skill(match, side, move) - short
        desperation = 0
        if move.finisher and a.lvl >= 3 and p_check(target, a.w.botch_from) < 0.5:
            # Desperation: take a few points himself for as many +1.
            need = min(3, 10 - target)
            if need > 0 and need + move.level < room(a):
                desperation = need
                target += need
        flourish = False
        if move.finisher and move.level >= 2:
            flourish = self._flourish(match, side, move, target)
            if flourish and not a.w.free_flourish:
                target -= 1
        score = self._worth(match, side, move, actions, target)
        trap = False
        if (
            d.cornered
            and not move.high_risk
            and not a.w.face
            and self._may_cheat(match, side, None)
        ):
            trap = True
            score += 2 * 0.05 * self._damage(match, side, move, actions)
        over = False
        if (
            not (move.knockdown and d.cornered)  # (he would bounce off the turnbuckle)
            and self._may_throw_over(match, side, move)
        ):
            # At the ropes, or whipped into them and run after ("instead of a double whip"):
            # after a whip he follows his man into the ropes when the points allow.
            running = a.running or "run" in actions
            follow: tuple = ()
            if d.whipped and not running and not (a.outside or d.outside):
                rebound = a.w.cost("charge", fig.ap_rebound)
                if cost + rebound <= budget:
                    follow, running = ("run",), True
            if match.by_the_ropes(d, running):
                gain = self._over_top_gain(match, side, move, (*actions, *follow), target)
                if gain > 0.0:
                    over = True
                    score += gain
                    actions = (*actions, *follow)
        if beat is not None and score <= beat:
            return None
        return score, Plan(
            move, actions, trap=trap, over_top=over, flourish=flourish, desperation=desperation
        )

    def _may_throw_over(self, match: Match, side: int, move: Move) -> bool:
        """Whether ``move`` could send the opponent over the top rope and he would try it:
        a knockdown or a throw not kept for a pin (a finisher, a cover, a pin predicament), with
        ropes to go over (no internal cage), and the referee's check worth the risk (none
        when he is distracted or there are no disqualifications; never when it would be an
        automatic one; a fan favourite only until he is first warned, a rulebreaker until he
        is one warning from disqualification)."""
        prep = match.prep
        if not (move.knockdown or move.throw) or prep.internal_cage:
            return False
        if move.finisher or move.cover or move.pin_pred or move.hold or move.dive:
            return False
        d = match.cur[1 - side]
        if d.elev or d.outside:
            return False
        if prep.no_dq or match.distracted:
            return True
        if prep.over_top_dq:
            return False
        a = match.cur[side]
        return a.warnings == 0 if a.w.face else a.warnings < prep.warnings

    def _over_top_gain(
        self, match: Match, side: int, move: Move, actions: tuple, target: int
    ) -> float:
        """What trying to throw him over the top adds to ``move`` at ``target``: the chance it
        succeeds by 2 more than his Lift, times what the fall to the floor (10 + his WDB)
        does beyond the maneuver's own damage, less the pin the maneuver could have led to (no
        fall counts on the floor) and the cost of the warning a seen one earns."""
        fig = match.fig
        a, d = match.cur[side], match.cur[1 - side]
        need = fig.mod_over_top_margin - d.w.lift
        top = target - need
        if top > a.w.botch_from - 1:
            top = a.w.botch_from - 1
        if top < 1:
            return 0.0
        chance = top / 20.0
        fall = fig.dmg_over_top + d.w.wdb
        dmg = self._damage(match, side, move, actions)
        value = fall - dmg
        if move.leaves in ("prone", "facedown"):
            # Down in the ring he could be covered; on the floor he cannot be pinned.
            value -= self.FINISH * self._pin_chance(match, side, move, dmg)
        if not (match.prep.no_dq or match.distracted):
            value -= p_check(match.prep.referee) * (4.0 + 6.0 * float(a.warnings))
        return chance * value

    def _may_cheat(self, match: Match, side: int, move: Move | None) -> bool:
        a = match.cur[side]
        prep = match.prep
        if prep.no_dq or match.distracted:
            return move is None or not a.w.face or move.name == "Punch"
        if move is not None and move.object:
            return False
        if a.warnings >= prep.warnings:
            return False
        if a.w.face:
            return move is not None and move.name == "Punch" and a.warnings < prep.warnings - 1
        return True

    def _damage(self, match: Match, side: int, move: Move, actions: tuple) -> float:
        """The damage ``move`` would do now, after the positioning ``actions`` (a charge)."""
        fig = match.fig
        a, d = match.cur[side], match.cur[1 - side]
        dmg = move.damage + (d.w.wdb if move.wdb_defender else a.w.wdb)
        if move.flying or move.springboard:
            dmg += 3 * fig.dmg_per_step if move.flying else fig.dmg_per_step
        if move.dive:
            dmg += fig.ring_apron_steps * fig.dmg_per_step
        if move.super and d.elev:
            dmg += fig.ring_rope_steps[d.elev - 1] * fig.dmg_per_step
        if "run" in actions and (move.running or move.knockdown):
            dmg += fig.dmg_charge
        if move.throw_into:
            dmg += impact_damage(match, d)
        if move.finisher:
            dmg *= fig.dmg_finisher
        return float(dmg)

    def _worth(self, match: Match, side: int, move: Move, actions: tuple, target: int) -> float:
        """What ``move`` is worth now after the positioning ``actions``, at ``target``."""
        fig = match.fig
        a, d = match.cur[side], match.cur[1 - side]
        p = p_check(target, a.w.botch_from)
        if d.out or d.blind or d.dizzy or d.surprised:
            p = 1.0 - (1.0 - p) ** 2
        dmg = self._damage(match, side, move, actions)
        value = dmg - float(move.level) * 0.5
        if move.hold:
            # Held for a few rounds, and a worn man may submit.
            value += dmg * 1.2
            if dmg * 3 > d.w.attr["TOU"] + match.own(d):
                value += self.FINISH * 0.25 * (1.0 - p_check(d.w.attr["STA"] + match.own(d) - 1))
            if move.sleeper:
                value += self.FINISH * 0.15 * (1.0 - p_check(d.w.attr["TOU"] + match.own(d)))
        if (move.finisher or move.pin_pred or move.cover) and (
            not d.outside or match.prep.anywhere
        ):  # (falls count only in the ring)
            value += self.FINISH * self._pin_chance(match, side, move, dmg)
        if (move.blinding or move.dizzying) and not (d.blind or d.dizzy):
            value += 2.0
        if move.dive:  # he lands on the floor too
            value -= float(match.prep.objects["Floor"].damage)
        fail = -3.0
        if move.high_risk:
            fail -= fig.dmg_high_risk + a.w.wdb + 3 * fig.dmg_per_step * move.flying
        if move.high_risk and a.w.reckless:
            value += 6.0
        if move.illegal and not (match.distracted or match.prep.no_dq):
            seen = p_check(match.prep.referee)
            value -= seen * (4.0 + 6.0 * float(a.warnings))
        elif move.illegal and not a.w.face:
            value += 2.0
        return p * value + (1.0 - p) * fail

    def _pin_chance(self, match: Match, side: int, move: Move, dmg: float) -> float:
        """The chance a cover after ``move`` keeps the opponent down."""
        a, d = match.cur[side], match.cur[1 - side]
        lvl = d.lvl
        best = match.surest_break(1 - side, predicament=move.pin_pred)
        if not move.pin_pred and dmg >= 2 and not a.w.arrogant:
            best += match.fig.mod_pin["hook_leg"]
        dice = 1 if move.finisher and lvl >= 1 else 3
        return match.pin_odds(1 - side, best, dice)

    def _flourish(self, match: Match, side: int, move: Move, target: int) -> bool:
        """Whether to flourish on the finisher: when it costs nothing (a Showman's free
        flourish), twice a match at most. (``move`` and its ``target``, for a strategy that
        would flourish at the -1.)"""
        a = match.cur[side]
        if a.flourishes >= 2:
            return False
        return a.w.free_flourish

    # ---------------------------------------------------------------------------- Edge
    def seize(self, match: Match, side: int, plan: Plan) -> bool:
        d = match.cur[side]
        move = plan.move
        if move is None or not (move.finisher or (move.high_risk and move.level >= 3)):
            return False
        if not d.standing or d.out:
            return False
        reserve = 2
        illegal = seizes_illegally(self.respond(match, side))
        cost = match.edge_cost(d, "seize", against=move, illegal=illegal)
        return d.edge >= cost + reserve

    def fire_up(self, match: Match, side: int) -> bool:
        a, d = match.cur[side], match.cur[1 - side]
        return a.w.face and a.edge >= 6 and a.lvl >= 2 and d.lvl + 1 <= a.lvl

    def work_over(self, match: Match, side: int) -> str | None:
        a, d = match.cur[side], match.cur[1 - side]
        f = a.w.finisher
        if f is None or not f.hold or a.working or d.lvl < 1 or a.edge < 3:
            return None
        return f.target

    def second_wind(self, match: Match, side: int, fighter: Fighter) -> bool:
        return fighter.lvl >= 3 and fighter.edge >= 1

    def squeeze(self, match: Match, side: int, target: int, dice: int) -> bool:
        return match.pin_odds(side, target, dice) >= 0.2

    def hanging_on(self, match: Match, side: int) -> bool:
        return True

    # ---------------------------------------------------------------------------- answers
    def respond(self, match: Match, side: int) -> Plan | None:
        seen = self._situation(match, side, K_RESPOND)
        found = self._recall(match, side, seen, K_RESPOND)
        if found is NOT_DECIDED:
            found = self._keep(match, side, seen, self._respond(match, side), K_RESPOND)
        return found

    def _respond(self, match: Match, side: int) -> Plan | None:
        best = self._best(match, side, allow_setup=False, ap=0)
        return None if best is None else best[1]

    #: Counter an ordinary maneuver that would land at least this often.
    COUNTER_AT = 0.7

    def counter(self, match: Match, side: int, move: Move) -> Plan | None:
        # The attacker's chance decides whether an ordinary maneuver is worth countering: a
        # counter makes a contest of it, where a maneuver that seldom misses is better met.
        d = match.cur[side]
        if d.out or (d.fallen and not (move.high_risk or move.running)):
            return None  # no counter from there (``_counter``'s first answer): nothing to remember
        attacker = match.cur[1 - side]
        target = match.attack_skill(1 - side, move)
        big = move.finisher or (move.high_risk and move.level >= 2) or move.level >= 3
        if not (big or match.tag or match.prep.escape) and (
            p_check(target, attacker.w.botch_from) < self.COUNTER_AT  # not likely to land
        ):
            return None
        code, finisher = move.code, move.finisher
        seen = self._situation(match, side, K_COUNTER, code, finisher, target)
        found = self._recall(match, side, seen, K_COUNTER, code, finisher, target)
        if found is NOT_DECIDED:
            answer = self._counter(match, side, move, target)
            found = self._keep(match, side, seen, answer, K_COUNTER, code, finisher, target)
        return found

    def _counter(self, match: Match, side: int, move: Move, against: int) -> Plan | None:
        d = match.cur[side]
        if d.out or (d.fallen and not (move.high_risk or move.running)):
            return None
        if match.tag and d.lvl >= 2:
            partner = match.partner(side)
            if partner is not None and not partner.out and partner.lvl + 2 <= d.lvl:
                lunge = d.w.move("Lunge Tag")
                if lunge is not None and match.counter_skill(side, lunge) >= 1:
                    return Plan(move=lunge)
        if match.prep.escape and d.zone in ("ringside", "corner"):
            # A lunge with no chance left (repeated, -1 each time) only makes a contest of a
            # blow that might have missed.
            lunge = d.w.move("Lunge Escape")
            if lunge is not None and match.counter_skill(side, lunge) >= 1:
                return Plan(move=lunge)
        big = move.finisher or (move.high_risk and move.level >= 2) or move.level >= 3
        if not big and p_check(against) < self.COUNTER_AT:
            return None
        kind = "high_risk" if move.high_risk else ("running" if move.running else move.strike_kind)
        best = None
        for defense in d.w.defenses():
            counters = defense.counters
            if not (kind in counters or "any" in counters):
                continue
            if not defense.usable_mask & d.posture_bit():  # (not from his posture)
                continue
            t = self._skill(match, side, defense)
            if best is None or t > best[0]:
                best = (t, defense)
        if best is None or best[0] < 9 or (not big and best[0] < against - 6):
            return None
        return Plan(move=best[1])

    def chain(self, match: Match, side: int, move: Move, chained: int) -> Plan | None:
        if chained >= 1:
            return None  # one chained strike at most (nothing to remember)
        if move.finisher:
            return None  # the finisher is followed by its cover, not another strike
        seen = self._situation(match, side, K_CHAIN, chained)
        found = self._recall(match, side, seen, K_CHAIN, chained)
        if found is NOT_DECIDED:
            found = self._keep(
                match, side, seen, self._chain(match, side, chained), K_CHAIN, chained
            )
        return found

    def _chain(self, match: Match, side: int, chained: int) -> Plan | None:
        if chained >= 1:
            return None
        a = match.cur[side]
        best = self._surest_strike(match, side, a.w.moves, chained, None)
        best = self._surest_strike(match, side, _basics(match, side), chained, best)
        if best is None or p_check(best[0], a.w.botch_from) < 0.6:
            return None
        return Plan(move=best[1])

    def _surest_strike(
        self,
        match: Match,
        side: int,
        moves: tuple[Move, ...],
        chained: int,
        best: tuple[int, Move] | None,
    ) -> tuple[int, Move] | None:
        """(target, maneuver) of the surest BRA strike among ``moves`` to chain, if surer than
        ``best``."""
        for m in moves:
            if not m.chains or not match.feasible(side, m):
                continue
            if m.illegal and not self._may_cheat(match, side, m):
                continue
            t = self._skill(match, side, m, chained + 1)
            if best is None or t > best[0]:
                best = (t, m)
        return best

    def resthold(self, match: Match, side: int, move: Move) -> bool:
        a, d = match.cur[side], match.cur[1 - side]
        return a.lvl > d.lvl and a.lvl >= 2

    # ---------------------------------------------------------------------------- after a hit
    def follow_up(self, match: Match, side: int, move: Move) -> Sequence[Any]:
        code, finisher, cover = move.code, move.finisher, move.cover
        seen = self._situation(match, side, K_FOLLOW_UP, code, finisher, cover)
        found = self._recall(match, side, seen, K_FOLLOW_UP, code, finisher, cover)
        if found is NOT_DECIDED:
            answer = self._follow_up_tuple(match, side, move)
            found = self._keep(match, side, seen, answer, K_FOLLOW_UP, code, finisher, cover)
        return found

    def _follow_up_tuple(self, match: Match, side: int, move: Move) -> tuple:
        return tuple(self._follow_up(match, side, move))

    def _follow_up(self, match: Match, side: int, move: Move) -> list:
        a, d = match.cur[side], match.cur[1 - side]
        fig = match.fig
        out: list[Any] = []
        ap = match.ap
        if d.fallen and match.near and (not d.outside or match.prep.anywhere):
            kind = self.cover_kind(match, side, move)
            if kind is not None:
                best = match.surest_break(1 - side, kind=kind)
                dice = 1 if move.finisher and d.lvl >= 1 else 3
                chance = match.pin_odds(1 - side, best, dice)
                if move.finisher or chance >= self.COVER_AT or move.cover:
                    if d.post == "facedown":
                        out.append("turn")
                    out.append(kind)
                    return out
        if a.lvl >= 2 and a.lvl > d.lvl and (d.fallen or not d.standing) and match.count is None:
            return ["stall"]
        if match.prep.escape and d.fallen:
            to_wall = 0 if a.zone in ("ringside", "corner") else match.distance(a.zone, "ringside")
            if ap >= to_wall * fig.ap_square + match.escape_cost:
                return ["escape"]
        # He plays to the crowd and moves his man only on his feet: getting up comes first.
        up = match.feet_cost(a)
        crowd = a.w.cost("play_to_crowd", fig.ap_play_to_crowd) + up
        if (
            a.crowd < 2
            and ap >= crowd
            and (a.w.arrogant or ap >= crowd + 3 or a.w.costs.get("play_to_crowd"))
        ):
            out.append("play_to_crowd")
            ap -= crowd
            up = 0
        out.extend(self._set_up_next(match, side, ap, up))
        return out

    def cover_kind(self, match: Match, side: int, after: Move | None) -> str | None:
        a, d = match.cur[side], match.cur[1 - side]
        fig = match.fig
        ap = match.ap - (fig.ap_shift_within if d.post == "facedown" else 0)
        free = after is not None and after.cover and match.covers == 0
        if a.w.arrogant:
            return "cover" if ap >= fig.ap_cover or free else None
        if ap >= fig.ap_lobster:
            return "lobster"
        if ap >= fig.ap_hook_leg:
            return "hook_leg"
        if ap >= fig.ap_cover or free:
            return "cover"
        return None

    def cover_again(self, match: Match, side: int) -> bool:
        best = match.surest_break(1 - side)
        return match.pin_odds(1 - side, best - 1, 3) >= 0.15

    def _set_up_next(self, match: Match, side: int, ap: int, up: int) -> list:
        """Spend the points setting the opponent up for the maneuver wanted next (``up``: the
        points for him to get up first, 0 if he is on his feet)."""
        a, d = match.cur[side], match.cur[1 - side]
        fig = match.fig
        roll: list = []
        if d.outside:
            # On the floor: a fan favourite rolls him back in for the pin once he is worn
            # (Tired) or the count is at 10, a rulebreaker leaves him there; otherwise each
            # sets him up for the next blow out there (the steps, the railing, the cage).
            if ap >= up + 2 * (fig.ap_step + fig.ap_bring_opponent):
                roll = ["roll_in"] if a.w.face else []
            if match.count is not None and match.count >= 10:
                return roll
            if a.w.face and d.lvl >= 2:
                return roll
        best: tuple[float, tuple] | None = None
        ropes = d.zone in ("ringside", "corner") or d.whipped
        for move in self._moves(match, side):
            if move.illegal or move.dive:
                continue
            cost, steps = self._arrangement(match, side, move, up)
            if cost == CANNOT or cost > ap + 1:
                continue
            t = self._skill(match, side, move)
            score = p_check(t, a.w.botch_from) * (
                self._damage(match, side, move, ())
                + (self.FINISH * 0.3 if move.finisher and d.lvl >= 2 else 0.0)
            )
            if best is None or score > best[0]:
                best = (score, steps)
            # Whipped into the ropes first, to be thrown over the top.
            if (
                not ropes
                and "whip" not in steps
                and move.needs_mask & (FACING | BEHIND)
                and cost + fig.ap_whip <= ap + 1
                and self._may_throw_over(match, side, move)
            ):
                gain = self._over_top_gain(match, side, move, (), t)
                if gain > 0.0 and score + gain > best[0]:
                    best = (score + gain, (*steps, "whip"))
        return list(best[1]) if best is not None else roll

    def _arrangement(self, match: Match, side: int, move: Move, up: int) -> tuple[int, tuple]:
        """(points, steps) that put the opponent where ``move`` needs him; the points
        ``CANNOT`` when nothing will."""
        fig = match.fig
        a, d = match.cur[side], match.cur[1 - side]
        # (He climbs and moves his man only from his feet: ``up`` is part of the cost.)
        if move.flying:
            if not move.needs_mask & d.posture_bit():  # (his posture is not among needs)
                return CANNOT, ()
            cost = up + match.distance(a.zone, "corner") * fig.ap_square + 3 * fig.ap_climb
            return cost, TO_THE_TOP
        if move.super:
            if not d.standing:
                cost = match.rise_cost(d)
                steps: tuple = LIFTED
            else:
                cost, steps = 0, ()
            cost += match.distance(a.zone, "corner") * (fig.ap_square + fig.ap_bring_opponent) + 1
            return up + cost, (*steps, "corner", ("place", 2))
        if move.needs_mask & d.posture_bit():  # (his posture is among needs)
            if move.running and d.standing and not (match.prep.internal_cage or d.outside):
                return up + fig.ap_whip, WHIPPED
            return 0, ()
        needs = move.needs_mask  # (the postures as bits)
        if needs & FACING:
            return up + match.rise_cost(d), LIFTED
        if needs & BEHIND:
            return up + match.rise_cost(d) + fig.ap_shift_within, LIFTED_BEHIND
        if needs & BENT:
            return up + match.posture_cost(d.post, "bent"), (("lift", "bent"),)
        if d.post in ("prone", "facedown") and needs & DOWN:
            return fig.ap_shift_within, TURNED
        return CANNOT, ()

    # ---------------------------------------------------------------------------- pins, holds
    def pin_escape(self, match: Match, side: int, targets: dict[str, int]) -> str:
        me = match.cur[side]
        # The surest legal way (the first of the surest), then the hair if much surer.
        way, best = None, 0
        for k, v in targets.items():
            if k != "hair" and (way is None or v > best):
                way, best = k, v
        if way is None:
            raise ValueError("no legal way out of the pin")
        if (
            "hair" in targets
            and not me.w.face
            and targets["hair"] >= best + 2
            and me.warnings < match.prep.warnings
        ):
            return "hair"
        return way

    def screwjob(self, match: Match, side: int) -> bool:
        a = match.cur[side]
        if a.w.face or match.prep.no_dq:
            return False
        return a.warnings < match.prep.warnings and match.cur[1 - side].lvl >= 2

    def save(self, match: Match, side: int) -> bool:
        d = match.cur[side]
        best = match.surest_break(side)
        return match.pin_odds(side, best, 3) >= 0.1 or d.lvl >= 3

    def save_move(self, match: Match, side: int):
        partner = match.partner(side)
        if partner is None:
            return None
        best = None
        for name in ("Elbow Drop", "Stomp", "Leg Drop", "Big Boot", "Clothesline"):
            move = partner.w.move(name)
            if move is not None and (best is None or move.base_skill > best.base_skill):
                best = move
        return best

    def block(self, match: Match, side: int) -> bool:
        partner = match.partner(side)
        return partner is not None and partner.w.attr["SAV"] >= 12

    def keep_hold(self, match: Match, side: int, hold: Hold) -> bool:
        a = match.cur[side]
        if a.outside and not match.prep.no_count_out and (match.count or 0) >= 10:
            return False  # on the floor with the count at 10: let go and beat it
        if hold.move.choke or hold.ropes:
            if hold.move.choke and (match.distracted > 0 or match.prep.no_dq):
                return True
            if hold.count >= 0 and not match.distracted and not match.prep.no_dq:
                # The referee is counting: a rulebreaker risks one more round while nothing
                # but a six could take the count past the limit; a fan favourite lets go.
                limit = match.fig.ref_counts["choke" if hold.move.choke else "ropes"]
                return not a.w.face and hold.count + 5 <= limit
            if hold.move.choke:
                return hold.rounds < 1  # unseen: a round of it, then let go before he looks
        if self._worth_keeping(match, side, hold):
            return True
        if hold.resthold:
            return a.lvl >= 1 and hold.rounds < 4
        return hold.rounds < 2

    def leverage(self, match: Match, side: int, hold: Hold) -> bool:
        a, d = match.cur[side], match.cur[1 - side]
        if a.w.face or match.prep.no_dq:
            return False
        return (match.distracted > 0 or a.warnings < match.prep.warnings - 1) and d.zone in (
            "ringside",
            "corner",
        )

    def _worth_keeping(self, match: Match, side: int, hold: Hold) -> bool:
        """A hold to keep on as long as it is his: a finisher, a sleeper, or one near the held
        man's TOU."""
        d = match.cur[1 - side]
        if hold.move.finisher or hold.move.sleeper:
            return True
        return hold.intensity > d.w.attr["TOU"] + match.own(d) - 4

    def hold_in_ropes(self, match: Match, side: int, hold: Hold) -> bool:
        # A rulebreaker keeps a hold worth keeping on: while the referee cannot see or count,
        # or with one warning to spare and no count yet (a fan favourite always breaks).
        a = match.cur[side]
        if a.w.face or a.outside or not self._worth_keeping(match, side, hold):
            return False
        if match.distracted > 0 or match.prep.no_dq:
            return True
        return hold.count < 0 and a.warnings < match.prep.warnings - 1

    def hold_escape(self, match: Match, side: int, targets: dict[str, int], hold: Hold) -> str:
        # The surest way but a reversal (the ropes on a tie, else the first of the surest).
        way: str | None = None
        best, best_rope = 0, False
        for k, v in targets.items():
            if k != "reversal":
                rope = k == "rope"
                if way is None or v > best or (v == best and rope and not best_rope):
                    way, best, best_rope = k, v, rope
        if way is None:
            raise ValueError("no way out of the hold")
        return way

    def drag(self, match: Match, side: int, hold: Hold) -> bool:
        targets = match.hold_targets(side, hold)
        rope = targets.get("rope")
        others = max(targets["tec"], targets["str"])
        cost = match.fig.ap_square + match.fig.ap_bring_opponent
        return rope is not None and rope >= others + cost

    def two_men(self, match: Match, side: int) -> str:
        a = match.cur[side]
        return "both" if a.w.attr["BRA"] >= 15 else "one"

    def return_to_ring(self, match: Match, side: int) -> bool:
        me = match.cur[side]
        return not (me.w.coward and match.count is not None and match.count < 10)

    def interfere(self, match: Match, side: int) -> bool:
        a = match.cur[side]
        return not a.w.face and match.distracted > 0 and match.cur[1 - side].lvl >= 2


_ = (ACE, CATEGORY)
