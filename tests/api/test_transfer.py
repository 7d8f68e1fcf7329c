"""A whole federation out as one JSON document and back in: exactly the same rows, all or nothing.

The fingerprint below is written independently of ``promotion.transfer``: it reads every concrete
field of every model of a federation, naming rows by their natural keys, so that a field the
export forgets (or the import sets differently) shows up here."""

from __future__ import annotations

import copy
import datetime as dt
import io
import json
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import models

from matches.models import Match, MatchParticipant, Show
from promotion.models import (
    Federation,
    Feud,
    FeudParticipant,
    Injury,
    MemberRole,
    Membership,
    ReignEnd,
    StandingChange,
    Team,
    TeamMembership,
    Title,
    TitleReign,
    Wrestler,
)
from promotion.services import federation_delete, reign_end
from promotion.transfer import TransferError, federation_export, federation_import
from rules.models import ChartOverride, WrestlerCard
from tests import factories
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

MODELS = [
    Federation,
    Membership,
    Wrestler,
    WrestlerCard,
    ChartOverride,
    Team,
    TeamMembership,
    Title,
    TitleReign,
    Feud,
    FeudParticipant,
    Show,
    Match,
    MatchParticipant,
    Injury,
    StandingChange,
]


def _natural(obj) -> object:
    if obj is None:
        return None
    if isinstance(obj, Wrestler | Team | Title | Federation):
        return obj.slug
    if isinstance(obj, Show):
        return ("show", obj.number)
    if isinstance(obj, Match):
        return ("match", obj.show.number, obj.position)
    if isinstance(obj, Feud):
        return ("feud", obj.name, obj.started_on.isoformat(), obj.description)
    if hasattr(obj, "username"):
        return obj.username
    raise AssertionError(f"no natural key for {obj!r}")


def fingerprint(federation: Federation) -> dict[str, list[tuple]]:
    """Every row of every model of ``federation``, every field, ids replaced by natural keys."""
    lookups: dict[type[models.Model], dict[str, Any]] = {
        Federation: {"pk": federation.pk},
        Membership: {"federation": federation},
        Wrestler: {"federation": federation},
        WrestlerCard: {"wrestler__federation": federation},
        ChartOverride: {"federation": federation},
        Team: {"federation": federation},
        TeamMembership: {"team__federation": federation},
        Title: {"federation": federation},
        TitleReign: {"title__federation": federation},
        Feud: {"federation": federation},
        FeudParticipant: {"feud__federation": federation},
        Show: {"federation": federation},
        Match: {"show__federation": federation},
        MatchParticipant: {"show__federation": federation},
        Injury: {"wrestler__federation": federation},
        StandingChange: {"wrestler__federation": federation},
    }
    out = {}
    for model in MODELS:
        rows = model._default_manager.all() if model is not Federation else Federation.objects.all()
        lookup = lookups[model]
        fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        table = []
        for row in rows.filter(**lookup).order_by("pk"):
            values = []
            for field in fields:
                if isinstance(field, models.ForeignKey):
                    values.append((field.name, _natural(getattr(row, field.name))))
                else:
                    values.append((field.name, _plain(field.value_from_object(row))))
            table.append(tuple(values))
        out[model.__name__] = table
    return out


def _plain(value):
    return str(value) if value.__class__.__name__ == "ZoneInfo" else value


def _ropes() -> dict:
    """The Filsinger ropes chart as shipped: an override the engine reads (an import checks
    every card against the charts its document makes)."""
    import yaml

    from rules.data import __path__ as data_path

    with open(f"{data_path[0]}/filsinger/ropes.yaml", encoding="utf-8") as handle:
        return yaml.safe_load(handle)


