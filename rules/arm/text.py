"""The ARM play-by-play's words: the phrases it is written in and the helpers that write them.

The match loop (``rules.arm.engine``) tells what happens only when it records a play-by-play;
what it says reads from here: how a roll, a posture, a place, a cover or an ending is worded,
a maneuver's attempt and its hit, and the small numbers, clock times and body parts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import i64

from rules.arm.compile import Move, Wrestler
from rules.arm.state import ACE, BOTCH, FAIL, SUCCESS, Fighter, Hold, Plan
from rules.core.result import Method
from rules.core.spec import Ringside
from rules.core.text import Named, counted, group_noun, times

if TYPE_CHECKING:
    from rules.arm.engine import Match

GRADE_WORDS: Final = {BOTCH: "a Botch", FAIL: "a miss", SUCCESS: "good", ACE: "an Ace"}
#: How an attack's roll reads in the play-by-play.
RESULT_WORDS: Final = {ACE: "an Ace!", SUCCESS: "good.", FAIL: "a miss.", BOTCH: "a Botch!"}
#: ``RESULT_WORDS`` by the grade plus one (a Botch is -1), for the play-by-play's inner loop.
_RESULT_BY_GRADE: Final[tuple[str, ...]] = tuple(
    RESULT_WORDS[g] for g in (BOTCH, FAIL, SUCCESS, ACE)
)
#: The small numbers the play-by-play writes most (dice, targets, damage), written once.
_NUMBERS: Final[tuple[str, ...]] = tuple(str(n) for n in range(100))


def numeral(n: int) -> str:
    """``str(n)``: from ``_NUMBERS`` for the small ones."""
    return _NUMBERS[n] if 0 <= n < 100 else str(n)


POSTURE_WORDS: Final = {
    "facing": "upright",
    "behind": "upright, back turned",
    "sitting": "sitting",
    "kneeling": "on the knees",
    "bent": "doubled over",
    "prone": "flat on the back",
    "facedown": "face down",
}
ZONE_WORDS: Final = {
    "center": "the center of the ring",
    "middle": "the middle of the ring",
    "ringside": "the ropes",
    "corner": "the corner",
    "apron": "the apron",
    "floor": "the floor",
    "aisle": "the aisle",
}
#: How a match ends, by the ``Method``'s value: a draw's words, and a win's. ``{men}`` and
#: ``{man}`` are the wrestlers it ends for, by their pronouns (``rules.core.text.group_noun``:
#: "men", "women" or "wrestlers").
DRAW_WORDS: Final = {
    Method.DOUBLE_DISQUALIFICATION.value: "Both {men} are disqualified",
    Method.DOUBLE_COUNT_OUT.value: "Both {men} are counted out",
    Method.DRAW_TIME_LIMIT.value: "The match is a time-limit draw",
    Method.DOUBLE_KNOCKOUT.value: "Neither {man} can continue: a draw",
}
#: Two wrestlers whose pronouns differ, together ("both wrestlers", "neither wrestler"); two of
#: a kind are their own ``Wrestler.men`` and ``Wrestler.man``.
MIXED_MEN: Final = group_noun(("he", "she"))
MIXED_MAN: Final = group_noun(("he", "she"), plural=False)
WIN_WORDS: Final = {
    Method.PIN.value: "by pinfall",
    Method.SUBMISSION.value: "by submission",
    Method.KNOCKOUT.value: "by knockout",
    Method.DISQUALIFICATION.value: "by disqualification",
    Method.COUNT_OUT.value: "by count-out",
    Method.ESCAPE.value: "by escaping the cage",
}
ESCAPE_WORDS: Final = {
    "power": "powers out",
    "kick": "kicks out",
    "shoulder": "gets a shoulder up",
    "hair": "pulls the hair",
    "rope": "gets a foot on the ropes",
}
DEFENSE_VERBS: Final = {"duck": "duck", "block": "block", "dodge": "dodge", "sprawl": "sprawl on"}
COVER_WORDS: Final = {
    "cover": "covers",
    "hook_leg": "covers and hooks the leg",
    "lobster": "covers with a lobster, both legs hooked",
    "predicament": "has the shoulders trapped in a pinning predicament",
}


def attack_text(
    a: Fighter,
    d: Fighter,
    move: Move,
    plan: Plan | None,
    target: int,
    face: int,
    grade: int,
    unopposed: bool,
) -> str:
    extras = []
    if plan is not None:
        if plan.flourish:
            extras.append("with a flourish")
        if plan.desperation:
            extras.append(f"desperation +{plan.desperation}")
    if a.running:
        extras.append("charging")
    if unopposed:
        extras.append("two rolls, the better counts")
    extra = f" [{', '.join(extras)}]" if extras else ""
    return (
        f"{a.w.sname} goes for {move.attempt}{numeral(target)}){extra}: "
        f"rolls {numeral(face)}: {_RESULT_BY_GRADE[grade + 1]}"
    )


def hit_text(
    memo: dict,
    a: Fighter,
    d: Fighter,
    move: Move,
    plan: Plan,
    dmg: int,
    grade: int,
    obj_name: str,
    over: bool,
) -> str:
    if over:
        return (
            f"{a.w.sname} sends {d.w.mname} flying over the top rope to the floor! ({dmg} damage)"
        )
    if move.mv.text:
        thing = obj_name.lower() or "turnbuckle"
        # The same maneuver's words between the same men come round often: written once.
        key = ("hit_text", move.code, a.id, d.id, thing)
        text = memo.get(key)
        if text is None:
            text = move.mv.text
            if ":" in text:
                # Pronouns too ("{d:his}"): each wrestler in his own words.
                text = text.format(
                    A=Named(a.w.sname, a.w.pronouns),
                    d=Named(d.w.mname, d.w.pronouns),
                    object=thing,
                )
            else:
                text = text.replace("{A}", a.w.sname).replace("{d}", d.w.mname)
                text = text.replace("{object}", thing)
            memo[key] = text
        return f"{text} ({numeral(dmg)} damage)"
    if move.hold:
        return f"{a.w.sname} locks {d.w.mname} in {move.hit_words}! ({numeral(dmg)} damage)"
    tail = "!" if move.finisher or grade == ACE else "."
    if move.load is not None:
        return (
            f"{a.w.sname} hits {d.w.mname} with {move.hit_words}, "
            f"{move.load.name.lower()} and all{tail} ({numeral(dmg)} damage)"
        )
    if move.pin_pred:
        return f"{a.w.sname} catches {d.w.mname} in {move.hit_words}{tail} ({numeral(dmg)} damage)"
    return f"{a.w.sname} hits {d.w.mname} with {move.hit_words}{tail} ({numeral(dmg)} damage)"


def both_of(a: Fighter, b: Fighter) -> str:
    """Two wrestlers together ("both men", "both women", "both wrestlers"), from the words each
    was prepared with."""
    men = a.w.men
    return men if men == b.w.men else MIXED_MEN


def either_of(a: Fighter, b: Fighter) -> str:
    """One of two wrestlers ("neither man", "neither woman", "neither wrestler")."""
    man = a.w.man
    return man if man == b.w.man else MIXED_MAN


def edge_uses(what: list[str]) -> str:
    """What Edge went on, each once, in the order first spent, with how often where more
    than once: "seize the initiative twice, second wind"."""
    counts: dict[str, int] = {}
    for each in what:
        counts[each] = counts.get(each, 0) + 1
    return ", ".join(each if n == 1 else f"{each} {times(n)}" for each, n in counts.items())


def clock_time(seconds: int) -> str:
    """A time on the match clock: "5:00"."""
    minutes, rest = divmod(seconds, 60)
    return f"{minutes}:{rest:02d}"


def part_name(part: str) -> str:
    """A body part in the play-by-play's words."""
    return "ribs" if part == "body" else part


