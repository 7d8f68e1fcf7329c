"""A whole federation as one JSON document, out and back in.

``federation_export`` writes every row the federation holds: its settings and members, the
roster, the cards and chart overrides, teams and their memberships, titles and every reign, feuds
and their sides, shows with their matches, participants and play-by-play, injuries and the whole
ledger. Rows refer to one another by natural keys (a wrestler's slug, a show's number, a match as
``[show number, position]``, a feud by its place in the document), never by database ids, so a
document can go into any database. Every concrete field of every model is written, read from the
models themselves, so a field added later travels without a change here.

``federation_import`` reads such a document back, all or nothing: every row is checked (its
fields, the model's own rules as ``clean`` states them, the references between rows, the models'
check constraints, a wrestler's Heat within the standings' bounds and Injured only with the injury
that keeps the wrestler out, and the roster's rules across rows: one wrestler a ring name, one tag
team at a time, a debut that has come and precedes his first match) before anything is written,
and each problem is named by its path (``shows[3].matches[0].method: ...``; a wrestler's also by
the wrestler's name).

The document is also held, as a whole, to the invariants ``check_federation`` keeps
(``matches.checks``: the same rules, read from the unsaved rows): each show's state consistent
with its results, no show running (the beat would wrestle it again) nor scheduled before the
document was exported, a title's reigns in order without overlap, each wrestler's Fame, Prestige,
Heat and Edge what his ledger adds up to, no ledger row twice, every card valid for its system
(its engine's parser, with the document's charts), a play-by-play a list of events. Its size,
depth and numbers are bounded (``read_document``; ``settings.FEDERATION_IMPORT_MAX_BYTES``, the
same at every door).

Users are not part of a federation: the importing user owns the copy, and each member the
document names is invited (``promotion.invitations``), never made a member unasked; a name with
no user here is reported, not created.

Its layer: above the roster's domain, beside ``matches``. A federation's document holds its shows,
matches and play-by-play, and is held to the invariants ``check_federation`` keeps; both are
``matches``' (its rows, and ``matches.checks`` reading them), and restating them here would let
the two drift. So this module imports ``matches`` and nothing of the roster's domain imports it:
only the doors call it (``promotion.api``, ``import_federation``, ``export_federation``).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from matches.checks import reign_order, result_problem, shows_out_of_order, standing_mismatches
from matches.models import Match, MatchParticipant, MatchStatus, Show, ShowStatus
from matches.records import records_rebuild
from promotion.invitations import invitation_send
from promotion.models import (
    Federation,
    Injury,
    Membership,
    StandingChange,
    TeamKind,
    TeamMembership,
    Title,
    TitleReign,
    Wrestler,
    WrestlerStatus,
    overlapping_spans,
)
from promotion.selectors import WRESTLED
from promotion.services import ServiceError
from promotion.standings import standings_table
from promotion.transfer_tables import (
    AUTO_TIMES,
    TABLES,
    Table,
    constraint_fields,
    foreign_keys,
    only_field,
    plain_fields,
)
from promotion.validators import DEBUT_AFTER_FIRST_MATCH, DEBUT_STILL_TO_COME, name_key
from rules import registry
from rules.core.errors import CardError
from rules.core.safejson import JsonError, check_bounds, load_json
from rules.models import ChartOverride, WrestlerCard

M = TypeVar("M", bound=models.Model)

FORMAT = "ringside.federation"
VERSION = 1

NOT_A_DOCUMENT = "This is not a federation export (expected format {format!r}, version {version})."
SLUG_TAKEN = "A federation with the slug {slug!r} exists already; import it under another slug."
UNKNOWN_FIELD = "unknown field"
UNKNOWN_REFERENCE = "no {what} {key!r} in this document"
DUPLICATE = "{what} {key!r} appears twice"
BROKEN_RULE = "The document breaks a rule of the database ({error}); nothing was imported."
BROKEN_CONSTRAINT = "breaks the rule {name}"
#: ``Wrestler.clean`` refuses to make a wrestler Injured by hand; an imported one may be Injured
#: when the document carries the injury that keeps him off cards (as the desks would have).
INJURED_WITHOUT_INJURY_HERE = (
    "Injured comes from an injury, and no unhealed injury in this document keeps this wrestler "
    "off cards: import the wrestler as Active, or add the injury (keeps_off_cards true)."
)
HEAT_RANGE = "Heat is 0 to {high} (the standings' most), not {value}."
#: The roster's rules across rows, as every other door keeps them (``Wrestler.clean`` and the
#: team services): checked on the document as a whole, since its rows have no federation yet.
RING_NAME_SHARED = (
    "{name!r} is also the ring name of {other} in this document; a ring name is one wrestler's "
    "in a federation (case and spacing aside): give each a name of his own."
)
TWO_TAG_TEAMS = (
    "{wrestler} joins {team} on {started:%b %-d, %Y} while still in another tag team, {other}; "
    "a wrestler is in one tag team at a time (stables aside): end the earlier membership first."
)

#: The document as a whole, held to ``check_federation``'s invariants (``matches.checks``).
SHOW_RUNNING = (
    "A show cannot be imported running: the beat would wrestle it again from the start. "
    "Import it as scheduled (its results emptied) or as failed."
)
SHOW_OVERDUE = (
    "scheduled for {when}, before the document was exported ({exported}): a show that was due "
    "and never wrestled cannot come in scheduled. Import it as booked, or cancelled."
)
SHOW_EMPTY = "{show}: completed with no matches."
LEDGER_TWICE = (
    "the same change as {first} ({attribute} {reason!r} for {wrestler} at match {match}): a "
    "match writes each change once (was the show wrestled twice?)."
)
NOT_EVENTS = "The play-by-play is a list of events (each with its kind and text), not {what}."
NOT_AN_EVENT = "An event of the play-by-play has its kind and text (words), not {what}."
NOT_A_CARD = "A card is the mapping of its fields, not {what}."
BAD_CHART = "{system}'s charts with this document's overrides cannot be read: {error}"
TOO_LARGE = (
    "{source} is larger than {limit:,} bytes, the most a federation import reads "
    "(FEDERATION_IMPORT_MAX_BYTES); nothing was imported."
)
BAD_EXPORTED_AT = "When the document was exported, as an ISO date and time, not {what}."


class TransferError(ServiceError):
    """An import refused whole; ``problems`` (and ``by_field``, as the API reads a refusal)
    lists every (path, message)."""

    heading = "invalid federation document"

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = problems
        self.by_field = tuple(problems)
        super().__init__("\n".join(f"{p}: {m}" if p else m for p, m in problems))


# -- export ---------------------------------------------------------------------------------------


def _out(value: Any, zone: ZoneInfo) -> Any:
    if isinstance(value, dt.datetime):
        return value.astimezone(zone).isoformat()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, ZoneInfo):
        return str(value)
    return value


def federation_export(*, federation: Federation) -> dict[str, Any]:
    """Every row of ``federation`` as one JSON-safe document (see the module's docstring)."""
    zone = ZoneInfo(str(federation.time_zone))
    keys: dict[str, dict[int, Any]] = {
        "user": dict(get_user_model().objects.values_list("pk", "username")),
        "wrestler": dict(federation.wrestlers.values_list("pk", "slug")),
        "team": dict(federation.teams.values_list("pk", "slug")),
        "title": dict(federation.titles.values_list("pk", "slug")),
        "show": dict(federation.shows.values_list("pk", "number")),
    }
    keys["feud"] = {
        pk: index
        for index, pk in enumerate(federation.feuds.order_by("pk").values_list("pk", flat=True), 1)
    }
    keys["match"] = {
        pk: [keys["show"][show_id], position]
        for pk, show_id, position in Match.objects.filter(show__federation=federation).values_list(
            "pk", "show_id", "position"
        )
    }
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().astimezone(zone).isoformat(),
        "federation": _row(
            federation,
            Table(
                "federation",
                Federation,
                lambda f: Federation.objects.filter(pk=f.pk),
                {"owner": "user"},
            ),
            keys,
            zone,
        ),
    }
    for table in TABLES:
        rows = table.rows(federation).order_by("pk")
        if table.key == "feuds":
            document[table.key] = [
                {"ref": keys["feud"][row.pk], **_row(row, table, keys, zone)} for row in rows
            ]
        else:
            document[table.key] = [_row(row, table, keys, zone) for row in rows]
    return document