@pytest.fixture
def rich(history, people):
    """The sample after two shows, with what the sample lacks: an injury, a vacated title, a
    chart override, a past team membership, members and a match called off."""
    federation = history
    vale = Wrestler.objects.get(slug="corrigan-vale")
    match = Match.objects.filter(show__federation=federation).first()
    Injury.objects.create(
        wrestler=vale,
        occurred_on=dt.date(2026, 11, 6),
        match=match,
        source="feud_table",
        body_part="knee",
        fight_cards_remaining=2,
        keeps_off_cards=False,
        expected_return=dt.date(2026, 11, 20),
        description="Torn knee ligament",
    )
    frontier = Title.objects.get(slug="frontier-championship")
    reign_end(
        reign=frontier.current_reign, ended_on=dt.date(2026, 11, 30), reason=ReignEnd.STRIPPED
    )
    ChartOverride.objects.create(
        federation=federation, system="filsinger", chart="ropes", data=_ropes(), note="printed"
    )
    crosswind = Team.objects.get(slug="crosswind")
    TeamMembership.objects.create(
        team=crosswind,
        wrestler=vale,
        started_on=dt.date(2019, 1, 1),
        ended_on=dt.date(2019, 6, 1),
    )
    factories.FeudFactory(federation=federation, name="", started_on=dt.date(2026, 1, 3))
    last = Match.objects.filter(show__federation=federation).order_by("show", "position").last()
    Match.objects.filter(pk=last.pk).update(
        status="called_off",
        called_off_because="Corrigan Vale is injured.",
        winner_side=None,
        method="",
        length=None,
        play_by_play=[],
        effects={},
    )
    return federation


def test_export_then_import_into_an_empty_database_reproduces_every_row(rich, people):
    before = fingerprint(rich)
    assert len(before["Match"]) == 12 and len(before["StandingChange"]) > 100
    assert len(before["Membership"]) == 2 and len(before["Injury"]) >= 1
    document = json.loads(json.dumps(federation_export(federation=rich)))
    federation_delete(federation=rich)
    for model in MODELS:
        assert not model.objects.exists(), model
    imported, report = federation_import(document=document, owner=people["owner"])
    assert report.invited == [("booker", "booker"), ("viewer", "viewer")]
    assert report.unknown_members == [] and report.owner_named is False
    after = fingerprint(imported)
    # The members are invited, not made members unasked: every other row comes back as it was.
    assert after.pop("Membership") == []
    before.pop("Membership")
    assert after == before
    assert _invited(imported) == [("booker", "booker"), ("viewer", "viewer")]
    again = federation_export(federation=imported)
    for export in (document, again):
        export.pop("exported_at")
        export.pop("members")
    assert again == document


def _invited(federation) -> list[tuple[str, str]]:
    """Who the federation's pending invitations name, with the role offered."""
    from promotion.models import Invitation

    return sorted(
        Invitation.objects.filter(
            federation=federation, accepted_at__isnull=True, declined_at__isnull=True
        ).values_list("user__username", "role")
    )


def test_an_import_is_all_or_nothing_with_every_problem_named(rich, people):
    document = federation_export(federation=rich)
    broken = copy.deepcopy(document)
    broken["federation"]["slug"] = "copperline-two"
    broken["wrestlers"][1]["slug"] = broken["wrestlers"][0]["slug"]
    broken["matches"][0]["method"] = "teleportation"
    broken["match_participants"][0]["wrestler"] = "nobody"
    broken["ledger"][0]["delta"] = "a lot"
    broken["shows"][0]["colour"] = "red"
    with pytest.raises(TransferError) as refused:
        federation_import(document=broken, owner=people["owner"])
    paths = [path for path, _ in refused.value.problems]
    assert "wrestlers[1]" in paths
    assert "matches[0].method" in paths
    assert "match_participants[0].wrestler" in paths
    assert "ledger[0].delta" in paths
    assert "shows[0].colour" in paths
    assert not Federation.objects.filter(slug="copperline-two").exists()
    assert Wrestler.objects.count() == len(document["wrestlers"])


def wrestler_row(document, slug: str) -> dict:
    return next(row for row in document["wrestlers"] if row["slug"] == slug)


