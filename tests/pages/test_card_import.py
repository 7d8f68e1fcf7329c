"""Card files on the web: one or many files imported whole, or not at all, every problem named
by its file and its path as ``import_cards`` names them."""

from __future__ import annotations

from html import unescape

import pytest
import yaml
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def booker(client, users, sample):
    client.force_login(users["booker"])
    return client


def _file(name: str, data) -> SimpleUploadedFile:
    text = data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False)
    return SimpleUploadedFile(name, text.encode(), content_type="application/yaml")


def _card(sample, slug: str, system: str) -> dict:
    return {"slug": slug, **sample.wrestlers.get(slug=slug).cards.get(system=system).data}


def _post(booker, sample, *files, sign=False):
    data = {"card_files": list(files)}
    if sign:
        data["sign"] = "on"
    return booker.post(reverse("card-import", args=[sample.slug]), data)


def test_the_page_offers_many_files(booker, sample):
    page = booker.get(reverse("card-import", args=[sample.slug])).content.decode()
    assert 'type="file" name="card_files"' in page and "multiple" in page


def test_many_files_imported_whole(booker, sample):
    one = _card(sample, "bastian-holloway", "filsinger")
    one["ratings"]["pin"] = 9
    two = _card(sample, "corrigan-vale", "superstar")
    two["priority"] = [8, 2]
    response = _post(booker, sample, _file("one.yaml", one), _file("two.yaml", two))
    assert response.status_code == 302
    assert (
        sample.wrestlers.get(slug="bastian-holloway")
        .cards.get(system="filsinger")
        .data["ratings"]["pin"]
        == 9
    )
    assert sample.wrestlers.get(slug="corrigan-vale").cards.get(system="superstar").data[
        "priority"
    ] == [8, 2]


def test_one_bad_file_imports_nothing_and_every_problem_is_named(booker, sample):
    good = _card(sample, "bastian-holloway", "filsinger")
    good["ratings"]["pin"] = 9
    bad = {"cards": [_card(sample, "corrigan-vale", "filsinger")]}
    bad["cards"][0]["offense"]["1"][0] = {"move": "Headlock", "level": 4}
    broken = "system: filsinger\nname: [unclosed\n"
    before = sample.wrestlers.get(slug="bastian-holloway").cards.get(system="filsinger").data
    response = _post(
        booker,
        sample,
        _file("good.yaml", good),
        _file("bad.yaml", bad),
        _file("broken.yaml", broken),
    )
    assert response.status_code == 400
    page = unescape(response.content.decode())
    assert "2 problems; no card was imported:" in page
    assert "bad.yaml: cards[0].offense.1[0].level: must be 1, 2 or 3, got 4" in page
    assert "broken.yaml, line 3: not valid YAML" in page
    after = sample.wrestlers.get(slug="bastian-holloway").cards.get(system="filsinger").data
    assert after == before  # the good file was not stored either


def test_a_card_naming_nobody_signs_him_only_when_asked(booker, sample):
    card = _card(sample, "bastian-holloway", "arm")
    del card["slug"]
    card["name"] = "Newcomer Nash"
    response = _post(booker, sample, _file("nash.yaml", card))
    page = unescape(response.content.decode())
    assert response.status_code == 400
    assert (
        "nash.yaml: name: no wrestler with the name 'Newcomer Nash' here: sign the wrestler first"
        in page
    )
    assert not sample.wrestlers.filter(ring_name="Newcomer Nash").exists()
    response = _post(booker, sample, _file("nash.yaml", card), sign=True)
    assert response.status_code == 302
    assert sample.wrestlers.get(ring_name="Newcomer Nash").cards.filter(system="arm").exists()


def test_no_file_is_refused_by_the_field(booker, sample):
    response = booker.post(reverse("card-import", args=[sample.slug]), {})
    assert response.status_code == 400
    assert response.context["form"].errors["card_files"] == ["This field is required."]


def test_a_viewer_may_not_import(client, users, sample):
    client.force_login(users["viewer"])
    assert client.get(reverse("card-import", args=[sample.slug])).status_code == 403
