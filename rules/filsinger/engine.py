"""The Filsinger match loop: one mutable match state, injected dice, a strategy for choices.

The same code serves both paths: ``record=True`` writes the play-by-play (every event with the
dice it used), ``record=False`` skips all formatting and is the fast path for odds. Both draw the
same dice in the same order, so the same seed gives the same winner, method and length. (The fast
path of a singles match runs ``_fast_singles``, which is ``turn()`` with its commonest case, a plain
move and a plain answer, written inline; the tests hold the two paths to the same results.)

Cards are compiled per match (``Wrestler.compile``): entries that need nothing but the plain rules
under the chosen options are marked, so the loop tests one small integer instead of six flags.

A match advances in *turns*: one offensive roll and everything it sets off (the defender's roll,
a chart, a pin, a disqualification roll ...). ``turn()`` plays exactly one, which is also what the
exact-odds solver enumerates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import OptionError, SpecError, TableError
from rules.core.events import Event
from rules.core.result import Effects, InjuryEffect, MatchResult, Method
from rules.core.spec import MatchSpec, Participant, Ringside, check_spec
from rules.core.text import Named, Pronouns, group_noun, pronouns
from rules.core.tournament import (
    TOURNAMENT,
    check_tournament,
    is_tournament,
    settle,
    sudden_death_spec,
)
from rules.filsinger.cards import (
    CHART,
    CHOICE,
    FINISHER,
    MOVE,
    FilsingerCard,
    Offense,
    offense_text,
)
from rules.filsinger.moves import MoveKind, move_words
from rules.filsinger.options import (
    ADD1,
    AGILITY_POWER,
    CHART_CHOICES,
    CHOICE_SITUATIONS,
    DISTRACTIONS,
    DQ_MOVES,
    FATIGUE,
    FEUD_TABLE,
    FINISHER_RATINGS,
    LEAVE_RING,
    OPTION_NAMES,
    RINGSIDE_ALLY,
    ROLL_FINISHERS,
    TAG_MOVES,
    TAG_ON_DEFENSE,
)
from rules.filsinger.tables import FilsingerTables, Outcome, load_tables
from rules.filsinger.text import article, fill, fill_feud, mid_name, start_name, turns

SYSTEM = "filsinger"
MATCH_TYPES = ("singles", "tag")
PER_SIDE = {"singles": 1, "tag": 2}
DEFAULT_TIME_LIMIT = 200
MAX_PIN = 12
STIPULATIONS = ("no_dq", "no_count_out", "falls_count_anywhere", TOURNAMENT)
#: A tournament match's sudden-death fall, in offensive turns (``rules.core.tournament``).
SUDDEN_DEATH = 30
TAG_TARGET = {"partners": 6, "group": 4}
ALLY_DQ = 6
RINGSIDE_DISTRACTOR = 5

_DEFENSE_WORDS = {"dazed": "is dazed", "hurt": "is hurt", "down": "is down"}
#: What a chart entry does to the opponent {d}, and the same as something tried.
_CHART_VERBS = {
    "ropes": "whip {d} into the ropes",
    "turnbuckle": "send {d} into the turnbuckle",
    "ring": "throw {d} out of the ring",
    "deathjump": "climb the top rope and leap at {d}",
}
_CHART_DOES = {
    "ropes": "{a} whips {d} into the ropes.",
    "turnbuckle": "{a} sends {d} into the turnbuckle.",
    "ring": "{a} throws {d} out of the ring!",
    "deathjump": "{a} climbs the top rope and leaps at {d}!",
}
_CHART_ATTEMPTS = {
    "ropes": "an Irish whip into the ropes",
    "turnbuckle": "a whip into the turnbuckle",
    "ring": "a toss out of the ring",
    "deathjump": "a deathjump",
}


class Wrestler:
    """A participant compiled for the loop (its card, its names, its ratings for these rules).

    The words for the wrestler are resolved here, once a match: ``sname``/``mname`` the name
    to start or inside a sentence, ``pronouns`` (``rules.core.text.Pronouns``: him, his...) and
    ``named``/``snamed`` the same for the charts' templates (``{you}``, ``{you:him}``)."""

    __slots__ = (
        "ag",
        "card",
        "charts",
        "def_codes",
        "def_to",
        "defense",
        "disq",
        "entry_texts",
        "index",
        "key",
        "mname",
        "name",
        "named",
        "off_codes",
        "offense",
        "participant",
        "pin0",
        "pronouns",
        "pw",
        "side",
        "sname",
        "snamed",
    )

    def __init__(self, participant: Participant, side: int, index: int, fatigue: bool):
        card: FilsingerCard = participant.card
        if not isinstance(card, FilsingerCard):
            raise SpecError(f"{participant.key}: not a Filsinger card ({type(card).__name__})")
        r = card.ratings
        self.participant = participant
        self.card = card
        self.side = side
        self.index = index
        self.key = participant.key
        self.name = participant.name
        self.sname = start_name(participant.name)
        self.mname = mid_name(participant.name)
        self.pronouns: Pronouns = pronouns(participant.pronouns)
        self.named = Named(self.mname, self.pronouns)
        self.snamed = Named(self.sname, self.pronouns)
        self.offense = card.offense
        self.defense = card.defense
        base = r.pin_fatigue if fatigue else r.pin
        base += participant.pin_modifier + (2 if participant.injured else 0)
        self.pin0 = max(0, min(MAX_PIN, base))
        self.disq = r.disqualification
        self.ag = r.agility
        self.pw = r.power
        self.charts = {
            "ropes": r.ropes,
            "turnbuckle": r.turnbuckle,
            "ring": r.ring,
            "deathjump": r.deathjump,
        }
        self.entry_texts = tuple(
            tuple(
                offense_text(e) if e.kind != CHOICE else f"(ch) {e.choice_situation}" for e in row
            )
            for row in card.offense
        )
        self.off_codes: tuple[tuple[int, ...], ...] = ()
        self.def_codes: tuple[tuple[int, ...], ...] = ()
        self.def_to = tuple(tuple(e.level for e in row) for row in card.defense)

    def compile(self, flags: Flags, relationship: str | None) -> None:
        """Mark the entries that need nothing but the plain rules under these options.

        Offense: 0 a plain move, 1 anything else. Defense: 0 dazed/hurt/down, 1 a counter,
        2 a PIN, 3 an entry whose (tag) or (lv) is in play.
        """

        def plain_move(e: Offense) -> bool:
            return (
                e.kind == MOVE
                and not (e.choice_situation and flags.choice)
                and not (e.only and flags.tag_moves and e.only != flags.kind_name)
                and not (e.check and flags.agility)
                and not (e.dq is not False and flags.dq_moves)
                and not (e.add1 and flags.add1)
            )

        def code(d: Any) -> int:
            if (d.tag and flags.tag_def and relationship in TAG_TARGET) or (
                d.leave and flags.leave
            ):
                return 3
            return {"counter": 1, "pin": 2}.get(d.result, 0)

        self.off_codes = tuple(
            tuple(0 if plain_move(e) else 1 for e in row) for row in self.offense
        )
        self.def_codes = tuple(tuple(code(d) for d in row) for row in self.defense)