def test_an_import_breaking_the_rosters_rules_is_refused_naming_each_wrestler(rich, people):
    """The rules a wrestler is saved by (``Wrestler.clean``, the figures' bounds, the Heat the
    standings allow) hold for an imported roster too: each broken one is named by the wrestler
    and the field, and nothing at all is written."""
    broken = federation_export(federation=rich)
    wrestler_row(broken, "skylar-finch")["status"] = "injured"
    wrestler_row(broken, "bastian-holloway")["height_in"] = 20
    wrestler_row(broken, "gideon-pike")["heat"] = 50
    wrestler_row(broken, "thaddeus-moor")["fame"] = -1
    with pytest.raises(TransferError) as refused:
        federation_import(document=broken, owner=people["owner"], slug="broken")
    assert refused.value.problems == [
        (
            "wrestlers[2].height_in",
            "Bastian Holloway (bastian-holloway): A height is 48 to 100 inches (4'0\" to 8'4\"), "
            "not 20.",
        ),
        (
            "wrestlers[3].heat",
            "Gideon Pike (gideon-pike): Heat is 0 to 10 (the standings' most), not 50.",
        ),
        (
            "wrestlers[4].fame",
            "Thaddeus Moor (thaddeus-moor): breaks the rule wrestler_fame_not_negative",
        ),
        # Injured is judged once the document's injuries are read.
        (
            "wrestlers[1].status",
            "Skylar Finch (skylar-finch): Injured comes from an injury, and no unhealed injury in "
            "this document keeps this wrestler off cards: import the wrestler as Active, or add "
            "the injury (keeps_off_cards true).",
        ),
    ]
    assert not Federation.objects.filter(slug="broken").exists()
    assert Wrestler.objects.count() == len(broken["wrestlers"])


def test_an_injured_wrestler_imports_with_the_injury_that_keeps_the_wrestler_out(rich, people):
    document = federation_export(federation=rich)
    wrestler_row(document, "corrigan-vale")["status"] = "injured"
    (injury,) = document["injuries"]
    assert (injury["wrestler"], injury["healed_on"]) == ("corrigan-vale", None)
    injury["keeps_off_cards"] = False
    with pytest.raises(TransferError) as refused:
        federation_import(document=document, owner=people["owner"], slug="copy")
    assert [path for path, _ in refused.value.problems] == ["wrestlers[0].status"]
    injury["keeps_off_cards"] = True
    imported, _ = federation_import(document=document, owner=people["owner"], slug="copy")
    assert imported.wrestlers.get(slug="corrigan-vale").status == "injured"


def test_the_import_command_refuses_a_broken_roster_and_writes_nothing(rich, people, tmp_path):
    broken = federation_export(federation=rich)
    wrestler_row(broken, "skylar-finch")["status"] = "injured"
    wrestler_row(broken, "bastian-holloway")["weight_lb"] = 5000
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    errors = io.StringIO()
    with pytest.raises(CommandError, match=r"^2 problems; nothing was imported\.$"):
        call_command("import_federation", str(path), owner="owner", slug="broken", stderr=errors)
    assert errors.getvalue().splitlines() == [
        "- wrestlers[2].weight_lb: Bastian Holloway (bastian-holloway): A weight is 80 to 800 "
        "pounds, not 5000.",
        "- wrestlers[1].status: Skylar Finch (skylar-finch): Injured comes from an injury, and no "
        "unhealed injury in this document keeps this wrestler off cards: import the wrestler as "
        "Active, or add the injury (keeps_off_cards true).",
    ]
    assert not Federation.objects.filter(slug="broken").exists()