# --------------------------------------------------------------------------------------------
# The play-by-play told: each ``tell_`` writes what one moment of the match comes to into its
# events (``Match.ev``), called by the match loop only when it records (``Match.record``).


def tell_time_limit(m: Match, limit: int) -> None:
    """The ``time_limit`` event of the play-by-play, told in ``Match.play``."""
    m.ev(
        "time_limit",
        None,
        (),
        f"The bell! Time has run out at {clock_time(limit)} "
        f"({counted(m.prep.time_limit, 'rounds')}).",
    )


def tell_ambush(m: Match, f: Fighter, o: Fighter) -> None:
    """The ``ambush`` event of the play-by-play, told in ``Match.opening``."""
    m.ev(
        "ambush",
        f,
        (),
        f"{f.w.sname} jumps {o.w.mname} before the bell!"
        + (" (during the ritual)" if o.w.ambush_free else ""),
    )


def tell_opening(
    m: Match,
    won: int,
    a: Fighter,
    b: Fighter,
    faces: list[int],
    kind: str,
    words: str,
    ta: int,
    tb: int,
) -> None:
    """The ``opening`` event of the play-by-play, told in ``Match.opening``."""
    w = (a, b)[won]
    m.ev(
        "opening",
        None,
        tuple(faces),
        f"{a.w.sname} and {b.w.mname} {words} ({ta} against {tb}): "
        f"{w.w.mname} gets the upper hand.",
        start=kind,
        targets=[ta, tb],
        winner=won,
    )