@dataclass(frozen=True, slots=True)
class Flags:
    """Which optional rules are in play for one match, computed once."""

    fatigue: bool
    finisher: bool
    tag_def: bool
    agility: bool
    chart_choice: bool
    leave: bool
    choice: bool
    feud: bool
    ally: bool
    add1: bool
    roll: bool
    tag_moves: bool
    dq_moves: bool
    distract: bool
    kind_name: str

    @classmethod
    def of(cls, opts: frozenset[str], tag: bool, feud: bool, no_dq: bool) -> Flags:
        return cls(
            fatigue=FATIGUE in opts,
            finisher=FINISHER_RATINGS in opts,
            tag_def=TAG_ON_DEFENSE in opts and tag,
            agility=AGILITY_POWER in opts,
            chart_choice=CHART_CHOICES in opts,
            leave=LEAVE_RING in opts,
            choice=CHOICE_SITUATIONS in opts,
            feud=FEUD_TABLE in opts and feud,
            ally=RINGSIDE_ALLY in opts and not tag,
            add1=ADD1 in opts,
            roll=ROLL_FINISHERS in opts,
            tag_moves=TAG_MOVES in opts,
            dq_moves=DQ_MOVES in opts and not no_dq,
            distract=DISTRACTIONS in opts,
            kind_name="tag" if tag else "singles",
        )


@dataclass(frozen=True, slots=True)
class Prepared:
    """A spec checked and compiled once (odds reuse it for every run)."""

    spec: MatchSpec
    tables: FilsingerTables
    options: frozenset[str]
    wrestlers: tuple[tuple[Wrestler, ...], ...]
    ringside: tuple[tuple[Ringside, ...], ...]
    relationship: tuple[str | None, ...]
    tag: bool
    time_limit: int
    no_dq: bool
    no_count_out: bool
    flags: Flags
    #: Outside interference can come before a defensive roll (rule 14 and someone at ringside).
    interference: bool
    #: Per side: rule 9 is in play and the side has an ally at ringside (who may interfere once).
    ally_sides: tuple[bool, ...] = (False, False)
    texts: dict = field(default_factory=dict, compare=False, repr=False)
    #: A tournament match: one sudden-death fall prepared (None for any other match).
    sudden_death: Prepared | None = field(default=None, compare=False, repr=False)


def prepare(spec: MatchSpec, tables: FilsingerTables | None = None) -> Prepared:
    check_spec(spec, system=SYSTEM, per_side=PER_SIDE, stipulations=STIPULATIONS)
    check_tournament(spec)
    options = frozenset(spec.options or ())
    unknown_options = sorted(options - set(OPTION_NAMES))
    if unknown_options:
        raise OptionError(
            f"unknown filsinger rule option(s): {', '.join(unknown_options)}. "
            f"Valid: {', '.join(OPTION_NAMES)}"
        )
    tables = tables or load_tables()
    fatigue = FATIGUE in options
    wrestlers = tuple(
        tuple(Wrestler(p, s, i, fatigue) for i, p in enumerate(side.participants))
        for s, side in enumerate(spec.sides)
    )
    if CHOICE_SITUATIONS in options:
        problems = []
        for side in wrestlers:
            for w in side:
                for lvl, row in enumerate(w.offense, 1):
                    for i, e in enumerate(row):
                        letter = e.choice_situation
                        if letter and letter not in tables.choice_situations:
                            problems.append(
                                (
                                    f"{w.key}.offense.{lvl}[{i}].choice_situation",
                                    f"no column {letter!r} in the Choice Situations chart",
                                )
                            )
        if problems:
            raise TableError(problems)
    ringside = [tuple(r for r in (side.manager, side.ally) if r is not None) for side in spec.sides]
    st = spec.stipulations
    no_dq = bool(st.get("no_dq"))
    flags = Flags.of(options, spec.match_type == "tag", spec.feud, no_dq)
    for s, side in enumerate(wrestlers):
        for w in side:
            w.compile(flags, spec.sides[s].relationship)
    return Prepared(
        spec=spec,
        tables=tables,
        options=options,
        wrestlers=wrestlers,
        ringside=tuple(ringside),
        relationship=tuple(side.relationship for side in spec.sides),
        tag=spec.match_type == "tag",
        time_limit=spec.time_limit if spec.time_limit is not None else DEFAULT_TIME_LIMIT,
        no_dq=no_dq,
        no_count_out=bool(st.get("no_count_out") or st.get("falls_count_anywhere")),
        flags=flags,
        interference=flags.distract and (flags.kind_name == "tag" or any(ringside)),
        ally_sides=tuple(flags.ally and side.ally is not None for side in spec.sides),
        sudden_death=(
            prepare(sudden_death_spec(spec, SUDDEN_DEATH), tables) if is_tournament(spec) else None
        ),
    )