def _row(obj, table: Table, keys, zone) -> dict[str, Any]:
    out = {f.name: _out(f.value_from_object(obj), zone) for f in plain_fields(table.model)}
    for fk in foreign_keys(table.model):
        if fk.name == "federation":
            continue
        value = getattr(obj, fk.attname)
        out[fk.name] = None if value is None else keys[table.refs[fk.name]][value]
    return out


# -- import ---------------------------------------------------------------------------------------


def max_bytes() -> int:
    """The largest federation document any door reads (``FEDERATION_IMPORT_MAX_BYTES``)."""
    return settings.FEDERATION_IMPORT_MAX_BYTES


def _json_path(path: str) -> str:
    """A path of ``safejson`` (``$.shows[3]``) as the import names places (``shows[3]``)."""
    return path.removeprefix("$").removeprefix(".")


def read_document(data: bytes | str, *, source: str = "The document") -> Any:
    """A federation document from its bytes: at most ``max_bytes()``, UTF-8 JSON, bounded in
    depth and numbers (``rules.core.safejson``); else ``TransferError`` naming what is wrong.
    A door reads at most one byte more than the limit, enough to tell a document too large."""
    limit = max_bytes()
    if len(data) > limit:
        raise TransferError([("", TOO_LARGE.format(source=source, limit=limit))])
    try:
        return load_json(data, source=source)
    except JsonError as exc:
        raise TransferError([(_json_path(exc.path), str(exc))]) from None