def tell_tie_up(
    m: Match, won: int, a: Fighter, b: Fighter, faces: list[int], words: str, ta: int, tb: int
) -> None:
    """The ``opening`` event of the play-by-play, told in ``Match.tie_up``."""
    w = (a, b)[won]
    m.ev(
        "opening",
        None,
        tuple(faces),
        f"{words} ({ta} against {tb}): {w.w.mname} gets the upper hand.",
        start="cet",
        targets=[ta, tb],
        winner=m.adv,
    )


def tell_seize(m: Match, d: Fighter, a: Fighter) -> None:
    """The ``seize`` event of the play-by-play, told in ``Match.standard_round``."""
    m.ev(
        "seize",
        d,
        (),
        f"{d.w.sname} seizes the initiative before {a.w.mname} can strike!",
    )


def tell_hesitate(m: Match, a: Fighter, move: Move) -> None:
    """The ``hesitate`` event of the play-by-play, told in ``Match.standard_round``."""
    m.ev(
        "hesitate",
        a,
        (),
        f"{a.w.sname} cannot get set for the {move.words} and backs off.",
    )


def tell_attack(
    m: Match,
    a: Fighter,
    unopposed: bool,
    faces: tuple[Any, ...],
    d: Fighter,
    move: Move,
    plan: Plan,
    target: int,
    face: int,
    grade: int,
) -> None:
    """The ``attack`` event of the play-by-play, told in ``Match.attack``."""
    m.ev(
        "attack",
        a,
        faces if unopposed else (face,),
        attack_text(a, d, move, plan, target, face, grade, unopposed),
        move=move.name,
        target=target,
        roll=face,
        result=grade,
        unopposed=unopposed,
        finisher=move.finisher,
    )


def tell_miss(m: Match, a: Fighter, d: Fighter) -> None:
    """The ``miss`` event of the play-by-play, told in ``Match.attack``."""
    m.ev(
        "miss",
        a,
        (),
        f"{a.w.sname} misses, but {d.w.mname} is in no state to make anything of it.",
    )


def tell_advantage(m: Match, d: Fighter) -> None:
    """The ``advantage`` event of the play-by-play, told in ``Match.attack``."""
    m.ev(
        "advantage",
        d,
        (),
        f"{d.w.sname} takes advantage of the miss.",
    )


def tell_answer(
    m: Match,
    d: Fighter,
    dface: int,
    a: Fighter,
    amove: Move,
    answer: Plan,
    dtarget: int,
    dgrade: int,
) -> None:
    """The ``attack`` event of the play-by-play, told in ``Match.attack``."""
    m.ev(
        "attack",
        d,
        (dface,),
        attack_text(d, a, amove, answer, dtarget, dface, dgrade, False),
        move=amove.name,
        target=dtarget,
        roll=dface,
        result=dgrade,
        answer=True,
    )


def tell_telegraph(m: Match, a: Fighter, d: Fighter, answered_at: int) -> None:
    """The ``telegraph`` event of the play-by-play, told in ``Match.attack``."""
    # Told before the answer it explains (the answer's roll came first).
    m.ev(
        "telegraph",
        a,
        (),
        f"{a.w.sname} telegraphs it, and {d.w.mname} sees it coming (+2).",
    )
    m.events.insert(answered_at, m.events.pop())


def tell_telegraph_badly(m: Match, d: Fighter, a: Fighter) -> None:
    """The ``telegraph`` event of the play-by-play, told in ``Match.attack``."""
    m.ev(
        "telegraph",
        d,
        (),
        f"{d.w.sname} telegraphs it badly: {a.w.mname} will be ready (+2).",
    )