def _distractor_rating(person: Ringside | Participant) -> int:
    rating = getattr(person, "distractor", None)
    if rating is None:
        card = getattr(person, "card", None)
        rating = getattr(getattr(card, "ratings", None), "distractor", None)
    return RINGSIDE_DISTRACTOR if rating is None else rating


class Match:
    """The one mutable state of a match, and the loop that plays it."""

    __slots__ = (
        "charts",
        "d6",
        "dice",
        "dist_used",
        "distractions",
        "end_faces",
        "end_side",
        "events",
        "f",
        "feud_result",
        "finisher_hits",
        "fresh",
        "interference",
        "intf_used",
        "kind_name",
        "legal",
        "level",
        "method",
        "off",
        "pins",
        "prep",
        "record",
        "said_cover",
        "strategy",
        "tag",
        "turns",
        "two",
        "winner",
        "ws",
    )

    def __init__(self, prep: Prepared, dice: Dice, strategy: Any, record: bool = True):
        self.prep = prep
        self.dice = dice
        self.d6 = dice.d6
        self.two = dice.two_d6
        self.strategy = strategy
        self.record = record
        f = prep.flags
        self.f = f
        self.kind_name = f.kind_name
        self.charts = prep.tables.charts
        self.ws = ws = prep.wrestlers
        self.tag = prep.tag
        # state
        self.off = 0
        self.level = 1
        self.legal = [0, 0]
        self.pins = [[w.pin0 for w in ws[0]], [w.pin0 for w in ws[1]]]
        self.dist_used = [False, False]
        self.intf_used = [False, False]
        self.fresh = False
        self.turns = 0
        self.winner: int | None = None
        self.method: Method | None = None
        self.end_faces: tuple[int, ...] = ()
        self.end_side = 0
        self.events: list[Event] = []
        self.finisher_hits = [0, 0]
        self.interference: list[int] = []
        self.distractions: list[int] = []
        self.feud_result: tuple[str, tuple[InjuryEffect, ...]] = ("", ())
        #: The play-by-play only: the offensive event just written is a cover (a roll-up), so
        #: the defensive roll reads as its end.
        self.said_cover = False

    # ---------------------------------------------------------------------------- accessors
    def wrestler(self, side: int) -> Wrestler:
        """The legal wrestler (the one in the ring) of a side."""
        return self.ws[side][self.legal[side]]

    def partner(self, side: int) -> Wrestler | None:
        if not self.tag:
            return None
        return self.ws[side][1 - self.legal[side]]

    def pin_rating(self, side: int) -> int:
        return self.pins[side][self.legal[side]]

    def wear(self, side: int, index: int) -> int:
        """How far a wrestler's PIN rating has risen this match (fatigue, Add 1, distractions)."""
        return self.pins[side][index] - self.ws[side][index].pin0

    def ringside(self, side: int) -> tuple[Any, ...]:
        """Who can distract or interfere for a side: manager, ally, and the tag partner."""
        people: tuple[Any, ...] = self.prep.ringside[side]
        if self.tag:
            people = (*people, self.ws[side][1 - self.legal[side]].participant)
        return people

    # ---------------------------------------------------------------------------- plumbing
    def ev(
        self, kind: str, actor: str | None, dice: tuple[int, ...], text: str, **data: Any
    ) -> None:
        self.events.append(Event(kind, actor, dice, text, data or None))

    def finish(self, winner: int | None, method: Method, faces: tuple[int, ...], side: int) -> None:
        self.winner = winner
        self.method = method
        self.end_faces = faces
        self.end_side = side

    def gain(self, side: int, level: int) -> None:
        """``side`` is on offense at ``level`` next; ``fresh`` marks that it has just taken over."""
        self.fresh = side != self.off
        self.off = side
        self.level = level

    def add_pin(self, side: int, amount: int = 1) -> None:
        i = self.legal[side]
        p = self.pins[side][i] + amount
        self.pins[side][i] = MAX_PIN if p > MAX_PIN else p

    # ---------------------------------------------------------------------------- the match
    def opening(self) -> None:
        d6 = self.d6
        while True:
            a, b = d6(), d6()
            if self.record:
                w0, w1 = self.ws[0][0], self.ws[1][0]
                if a == b:
                    text = f"{w0.sname} and {w1.mname} both roll {a}; they roll again."
                else:
                    first = w0 if a > b else w1
                    text = (
                        f"{first.sname} wins the opening roll ({max(a, b)} to {min(a, b)}) and "
                        "starts the match."
                    )
                self.ev("opening", None, (a, b), text)
            if a != b:
                self.off = 0 if a > b else 1
                self.level = 1
                return

    def play(self) -> None:
        self.opening()
        limit = self.prep.time_limit
        if not (self.record or self.tag or self.prep.interference):
            self._fast_singles(limit)
        else:
            # Outside a tag match ``before_roll()`` only clears ``fresh``, which ``offense_roll()``
            # does too: one call a turn.
            turn = self.turn if self.tag else self.offense_roll
            while self.method is None and self.turns < limit:
                turn()
        if self.method is None:
            self.finish(None, Method.DRAW_TIME_LIMIT, (), self.off)
            if self.record:
                self.ev(
                    "time_limit",
                    None,
                    (),
                    f"Time runs out after {turns(limit)}: the match is a draw.",
                )
        if self.f.feud and self.method is not Method.DRAW_TIME_LIMIT:
            self.feud()

    def _fast_singles(self, limit: int) -> None:
        """``turn()`` repeated, with its plain-move path inlined (no play-by-play, singles, no
        interference): who is on offense, the level and the turn count live in locals and are
        written back before anything else (a chart, a pin, a strategy) can look at the match.
        Same dice, same result as ``turn()``; the tests hold the two to it."""
        w = (self.ws[0][0], self.ws[1][0])
        d6 = self.d6
        pins = self.pins
        resolve = self.resolve
        turns = self.turns
        s = self.off
        level = self.level
        fresh = self.fresh
        while turns < limit:
            turns += 1
            a = w[s]
            face = d6()
            e = a.offense[level - 1][face - 1]
            if a.off_codes[level - 1][face - 1]:
                self.turns, self.off, self.level, self.fresh = turns, s, level, False
                resolve(s, level, a, w[1 - s], face, e)
            else:
                ds = 1 - s
                d = w[ds]
                dl = e.level - 1
                roll = d6()
                code = d.def_codes[dl][roll - 1]
                if code == 0:
                    level = d.def_to[dl][roll - 1]
                    fresh = False
                    continue
                if code == 1:
                    s = ds
                    level = d.def_to[dl][roll - 1]
                    fresh = True
                    continue
                self.turns, self.off, self.level, self.fresh = turns, s, level, False
                if code == 2:
                    self.pin(ds, pins[ds][0])
                else:
                    self.defend(ds, e.level, roll)
            if self.method is not None:
                return
            s, level, fresh = self.off, self.level, self.fresh
        self.turns, self.off, self.level, self.fresh = turns, s, level, fresh

    def turn(self) -> None:
        """One turn: ``before_roll()`` (no dice), then ``offense_roll()``."""
        self.before_roll()
        self.offense_roll()

    def before_roll(self) -> None:
        """What comes before the offensive roll and draws no dice: in a tag match the side on
        offense may tag in its partner, who rolls at the same level. Clears ``fresh``.

        (The exact-odds solver plays the two halves of a turn separately.)"""
        if self.tag:
            s = self.off
            if self.strategy.tag_on_offense(self, s):
                old = self.wrestler(s)
                self.legal[s] = 1 - self.legal[s]
                if self.record:
                    new = self.wrestler(s)
                    self.ev(
                        "tag",
                        new.key,
                        (),
                        f"{old.sname} tags in {new.mname}, who comes in on LEVEL {self.level} "
                        "OFFENSE.",
                        level=self.level,
                    )
        self.fresh = False

    def offense_roll(self) -> None:
        """The offensive roll and everything it sets off (the turn after ``before_roll()``)."""
        s = self.off
        level = self.level
        self.fresh = False
        self.turns += 1
        legal = self.legal
        a = self.ws[s][legal[s]]
        ds = 1 - s
        d = self.ws[ds][legal[ds]]
        face = self.d6()
        self.resolve(s, level, a, d, face, a.offense[level - 1][face - 1])

    def resolve(self, s: int, level: int, a: Wrestler, d: Wrestler, face: int, e: Offense) -> None:
        """What the offensive roll ``face`` (entry ``e``) of side ``s`` sets off.

        The play-by-play tells what happens: the offensive event is written once it is known
        whether the entry lands as printed, or what it becomes (a declined chart, a Choice
        Situation, a move for the other kind of match, a countered move, a roll finisher)."""
        rec = self.record
        ds = 1 - s
        if a.off_codes[level - 1][face - 1] == 0 and not self.prep.interference:
            # A plain move: the defender rolls on the defense level it names.
            dl = e.level - 1
            roll = self.d6()
            code = d.def_codes[dl][roll - 1]
            if rec:
                self._offense_event(a, d, level, face, e)
            if code == 3:
                self.defend(ds, e.level, roll)
                return
            if rec:
                self._defense_event(d, a, e.level, roll)
            if code == 0:
                self.level = d.def_to[dl][roll - 1]
            elif code == 1:
                self.fresh = True
                self.off = ds
                self.level = d.def_to[dl][roll - 1]
            else:
                self.pin(ds, self.pins[ds][self.legal[ds]])
            return
        kind = e.kind
        if e.choice_situation is not None and self.f.choice:
            # Rule 7: the original instruction is ignored.
            if rec:
                self._offense_event(
                    a,
                    d,
                    level,
                    face,
                    e,
                    f"{a.sname} sees an opening: Choice Situation {e.choice_situation}.",
                )
            self.choice_situation(s, a, d, e.choice_situation)
            return
        if kind == CHOICE:
            if rec:
                self._offense_event(
                    a,
                    d,
                    level,
                    face,
                    e,
                    f"{a.sname} looks for an opening, but Choice Situations are not in play.",
                )
                self._reroll(a, level)
            return
        if e.only is not None and self.f.tag_moves and e.only != self.kind_name:
            if rec:
                needs = "a tag partner" if e.only == "tag" else "a singles match"
                self._offense_event(
                    a,
                    d,
                    level,
                    face,
                    e,
                    f"{a.sname} sets up {self._attempt(e)}, but that takes {needs}.",
                )
                self._reroll(a, level)
            return
        if kind == MOVE:
            if e.check is not None and self.f.agility:
                mine, theirs = (a.ag, d.ag) if e.check == "ag" else (a.pw, d.pw)
                if theirs < mine:
                    self.gain(ds, 2)
                    if rec:
                        self._offense_event(
                            a, d, level, face, e, f"{a.sname} goes for {self._attempt(e)}..."
                        )
                        word = "agility" if e.check == "ag" else "power"
                        self.ev(
                            "counter",
                            d.key,
                            (),
                            f"...but {d.mname} has the better {word} ({theirs:+d} to {mine:+d}) "
                            f"and counters! {d.sname} rolls on LEVEL 2 OFFENSE.",
                        )
                    return
            if rec:
                self._offense_event(a, d, level, face, e)
            if e.dq is not False and self.f.dq_moves:
                rating = a.disq if e.dq is True else e.dq
                f1, f2 = self.two()
                total = f1 + f2
                out = total <= rating
                if rec:
                    self.ev(
                        "dq_check",
                        a.key,
                        (f1, f2),
                        f"That was illegal: {a.mname} rolls DISQUALIFICATION {rating} and gets "
                        f"{total}{': disqualified!' if out else ', and the referee lets it go.'}",
                        rating=rating,
                        total=total,
                    )
                if out:
                    self.finish(ds, Method.DISQUALIFICATION, (f1, f2), s)
                    return
            if e.add1 and self.f.add1:
                self.add_pin(ds)
                if rec:
                    self.ev(
                        "add1",
                        d.key,
                        (),
                        f"A punishing move: {d.mname}'s PIN rating rises to {self.pin_rating(ds)}.",
                    )
            self.defend(ds, e.level)
        elif kind == FINISHER:
            bonus = e.rating or 0
            if e.roll is not None and self.f.roll:
                if rec:
                    self._offense_event(a, d, level, face, e, f"{a.sname} goes for the {e.name}...")
                faces = (self.d6(),) if e.roll == "1d6" else self.two()
                total = sum(faces)
                if total in e.miss_on:
                    self.gain(ds, 2)
                    if rec:
                        self.ev(
                            "finisher_miss",
                            a.key,
                            faces,
                            f"...rolls {total} and misses it! {d.sname} counters on LEVEL 2 "
                            "OFFENSE.",
                            rating=total,
                        )
                    return
                bonus = total
                if rec:
                    rated = f" (finisher rating {total})" if self.f.finisher else ""
                    self.ev(
                        "finisher_roll",
                        a.key,
                        faces,
                        f"...rolls {total} and {self._kind(e.name).landed}{rated}!",
                        rating=total,
                    )
            elif rec:
                self._offense_event(a, d, level, face, e)
            self.finisher_hits[s] += 1
            rating = self.pin_rating(ds) + (bonus if self.f.finisher else 0)
            self.pin(ds, rating, finisher=e.name)
        else:  # CHART
            chart = e.name
            rating_letter = d.charts[chart]
            if (
                e.choice
                and self.f.chart_choice
                and not self.strategy.try_chart(self, s, chart, rating_letter)
            ):
                if rec:
                    self._offense_event(
                        a,
                        d,
                        level,
                        face,
                        e,
                        f"{a.sname} could {_CHART_VERBS[chart].format(d=d.mname)}, but thinks "
                        f"better of it ({d.mname} is rated {rating_letter} there).",
                    )
                    self._reroll(a, level)
                return
            if rec:
                self._offense_event(a, d, level, face, e)
            ally = self.prep.spec.sides[s].ally if chart == "ring" and self.f.ally else None
            if (
                ally is not None
                and not self.intf_used[s]
                and self.strategy.ally_interferes(self, s)
            ):
                # Rule 9, outside interference: tried once a match (rule 14).
                self.intf_used[s] = True
                f1, f2 = self.two()
                if f1 + f2 <= 6:
                    self.ally_attack(s, a, d, ally, (f1, f2))
                    return
                if rec:
                    self.ev(
                        "ally",
                        ally.key,
                        (),
                        f"Outside interference: {ally.name} comes after {d.mname}, who gets clear.",
                        total=f1 + f2,
                    )
            else:
                f1, f2 = self.two()
            outcome = self.charts[chart].columns[rating_letter][f1 + f2 - 2]
            if rec:
                self.ev(
                    "chart",
                    d.key,
                    (f1, f2),
                    self._fill(outcome.text, d, a),
                    chart=chart,
                    rating=rating_letter,
                    total=f1 + f2,
                )
            self.outcome(outcome, ds)

    # ---------------------------------------------------------------------------- steps
    def defend(self, ds: int, level: int, face: int = 0) -> None:
        """The defender (side ``ds``) answers a move on his LEVEL ``level`` DEFENSE.

        ``face``: the defensive die when it has already been rolled."""
        rec = self.record
        s = 1 - ds
        d = self.ws[ds][self.legal[ds]]
        if (
            not face
            and self.f.distract
            and not self.intf_used[ds]
            and self.ringside(ds)
            and self.strategy.outside_interference(self, ds, level)
        ):
            self.intf_used[ds] = True
            self.interference.append(ds)
            helper = self.ringside(ds)[0]
            f1, f2 = self.two()
            outcome = self.prep.tables.interference.columns["any"][f1 + f2 - 2]
            if rec:
                self.ev(
                    "interference",
                    helper.key,
                    (f1, f2),
                    f"Outside interference from {start_name(helper.name)}! "
                    + self._fill(outcome.text, d, self.wrestler(s), helper.name),
                    total=f1 + f2,
                )
            self.outcome(outcome, ds)
            return
        if not face:
            face = self.d6()
        de = d.defense[level - 1][face - 1]
        result = de.result
        relationship = self.prep.relationship[ds]
        can_tag = de.tag and self.f.tag_def and relationship in TAG_TARGET
        can_leave = de.leave and self.f.leave
        choice = None
        if can_tag or can_leave:
            choice = self.strategy.escape(self, ds, can_tag, can_leave)
            if not ((choice == "tag" and can_tag) or (choice == "leave" and can_leave)):
                choice = None
        if rec:
            a = self.wrestler(s)
            if choice is None:
                self._defense_event(d, a, level, face)
            else:
                # The instruction stands only if the escape fails: say it then.
                self._defense_event(
                    d, a, level, face, self._escape_text(d, a, result, choice, self.said_cover)
                )
        if choice == "tag":
            assert relationship is not None  # a tag is kept only where can_tag found one
            target = TAG_TARGET[relationship]
            f1, f2 = self.two()
            ok = f1 + f2 <= target
            if rec:
                partner = self.ws[ds][1 - self.legal[ds]]
                a = self.wrestler(s)
                self.ev(
                    "tag_attempt",
                    d.key,
                    (f1, f2),
                    f"{d.sname} reaches for {partner.mname}: {f1 + f2} against {target} - "
                    + (
                        f"the tag is made! {partner.sname} comes in on LEVEL 1 OFFENSE."
                        if ok
                        else "no tag. "
                        + (
                            (
                                "The referee counts!"
                                if self.said_cover
                                else f"{a.sname} covers {d.mname}!"
                            )
                            if result == "pin"
                            else f"{a.sname} rolls on LEVEL {de.level} OFFENSE."
                            if result != "counter"
                            else ""
                        )
                    ),
                    target=target,
                    total=f1 + f2,
                )
            if ok:
                self.legal[ds] = 1 - self.legal[ds]
                self.gain(ds, 1)
                self.fresh = False
                return
        elif choice == "leave":
            f1, f2 = self.two()
            letter = d.charts["ring"]
            outcome = self.charts["ring"].columns[letter][f1 + f2 - 2]
            if rec:
                self.ev(
                    "leave_ring",
                    d.key,
                    (f1, f2),
                    f"{d.sname} rolls out of the ring to regroup. "
                    + self._fill(outcome.text, d, self.wrestler(s)),
                    chart="ring",
                    rating=letter,
                    total=f1 + f2,
                )
            self.outcome(outcome, ds)
            return
        if result == "counter":
            self.gain(ds, de.level)
        elif result == "pin":
            self.pin(ds, self.pin_rating(ds))
        else:
            self.level = de.level

    def pin(self, ds: int, rating: int, finisher: str | None = None) -> None:
        """Side ``ds``'s legal wrestler rolls for his PIN ``rating``.

        A kick-out gives the other side LEVEL 3 OFFENSE."""
        rec = self.record
        s = 1 - ds
        d = self.ws[ds][self.legal[ds]]
        if (
            self.f.distract
            and not self.dist_used[ds]
            and self.ringside(ds)
            and self.strategy.distract(self, ds, rating)
        ):
            self.dist_used[ds] = True
            self.distractions.append(ds)
            person = self.ringside(ds)[0]
            target = _distractor_rating(person)
            f1, f2 = self.two()
            ok = f1 + f2 <= target
            if rec:
                self.ev(
                    "distraction",
                    person.key,
                    (f1, f2),
                    f"{start_name(person.name)} distracts the referee ({f1 + f2} against "
                    f"{target}): "
                    + ("no count!" if ok else "the referee turns back to the cover."),
                    target=target,
                    total=f1 + f2,
                )
            if ok:
                self.add_pin(ds)
                self.gain(s, 3)
                return
        f1, f2 = self.two()
        total = f1 + f2
        if total <= rating:
            self.finish(s, Method.PIN, (f1, f2), ds)
            if rec:
                a = self.wrestler(s)
                move = f" with the {finisher}" if finisher else ""
                self.ev(
                    "pin",
                    d.key,
                    (f1, f2),
                    f"One, two, three! {a.sname} pins {d.mname}{move} "
                    f"({total} against PIN {rating}).",
                    rating=rating,
                    total=total,
                    pinned=True,
                )
            return
        if self.f.fatigue:
            self.add_pin(ds)
        if rec:
            a = self.wrestler(s)
            self.ev(
                "pin",
                d.key,
                (f1, f2),
                f"{d.sname} kicks out ({total} against PIN {rating})! {a.sname} stays on the "
                "attack on LEVEL 3 OFFENSE.",
                rating=rating,
                total=total,
                pinned=False,
            )
        self.gain(s, 3)

    def outcome(self, o: Outcome, you: int) -> None:
        """Apply a chart outcome; ``you`` is the side of the wrestler who rolled on the chart."""
        other = 1 - you
        c = o.check
        if c is not None and not (
            (c.kind == "dq" and self.prep.no_dq)
            or (c.kind == "count_out" and self.prep.no_count_out)
        ):
            sides = (you,) if c.who == "you" else (other,) if c.who == "opponent" else (you, other)
            out: list[int] = []
            faces: tuple[int, ...] = ()
            for side in sides:
                w = self.ws[side][self.legal[side]]
                rating = c.rating if c.rating is not None else w.disq
                f1, f2 = self.two()
                faces = (f1, f2)
                hit = f1 + f2 <= rating
                if hit:
                    out.append(side)
                if self.record:
                    word = "DISQUALIFICATION" if c.kind == "dq" else "COUNT-OUT"
                    verdict = (
                        ("disqualified!" if c.kind == "dq" else "counted out!")
                        if hit
                        else ("not disqualified." if c.kind == "dq" else "beats the count.")
                    )
                    self.ev(
                        "dq_check" if c.kind == "dq" else "count_out_check",
                        w.key,
                        (f1, f2),
                        f"{w.sname} rolls {word} {rating}: {f1 + f2}, {verdict}",
                        rating=rating,
                        total=f1 + f2,
                    )
            if out:
                if len(out) == 2:
                    method = (
                        Method.DOUBLE_DISQUALIFICATION
                        if c.kind == "dq"
                        else Method.DOUBLE_COUNT_OUT
                    )
                    self.finish(None, method, faces, sides[-1])
                else:
                    method = Method.DISQUALIFICATION if c.kind == "dq" else Method.COUNT_OUT
                    self.finish(1 - out[0], method, faces, out[0])
                return
        then = o.then
        if then == "offense":
            self.gain(you if o.who == "you" else other, o.level)
        elif then == "pin":
            side = you if o.who == "you" else other
            self.pin(side, self.pin_rating(side))
        else:  # defense (Choice Situations: "you" is on offense)
            self.defend(other, o.level)

    def choice_situation(self, s: int, a: Wrestler, d: Wrestler, letter: str) -> None:
        moves = self.prep.tables.choice_situations[letter]
        pick = self.strategy.choice_situation(self, s, letter, moves)
        move = moves[pick]
        target = move.threshold(d.ag, d.pw)
        f1, f2 = self.two()
        ok = f1 + f2 <= target
        o = move.success if ok else move.failure
        if self.record:
            self.ev(
                "choice",
                a.key,
                (f1, f2),
                f"Choice Situation {letter}: {a.mname} tries a {move.name} ({f1 + f2} against "
                f"{target}). " + self._fill(o.text, a, d),
                letter=letter,
                move=move.name,
                target=target,
                total=f1 + f2,
                success=ok,
            )
        self.outcome(o, s)

    def ally_attack(
        self, s: int, a: Wrestler, d: Wrestler, ally: Ringside, faces: tuple[int, int]
    ) -> None:
        """Optional rule 9: the attacker's ally jumps the wrestler thrown out of the ring."""
        rec = self.record
        self.interference.append(s)
        if rec:
            self.ev(
                "ally",
                ally.key,
                faces,
                f"Outside interference! {d.sname} is attacked outside the ring by {ally.name}, "
                f"who smashes {d.pronouns.object} into the steel post! {a.sname} and {ally.name} "
                "may be disqualified.",
                total=sum(faces),
            )
        if not self.prep.no_dq:
            f1, f2 = self.two()
            out = f1 + f2 <= ALLY_DQ
            if rec:
                self.ev(
                    "dq_check",
                    a.key,
                    (f1, f2),
                    f"{a.sname} rolls DISQUALIFICATION {ALLY_DQ}: {f1 + f2}, "
                    + ("disqualified!" if out else "the referee saw nothing."),
                    rating=ALLY_DQ,
                    total=f1 + f2,
                )
            if out:
                self.finish(1 - s, Method.DISQUALIFICATION, (f1, f2), s)
                return
        if rec:
            self.ev(
                "ally",
                ally.key,
                (),
                f"{ally.name} tosses {d.mname} back into the ring; {a.mname} rolls on LEVEL 3 "
                "OFFENSE.",
            )
        self.gain(s, 3)

    def feud(self) -> None:
        """Optional rule 8: a feud match that ended on doubles spills into a brawl."""
        faces = self.end_faces
        if len(faces) != 2 or faces[0] != faces[1]:
            return
        f1, f2 = self.two()
        row = self.prep.tables.feud_table[f1 + f2 - 2]
        loser = self.end_side if self.winner is None else 1 - self.winner
        winner = 1 - loser
        # The row's words for these two (the effects keep them on either path), once a match
        # preparation.
        win, lose = self.wrestler(winner), self.wrestler(loser)
        texts = self.prep.texts
        key = ("feud", row.text, win.side, win.index, lose.side, lose.index)
        text = texts.get(key)
        if text is None:
            text = texts[key] = fill_feud(row.text, win, lose)
        injuries: list[InjuryEffect] = []
        names: list[str] = []
        dice: list[int] = [f1, f2]
        for inj in row.injuries:
            sides = (
                (winner,)
                if inj.who == "winner"
                else (loser,)
                if inj.who == "loser"
                else (winner, loser)
            )
            for side in sides:
                cards = inj.fight_cards
                if isinstance(cards, str):
                    rolled = (self.d6(),) if cards == "1d6" else self.two()
                    dice.extend(rolled)
                    cards = sum(rolled)
                w = self.wrestler(side)
                names.append(mid_name(w.name))
                injuries.append(
                    InjuryEffect(key=w.key, fight_cards=cards, description=f"{text} ({w.name})")
                )
        self.feud_result = (text, tuple(injuries))
        if self.record:
            # (He wrestles through it: PIN +2 for as many fight cards, docs/standings.md.)
            hurt = "; ".join(
                f"{name} hurt: PIN +2 for the next "
                + (f"{i.fight_cards} fight cards" if i.fight_cards != 1 else "fight card")
                for name, i in zip(names, injuries, strict=True)
            )
            self.ev(
                "feud",
                None,
                tuple(dice),
                f"The match ended on doubles and the feud boils over: {text}"
                + (f" ({hurt})" if hurt else ""),
                total=f1 + f2,
            )

    # ---------------------------------------------------------------------------- text
    def _offense_event(
        self, a: Wrestler, d: Wrestler, level: int, face: int, e: Offense, text: str = ""
    ) -> None:
        """The offensive roll; ``text`` when the entry does not land as printed."""
        self.said_cover = not text and e.kind == MOVE and self._kind(e.name).cover
        if not text:
            texts = self.prep.texts
            key = ("o", a.side, a.index, d.index, level, face)
            cached = texts.get(key)
            if cached is None:
                cached = texts[key] = self._offense_text(a, d, e)
            text = cached
        data = {"level": level, "roll": face, "entry": a.entry_texts[level - 1][face - 1]}
        self.events.append(Event("offense", a.key, (face,), text, data))

    def _defense_event(
        self, d: Wrestler, a: Wrestler, level: int, face: int, text: str = ""
    ) -> None:
        de = d.defense[level - 1][face - 1]
        if not text:
            texts = self.prep.texts
            cover = self.said_cover
            key = ("d", d.side, d.index, a.index, level, face, cover)
            cached = texts.get(key)
            if cached is None:
                cached = texts[key] = self._defense_text(d, a, de.result, de.level, cover)
            text = cached
        data = {"level": level, "roll": face, "result": de.result, "to": de.level}
        self.events.append(Event("defense", d.key, (face,), text, data))

    def _fill(self, text: str, you: Wrestler, opponent: Wrestler, ally: str = "") -> str:
        """A chart's text for these two wrestlers, formatted once a match preparation."""
        texts = self.prep.texts
        key = (text, you.side, you.index, opponent.side, opponent.index, ally)
        filled = texts.get(key)
        if filled is None:
            filled = texts[key] = fill(text, you, opponent, ally=ally)
        return filled

    def _reroll(self, a: Wrestler, level: int) -> None:
        self.ev("reroll", a.key, (), f"{a.sname} rolls again on LEVEL {level} OFFENSE.")

    @staticmethod
    def _attempt(e: Offense) -> str:
        """An entry as something tried: "a dropkick", "the AVALANCHE", "a trip to the ropes"."""
        if e.kind == MOVE:
            art = article(e.name)
            return f"{art + ' ' if art else ''}{e.name}"
        if e.kind == FINISHER:
            return f"the {e.name}"
        return _CHART_ATTEMPTS.get(e.name, "a Choice Situation")

    def _kind(self, name: str) -> MoveKind:
        """The kind of a move or finisher by its name (``rules/data/filsinger/moves.yaml``),
        looked up once a match preparation."""
        texts = self.prep.texts
        key = ("kind", name)
        kind = texts.get(key)
        if kind is None:
            kind = texts[key] = move_words().kind(name)
        return kind

    def _offense_text(self, a: Wrestler, d: Wrestler, e: Offense) -> str:
        if e.kind == MOVE or e.kind == FINISHER:
            kind = self._kind(e.name)
            template = kind.move if e.kind == MOVE else kind.finisher
            return template.format(
                attacker=a.named,
                Attacker=a.snamed,
                defender=d.named,
                Defender=d.snamed,
                move=self._attempt(e),
            )
        if e.kind == CHART:
            return _CHART_DOES[e.name].format(a=a.sname, d=d.mname)
        return f"{a.sname} looks for an opening (Choice Situation {e.choice_situation})."

    def _defense_text(self, d: Wrestler, a: Wrestler, result: str, to: int, cover: bool) -> str:
        if cover:
            # The end of a cover: the referee counts (PIN), or the defender gets out of it.
            if result == "counter":
                return (
                    f"{d.sname} reverses it and fights back! {d.sname} rolls on LEVEL {to} OFFENSE."
                )
            if result == "pin":
                return "The referee drops to count!"
            return (
                f"{d.sname} wriggles free, but {_DEFENSE_WORDS[result]}. {a.sname} rolls on "
                f"LEVEL {to} OFFENSE."
            )
        if result == "counter":
            return (
                f"{d.sname} shrugs it off and fights back! {d.sname} rolls on LEVEL {to} OFFENSE."
            )
        if result == "pin":
            return f"{a.sname} covers {d.mname}!"
        return f"{d.sname} {_DEFENSE_WORDS[result]}. {a.sname} rolls on LEVEL {to} OFFENSE."

    @staticmethod
    def _escape_text(d: Wrestler, a: Wrestler, result: str, choice: str, cover: bool) -> str:
        """A defensive result the defender tries to escape (rule 3's tag, rule 6's leave);
        ``cover``: the move was a cover."""
        escape = "looks to tag out" if choice == "tag" else "looks to leave the ring"
        if cover:
            if result == "pin":
                return f"The referee drops to count; {d.mname} {escape}."
            return f"{d.sname} wriggles free, but {_DEFENSE_WORDS[result]}, and {escape}."
        if result == "pin":
            return f"{a.sname} goes for the cover; {d.mname} {escape}."
        return f"{d.sname} {_DEFENSE_WORDS[result]} and {escape}."

    # ---------------------------------------------------------------------------- result
    def result(self, seed: int | None = None) -> MatchResult:
        feud_text, injuries = self.feud_result
        effects = Effects(
            injuries,
            bool(feud_text),
            feud_text,
            tuple(self.interference) if self.interference else (),
            tuple(self.distractions) if self.distractions else (),
            tuple(self.finisher_hits),
        )
        events = (*self.events, self._final_event()) if self.record else ()
        assert self.method is not None  # play() ends every match with its method
        return MatchResult(SYSTEM, self.winner, self.method, self.turns, events, effects, seed)

    def _final_event(self) -> Event:
        method = self.method
        assert method is not None
        if self.winner is None:
            # The wrestlers in the ring at the end: the ones a double finish sent out.
            keys = (self.wrestler(0).pronouns.key, self.wrestler(1).pronouns.key)
            if method is Method.DOUBLE_DISQUALIFICATION:
                text = f"Both {group_noun(keys)} are disqualified: a double disqualification."
            elif method is Method.DOUBLE_COUNT_OUT:
                text = (
                    f"Neither {group_noun(keys, plural=False)} beats the count: a double count-out."
                )
            else:
                text = "The match is a time-limit draw."
        else:
            w = self.ws[self.winner][self.legal[self.winner]]
            names = " and ".join(x.name for x in self.ws[self.winner]) if self.tag else w.sname
            how = {
                Method.PIN: "by pinfall",
                Method.DISQUALIFICATION: "by disqualification",
                Method.COUNT_OUT: "by count-out",
            }[method]
            text = f"{names} win{'' if self.tag else 's'} {how} after {turns(self.turns)}."
        return Event("end", None, (), text, {"winner": self.winner, "method": method.value})


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
        roll_off=lambda side: _roll_off(dice),
        length=SUDDEN_DEATH,
        unit="turns",
        roll_words="one die each, as the opening roll",
        record=record,
    )


def _roll_off(dice: Dice) -> tuple[tuple[int, ...], int]:
    """A side's roll in the referee's roll-off: one die, as the opening roll."""
    face = dice.d6()
    return (face,), face


#: The first-named side's chance to win one roll-off, and to tie it (one die each).
ROLL_OFF_CHANCES = (15 / 36, 6 / 36)


def roll_off_chances(prep: Prepared) -> tuple[float, float]:
    """One roll-off's chances (``rules.core.tournament.roll_off_odds``): the same for all."""
    return ROLL_OFF_CHANCES