@dataclass
class ImportReport:
    rows: dict[str, int] = field(default_factory=dict)
    #: The members the document names: invited (username, role), the importer himself (he owns
    #: the copy), and names with no user here.
    invited: list[tuple[str, str]] = field(default_factory=list)
    owner_named: bool = False
    unknown_members: list[str] = field(default_factory=list)

    def member_lines(self, owner) -> list[str]:
        """What became of the members the document names, a sentence each."""
        lines = []
        if self.owner_named:
            lines.append(f"Member {owner.username!r} is the owner of the copy.")
        lines += [
            f"Member {name!r} invited as {role}: a member once they accept."
            for name, role in self.invited
        ]
        lines += [
            f"Member {name!r} left out: no user of that name here." for name in self.unknown_members
        ]
        return lines


def federation_import(
    *, document: Any, owner, slug: str | None = None
) -> tuple[Federation, ImportReport]:
    """Create the federation a document describes, owned by ``owner``; all or nothing.

    Raises ``TransferError`` listing every problem by path; nothing is written then."""
    try:
        check_bounds(document, source="The document")
    except JsonError as exc:
        raise TransferError([(_json_path(exc.path), str(exc))]) from None
    reader = _Reader(document, owner=owner, slug=slug)
    reader.check()
    if reader.problems:
        raise TransferError(reader.problems)
    try:
        with transaction.atomic():
            federation = reader.write()
            records_rebuild(federation=federation)  # (records are kept, not carried)
    except IntegrityError as exc:
        raise TransferError(
            [("", BROKEN_RULE.format(error=str(exc).splitlines()[0][:200]))]
        ) from None
    return federation, reader.report


def _unreadable(field: models.Field, value: Any, exc: Exception) -> list[str]:
    """Why ``value`` cannot be ``field``'s, in the words its own validators give (else the
    error's)."""
    messages: list[str] = []
    for validator in field.validators:
        try:
            validator(value)
        except ValidationError as err:
            messages.extend(err.messages)
        except (TypeError, ValueError):
            continue
    if messages:
        return messages
    return list(exc.messages) if isinstance(exc, ValidationError) else [str(exc)]