def tell_counter(
    m: Match,
    faces: list[int],
    cmove: Move,
    d: Fighter,
    won: int,
    move: Move,
    target: int,
    ctarget: int,
    a: Fighter,
) -> None:
    """The ``counter`` event of the play-by-play, told in ``Match.countered``."""
    # The faces in pairs, the attacker's first: another pair after both missed (or tied).
    ra = ", then ".join([str(f) for f in faces[0::2]])
    rb = ", then ".join([str(f) for f in faces[1::2]])
    # What he tries, its object included: "duck it", "reverse it into a suplex",
    # "make a lunge tag".
    verb = f"reverse it into {cmove.article} {cmove.words}"
    if cmove.defense:
        known = DEFENSE_VERBS.get(cmove.words)
        verb = f"{known} it" if known else f"make {cmove.article} {cmove.words}"
    m.ev(
        "counter",
        d,
        tuple(faces),
        f"{a.w.sname} goes for {move.article} {move.words} ({move.cls} {target}, rolls "
        f"{ra}) and {d.w.mname} tries to {verb} ({cmove.cls} {ctarget}, rolls {rb}): "
        + (f"{d.w.mname} wins the exchange!" if won else f"{a.w.mname} gets it in!"),
        move=move.name,
        counter=cmove.name,
        targets=[target, ctarget],
        winner=won,
    )


def tell_position(m: Match, a: Fighter, d: Fighter) -> None:
    """The ``position`` event of the play-by-play, told in ``Match.position``."""
    m.ev(
        "position",
        a,
        (),
        f"{a.w.sname} follows {d.w.mname} to {ZONE_WORDS[d.zone]}.",
    )


def tell_hit(
    m: Match,
    a: Fighter,
    d: Fighter,
    move: Move,
    plan: Plan,
    dmg: i64,
    grade: int,
    obj_name: str,
    over: bool,
) -> None:
    """The ``hit`` event of the play-by-play, told in ``Match.land``."""
    m.ev(
        "hit",
        a,
        (),
        hit_text(m.prep.memo, a, d, move, plan, dmg, grade, obj_name, over),
        move=move.name,
        damage=dmg,
    )


def tell_landing(m: Match, a: Fighter, landing: Any) -> None:
    """The ``landing`` event of the play-by-play, told in ``Match.land``."""
    m.ev(
        "landing",
        a,
        (),
        f"{a.w.sname} hits the floor too ({numeral(landing)} damage).",
        damage=landing,
    )


def tell_moved(m: Match, to: str, cf: int, ct: int, d: Fighter, a: Fighter) -> None:
    """The ``position`` event of the play-by-play, told in ``Match.move_opponent``."""
    if to == "bent":
        said = f"doubles {d.w.mname} over"
    elif cf > ct and to == "facing":
        said = f"drags {d.w.mname} to {d.w.pronouns.possessive} feet"
    elif cf > ct:
        said = f"drags {d.w.mname} up: {POSTURE_WORDS[to]}"
    else:
        said = f"turns {d.w.mname}: {POSTURE_WORDS[to]}"
    m.ev("position", a, (), f"{a.w.sname} {said}.", posture=to)


def tell_place(
    m: Match, a: Fighter, face: int, target: i64, grade: int, shoulders: bool, d: Fighter
) -> None:
    """The ``place`` event of the play-by-play, told in ``Match.place_on_turnbuckle``."""
    m.ev(
        "place",
        a,
        (face,),
        f"{a.w.sname} tries to get {d.w.mname} "
        + ("up on the shoulders" if shoulders else "up on the turnbuckle")
        + f" ({target}): "
        + ("up and set!" if grade >= SUCCESS else "no, too heavy."),
        target=target,
        roll=face,
    )


def tell_ko_check(m: Match, f: Fighter, face: int, target: int, grade: int, w: Wrestler) -> None:
    """The ``ko_check`` event of the play-by-play, told in ``Match.hurt``."""
    m.ev(
        "ko_check",
        f,
        (face,),
        f"{w.sname} is out on {w.pronouns.possessive} feet: STA check {target}, "
        f"rolls {face} - " + ("still conscious." if grade >= SUCCESS else "out cold!"),
        target=target,
        roll=face,
    )


