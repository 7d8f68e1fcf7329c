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
into ``Prepared.fig``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, final

from librt.vecs import vec
from mypy_extensions import i64

from rules.arm.compile import POSTURE_BIT, Figures, Move, Wrestler, code, figures
from rules.arm.options import ArmOptions, parse_options
from rules.arm.tables import ArmTables, load_tables
from rules.core.dice import Dice, SeededDice
from rules.core.errors import SpecError
from rules.core.events import Event
from rules.core.result import Effects, InjuryEffect, MatchResult, Method, StandingEffect
from rules.core.spec import MatchSpec, Ringside
from rules.core.text import Named, counted, group_noun, times

if TYPE_CHECKING:
    from rules.arm.strategy import ArmStrategy

SYSTEM: Final = "arm"
#: Makes a named tuple (an ``Event``, the ``Effects``, the ``MatchResult``) from its fields in
#: one tuple, past the named tuple's Python constructor; the classes bound once.
_new_tuple: Final = tuple.__new__
_EVENT: Final = Event
_EFFECTS: Final = Effects
_MATCH_RESULT: Final = MatchResult
MATCH_TYPES: Final = ("singles", "tag", "steel_cage")
PER_SIDE: Final = {"singles": 1, "tag": 2, "steel_cage": 1}
STIPULATIONS: Final = ("no_dq", "no_count_out", "falls_count_anywhere", "title_changes_on_dq")

#: The most effects ``Prepared.made`` keeps.
MADE_LIMIT: Final = 10_000
#: ``Fighter.codes`` to be worked out again.
STALE: Final = -2
BOTCH: Final = -1
FAIL: Final = 0
SUCCESS: Final = 1
ACE: Final = 2
GRADE_WORDS: Final = {BOTCH: "a Botch", FAIL: "a miss", SUCCESS: "good", ACE: "an Ace"}
#: How an attack's roll reads in the play-by-play.
RESULT_WORDS: Final = {ACE: "an Ace!", SUCCESS: "good.", FAIL: "a miss.", BOTCH: "a Botch!"}
#: ``RESULT_WORDS`` by the grade plus one (a Botch is -1), for the play-by-play's inner loop.
_RESULT_BY_GRADE: Final[tuple[str, ...]] = tuple(
    RESULT_WORDS[g] for g in (BOTCH, FAIL, SUCCESS, ACE)
)
#: The small numbers the play-by-play writes most (dice, targets, damage), written once.
_NUMBERS: Final[tuple[str, ...]] = tuple(str(n) for n in range(100))


def _num(n: int) -> str:
    """``str(n)``: from ``_NUMBERS`` for the small ones."""
    return _NUMBERS[n] if 0 <= n < 100 else str(n)


CATEGORY: Final = {
    "facing": 0,
    "behind": 0,
    "sitting": 1,
    "kneeling": 1,
    "bent": 1,
    "prone": 2,
    "facedown": 2,
}
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
ESCAPES: Final = ("power", "kick", "shoulder", "hair", "rope")
#: Outside the ring: counted by the referee, out of reach of a man inside.
OUTSIDE: Final = frozenset({"floor", "aisle"})
ESCAPE_WORDS: Final = {
    "power": "powers out",
    "kick": "kicks out",
    "shoulder": "gets a shoulder up",
    "hair": "pulls the hair",
    "rope": "gets a foot on the ropes",
}
HOLD_ESCAPES: Final = ("tec", "str", "rope", "reversal")
DEFENSE_VERBS: Final = {"duck": "duck", "block": "block", "dodge": "dodge", "sprawl": "sprawl on"}
COVER_WORDS: Final = {
    "cover": "covers",
    "hook_leg": "covers and hooks the leg",
    "lobster": "covers with a lobster, both legs hooked",
    "predicament": "has the shoulders trapped in a pinning predicament",
}
#: Standing-table entries an ARM match decides by its own rules (``Effects.supersedes``).
SUPERSEDES: Final = ("prestige.loss", "prestige.engineered", "heat.interference")
#: The objects the engine itself drives men into or hands them, looked up once a match.
ENGINE_OBJECTS: Final = (
    "Turnbuckle",
    "Ring Steps",
    "Railing",
    "Floor",
    "Boot",
    "Fire Tab",
    "Powder",
    "Steel Chair",
)


# --------------------------------------------------------------------------------------------
# preparation


_LOW: Final = (1 << 31) - 1


def _mix(w0: i64, w1: i64, w2: i64, w3: i64) -> i64:
    """One integer from a situation's four (each under 2**62), to remember it by: their eight
    31-bit halves stirred in turn into 31 bits by a multiplication (under 2**62, so it never
    overflows) and a shift."""
    m: i64 = 0x5BD1E995
    h: i64 = (0x2545F491 ^ (w0 & _LOW)) * m
    h = ((h ^ h >> 31) & _LOW ^ w0 >> 31) * m
    h = ((h ^ h >> 31) & _LOW ^ (w1 & _LOW)) * m
    h = ((h ^ h >> 31) & _LOW ^ w1 >> 31) * m
    h = ((h ^ h >> 31) & _LOW ^ (w2 & _LOW)) * m
    h = ((h ^ h >> 31) & _LOW ^ w2 >> 31) * m
    h = ((h ^ h >> 31) & _LOW ^ (w3 & _LOW)) * m
    h = ((h ^ h >> 31) & _LOW ^ w3 >> 31) * m
    return h ^ h >> 31


#: A ``Memory`` place's integers: the situation's four, then its answer's index.
STRIDE: Final = 5


def _words(found: object) -> bool:
    """Whether an answer is a string or a tuple of strings (what a follow-up is)."""
    if isinstance(found, str):
        return True
    if not isinstance(found, tuple):
        return False
    return all(isinstance(item, str) for item in found)


def _answer_hash(found: object) -> i64:
    """A number for a remembered answer, equal for equal answers (``_same_answer``): a plan's
    from its fields (its maneuvers and object by identity: they belong to the prepared match),
    words' from their ``hash``, anything else's from its identity."""
    if isinstance(found, Plan):
        # (Each part under 2**56, so nothing overflows 64 bits; worked in unboxed integers.)
        move: i64 = id(found.move)
        obj: i64 = id(found.obj)
        double: i64 = id(found.double)
        actions: i64 = hash(found.actions)
        desperation: i64 = found.desperation
        h: i64 = move ^ obj * 3 ^ double * 5
        h ^= (actions & _LOW) * 7 ^ (desperation & 255) * 11
        if found.trap:
            h ^= 13
        if found.over_top:
            h ^= 17 << 8
        if found.flourish:
            h ^= 19 << 16
        return h
    if _words(found):
        words: i64 = hash(found)
        return words & _LOW
    ident: i64 = id(found)
    return ident


def _same_answer(a: object, b: object) -> bool:
    """Whether two answers are the same, as ``_answer_hash`` reads them: the same object, plans
    of the same fields, or the same words."""
    if a is b:
        return True
    if isinstance(a, Plan):
        if not isinstance(b, Plan):
            return False
        return (
            a.move is b.move
            and a.obj is b.obj
            and a.double is b.double
            and a.actions == b.actions
            and a.trap == b.trap
            and a.over_top == b.over_top
            and a.flourish == b.flourish
            and a.desperation == b.desperation
        )
    return _words(a) and _words(b) and type(a) is type(b) and bool(a == b)


