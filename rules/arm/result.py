"""An ARM match's result: what a finished match (``rules.arm.engine.Match``) comes to.

The winner, the method and the length, the play-by-play with its final words, and the effects
the match carries into the roster (injuries, Edge spent, heat and prestige, an engineered
draw's penalty). The effects are immutable and come round again match after match (odds play
thousands): each is made once a prepared match and shared (``Prepared.made``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rules.arm.state import Fighter
from rules.arm.text import DRAW_WORDS, WIN_WORDS, clock_time, edge_uses, part_name
from rules.core.events import Event
from rules.core.result import Effects, InjuryEffect, MatchResult, Method, StandingEffect
from rules.core.text import group_noun, times

if TYPE_CHECKING:
    from rules.arm.engine import Match

SYSTEM: Final = "arm"
#: Makes a named tuple (an ``Event``, the ``Effects``, the ``MatchResult``) from its fields in
#: one tuple, past the named tuple's Python constructor; the classes bound once.
_new_tuple: Final = tuple.__new__
_EVENT: Final = Event
_EFFECTS: Final = Effects
_MATCH_RESULT: Final = MatchResult
#: The most effects ``Prepared.made`` keeps.
MADE_LIMIT: Final = 10_000
#: The reason of the Heat a man earned playing to the crowd ("Played to the crowd twice"): the
#: roster turns it round for a wrestler who works the crowd against his reaction
#: (``Wrestler.heat_direction``).
CROWD_PLAY: Final = "Played to the crowd"
#: Standing-table entries an ARM match decides by its own rules (``Effects.supersedes``).
SUPERSEDES: Final = ("prestige.loss", "prestige.engineered", "heat.interference")
# ---------------------------------------------------------------------------- result
# The effects are immutable and come round again match after match (odds play thousands):
# each is made once a prepared match and shared (``Prepared.made``).


def made_standing(m: Match, key: str, attribute: str, delta: int, reason: str) -> StandingEffect:
    made = m.prep.made
    ident = ("standing", key, attribute, delta, reason)
    found = made.get(ident)
    if found is None:
        found = StandingEffect(key, attribute, delta, reason)
        if len(made) < MADE_LIMIT:
            made[ident] = found
    return found


def made_injury(m: Match, key: str, part: str, points: int) -> InjuryEffect:
    made = m.prep.made
    ident = ("injury", key, part, points)
    found = made.get(ident)
    if found is None:
        found = InjuryEffect(
            key=key,
            description=f"{points} injury point{'s' if points != 1 else ''} to the "
            f"{part_name(part)}",
            points=points,
            body_part=part,
            source="arm_injury",
            keeps_off_cards=points >= m.fig.inj_keeps_off_at,
        )
        if len(made) < MADE_LIMIT:
            made[ident] = found
    return found


def result(m: Match, seed: int | None = None) -> MatchResult:
    method = m.method
    assert method is not None
    # The effects follow from what each man did and how it ended: the same outcome, the
    # same (shared) ``Effects``.
    outcome = (
        "effects",
        m.winner,
        method,
        agreed_draw(m),
        tuple(m.interference),
        tuple(m.distractions),
        tuple(
            [
                (
                    tuple(f.new_inj.items()),
                    f.spent,
                    tuple(f.spent_on),
                    f.crowd,
                    f.cheated,
                    f.flourishes,
                    f.finishers,
                )
                for side in m.fighters
                for f in side
            ]
        ),
    )
    made = m.prep.made
    effects = made.get(outcome)
    if effects is None:
        effects = match_effects(m, method)
        if len(made) < MADE_LIMIT:
            made[outcome] = effects
    events = (*m.events, final_event(m)) if m.record else ()
    length = m.length()
    return _new_tuple(_MATCH_RESULT, (SYSTEM, m.winner, method, length, events, effects, seed))


def match_effects(m: Match, method: Method) -> Effects:
    """What the match carries into the roster (``result`` keeps each outcome's)."""
    fig = m.fig
    injuries: list[InjuryEffect] = []
    standing: list[StandingEffect] = []  # (each made once a prepared match)
    for f in [f for side in m.fighters for f in side]:
        w = f.w
        for part, points in f.new_inj.items():
            injuries.append(made_injury(m, w.key, part, points))
        if f.spent:
            standing.append(
                made_standing(
                    m, w.key, "edge", -f.spent, f"Spent {f.spent} Edge: {edge_uses(f.spent_on)}"
                )
            )
        if f.crowd:
            heat = min(f.crowd * fig.heat_play_to_crowd, fig.heat_play_to_crowd_max)
            standing.append(made_standing(m, w.key, "heat", heat, f"{CROWD_PLAY} {times(f.crowd)}"))
        if f.cheated and fig.heat_cheating:
            standing.append(made_standing(m, w.key, "heat", fig.heat_cheating, "Broke the rules"))
        if f.flourishes and fig.prestige_flourish:
            bonus = min(f.flourishes * fig.prestige_flourish, fig.prestige_flourish_max)
            standing.append(made_standing(m, w.key, "prestige", bonus, "Spot bonus for a flourish"))
    loss = fig.prestige_loss
    if m.winner is not None:
        value = str(method)  # its value (``Method`` is a ``StrEnum``)
        label = value.replace("_", " ")
        for f in m.fighters[1 - m.winner]:
            points = loss.get(value, 0)
            if points:
                standing.append(made_standing(m, f.w.key, "prestige", points, f"Lost by {label}"))
    elif agreed_draw(m):
        # "If a wrestler obviously engineers a loss (that is, throws the match), win (such as
        # bribing the opponent to walk away) or draw (such as two wrestlers agreeing to a
        # double-countout), he receives an Prestige penalty equivalent to losing that match."
        points = loss.get(str(Method.COUNT_OUT), 0)
        if points:
            for f in (m.cur[0], m.cur[1]):
                standing.append(
                    made_standing(
                        m,
                        f.w.key,
                        "prestige",
                        points,
                        "Engineered a draw (a double count-out): a penalty equal to losing",
                    )
                )
    # Both named tuples made directly, every field in order (a test holds these to the
    # classes' fields).
    effects = _new_tuple(
        _EFFECTS,
        (
            tuple(injuries),  # injuries
            False,  # feud_brawl
            "",  # feud_text
            tuple(m.interference),
            tuple(m.distractions),
            tuple([sum(f.finishers for f in side) for side in m.fighters]),
            tuple(standing),
            (),  # eliminations
            SUPERSEDES,
        ),
    )
    return effects


def drawn_pronouns(m: Match) -> list[str]:
    """The pronouns of the wrestlers a draw is for (the final words' "both men"): the two
    disqualified, the two out cold, the two counted out (the legal men)."""
    method = m.method
    found: list[Fighter] = []
    if method is Method.DOUBLE_DISQUALIFICATION:
        keys = {e.actor for e in m.events if e.kind == "disqualification"}
        found = [f for f in m.all_fighters() if f.w.key in keys]
    elif method is Method.DOUBLE_KNOCKOUT:
        found = [f for f in m.all_fighters() if f.out and f.in_ring]
    if len(found) < 2:
        found = [m.cur[0], m.cur[1]]
    return [f.w.participant.pronouns for f in found]


def agreed_draw(m: Match) -> bool:
    """Whether the match ended in the chapter's engineered draw, "two wrestlers agreeing to a
    double-countout" (the section "B-O-O-O-RING": "Fans, in general, hate indecisive
    matches"). Our reading: both legal men stayed on the floor through the referee's count of
    twenty, each conscious (a man out cold agrees to nothing, and his opponent then had no one
    to agree with); nobody is made to stay out there, so the count-out is theirs. The
    chapter's other engineered results, a thrown match and a bribed walk-away, are choices no
    strategy here makes. A win by a screwjob pin, a manager's distraction or interference is
    no engineered result: the match was decided in the ring (the referee's checks and the Heat
    for breaking the rules are what cheating costs)."""
    return m.method is Method.DOUBLE_COUNT_OUT and not m.cur[0].out and not m.cur[1].out


def final_event(m: Match) -> Event:
    method = str(m.method)  # its value (``Method`` is a ``StrEnum``)
    at = clock_time(m.clock)
    if m.winner is None:
        text = f"{DRAW_WORDS[method]} at {at}."
        if "{" in text:
            keys = drawn_pronouns(m)
            text = text.format(men=group_noun(keys), man=group_noun(keys, plural=False))
    else:
        names = " and ".join([f.w.name for f in m.fighters[m.winner]])
        verb = "win" if m.tag else "wins"
        n = m.length()
        text = f"{names} {verb} {WIN_WORDS[method]} at {at} ({n} round{'s' if n != 1 else ''})."
    return _new_tuple(
        _EVENT,
        (
            "end",
            None,
            (),
            text,
            {"winner": m.winner, "method": method, "seconds": m.clock},
        ),
    )
