"""``POST /api/v1/federations/found/`` (a federation in a minute as one call) and ``POST
F/wrestlers/{slug}/generate-card/`` (a generated card for a system a wrestler has none for):
their answers, their refusals by field, and who may call them."""

from __future__ import annotations

import pytest

from matches.models import Show, Tournament
from promotion.models import Federation, Wrestler
from rules.models import WrestlerCard
from rules.registry import systems
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db
FOUND = "/api/v1/federations/found/"


def test_one_call_founds_a_federation_with_its_roster_titles_and_first_show(people):
    answer = client_for(people, "outsider").post(
        FOUND,
        {
            "name": "Harbour Lights",
            "default_venue": "The Old Mill",
            "rule_system": "superstar",
            "roster_size": 16,
            "titles": ["world", "midcard"],
            "champions": "tournament",
            "show_weekday": 5,
            "show_time": "19:30",
            "time_zone": "Europe/Dublin",
            "seed": 99,
        },
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["slug"] == "harbour-lights"
    assert body["seed"] == 99
    assert len(body["wrestlers"]) == 16
    assert [t["slug"] for t in body["titles"]] == [
        "world-heavyweight-championship",
        "mid-card-championship",
    ]
    assert all(t["champion"] is None for t in body["titles"])  # (a tournament crowns them)
    assert len(body["tournaments"]) == 2
    assert body["first_show"] == 1
    federation = Federation.objects.get(slug="harbour-lights")
    assert federation.owner == people["outsider"]
    assert federation.rule_system == "superstar"
    assert str(federation.time_zone) == "Europe/Dublin"
    assert (
        body["matches_booked"] == Show.objects.get(federation=federation, number=1).matches.count()
    )
    assert body["matches_booked"] > 0
    assert Tournament.objects.filter(federation=federation).count() == 2


def test_champions_by_hand_are_named_in_the_answer(people):
    answer = client_for(people, "outsider").post(
        FOUND,
        {"name": "Quick Start", "titles": ["world"], "champions": "hand", "roster_size": 4},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    champion = answer.json()["titles"][0]["champion"]
    assert champion in answer.json()["wrestlers"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "X", "rule_system": "chess"}, "rule_system"),
        ({"name": "X", "titles": ["womens"]}, "titles[0]"),
        ({"name": "X", "roster_size": 2}, "roster_size"),
        ({"name": "X", "roster_size": 6}, "roster_size"),
        ({"name": "X", "champions": "coin"}, "champions"),
        ({"name": "X", "seed": -1}, "seed"),
        ({"name": "X", "time_zone": "Mars/Olympus"}, "time_zone"),
        ({"roster_size": 8}, "name"),
    ],
)
def test_bad_input_is_refused_by_field_and_nothing_is_written(people, body, field):
    answer = client_for(people, "outsider").post(FOUND, body, format="json")
    assert answer.status_code == 400, answer.json()
    fields = [e.get("field") or e.get("path") for e in answer.json()["errors"]]
    assert field in fields, answer.json()
    assert not Federation.objects.exists()
    assert not Wrestler.objects.exists()


def test_a_visitor_must_sign_in(db):
    answer = client_for({}, "anonymous").post(FOUND, {"name": "X"}, format="json")
    assert answer.status_code == 401
    assert not Federation.objects.exists()


# -- a generated card --------------------------------------------------------------------------


def _bare(sample):
    wrestler = sample.wrestlers.order_by("slug").first()
    WrestlerCard.objects.filter(wrestler=wrestler, system="arm").delete()
    return wrestler


def test_a_booker_gives_a_wrestler_a_generated_card(sample, people):
    wrestler = _bare(sample)
    answer = client_for(people, "booker").post(
        f"/api/v1/federations/{sample.slug}/wrestlers/{wrestler.slug}/generate-card/",
        {"system": "arm", "style": "technician", "tier": "upper-carder", "seed": 5},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert (body["style"], body["tier"], body["seed"]) == ("technician", "upper-carder", 5)
    assert body["card"]["system"] == "arm"
    stored = WrestlerCard.objects.get(wrestler=wrestler, system="arm")
    systems["arm"].parse_card(stored.data)
    # The documented upper-carder's attribute total (docs/cards.md): 100.
    assert sum(stored.data["attributes"].values()) == 100


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"system": "filsinger"}, "system"),  # he has one already
        ({"system": "chess"}, "system"),
        ({"system": "arm", "style": "luchador"}, "style"),
        ({"system": "arm", "tier": "legend"}, "tier"),
        ({"system": "arm", "seed": "seven"}, "seed"),
        ({}, "system"),
    ],
)
def test_a_generated_card_refused_by_field(sample, people, body, field):
    wrestler = _bare(sample)
    before = WrestlerCard.objects.filter(wrestler=wrestler).count()
    answer = client_for(people, "booker").post(
        f"/api/v1/federations/{sample.slug}/wrestlers/{wrestler.slug}/generate-card/",
        body,
        format="json",
    )
    assert answer.status_code == 400, answer.json()
    assert field in [e.get("field") or e.get("path") for e in answer.json()["errors"]]
    assert WrestlerCard.objects.filter(wrestler=wrestler).count() == before


@pytest.mark.parametrize(
    ("role", "status"), [("viewer", 403), ("outsider", 403), ("anonymous", 401)]
)
def test_only_bookers_may_generate_a_card(sample, people, role, status):
    wrestler = _bare(sample)
    answer = client_for(people, role).post(
        f"/api/v1/federations/{sample.slug}/wrestlers/{wrestler.slug}/generate-card/",
        {"system": "arm"},
        format="json",
    )
    assert answer.status_code == status
    assert not WrestlerCard.objects.filter(wrestler=wrestler, system="arm").exists()