@final
class Memory:
    """A strategy's decisions remembered by their packed situations (four integers each).

    An open-addressed table of plain integers (``keys``, a ``librt.vecs.vec``): a situation's
    place is its mixed number (``_mix``) within the table, or the first free place after it
    (a free place's first integer is -1: a packed situation's is never negative); each place
    holds the four integers, so two situations that mix alike are told apart, and the index of
    the answer in ``answers``, where equal answers are kept once (``_same_answer``, found by
    ``_answer_hash`` in ``slots``). Kept at most half full (it doubles).

    Nothing in the table is a Python object: the collector has nothing in it to walk, however
    full, and a look-up reads one run of integers. (A table of entry objects made every
    decision remembered an object or more for the collector, which then walked them all.)

    It is read without locks: a reader holding the table before it doubled misses at worst, and
    the decision is worked out again."""

    __slots__ = ("answers", "filled", "keys", "places", "slots")

    def __init__(self) -> None:
        self.places: i64 = 1024
        self.keys: vec[i64] = vec[i64]([-1] * (1024 * STRIDE))
        self.filled: i64 = 0
        self.answers: list[Any] = []
        #: ``answers`` by ``_answer_hash``: each place an index into them, or -1.
        self.slots: vec[i64] = vec[i64]([-1] * 64)

    def recall(self, w0: i64, w1: i64, w2: i64, w3: i64, default: Any = None) -> Any:
        """The answer kept for these four integers, or ``default``."""
        keys = self.keys
        at = _place(keys, self.places, w0, w1, w2, w3)
        if keys[at] < 0:
            return default
        return self.answers[keys[at + 4]]

    def keep(self, w0: i64, w1: i64, w2: i64, w3: i64, found: Any) -> None:
        """Remember ``found`` for these four integers (in place of what was kept for them)."""
        index = self._answer(found)
        keys = self.keys
        at = _place(keys, self.places, w0, w1, w2, w3)
        new = keys[at] < 0
        keys[at] = w0
        keys[at + 1] = w1
        keys[at + 2] = w2
        keys[at + 3] = w3
        keys[at + 4] = index
        if new:
            self.filled += 1
            if self.filled * 2 >= self.places:
                self._double()

    def _answer(self, found: Any) -> i64:
        """The index of ``found`` in ``answers``, kept there if no same answer is."""
        answers = self.answers
        slots = self.slots
        mask: i64 = len(slots) - 1
        i: i64 = _answer_hash(found) & mask
        while True:
            index = slots[i]
            if index < 0:
                break
            if _same_answer(answers[index], found):
                return index
            i = (i + 1) & mask
        index = len(answers)
        answers.append(found)
        slots[i] = index
        if 2 * len(answers) >= len(slots):
            grown: vec[i64] = vec[i64]([-1] * (2 * len(slots)))
            mask = len(grown) - 1
            for kept in range(len(answers)):
                j: i64 = _answer_hash(answers[kept]) & mask
                while grown[j] >= 0:
                    j = (j + 1) & mask
                grown[j] = kept
            self.slots = grown
        return index

    def _double(self) -> None:
        old = self.keys
        places: i64 = 2 * self.places
        keys: vec[i64] = vec[i64]([-1] * (places * STRIDE))
        at: i64 = 0
        end: i64 = len(old)
        while at < end:
            if old[at] >= 0:
                to = _place(keys, places, old[at], old[at + 1], old[at + 2], old[at + 3])
                keys[to] = old[at]
                keys[to + 1] = old[at + 1]
                keys[to + 2] = old[at + 2]
                keys[to + 3] = old[at + 3]
                keys[to + 4] = old[at + 4]
            at += STRIDE
        self.keys = keys
        self.places = places


def _place(keys: vec[i64], places: i64, w0: i64, w1: i64, w2: i64, w3: i64) -> i64:
    """Where these four integers are in a ``Memory`` table of ``places`` places: the first
    integer of their place, or of the free place they would take."""
    mask: i64 = places - 1
    i = _mix(w0, w1, w2, w3) & mask
    while True:
        at = i * STRIDE
        first = keys[at]
        if first < 0 or (
            first == w0 and keys[at + 1] == w1 and keys[at + 2] == w2 and keys[at + 3] == w3
        ):
            return at
        i = (i + 1) & mask


@dataclass(frozen=True, slots=True)
class Prepared:
    """A spec checked and compiled once (odds reuse it for every run)."""

    spec: MatchSpec
    tables: ArmTables
    options: ArmOptions
    fig: Figures
    wrestlers: tuple[tuple[Wrestler, ...], ...]
    tag: bool
    time_limit: int
    cage: int  # the cage's damage bonus (0: no cage)
    cage_object: str
    internal_cage: bool
    escape: bool
    no_dq: bool
    no_count_out: bool
    anywhere: bool
    over_top_dq: bool
    referee: int
    warnings: int
    edge: bool
    managers: tuple[int | None, ...]  # each side's manager's SAV, or None
    allies: tuple[Ringside | None, ...]
    #: The engine's own objects (``ENGINE_OBJECTS`` and the cage) by name: None if missing.
    objects: dict
    memo: dict = field(default_factory=dict, compare=False, repr=False)
    #: The strategy's decisions by packed situation (``DefaultStrategy._situation``).
    memory: Memory = field(default_factory=Memory, compare=False, repr=False)
    #: The match's effects, made once and shared by every result that has them.
    made: dict = field(default_factory=dict, compare=False, repr=False)