def test_a_federation_is_not_imported_over_one_with_its_slug(rich, people):
    document = federation_export(federation=rich)
    with pytest.raises(TransferError) as refused:
        federation_import(document=document, owner=people["owner"])
    assert refused.value.problems == [
        (
            "federation.slug",
            "A federation with the slug 'copperline' exists already; import it under another slug.",
        )
    ]
    copy_of, _ = federation_import(document=document, owner=people["booker"], slug="copy")
    assert copy_of.owner == people["booker"]
    assert copy_of.wrestlers.count() == rich.wrestlers.count()
    assert Membership.objects.filter(federation=copy_of, user=people["booker"]).count() == 0


def test_members_whose_users_are_missing_are_left_out_and_reported(rich, people):
    document = federation_export(federation=rich)
    document["members"].append(
        {"user": "somebody-else", "role": MemberRole.VIEWER, "created_at": None}
    )
    _, report = federation_import(document=document, owner=people["outsider"], slug="other")
    assert report.unknown_members == ["somebody-else"]
    assert report.member_lines(people["outsider"]) == [
        "Member 'booker' invited as booker: a member once they accept.",
        "Member 'viewer' invited as viewer: a member once they accept.",
        "Member 'somebody-else' left out: no user of that name here.",
    ]


def test_the_importer_named_as_a_member_is_reported_as_the_owner(rich, people):
    """Issue 39: the importer, a member of the federation he exported, was reported 'left out:
    no such user here'; he owns the copy."""
    document = federation_export(federation=rich)
    copy_of, report = federation_import(document=document, owner=people["booker"], slug="mine")
    assert copy_of.owner == people["booker"]
    assert report.owner_named is True
    assert report.member_lines(people["booker"]) == [
        "Member 'booker' is the owner of the copy.",
        "Member 'viewer' invited as viewer: a member once they accept.",
    ]
    assert _invited(copy_of) == [("viewer", "viewer")]
    assert not Membership.objects.filter(federation=copy_of).exists()


def test_not_a_document(people):
    for document in ({}, [], "text", {"format": "ringside.federation", "version": 99}):
        with pytest.raises(TransferError):
            federation_import(document=document, owner=people["owner"])


