"""Issue 36: an import is checked as a whole before a row is written.

Each impossible document the attack sent (a show running with an old heartbeat, a scheduled show
with results, Fame the ledger does not add up to, overlapping reigns, a ledger row twice, a card
``{"junk": true}``, a play-by-play that is no list, a document 100,000 deep, an integer of 5,000
digits, ``1e400``, a document over the size limit) is refused by both doors, the command and the
API, naming the problem by its path; and nothing is written. The sample federation still goes
out and back in."""

from __future__ import annotations

import copy
import datetime as dt
import io
import json

import pytest
from django.core.management import CommandError, call_command

from promotion.models import Federation, Invitation
from promotion.transfer import TransferError, federation_export, federation_import
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

MARK = "__raw__"


@pytest.fixture
def document(history):
    """The sample federation after two shows, as its export, imported under another slug."""
    data = json.loads(json.dumps(federation_export(federation=history)))
    data["federation"]["slug"] = "copy"
    return data


def _raw(document: dict, token: str) -> str:
    """The document as text with ``MARK`` (a string value) replaced by ``token``, raw."""
    return json.dumps(document).replace(json.dumps(MARK), token)


def refused(people, tmp_path, body: dict | str) -> list[tuple[str, str]]:
    """The problems each door names for ``body`` (a document, or its text): the command's and
    the API's the same, and nothing written by either."""
    text = body if isinstance(body, str) else json.dumps(body)
    federations = Federation.objects.count()
    path = tmp_path / "federation.json"
    path.write_text(text, encoding="utf-8")
    errors = io.StringIO()
    with pytest.raises(CommandError, match=r"problems?; nothing was imported\.$"):
        call_command("import_federation", str(path), owner="outsider", stderr=errors)
    response = client_for(people, "outsider").post(
        "/api/v1/federations/import/", text, content_type="application/json"
    )
    assert response.status_code == 400, response.content
    assert response["Content-Type"] == "application/json"
    answer = response.json()
    problems = [(item["path"], item["message"]) for item in answer["errors"]]
    said = [f"- {p}: {m}" if p else f"- {m}" for p, m in problems]
    assert errors.getvalue().splitlines() == said
    assert Federation.objects.count() == federations
    assert not Federation.objects.filter(slug="copy").exists()
    assert not Invitation.objects.exists()
    return problems


def test_a_show_running_with_an_old_heartbeat_is_refused(document, people, tmp_path):
    last = max(range(len(document["shows"])), key=lambda i: document["shows"][i]["number"])
    show = document["shows"][last]
    assert show["status"] == "completed"
    show.update(status="running", completed_at=None, heartbeat_at="2026-01-01T00:00:00+00:00")
    problems = refused(people, tmp_path, document)
    assert (
        f"shows[{last}].status",
        "A show cannot be imported running: the beat would wrestle it again from the start. "
        "Import it as scheduled (its results emptied) or as failed.",
    ) in problems


def test_a_scheduled_show_with_results_is_refused(document, people, tmp_path):
    first = min(range(len(document["shows"])), key=lambda i: document["shows"][i]["number"])
    show = document["shows"][first]
    show.update(status="scheduled", completed_at=None)
    number = show["number"]
    index = next(
        i for i, m in enumerate(document["matches"]) if m["show"] == number and m["position"] == 1
    )
    problems = refused(people, tmp_path, document)
    paths = dict(problems)
    assert paths[f"matches[{index}]"] == (
        f"{show['name']} (#{number}) — match 1: has a result, but its show is scheduled."
        if f"#{number}" not in show["name"]
        else f"{show['name']} — match 1: has a result, but its show is scheduled."
    )
    # Dated before the document was exported, it was due and never wrestled.
    assert paths[f"shows[{first}].scheduled_at"].endswith(
        "a show that was due and never wrestled cannot come in scheduled. "
        "Import it as booked, or cancelled."
    )


def test_fame_the_ledger_does_not_add_up_to_is_refused(document, people, tmp_path):
    wrestler = document["wrestlers"][0]
    fame = wrestler["fame"]
    wrestler["fame"] = fame + 5
    problems = refused(people, tmp_path, document)
    assert problems == [
        (
            "wrestlers[0].fame",
            f"{wrestler['ring_name']}: fame is {fame + 5} but the ledger adds up to {fame}.",
        )
    ]


def test_overlapping_reigns_of_a_title_are_refused(document, people, tmp_path):
    reigns = document["reigns"]
    before, after = next(
        (i, j)
        for i, a in enumerate(reigns)
        for j, b in enumerate(reigns)
        if a["title"] == b["title"] and b["number"] == a["number"] + 1 and a["ended_on"]
    )
    won = dt.date.fromisoformat(reigns[after]["won_on"])
    reigns[before]["ended_on"] = (won + dt.timedelta(days=3)).isoformat()
    problems = refused(people, tmp_path, document)
    title = next(t["name"] for t in document["titles"] if t["slug"] == reigns[before]["title"])
    assert (
        f"reigns[{before}]",
        f"{title}: reign #{reigns[before]['number']} ends {won + dt.timedelta(days=3)}, after "
        f"#{reigns[after]['number']} began {won}.",
    ) in problems


