"""How the import reads a federation document where its checks could stop short or say too
little: each refusal's path and words, a second bad row still judged after a first, a naive
``exported_at`` read as UTC, the database's own refusal in its words.

The document is the sample federation after two shows, exported once for the module; each test
edits a copy and imports it (``promotion.transfer.federation_import``), so that each calls only
the import it checks. Messages are the module's own (``promotion.transfer``'s constants)."""

from __future__ import annotations

import copy
import datetime as dt
import json
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from promotion.models import Federation
from promotion.transfer import TransferError, federation_export, federation_import
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def exported(django_db_setup, django_db_blocker):
    """The sample federation after two weekly shows, as its export (nothing of it kept)."""
    from matches.simulation import show_simulate
    from tests.matches.helpers import book_week

    with django_db_blocker.unblock(), transaction.atomic():
        factories.UserFactory(username="founder")
        call_command("load_sample_federation", owner="founder", verbosity=0)
        federation = Federation.objects.get(slug="copperline")
        start = timezone.now() - dt.timedelta(days=15)
        for week in range(2):
            show = book_week(
                federation,
                scheduled_at=start + dt.timedelta(days=7 * week),
                seed=4100 + week,
                matches=6,
            )
            assert show_simulate(show_id=show.pk).status == "completed"
        document = json.loads(json.dumps(federation_export(federation=federation)))
        transaction.set_rollback(True)
    document["federation"]["slug"] = "copy"
    return document


@pytest.fixture
def document(exported):
    return copy.deepcopy(exported)


@pytest.fixture
def owner(db):
    return factories.UserFactory(username="importer")


def problems(document, owner) -> list[tuple[str, str]]:
    """The problems the import names for ``document``; nothing written."""
    with pytest.raises(TransferError) as caught:
        federation_import(document=document, owner=owner)
    assert not Federation.objects.filter(slug="copy").exists()
    return caught.value.problems


def test_a_table_that_is_no_list_is_named_and_the_rest_still_read(document, owner):
    document["teams"] = {"crosswind": {}}
    document["wrestlers"][0]["fame"] += 5
    found = problems(document, owner)
    assert ("teams", "must be a list") in found
    assert any(path == "wrestlers[0].fame" for path, _ in found), found


def test_a_naive_exported_at_is_read_as_utc_whatever_zone_is_current(document, owner):
    # A show scheduled at 06:00 UTC, the document exported (naively) at 12:00 the same day:
    # read as UTC the show was due before the export; read in Auckland's (UTC+13) zone it
    # would not be.
    show = max(document["shows"], key=lambda row: row["number"])
    index = document["shows"].index(show)
    for match in document["matches"]:
        if match["show"] == show["number"]:
            match.update(
                status="booked", method="", winner_side=None, play_by_play=[], completed_at=None
            )
    show.update(status="scheduled", completed_at=None, scheduled_at="2030-01-01T06:00:00+00:00")
    document["exported_at"] = "2030-01-01T12:00:00"
    with timezone.override(ZoneInfo("Pacific/Auckland")):
        found = dict(problems(document, owner))
    assert found[f"shows[{index}].scheduled_at"] == (
        "scheduled for 2030-01-01T06:00:00+00:00, before the document was exported "
        "(2030-01-01T12:00:00+00:00): a show that was due and never wrestled cannot come in "
        "scheduled. Import it as booked, or cancelled."
    )


def test_a_completed_show_without_matches_is_named(document, owner):
    last = max(document["shows"], key=lambda row: row["number"])
    empty = dict(last, number=last["number"] + 1, name="Foundry Fight Night")
    empty["scheduled_at"] = (
        dt.datetime.fromisoformat(last["scheduled_at"]) + dt.timedelta(days=1)
    ).isoformat()
    document["shows"].append(empty)
    found = problems(document, owner)
    assert (
        f"shows[{len(document['shows']) - 1}]",
        f"Foundry Fight Night (#{empty['number']}): completed with no matches.",
    ) in found


