"""The card builder and the card files page, named a neighbour's object: the builder's odds
against a neighbour's wrestler are refused by the field (``opponent``), and a card file naming a
neighbour's wrestler by slug names nobody here; nothing is written. (A neighbour's wrestler in
the builder's address is a 404: ``cases.py``.)"""

from __future__ import annotations

from html import unescape

import yaml
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from rules.builders import builders
from tests.scoping.world import HOME, SYSTEM, snapshot


def test_the_builders_odds_refuse_a_neighbours_opponent(world, client):
    client.force_login(world.boss)
    card = world.home.wrestlers["h-ada"].cards.get(system=SYSTEM).data
    values = builders[SYSTEM].to_values(card)
    before = snapshot()
    answer = client.post(
        reverse("card-builder-odds", args=[HOME, "h-ada", SYSTEM]),
        {**values, "opponent": world.away.wrestlers["a-fay"].pk},
    )
    page = unescape(answer.content.decode())
    assert "Select a valid choice. That choice is not one of the available choices." in page
    assert "wins" not in page
    assert snapshot() == before


def test_a_card_file_naming_a_neighbours_wrestler_names_nobody(world, client):
    client.force_login(world.boss)
    card = dict(world.away.wrestlers["a-eve"].cards.get(system=SYSTEM).data)
    text = yaml.safe_dump({"slug": "a-eve", **card}).encode()
    before = snapshot()
    answer = client.post(
        reverse("card-import", args=[HOME]),
        {"card_files": [SimpleUploadedFile("eve.yaml", text)]},
    )
    assert answer.status_code == 400
    page = unescape(answer.content.decode())
    assert "eve.yaml: slug: no wrestler with the slug 'a-eve' here: sign the wrestler first" in page
    assert snapshot() == before
