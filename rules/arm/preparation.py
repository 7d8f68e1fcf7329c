"""An ARM match prepared: its spec checked and compiled once into what the match loop reads.

``prepare`` refuses a spec the ARM rules cannot play (``SpecError``), reads the options, the
tables and the cards, and settles what the match's rules come to (the cage, the referee, the
managers, the engine's own objects). The odds play thousands of matches on one ``Prepared``,
which also keeps what they share: the strategy's memory, the words and the effects made once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from rules.arm.compile import Figures, Wrestler, figures
from rules.arm.memory import Memory
from rules.arm.options import ArmOptions, parse_options
from rules.arm.result import SYSTEM
from rules.arm.tables import ArmTables, load_tables
from rules.core.spec import MatchSpec, Ringside, check_spec
from rules.core.tournament import TOURNAMENT, check_tournament, is_tournament, sudden_death_spec

MATCH_TYPES: Final = ("singles", "tag", "steel_cage")
PER_SIDE: Final = {"singles": 1, "tag": 2, "steel_cage": 1}
STIPULATIONS: Final = (
    "no_dq",
    "no_count_out",
    "falls_count_anywhere",
    "title_changes_on_dq",
    TOURNAMENT,
)
#: A tournament match's sudden-death fall, in rounds (5 minutes; ``rules.core.tournament``).
SUDDEN_DEATH: Final = 30
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
    #: A tournament match: one sudden-death fall prepared (None for any other match).
    sudden_death: Prepared | None = field(default=None, compare=False, repr=False)
    #: A sudden-death fall: the referee restarts the match with a collar-elbow tie-up.
    restart: bool = False


def prepare(spec: MatchSpec, tables: ArmTables | None = None, *, restart: bool = False) -> Prepared:
    """``spec`` checked and compiled; ``restart``: a tournament match's sudden-death fall."""
    check_spec(spec, system=SYSTEM, per_side=PER_SIDE, stipulations=STIPULATIONS)
    check_tournament(spec)
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
        sudden_death=(
            prepare(sudden_death_spec(spec, SUDDEN_DEATH), tables, restart=True)
            if is_tournament(spec)
            else None
        ),
        restart=restart,
    )
