"""A match's wrestlers compiled once from their sheets and the tables (odds reuse them).

``Wrestler`` holds what does not change during a match: attributes and derived values, the
StunTrack breaks, the merits' and flaws' effects, the arsenal as ``Move`` objects with their
static Maneuver Skill. ``Move`` is a catalogue maneuver as one wrestler performs it.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final

from mypy_extensions import i64

from rules.arm.cards import ArmSheet
from rules.arm.tables import ATTRIBUTES, HIGH_RISK, POSTURES, ArmTables, ForeignObject, Maneuver
from rules.core.errors import CardError, SpecError
from rules.core.spec import Participant
from rules.core.text import Named, Pronouns, article, mid_name, pronouns, start_name

#: Sections of match.yaml and the prefixes of their figures on ``Figures``.
_SECTIONS = {
    "time": "t",
    "checks": "chk",
    "action_points": "ap",
    "ring": "ring",
    "modifiers": "mod",
    "damage": "dmg",
    "referee": "ref",
    "edge": "edge",
    "prestige": "prestige",
    "heat": "heat",
    "injuries": "inj",
    "cage": "cage",
    "managers": "mgr",
}


class Figures:
    """The figures of a match (``match.yaml``) as flat typed attributes, named by their section's
    prefix and key (``ap_run``, ``mod_superset``, ``dmg_ace``); a nested table of figures is a
    plain dict (``ring_home``, ``mod_pin``). Typed, so that the compiled engine reads them as
    fields (``tests/rules/test_arm_tables_cards.py`` holds them to the shape of ``match.yaml``)."""

    t_round: int
    t_half_round: int
    t_standoff: int
    t_pin_count: int
    t_default_limit: int
    t_max_standoffs: int
    chk_natural_one: bool
    ap_shift_within: int
    ap_shift_across: int
    ap_square: int
    ap_bring_opponent: int
    ap_run: int
    ap_rebound: int
    ap_whip: int
    ap_climb: int
    ap_place_turnbuckle: int
    ap_cover: int
    ap_hook_leg: int
    ap_lobster: int
    ap_play_to_crowd: int
    ap_tag: int
    ap_step: int
    ap_short_penalty: int
    ap_max_debt: int
    ring_zones: tuple
    ring_distance: dict[tuple[str, str], int]
    ring_home: dict[str, int]
    ring_ropes: dict[str, int]
    ring_apron_steps: int
    ring_rope_steps: tuple
    mod_superset: int
    mod_bra_chain: int
    mod_repeat: int
    mod_trick: int
    mod_cornered: int
    mod_improvise: int
    mod_improvise_one_flag: int
    mod_level_over_weardown: int
    mod_referee_warning: int
    mod_flourish: int
    mod_telegraph: int
    mod_dive: int
    mod_flying_per_square: int
    mod_finisher: int
    mod_two_targets: int
    mod_over_top_margin: int
    mod_turnbuckle: dict[int, int]
    mod_pin: dict[str, int]
    mod_hold: dict[str, int]
    dmg_charge: int
    dmg_ace: int
    dmg_per_step: int
    dmg_launch_hdb: int
    dmg_leverage: int
    dmg_collision: int
    dmg_high_risk: int
    dmg_over_top: int
    dmg_finisher: int
    dmg_resthold: int
    dmg_resthold_recovery: int
    ref_skill: int
    ref_warnings: int
    ref_distraction: int
    ref_fire_tab_detect: int
    ref_counts: dict[str, int]
    ref_automatic: tuple
    edge_face: dict[str, int]
    edge_heel: dict[str, int]
    edge_heel_seize_illegal: int
    edge_heel_squeeze_bra: int
    edge_against_finisher: int
    edge_fired_up_attacks: int
    prestige_loss: dict[str, int]
    prestige_flourish: int
    prestige_flourish_max: int
    heat_play_to_crowd: int
    heat_play_to_crowd_max: int
    heat_cheating: int
    inj_damage_per_penalty: int
    inj_keeps_off_at: int
    inj_lift_uses: tuple
    inj_uses: dict[str, tuple]
    inj_sleeper_recovery: int
    cage_materials: dict[str, str]
    cage_default_material: str
    cage_height: int
    cage_climb: int
    mgr_sav: int


def figures(match: Mapping[str, Mapping[str, Any]]) -> Figures:
    """match.yaml as flat attributes (``ap_run``, ``mod_superset``, ``dmg_ace`` ...). A table
    of figures (``ring_home``, ``mod_pin`` ...) becomes a plain dict: the engine reads them in
    its inner loop. Read only: the same tables give the same (shared) figures."""
    try:
        return _shared_figures(match)
    except TypeError:  # tables given as plain (unhashable) mappings
        return _figures(match)


@lru_cache(maxsize=16)
def _shared_figures(match: Mapping[str, Mapping[str, Any]]) -> Figures:
    return _figures(match)


def _figures(match: Mapping[str, Mapping[str, Any]]) -> Figures:
    out = Figures()
    for section, body in match.items():
        prefix = _SECTIONS[section]
        for key, value in body.items():
            if isinstance(value, Mapping):
                value = dict(value)
            setattr(out, f"{prefix}_{key}", value)
    return out


#: The defenses a man may counter with, in the order they are weighed (``Wrestler.defenses``).
DEFENSES: Final[tuple[str, ...]] = ("Dodge", "Duck", "Block", "Sprawl")

#: Each posture as a bit: a maneuver's postures (``Move.usable_mask``, ``Move.needs_mask``) as
#: a mask, to test a man's posture (``Fighter.posture_bit``) without a set lookup.
POSTURE_BIT: Final[dict[str, int]] = {post: 1 << i for i, post in enumerate(POSTURES)}


def posture_mask(postures) -> int:
    """The bits of the postures among ``postures`` (other words are left out)."""
    mask = 0
    for post in postures:
        mask |= POSTURE_BIT.get(post, 0)
    return mask


#: Every string a strategy's remembered situation holds (postures, zones, maneuvers' names) by
#: a small number of its own (``code``). A number is never reused (the counter is atomic), so no
#: two strings share one, whichever threads ask.
_CODES: Final[dict[str, int]] = {}
_NEXT_CODE: Final = itertools.count(1)


def code(text: str) -> int:
    """The string's number (given the first time it is asked for)."""
    found = _CODES.get(text)
    if found is None:
        found = _CODES.setdefault(text, next(_NEXT_CODE))
    return found