class _Reader:
    def __init__(self, document: Any, *, owner, slug: str | None):
        self.document = document
        self.owner = owner
        self.slug = slug
        self.problems: list[tuple[str, str]] = []
        self.report = ImportReport()
        self.federation: Federation | None = None
        # natural key kind -> key -> unsaved instance
        self.objects: dict[str, dict[Any, models.Model]] = {
            kind: {} for kind in ("wrestler", "team", "title", "feud", "show", "match", "user")
        }
        self.built: dict[str, list[models.Model]] = {}
        #: id of each row read -> its path in the document
        self.paths: dict[int, str] = {}
        self.most_heat: int | None = None
        self.exported_at: dt.datetime = timezone.now()
        #: (model, constraint, values of the fields it reads) -> whether they keep it
        self.constraint_answers: dict[tuple, bool] = {}

    def _built(self, key: str, model: type[M]) -> list[M]:
        """The whole rows read for table ``key``, each a ``model`` (the table's)."""
        return [row for row in self.built.get(key, []) if isinstance(row, model)]

    def _known(self, kind: str, model: type[M]) -> list[M]:
        """The rows answering to a natural key of ``kind``, each a ``model``."""
        return [row for row in self.objects[kind].values() if isinstance(row, model)]

    def problem(self, path: str, message: str) -> None:
        if len(self.problems) < 200:
            self.problems.append((path, message))

    # -- checking -------------------------------------------------------------------------------

    def check(self) -> None:
        doc = self.document
        if (
            not isinstance(doc, dict)
            or doc.get("format") != FORMAT
            or not isinstance(doc.get("federation"), dict)
        ):
            self.problem("format", NOT_A_DOCUMENT.format(format=FORMAT, version=VERSION))
            return
        if doc.get("version") != VERSION:
            self.problem("version", f"version {VERSION} is the one this site reads")
            return
        known = {"format", "version", "exported_at", "federation", *(t.key for t in TABLES)}
        for key in sorted(set(doc) - known, key=str):
            self.problem(str(key), UNKNOWN_FIELD)
        info = dict(doc["federation"])
        info.pop("owner", None)
        if self.slug:
            info["slug"] = self.slug
        federation, whole = self._build(Federation, info, "federation", refs={})
        if not whole:
            return
        federation.owner = self.owner
        if Federation.objects.filter(slug=federation.slug).exists():
            self.problem("federation.slug", SLUG_TAKEN.format(slug=federation.slug))
        self.federation = federation
        named = doc.get("members")
        usernames = (
            {row.get("user") for row in named if isinstance(row, dict)}
            if isinstance(named, list)
            else set()
        )
        usernames = {name for name in usernames if isinstance(name, str)}
        users: dict[Any, models.Model] = {
            u.username: u for u in get_user_model().objects.filter(username__in=usernames)
        }
        self.objects["user"] = users
        self.exported_at = self._exported_at(doc.get("exported_at"))
        for table in TABLES:
            rows = doc.get(table.key, [])
            if not isinstance(rows, list):
                self.problem(table.key, "must be a list")
                continue
            built = self.built.setdefault(table.key, [])
            for index, row in enumerate(rows):
                path = f"{table.key}[{index}]"
                if not isinstance(row, dict):
                    self.problem(path, "must be a mapping")
                    continue
                row = dict(row)
                ref = row.pop("ref", None) if table.key == "feuds" else None
                if table.key == "members" and not self._member(row, users):
                    continue
                first = len(self.problems)
                obj, whole = self._build(table.model, row, path, refs=table.refs)
                if table.model is Wrestler:
                    self._name_wrestler(row, first)
                if obj is None:
                    continue
                if whole:
                    built.append(obj)
                # A row whose own fields are wrong still answers to its key, so that the rows
                # naming it are not reported as well (nothing is written either way).
                self._register(table.key, obj, ref, path)
            if table.key != "members":  # (invited, not written: ``ImportReport.invited``)
                self.report.rows[table.key] = len(built)
        self._check_roster()
        self._check_history()

    def _member(self, row: dict[str, Any], users: dict[str, Any]) -> bool:
        """Whether a member's row is one to read (and invite): the importer owns the copy, and
        a name with no user here is reported."""
        name = row.get("user")
        if name == self.owner.username:
            self.report.owner_named = True
            return False
        if not isinstance(name, str) or name not in users:
            self.report.unknown_members.append(str(name))
            return False
        return True

    def _exported_at(self, value: Any) -> dt.datetime:
        """When the document was exported (now, when it does not say)."""
        if value is None:
            return timezone.now()
        try:
            when = dt.datetime.fromisoformat(value)
        except (TypeError, ValueError):
            self.problem("exported_at", BAD_EXPORTED_AT.format(what=_shown(value)))
            return timezone.now()
        return when if timezone.is_aware(when) else timezone.make_aware(when, dt.UTC)

    # -- the document as a whole, held to check_federation's invariants ---------------------

    def _check_history(self) -> None:
        self._check_shows()
        self._check_results()
        self._check_reigns()
        self._check_ledger()
        self._check_cards()

    def _check_shows(self) -> None:
        """No show running, none scheduled before the document was exported, none completed
        while an earlier one waits (``checks.shows_out_of_order``)."""
        dated = []
        for show in self._built("shows", Show):
            path = self.paths[id(show)]
            if show.status == ShowStatus.RUNNING:
                self.problem(f"{path}.status", SHOW_RUNNING)
            if not isinstance(show.scheduled_at, dt.datetime) or timezone.is_naive(
                show.scheduled_at
            ):
                continue
            if show.status == ShowStatus.SCHEDULED and show.scheduled_at < self.exported_at:
                message = SHOW_OVERDUE.format(
                    when=show.scheduled_at.isoformat(), exported=self.exported_at.isoformat()
                )
                self.problem(f"{path}.scheduled_at", message)
            dated.append(show)
        dated.sort(key=lambda show: (show.scheduled_at, show.number))
        for show, message in shows_out_of_order(dated):
            self.problem(f"{self.paths[id(show)]}.status", message)

    def _check_results(self) -> None:
        """Each match's result as its show's state allows (``checks.result_problem``), a
        completed show with matches, and a play-by-play a list of events."""
        carded: set[int] = set()
        whole = {id(show) for show in self._built("shows", Show)}
        for match in self._built("matches", Match):
            path = self.paths[id(match)]
            show = getattr(match, "show", None)
            if show is None or id(show) not in whole:
                continue  # its own problem is named where the show is
            carded.add(id(show))
            events = self._events_problem(match.play_by_play)
            if events:
                self.problem(f"{path}.play_by_play", events)
            message = result_problem(show, match)
            if message:
                self.problem(path, message)
        for show in self._built("shows", Show):
            if show.status == ShowStatus.COMPLETED and id(show) not in carded:
                self.problem(self.paths[id(show)], SHOW_EMPTY.format(show=show))

    @staticmethod
    def _events_problem(events: Any) -> str | None:
        if not isinstance(events, list):
            return NOT_EVENTS.format(what=_shown(events))
        for event in events:
            if not (
                isinstance(event, dict)
                and isinstance(event.get("kind"), str)
                and isinstance(event.get("text"), str)
            ):
                return NOT_AN_EVENT.format(what=_shown(event))
        return None

    def _check_reigns(self) -> None:
        """A title's reigns in order, without overlap (``checks.reign_order``)."""
        by_title: dict[int, list[TitleReign]] = {}
        whole = {id(title) for title in self._built("titles", Title)}
        for reign in self._built("reigns", TitleReign):
            title = getattr(reign, "title", None)
            if title is not None and id(title) in whole:
                by_title.setdefault(id(title), []).append(reign)
        for reigns in by_title.values():
            reigns.sort(key=lambda reign: reign.number)
            for reign, message in reign_order(reigns[0].title, reigns):
                self.problem(self.paths[id(reign)], message)

    def _check_ledger(self) -> None:
        """Each wrestler's Fame, Prestige, Heat and Edge what his ledger adds up to
        (``checks.standing_mismatches``), and no match's change written twice."""
        sums: dict[int, dict[str, int]] = {}
        seen: dict[tuple, StandingChange] = {}
        for row in self._built("ledger", StandingChange):
            wrestler = getattr(row, "wrestler", None)
            if wrestler is None:
                continue
            own = sums.setdefault(id(wrestler), {})
            own[row.attribute] = own.get(row.attribute, 0) + row.delta
            match = getattr(row, "match", None)
            if match is None:
                continue
            key = (id(match), id(wrestler), row.attribute, row.reason)
            first = seen.setdefault(key, row)
            if first is not row:
                message = LEDGER_TWICE.format(
                    first=self.paths[id(first)],
                    attribute=row.attribute,
                    reason=row.reason,
                    wrestler=wrestler.ring_name,
                    match=match,
                )
                self.problem(self.paths[id(row)], message)
        for wrestler in self._built("wrestlers", Wrestler):
            for attribute, message in standing_mismatches(wrestler, sums.get(id(wrestler), {})):
                self.problem(f"{self.paths[id(wrestler)]}.{attribute}", message)

    def _check_cards(self) -> None:
        """Every card valid for its system: its engine's parser, with the charts as the
        document's overrides make them (as ``services.card_normalise`` checks a card stored)."""
        tables: dict[str, Any] = {}
        for card in self._built("cards", WrestlerCard):
            engine = registry.systems.get(card.system)
            if engine is None:
                continue
            path = f"{self.paths[id(card)]}.data"
            if not isinstance(card.data, dict):
                self.problem(path, NOT_A_CARD.format(what=_shown(card.data)))
                continue
            if card.system not in tables:
                tables[card.system] = self._tables(engine)
            if tables[card.system] is None:
                continue  # the charts' problem is named where the overrides are
            try:
                engine.parse_card(card.data, tables=tables[card.system])
            except CardError as exc:
                for where, message in exc.problems:
                    self.problem(f"{path}.{where}" if where else path, message)
            except (TypeError, ValueError) as exc:
                self.problem(path, str(exc))

    def _tables(self, engine) -> Any:
        """A system's charts with the document's overrides; None (and the problem named at
        each override of that system) when they cannot be read."""
        rows = self._built("chart_overrides", ChartOverride)
        overrides = [row for row in rows if row.system == engine.name]
        try:
            return engine.load_tables({row.chart: row.data for row in overrides})
        except (ValueError, TypeError, KeyError) as exc:
            message = BAD_CHART.format(system=engine.name, error=exc)
            if not overrides:
                self.problem("chart_overrides", message)
            for row in overrides:
                self.problem(self.paths[id(row)], message)
            return None

    def _name_wrestler(self, row: dict[str, Any], first: int) -> None:
        """Each problem of a wrestler's row begins with the wrestler's name and slug."""
        name, slug = row.get("ring_name"), row.get("slug")
        if not isinstance(name, str) or not name.strip():
            return
        who = f"{name} ({slug})" if isinstance(slug, str) and slug else name
        for index in range(first, len(self.problems)):
            path, message = self.problems[index]
            self.problems[index] = (path, f"{who}: {message}")

    def _check_roster(self) -> None:
        """Injured only with an unhealed injury in the document that keeps the wrestler off
        cards: the rule of ``Wrestler.clean``, which on a new row refuses Injured outright."""
        out = {
            id(getattr(injury, "wrestler", None))
            for injury in self._built("injuries", Injury)
            if injury.healed_on is None and injury.keeps_off_cards is True
        }
        for wrestler in self._known("wrestler", Wrestler):
            if wrestler.status == WrestlerStatus.INJURED and id(wrestler) not in out:
                self._wrestler_problem(wrestler, "status", INJURED_WITHOUT_INJURY_HERE)
        self._check_ring_names()
        self._check_tag_teams()
        self._check_debuts()

    def _wrestler_problem(self, wrestler: Wrestler, name: str, message: str) -> None:
        first = len(self.problems)
        self.problem(f"{self.paths[id(wrestler)]}.{name}", message)
        self._name_wrestler({"ring_name": wrestler.ring_name, "slug": wrestler.slug}, first)

    def _check_ring_names(self) -> None:
        """A ring name is one wrestler's (``validators.name_key``: case and spacing aside)."""
        named: dict[str, Wrestler] = {}
        for wrestler in self._built("wrestlers", Wrestler):
            key = name_key(wrestler.ring_name)
            other = named.setdefault(key, wrestler)
            if other is not wrestler:
                message = RING_NAME_SHARED.format(name=wrestler.ring_name, other=other.slug)
                self._wrestler_problem(wrestler, "ring_name", message)

    def _check_tag_teams(self) -> None:
        """A wrestler is in one tag team at a time (stables aside)."""
        tag_spans = [
            membership
            for membership in self._built("team_memberships", TeamMembership)
            if getattr(membership, "wrestler", None) is not None
            and getattr(membership, "team", None) is not None
            and membership.team.kind == TeamKind.TAG_TEAM
        ]
        # (By the unsaved wrestler itself: the document's rows have no ids yet.)
        for earlier, later in overlapping_spans(tag_spans, key=lambda m: id(m.wrestler)):
            message = TWO_TAG_TEAMS.format(
                wrestler=later.wrestler.ring_name,
                team=later.team.name,
                started=later.started_on,
                other=earlier.team.name,
            )
            self.problem(self.paths[id(later)], message)

    def _check_debuts(self) -> None:
        """A debut is a day that has come (the federation's today: the later of the date in its
        time zone and its last wrestled show's, ``selectors.federation_today``) and no later
        than the first match he wrestled."""
        federation = self.federation
        assert federation is not None  # check() sets it before it checks the roster
        zone = ZoneInfo(str(federation.time_zone))
        wrestled = [
            show.scheduled_at.astimezone(zone).date()
            for show in self._built("shows", Show)
            if show.status == WRESTLED and isinstance(show.scheduled_at, dt.datetime)
        ]
        today = max([timezone.localdate(timezone=zone), *wrestled])
        first: dict[int, tuple[dt.date, Show]] = {}
        for row in self._built("match_participants", MatchParticipant):
            match, wrestler = getattr(row, "match", None), getattr(row, "wrestler", None)
            if match is None or wrestler is None or match.status != MatchStatus.COMPLETED:
                continue
            show = getattr(match, "show", None)
            if show is None or not isinstance(show.scheduled_at, dt.datetime):
                continue  # its own problem is named where the show is
            day = show.scheduled_at.astimezone(zone).date()
            if id(wrestler) not in first or day < first[id(wrestler)][0]:
                first[id(wrestler)] = (day, show)
        for wrestler in self._built("wrestlers", Wrestler):
            debut = wrestler.debut_on
            if debut is None:
                continue
            if debut > today:
                message = DEBUT_STILL_TO_COME.format(on=debut, federation=federation, today=today)
                self._wrestler_problem(wrestler, "debut_on", message)
            elif id(wrestler) in first and debut > first[id(wrestler)][0]:
                day, show = first[id(wrestler)]
                message = DEBUT_AFTER_FIRST_MATCH.format(
                    wrestler=wrestler.ring_name, first=day, show=show, on=debut
                )
                self._wrestler_problem(wrestler, "debut_on", message)

    def _register(self, key: str, obj, ref, path: str) -> None:
        natural = {
            "wrestlers": ("wrestler", lambda o: o.slug),
            "teams": ("team", lambda o: o.slug),
            "titles": ("title", lambda o: o.slug),
            "feuds": ("feud", lambda o: ref),
            "shows": ("show", lambda o: o.number),
            "matches": ("match", lambda o: (o.show.number, o.position)),
        }.get(key)
        if natural is None:
            return
        kind, of = natural
        value = of(obj)
        if kind == "feud" and not isinstance(value, int):
            self.problem(f"{path}.ref", "each feud needs a whole-number ref")
            return
        try:
            hash(value)
        except TypeError:
            return  # a key that is no key (a list for a slug): its field's problem is named
        if value in self.objects[kind]:
            self.problem(path, DUPLICATE.format(what=kind, key=value))
            return
        self.objects[kind][value] = obj

    def _build(self, model, row: dict[str, Any], path: str, *, refs: dict[str, str]):
        """(the unsaved row, whether it is whole): None when a reference fails; not whole when
        a field of its own breaks a rule (each problem is recorded)."""
        plain = {f.name: f for f in plain_fields(model)}
        fks = {f.name: f for f in foreign_keys(model) if f.name != "federation"}
        obj = model()
        linked = True
        unreadable = False
        for name, value in row.items():
            if name in plain:
                try:
                    setattr(obj, plain[name].attname, value)
                except (ValidationError, TypeError, ValueError) as exc:
                    # A field that reads its value on assignment (a time zone): its own words.
                    for message in _unreadable(plain[name], value, exc):
                        self.problem(f"{path}.{name}", message)
                    unreadable = True
            elif name in fks:
                target = self._resolve(refs.get(name), value, f"{path}.{name}")
                if target is False:
                    linked = False
                elif model is not Federation:
                    setattr(obj, fks[name].name, target)
            else:
                self.problem(f"{path}.{name}", UNKNOWN_FIELD)
                linked = False
        exclude = [f.name for f in foreign_keys(model)]
        fields_ok = self._validated(path, lambda: obj.clean_fields(exclude=exclude))
        fields_ok = fields_ok and not unreadable
        if not linked:
            return None, False
        self.paths[id(obj)] = path
        if not fields_ok:
            return obj, False
        # The model's own rules across its fields (``clean``); Injured is the document's to
        # judge (``_check_roster``).
        whole = self._validated(path, obj.clean, deferred={"injured_by_hand"})
        if model is Wrestler:
            whole = self._heat_in_bounds(obj, path) and whole
        if hasattr(obj, "federation_id") and model is not Federation:
            obj.federation = self.federation
        # Check constraints on the row's own fields (those on foreign keys are the database's
        # to check: the rows they point at have no ids yet).
        for constraint in model._meta.constraints:
            if isinstance(constraint, models.CheckConstraint) and not self._holds(
                model, constraint, obj, exclude
            ):
                field = only_field(model, constraint)
                self.problem(
                    f"{path}.{field}" if field else path,
                    BROKEN_CONSTRAINT.format(name=constraint.name),
                )
                whole = False
        return obj, whole

    def _holds(self, model, constraint: models.CheckConstraint, obj, exclude: list[str]) -> bool:
        """Whether a row keeps a check constraint. The database answers (``validate`` asks it
        a query), once for each set of values of the fields the constraint reads: a long
        history repeats a few (a match's status, method and winner), and a query a row made
        most of the time of a large import."""
        fields = constraint_fields(model, constraint)
        key = None
        if fields is not None:
            key = (model, constraint.name, *(getattr(obj, f.attname) for f in fields))
            try:
                return self.constraint_answers[key]
            except KeyError:
                pass
            except TypeError:  # a value that is no key (a list): ask the database
                key = None
        try:
            constraint.validate(model, obj, exclude=set(exclude))
            holds = True
        except ValidationError:
            holds = False
        if key is not None:
            self.constraint_answers[key] = holds
        return holds

    def _validated(self, path: str, check: Callable[[], None], deferred=frozenset()) -> bool:
        """Run a model's check, recording each problem by its field; False when any."""
        try:
            check()
        except ValidationError as exc:
            errors = exc.error_dict if hasattr(exc, "error_dict") else {NON_FIELD_ERRORS: [exc]}
            found = False
            for name, items in errors.items():
                for item in items:
                    if item.code in deferred:
                        continue
                    for message in item.messages:
                        where = path if name == NON_FIELD_ERRORS else f"{path}.{name}"
                        self.problem(where, message)
                        found = True
            return not found
        return True

    def _heat_in_bounds(self, wrestler: Wrestler, path: str) -> bool:
        """Heat within the standings' bounds, where every result keeps it."""
        if self.most_heat is None:
            self.most_heat = standings_table()["heat"]["maximum"]
        most = self.most_heat
        if 0 <= wrestler.heat <= most:
            return True
        self.problem(f"{path}.heat", HEAT_RANGE.format(high=most, value=wrestler.heat))
        return False

    def _resolve(self, kind: str | None, value: Any, path: str):
        """The unsaved instance a natural key names, None for null, False when unknown."""
        if value is None:
            return None
        if kind is None:
            self.problem(path, UNKNOWN_FIELD)
            return False
        key = tuple(value) if kind == "match" and isinstance(value, list) else value
        try:
            found = self.objects[kind].get(key)
        except TypeError:
            found = None
        if found is None:
            self.problem(path, UNKNOWN_REFERENCE.format(what=kind, key=value))
            return False
        return found

    # -- writing --------------------------------------------------------------------------------

    def write(self) -> Federation:
        """Create every row, parents first. Foreign keys point at instances saved just before
        (Django takes their new ids as each row is created). The members named are invited."""
        federation = self.federation
        assert federation is not None  # written only after check() read it without a problem
        times = [(name, getattr(federation, name)) for name in AUTO_TIMES[Federation]]
        federation.save()
        self._restore(Federation, [federation], [times])
        for table in TABLES:
            if table.key == "members":
                self._invite(self._built(table.key, Membership))
                continue
            objs = self.built.get(table.key, [])
            saved = [
                [(name, getattr(obj, name)) for name in AUTO_TIMES.get(table.model, [])]
                for obj in objs
            ]
            table.model._default_manager.bulk_create(objs, batch_size=500)
            self._restore(table.model, objs, saved)
        return federation

    def _invite(self, members: list[Membership]) -> None:
        """Each member the document names is offered his role (``invitations.invitation_send``,
        as any invitation is); he is a member once he says so."""
        for member in members:
            invitation_send(
                federation=self.federation,
                user=member.user,
                role=member.role,
                invited_by=self.owner,
            )
        self.report.invited = [(member.user.username, member.role) for member in members]

    @staticmethod
    def _restore(model, objs, saved) -> None:
        """Put back the times that ``auto_now``/``auto_now_add`` overwrote on create."""
        names = AUTO_TIMES.get(model)
        if not names or not objs:
            return
        for obj, values in zip(objs, saved, strict=True):
            for name, value in values:
                setattr(obj, name, value)
        model.objects.bulk_update(objs, names, batch_size=500)


def _shown(value: Any) -> str:
    """A value of the document in a message: its JSON, cut short."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:37] + "..."