def test_a_ledger_row_twice_is_refused(document, people, tmp_path):
    ledger = document["ledger"]
    index = next(i for i, row in enumerate(ledger) if row["match"] is not None)
    ledger.append(copy.deepcopy(ledger[index]))
    problems = refused(people, tmp_path, document)
    row = ledger[index]
    paths = dict(problems)
    assert paths[f"ledger[{len(ledger) - 1}]"].startswith(
        f"the same change as ledger[{index}] ({row['attribute']} {row['reason']!r} for "
    )
    assert paths[f"ledger[{len(ledger) - 1}]"].endswith(
        "a match writes each change once (was the show wrestled twice?)."
    )


def test_a_card_of_junk_is_refused_by_its_engine(document, people, tmp_path):
    document["cards"][0]["data"] = {"junk": True}
    problems = refused(people, tmp_path, document)
    assert problems
    assert all(path.startswith("cards[0].data") for path, _ in problems), problems
    assert any(path == "cards[0].data.junk" for path, _ in problems), problems


def test_a_play_by_play_that_is_no_list_is_refused(document, people, tmp_path):
    document["matches"][0]["play_by_play"] = "not a list"
    assert refused(people, tmp_path, document) == [
        (
            "matches[0].play_by_play",
            'The play-by-play is a list of events (each with its kind and text), not "not a list".',
        )
    ]


def test_a_document_100000_deep_is_refused(document, people, tmp_path):
    document["wrestlers"][0]["bio"] = MARK
    text = _raw(document, "[" * 100_000 + "]" * 100_000)
    assert refused(people, tmp_path, text) == [
        ("", "The document is nested deeper than 64 levels.")
    ]


def test_an_integer_of_5000_digits_is_refused(document, people, tmp_path):
    document["wrestlers"][0]["fame"] = MARK
    text = _raw(document, "1" * 5000)
    assert refused(people, tmp_path, text) == [
        ("", "The document holds an integer of thousands of digits.")
    ]


def test_1e400_is_refused_by_its_path(document, people, tmp_path):
    document["wrestlers"][0]["fame"] = MARK
    assert refused(people, tmp_path, _raw(document, "1e400")) == [
        (
            "wrestlers[0].fame",
            "The document holds a number too large to be finite at $.wrestlers[0].fame.",
        )
    ]


def test_numbers_out_of_bounds_handed_in_as_a_document_are_refused_by_their_path(document, people):
    """The service itself bounds what a caller hands it (every door goes through it)."""
    document["wrestlers"][0]["fame"] = int("9" * 30)
    with pytest.raises(TransferError) as caught:
        federation_import(document=document, owner=people["outsider"])
    assert [path for path, _ in caught.value.problems] == ["wrestlers[0].fame"]
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    document["wrestlers"][0]["fame"] = 0
    document["wrestlers"][0]["bio"] = deep
    with pytest.raises(TransferError) as caught:
        federation_import(document=document, owner=people["outsider"])
    assert caught.value.problems[0][1].startswith("The document is nested deeper than 64 levels")


def test_a_document_over_the_size_limit_is_refused_the_same_at_both_doors(
    document, people, tmp_path, settings
):
    settings.FEDERATION_IMPORT_MAX_BYTES = 100_000
    text = json.dumps(document)
    assert len(text.encode()) > 100_000
    assert refused(people, tmp_path, text) == [
        (
            "",
            "The document is larger than 100,000 bytes, the most a federation import reads "
            "(FEDERATION_IMPORT_MAX_BYTES); nothing was imported.",
        )
    ]


def test_a_document_over_django_upload_limit_reaches_the_import(document, people):
    """Over Django's 2.5 MB in-memory limit, the import still reads it (the attack got an HTML
    400): here a document of 3 MB, refused for its padding in the API's error shape."""
    document["padding"] = "x" * 3_000_000
    response = client_for(people, "outsider").post(
        "/api/v1/federations/import/", json.dumps(document), content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errors"] == [{"path": "padding", "message": "unknown field"}]


def test_the_sample_federation_goes_out_and_back_in_through_both_doors(document, people, tmp_path):
    response = client_for(people, "outsider").post(
        "/api/v1/federations/import/", document, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["slug"] == "copy"
    path = tmp_path / "federation.json"
    path.write_text(json.dumps(document))
    said = io.StringIO()
    call_command("import_federation", str(path), owner="owner", slug="again", stdout=said)
    assert said.getvalue().splitlines()[1:] == [
        "Member 'booker' invited as booker: a member once they accept.",
        "Member 'viewer' invited as viewer: a member once they accept.",
    ]