def tell_referee(m: Match, face: int, seen: bool, f: Fighter) -> None:
    """The ``referee`` event of the play-by-play, told in ``Match.referee_sees_ko``: the
    first look when the man passes out, and each look again at the end of a round he stays
    out (told just after his try to shake it off) in words of its own, not the same line
    round after round."""
    events = m.events
    if events and events[-1].kind == "revive":
        text = (
            f"The referee looks in on {f.w.mname} again (Skill {m.prep.referee}, rolls {face}): "
            + ("this time the referee sees it and stops the match!" if seen else "still not seen.")
        )
    else:
        text = f"The referee checks on {f.w.mname} (Skill {m.prep.referee}, rolls {face}): " + (
            "the referee sees it and stops the match!" if seen else "the referee does not see it."
        )
    m.ev("referee", None, (face,), text, roll=face)


def tell_injury(
    m: Match,
    d: Fighter,
    faces: list[int],
    target: int,
    points: int,
    move: Move,
    w: Wrestler,
    conditions: list[str],
) -> None:
    """The ``injury`` event of the play-by-play, told in ``Match.injury_checks``."""
    m.ev(
        "injury",
        d,
        tuple(faces),
        f"Injury check for {w.mname} ({', '.join(conditions)}; TOU {target}): "
        + (
            f"{points} injury point{'s' if points != 1 else ''} to the {part_name(move.target)}!"
            if points
            else "no harm done."
        ),
        target=target,
        points=points,
        body_part=move.target,
    )


def tell_collision(m: Match, dmg: int, a: Fighter, d: Fighter) -> None:
    """The ``collision`` event of the play-by-play, told in ``Match.collision``."""
    m.ev(
        "collision",
        None,
        (),
        f"They collide! Both {both_of(a, d)} go down ({dmg} damage each).",
    )


def tell_telegraphed(m: Match, a: Fighter, d: Fighter) -> None:
    """The ``telegraph`` event of the play-by-play, told in ``Match.telegraph``."""
    m.ev(
        "telegraph",
        a,
        (),
        f"{a.w.sname} telegraphs it and {d.w.mname} sees it coming (+2 on the next move).",
    )


def tell_screwjob(m: Match, a: Fighter, screw_face: int, target: int, g: int) -> None:
    """The ``screwjob`` event of the play-by-play, told in ``Match.pin``."""
    m.ev(
        "screwjob",
        a,
        (screw_face,),
        f"{a.w.sname} gets the feet on the ropes (SAV {target}, rolls {screw_face})"
        + (": the leverage is there!" if g >= SUCCESS else " but slips off."),
        target=target,
        roll=screw_face,
    )


def tell_pin_referee(m: Match, faces: list[int], caught: bool) -> None:
    """The ``referee`` event of the play-by-play, told in ``Match.pin``."""
    m.ev(
        "referee",
        None,
        tuple(faces),
        "The referee "
        + ("spots the feet on the ropes and stops counting!" if caught else "never sees it..."),
        faces=faces,
    )


def tell_pin(
    m: Match,
    broke: bool,
    count: int,
    two_count: bool,
    d: Fighter,
    rolled: list[int],
    way: str,
    target: int,
    n: int,
) -> None:
    """The ``pin`` event of the play-by-play, told in ``Match.pin``."""
    # Held down, the count stops at two here: "Three!" is the pinfall's own line.
    shown = count if broke else 2
    counted = ", ".join(("One", "two", "three")[:shown]) if shown else "No count"
    if two_count:
        counted = "An automatic two-count after the finisher: " + counted.lower()
    m.ev(
        "pin",
        d,
        tuple(rolled),
        f"{counted}... "
        + (
            f"{d.w.mname} {ESCAPE_WORDS[way]} (needs {target})!"
            if broke
            else f"{d.w.mname} can't get out (needs {target})."
        ),
        way=way,
        target=target,
        count=count,
        pinned=not broke,
        checks=n,
    )


def tell_pinfall(m: Match, s: int, after: Move | None, how: str) -> None:
    """The ``pinfall`` event of the play-by-play, told in ``Match.pinned``."""
    a, d = m.cur[s], m.cur[1 - s]
    move = f" after the {after.words}" if after is not None else ""
    m.ev(
        "pinfall",
        a,
        (),
        f"Three! {a.w.sname} pins {d.w.mname}{move}{', ' + how if how else ''}!",
    )


