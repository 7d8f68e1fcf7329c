"""The pieces an ARM match's state is made of: the grades a check comes out, each wrestler in
the match (``Fighter``), what an attacker means to do (``Plan``) and a hold (``Hold``).

The match loop (``rules.arm.engine.Match``) owns and changes them; the strategy reads them. A
wrestler's posture and zone are noted by their codes (``rules.arm.compile.code``) as they change,
so the strategy can remember its decisions by them (``Fighter.codes``).
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import i64

from rules.arm.compile import POSTURE_BIT, Move, Wrestler, code

#: ``Fighter.codes`` to be worked out again.
STALE: Final = -2
BOTCH: Final = -1
FAIL: Final = 0
SUCCESS: Final = 1
ACE: Final = 2
CATEGORY: Final = {
    "facing": 0,
    "behind": 0,
    "sitting": 1,
    "kneeling": 1,
    "bent": 1,
    "prone": 2,
    "facedown": 2,
}
#: Where a man may be, nearest the ring's center first (``text.ZONE_WORDS`` says each).
ZONES: Final = ("center", "middle", "ringside", "corner", "apron", "floor", "aisle")
#: Outside the ring: counted by the referee, out of reach of a man inside.
OUTSIDE: Final = frozenset({"floor", "aisle"})

# --------------------------------------------------------------------------------------------
# Codes: what a strategy remembers its decisions by (``DefaultStrategy._situation``) packs the
# match's strings as small numbers (``compile.code``).

for _text in ("", *CATEGORY, *ZONES):  # the postures and zones first: the smallest numbers
    code(_text)

#: What each posture stands for (category, bit, code) and each zone (outside, code): looked up
#: once when a man's posture or zone changes (``Fighter.see_post``, ``Fighter.see_zone``).
POSTURE_SEEN: Final[dict[str, tuple[int, int, int]]] = {
    post: (CATEGORY[post], POSTURE_BIT[post], code(post)) for post in CATEGORY
}
ZONE_SEEN: Final[dict[str, tuple[bool, int]]] = {
    zone: (zone in OUTSIDE, code(zone)) for zone in ZONES
}


# --------------------------------------------------------------------------------------------
# the state of one wrestler in the match


class Fighter:
    """One wrestler's state during the match."""

    __slots__ = (
        "_last",
        "_post",
        "_zone",
        "backed",
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
        #: In a corner with his back to the turnbuckle (``cornered``): so whenever he comes to
        #: be in one, but for the man who comes to him there (``Match``, in front of him).
        self.backed = False
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
        """Where he is: one of ``ZONES`` ("center", "corner", "floor", ...)."""
        return self._zone

    @zone.setter
    def zone(self, zone: str) -> None:
        if zone is not self._zone:
            self._zone = zone
            self.backed = zone == "corner"
            self.see_zone()

    @property
    def cornered(self) -> bool:
        """On his feet in a corner with his back to the turnbuckle: the man a trap, the
        turnbuckle's bounce and a dash's crash are about (the chapter's "trapped in the
        corner"), not the man in front of him in the same square."""
        return self.backed and self._zone == "corner" and self.post_cat == 0

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
