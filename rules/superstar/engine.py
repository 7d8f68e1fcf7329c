"""The Superstar Pro Wrestling match loop: one mutable match state, injected dice, a strategy for
every choice.

The same code serves both paths: ``record=True`` writes the play-by-play (every event with the
dice it used), ``record=False`` skips all formatting and is the fast path for odds. Both draw the
same dice in the same order, so the same seed gives the same winner, method and length.

A match advances in *rounds* (a round is one minute of ring time). In every round, in this
order:

1. the General Card: both men in roll two dice (the first side first); both on DC roll again;
2. Level 2/3 tag matches: an OC/TT is read on the Advanced Tag-Team Chart (and an INJURY! on the
   Tag Team Injury Chart, one die);
3. the exchange: each wrestler on offense rolls his Offensive Card (and the Ropes card, the
   Specialty card or the grudge chart it sends him to); a wrestler on defense then rolls his
   Defensive Card against it; a Reverse voids the attack and the reverser attacks in turn;
4. the Priority Factor, when both rolled P/A, * or (S);
5. submission rolls (the victim's two dice against his SUB range), then the DQ rolls (two dice:
   10-12 out, 2-9 scored by the attacker);
6. the round's points are added up;
7. pin attempts (P/A moves first, then a wrestler who qualifies by score), two dice on the PIN
   CHART; in tag matches a pin or a submission is a two-count the man outside may break up;
8. what carries over: a steel cage escape window, a knocked-out referee, injuries, sustained
   double teaming, tag-outs.

A battle royal is a series of mini-matches (rounds without pins; 15 points and 5 ahead, a * move,
a (DQ) move or ROPES eliminates) and then a standard match between the last two.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from rules.core.dice import Dice
from rules.core.errors import SpecError
from rules.core.events import Event
from rules.core.result import Effects, InjuryEffect, MatchResult, Method
from rules.core.spec import FrozenMap, MatchSpec, Participant, check_spec
from rules.core.text import PRONOUNS, counted, group_noun
from rules.core.text import pronouns as pronoun_set
from rules.core.tournament import (
    TOURNAMENT,
    check_tournament,
    is_tournament,
    settle,
    sudden_death_spec,
)
from rules.superstar.cards import DQ, MOVE, NA, ROPES, SPECIALTY, SuperstarCard
from rules.superstar.options import (
    STEEL_CAGE,
    TEXAS_DEATH,
    UNLIMITED,
    SuperstarOptions,
    parse_options,
)
from rules.superstar.tables import PIN, GrudgeMove, SuperstarTables, TagInjury, load_tables
from rules.superstar.text import (
    chart_words,
    mid_name,
    move_words,
    points,
    specialty_words,
    start_name,
)

SYSTEM = "superstar"
MATCH_TYPES = (
    "singles",
    "tag",
    "three_man_tag",
    "battle_royal",
    "steel_cage",
    "texas_death",
    "grudge",
)
PER_SIDE = {
    "singles": 1,
    "tag": 2,
    "three_man_tag": 3,
    "battle_royal": 1,
    "steel_cage": 1,
    "texas_death": 1,
    "grudge": 1,
}
TAG_TYPES = frozenset({"tag", "three_man_tag"})
#: The grudge chart a match type names; "grudge" takes the option's, Texas Death without one.
GRUDGE_TYPES = {"steel_cage": STEEL_CAGE, "texas_death": TEXAS_DEATH, "grudge": None}
STIPULATIONS = ("no_dq", TOURNAMENT)
#: A tournament match's sudden-death fall, in rounds (``rules.core.tournament``).
SUDDEN_DEATH = 10
#: Rounds (minutes): most matches have 30; tag-team and grudge matches an hour.
DEFAULT_TIME_LIMIT = 30
LONG_TIME_LIMIT = 60
#: "Unlimited" still stops somewhere: a match this long is called a draw.
NO_LIMIT_ROUNDS = 1000
#: A battle royal mini-match this long is given to the wrestler ahead (then the better PF).
MINI_MATCH_ROUNDS = 200
MINI_MATCH_POINTS = 15
MINI_MATCH_LEAD = 5
#: Pin by score: 30 points or more, 10 ahead, 5 better in the round.
PIN_SCORE, PIN_LEAD, PIN_ROUND = 30, 10, 5
#: The DQ roll: two dice; this or less and the victim stays in (the attacker scores the roll).
DQ_STAYS = 9

# General Card and Defensive Card codes.
DC, OC, TT = 0, 1, 2
_GENERAL = {"DC": DC, "OC": OC, "OC/TT": TT}
DEF_B, DEF_A, DEF_C, DEF_REVERSE = 0, 1, 2, 3
_DEFENSE = {"B": DEF_B, "A": DEF_A, "C": DEF_C, "Reverse": DEF_REVERSE}
DEFENSE_POINTS = (0, 2, 4, 0)
_GENERAL_WORDS = ("DC", "OC", "OC/TT")
# The fast path's compiled entries: (points, flags, next) with next 0 (done), 1 (the Ropes card)
# or 2 (the Specialty card).
F_PIN, F_SUB, F_DQ, F_SPEC = 1, 2, 4, 8
F_PRIORITY = F_PIN | F_SUB | F_SPEC
F_SETTLE = F_PIN | F_SUB | F_DQ
_DEFENSE_WORDS = ("B", "A", "C", "Reverse")
#: What a group of wrestlers of different pronouns is called ("Both wrestlers are counted out").
_ANYONE = PRONOUNS["they"]


class Wrestler:
    """A participant compiled for the loop: the card's sections indexed by the dice total, and
    the words the play-by-play names him by: ``sname`` and ``mname`` (his name at the start of
    a sentence and inside one), ``pronouns`` (``rules.core.text.Pronouns``), ``noun`` ("man",
    "woman", "wrestler") and ``nouns`` (the plural), resolved once here, never per event."""

    __slots__ = (
        "card",
        "champion",
        "dfn",
        "fo",
        "fr",
        "fs",
        "gen",
        "index",
        "injury_texts",
        "key",
        "mname",
        "name",
        "noun",
        "nouns",
        "off",
        "off_words",
        "participant",
        "pf",
        "prio",
        "pronouns",
        "rop",
        "rop_words",
        "save_hi",
        "save_lo",
        "save_width",
        "side",
        "sname",
        "spec",
        "spec_words",
        "specialty_name",
        "sub_hi",
        "sub_lo",
        "ttr",
    )

    def __init__(self, participant: Participant, side: int, index: int, tag: bool):
        card = participant.card
        if not isinstance(card, SuperstarCard):
            raise SpecError(f"{participant.key}: not a Superstar card ({type(card).__name__})")
        self.participant = participant
        self.card = card
        self.side = side
        self.index = index
        self.key = participant.key
        self.name = participant.name
        self.sname = start_name(participant.name)
        self.mname = mid_name(participant.name)
        self.pronouns = words = pronoun_set(participant.pronouns)
        self.noun, self.nouns = words.noun, words.plural
        #: Tag matches: a Tag Team Injury Chart injury as his injury record describes it, hurt
        #: as the man in and as a man out.
        self.injury_texts: tuple[str, ...] = ()
        self.gen = (DC, DC, *(_GENERAL[g] for g in card.general))
        self.off = _by_roll(2, card.offense)
        self.rop = _by_roll(2, card.ropes)
        self.spec = _by_roll(1, card.specialty.rolls)
        self.specialty_name = card.specialty.name
        self.off_words = (None, None, *(move_words(m, card.specialty.name) for m in card.offense))
        self.rop_words = (None, None, *(move_words(m, card.specialty.name) for m in card.ropes))
        self.spec_words = (None, *(specialty_words(r) for r in card.specialty.rolls))
        self.dfn = (0, 0, *(_DEFENSE[d] for d in card.defense))
        self.sub_lo, self.sub_hi = card.submission_range or (99, 0)
        self.save_lo, self.save_hi = card.tag_team_range or (99, 0)
        self.save_width = sum(6 - abs(t - 7) for t in range(self.save_lo, self.save_hi + 1))
        # "+1 Champion (add to rating)": a printed "+" and a title reign are the same one point.
        self.champion = participant.champion
        self.pf = played_rating(card.priority[0], participant.champion)
        self.ttr = played_rating(card.priority[1], participant.champion)
        # The rating the Priority Factor reads: the tag-team rating in a tag match.
        self.prio = self.ttr if tag else self.pf
        # The fast path's tables (no grudge chart: an XX move is its points).
        self.fo = _by_roll(2, (_fast_entry(m) for m in card.offense))
        self.fr = _by_roll(2, (_fast_entry(m) for m in card.ropes))
        self.fs = _by_roll(
            1,
            (
                (
                    r.points,
                    F_SPEC
                    | (F_PIN if r.pin else 0)
                    | (F_SUB if r.submission else 0)
                    | (F_DQ if r.dq else 0),
                    0,
                )
                for r in card.specialty.rolls
            ),
        )

    def chart_rating(self) -> int:
        """The tag-team rating as the Advanced Tag-Team Chart reads it (columns 1 to 3)."""
        return max(1, min(3, int(self.ttr)))


def _both(a: Wrestler, b: Wrestler) -> str:
    """What two wrestlers are called together: "men", "women" or "wrestlers"."""
    return a.nouns if a.nouns == b.nouns else _ANYONE.plural


def _group(wrestlers: list[Wrestler]) -> tuple[str, str]:
    """The noun and the group noun of some wrestlers ("man", "men"; "wrestler", "wrestlers"
    when their pronouns differ), from their own words."""
    first = wrestlers[0]
    if all(w.nouns == first.nouns for w in wrestlers):
        return first.noun, first.nouns
    return _ANYONE.noun, _ANYONE.plural


_T = TypeVar("_T")


def _by_roll(first: int, rows: Iterable[_T]) -> tuple[_T, ...]:
    """A card's rows indexed by the roll that reads them (``first`` the lowest, 2 for two dice,
    1 for one): the places below ``first`` hold None and are never read, as no roll is lower."""
    return cast("tuple[_T, ...]", (None,) * first + tuple(rows))


def _fast_entry(move) -> tuple[int, int, int]:
    if move.kind == ROPES:
        return (0, 0, 1)
    if move.kind == SPECIALTY:
        return (0, 0, 2)
    if move.kind == DQ:
        return (0, F_DQ, 0)
    if move.kind == NA:
        return (0, 0, 0)
    return (move.points, (F_PIN if move.pin else 0) | (F_SUB if move.submission else 0), 0)


class Act:
    """One wrestler's move in a round, as it stands after the dice. (Class-level defaults, so
    that making one sets only what differs: the play-by-play path makes thousands.)"""

    points = 0
    pin = False
    sub = False
    dq = False
    special = False
    specialty = False
    ropes = False
    elim = False
    bonus = 0
    penalty = 0
    wins_on_pin = False
    xx: GrudgeMove | None = None

    def __init__(self, w: Wrestler):
        self.w = w


@dataclass(frozen=True, slots=True)
class Prepared:
    """A spec checked and compiled once (odds reuse it for every run)."""

    spec: MatchSpec
    tables: SuperstarTables
    options: SuperstarOptions
    teams: tuple[tuple[Wrestler, ...], ...]
    match_type: str
    tag: bool
    level: int
    battle_royal: bool
    grudge: str | None
    time_limit: int
    no_dq: bool
    #: Tag matches: the Advanced Tag-Team Chart's letters as the play-by-play reads them (the
    #: chart's text with the match's wrestlers' group noun), and each side's (noun, group noun).
    tag_texts: Any = None
    side_nouns: tuple[tuple[str, str], ...] = ()
    #: A tournament match: one sudden-death fall prepared (None for any other match).
    sudden_death: Prepared | None = None


def _time_limit(spec: MatchSpec, options: SuperstarOptions) -> int:
    if spec.time_limit is not None:
        limit = spec.time_limit
    elif options.time_limit is not None:
        limit = options.time_limit
    elif spec.match_type in TAG_TYPES or spec.match_type in GRUDGE_TYPES or options.grudge:
        limit = LONG_TIME_LIMIT
    else:
        limit = DEFAULT_TIME_LIMIT
    return NO_LIMIT_ROUNDS if limit == UNLIMITED or limit is None else int(limit)


def prepare(spec: MatchSpec, tables: SuperstarTables | None = None) -> Prepared:
    match_type = spec.match_type
    battle_royal = match_type == "battle_royal"
    per_side = check_spec(
        spec,
        system=SYSTEM,
        per_side=PER_SIDE,
        stipulations=STIPULATIONS,
        any_sides=("battle_royal",),
    )
    check_tournament(spec)
    options = parse_options(spec.options)
    # The grudge chart: a steel cage or Texas Death match plays its own; a "grudge" match the
    # option's (Texas Death without one); a singles match the option's, if any. The option does
    # not apply to tag matches and battle royals (``options.inapplicable`` says so).
    grudge = GRUDGE_TYPES.get(match_type, "")
    if grudge is None:
        grudge = options.grudge or TEXAS_DEATH
    elif grudge == "":
        grudge = options.grudge if per_side == 1 and not battle_royal else None
    tag = match_type in TAG_TYPES
    # Level 1 (basic) or the advanced rules (Level 2; Level 3 with three-man teams).
    level = (1 if (options.tag_level or 1) == 1 else 2) if tag else 0
    tables = tables or load_tables()
    teams = tuple(
        tuple(Wrestler(p, s, i, tag) for i, p in enumerate(side.participants))
        for s, side in enumerate(spec.sides)
    )
    side_nouns = tuple(_group(list(team)) for team in teams)
    tag_texts = None
    if tag:
        everyone = [p.pronouns for p in spec.participants]
        man, men = group_noun(everyone, plural=False), group_noun(everyone)
        size = "three_man" if per_side >= 3 else "two_man"
        tag_texts = FrozenMap(
            (letter, chart_words(outcome.text, man, men))
            for letter, outcome in tables.advanced_tag_chart.key[size].items()
        )
        for team in teams:
            for w in team:
                # The roster's injury record says what happened to him, in words; the chart's
                # line (its rounds are the match's) is the play-by-play's.
                w.injury_texts = (
                    f"Hurt by a double team in the ring ({w.name})",
                    f"Hurt by a double team on the apron ({w.name})",
                )
    return Prepared(
        spec=spec,
        tables=tables,
        options=options,
        teams=teams,
        match_type=match_type,
        tag=tag,
        level=level,
        battle_royal=battle_royal,
        grudge=grudge or None,
        time_limit=_time_limit(spec, options),
        no_dq=bool(spec.stipulations.get("no_dq")),
        tag_texts=tag_texts,
        side_nouns=side_nouns,
        sudden_death=(
            prepare(sudden_death_spec(spec, SUDDEN_DEATH), tables) if is_tournament(spec) else None
        ),
    )


class Match:
    """The one mutable state of a match, and the loop that plays it."""

    #: Singles rounds (no grudge chart) run the compiled loop ``_singles``; False plays them
    #: through ``play_round`` like every other round (the tests compare the two).
    compiled_singles = True

    def __init__(self, prep: Prepared, dice: Dice, strategy: Any, record: bool = True):
        self.prep = prep
        self.dice = dice
        self.d6 = dice.d6
        self.two = dice.two_d6
        self.strategy = strategy
        self.record = record
        self.tables = prep.tables
        self.pin_chart = prep.tables.pin_chart
        self.teams = prep.teams
        n = len(prep.teams)
        self.tag = prep.tag
        self.level = prep.level
        self.chart = prep.tables.grudge[prep.grudge] if prep.grudge else None
        self.cage = prep.grudge == STEEL_CAGE
        self.no_dq = prep.no_dq or prep.grudge == TEXAS_DEATH
        # state
        self.legal = [0] * n
        self.score = [0] * n
        self.round_points = [0] * n
        self.pair = (0, 1)
        self.rounds = 0
        self.bout_rounds = 0
        self.ref_name = '"Honest" Abe'
        self.ref_mod = 0
        self.mini = False
        self.final = False
        self.winner: int | None = None
        self.method: Method | None = None
        self.events: list[Event] = []
        # grudge matches
        self.ref_out = 0
        self.blind = [0] * n
        self.penalty = [0] * n
        self.cage_pinned_by: int | None = None
        self.cage_window = 0
        self.cage_set = 0
        # tag matches
        self.injured: dict[tuple[int, int], int] = {}
        self.dt_rounds = 0
        self.dt_side = 0
        self.dt_attackers: list[int] = []
        self.dt_all = False
        self.in_ring_rounds = [0] * n
        self.last_in = [[0] * len(team) for team in prep.teams]
        self.injuries: list[InjuryEffect] = []
        #: Level 1 double teams of this round: side -> the two partners in the ring.
        self.doubled: dict[int, list[int]] = {}
        self.names = [self.side_name(side) for side in range(n)]
        # battle royals
        self.eliminated: list[int] = []
        self.specialty_hits = [0] * n

    # ---------------------------------------------------------------------------- accessors
    def man(self, side: int) -> Wrestler:
        """The man in (the legal wrestler) of a side."""
        return self.teams[side][self.legal[side]]

    def other(self, side: int) -> int:
        x, y = self.pair
        return y if side == x else x

    def fit(self, side: int, index: int) -> bool:
        return self.injured.get((side, index), 0) <= 0

    def men_out(self, side: int) -> list[int]:
        """The fit men outside the ring of a side (team indexes)."""
        legal = self.legal[side]
        return [i for i in range(len(self.teams[side])) if i != legal and self.fit(side, i)]

    def lost_round(self, side: int) -> bool:
        return self.round_points[side] < self.round_points[self.other(side)]

    def ev(
        self, kind: str, actor: str | None, dice: tuple[int, ...], text: str, **data: Any
    ) -> None:
        self.events.append(Event(kind, actor, dice, text, data or None))

    def finish(self, winner: int | None, method: Method) -> None:
        self.winner = winner
        self.method = method

    # ---------------------------------------------------------------------------- the match
    def play(self) -> None:
        prep = self.prep
        if prep.options.referee:
            f1, f2 = self.two()
            referee = self.tables.referee[f1 + f2 - 2]
            self.ref_name, self.ref_mod = referee.name, referee.pin_modifier
            if self.record:
                how = (
                    "standard play"
                    if not referee.pin_modifier
                    else f"{referee.pin_modifier:+d} to every pin roll"
                )
                self.ev(
                    "referee",
                    None,
                    (f1, f2),
                    f"The referee is {referee.name} ({how}).",
                    total=f1 + f2,
                    modifier=referee.pin_modifier,
                )
        if prep.battle_royal:
            self.battle_royal()
        else:
            self.bout(prep.time_limit)

    def bout(self, limit: int) -> None:
        """Standard rounds between the two sides of ``pair`` until a finish or the time limit."""
        self.bout_rounds = 0
        if self.compiled_singles and not (self.tag or self.chart is not None or self.final):
            self._singles(limit)
        while self.method is None and self.bout_rounds < limit:
            self.play_round()
        if self.method is None:
            if self.cage_pinned_by is not None:
                self.cage_escape(self.cage_pinned_by, "as time runs out")
                return
            self.finish(None, Method.DRAW_TIME_LIMIT)
            if self.record:
                self.ev(
                    "time_limit",
                    None,
                    (),
                    f"Time runs out after {counted(limit, 'rounds')}: the match is a draw.",
                )

    # ---------------------------------------------------------------------------- singles
    def _singles(self, limit: int) -> None:
        """``play_round`` repeated for a singles match (no grudge chart, no battle royal),
        written over compiled tables for speed; the play-by-play when recording. It rolls the
        same dice in the same order and writes the same events as ``play_round``; the tests
        hold the two to it (tag, grudge and battle royal rounds run ``play_round``)."""
        rec = self.record
        events = self.events
        d6 = self.d6
        w0, w1 = self.teams[0][0], self.teams[1][0]
        wrestlers = (w0, w1)
        gen0, gen1 = w0.gen, w1.gen
        off, rop, spe, dfn = (w0.fo, w1.fo), (w0.fr, w1.fr), (w0.fs, w1.fs), (w0.dfn, w1.dfn)
        prio0, prio1 = w0.prio, w1.prio
        score, hits = self.score, self.specialty_hits
        strategy = self.strategy
        rounds = self.bout_rounds
        n0, n1 = self.names[0], self.names[1]

        def quiet_move(side: int) -> tuple[int, int, int]:
            """An Offensive Card roll and where it leads (the Ropes, the Specialty card)."""
            e = off[side][d6() + d6()]
            if e[2]:
                if e[2] == 1:
                    e = rop[side][d6() + d6()]
                    if e[2]:
                        e = spe[side][d6()]
                else:
                    e = spe[side][d6()]
            return e

        def move(side: int) -> tuple[int, int, int]:
            """``quiet_move`` with its play-by-play."""
            f1, f2 = d6(), d6()
            e = off[side][f1 + f2]
            if rec:
                w = wrestlers[side]
                events.append(
                    Event(
                        "offense",
                        w.key,
                        (f1, f2),
                        f"{w.sname} rolls {f1 + f2} on the Offensive Card: {w.off_words[f1 + f2]}.",
                    )
                )
            if e[2] == 1:
                f1, f2 = d6(), d6()
                e = rop[side][f1 + f2]
                if rec:
                    w = wrestlers[side]
                    events.append(
                        Event(
                            "ropes",
                            w.key,
                            (f1, f2),
                            f"{w.sname} rolls {f1 + f2} on the Ropes card: {w.rop_words[f1 + f2]}.",
                        )
                    )
            if e[2] == 2:
                face = d6()
                e = spe[side][face]
                if rec:
                    w = wrestlers[side]
                    events.append(
                        Event(
                            "specialty",
                            w.key,
                            (face,),
                            f"{w.sname} rolls {face} on the Specialty card ({w.specialty_name}): "
                            f"{w.spec_words[face]}.",
                        )
                    )
            return e

        if not rec:
            move = quiet_move
        while rounds < limit:
            rounds += 1
            while True:
                a1, a2, b1, b2 = d6(), d6(), d6(), d6()
                a = gen0[a1 + a2]
                b = gen1[b1 + b2]
                if rec:
                    if a or b:
                        text = (
                            f"Round {rounds}: {w0.sname} {a1 + a2} ({_GENERAL_WORDS[a]}), "
                            f"{w1.mname} {b1 + b2} ({_GENERAL_WORDS[b]})."
                        )
                    else:
                        text = (
                            f"Round {rounds}: {w0.sname} {a1 + a2} (DC), {w1.mname} {b1 + b2} "
                            "(DC): both on defense, they roll again."
                        )
                    events.append(Event("general", None, (a1, a2, b1, b2), text, {"round": rounds}))
                if a or b:
                    break
            if a and b:
                e = move(0)
                p0, f0 = e[0], e[1]
                e = move(1)
                p1, f1 = e[0], e[1]
                if f0 & F_PRIORITY and f1 & F_PRIORITY:
                    if prio0 > prio1:
                        p1 = f1 = 0
                    elif prio1 > prio0:
                        p0 = f0 = 0
                    else:
                        p0 = f0 = p1 = f1 = 0
                    if rec:
                        self.priority_event(w0, w1)
                dp0 = dp1 = 0
            else:
                att = 0 if a else 1
                while True:
                    e = move(att)
                    f1, f2 = d6(), d6()
                    code = dfn[1 - att][f1 + f2]
                    if rec:
                        self.defense_event(wrestlers[1 - att], f1 + f2, (f1, f2), code)
                    if code != DEF_REVERSE:
                        break
                    att = 1 - att
                if code == DEF_C:
                    p, f, dp = 0, 0, 4
                else:
                    p, f, dp = e[0], e[1], DEFENSE_POINTS[code]
                if att == 0:
                    p0, f0, dp0, p1, f1, dp1 = p, f, 0, 0, 0, dp
                else:
                    p0, f0, dp0, p1, f1, dp1 = 0, 0, dp, p, f, 0
            if (f0 | f1) & F_SETTLE:
                self.rounds = self.bout_rounds = rounds
                self._singles_settle(p0, f0, dp0, p1, f1, dp1)
                if self.method is not None:
                    return
                continue
            rp0, rp1 = p0 + dp0, p1 + dp1
            s0, s1 = score[0] + rp0, score[1] + rp1
            score[0], score[1] = s0, s1
            if (f0 | f1) & F_SPEC:
                if f0 & F_SPEC:
                    hits[0] += 1
                if f1 & F_SPEC:
                    hits[1] += 1
            if rec:
                events.append(
                    Event(
                        "score",
                        None,
                        (),
                        f"Round {rounds}: {n0} {rp0}, {n1} {rp1}. Score: {n0} {s0}, {n1} {s1}.",
                        {"round": rounds, "round_points": [rp0, rp1], "score": [s0, s1]},
                    )
                )
            if s0 >= PIN_SCORE and s0 - s1 >= PIN_LEAD and rp0 - rp1 >= PIN_ROUND:
                side = 0
            elif s1 >= PIN_SCORE and s1 - s0 >= PIN_LEAD and rp1 - rp0 >= PIN_ROUND:
                side = 1
            else:
                continue
            self.rounds = self.bout_rounds = rounds
            self.round_points[0], self.round_points[1] = rp0, rp1
            if strategy.attempt_pin(self, side, "score"):
                self.pin_attempt(side, "score")
                if self.method is not None:
                    return
        self.rounds = self.bout_rounds = rounds

    def _singles_settle(self, p0: int, f0: int, dp0: int, p1: int, f1: int, dp1: int) -> None:
        """The end of a singles round whose moves call for a roll: ``settle`` for one move a
        side given as (points, flags), the same dice in the same order."""
        for side, f in ((0, f0), (1, f1)):
            if f & F_SUB and self.submission(side):
                return
        out0 = out1 = False
        if f0 & F_DQ:
            scored = self.dq_roll(0, self.teams[0][0])
            out0, p0 = scored is None, scored or 0
        if f1 & F_DQ:
            scored = self.dq_roll(1, self.teams[1][0])
            out1, p1 = scored is None, scored or 0
        if out0 or out1:
            if out0 and out1:
                self.finish(None, Method.DOUBLE_DISQUALIFICATION)
                if self.record:
                    both = _both(self.teams[0][0], self.teams[1][0])
                    self.ev(
                        "dq", None, (), f"Both {both} are counted out: a double disqualification."
                    )
            else:
                self.finish(0 if out0 else 1, Method.DISQUALIFICATION)
            return
        rp0, rp1 = p0 + dp0, p1 + dp1
        score = self.score
        score[0] += rp0
        score[1] += rp1
        self.round_points[0], self.round_points[1] = rp0, rp1
        if f0 & F_SPEC:
            self.specialty_hits[0] += 1
        if f1 & F_SPEC:
            self.specialty_hits[1] += 1
        if self.record:
            self.score_event([rp0, rp1])
        tries: list[tuple[int, str]] = []
        if f0 & F_PIN:
            tries.append((0, "pa"))
        if f1 & F_PIN:
            tries.append((1, "pa"))
        for side, rp, rq in ((0, rp0, rp1), (1, rp1, rp0)):
            mine, theirs = score[side], score[1 - side]
            if (
                not (f0 if side == 0 else f1) & F_PIN
                and mine >= PIN_SCORE
                and mine - theirs >= PIN_LEAD
                and rp - rq >= PIN_ROUND
            ):
                tries.append((side, "score"))
        for side, reason in tries:
            if self.method is not None:
                return
            if self.strategy.attempt_pin(self, side, reason):
                self.pin_attempt(side, reason)

    # ---------------------------------------------------------------------------- one round
    def play_round(self) -> None:
        self.rounds += 1
        self.bout_rounds += 1
        x, y = self.pair
        acts: tuple[list[Act], list[Act]] = ([], [])
        dpts = [0, 0]
        double_round = False
        if self.tag and self.dt_rounds > 0:
            double_round = True
            self.double_team_round(acts, dpts)
        else:
            gx, gy = self.general_phase()
            attackers: tuple[list[int], list[int]] = ([], [])
            shared = [False, False]
            if self.tag and (gx == TT or gy == TT):
                double_round = self.double_team_start(gx, gy, attackers, shared)
                if self.method is not None:
                    return
            else:
                if gx:
                    attackers[0].append(self.legal[x])
                if gy:
                    attackers[1].append(self.legal[y])
            self.exchange(attackers, shared, acts, dpts)
        self.settle(acts, dpts, double_round)
        if self.method is None:
            self.end_of_round(double_round)

    def forced_dc(self, side: int) -> bool:
        """Blinded (grudge), or an injured man in with nobody fit to replace him."""
        return self.blind[side] > 0 or not self.fit(side, self.legal[side])

    def general_phase(self) -> tuple[int, int]:
        """Both men in roll the General Card; both DC roll again. Returns the two codes."""
        x, y = self.pair
        wx, wy = self.man(x), self.man(y)
        if self.injured or self.blind[x] or self.blind[y]:
            forced = self.forced_general(x, y, wx, wy)
            if forced is not None:
                return forced
        return self.roll_general(wx, wy)

    def forced_general(self, x: int, y: int, wx: Wrestler, wy: Wrestler) -> tuple[int, int] | None:
        """One man blinded or helpless: he is on DC and the other on OC, without a roll."""
        rec = self.record
        fx, fy = self.forced_dc(x), self.forced_dc(y)
        blinded = (self.blind[x] > 0, self.blind[y] > 0)
        if blinded[0]:
            self.blind[x] -= 1
        if blinded[1]:
            self.blind[y] -= 1
        if fx != fy:
            gx, gy = (DC, OC) if fx else (OC, DC)
            if rec:
                down, up = (wx, wy) if fx else (wy, wx)
                why = "cannot see" if blinded[0 if fx else 1] else "is hurt"
                self.ev(
                    "general",
                    None,
                    (),
                    f"Round {self.rounds}: {down.sname} {why} and stays on defense; "
                    f"{up.mname} is on the attack.",
                    round=self.rounds,
                )
            return gx, gy
        return None

    def roll_general(self, wx: Wrestler, wy: Wrestler) -> tuple[int, int]:
        rec = self.record
        two = self.two
        gen_x, gen_y = wx.gen, wy.gen
        while True:
            a1, a2 = two()
            b1, b2 = two()
            gx, gy = gen_x[a1 + a2], gen_y[b1 + b2]
            if rec:
                if gx or gy:
                    text = (
                        f"Round {self.rounds}: {wx.sname} {a1 + a2} ({_GENERAL_WORDS[gx]}), "
                        f"{wy.mname} {b1 + b2} ({_GENERAL_WORDS[gy]})."
                    )
                else:
                    text = (
                        f"Round {self.rounds}: {wx.sname} {a1 + a2} (DC), {wy.mname} {b1 + b2} "
                        "(DC): both on defense, they roll again."
                    )
                self.events.append(
                    Event("general", None, (a1, a2, b1, b2), text, {"round": self.rounds})
                )
            if gx or gy:
                return gx, gy

    # ---------------------------------------------------------------------------- moves
    def offense(
        self, w: Wrestler, faces: tuple[int, int] | None = None, double: bool = False
    ) -> Act:
        """``w`` rolls his Offensive Card (``faces``: the roll of a double team, shown with its
        first man only) and whatever it sends him to."""
        rec = self.record
        shown = faces is None or not double
        f1, f2 = faces if faces is not None else self.two()
        self.last_faces = (f1, f2)
        total = f1 + f2
        move = w.off[total]
        act = Act(w)
        side = w.side
        if self.penalty[side]:
            act.penalty = self.penalty[side]
            self.penalty[side] = 0
        if rec:
            shared = " (the double team's roll)" if double else ""
            self.events.append(
                Event(
                    "offense",
                    w.key,
                    (f1, f2) if shown else (),
                    f"{w.sname} rolls {total}{shared} on the Offensive Card: {w.off_words[total]}.",
                )
            )
        if move.kind == ROPES:
            act.ropes = True
            if self.mini:
                return act  # in a mini-match ROPES throws the foe out: no Ropes card
            r1, r2 = self.two()
            move = w.rop[r1 + r2]
            if rec:
                self.events.append(
                    Event(
                        "ropes",
                        w.key,
                        (r1, r2),
                        f"{w.sname} rolls {r1 + r2} on the Ropes card: {w.rop_words[r1 + r2]}.",
                    )
                )
        kind = move.kind
        if kind == MOVE:
            if move.grudge and self.chart is not None:
                self.grudge_move(w, act)
            else:
                act.points = move.points
                act.pin = move.pin
                act.sub = move.submission
        elif kind == SPECIALTY:
            self.specialty(w, act)
        elif kind == DQ:
            act.dq = True
        elif kind == NA:
            pass
        act.special = act.specialty or act.pin or act.sub
        if double:
            act.pin = act.sub = False
            act.special = False
        return act

    def specialty(self, w: Wrestler, act: Act) -> None:
        face = self.d6()
        roll = w.spec[face]
        act.specialty = True
        act.points += roll.points
        act.pin = act.pin or roll.pin
        act.sub = act.sub or roll.submission
        act.dq = act.dq or roll.dq
        if self.record:
            self.events.append(
                Event(
                    "specialty",
                    w.key,
                    (face,),
                    f"{w.sname} rolls {face} on the Specialty card ({w.specialty_name}): "
                    f"{w.spec_words[face]}.",
                )
            )

    def grudge_move(self, w: Wrestler, act: Act) -> None:
        """An XX move in a grudge match: the move is forgotten, the grudge chart is rolled."""
        f1, f2 = self.two()
        row = self.chart[f1 + f2 - 2]  # type: ignore[index]
        act.xx = row
        act.points = row.points
        act.pin = row.pin
        act.bonus = row.pin_bonus
        act.wins_on_pin = row.wins_on_pin
        if self.record:
            extra = []
            if row.pin:
                extra.append("see pin" + (f", add {row.pin_bonus}" if row.pin_bonus else ""))
            if row.ref_out:
                extra.append(f"no pin or submission for {counted(row.ref_out, 'rounds')}")
            if row.blind:
                extra.append(f"foe on defense for {counted(row.blind, 'rounds')}")
            if row.oc_penalty:
                extra.append(f"{row.oc_penalty} off the foe's next OC")
            if row.specialty:
                extra.append("and roll the specialty")
            chart = self.tables.titles.get(self.prep.grudge or "", "grudge chart")
            self.ev(
                "grudge",
                w.key,
                (f1, f2),
                f"ALL HELL BREAKS LOOSE! {w.sname} rolls {f1 + f2} on the {chart}: {row.name}, "
                f"{points(row.points)}" + (f" ({'; '.join(extra)})" if extra else "") + ".",
                total=f1 + f2,
            )
        if row.specialty:
            self.specialty(w, act)

    def defense(self, w: Wrestler) -> int:
        """``w`` rolls his Defensive Card (a helpless man, injured, takes it: B)."""
        if not self.fit(w.side, w.index):
            if self.record:
                self.ev("defense", w.key, (), f"{w.sname} is hurt and cannot defend (B).")
            return DEF_B
        f1, f2 = self.two()
        code = w.dfn[f1 + f2]
        if self.record:
            self.defense_event(w, f1 + f2, (f1, f2), code)
        return code

    def attack(self, side: int, attackers: list[int], shared: bool) -> list[Act]:
        team = self.teams[side]
        if shared and len(attackers) > 1:
            first = self.offense(team[attackers[0]], None, double=True)
            faces = self.last_faces
            return [first, *(self.offense(team[i], faces, double=True) for i in attackers[1:])]
        return [self.offense(team[i]) for i in attackers]

    def exchange(
        self,
        attackers: tuple[list[int], list[int]],
        shared: list[bool],
        acts: tuple[list[Act], list[Act]],
        dpts: list[int],
    ) -> None:
        """The round's action: everyone on offense rolls; a defender rolls against an attack;
        a Reverse turns it around."""
        pair = self.pair
        if attackers[0] and attackers[1]:
            acts[0].extend(self.attack(pair[0], attackers[0], shared[0]))
            acts[1].extend(self.attack(pair[1], attackers[1], shared[1]))
            return
        a = 0 if attackers[0] else 1
        current = self.attack(pair[a], attackers[a], shared[a])
        while True:
            d = 1 - a
            defender = self.man(pair[d])
            code = self.defense(defender)
            if code in (DEF_A, DEF_B):
                dpts[d] += DEFENSE_POINTS[code]
                acts[a].extend(current)
                return
            if code == DEF_C:
                dpts[d] += 4
                return
            # Reverse: the attack is void; the reverser attacks and his foe defends.
            a = d
            current = [self.offense(defender)]

    # ---------------------------------------------------------------------------- the round's end
    def settle(
        self, acts: tuple[list[Act], list[Act]], dpts: list[int], double_round: bool
    ) -> None:
        rec = self.record
        x, y = self.pair
        ax, ay = acts
        mini, final = self.mini, self.final
        if mini or final:
            for lst in acts:
                for a in lst:
                    a.elim = a.dq or (mini and (a.sub or a.ropes))
        # The Priority Factor: both rolled P/A, * or (S) (in a battle royal, a move that
        # eliminates counts too).
        if len(ax) == 1 and len(ay) == 1 and not double_round:
            a, b = ax[0], ay[0]
            if (a.special or a.elim) and (b.special or b.elim):
                pa, pb = a.w.prio, b.w.prio
                if pa > pb:
                    ay.clear()
                elif pb > pa:
                    ax.clear()
                else:
                    ax.clear()
                    ay.clear()
                if rec:
                    self.priority_event(a.w, b.w)
        if mini or final:
            for i, lst in enumerate(acts):
                if any(a.elim for a in lst):
                    winner = self.pair[i]
                    act = next(a for a in lst if a.elim)
                    self.eliminate_by_move(winner, act)
                    return
        subs = dqs = grudges = pins = False
        for lst in acts:
            for a in lst:
                if a.sub:
                    subs = True
                if a.dq:
                    dqs = True
                if a.pin:
                    pins = True
                if a.xx is not None:
                    grudges = True
        # Submissions.
        if subs and not double_round and not mini:
            for i, lst in enumerate(acts):
                for a in lst:
                    if a.sub:
                        if self.ref_out > 0:
                            if rec:
                                self.ev(
                                    "submission",
                                    a.w.key,
                                    (),
                                    "The referee is out cold: no submission can count.",
                                )
                            continue
                        if self.submission(self.pair[i]):
                            return
        # Disqualification rolls.
        if dqs and not mini:
            outs: list[int] = []
            for i, lst in enumerate(acts):
                for a in lst:
                    if a.dq:
                        scored = self.dq_roll(self.pair[i], a.w)
                        if scored is None:
                            outs.append(self.pair[i])
                            break
                        a.points = scored
            if outs:
                if len(outs) == 2:
                    self.finish(None, Method.DOUBLE_DISQUALIFICATION)
                    if rec:
                        both = _both(self.man(x), self.man(y))
                        self.ev(
                            "dq",
                            None,
                            (),
                            f"Both {both} are counted out: a double disqualification.",
                        )
                else:
                    self.finish(outs[0], Method.DISQUALIFICATION)
                return
        # The round's points.
        rp = [dpts[0], dpts[1]]
        for i, lst in enumerate(acts):
            for a in lst:
                rp[i] += max(0, a.points - a.penalty)
                if a.specialty:
                    self.specialty_hits[self.pair[i]] += 1
        self.round_points[x], self.round_points[y] = rp[0], rp[1]
        self.score[x] += rp[0]
        self.score[y] += rp[1]
        # Grudge moves that stood.
        if grudges:
            for i, lst in enumerate(acts):
                for a in lst:
                    if a.xx is not None:
                        self.grudge_effects(self.pair[i], a.xx)
        if rec:
            self.score_event(rp)
        if mini:
            self.mini_match_points()
            return
        if double_round:
            return
        if pins or max(self.score[x], self.score[y]) >= PIN_SCORE:
            self.pins(acts, rp)

    def priority_event(self, a: Wrestler, b: Wrestler) -> None:
        pa, pb = a.prio, b.prio
        if pa == pb:
            text = (
                f"Both roll a priority move and their Priority Factors are equal "
                f"({_rating(pa)}): neither scores this round."
            )
        else:
            hi, lo = (a, b) if pa > pb else (b, a)
            text = (
                f"Both roll a priority move: {hi.sname}'s Priority Factor "
                f"({_rating(max(pa, pb))}) beats {lo.mname}'s "
                f"({_rating(min(pa, pb))}); {lo.mname} scores nothing."
            )
        self.events.append(Event("priority", None, (), text, {"factors": [pa, pb]}))

    def defense_event(self, w: Wrestler, total: int, dice: tuple[int, ...], code: int) -> None:
        what = (
            "B, no points (absorbing the punishment).",
            "A, 2 points for fighting back.",
            "C, 4 points, and the attack is neutralized.",
            f"Reverse! The attack is void and {w.mname} takes the offense.",
        )[code]
        self.events.append(
            Event(
                "defense",
                w.key,
                dice,
                f"{w.sname} rolls {total} on the Defensive Card: {what}",
                {"result": _DEFENSE_WORDS[code]},
            )
        )

    def score_event(self, rp: list[int]) -> None:
        x, y = self.pair
        nx, ny = self.names[x], self.names[y]
        sx, sy = self.score[x], self.score[y]
        self.events.append(
            Event(
                "score",
                None,
                (),
                f"Round {self.rounds}: {nx} {rp[0]}, {ny} {rp[1]}. Score: {nx} {sx}, {ny} {sy}.",
                {"round": self.rounds, "round_points": rp, "score": [sx, sy]},
            )
        )

    def pins(self, acts: tuple[list[Act], list[Act]], rp: list[int]) -> None:
        """Pin attempts at the end of the round: P/A first, then by score."""
        pair = self.pair
        score = self.score
        tries: list[tuple[int, str, int, bool]] = []
        for i in (0, 1):
            pa = [a for a in acts[i] if a.pin]
            if pa:
                tries.append(
                    (pair[i], "pa", max(a.bonus for a in pa), any(a.wins_on_pin for a in pa))
                )
        for i in (0, 1):
            side, foe = pair[i], pair[1 - i]
            if (
                any(t[0] == side for t in tries)
                or score[side] < PIN_SCORE
                or score[side] - score[foe] < PIN_LEAD
                or rp[i] - rp[1 - i] < PIN_ROUND
            ):
                continue
            tries.append((side, "score", 0, False))
        for side, reason, bonus, wins in tries:
            if self.method is not None:
                return
            if self.ref_out > 0:
                if self.record:
                    self.ev(
                        "pin",
                        self.man(side).key,
                        (),
                        f"{self.man(side).sname} covers, but the referee is out cold: no count.",
                    )
                continue
            if self.cage_pinned_by == side:
                continue  # he is climbing out of the cage
            if self.strategy.attempt_pin(self, side, reason):
                self.pin_attempt(side, reason, bonus, wins)

    def pin_attempt(self, side: int, reason: str, bonus: int = 0, wins: bool = False) -> None:
        foe = self.other(side)
        w, v = self.man(side), self.man(foe)
        f1, f2 = self.two()
        total = f1 + f2 + self.ref_mod + bonus
        total = 2 if total < 2 else 12 if total > 12 else total
        pin_chart = self.pin_chart
        column = pin_chart.column(self.score[side])
        result = pin_chart.columns[column][total - 2]
        rec = self.record
        if rec:
            why = "a P/A move" if reason == "pa" else "on points"
            mods = ""
            if self.ref_mod or bonus:
                parts = []
                if bonus:
                    parts.append(f"+{bonus} for the move")
                if self.ref_mod:
                    parts.append(f"{self.ref_mod:+d} for {self.ref_name}")
                mods = f" ({', '.join(parts)}: {total})"
            label = pin_chart.labels[column]
            if result == PIN:
                outcome = "PIN!"
            else:
                outcome = f"{v.mname} kicks out; {w.mname} adds {points(result)}."
            self.ev(
                "pin",
                w.key,
                (f1, f2),
                f"{w.sname} goes for the pin ({why}): {f1 + f2}{mods} on the PIN CHART, "
                f"column {label}: {outcome}",
                total=total,
                column=label,
                pinned=result == PIN,
            )
        if result != PIN:
            self.score[side] += result
            return
        if self.tag and self.save(foe, "the count"):
            return
        if self.cage and not wins:
            self.cage_pin(side)
            return
        self.finish(side, Method.PIN)

    def submission(self, side: int) -> bool:
        """The victim of a * move rolls against his SUB range. True when the match is over."""
        foe = self.other(side)
        v = self.man(foe)
        f1, f2 = self.two()
        total = f1 + f2
        gives = v.sub_lo <= total <= v.sub_hi
        if self.record:
            rng = f"{v.sub_lo}-{v.sub_hi}" if v.sub_lo <= v.sub_hi else "none"
            self.ev(
                "submission",
                v.key,
                (f1, f2),
                f"{v.sname} is caught in a submission hold: {total} against the SUB range "
                f"({rng}): " + ("gives up!" if gives else "holds on."),
                total=total,
                submits=gives,
            )
        if not gives:
            return False
        if self.tag and self.save(foe, "the hold"):
            return False
        self.finish(side, Method.SUBMISSION)
        return True

    def dq_roll(self, side: int, w: Wrestler) -> int | None:
        """The victim of ``w``'s (DQ) move (side ``side``) rolls two dice: the points the move
        scores, or None when the victim is disqualified."""
        foe = self.other(side)
        v = self.man(foe)
        rec = self.record
        if self.cage:
            if rec:
                self.ev(
                    "dq",
                    v.key,
                    (),
                    f"Nobody can be thrown out of a steel cage: {w.mname}'s move is useless.",
                )
            return 0
        f1, f2 = self.two()
        total = f1 + f2
        if self.no_dq or total <= DQ_STAYS:
            if rec:
                why = (
                    "no disqualification in this match"
                    if self.no_dq and total > DQ_STAYS
                    else "back in before the count of 9"
                )
                self.ev(
                    "dq",
                    v.key,
                    (f1, f2),
                    f"{v.sname} is thrown out of the ring and rolls {total}: {why}; "
                    f"{w.mname} scores {points(total)}.",
                    total=total,
                    out=False,
                )
            return total
        if rec:
            self.ev(
                "dq",
                v.key,
                (f1, f2),
                f"{v.sname} is thrown out of the ring and rolls {total}: counted out and "
                "disqualified!",
                total=total,
                out=True,
            )
        return None

    def grudge_effects(self, side: int, row: GrudgeMove) -> None:
        foe = self.other(side)
        rec = self.record
        if row.ref_out:
            self.ref_out = max(self.ref_out, row.ref_out)
        if row.blind:
            self.blind[foe] = max(self.blind[foe], row.blind)
        if row.oc_penalty:
            self.penalty[foe] += row.oc_penalty
        if rec and (row.ref_out or row.blind or row.oc_penalty):
            v = self.man(foe)
            parts = []
            if row.ref_out:
                parts.append(f"the referee is out for {counted(row.ref_out, 'rounds')}")
            if row.blind:
                parts.append(f"{v.mname} is on defense for the next {counted(row.blind, 'rounds')}")
            if row.oc_penalty:
                parts.append(f"{v.mname}'s next offensive move loses {points(row.oc_penalty)}")
            self.ev("grudge", self.man(side).key, (), start_name("; ".join(parts)) + ".")

    # ---------------------------------------------------------------------------- steel cage
    def cage_pin(self, side: int) -> None:
        """A pin in a steel cage: the pinned man lunges; on doubles he keeps the pinner in."""
        foe = self.other(side)
        rec = self.record
        w, v = self.man(side), self.man(foe)
        if self.cage_pinned_by is None:
            f1, f2 = self.two()
            if f1 == f2:
                self.cage_pinned_by = side
                self.cage_window = f1 + f2
                self.cage_set = self.rounds
                if rec:
                    self.ev(
                        "cage",
                        v.key,
                        (f1, f2),
                        f"{w.sname} heads for the door, but {v.mname} lunges and rolls doubles "
                        f"({f1}-{f2}): {w.mname} is still in the cage! {v.sname} has "
                        f"{f1 + f2} rounds to pin {w.mname} in return.",
                        window=f1 + f2,
                    )
                return
            if rec:
                self.ev(
                    "cage",
                    v.key,
                    (f1, f2),
                    f"{v.sname} lunges ({f1}-{f2}, no doubles) but {w.mname} is over the top.",
                )
            self.cage_escape(side, "")
            return
        # Both have pinned: a race out of the cage, two dice plus the Priority Factor.
        first = self.cage_pinned_by
        a, b = self.man(first), self.man(side)
        while True:
            a1, a2 = self.two()
            b1, b2 = self.two()
            ta, tb = a1 + a2 + a.pf, b1 + b2 + b.pf
            if rec:
                self.ev(
                    "cage",
                    None,
                    (a1, a2, b1, b2),
                    f"Both {_both(a, b)} have been pinned: a race out of the cage! "
                    f"{a.sname} {a1 + a2} + "
                    f"{_rating(a.pf)} = {_rating(ta)}, {b.mname} {b1 + b2} + {_rating(b.pf)} = "
                    f"{_rating(tb)}" + (": a tie, they race again." if ta == tb else "."),
                )
            if ta != tb:
                self.cage_escape(first if ta > tb else side, "first")
                return

    def cage_escape(self, side: int, how: str) -> None:
        self.finish(side, Method.PIN)
        if self.record:
            w = self.man(side)
            self.ev("cage", w.key, (), f"{w.sname} climbs out of the cage {how}".rstrip() + "!")

    # ---------------------------------------------------------------------------- tag teams
    def save(self, side: int, what: str) -> bool:
        """Side ``side``'s man in is pinned or gives up: a man outside may break it up."""
        candidates = self.men_out(side)
        if not candidates:
            return False
        index = (
            candidates[0] if len(candidates) == 1 else self.strategy.breaker(self, side, candidates)
        )
        breaker = self.teams[side][index]
        f1, f2 = self.two()
        total = f1 + f2
        ok = breaker.save_lo <= total <= breaker.save_hi
        if self.record:
            rng = (
                f"{breaker.save_lo}-{breaker.save_hi}"
                if breaker.save_lo <= breaker.save_hi
                else "none"
            )
            self.ev(
                "save",
                breaker.key,
                (f1, f2),
                f"{breaker.sname} rushes in to break up {what}: {total} against the tag-team "
                f"range ({rng}): "
                + (f"the save! {breaker.sname} stays in the ring." if ok else "too late!"),
                total=total,
                saved=ok,
            )
        if ok:
            self.legal[side] = index
            self.in_ring_rounds[side] = 0
        return ok

    def double_team_start(
        self,
        gx: int,
        gy: int,
        attackers: tuple[list[int], list[int]],
        shared: list[bool],
    ) -> bool:
        """An OC/TT by a man in (tag matches). Fills ``attackers``; True for a double-team round
        (no pins or submissions)."""
        pair = self.pair
        rec = self.record
        codes = (gx, gy)
        if self.level == 1:
            for i in (0, 1):
                side = pair[i]
                if not codes[i]:
                    continue
                attackers[i].append(self.legal[side])
                if codes[i] == TT:
                    partners = self.men_out(side)
                    if partners:
                        chosen = self.strategy.double_team_partners(self, side, partners, 1)[:1]
                        attackers[i].extend(chosen)
                        shared[i] = True
                        self.doubled[side] = [self.legal[side], *chosen]
                        if rec:
                            team = self.teams[side]
                            self.ev(
                                "double_team",
                                team[chosen[0]].key,
                                (),
                                f"OC/TT: {team[chosen[0]].sname} comes in to double team with "
                                f"{self.man(side).mname}; one roll counts on both Offensive "
                                "Cards (P/A and * are ignored).",
                            )
            return False
        # Level 2 and 3: both OC/TT puts everyone in the ring for a round.
        if gx == TT and gy == TT:
            both = _both(self.man(pair[0]), self.man(pair[1])) if rec else ""
            self.start_all_in(1, f"Both {both} in roll OC/TT" if rec else "")
            self.all_in_attackers(attackers)
            return True
        i = 0 if gx == TT else 1
        side, foe = pair[i], pair[1 - i]
        helpers = self.men_out(side)
        if not helpers:
            attackers[i].append(self.legal[side])
            if codes[1 - i]:
                attackers[1 - i].append(self.legal[foe])
            return False
        team, foes = self.teams[side], self.teams[foe]
        off = max(team[j].chart_rating() for j in helpers)
        defenders = self.men_out(foe)
        dfn = max((foes[j].chart_rating() for j in defenders), default=1)
        f1, f2 = self.two()
        size = len(team)
        outcome = self.tables.advanced_tag_chart.outcome(size, off, dfn, f1 + f2)
        if rec:
            self.ev(
                "tag_chart",
                self.man(side).key,
                (f1, f2),
                f"OC/TT: {self.man(side).sname}'s team rolls {f1 + f2} on the Advanced "
                f"Tag-Team Chart (Off TTR {off}, Def TTR {dfn}): {outcome.letter}, "
                f"{self.prep.tag_texts[outcome.letter]}.",
                letter=outcome.letter,
                total=f1 + f2,
            )
        if outcome.injury:
            self.tag_injury(side, foe)
            if self.method is not None:
                return False
            attackers[i].append(self.legal[side])
            if self.legal_changed:
                # The new man in rolls his General Card for the round.
                w = self.man(foe)
                g1, g2 = self.two()
                code = w.gen[g1 + g2]
                if rec:
                    self.ev(
                        "general",
                        w.key,
                        (g1, g2),
                        f"{w.sname} comes in and rolls {g1 + g2} ({_GENERAL_WORDS[code]}).",
                    )
                if code:
                    attackers[1 - i].append(self.legal[foe])
            elif codes[1 - i] and self.fit(foe, self.legal[foe]):
                attackers[1 - i].append(self.legal[foe])
            return False
        if outcome.in_ring == "all":
            self.start_all_in(outcome.rounds, "")
            self.all_in_attackers(attackers)
            return True
        need = int(outcome.in_ring) - 1
        chosen = list(self.strategy.double_team_partners(self, side, helpers, need))[:need]
        self.dt_side = side
        self.dt_attackers = [self.legal[side], *chosen]
        self.dt_rounds = outcome.rounds
        self.dt_all = False
        if rec:
            names = " and ".join(team[j].sname for j in self.dt_attackers)
            self.ev(
                "double_team",
                self.man(side).key,
                (),
                f"{names} double team {self.man(foe).mname} for {outcome.rounds} round"
                f"{'s' if outcome.rounds != 1 else ''} (no pins or submissions meanwhile).",
                rounds=outcome.rounds,
            )
        attackers[i].extend(self.dt_attackers)
        if codes[1 - i]:
            attackers[1 - i].append(self.legal[foe])
        return True

    def start_all_in(self, rounds: int, why: str) -> None:
        self.dt_side = self.pair[0]
        self.dt_all = True
        self.dt_rounds = rounds
        self.dt_attackers = []
        if self.record:
            lead = f"{why}: " if why else ""
            self.ev(
                "double_team",
                None,
                (),
                f"{lead}everyone is in the ring for {rounds} round{'s' if rounds != 1 else ''}, "
                "all on the attack (no pins or submissions).",
                rounds=rounds,
            )

    def all_in_attackers(self, attackers: tuple[list[int], list[int]]) -> None:
        for i in (0, 1):
            side = self.pair[i]
            attackers[i][:] = [j for j in range(len(self.teams[side])) if self.fit(side, j)]

    def double_team_round(self, acts: tuple[list[Act], list[Act]], dpts: list[int]) -> None:
        """A round of sustained double teaming (Level 2/3)."""
        pair = self.pair
        rec = self.record
        attackers: tuple[list[int], list[int]] = ([], [])
        if self.dt_all:
            self.all_in_attackers(attackers)
            if rec:
                self.ev("general", None, (), f"Round {self.rounds}: everyone in the ring attacks.")
            self.exchange(attackers, [False, False], acts, dpts)
            return
        i = 0 if self.dt_side == pair[0] else 1
        side, foe = pair[i], pair[1 - i]
        team = self.teams[side]
        crew = [j for j in self.dt_attackers if self.fit(side, j)]
        lone = self.man(foe)
        while True:
            faces: list[int] = []
            on: list[int] = []
            for j in crew:
                f1, f2 = self.two()
                faces += (f1, f2)
                if team[j].gen[f1 + f2]:
                    on.append(j)
            lone_on = False
            if self.fit(foe, self.legal[foe]):
                g1, g2 = self.two()
                faces += (g1, g2)
                lone_on = bool(lone.gen[g1 + g2])
            if rec:
                words = (
                    ", ".join(f"{team[j].sname} {'OC' if j in on else 'DC'}" for j in crew)
                    + f"; {lone.sname} {'OC' if lone_on else 'DC'}"
                )
                again = " Everyone is on defense: they roll again." if not (on or lone_on) else ""
                self.ev(
                    "general",
                    None,
                    tuple(faces),
                    f"Round {self.rounds} (double teaming): {words}.{again}",
                    round=self.rounds,
                )
            if on or lone_on:
                break
        attackers[i].extend(on)
        if lone_on:
            attackers[1 - i].append(self.legal[foe])
        self.exchange(attackers, [False, False], acts, dpts)

    def tag_injury(self, side: int, foe: int) -> None:
        """An INJURY! on the Advanced Tag-Team Chart: one die on the Tag Team Injury Chart."""
        face = self.d6()
        row: TagInjury = self.tables.tag_injury_chart[face - 1]
        team = self.teams[foe]
        hurt: list[int] = []
        outside = self.men_out(foe)
        if row.who in ("man_in", "both"):
            hurt.append(self.legal[foe])
        if row.who in ("man_out", "both") and outside:
            hurt.append(max(outside, key=lambda j: (team[j].ttr, -j)))
        for j in hurt:
            self.injured[(foe, j)] = max(self.injured.get((foe, j), 0), row.rounds)
            w = team[j]
            self.injuries.append(
                InjuryEffect(
                    key=w.key,
                    description=w.injury_texts[0 if j == self.legal[foe] else 1],
                    fight_cards=row.fight_cards,
                    source="tag_injury_chart",
                )
            )
        self.legal_changed = False
        if self.record:
            man, men = _group([team[j] for j in hurt]) if hurt else self.prep.side_nouns[foe]
            names = " and ".join(team[j].sname for j in hurt) or f"nobody (no {man} outside)"
            text = chart_words(row.text, man, men)
            self.ev(
                "injury",
                self.man(side).key,
                (face,),
                f"INJURY! {face} on the Tag Team Injury Chart: {text}. Hurt: {names}.",
                face=face,
                rounds=row.rounds,
            )
        if self.legal[foe] in hurt:
            fresh = self.men_out(foe)
            if fresh:
                index = fresh[0] if len(fresh) == 1 else self.strategy.replacement(self, foe, fresh)
                out = team[self.legal[foe]]
                self.legal[foe] = index
                self.in_ring_rounds[foe] = 0
                self.legal_changed = True
                if self.record:
                    self.ev(
                        "tag",
                        team[index].key,
                        (),
                        f"{team[index].sname} takes the injured {out.noun}'s place in the ring.",
                    )

    legal_changed = False
    last_faces: tuple[int, int] = (0, 0)

    # ---------------------------------------------------------------------------- between rounds
    def end_of_round(self, double_round: bool) -> None:
        rec = self.record
        if self.ref_out > 0:
            self.ref_out -= 1
            if rec and self.ref_out == 0:
                self.ev("grudge", None, (), "The referee comes to.")
        if self.cage_pinned_by is not None and self.rounds > self.cage_set:
            self.cage_window -= 1
            if self.cage_window <= 0:
                self.cage_escape(self.cage_pinned_by, "before the pin comes back")
                return
        if not self.tag:
            return
        for key in list(self.injured):
            self.injured[key] -= 1
            if self.injured[key] <= 0:
                del self.injured[key]
        if self.dt_rounds > 0:
            self.dt_rounds -= 1
            if self.dt_rounds == 0:
                self.dt_attackers = []
                self.dt_all = False
        for side in self.pair:
            self.in_ring_rounds[side] += 1
            self.last_in[side][self.legal[side]] = self.rounds
        if double_round:
            return
        for side in self.pair:
            pair = self.doubled.pop(side, None)
            if pair is not None and self.legal[side] in pair:
                self.stays_in(side, pair)
            self.tag_out(side)

    def stays_in(self, side: int, pair: list[int]) -> None:
        """Level 1: after double teaming, either partner may be left in the ring."""
        choice = self.strategy.stays_in(self, side, pair)
        if choice in pair and choice != self.legal[side]:
            old = self.man(side)
            self.legal[side] = choice
            self.in_ring_rounds[side] = 0
            if self.record:
                new = self.man(side)
                self.ev("tag", new.key, (), f"{new.sname} stays in the ring; {old.mname} goes out.")

    def tag_out(self, side: int) -> None:
        w = self.man(side)
        if self.level >= 2:
            mine, theirs = self.round_points[side], self.round_points[self.other(side)]
            rating = w.ttr
            allowed = rating >= 3 or (rating >= 2 and mine >= theirs) or mine > theirs
            if not allowed:
                return
        partners = self.men_out(side)
        if not partners:
            return
        choice = self.strategy.tag_out(self, side, partners)
        if choice is None or choice not in partners:
            return
        self.legal[side] = choice
        self.in_ring_rounds[side] = 0
        if self.record:
            new = self.teams[side][choice]
            self.ev("tag", new.key, (), f"{w.sname} tags out to {new.mname}.")

    # ---------------------------------------------------------------------------- battle royal
    def battle_royal(self) -> None:
        rec = self.record
        remaining = list(range(len(self.teams)))
        while len(remaining) > 2:
            a, b = self.strategy.pairing(self, list(remaining))
            if a not in remaining or b not in remaining or a == b:
                raise SpecError("the pairing strategy must name two different wrestlers still in")
            loser = self.mini_match(a, b)
            remaining.remove(loser)
        x, y = remaining
        self.pair = (x, y)
        self.score[x] = self.score[y] = 0
        self.mini = False
        self.final = True
        if rec:
            self.ev(
                "mini_match",
                None,
                (),
                f"{self.man(x).sname} and {self.man(y).mname} are the last two: they wrestle "
                "a standard match (a (DQ) move sends the foe over the top rope).",
                sides=[x, y],
                final=True,
            )
        self.bout(self.prep.time_limit)
        if self.winner is not None:
            loser = y if self.winner == x else x
            self.eliminated.append(loser)

    def mini_match(self, a: int, b: int) -> int:
        """One battle royal mini-match; returns the side eliminated."""
        self.pair = (a, b)
        self.score[a] = self.score[b] = 0
        self.mini = True
        self.mini_loser: int | None = None
        if self.record:
            self.ev(
                "mini_match",
                None,
                (),
                f"Mini-match: {self.man(a).sname} (PF {_rating(self.man(a).pf)}) against "
                f"{self.man(b).mname} (PF {_rating(self.man(b).pf)}).",
                sides=[a, b],
            )
        rounds = 0
        while self.mini_loser is None:
            rounds += 1
            if rounds > MINI_MATCH_ROUNDS:
                sa, sb = self.score[a], self.score[b]
                pa, pb = self.man(a).pf, self.man(b).pf
                loser = b if (sa, pa, -a) > (sb, pb, -b) else a
                self.eliminate(loser, f"still behind after {MINI_MATCH_ROUNDS} rounds")
                break
            self.rounds += 1
            self.play_mini_round()
        return self.mini_loser  # type: ignore[return-value]

    def play_mini_round(self) -> None:
        acts: tuple[list[Act], list[Act]] = ([], [])
        dpts = [0, 0]
        gx, gy = self.general_phase()
        attackers: tuple[list[int], list[int]] = ([0] if gx else [], [0] if gy else [])
        self.exchange(attackers, [False, False], acts, dpts)
        self.settle(acts, dpts, False)

    def mini_match_points(self) -> None:
        x, y = self.pair
        for side, foe in ((x, y), (y, x)):
            if (
                self.score[side] >= MINI_MATCH_POINTS
                and self.score[side] - self.score[foe] >= MINI_MATCH_LEAD
            ):
                self.eliminate(
                    foe,
                    f"{self.man(side).mname} has {self.score[side]} points, "
                    f"{self.score[side] - self.score[foe]} ahead",
                )
                return

    def eliminate_by_move(self, side: int, act: Act) -> None:
        foe = self.other(side)
        if self.final:
            self.finish(side, Method.ELIMINATION)
            if self.record:
                self.ev(
                    "eliminated",
                    self.man(foe).key,
                    (),
                    f"{self.man(side).sname} throws {self.man(foe).mname} over the top rope!",
                )
            return
        name = self.man(side).mname
        if act.sub:
            how = f"{name} wins with a submission hold (*)"
        elif act.dq:
            how = f"{name} throws the foe out of the ring (DQ)"
        else:
            how = f"{name} rolls ROPES and tosses the foe out of the ring"
        self.eliminate(foe, how)

    def eliminate(self, side: int, why: str) -> None:
        self.eliminated.append(side)
        self.mini_loser = side
        if self.record:
            w = self.man(side)
            self.ev("eliminated", w.key, (), f"{w.sname} is eliminated: {why}.")

    mini_loser: int | None = None

    # ---------------------------------------------------------------------------- result
    def side_name(self, side: int) -> str:
        team = self.teams[side]
        if len(team) == 1:
            return team[0].sname
        return " & ".join(w.name for w in team)

    def result(self, seed: int | None = None) -> MatchResult:
        effects = Effects(
            injuries=tuple(self.injuries),
            finisher_hits=tuple(self.specialty_hits),
            eliminations=tuple(self.teams[s][0].key for s in self.eliminated),
        )
        events = (*self.events, self._final_event()) if self.record else ()
        assert self.method is not None  # play() ends every match with its method
        return MatchResult(SYSTEM, self.winner, self.method, self.rounds, events, effects, seed)

    def _final_event(self) -> Event:
        method = self.method
        assert method is not None
        if self.winner is None:
            text = {
                Method.DOUBLE_DISQUALIFICATION: "The match ends in a double disqualification.",
                Method.DRAW_TIME_LIMIT: "The match is a time-limit draw.",
            }[method]
        else:
            names = self.side_name(self.winner)
            plural = len(self.teams[self.winner]) > 1
            how = {
                Method.PIN: "by pinfall",
                Method.SUBMISSION: "by submission",
                Method.DISQUALIFICATION: "by disqualification",
                Method.ELIMINATION: "over the top rope",
            }[method]
            if self.prep.battle_royal:
                how = f"the battle royal ({how})"
            text = (
                f"{names} win{'' if plural else 's'} {how} after {counted(self.rounds, 'rounds')}."
            )
        data = {"winner": self.winner, "method": method.value, "score": self.final_score()}
        return Event("end", None, (), text, data)

    def final_score(self) -> list[int]:
        """The scores of the last two in the ring (of every side in a battle royal's final)."""
        return [self.score[s] for s in self.pair]