def tell_save(
    m: Match, saver: Fighter, face: int, target: Any | i64, grade: int, move: Any | Move | None
) -> None:
    """The ``save`` event of the play-by-play, told in ``Match.try_save``."""
    m.ev(
        "save",
        saver,
        (face,),
        f"{saver.w.sname} storms in to break it up with {move.article} "
        f"{move.words} ({target}, rolls {face})" + ("!" if grade >= SUCCESS else " but misses!"),
        target=target,
        roll=face,
    )


def tell_block(m: Match, blocker: Fighter, bface: int, btarget: int, saver: Fighter) -> None:
    """The ``block`` event of the play-by-play, told in ``Match.try_save``."""
    m.ev(
        "block",
        blocker,
        (bface,),
        f"{blocker.w.sname} tries to cut {saver.w.mname} off "
        f"(SAV {btarget}, rolls {bface}) but can't get there in time.",
    )


def tell_save_blocked(
    m: Match,
    blocker: Fighter,
    bface: int,
    rface: int,
    blocked: bool,
    btarget: Any | int,
    bmove: Any | Move | None,
    saver: Fighter,
) -> None:
    """The ``block`` event of the play-by-play, told in ``Match.try_save``."""
    m.ev(
        "block",
        blocker,
        (bface, rface),
        f"{blocker.w.sname} cuts {saver.w.mname} off with {bmove.article} "
        f"{bmove.words} ({btarget}, rolls {rface})" + (": blocked!" if blocked else ": too late!"),
    )


def tell_leverage(m: Match, a: Fighter, face: int, target: int, grade: int) -> None:
    """The ``leverage`` event of the play-by-play, told in ``Match.hold_round``."""
    m.ev(
        "leverage",
        a,
        (face,),
        f"{a.w.sname} grabs the ropes for leverage (SAV {target}, rolls {face})"
        + (": +2!" if grade >= SUCCESS else ": no."),
        target=target,
        roll=face,
    )


def tell_hold_shift(m: Match, a: Fighter, d: Fighter) -> None:
    """The ``position`` event of the play-by-play, told in ``Match.hold_round``."""
    m.ev(
        "position",
        a,
        (),
        f"{a.w.sname} drags {d.w.mname} away from the ropes, hold and all.",
    )


def tell_reversal(
    m: Match, d: Fighter, face: int, ok: bool, rtarget: i64 | Any, h: Hold, rev: Plan
) -> None:
    """The ``reversal`` event of the play-by-play, told in ``Match.hold_round``."""
    m.ev(
        "reversal",
        d,
        (face,),
        f"{d.w.sname} tries to reverse it into {rev.move.article} "
        f"{rev.move.words} ({rtarget}, needs over {h.face}, rolls {face})"
        + ("!" if ok else ": no."),
    )


def tell_hold_break(m: Match, way: str, target: int, face: int, d: Fighter, grade: int) -> None:
    """The ``hold_break`` event of the play-by-play, told in ``Match.hold_round``."""
    words = {
        "tec": f"tries to work free (TEC {target}, rolls {face})",
        "str": f"tries to power out (STR {target}, rolls {face})",
        "rope": f"reaches for the ropes (SAV {target}, rolls {face})",
    }[way]
    m.ev(
        "hold_break",
        d,
        (face,),
        f"{d.w.sname} {words}" + (": free!" if grade >= SUCCESS else ": still caught."),
        way=way,
        target=target,
        roll=face,
    )


def tell_ropes(m: Match, a: Fighter, h: Hold, d: Fighter) -> None:
    """The ``ropes`` event of the play-by-play, told in ``Match.hold_round``."""
    m.ev(
        "ropes",
        a,
        (),
        f"{a.w.sname} will not break the {h.move.words} with {d.w.mname} in the ropes!",
    )


def tell_submission_check(
    m: Match, d: Fighter, face: int, target: int, h: Hold, grade: int
) -> None:
    """The ``submission_check`` event of the play-by-play, told in ``Match.after_failed_break``."""
    m.ev(
        "submission_check",
        d,
        (face,),
        f"The pain is past {d.w.mname}'s limit: STA {target}, rolls {face} - "
        + ("hanging in there!" if grade >= SUCCESS else "fading!"),
        target=target,
        roll=face,
        intensity=h.intensity,
    )


