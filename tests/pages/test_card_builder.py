"""The card builder's page: the card as fields, checked as typed with the card import's own
words on the fields their paths name, the YAML kept in step both ways, the odds worked out for
a valid card and none for an invalid one, and saving through the card service, all or nothing
(the browser's side of it: tests/e2e/test_card_builder_e2e.py)."""

from __future__ import annotations

import time
from html import unescape

import pytest
import yaml
from django.urls import reverse

from rules.builders import builders

pytestmark = pytest.mark.django_db

SLUG = "bastian-holloway"


@pytest.fixture
def booker(client, users, sample):
    client.force_login(users["booker"])
    return client


def _url(sample, name: str, system: str = "filsinger") -> str:
    return reverse(name, args=[sample.slug, SLUG, system])


def _values(sample, system: str = "filsinger") -> dict[str, str]:
    card = sample.wrestlers.get(slug=SLUG).cards.get(system=system)
    return builders[system].to_values(card.data)


def _text(response) -> str:
    return unescape(response.content.decode())


@pytest.mark.parametrize("system", ["filsinger", "superstar", "arm"])
def test_the_page_lays_out_the_stored_card(booker, sample, system):
    response = booker.get(_url(sample, "card-builder", system))
    assert response.status_code == 200
    page = _text(response)
    values = _values(sample, system)
    titles = {
        "filsinger": ["Level 1 offense", "Level 3 defense", "Ratings"],
        "superstar": ["General card", "Offensive card", "Defensive card", "Specialty card"],
        "arm": ["Attributes", "Merits", "Arsenal", "Finisher"],
    }[system]
    for title in titles:
        assert f"<legend>{title}" in page
    field = {"filsinger": "ratings.pin", "superstar": "priority[0]", "arm": "attributes.TEC"}
    assert f'name="{field[system]}" id=' in page
    assert f'value="{values[field[system]]}"' in page
    assert 'id="builder-text"' in page and "system: " + system in page


def test_a_bad_field_is_named_in_the_imports_words_on_its_field(booker, sample):
    values = _values(sample)
    values["offense.1[0].level"] = "4"
    values["ratings.ropes"] = "D"
    response = booker.post(_url(sample, "card-builder-check"), {**values, "source": "fields"})
    page = _text(response)
    assert response["HX-Trigger"] == "card-invalid"
    assert "2 problems:" in page
    assert (
        '<li data-field="offense.1[0].level">offense.1[0].level: must be 1, 2 or 3, got 4' in page
    )
    assert "<li data-field=\"ratings.ropes\">ratings.ropes: must be A, B or C, got 'D'" in page
    # The YAML of the card as the fields make it, bad values and all.
    assert '<template id="builder-yaml-out">' in page
    assert "ropes: D" in page


def test_a_valid_card_from_the_fields_is_said_valid_and_asks_for_odds(booker, sample):
    values = _values(sample)
    values["ratings.pin"] = "8"
    response = booker.post(_url(sample, "card-builder-check"), {**values, "source": "fields"})
    assert response["HX-Trigger"] == "card-valid"
    page = _text(response)
    assert "✓ The card is valid." in page
    sent = yaml.safe_load(page.split('<template id="builder-yaml-out">')[1].split("</template>")[0])
    assert sent["ratings"]["pin"] == 8


def test_yaml_typed_refreshes_the_fields(booker, sample):
    card = sample.wrestlers.get(slug=SLUG).cards.get(system="superstar")
    data = dict(card.data)
    data["priority"] = [7, 3]
    data["general"] = ["DC", *data["general"][1:]]
    response = booker.post(
        _url(sample, "card-builder-check", "superstar"),
        {"text": yaml.safe_dump(data), "source": "yaml"},
    )
    page = _text(response)
    assert response["HX-Trigger"] == "card-valid"
    assert 'name="priority[0]" id="f-priority-0-" value="7"' in page
    assert 'name="priority[1]" id="f-priority-1-" value="3"' in page
    assert '<option value="DC" selected>DC</option>' in page
    # the problems, out of band, beside the fields
    assert 'id="builder-check" hx-swap-oob="innerHTML"' in page
    assert "✓ The card is valid." in page


def test_bad_yaml_keeps_the_fields_and_names_the_problem(booker, sample):
    values = _values(sample)
    response = booker.post(
        _url(sample, "card-builder-check"),
        {**values, "text": "name: [unclosed", "source": "yaml"},
    )
    page = _text(response)
    assert response["HX-Trigger"] == "card-invalid"
    assert "1 problem:" in page and "card, line 1: not valid YAML" in page
    assert f'name="ratings.pin" id="f-ratings-pin" value="{values["ratings.pin"]}"' in page


