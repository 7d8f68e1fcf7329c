"""A federation's charts: cards are checked against them, and a chart that would leave a stored
card unplayable is refused."""

import pytest
from django.urls import reverse

from promotion.sample import sample_card
from promotion.services import ServiceError, card_store, chart_override_save
from rules.core.errors import CardError
from rules.models import ChartOverride
from rules.registry import systems
from tests import factories

pytestmark = pytest.mark.django_db


def choice_chart_without(letter: str) -> dict:
    from rules.core.tables import read_yaml_resource

    chart = read_yaml_resource("rules", "data/filsinger/choice_situations.yaml")
    columns = chart.get("columns", chart)
    assert letter in columns
    del columns[letter]
    return chart


def a_card_naming(letter: str) -> dict:
    card = sample_card("filsinger", "skylar-finch")
    assert card is not None
    card["offense"][1][4] = {"choice_situation": letter}
    return card


def test_a_card_naming_a_choice_situation_the_federation_lacks_is_refused():
    federation = factories.FederationFactory()
    wrestler = factories.WrestlerFactory(federation=federation)
    ChartOverride.objects.create(
        federation=federation,
        system="filsinger",
        chart="choice_situations",
        data=choice_chart_without("B"),
    )
    with pytest.raises(CardError, match=r"offense\.1\[4\]\.choice_situation"):
        card_store(wrestler=wrestler, system="filsinger", data=a_card_naming("B"))
    other = factories.WrestlerFactory()  # another federation plays the default chart
    assert card_store(wrestler=other, system="filsinger", data=a_card_naming("B")).validated


def test_a_chart_that_would_strand_a_stored_card_is_refused_naming_it():
    federation = factories.FederationFactory()
    wrestler = factories.WrestlerFactory(federation=federation, ring_name="Skylar Finch")
    card_store(wrestler=wrestler, system="filsinger", data=a_card_naming("B"))
    with pytest.raises(ServiceError) as refused:
        chart_override_save(
            federation=federation,
            system="filsinger",
            chart="choice_situations",
            data=choice_chart_without("B"),
        )
    message = str(refused.value)
    assert "1 stored card(s) would no longer play" in message
    assert "Skylar Finch: offense.1[4].choice_situation" in message
    assert not ChartOverride.objects.exists()
    named = {
        entry.get("choice_situation")
        for level in a_card_naming("B")["offense"].values()
        for entry in level
        if isinstance(entry, dict)
    }
    unused = next(letter for letter in "ABCDEF" if letter not in named)
    saved = chart_override_save(
        federation=federation,
        system="filsinger",
        chart="choice_situations",
        data=choice_chart_without(unused),
        note="the printed chart",
    )
    assert saved.note == "the printed chart"
    assert "filsinger" in systems


def test_the_admin_saves_charts_through_the_service(admin_client):
    federation = factories.FederationFactory()
    wrestler = factories.WrestlerFactory(federation=federation, ring_name="Skylar Finch")
    card_store(wrestler=wrestler, system="filsinger", data=a_card_naming("B"))
    import json

    response = admin_client.post(
        reverse("admin:rules_chartoverride_add"),
        {
            "federation": federation.pk,
            "system": "filsinger",
            "chart": "choice_situations",
            "data": json.dumps(choice_chart_without("B")),
            "note": "",
        },
    )
    assert response.status_code == 200
    assert "would no longer play" in response.content.decode()
    assert not ChartOverride.objects.exists()