def own_words(text: str, name: str, words: Pronouns) -> str:
    """A table's words about one wrestler (a weardown level's name) in his own: ``{you}`` is
    his name and ``{you:his}``, ``{you:him}``, ``{you:himself}`` his pronouns
    (``rules.core.text.Named``); words without a brace are kept as they are."""
    if "{" not in text:
        return text
    return text.format(you=Named(name, words))


#: Weardown levels' names in a wrestler's own words, by the table's names, his name and his
#: pronouns (``level_names``): filled in once, not at every preparation of his matches.
_LEVEL_NAMES: Final[dict[tuple[tuple[str, ...], str, str], tuple[str, ...]]] = {}
_LEVEL_NAMES_LIMIT: Final = 4096


def level_names(names: tuple[str, ...], name: str, words: Pronouns) -> tuple[str, ...]:
    """The weardown levels' ``names`` in the words of the wrestler called ``name``."""
    key = (names, name, words.key)
    found = _LEVEL_NAMES.get(key)
    if found is None:
        found = tuple([own_words(level, name, words) for level in names])
        if len(_LEVEL_NAMES) < _LEVEL_NAMES_LIMIT:
            _LEVEL_NAMES[key] = found
    return found


class Move:
    """A maneuver as one wrestler performs it: its static Maneuver Skill and damage."""

    __slots__ = (
        "article",
        "attempt",
        "base_skill",
        "blinding",
        "chains",
        "choke",
        "cls",
        "code",
        "counters",
        "cover",
        "damage",
        "defense",
        "distract",
        "dive",
        "dizzying",
        "double",
        "ends",
        "finisher",
        "fire_tab",
        "flags",
        "flying",
        "fname",
        "follows",
        "high_risk",
        "hit_words",
        "hold",
        "illegal",
        "improvised",
        "knockdown",
        "known",
        "leaping",
        "leaves",
        "level",
        "lift",
        "load",
        "mat",
        "mv",
        "name",
        "needs",
        "needs_floor",
        "needs_mask",
        "object",
        "pin_pred",
        "powder",
        "reversal_mod",
        "running",
        "sleeper",
        "springboard",
        "strike_kind",
        "super",
        "target",
        "throw",
        "throw_into",
        "trick",
        "usable_from",
        "usable_mask",
        "uses",
        "wdb_defender",
        "words",
    )

    def __init__(
        self, w: Wrestler, mv: Maneuver, *, known: bool, one_flag: bool, fig, finisher=None
    ):
        f = mv.flags
        self.mv = mv
        self.name = mv.name
        self.code: i64 = code(mv.name)
        self.cls = mv.cls
        self.level: i64 = mv.level
        self.target = mv.target
        self.flags = f
        self.known = known
        self.finisher = finisher is not None
        self.fname = finisher.name if finisher is not None else ""
        self.hold = "hold" in f
        self.lift = "lift" in f
        self.throw = "throw" in f
        self.knockdown = "knockdown" in f
        self.flying = "flying" in f
        self.leaping = "leaping" in f
        self.springboard = "springboard" in f
        self.high_risk = bool(f & HIGH_RISK)
        self.running = "running" in f
        self.dive = "dive" in f
        self.cover = "cover" in f
        self.pin_pred = "pin_predicament" in f
        self.sleeper = "sleeper" in f
        self.choke = "choke" in f
        self.illegal = "illegal" in f
        # A fist load he carries adds its damage to his punches ("standard Punching
        # maneuvers"), which are then blows with a foreign object (Injuring; seen, it
        # disqualifies).
        self.load: ForeignObject | None = None
        if "punch" in f:
            self.load = next((o for o in w.objects if o.punch), None)
        self.object = "object" in f or self.load is not None
        self.blinding = "blinding" in f
        self.dizzying = "dizzying" in f
        self.throw_into = "throw_into" in f
        self.trick = "trick" in f
        self.defense = "defense" in f
        self.double = "double" in f
        self.mat = "mat" in f
        self.distract = "distract" in f
        self.fire_tab = "fire_tab" in f
        self.powder = "powder" in f
        self.super = "turnbuckle" in mv.needs
        # "All BRA strikes are considered to 'chain' to one another": a BRA maneuver that is a
        # blow (flagged strike or kick), not a drop, a rake, a slam or a hold.
        self.chains = mv.cls == "BRA" and ("strike" in f or "kick" in f)
        self.counters = mv.counters
        self.usable_from = mv.usable_from
        self.needs = mv.needs
        self.usable_mask = posture_mask(mv.usable_from)
        self.needs_mask = posture_mask(mv.needs)
        self.needs_floor = "floor" in mv.needs
        # Interned: the same string objects as the engine's own postures, so a man put in the
        # posture he is in is seen to be by identity (``Fighter.post``).
        self.leaves = sys.intern(mv.leaves)
        self.ends = sys.intern(mv.ends)
        self.follows = mv.follows
        self.strike_kind = (
            "kick" if "kick" in f else "strike" if "strike" in f else "lift" if self.lift else ""
        )
        # Throws and slams drive the defender's own weight into the mat: his WDB.
        self.wdb_defender = self.throw or self.lift or self.throw_into
        parts: set[str] = set()
        if self.lift:
            parts.update(fig.inj_lift_uses)
        for flag, used in fig.inj_uses.items():
            if flag in f:
                parts.update(used)
        self.uses = tuple(sorted(parts))
        skill = w.attr[mv.cls] + w.training.get(mv.name, 0) + w.trait_skill(mv)
        self.improvised = not known
        # Used as a Reversal, "as if a Flag": -1 if he knows the maneuver, -2 if he does not
        # (what the Maneuver Skill lacks of the -2: an improvisation one flag away has -1).
        self.reversal_mod: i64 = fig.mod_improvise_one_flag
        if not known:
            penalty = fig.mod_improvise_one_flag if one_flag else fig.mod_improvise
            skill += min(0, penalty + w.improvise)
            self.reversal_mod = min(0, fig.mod_improvise + w.improvise) - min(
                0, penalty + w.improvise
            )
        self.base_skill: i64 = skill
        self.damage: i64 = mv.damage
        proper = w._catalogue.proper_words  # (places and peoples keep their capital)
        words = " ".join(
            word if (word.isupper() and len(word) > 1) or word in proper else word.lower()
            for word in mv.name.split()
        )
        if finisher is not None and finisher.name != mv.name:
            words = f"{finisher.name} ({words})"
        elif finisher is not None:
            words = finisher.name
        self.words = words
        #: The article before its words in the play-by-play ("a", "an" or "the"): a finisher
        #: is his own, named maneuver ("the Dean's List", as it reads when it lands); every
        #: other is one of a kind, even with a last letter that looks plural ("a headscissors
        #: takedown": the catalogue names no plural).
        self.article = (
            "the"
            if finisher is not None
            else article(words) or ("an" if words[:1].lower() in "aeiou" else "a")
        )
        #: How an attempt at it reads after "goes for", up to its target: "a dropkick (AGI ".
        self.attempt = f"{self.article} {words} ({mv.cls} "
        #: How it reads once it lands, article and all: "a dropkick", "the GALE WARNING".
        landed = "the" if self.finisher else self.article
        self.hit_words = f"{landed} {words}" if landed else words