def test_odds_for_a_valid_card_and_none_for_an_invalid_one(booker, sample):
    opponent = sample.wrestlers.get(slug="corrigan-vale")
    values = _values(sample)
    started = time.monotonic()
    page = _text(
        booker.post(_url(sample, "card-builder-odds"), {**values, "opponent": opponent.pk})
    )
    took = time.monotonic() - started
    assert "2000 simulated matches against Corrigan Vale" in page
    assert "Bastian Holloway wins" in page
    assert took < 30  # (measured: see the report; a page answers while the card is typed)
    values["ratings.ring"] = "Q"
    page = _text(
        booker.post(_url(sample, "card-builder-odds"), {**values, "opponent": opponent.pk})
    )
    assert "No odds: the card is not valid. They come back when it is." in page
    assert "wins" not in page
    page = _text(booker.post(_url(sample, "card-builder-odds"), {**_values(sample)}))
    assert "Choose an opponent" in page


def test_saving_stores_the_card_through_the_service(booker, sample):
    wrestler = sample.wrestlers.get(slug=SLUG)
    values = _values(sample)
    values["ratings.disqualification"] = "9"
    response = booker.post(_url(sample, "card-builder"), {**values, "last": "fields"})
    assert response.status_code == 302
    assert wrestler.cards.get(system="filsinger").data["ratings"]["disqualification"] == 9


def test_saving_an_invalid_card_stores_nothing(booker, sample):
    wrestler = sample.wrestlers.get(slug=SLUG)
    before = wrestler.cards.get(system="filsinger").data
    values = _values(sample)
    values["ratings.disqualification"] = "9"
    values["defense.1[0].result"] = "sleepy"
    response = booker.post(_url(sample, "card-builder"), {**values, "last": "fields"})
    assert response.status_code == 400
    page = _text(response)
    assert "must be one of dazed, hurt, down, counter, pin, got 'sleepy'" in page
    assert wrestler.cards.get(system="filsinger").data == before


def test_saving_from_the_yaml_side(booker, sample):
    wrestler = sample.wrestlers.get(slug=SLUG)
    data = dict(wrestler.cards.get(system="arm").data)
    data["heat"] = 5
    response = booker.post(
        _url(sample, "card-builder", "arm"),
        {**_values(sample, "arm"), "text": yaml.safe_dump(data), "last": "yaml"},
    )
    assert response.status_code == 302
    assert wrestler.cards.get(system="arm").data["heat"] == 5


def test_a_viewer_may_not_build(client, users, sample):
    client.force_login(users["viewer"])
    assert client.get(_url(sample, "card-builder")).status_code == 403


@pytest.mark.parametrize("system", ["filsinger", "superstar", "arm"])
def test_the_builder_and_the_card_files_page_name_the_same_problems(booker, sample, system):
    """The same bad card, imported as a file and typed in the builder's fields: the same
    problems, the file's named by file and path, the builder's by path on their fields."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    wrestler = sample.wrestlers.get(slug=SLUG)
    data = dict(wrestler.cards.get(system=system).data)
    broken = {
        "filsinger": ("ratings", {**data.get("ratings", {}), "ropes": "D", "pin": 13}),
        "superstar": ("priority", [11, 2]),
        "arm": ("attributes", {**data.get("attributes", {}), "STR": 25, "AGI": 0}),
    }[system]
    data[broken[0]] = broken[1]
    expected = {
        "filsinger": [
            "ratings.pin: must be a whole number from 0 to 12, got 13",
            "ratings.ropes: must be A, B or C, got 'D'",
        ],
        "superstar": ["priority[0]: must be from 1 to 10 in steps of a half ('+'), got 11"],
        "arm": [
            "attributes.STR: must be a whole number from 1 to 20, got 25",
            "attributes.AGI: must be a whole number from 1 to 20, got 0",
        ],
    }[system]
    upload = SimpleUploadedFile("bad.yaml", yaml.safe_dump({"slug": SLUG, **data}).encode())
    imported = _text(
        booker.post(reverse("card-import", args=[sample.slug]), {"card_files": [upload]})
    )
    values = builders[system].to_values(data)
    built = _text(
        booker.post(_url(sample, "card-builder-check", system), {**values, "source": "fields"})
    )
    for line in expected:
        path = line.split(":", 1)[0]
        assert f"<li>bad.yaml: {line}</li>" in imported
        assert f'<li data-field="{path}">{line}</li>' in built
    assert imported.count("<li>bad.yaml: ") == built.count("<li data-field=") == len(expected)