def tell_submission(m: Match, d: Fighter, h: Hold) -> None:
    """The ``submission`` event of the play-by-play, told in ``Match.after_failed_break``."""
    m.ev(
        "submission",
        d,
        (),
        f"{d.w.sname} taps out to the {h.move.words}!",
    )


def tell_hold_damage(m: Match, a: Fighter, dmg: int, h: Hold) -> None:
    """The ``hold_damage`` event of the play-by-play, told in ``Match.hold_damage``."""
    m.ev(
        "hold_damage",
        a,
        (),
        f"{a.w.sname} cranks on the {h.move.words} ({dmg} damage).",
        damage=dmg,
    )


def tell_sleeper(m: Match, d: Fighter, face: int, target: int, grade: int, w: Wrestler) -> None:
    """The ``sleeper`` event of the play-by-play, told in ``Match.sleeper_check``."""
    m.ev(
        "sleeper",
        d,
        (face,),
        f"{w.sname} fights the sleeper (TOU {target}, rolls {face})"
        + ("." if grade >= SUCCESS else ": fading out..."),
        target=target,
        roll=face,
    )


def tell_arm_drop(
    m: Match, d: Fighter, faces: list[int], target: int, drops: int, w: Wrestler
) -> None:
    """The ``arm_drop`` event of the play-by-play, told in ``Match.sleeper_check``."""
    m.ev(
        "arm_drop",
        d,
        tuple(faces),
        f"The referee lifts {w.mname}'s arm (STA {target}): "
        + (
            f"it drops {('once', 'twice', 'three times')[drops - 1]}"
            if drops
            else "it stays up all three times"
        )
        + ("... it's over!" if drops == 3 else f"; {w.mname} is still with us!"),
        target=target,
        drops=drops,
    )


def tell_warning(m: Match, f: Fighter, why: str) -> None:
    """The ``warning`` event of the play-by-play, told in ``Match.warn``."""
    m.ev(
        "warning",
        f,
        (),
        f"The referee warns {f.w.mname} for {why} (warning {f.warnings}).",
        warnings=f.warnings,
    )


def tell_referee_check(m: Match, face: int, target: int, seen: bool, why: str) -> None:
    """The ``referee`` event of the play-by-play, told in ``Match.ref_check``."""
    m.ev(
        "referee",
        None,
        (face,),
        f"Referee check for {why} (Skill {target}, rolls {face}): "
        + ("seen!" if seen else "missed it."),
        target=target,
        roll=face,
        seen=seen,
    )


def tell_distraction(m: Match, a: Fighter, face: int, target: i64, ok: bool) -> None:
    """The ``distraction`` event of the play-by-play, told in ``Match.distract``."""
    m.ev(
        "distraction",
        a,
        (face,),
        f"{a.w.sname}'s manager climbs onto the apron to distract the referee "
        f"(SAV {target}, rolls {face})"
        + (": it works!" if ok else ": the referee waves the manager off."),
        target=target,
        roll=face,
    )


def tell_interference(
    m: Match, ally: Ringside | None, f1: int, f2: int, hit: bool, dmg: Any, d: Fighter, chair: Any
) -> None:
    """The ``interference`` event of the play-by-play, told in ``Match.interfere``."""
    m.ev(
        "interference",
        ally.key,
        (f1, f2),
        f"{ally.name} slips in behind the referee's back and swings a {chair.name.lower()} "
        f"at {d.w.mname}" + (f"! ({dmg} damage)" if hit else ", but misses."),
        damage=dmg if hit else 0,
    )


def tell_crowd(m: Match, f: Fighter) -> None:
    """The ``crowd`` event of the play-by-play, told in ``Match.play_to_crowd``."""
    m.ev(
        "crowd",
        f,
        (),
        f"{f.w.sname} plays to the crowd and "
        + ("they love it!" if f.w.face else "the boos rain down!"),
    )


def tell_stall(m: Match, f: Fighter, face: int, target: int, grade: int) -> None:
    """The ``stall`` event of the play-by-play, told in ``Match.stall``."""
    m.ev(
        "stall",
        f,
        (face,),
        f"{f.w.sname} takes a breather (STA {numeral(target)}, rolls {numeral(face)})"
        + (f": {numeral(f.w.sta_bonus)} back." if grade >= SUCCESS else ": nothing back."),
        target=target,
        roll=face,
    )