def prepare(spec: MatchSpec, tables: ArmTables | None = None) -> Prepared:
    if spec.match_type not in MATCH_TYPES:
        raise SpecError(
            f"unknown match type {spec.match_type!r} for arm (types: {', '.join(MATCH_TYPES)})"
        )
    per_side = PER_SIDE[spec.match_type]
    if len(spec.sides) != 2:
        raise SpecError(f"a {spec.match_type} match has two sides, got {len(spec.sides)}")
    for i, side in enumerate(spec.sides):
        if len(side.participants) != per_side:
            raise SpecError(
                f"side {i}: a {spec.match_type} match takes {per_side} wrestler(s) a side, "
                f"got {len(side.participants)}"
            )
    unknown = [s for s in spec.stipulations if s not in STIPULATIONS]
    if unknown:
        raise SpecError(
            f"unknown stipulation(s) {', '.join(unknown)} (arm knows {', '.join(STIPULATIONS)})"
        )
    options = parse_options(spec.options)
    tables = tables or load_tables()
    fig = figures(tables.match)
    ident = 0
    wrestlers = []
    for s, side in enumerate(spec.sides):
        row = []
        for i, p in enumerate(side.participants):
            row.append(Wrestler(p, s, i, ident, tables, fig))
            ident += 1
        wrestlers.append(tuple(row))
    st = spec.stipulations
    cage_material = options.cage
    if spec.match_type == "steel_cage" and cage_material is None:
        cage_material = fig.cage_default_material
    cage_object = fig.cage_materials[cage_material] if cage_material else ""
    cage = tables.objects.get(cage_object).damage if cage_material else 0
    managers = []
    for s, side in enumerate(spec.sides):
        sav = None
        if side.manager is not None:
            card = side.manager.card
            sav = card.attribute("SAV") if hasattr(card, "attribute") else fig.mgr_sav
        elif any(w.manager for w in wrestlers[s]):
            sav = fig.mgr_sav
        managers.append(sav)
    limit = spec.time_limit or options.time_limit or fig.t_default_limit
    return Prepared(
        spec=spec,
        tables=tables,
        options=options,
        fig=fig,
        wrestlers=tuple(wrestlers),
        tag=spec.match_type == "tag",
        time_limit=limit,
        cage=cage,
        cage_object=cage_object,
        internal_cage=bool(cage_material and options.internal_cage),
        escape=bool(cage_material and options.escape),
        no_dq=bool(options.no_dq or st.get("no_dq")),
        no_count_out=bool(
            options.no_count_out
            or st.get("no_count_out")
            or st.get("falls_count_anywhere")
            or cage_material
        ),
        anywhere=bool(st.get("falls_count_anywhere")),
        over_top_dq=options.over_top_dq,
        referee=options.referee or fig.ref_skill,
        warnings=options.warnings if options.warnings is not None else fig.ref_warnings,
        edge=not options.no_edge,
        managers=tuple(managers),
        allies=tuple(side.ally for side in spec.sides),
        objects={name: tables.objects.get(name) for name in (*ENGINE_OBJECTS, cage_object) if name},
    )


# --------------------------------------------------------------------------------------------
# codes: what a strategy remembers its decisions by (``DefaultStrategy._situation``) packs the
# match's strings as small numbers (``compile.code``).

for _text in ("", *CATEGORY, *ZONE_WORDS):  # the postures and zones first: the smallest numbers
    code(_text)

#: What each posture stands for (category, bit, code) and each zone (outside, code): looked up
#: once when a man's posture or zone changes (``Fighter.see_post``, ``Fighter.see_zone``).
POSTURE_SEEN: Final[dict[str, tuple[int, int, int]]] = {
    post: (CATEGORY[post], POSTURE_BIT[post], code(post)) for post in CATEGORY
}
ZONE_SEEN: Final[dict[str, tuple[bool, int]]] = {
    zone: (zone in OUTSIDE, code(zone)) for zone in ZONE_WORDS
}


# --------------------------------------------------------------------------------------------
# the state of one wrestler in the match


class Fighter:
    """One wrestler's state during the match."""

    __slots__ = (
        "_last",
        "_post",
        "_zone",
        "blind",
        "cheated",
        "code_last",
        "code_post",
        "code_zone",
        "crowd",
        "debt",
        "dizzy",
        "dmg",
        "edge",
        "elev",
        "finishers",
        "fired",
        "flourishes",
        "home",
        "id",
        "in_ring",
        "inj",
        "last_ok",
        "lvl",
        "new_inj",
        "out",
        "packed",
        "pen",
        "post_bit",
        "post_cat",
        "repeat",
        "running",
        "side",
        "spent",
        "spent_on",
        "surprised",
        "telegraph",
        "tricks",
        "w",
        "warned",
        "warnings",
        "whipped",
        "working",
        "zone_out",
    )

    def __init__(self, w: Wrestler, in_ring: bool, edge: bool):
        self.w = w
        self.id: i64 = w.id
        self.side = w.side
        self.dmg: i64 = 0
        self.lvl: i64 = 0
        self.pen: i64 = 0
        self._post = "facing"
        self._zone = "center" if in_ring else "apron"
        self.home = not in_ring
        self.in_ring = in_ring
        self.elev: i64 = 0
        self.running = False
        self.whipped = False
        self.out = False
        self.blind: i64 = 0
        self.dizzy: i64 = 0
        self.surprised = False
        self.warnings: i64 = 0
        self.warned = False
        self.edge: i64 = w.edge0 if edge else 0
        self.spent = 0
        self.spent_on: list[str] = []
        self.inj = dict(w.injuries0)
        #: The codes of his posture, zone and last maneuver (``codes``).
        self.code_post = self.code_zone = self.code_last = code("")
        #: ``codes``' last answer (``STALE`` once a code has changed).
        self.packed = STALE
        self.post_cat = self.post_bit = 0
        self.zone_out = False
        self.new_inj: dict[str, int] = {}
        #: The last maneuver he attempted ("" before the first).
        self._last = ""
        self.last_ok = False
        self.repeat: i64 = 0
        self.tricks: i64 = 0
        self.telegraph: i64 = 0
        self.fired: i64 = 0
        self.working = ""
        self.crowd: i64 = 0
        self.cheated = False
        self.flourishes: i64 = 0
        self.debt: i64 = 0
        self.finishers = 0
        # (Last: a method called on him before every field is set would make the compiled
        # engine check each later field for a value on every read.)
        self.see_post()
        self.see_zone()

    # His posture and zone are asked after many times a round (by category, as a bit, by code
    # for ``codes``) and change a few times a match: what each stands for is noted when it is
    # set, so every question after reads a number.

    @property
    def post(self) -> str:
        """His posture: a ``CATEGORY`` word ("facing", "prone", "kneeling", ...)."""
        return self._post

    @post.setter
    def post(self, post: str) -> None:
        if post is not self._post:
            self._post = post
            self.see_post()

    @property
    def zone(self) -> str:
        """Where he is: a ``ZONE_WORDS`` word ("center", "corner", "floor", ...)."""
        return self._zone

    @zone.setter
    def zone(self, zone: str) -> None:
        if zone is not self._zone:
            self._zone = zone
            self.see_zone()

    @property
    def last(self) -> str:
        """The name of the last maneuver he attempted ("" before his first)."""
        return self._last

    @last.setter
    def last(self, name: str) -> None:
        self._last = name
        self.code_last = code(name)
        self.packed = STALE

    def see_post(self) -> None:
        """Note what his posture stands for: its category (0 standing, 1 crouching, 2 fallen),
        its bit (``POSTURE_BIT``) and its code."""
        self.post_cat, self.post_bit, self.code_post = POSTURE_SEEN[self._post]  # (every posture)
        self.packed = STALE

    def see_zone(self) -> None:
        """Note what his zone stands for: outside the ring or not, and its code."""
        zone = self._zone
        seen = ZONE_SEEN.get(zone)
        if seen is None:
            seen = (zone in OUTSIDE, code(zone))
        self.zone_out, self.code_zone = seen
        self.packed = STALE

    def note_damage(self) -> None:
        """His weardown level from his damage, and its penalty."""
        w = self.w
        breaks = w.breaks
        lvl = 0
        while lvl < len(breaks) and self.dmg > breaks[lvl]:
            lvl += 1
        self.lvl = lvl
        self.pen = w.level_pen[lvl]

    def category(self) -> int:
        """His posture's category: 0 standing, 1 crouching, 2 fallen."""
        return self.post_cat

    def posture_bit(self) -> int:
        return self.post_bit

    @property
    def outside(self) -> bool:
        """On the floor or in the aisle."""
        return self.zone_out

    def codes(self) -> int:
        """His posture, zone and last maneuver by their codes, packed into 6, 6 and 10 bits
        (-1 when a code will not fit): what ``DefaultStrategy`` remembers decisions by. Each
        code is noted when its string is set (``post``, ``zone``, ``last``)."""
        packed = self.packed
        if packed == STALE:
            p, z, m = self.code_post, self.code_zone, self.code_last
            packed = -1 if p >= 64 or z >= 64 or m >= 1024 else p | z << 6 | m << 12
            self.packed = packed
        return packed

    def injure(self, part: str, points: int) -> None:
        """Injury points to a body part, in this match (``inj``) and as news (``new_inj``)."""
        self.inj[part] = self.inj.get(part, 0) + points
        self.new_inj[part] = self.new_inj.get(part, 0) + points

    @property
    def standing(self) -> bool:
        return self.category() == 0

    @property
    def fallen(self) -> bool:
        return self.category() == 2