def test_the_api_exports_to_members_who_book_and_imports_for_anyone_signed_in(rich, people):
    url = "/api/v1/federations/copperline/export/"
    assert client_for(people, "viewer").get(url).status_code == 403
    assert client_for(people, "anonymous").get(url).status_code == 401
    response = client_for(people, "booker").get(url)
    assert response.status_code == 200
    document = response.json()
    client = client_for(people, "outsider")
    response = client.post("/api/v1/federations/import/?slug=mine", document, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["owner"] == "outsider"
    again = client.post("/api/v1/federations/import/?slug=mine", document, format="json")
    assert again.status_code == 400
    assert again.json()["errors"][0]["path"] == "federation.slug"
    assert (
        client_for(people, "anonymous")
        .post("/api/v1/federations/import/", document, format="json")
        .status_code
        == 401
    )


def test_the_commands_export_and_import(rich, people, tmp_path):
    path = tmp_path / "copperline.json"
    call_command("export_federation", "copperline", output=str(path))
    before = fingerprint(rich)
    federation_delete(federation=rich)
    said = io.StringIO()
    call_command("import_federation", str(path), owner="owner", stdout=said)
    after = fingerprint(Federation.objects.get(slug="copperline"))
    assert after.pop("Membership") == [] and len(before.pop("Membership")) == 2
    assert after == before
    assert said.getvalue().splitlines()[1:] == [
        "Member 'booker' invited as booker: a member once they accept.",
        "Member 'viewer' invited as viewer: a member once they accept.",
    ]
    path.write_text("{not json")
    errors = io.StringIO()
    with pytest.raises(CommandError, match="1 problem; nothing was imported"):
        call_command("import_federation", str(path), owner="owner", stderr=errors)
    assert "is not valid JSON: Expecting property name" in errors.getvalue()
    with pytest.raises(CommandError, match="No federation"):
        call_command("export_federation", "nowhere")


def test_an_import_keeps_the_rosters_rules_across_rows(rich, people):
    """A ring name is one wrestler's, a wrestler is in one tag team at a time, and a debut is a
    day that has come and no later than his first match: the document as a whole is checked, as
    every other door checks a roster, and nothing is written."""
    from zoneinfo import ZoneInfo

    from django.utils import timezone

    broken = federation_export(federation=rich)
    wrestler_row(broken, "thaddeus-moor")["ring_name"] = "GIDEON  pike"
    wrestler_row(broken, "nadia-sorrel")["debut_on"] = "2099-01-01"
    memberships = broken["team_memberships"]
    memberships.append(
        {"team": "crosswind", "wrestler": "hollis-crane", "started_on": "2024-01-01"}
    )
    # The first match wrestled in the document, and one of its wrestlers.
    shows = {row["number"]: row for row in broken["shows"]}
    first_show = shows[min(number for number, row in shows.items() if row["status"] == "completed")]
    zone = ZoneInfo(broken["federation"]["time_zone"])
    first_day = dt.datetime.fromisoformat(first_show["scheduled_at"]).astimezone(zone).date()
    slug = next(
        row["wrestler"]
        for row in broken["match_participants"]
        if row["show"] == first_show["number"] and row["wrestler"] != "nadia-sorrel"
    )
    late = wrestler_row(broken, slug)
    late["debut_on"] = (first_day + dt.timedelta(days=1)).isoformat()
    index = {row["slug"]: i for i, row in enumerate(broken["wrestlers"])}
    today = timezone.localdate(timezone=zone)
    with pytest.raises(TransferError) as refused:
        federation_import(document=broken, owner=people["owner"], slug="broken")
    day = f"{first_day:%b %-d, %Y}"
    after = f"{first_day + dt.timedelta(days=1):%b %-d, %Y}"
    debuts = [
        (
            f"wrestlers[{index['nadia-sorrel']}].debut_on",
            "Nadia Sorrel (nadia-sorrel): A debut is a day that has come: Jan 1, 2099 is after "
            f"Copperline Wrestling Federation's today ({today:%b %-d, %Y}).",
        ),
        (
            f"wrestlers[{index[slug]}].debut_on",
            f"{late['ring_name']} ({slug}): {late['ring_name']} wrestled a first match here on "
            f"{day} ({first_show['name']}); the debut is that day or earlier, not {after}.",
        ),
    ]
    debuts.sort(key=lambda problem: int(problem[0].split("[")[1].split("]")[0]))
    assert refused.value.problems == [
        (
            f"wrestlers[{index['thaddeus-moor']}].ring_name",
            "GIDEON  pike (thaddeus-moor): 'GIDEON  pike' is also the ring name of gideon-pike "
            "in this document; a ring name is one wrestler's in a federation (case and spacing "
            "aside): give each a name of his own.",
        ),
        (
            f"team_memberships[{len(memberships) - 1}]",
            "Hollis Crane joins Crosswind on Jan 1, 2024 while still in another tag team, The "
            "Rivet Gang; a wrestler is in one tag team at a time (stables aside): end the earlier "
            "membership first.",
        ),
        *debuts,
    ]
    assert not Federation.objects.filter(slug="broken").exists()


def test_a_federation_is_not_imported_under_one_of_the_apis_own_words(rich, people):
    document = federation_export(federation=rich)
    with pytest.raises(TransferError) as refused:
        federation_import(document=document, owner=people["owner"], slug="import")
    assert refused.value.problems == [
        ("federation.slug", "'import' is one of the site's own addresses; choose another slug.")
    ]
    assert not Federation.objects.filter(slug="import").exists()


def test_a_refused_import_reads_as_its_problems_a_line_each():
    # What a log or a traceback shows of a refused import: each problem on its own line, by path.
    refused = TransferError([("wrestlers[0].fame", "must be from 0 to 100"), ("", "empty")])
    assert str(refused) == "wrestlers[0].fame: must be from 0 to 100\nempty"
