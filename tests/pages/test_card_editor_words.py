"""The card editor's words: a new wrestler's starting card is his own (his name, a placeholder
finisher named after him), valid for each system; a card named for someone else is valid but
says that the roster's name is the one the shows use; a card of another system is named by the
systems' names as the site gives them."""

from __future__ import annotations

import re
from html import unescape

import pytest
import yaml
from django.urls import reverse

from promotion import forms as promotion_forms
from promotion.sample import sample_card
from rules import registry
from tests import factories

pytestmark = pytest.mark.django_db

SYSTEMS = ("filsinger", "superstar", "arm")


@pytest.fixture
def kara(staffed):
    return factories.WrestlerFactory(
        federation=staffed, ring_name="Kara Voss", slug="kara-voss", pronouns="she"
    )


def starter_text(booker, wrestler, system: str) -> str:
    url = reverse("card-edit", args=[wrestler.federation.slug, wrestler.slug, system])
    page = unescape(booker.get(url).content.decode())
    found = re.search(r'<textarea name="text"[^>]*>(.*?)</textarea>', page, re.S)
    assert found is not None
    return found.group(1)


def check(booker, wrestler, system: str, text: str) -> str:
    url = reverse("card-check", args=[wrestler.federation.slug, wrestler.slug, system])
    referer = reverse("card-edit", args=[wrestler.federation.slug, wrestler.slug, system])
    response = booker.post(url, {"text": text}, HTTP_REFERER="http://testserver" + referer)
    return unescape(response.content.decode())


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_new_wrestlers_starting_card_is_her_own_and_valid(booker, kara, system):
    text = starter_text(booker, kara, system)
    assert "holloway" not in text.lower() and "corrigan" not in text.lower()
    data = yaml.safe_load(text)
    assert data["system"] == system and data["name"] == "Kara Voss"
    placeholder = {
        "filsinger": "KARA VOSS FINISHER",
        "superstar": "Kara Voss Special",
        "arm": "Kara Voss Finisher",
    }[system]
    assert text.startswith(
        "# A starting point for Kara Voss: a sample card's layout, with Kara Voss's name and a "
        f"placeholder\n# {'specialty' if system == 'superstar' else 'finisher'} ({placeholder})."
        " Type in Kara Voss's printed card over it.\n"
    )
    assert placeholder in text
    page = check(booker, kara, system, text)
    assert "✓ The card is valid." in page
    assert "plays under the roster's name" not in page


def test_a_starting_card_keeps_the_sample_files_layout_and_comments(booker, kara):
    """The starter is the sample file's own text with the name and finisher changed: each
    rating on a line of its own (as the browser journey and a promoter typing over it expect),
    the file's comments kept, and a name YAML would misread quoted."""
    filsinger = starter_text(booker, kara, "filsinger")
    assert "\nratings:\n  pin: 6\n  pin_fatigue: 3\n  ropes: A\n" in filsinger
    assert "    - {finisher: KARA VOSS FINISHER, rating: 2}\n" in filsinger
    superstar = starter_text(booker, kara, "superstar")
    assert "general:          # two-dice totals 2..12\n" in superstar
    assert "  - {move: Kara Voss Special, specialty: true}\n" in superstar
    kara.ring_name = "Dr. X: the Man"
    kara.save()
    arm = starter_text(booker, kara, "arm")
    assert '\nname: "Dr. X: the Man"\n' in arm
    assert 'finisher: {maneuver: Cross Armbar, name: "Dr. X: the Man Finisher"}\n' in arm
    assert yaml.safe_load(arm)["finisher"]["name"] == "Dr. X: the Man Finisher"


def test_a_card_named_for_someone_else_says_the_roster_name_is_used(booker, kara):
    data = sample_card("filsinger", "bastian-holloway")
    data["name"] = "Someone Else"
    page = check(booker, kara, "filsinger", yaml.safe_dump(data, sort_keys=False))
    assert "✓ The card is valid." in page
    note = promotion_forms.CARD_NAME_DIFFERS.format(
        card_name="'Someone Else'", federation=kara.federation, wrestler="Kara Voss"
    )
    assert note == (
        "The card is named 'Someone Else'; on "
        f"{kara.federation}'s shows it is Kara Voss's card and plays under the roster's name, "
        "Kara Voss."
    )
    assert note in page
    # Saved, the card keeps its printed name (the format's contract) and the booker is told.
    url = reverse("card-edit", args=[kara.federation.slug, kara.slug, "filsinger"])
    response = booker.post(url, {"text": yaml.safe_dump(data, sort_keys=False)}, follow=True)
    assert note in [str(m) for m in response.context["messages"]]
    assert kara.cards.get(system="filsinger").data["name"] == "Someone Else"
    assert note in unescape(booker.get(url).content.decode())
    # Spacing and case aside, the same name is no news.
    data["name"] = "kara  VOSS"
    assert "plays under" not in check(booker, kara, "filsinger", yaml.safe_dump(data))


def test_a_card_of_another_system_is_named_as_the_site_names_the_systems(booker, kara):
    assert [registry.systems[s].title for s in SYSTEMS] == [
        "Filsinger card game",
        "Superstar Pro Wrestling",
        "ARM (RingMaster)",
    ]
    page = check(booker, kara, "filsinger", "system: arm\nname: Kara Voss\n")
    assert (
        "system: this editor holds the Filsinger card game card; type the ARM (RingMaster) card "
        "in its own tab"
    ) in page
    assert (
        promotion_forms.CARD_OTHER_SYSTEM.format(
            title="Filsinger card game", other="ARM (RingMaster)"
        )
        in page
    )
    page = check(booker, kara, "arm", "system: wrestling\nname: Kara Voss\n")
    assert (
        "system: 'wrestling' is not a rule system; this editor holds the ARM (RingMaster) card "
        "(write system: arm, or leave it out)"
    ) in page
    text = starter_text(booker, kara, "superstar").replace("system: superstar", "system: Superstar")
    assert "✓ The card is valid." in check(booker, kara, "superstar", text)


def test_saving_an_empty_card_names_what_is_missing_and_saves_nothing(booker, kara):
    url = reverse("card-edit", args=[kara.federation.slug, kara.slug, "arm"])
    response = booker.post(url, {"text": ""})
    page = unescape(response.content.decode())
    assert response.status_code == 200 and not kara.cards.exists()
    live = check(booker, kara, "arm", "")
    reason = re.search(r"<li>(.*?)</li>", live).group(1)  # what the live check says
    assert "1 problem:" in page and f"<li>{reason}</li>" in page