#: A plan's fields, in the order its constructor takes them.
PLAN_FIELDS: Final = (
    "move",
    "actions",
    "trap",
    "over_top",
    "flourish",
    "desperation",
    "obj",
    "double",
)


class Plan:
    """What the attacker means to do this round: positioning actions, then (maybe) a maneuver.

    ``actions`` are positioning steps (``stand``, ``approach``, ``behind``, ``corner``,
    ``climb``, ``apron``, ``ringside``, ``run``, ``enter``, ``exit``, ``home``, ``tag``,
    ``blind_tag``, ``fake_tag``, ``play_to_crowd``, ``stall``, ``escape``, ``distract``,
    ``draw``, ``boot``); ``move`` the maneuver (None: no attack this round). ``trap``: trap a
    cornered opponent (+2, a referee check); ``over_top``: try to throw him over the top rope;
    ``flourish``; ``desperation``: points of damage taken for as many +1; ``obj``: the object
    for a Foreign Object Smash; ``double``: a partner's maneuver for a double team.

    (A plain class for the reason ``Hold`` is one: the strategy weighs a plan for every
    maneuver it considers, and a compiled dataclass is built through Python.)"""

    __slots__ = ("actions", "desperation", "double", "flourish", "move", "obj", "over_top", "trap")

    def __init__(
        self,
        move: Move | None = None,
        actions: tuple = (),
        trap: bool = False,
        over_top: bool = False,
        flourish: bool = False,
        desperation: int = 0,
        obj: Any = None,
        double: Move | None = None,
    ) -> None:
        self.move = move
        self.actions = actions
        self.trap = trap
        self.over_top = over_top
        self.flourish = flourish
        self.desperation = desperation
        self.obj = obj
        self.double = double

    def replace(self, **changes: Any) -> Plan:
        """A copy with ``changes`` (field names) made, as ``dataclasses.replace`` would: how a
        strategy adjusts the plan another worked out."""
        new = Plan(*self._fields())
        for name, value in changes.items():
            if name not in PLAN_FIELDS:
                raise TypeError(f"a plan has no field {name!r}")
            setattr(new, name, value)
        return new

    def _fields(self) -> tuple:
        return (
            self.move,
            self.actions,
            self.trap,
            self.over_top,
            self.flourish,
            self.desperation,
            self.obj,
            self.double,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Plan):
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(PLAN_FIELDS, self._fields(), strict=True))
        return f"Plan({shown})"