def played_rating(printed: float, champion: bool) -> int:
    """The rating a card plays at (its Priority Factor or tag-team rating). The rulebook's ratings
    run "from 1 to 5+" (tag teams "1 to 3+") over a table of 1 to 5 whose last row is "+1 Champion
    (add to rating)": the "+" is that one point, so a printed "5+" (stored as 5.5) plays as 6, a
    "3+" as 4. Eye of the Tiger gives a reigning champion the same point ("his PF would raise from
    a 5 to a 6 for his reign"), once: a champion whose card already prints the "+" plays at 6 too,
    "5+ being the best" (docs/rules/superstar.md)."""
    whole = int(printed)
    return whole + 1 if champion or printed != whole else whole


def _rating(value: float) -> str:
    whole = int(value)
    return f"{whole}+" if value != whole else str(whole)


def run(
    prep: Prepared, dice: Dice, strategy: Any, *, record: bool = True, seed: int | None = None
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
        roll_off=lambda side: _roll_off(prep, dice, side),
        length=SUDDEN_DEATH,
        unit="rounds",
        roll_words="two dice each plus the Priority Factor, as the steel cage's race",
        record=record,
    )


def _roll_factor(prep: Prepared, side: int) -> int:
    """What a side adds to its roll-off: its best Priority Factor (the tag rating in a tag
    match), as the steel cage's race out of the cage adds it."""
    return max(w.prio for w in prep.teams[side])


def _roll_off(prep: Prepared, dice: Dice, side: int) -> tuple[tuple[int, ...], int]:
    """A side's roll in the referee's roll-off: two dice plus its Priority Factor."""
    f1, f2 = dice.two_d6()
    return (f1, f2), f1 + f2 + _roll_factor(prep, side)


def roll_off_chances(prep: Prepared) -> tuple[float, float]:
    """One roll-off's chances for the first-named side: to win it, and to tie it."""
    lead = _roll_factor(prep, 0) - _roll_factor(prep, 1)
    win = tie = 0.0
    for a in range(2, 13):
        for b in range(2, 13):
            p = (6 - abs(a - 7)) * (6 - abs(b - 7)) / 1296
            if a + lead > b:
                win += p
            elif a + lead == b:
                tie += p
    return win, tie