def test_a_ledger_row_twice_names_the_match_it_was_written_for(document, owner):
    ledger = document["ledger"]
    index = next(i for i, row in enumerate(ledger) if row["match"] is not None)
    row = ledger[index]
    ledger.append(copy.deepcopy(row))
    show_number, position = row["match"]
    show = next(s for s in document["shows"] if s["number"] == show_number)
    name = show["name"] if f"#{show_number}" in show["name"] else f"{show['name']} (#{show_number})"
    wrestler = next(w for w in document["wrestlers"] if w["slug"] == row["wrestler"])
    assert (
        f"ledger[{len(ledger) - 1}]",
        f"the same change as ledger[{index}] ({row['attribute']} {row['reason']!r} for "
        f"{wrestler['ring_name']} at match {name} — match {position}): a match writes each "
        "change once (was the show wrestled twice?).",
    ) in problems(document, owner)


def test_a_card_that_is_no_mapping_is_named_in_its_words(document, owner):
    document["cards"][0]["data"] = "junk"
    assert problems(document, owner) == [
        ("cards[0].data", 'A card is the mapping of its fields, not "junk".')
    ]


def test_a_broken_chart_override_is_named_and_other_systems_cards_still_checked(document, owner):
    # The document's Filsinger charts cannot be read (a chart of no rows); a card of another
    # system after the Filsinger ones is still checked by its own engine.
    document["chart_overrides"] = [{"system": "filsinger", "chart": "ring", "data": "nothing"}]
    last = len(document["cards"]) - 1
    document["cards"][last].update(system="arm", data={"junk": True})
    found = problems(document, owner)
    assert any(
        path == "chart_overrides[0]"
        and message.startswith("filsinger's charts with this document's overrides cannot be read: ")
        for path, message in found
    ), found
    assert any(path.startswith(f"cards[{last}].data") for path, _ in found), found
    assert not any(path.startswith("cards[0]") for path, _ in found), found


def test_a_feud_without_a_whole_number_ref_is_named(document, owner):
    document["feuds"][0]["ref"] = "one"
    assert ("feuds[0].ref", "each feud needs a whole-number ref") in problems(document, owner)


def test_a_debut_after_the_first_match_is_named_past_a_match_called_off(document, owner):
    # The first match of the first show called off: a row not wrestled is passed over, and the
    # matches after it still date each wrestler's first.
    first_show = min(show["number"] for show in document["shows"])
    document["matches"][0]["status"] = "called_off"
    assert document["matches"][0]["show"] == first_show
    row = document["match_participants"][-1]
    index = next(i for i, w in enumerate(document["wrestlers"]) if w["slug"] == row["wrestler"])
    wrestler = document["wrestlers"][index]
    wrestler["debut_on"] = (timezone.now() - dt.timedelta(days=1)).date().isoformat()
    found = dict(problems(document, owner))
    assert found[f"wrestlers[{index}].debut_on"].startswith(
        f"{wrestler['ring_name']} ({wrestler['slug']}): {wrestler['ring_name']} wrestled a first "
        "match here on "
    )


def test_an_injury_without_its_wrestler_is_refused_in_the_databases_words(document, owner):
    row = {"source": "match", "description": "Sprained wrist", "occurred_on": "2026-01-01"}
    document["injuries"] = [row]
    with pytest.raises(TransferError) as caught:
        federation_import(document=document, owner=owner)
    [(path, message)] = caught.value.problems
    assert path == ""
    assert message.startswith("The document breaks a rule of the database (")
    assert "wrestler_id" in message
    assert message.endswith("); nothing was imported.")


def test_a_title_of_a_bad_date_is_named_there_and_its_reigns_left_to_it(document, owner):
    # The title's own problem is named where the title is: its reigns are not dated against a
    # day that is none.
    slug = document["reigns"][0]["title"]
    index = next(i for i, title in enumerate(document["titles"]) if title["slug"] == slug)
    document["titles"][index]["introduced_on"] = "someday"
    found = problems(document, owner)
    assert [path for path, _ in found] == [f"titles[{index}].introduced_on"]


def test_a_field_a_row_does_not_have_is_named_at_its_path(document, owner):
    document["wrestlers"][1]["cape"] = "gold"
    found = problems(document, owner)
    assert ("wrestlers[1].cape", "Skylar Finch (skylar-finch): unknown field") in found