class Hold:
    """A hold on the defender, round after round until it is broken or let go.

    (A plain class, not a dataclass: compiled, a dataclass is built through its generated
    Python ``__init__``, several times the cost of a round.)"""

    __slots__ = (
        "bonus",
        "count",
        "count_from",
        "damage",
        "face",
        "intensity",
        "leverage",
        "move",
        "resthold",
        "ropes",
        "rounds",
        "side",
    )

    def __init__(
        self,
        side: int,
        move: Move,
        damage: int,
        face: int,
        intensity: int = 0,
        resthold: bool = False,
    ) -> None:
        self.side = side  # the holder's side
        self.move = move
        self.damage = damage
        self.face = face  # the attack roll that put it on (a reversal must beat it)
        self.intensity = intensity
        self.rounds = 0
        self.leverage = 0
        self.resthold = resthold
        self.bonus = 0  # to the defender's next break (the holder repositioned)
        # Kept on with the held man in the ropes (a rulebreaker's refusal to break).
        self.ropes = False
        # A choke, or a hold kept on in the ropes: the referee's count once he has noticed it
        # (-1: not yet), counted from the round ``count_from`` on.
        self.count: i64 = -1
        self.count_from: i64 = 0


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
                self.ev(
                    "time_limit",
                    None,
                    (),
                    f"The bell! Time has run out at {_clock(limit)} "
                    f"({counted(self.prep.time_limit, 'rounds')}).",
                )

    def length(self) -> int:
        """The match's length: its clock in rounds of ten seconds, a part round counting as
        one (a hold round or a stall is half of one; at least 1)."""
        per = self.fig.t_round
        return max(1, -(-self.clock // per))

    def opening(self) -> None:
        rec = self.record
        a, b = self.cur[0], self.cur[1]
        strategy = self.strategy
        for side in (0, 1):
            f, o = self.cur[side], self.cur[1 - side]
            cost = 0 if o.w.ambush_free else self.edge_cost(f, "ambush")
            if self.prep.edge and f.edge >= cost and strategy.ambush(self, side):
                self.spend(f, "ambush", cost)
                self.adv = side
                o.surprised = True
                if rec:
                    self.ev(
                        "ambush",
                        f,
                        (),
                        f"{f.w.sname} jumps {o.w.mname} before the bell!"
                        + (" (during the ritual)" if o.w.ambush_free else ""),
                    )
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
            w = (a, b)[won]
            self.ev(
                "opening",
                None,
                tuple(faces),
                f"{a.w.sname} and {b.w.mname} {words} ({ta} against {tb}): "
                f"{w.w.mname} gets the upper hand.",
                start=kind,
                targets=[ta, tb],
                winner=won,
            )

    def tie_up(self, first: int, words: str) -> None:
        """A collar-elbow tie-up: a contest of each man's STR or TEC (the higher)."""
        a, b = self.cur[first], self.cur[1 - first]
        ta = max(a.w.STR, a.w.TEC) + a.w.advantage + self.own(a)
        tb = max(b.w.STR, b.w.TEC) + b.w.advantage + self.own(b)
        won, faces = self.contest(a, ta, b, tb)
        self.adv = first if won == 0 else 1 - first
        if self.record:
            w = (a, b)[won]
            self.ev(
                "opening",
                None,
                tuple(faces),
                f"{words} ({ta} against {tb}): {w.w.mname} gets the upper hand.",
                start="cet",
                targets=[ta, tb],
                winner=self.adv,
            )

    def round(self) -> None:
        self.rounds += 1
        self.begun = self.clock
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
                if rec:
                    self.ev(
                        "seize",
                        d,
                        (),
                        f"{d.w.sname} seizes the initiative before {a.w.mname} can strike!",
                    )
                if answer is not None and self.feasible(1 - s, answer.move):
                    self.attack(1 - s, answer)
                return
        if not self.feasible(s, move, plan):
            if rec:
                self.ev(
                    "hesitate",
                    a,
                    (),
                    f"{a.w.sname} cannot get set for the {move.words} and backs off.",
                )
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
        if move.finisher and a.fired > 1:
            move = a.w.arsenal.get(move.name) or move
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
                self.ev(
                    "attack",
                    a,
                    faces if unopposed else (face,),
                    self.attack_text(a, d, move, plan, target, face, grade, unopposed),
                    move=move.name,
                    target=target,
                    roll=face,
                    result=grade,
                    unopposed=unopposed,
                    finisher=move.finisher,
                )
            if grade >= SUCCESS:
                self.land(s, plan, move, face, grade, target, chain=chain)
                return
            if self.crashing(s, move) and a.fired == 0:
                self.crash(s, move)
                if grade == BOTCH and self.method is None:
                    self.telegraph(s)  # (a botch is telegraphed, high risk or not)
                return
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
                    self.ev(
                        "miss",
                        a,
                        (),
                        f"{a.w.sname} misses, but {d.w.mname} is in no state to make "
                        "anything of it.",
                    )
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
                        self.ev(
                            "advantage",
                            d,
                            (),
                            f"{d.w.sname} takes advantage of the miss.",
                        )
                return
            if grade == BOTCH:
                d.telegraph = fig.mod_telegraph  # his answer is the next move he attempts
            dtarget = self.target(1 - s, amove, answer)
            self.note_attempt(d, amove)
            dface, dgrade = self.check(d, dtarget)
            answered_at = len(self.events)
            if rec:
                self.ev(
                    "attack",
                    d,
                    (dface,),
                    self.attack_text(d, a, amove, answer, dtarget, dface, dgrade, False),
                    move=amove.name,
                    target=dtarget,
                    roll=dface,
                    result=dgrade,
                    answer=True,
                )
            if grade == BOTCH and dgrade == BOTCH:
                d.telegraph = 0
                self.collision(s)
                return
            if grade == BOTCH:
                self.adv = 1 - s
                if rec:
                    # Told before the answer it explains (the answer's roll came first).
                    self.ev(
                        "telegraph",
                        a,
                        (),
                        f"{a.w.sname} telegraphs it, and {d.w.mname} sees it coming (+2).",
                    )
                    self.events.insert(answered_at, self.events.pop())
                if dgrade >= SUCCESS:
                    self.land(1 - s, answer, amove, dface, dgrade, dtarget)
                return
            if dgrade == BOTCH:
                a.telegraph = fig.mod_telegraph
                if rec:
                    self.ev(
                        "telegraph",
                        d,
                        (),
                        f"{d.w.sname} telegraphs it badly: {a.w.mname} will be ready (+2).",
                    )
                return
            if dgrade >= SUCCESS:
                self.adv = 1 - s
                self.land(1 - s, answer, amove, dface, dgrade, dtarget)
                return
            # Both missed: a standoff; the attacker may try again.
            standoffs += 1
            self.clock += fig.t_standoff
            if rec:
                self.ev("standoff", None, (), f"A standoff: both {_men(a, d)} miss and reset.")
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
            # The faces in pairs, the attacker's first: another pair after both missed (or tied).
            ra = ", then ".join([str(f) for f in faces[0::2]])
            rb = ", then ".join([str(f) for f in faces[1::2]])
            # What he tries, its object included: "duck it", "reverse it into a suplex",
            # "make a lunge tag".
            verb = f"reverse it into {cmove.article} {cmove.words}"
            if cmove.defense:
                known = DEFENSE_VERBS.get(cmove.words)
                verb = f"{known} it" if known else f"make {cmove.article} {cmove.words}"
            self.ev(
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
            if plan.trap and d.zone == "corner" and d.standing:
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
                        self.ev(
                            "position",
                            a,
                            (),
                            f"{a.w.sname} follows {d.w.mname} to {ZONE_WORDS[d.zone]}.",
                        )
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
        if plan.trap and d.zone == "corner" and d.standing:
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
        knocked_back = (
            move.knockdown and d.zone == "corner" and d.standing and not move.hold and not d.elev
        )
        if knocked_back:
            # Knocked back into the turnbuckle, he stays on his feet: its bonus and his WDB.
            dmg += self.prep.objects["Turnbuckle"].damage + d.w.wdb
        over = False
        if (
            plan.over_top
            and (move.knockdown or move.throw)
            and (d.zone in ("ringside", "corner") or d.whipped)
        ):
            margin = target - face
            if margin >= fig.mod_over_top_margin - d.w.lift and not self.prep.internal_cage:
                over = True
                dmg = fig.dmg_over_top + d.w.wdb
        if rec:
            self.ev(
                "hit",
                a,
                (),
                self.hit_text(a, d, move, plan, dmg, grade, obj_name, over),
                move=move.name,
                damage=dmg,
            )
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
                    d.home = False
                self.near = False
            else:
                # They end up together (a flyer lands on his man; a superplex brings both down).
                if a.zone != d.zone or a.elev:
                    a.home = False
                a.zone, a.elev = d.zone, 0
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
                self.ev(
                    "landing",
                    a,
                    (),
                    f"{a.w.sname} hits the floor too ({_num(landing)} damage).",
                    damage=landing,
                )
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
            if to == "bent":
                said = f"doubles {d.w.mname} over"
            elif cf > ct and to == "facing":
                said = f"drags {d.w.mname} to {d.w.pronouns.possessive} feet"
            elif cf > ct:
                said = f"drags {d.w.mname} up: {POSTURE_WORDS[to]}"
            else:
                said = f"turns {d.w.mname}: {POSTURE_WORDS[to]}"
            self.ev("position", a, (), f"{a.w.sname} {said}.", posture=to)
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
                self.ev(
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
                self.ev(
                    "ko_check",
                    f,
                    (face,),
                    f"{w.sname} is out on {w.pronouns.possessive} feet: STA check {target}, "
                    f"rolls {face} - " + ("still conscious." if grade >= SUCCESS else "out cold!"),
                    target=target,
                    roll=face,
                )
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
            self.ev(
                "referee",
                None,
                (face,),
                f"The referee checks on {f.w.mname} (Skill {self.prep.referee}, rolls {face}): "
                + ("the referee waves it off!" if seen else "the referee does not see it."),
                roll=face,
            )
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
            self.ev(
                "injury",
                d,
                tuple(faces),
                f"Injury check for {w.mname} ({', '.join(conditions)}; TOU {target}): "
                + (
                    f"{points} injury point{'s' if points != 1 else ''} to the "
                    f"{_part(move.target)}!"
                    if points
                    else "no harm done."
                ),
                target=target,
                points=points,
                body_part=move.target,
            )

    def crashing(self, s: int, move: Move) -> bool:
        """Whether side ``s`` missing ``move`` crashes (``crash``): a high-risk maneuver, or a
        dash (a maneuver made charging) at a man standing in the corner ("dashing maneuvers
        are High Risk against an opponent who is standing and Cornered")."""
        if move.high_risk:
            return True
        d = self.cur[1 - s]
        return self.cur[s].running and d.zone == "corner" and d.standing

    def crash(self, s: int, move: Move) -> None:
        """A high-risk failure: 2 damage plus his WDB and altitude, and Advantage lost; against
        a standing man in the corner, he hits the turnbuckle instead and stays on his feet
        ("the same occurs to the attacker")."""
        fig = self.fig
        a, d = self.cur[s], self.cur[1 - s]
        a.running = False
        if d.zone == "corner" and d.standing and not move.flying:
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
            self.ev(
                "collision",
                None,
                (),
                f"They collide! Both {_men(a, d)} go down ({dmg} damage each).",
            )
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
            self.ev(
                "telegraph",
                a,
                (),
                f"{a.w.sname} telegraphs it and {d.w.mname} sees it coming (+2 on the next move).",
            )

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
                self.ev(
                    "screwjob",
                    a,
                    (screw_face,),
                    f"{a.w.sname} gets the feet on the ropes (SAV {target}, rolls {screw_face})"
                    + (": the leverage is there!" if g >= SUCCESS else " but slips off."),
                    target=target,
                    roll=screw_face,
                )
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
                self.ev(
                    "referee",
                    None,
                    tuple(faces),
                    "The referee "
                    + (
                        "spots the feet on the ropes and stops counting!"
                        if caught
                        else "never sees it..."
                    ),
                    faces=faces,
                )
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
            # Held down, the count stops at two here: "Three!" is the pinfall's own line.
            shown = count if broke else 2
            counted = ", ".join(("One", "two", "three")[:shown]) if shown else "No count"
            if two_count:
                counted = "An automatic two-count after the finisher: " + counted.lower()
            self.ev(
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
            a, d = self.cur[s], self.cur[1 - s]
            move = f" after the {after.words}" if after is not None else ""
            self.ev(
                "pinfall",
                a,
                (),
                f"Three! {a.w.sname} pins {d.w.mname}{move}{', ' + how if how else ''}!",
            )

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
            self.ev(
                "save",
                saver,
                (face,),
                f"{saver.w.sname} storms in to break it up with {move.article} "
                f"{move.words} ({target}, rolls {face})"
                + ("!" if grade >= SUCCESS else " but misses!"),
                target=target,
                roll=face,
            )
        if grade < SUCCESS:
            return False
        blocker = self.partner(1 - ds)
        if blocker is not None and not blocker.out and self.strategy.block(self, 1 - ds):
            btarget = blocker.w.SAV + self.own(blocker)
            bface, bgrade = self.check(blocker, btarget)
            if rec and bgrade < SUCCESS:
                self.ev(
                    "block",
                    blocker,
                    (bface,),
                    f"{blocker.w.sname} tries to cut {saver.w.mname} off "
                    f"(SAV {btarget}, rolls {bface}) but can't get there in time.",
                )
            if bgrade >= SUCCESS:
                bmove = self.strategy.save_move(self, 1 - ds) or blocker.w.move("Punch")
                # "A Reversal attempt of the save maneuver": -1 with a maneuver he knows, -2
                # with another, as a counter's.
                btarget = bmove.base_skill + self.own(blocker) + bmove.reversal_mod
                rface, rgrade = self.check(blocker, btarget)
                blocked = rgrade >= SUCCESS and rface > face
                if rec:
                    self.ev(
                        "block",
                        blocker,
                        (bface, rface),
                        f"{blocker.w.sname} cuts {saver.w.mname} off with {bmove.article} "
                        f"{bmove.words} ({btarget}, rolls {rface})"
                        + (": blocked!" if blocked else ": too late!"),
                    )
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
                self.ev(
                    "leverage",
                    a,
                    (face,),
                    f"{a.w.sname} grabs the ropes for leverage (SAV {target}, rolls {face})"
                    + (": +2!" if grade >= SUCCESS else ": no."),
                    target=target,
                    roll=face,
                )
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
                    self.ev(
                        "position",
                        a,
                        (),
                        f"{a.w.sname} drags {d.w.mname} away from the ropes, hold and all.",
                    )
        targets = self.hold_targets(s, h)
        way = self.strategy.hold_escape(self, 1 - s, targets, h)
        if way == "reversal":
            rev = self.strategy.reversal(self, 1 - s, h)
            if rev is not None:
                rtarget = self.target(1 - s, rev.move, rev) + rev.move.reversal_mod
                face, grade = self.check(d, rtarget)
                ok = grade >= SUCCESS and face > h.face
                if rec:
                    self.ev(
                        "reversal",
                        d,
                        (face,),
                        f"{d.w.sname} tries to reverse it into {rev.move.article} "
                        f"{rev.move.words} ({rtarget}, needs over {h.face}, rolls {face})"
                        + ("!" if ok else ": no."),
                    )
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
            words = {
                "tec": f"tries to work free (TEC {target}, rolls {face})",
                "str": f"tries to power out (STR {target}, rolls {face})",
                "rope": f"reaches for the ropes (SAV {target}, rolls {face})",
            }[way]
            self.ev(
                "hold_break",
                d,
                (face,),
                f"{d.w.sname} {words}" + (": free!" if grade >= SUCCESS else ": still caught."),
                way=way,
                target=target,
                roll=face,
            )
        if grade >= SUCCESS:
            if way == "rope" and self.strategy.hold_in_ropes(self, s, h):
                # "Refusing to break a hold within a five count after the opponent has reached
                # the ropes": illegal, and counted once the referee sees it.
                h.ropes = True
                if rec:
                    self.ev(
                        "ropes",
                        a,
                        (),
                        f"{a.w.sname} will not break the {h.move.words} "
                        f"with {d.w.mname} in the ropes!",
                    )
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
                self.ev(
                    "submission_check",
                    d,
                    (face,),
                    f"The pain is past {d.w.mname}'s limit: STA {target}, rolls {face} - "
                    + ("hanging in there!" if grade >= SUCCESS else "fading!"),
                    target=target,
                    roll=face,
                    intensity=h.intensity,
                )
            if grade < SUCCESS:
                cost = self.edge_cost(d, "hanging_on", against=h.move)
                if self.prep.edge and d.edge >= cost and self.strategy.hanging_on(self, d.side):
                    self.spend(d, "hanging on", cost)
                    return
                self.finish(a.side, Method.SUBMISSION)
                if self.record:
                    self.ev(
                        "submission",
                        d,
                        (),
                        f"{d.w.sname} taps out to the {h.move.words}!",
                    )

    def hold_damage(self, h: Hold, a: Fighter, d: Fighter) -> None:
        dmg = h.damage + h.leverage
        h.intensity += dmg
        if self.record:
            self.ev(
                "hold_damage",
                a,
                (),
                f"{a.w.sname} cranks on the {h.move.words} ({dmg} damage).",
                damage=dmg,
            )
        self.hurt(d, dmg, a)
        if h.resthold:
            self.recover(a, self.fig.dmg_resthold_recovery)

    def sleeper_check(self, h: Hold, d: Fighter) -> None:
        """A sleeper: a TOU roll each round of damage, or he passes out; then the arm drop."""
        w = d.w
        target = w.TOU + self.own(d)
        face, grade = self.check(d, target)
        if self.record:
            self.ev(
                "sleeper",
                d,
                (face,),
                f"{w.sname} fights the sleeper (TOU {target}, rolls {face})"
                + ("." if grade >= SUCCESS else ": fading out..."),
                target=target,
                roll=face,
            )
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
            self.ev(
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
            self.ev(
                "warning",
                f,
                (),
                f"The referee warns {f.w.mname} for {why} (warning {f.warnings}).",
                warnings=f.warnings,
            )
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
            self.ev(
                "referee",
                None,
                (face,),
                f"Referee check for {why} (Skill {target}, rolls {face}): "
                + ("seen!" if seen else "missed it."),
                target=target,
                roll=face,
                seen=seen,
            )
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
            self.ev(
                "distraction",
                a,
                (face,),
                f"{a.w.sname}'s manager climbs onto the apron to distract the referee "
                f"(SAV {target}, rolls {face})"
                + (": it works!" if ok else ": the referee waves the manager off."),
                target=target,
                roll=face,
            )
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
            self.ev(
                "interference",
                ally.key,
                (f1, f2),
                f"{ally.name} slips in behind the referee's back and swings a {chair.name.lower()} "
                f"at {d.w.mname}" + (f"! ({dmg} damage)" if hit else ", but misses."),
                damage=dmg if hit else 0,
            )
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
                self.ev(
                    "crowd",
                    f,
                    (),
                    f"{f.w.sname} plays to the crowd and "
                    + ("they love it!" if f.w.face else "the boos rain down!"),
                )

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
            self.ev(
                "stall",
                f,
                (face,),
                f"{f.w.sname} takes a breather (STA {_num(target)}, rolls {_num(face)})"
                + (f": {_num(f.w.sta_bonus)} back." if grade >= SUCCESS else ": nothing back."),
                target=target,
                roll=face,
            )

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
            # Told before what it brings (back to a lighter weardown level), written after it.
            self.ev(
                "second_wind",
                f,
                (),
                f"{f.w.sname} digs deep and finds a second wind ({cost} Edge, {f.edge} left): "
                f"{before} to {f.dmg} damage!",
                cost=cost,
                what="second wind",
            )
            self.events.insert(told, self.events.pop())

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
            self.ev(
                "edge",
                f,
                (),
                f"{f.w.sname} digs deep: {what} ({cost} Edge, {f.edge} left).",
                cost=cost,
                what=what,
            )

    def fire_up(self, f: Fighter) -> None:
        cost = self.fig.edge_face.get("fired_up", 99)
        self.spend(f, "fired up", cost)
        f.fired = self.fig.edge_fired_up_attacks
        if self.record:
            self.ev("fired_up", f, (), f"{f.w.sname} is FIRED UP! The crowd is on its feet!")

    def work_over(self, f: Fighter, part: str) -> None:
        self.spend(f, f"working over the {_part(part)}", self.edge_cost(f, "working_over"))
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
                self.ev(
                    "fake_tag",
                    a,
                    (face,),
                    f"{a.w.sname} claps for a fake tag ({target}, rolls {face})"
                    + (": the referee buys it!" if grade >= SUCCESS else ": nobody buys it."),
                )
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
                self.ev(
                    "blind_tag",
                    partner,
                    tuple(faces),
                    f"{d.w.sname} " + ("never saw the tag!" if not noticed else "saw the tag."),
                )

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
            a = self.cur[s]
            self.ev(
                "escape",
                a,
                (),
                f"{a.w.sname} climbs out of the cage and drops to the floor to win!",
            )

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
            self.ev(
                "free_attack",
                extra,
                (face,),
                f"{extra.w.sname} gets a free shot in with {move.article} {move.words} "
                f"({target}, rolls {face})" + ("!" if grade >= SUCCESS else ": missed."),
            )
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
                    self.ev(
                        "revive",
                        f,
                        (face,),
                        f"{f.w.sname} tries to shake it off (STA {target}, rolls {face})"
                        + (": awake again!" if grade >= SUCCESS else ": still out."),
                        target=target,
                        roll=face,
                    )
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
            if h.move.choke:
                text = f"The referee counts the {h.move.words}: {_num(h.count)}."
            else:
                d = self.cur[1 - h.side]
                text = f"The referee counts, {d.w.mname} in the ropes: {_num(h.count)}."
            self.ev("count", None, (face,), text, count=h.count)
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
                "count", None, (face,), f"The count is at {_num(self.count)}.", count=self.count
            )
        if self.count > limit:
            if a_out and b_out:
                self.finish(None, Method.DOUBLE_COUNT_OUT)
                text = f"Neither {_man(a, b)} makes it back in: a double count-out!"
            else:
                out = a if a_out else b
                self.finish(1 - out.side, Method.COUNT_OUT)
                text = f"{out.w.sname} is counted out!"
            if self.record:
                self.ev("count_out", None, (), text)

    # ---------------------------------------------------------------------------- text
    def attack_text(
        self,
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
            f"{a.w.sname} goes for {move.attempt}{_num(target)}){extra}: "
            f"rolls {_num(face)}: {_RESULT_BY_GRADE[grade + 1]}"
        )

    def hit_text(
        self,
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
                f"{a.w.sname} sends {d.w.mname} flying over the top rope to the floor! "
                f"({dmg} damage)"
            )
        if move.mv.text:
            thing = obj_name.lower() or "turnbuckle"
            # The same maneuver's words between the same men come round often: written once.
            key = ("hit_text", move.code, a.id, d.id, thing)
            memo = self.prep.memo
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
            return f"{text} ({_num(dmg)} damage)"
        if move.hold:
            return f"{a.w.sname} locks {d.w.mname} in {move.hit_words}! ({_num(dmg)} damage)"
        tail = "!" if move.finisher or grade == ACE else "."
        if move.load is not None:
            return (
                f"{a.w.sname} hits {d.w.mname} with {move.hit_words}, "
                f"{move.load.name.lower()} and all{tail} ({_num(dmg)} damage)"
            )
        if move.pin_pred:
            return f"{a.w.sname} catches {d.w.mname} in {move.hit_words}{tail} ({_num(dmg)} damage)"
        return f"{a.w.sname} hits {d.w.mname} with {move.hit_words}{tail} ({_num(dmg)} damage)"

    # ---------------------------------------------------------------------------- result
    # The effects are immutable and come round again match after match (odds play thousands):
    # each is made once a prepared match and shared (``Prepared.made``).
    def _made_standing(self, key: str, attribute: str, delta: int, reason: str) -> StandingEffect:
        made = self.prep.made
        ident = ("standing", key, attribute, delta, reason)
        found = made.get(ident)
        if found is None:
            found = StandingEffect(key, attribute, delta, reason)
            if len(made) < MADE_LIMIT:
                made[ident] = found
        return found

    def _made_injury(self, key: str, part: str, points: int) -> InjuryEffect:
        made = self.prep.made
        ident = ("injury", key, part, points)
        found = made.get(ident)
        if found is None:
            found = InjuryEffect(
                key=key,
                description=f"{points} injury point{'s' if points != 1 else ''} to the "
                f"{_part(part)}",
                points=points,
                body_part=part,
                source="arm_injury",
                keeps_off_cards=points >= self.fig.inj_keeps_off_at,
            )
            if len(made) < MADE_LIMIT:
                made[ident] = found
        return found

    def result(self, seed: int | None = None) -> MatchResult:
        method = self.method
        assert method is not None
        # The effects follow from what each man did and how it ended: the same outcome, the
        # same (shared) ``Effects``.
        outcome = (
            "effects",
            self.winner,
            method,
            self.screwed,
            tuple(self.interference),
            tuple(self.distractions),
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
                    for side in self.fighters
                    for f in side
                ]
            ),
        )
        made = self.prep.made
        effects = made.get(outcome)
        if effects is None:
            effects = self._effects(method)
            if len(made) < MADE_LIMIT:
                made[outcome] = effects
        events = (*self.events, self._final_event()) if self.record else ()
        length = self.length()
        return _new_tuple(
            _MATCH_RESULT, (SYSTEM, self.winner, method, length, events, effects, seed)
        )

    def _effects(self, method: Method) -> Effects:
        """What the match carries into the roster (``result`` keeps each outcome's)."""
        fig = self.fig
        injuries: list[InjuryEffect] = []
        standing: list[StandingEffect] = []  # (each made once a prepared match)
        for f in [f for side in self.fighters for f in side]:
            w = f.w
            for part, points in f.new_inj.items():
                injuries.append(self._made_injury(w.key, part, points))
            if f.spent:
                standing.append(
                    self._made_standing(
                        w.key, "edge", -f.spent, f"Spent {f.spent} Edge: {_uses(f.spent_on)}"
                    )
                )
            if f.crowd:
                heat = min(f.crowd * fig.heat_play_to_crowd, fig.heat_play_to_crowd_max)
                standing.append(
                    self._made_standing(
                        w.key, "heat", heat, f"Played to the crowd {times(f.crowd)}"
                    )
                )
            if f.cheated and fig.heat_cheating:
                standing.append(
                    self._made_standing(w.key, "heat", fig.heat_cheating, "Broke the rules")
                )
            if f.flourishes and fig.prestige_flourish:
                bonus = min(f.flourishes * fig.prestige_flourish, fig.prestige_flourish_max)
                standing.append(
                    self._made_standing(w.key, "prestige", bonus, "Spot bonus for a flourish")
                )
        loss = fig.prestige_loss
        if self.winner is not None:
            value = str(method)  # its value (``Method`` is a ``StrEnum``)
            label = value.replace("_", " ")
            for f in self.fighters[1 - self.winner]:
                points = loss.get(value, 0)
                if points:
                    standing.append(
                        self._made_standing(f.w.key, "prestige", points, f"Lost by {label}")
                    )
            engineered = self.engineered_reason()
            if engineered:
                for f in self.fighters[self.winner]:
                    points = loss.get(value, 0)
                    if points:
                        standing.append(
                            self._made_standing(
                                f.w.key,
                                "prestige",
                                points,
                                f"Engineered the win ({engineered}): a penalty equal to losing",
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
                tuple(self.interference),
                tuple(self.distractions),
                tuple([sum(f.finishers for f in side) for side in self.fighters]),
                tuple(standing),
                (),  # eliminations
                SUPERSEDES,
            ),
        )
        return effects

    def _drawn_pronouns(self) -> list[str]:
        """The pronouns of the wrestlers a draw is for (the final words' "both men"): the two
        disqualified, the two out cold, the two counted out (the legal men)."""
        method = self.method
        found: list[Fighter] = []
        if method is Method.DOUBLE_DISQUALIFICATION:
            keys = {e.actor for e in self.events if e.kind == "disqualification"}
            found = [f for f in self.all_fighters() if f.w.key in keys]
        elif method is Method.DOUBLE_KNOCKOUT:
            found = [f for f in self.all_fighters() if f.out and f.in_ring]
        if len(found) < 2:
            found = [self.cur[0], self.cur[1]]
        return [f.w.participant.pronouns for f in found]

    def engineered_reason(self) -> str:
        if self.winner is None:
            return ""
        if self.screwed:
            return "a screwjob pin"
        if self.winner in self.distractions:
            return "the manager distracted the referee"
        if self.winner in self.interference:
            return "interference from ringside"
        return ""

    def _final_event(self) -> Event:
        method = str(self.method)  # its value (``Method`` is a ``StrEnum``)
        at = _clock(self.clock)
        if self.winner is None:
            text = f"{DRAW_WORDS[method]} at {at}."
            if "{" in text:
                keys = self._drawn_pronouns()
                text = text.format(men=group_noun(keys), man=group_noun(keys, plural=False))
        else:
            names = " and ".join([f.w.name for f in self.fighters[self.winner]])
            verb = "win" if self.tag else "wins"
            n = self.length()
            text = f"{names} {verb} {WIN_WORDS[method]} at {at} ({n} round{'s' if n != 1 else ''})."
        return _new_tuple(
            _EVENT,
            (
                "end",
                None,
                (),
                text,
                {"winner": self.winner, "method": method, "seconds": self.clock},
            ),
        )


def seizes_illegally(answer: Plan | None) -> bool:
    """Whether the maneuver a man seizes the initiative with (``answer``) is an illegal one."""
    return answer is not None and answer.move is not None and answer.move.illegal


def _action(action: Any) -> tuple[str, Any]:
    """A positioning action as its name and argument: ``"stall"`` or ``("lift", "facing")``."""
    if isinstance(action, tuple):
        return action[0], action[1]
    return action, None


def _men(a: Fighter, b: Fighter) -> str:
    """Two wrestlers together ("both men", "both women", "both wrestlers"), from the words each
    was prepared with."""
    men = a.w.men
    return men if men == b.w.men else MIXED_MEN


def _man(a: Fighter, b: Fighter) -> str:
    """One of two wrestlers ("neither man", "neither woman", "neither wrestler")."""
    man = a.w.man
    return man if man == b.w.man else MIXED_MAN


def _uses(what: list[str]) -> str:
    """What Edge went on, each once, in the order first spent, with how often where more
    than once: "seize the initiative twice, second wind"."""
    counts: dict[str, int] = {}
    for each in what:
        counts[each] = counts.get(each, 0) + 1
    return ", ".join(each if n == 1 else f"{each} {times(n)}" for each, n in counts.items())


def _clock(seconds: int) -> str:
    """A time on the match clock: "5:00"."""
    minutes, rest = divmod(seconds, 60)
    return f"{minutes}:{rest:02d}"


def _part(part: str) -> str:
    """A body part in the play-by-play's words."""
    return "ribs" if part == "body" else part


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
    return m.result(seed)