class Wrestler:
    """A participant compiled for the match."""

    __slots__ = (
        "AGI",
        "BRA",
        "SAV",
        "STA",
        "STR",
        "TEC",
        "TOU",
        "_catalogue",
        "_defenses",
        "_fig",
        "_improvised",
        "_known_bases",
        "advantage",
        "agi_bonus",
        "ambush_free",
        "arrogant",
        "arsenal",
        "attr",
        "behaviour",
        "botch_from",
        "breaks",
        "card",
        "costs",
        "coward",
        "early_skill",
        "early_until",
        "edge0",
        "face",
        "final",
        "finisher",
        "free_flourish",
        "hdb",
        "height_steps",
        "id",
        "improvise",
        "index",
        "injuries0",
        "injury_prone",
        "injury_tou",
        "key",
        "knockout_sta",
        "level_names",
        "level_pen",
        "lift",
        "man",
        "manager",
        "men",
        "mname",
        "moves",
        "name",
        "no_dive_penalty",
        "objects",
        "participant",
        "price_fired_up",
        "price_seize",
        "price_working_over",
        "prices",
        "pronouns",
        "reach",
        "reckless",
        "screwjob_checks",
        "short_temper",
        "side",
        "skill_mods",
        "sname",
        "sta_bonus",
        "tag_bonus",
        "training",
        "wdb",
    )

    def __init__(
        self, participant: Participant, side: int, index: int, ident: int, tables: ArmTables, fig
    ):
        card = participant.card
        if not isinstance(card, ArmSheet):
            raise SpecError(f"{participant.key}: not an ARM sheet ({type(card).__name__})")
        self.participant = participant
        self.card = card
        self.side = side
        self.index = index
        self.id = ident
        self.key = participant.key
        self.name = participant.name
        self.sname = start_name(participant.name)
        self.mname = mid_name(participant.name)
        #: How the play-by-play refers to him (``rules.core.text.Pronouns``), and the nouns for
        #: him ("man", "woman", "wrestler") and for two of a kind ("men", "women", "wrestlers"):
        #: looked up once here, never per event.
        self.pronouns: Pronouns = pronouns(participant.pronouns)
        self.man: str = self.pronouns.noun
        self.men: str = self.pronouns.plural
        # The roster's alignment at a show (a face or a heel), else the sheet's.
        alignment = participant.alignment
        if alignment not in ("face", "heel"):
            alignment = card.alignment
        self.face = alignment == "face"
        self.attr: dict[str, int] = dict(zip(ATTRIBUTES, card.attributes, strict=True))
        #: The attributes again as fields, for the engine's inner loop (``w.STA``).
        attr = self.attr
        self.STR, self.TEC, self.AGI, self.BRA = attr["STR"], attr["TEC"], attr["AGI"], attr["BRA"]
        self.SAV, self.STA, self.TOU = attr["SAV"], attr["STA"], attr["TOU"]
        at = tables.attributes
        self._fig = fig
        self._catalogue = tables.maneuvers
        # Merits and flaws.
        self.skill_mods: list[tuple[frozenset | None, frozenset | None, int, int]] = []
        self.advantage = self.knockout_sta = self.injury_tou = self.improvise = 0
        self.botch_from = 20
        self.screwjob_checks = 3
        self.costs: dict[str, int] = {}
        self.ambush_free = self.no_dive_penalty = self.free_flourish = False
        self.injury_prone = self.manager = False
        early_rounds: int = 0
        self.early_skill: int = 0
        self.tag_bonus = 0
        self.behaviour: set[str] = set()
        lift_mod = wdb_mod = 0
        problems = []
        for kind, names in (("merit", card.merits), ("flaw", card.flaws)):
            for i, trait_name in enumerate(names):
                trait = tables.merits.get(kind, trait_name)
                if trait is None:
                    problems.append((f"{self.key}.{kind}s[{i}]", f"unknown {kind} {trait_name!r}"))
                    continue
                e = trait.effects
                if "skill" in e:
                    self.skill_mods.append(
                        (
                            frozenset(e["classes"]) if "classes" in e else None,
                            frozenset(e["flags"]) if "flags" in e else None,
                            e.get("min_level", 0),
                            e["skill"],
                        )
                    )
                self.advantage += e.get("advantage", 0)
                self.knockout_sta += e.get("knockout_sta", 0)
                self.injury_tou += e.get("injury_tou", 0)
                self.improvise += e.get("improvise", 0)
                self.botch_from = min(self.botch_from, e.get("botch_from", 20))
                self.screwjob_checks = min(self.screwjob_checks, e.get("screwjob_checks", 3))
                for action, delta in (e.get("costs") or {}).items():
                    self.costs[action] = self.costs.get(action, 0) + delta
                self.ambush_free |= bool(e.get("ambush_free"))
                self.no_dive_penalty |= bool(e.get("no_dive_penalty"))
                self.free_flourish |= bool(e.get("free_flourish"))
                self.injury_prone |= bool(e.get("injury_prone"))
                self.manager |= bool(e.get("manager"))
                if "early" in e:
                    early_rounds = max(early_rounds, int(e["early"]["rounds"]))
                    self.early_skill += int(e["early"]["skill"])
                lift_mod += e.get("lift", 0)
                wdb_mod += e.get("wdb", 0)
                self.tag_bonus += e.get("tag", 0)
                self.behaviour.update(e.get("behaviour", ()))
        #: The slow start lasts while an exchange begins before this second of the match
        #: clock: its first rounds of ten seconds (a Slow Starter's six: the first minute),
        #: however the exchanges divide them (a hold's or a stall's half-length ones).
        self.early_until: int = early_rounds * fig.t_round
        #: Asked of every decision (the situation the strategy remembers holds his last answer).
        self.short_temper = "short_temper" in self.behaviour
        #: The other behaviours the strategy asks of every choice, as fields.
        self.coward = "coward" in self.behaviour
        self.reckless = "reckless" in self.behaviour
        self.arrogant = "arrogant" in self.behaviour
        # Derived values.
        self.agi_bonus = at.bonus(self.attr["AGI"])
        self.sta_bonus = at.bonus(self.attr["STA"])
        self.wdb = at.wdb(card.weight) + wdb_mod
        self.lift = at.lift(card.weight) + lift_mod
        self.hdb = at.hdb(card.height)
        self.reach = at.reach(card.height)
        self.height_steps = at.height_steps(card.height)
        self.prices: dict[str, int] = dict(fig.edge_face if self.face else fig.edge_heel)
        #: The prices asked every round, as fields.
        self.price_seize: int = self.prices.get("seize", 99)
        self.price_working_over: int = self.prices.get("working_over", 99)
        self.price_fired_up: int = fig.edge_face.get("fired_up", 99)
        st = tables.stuntrack
        self.breaks = st.breaks(self.attr["TOU"], self.attr["STA"])
        #: Each weardown level's penalty and name, from Fresh to past the final StunTrack value.
        levels = len(self.breaks)
        self.level_pen: tuple[int, ...] = (*st.penalties[:levels], st.beyond_penalty)
        #: (A name may speak of him: "Out on {you:his} feet", in his own words.)
        self.level_names: tuple[str, ...] = level_names(
            (*st.names[:levels], st.beyond_name), self.sname, self.pronouns
        )
        self.final = self.breaks[-1]
        fame = participant.fame if participant.fame is not None else card.fame
        self.edge0 = participant.edge if participant.edge is not None else max(fame, 0) // 100
        # Injuries carried in from the roster, by body part.
        self.injuries0: dict[str, int] = {}
        for wound in participant.injuries:
            part = str(wound.get("body_part") or "")
            points = wound.get("points")
            if part and isinstance(points, int) and points > 0:
                self.injuries0[part] = self.injuries0.get(part, 0) + points
        # The arsenal.
        self.training = {e.maneuver: e.bonus for e in card.arsenal}
        self._known_bases: dict[str, list[frozenset]] = {}
        known: list[Maneuver] = []
        for i, entry in enumerate(card.arsenal):
            mv = self._catalogue.get(entry.maneuver)
            if mv is None:
                problems.append(
                    (f"{self.key}.arsenal[{i}]", f"no maneuver {entry.maneuver!r} in the catalogue")
                )
                continue
            self.training[mv.name] = entry.bonus
            known.append(mv)
            self._known_bases.setdefault(mv.base, []).append(mv.variant)
        self.finisher: Move | None = None
        fmv = None
        if card.finisher is not None:
            fmv = self._catalogue.get(card.finisher.maneuver)
            if fmv is None:
                problems.append(
                    (
                        f"{self.key}.finisher.maneuver",
                        f"no maneuver {card.finisher.maneuver!r} in the catalogue",
                    )
                )
            elif fmv.name not in self.training:
                known.append(fmv)
                self.training[fmv.name] = 0
                self._known_bases.setdefault(fmv.base, []).append(fmv.variant)
        self.objects = []
        for i, obj_name in enumerate(card.objects):
            obj = tables.objects.get(obj_name)
            if obj is None:
                problems.append((f"{self.key}.objects[{i}]", f"no object {obj_name!r}"))
            else:
                self.objects.append(obj)
        if problems:
            raise CardError(problems)
        self.arsenal: dict[str, Move] = {}
        self._improvised: dict[str, Move] = {}
        self._defenses: tuple[Move, ...] | None = None
        for mv in known:
            is_finisher = fmv is not None and mv.name == fmv.name
            move = Move(
                self,
                mv,
                known=True,
                one_flag=False,
                fig=fig,
                finisher=card.finisher if is_finisher else None,
            )
            if is_finisher:
                self.finisher = move
            # The finisher is his only way of doing its maneuver: finishers "do double damage
            # when they are used" (the chapter), every time (docs/rules/arm.md, "Finishers").
            self.arsenal[mv.name] = move
        #: The attacks the strategy chooses among, the finisher left out: the strategy adds it
        #: when it is time (``DefaultStrategy._moves``).
        self.moves = tuple(
            m for m in self.arsenal.values() if not (m.defense or m.trick or m.finisher)
        )

    def trait_skill(self, mv: Maneuver) -> int:
        total = 0
        for classes, flags, min_level, bonus in self.skill_mods:
            if classes is not None and mv.cls not in classes:
                continue
            if flags is not None and not (mv.flags & flags):
                continue
            if mv.level < min_level:
                continue
            total += bonus
        return total

    def cost(self, action: str, base: int) -> int:
        return max(0, base + self.costs.get(action, 0))

    def defenses(self) -> tuple[Move, ...]:
        """The defenses he may counter with (``DEFENSES``, known or improvised), in the order
        a counter weighs them; worked out at the first counter."""
        found = self._defenses
        if found is None:
            found = tuple(m for m in (self.move(name) for name in DEFENSES) if m is not None)
            self._defenses = found
        return found

    def move(self, name: str) -> Move | None:
        """The wrestler's way of doing a maneuver: from his arsenal, or improvised (-2, or -1
        when he knows a maneuver that differs from it by one flag)."""
        move = self.arsenal.get(name)
        if move is not None:
            return move
        move = self._improvised.get(name)
        if move is None:
            mv = self._catalogue.get(name)
            if mv is None:
                return None
            if mv.name in self.arsenal:
                return self.arsenal[mv.name]
            one_flag = any(
                len(variant ^ mv.variant) == 1 for variant in self._known_bases.get(mv.base, ())
            )
            move = Move(self, mv, known=False, one_flag=one_flag, fig=self._fig)
            self._improvised[name] = move
        return move