def tell_second_wind(m: Match, f: Fighter, cost: int, before: i64, told: int) -> None:
    """The ``second_wind`` event of the play-by-play, told in ``Match.second_wind``."""
    # Told before what it brings (back to a lighter weardown level), written after it.
    m.ev(
        "second_wind",
        f,
        (),
        f"{f.w.sname} digs deep and finds a second wind ({cost} Edge, {f.edge} left): "
        f"{before} to {f.dmg} damage!",
        cost=cost,
        what="second wind",
    )
    m.events.insert(told, m.events.pop())


def tell_edge(m: Match, f: Fighter, cost: int, what: str) -> None:
    """The ``edge`` event of the play-by-play, told in ``Match.spend``."""
    m.ev(
        "edge",
        f,
        (),
        f"{f.w.sname} digs deep: {what} ({cost} Edge, {f.edge} left).",
        cost=cost,
        what=what,
    )


def tell_fake_tag(m: Match, a: Fighter, face: int, target: int, grade: int) -> None:
    """The ``fake_tag`` event of the play-by-play, told in ``Match.tag_out``."""
    m.ev(
        "fake_tag",
        a,
        (face,),
        f"{a.w.sname} claps for a fake tag ({target}, rolls {face})"
        + (": the referee buys it!" if grade >= SUCCESS else ": nobody buys it."),
    )


def tell_blind_tag(m: Match, partner: Fighter, faces: list[int], noticed: bool, d: Fighter) -> None:
    """The ``blind_tag`` event of the play-by-play, told in ``Match.tag_out``."""
    m.ev(
        "blind_tag",
        partner,
        tuple(faces),
        f"{d.w.sname} " + ("never saw the tag!" if not noticed else "saw the tag."),
    )


def tell_escape(m: Match, s: int) -> None:
    """The ``escape`` event of the play-by-play, told in ``Match.escape``."""
    a = m.cur[s]
    m.ev(
        "escape",
        a,
        (),
        f"{a.w.sname} climbs out of the cage and drops to the floor to win!",
    )


def tell_free_attack(
    m: Match, extra: Fighter, face: int, target: Any | i64, grade: int, move: Any | Move | None
) -> None:
    """The ``free_attack`` event of the play-by-play, told in ``Match.two_men_round``."""
    m.ev(
        "free_attack",
        extra,
        (face,),
        f"{extra.w.sname} gets a free shot in with {move.article} {move.words} "
        f"({target}, rolls {face})" + ("!" if grade >= SUCCESS else ": missed."),
    )


def tell_revive(m: Match, f: Fighter, face: int, target: int, grade: int) -> None:
    """The ``revive`` event of the play-by-play, told in ``Match.end_of_round``."""
    m.ev(
        "revive",
        f,
        (face,),
        f"{f.w.sname} tries to shake it off (STA {target}, rolls {face})"
        + (": awake again!" if grade >= SUCCESS else ": still out."),
        target=target,
        roll=face,
    )


def tell_count(m: Match, h: Hold, face: int) -> None:
    """The ``count`` event of the play-by-play, told in ``Match.hold_count``."""
    if h.move.choke:
        text = f"The referee counts the {h.move.words}: {numeral(h.count)}."
    else:
        d = m.cur[1 - h.side]
        text = f"The referee counts, {d.w.mname} in the ropes: {numeral(h.count)}."
    m.ev("count", None, (face,), text, count=h.count)


def tell_linger(m: Match, old: Fighter) -> None:
    """The ``linger`` event of the play-by-play, told in ``Match.linger``."""
    m.ev(
        "linger",
        old,
        (),
        f"{old.w.sname} stays in the ring after the tag, and the referee starts the five-count!",
    )


def tell_tag_count(m: Match, old: Fighter, face: int, limit: int) -> None:
    """The ``tag_count`` event of the play-by-play, told in ``Match.tag_five_count``."""
    m.ev(
        "tag_count",
        old,
        (face,),
        f"The referee counts {old.w.mname} out of the ring: {numeral(face)}"
        + ("!" if face > limit else f". {old.w.sname} steps out onto the apron."),
        count=face,
    )
