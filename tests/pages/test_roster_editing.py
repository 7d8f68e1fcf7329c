"""Signing and editing wrestlers, and the card editor: live validation naming every problem by
its path, all-or-nothing saving, and the odds against a chosen opponent."""

from __future__ import annotations

from html import unescape

import pytest
import yaml
from django.urls import reverse

from promotion.models import StandingChange
from promotion.sample import sample_card
from promotion.validators import CONTROL_CHARACTER

pytestmark = pytest.mark.django_db


@pytest.fixture
def booker(client, users, sample):
    client.force_login(users["booker"])
    return client


def test_a_wrestler_signs_with_his_starting_prestige_and_fame(booker, sample):
    response = booker.post(
        reverse("wrestler-create", args=[sample.slug]),
        {
            "ring_name": "Rook Amberly",
            "alignment": "heel",
            "status": "active",
            "fame": 340,
            "prestige": 120,
        },
    )
    wrestler = sample.wrestlers.get(slug="rook-amberly")
    assert response["Location"] == reverse(
        "card-edit", args=[sample.slug, wrestler.slug, "filsinger"]
    )
    assert (wrestler.fame, wrestler.prestige, wrestler.edge) == (340, 120, 3)
    rows = StandingChange.objects.filter(wrestler=wrestler)
    assert {(r.attribute, r.value_after) for r in rows} == {
        ("fame", 340),
        ("prestige", 120),
        ("edge", 3),
    }


def test_a_name_with_a_bidi_override_is_refused(booker, sample):
    response = booker.post(
        reverse("wrestler-create", args=[sample.slug]),
        {
            "ring_name": "Evil\u202eNamE",
            "alignment": "face",
            "status": "active",
            "fame": 0,
            "prestige": 0,
        },
    )
    assert response.status_code == 400
    assert unescape(response.content.decode()).count("Remove the control character U+202E") == 1
    assert CONTROL_CHARACTER.split("{")[0] in unescape(response.content.decode())
    assert not sample.wrestlers.filter(ring_name__startswith="Evil").exists()


def test_editing_a_profile_writes_only_what_changed_and_never_the_standings(booker, sample):
    wrestler = sample.wrestlers.order_by("slug").first()
    prestige = wrestler.prestige
    response = booker.post(
        reverse("wrestler-edit", args=[sample.slug, wrestler.slug]),
        {
            "ring_name": wrestler.ring_name,
            "alignment": "heel",
            "status": wrestler.status,
            "hometown": "Rust Hollow",
            "prestige": 9999,
        },
    )
    assert response.status_code == 302
    wrestler.refresh_from_db()
    assert (wrestler.alignment, wrestler.hometown, wrestler.prestige) == (
        "heel",
        "Rust Hollow",
        prestige,
    )


def _card_text(name: str, **ratings) -> str:
    data = sample_card("filsinger", "bastian-holloway")
    assert data is not None  # (a sample card of the package's)
    data["name"] = name
    data["ratings"].update(ratings)
    return yaml.safe_dump(data, sort_keys=False)


def test_live_validation_names_every_problem_by_path(booker, sample):
    wrestler = sample.wrestlers.order_by("slug").first()
    url = reverse("card-check", args=[sample.slug, wrestler.slug, "filsinger"])
    page = unescape(booker.post(url, {"text": _card_text("X", ropes="Z", pin=99)}).content.decode())
    assert "2 problems" in page
    assert "ratings.ropes" in page and "ratings.pin" in page
    page = unescape(booker.post(url, {"text": _card_text("X")}).content.decode())
    assert "The card is valid" in page
    page = unescape(booker.post(url, {"text": "name: &a Wolf\nalias: *a\n"}).content.decode())
    assert "anchors (&name) are not accepted" in page
    page = unescape(booker.post(url, {"text": "system: superstar\nname: X\n"}).content.decode())
    assert (
        "system: this editor holds the Filsinger card game card; "
        "type the Superstar Pro Wrestling card in its own tab"
    ) in page


def test_the_editors_tabs_name_each_system_as_the_site_does(booker, sample):
    import re

    wrestler = sample.wrestlers.order_by("slug").first()
    url = reverse("card-edit", args=[sample.slug, wrestler.slug, "filsinger"])
    page = unescape(booker.get(url).content.decode())
    tabs = re.search(r'<nav aria-label="Rule systems">(.*?)</nav>', page).group(1)
    assert re.findall(r">([^<>]+)</(?:a|strong)>", tabs) == [
        "ARM (RingMaster)",
        "Filsinger card game",
        "Superstar Pro Wrestling",
    ]
    assert '<strong aria-current="page">Filsinger card game</strong>' in tabs
    arm = reverse("card-edit", args=[sample.slug, wrestler.slug, "arm"])
    assert f'<a href="{arm}">ARM (RingMaster)</a>' in tabs


def test_a_card_is_saved_whole_or_not_at_all(booker, sample):
    wrestler = sample.wrestlers.order_by("slug").first()
    before = wrestler.cards.get(system="filsinger").data
    url = reverse("card-edit", args=[sample.slug, wrestler.slug, "filsinger"])
    page = unescape(booker.get(url).content.decode())
    assert before["offense"]["1"][0]["move"] in page
    response = booker.post(url, {"text": _card_text(wrestler.ring_name, ropes="Z")})
    assert response.status_code == 200
    assert "ratings.ropes" in unescape(response.content.decode())
    assert wrestler.cards.get(system="filsinger").data == before
    response = booker.post(url, {"text": _card_text(wrestler.ring_name, ropes="C")})
    assert response.status_code == 302
    assert wrestler.cards.get(system="filsinger").data["ratings"]["ropes"] == "C"


def test_the_odds_against_a_chosen_opponent(booker, sample):
    wrestler, opponent = sample.wrestlers.order_by("slug")[:2]
    url = reverse("card-odds", args=[sample.slug, wrestler.slug, "filsinger"])
    page = unescape(
        booker.post(
            url, {"text": _card_text(wrestler.ring_name), "opponent": opponent.pk}
        ).content.decode()
    )
    assert f"{wrestler.ring_name} wins" in page and f"{opponent.ring_name} wins" in page
    assert "2000 simulated matches" in page
    page = unescape(
        booker.post(
            url, {"text": _card_text("X", ropes="Z"), "opponent": opponent.pk}
        ).content.decode()
    )
    assert "ratings.ropes" in page


def test_the_editors_odds_play_the_federations_own_charts(booker, sample, monkeypatch):
    """The odds beside the card editor are played with the charts the federation's shows use
    (its overrides merged in), not the printed defaults."""
    from promotion.selectors import federation_tables
    from promotion.services import chart_override_save
    from rules import registry
    from rules.core.tables import read_yaml_resource

    chart = read_yaml_resource("rules", "data/filsinger/choice_situations.yaml")
    chart["columns"]["A"][0]["target"] = 2  # the printed chart says 7
    chart_override_save(
        federation=sample, system="filsinger", chart="choice_situations", data=chart
    )
    engine = registry.systems["filsinger"]
    played_with = []
    real_odds = engine.odds

    def odds(spec, **kwargs):
        played_with.append(kwargs.get("tables"))
        return real_odds(spec, **kwargs)

    monkeypatch.setattr(engine, "odds", odds)
    wrestler, opponent = sample.wrestlers.order_by("slug")[:2]
    url = reverse("card-odds", args=[sample.slug, wrestler.slug, "filsinger"])
    booker.post(url, {"text": _card_text(wrestler.ring_name), "opponent": opponent.pk})
    ours = federation_tables(federation=sample, system="filsinger")
    assert ours.choice_situations["A"][0].target == 2
    assert played_with == [ours]


def test_the_wrestler_page_lays_out_the_printed_card_and_the_career(client, sample):
    wrestler = sample.wrestlers.get(slug="bastian-holloway")
    page = unescape(client.get(wrestler.get_absolute_url()).content.decode())
    assert "Offense 1" in page and "Defense 3" in page
    assert "HOLLOWAY LOCK (+2)" in page
    assert "PIN 6 (3)" in page
    assert "into the ropes (c)" in page
    assert "Dragon screw - 2 (ag)" in page
    assert "Prestige and Fame over time" in page and "<svg" in page
    assert "Edge set to Fame // 100" not in page


def test_the_cards_of_every_system_are_laid_out(client, sample):
    wrestler = sample.wrestlers.get(slug="bastian-holloway")
    page = unescape(client.get(wrestler.get_absolute_url()).content.decode())
    assert "Superstar Pro Wrestling" in page
    assert "Tiger suplex 12 P/A" in page  # roll 2 of the offense column
    assert "Specialty: Holloway Lock" in page
    assert "ARM character" in page and "TEC" in page
    assert "Holloway Lock" in page and "Style Technician" in page


def test_the_arm_card_editor_tells_the_sheets_standing_from_the_rosters(booker, sample):
    wrestler = sample.wrestlers.get(slug="gideon-pike")
    wrestler.fame, wrestler.prestige, wrestler.heat = 555, 552, 3
    wrestler.save(update_fields=["fame", "prestige", "heat"])
    arm = unescape(
        booker.get(reverse("card-edit", args=[sample.slug, wrestler.slug, "arm"])).content.decode()
    )
    assert "fame: 520" in arm  # the sheet as typed in
    assert (
        "From then on the roster's standing counts, moved by every show and kept in his ledger: "
        "now Prestige <strong>552</strong>, Fame <strong>555</strong>, Heat <strong>3</strong>"
    ) in arm
    other = booker.get(reverse("card-edit", args=[sample.slug, wrestler.slug, "filsinger"]))
    assert "the roster's standing counts" not in other.content.decode()


def test_an_arm_wrestlers_page_shows_his_sheets_standing_and_the_rosters(client, sample):
    wrestler = sample.wrestlers.get(slug="gideon-pike")
    wrestler.fame, wrestler.prestige, wrestler.heat, wrestler.edge = 555, 552, 7, 5
    wrestler.save(update_fields=["fame", "prestige", "heat", "edge"])
    page = unescape(client.get(wrestler.get_absolute_url()).content.decode())
    # The sheet (rules/data/sample/arm/gideon-pike.yaml) as typed in, then the roster now.
    assert (
        "On the sheet, where Gideon Pike started: Prestige <strong>510</strong> · "
        "Fame <strong>520</strong> · Heat <strong>2</strong>."
    ) in page
    assert "Now, on the roster (moved by every show, kept in the ledger): Prestige 552 · " in page
    assert "Fame 555 · Heat 7 · Edge 5." in page


def test_the_editors_odds_play_both_men_as_the_roster_has_them(booker, sample, monkeypatch):
    """The sheet's fame is where he started; the odds beside the editor play the roster's
    standing, Edge and alignment for him and his opponent, as a show would."""
    from rules import registry

    engine = registry.systems["arm"]
    played = []
    real_odds = engine.odds

    def odds(spec, **kwargs):
        played.append(spec)
        return real_odds(spec, **kwargs)

    monkeypatch.setattr(engine, "odds", odds)
    wrestler = sample.wrestlers.get(slug="bastian-holloway")
    opponent = sample.wrestlers.get(slug="corrigan-vale")
    sample.wrestlers.filter(pk=wrestler.pk).update(fame=1234, alignment="heel")
    sample.wrestlers.filter(pk=opponent.pk).update(fame=77, prestige=5)
    text = yaml.safe_dump(wrestler.cards.get(system="arm").data)
    url = reverse("card-odds", args=[sample.slug, wrestler.slug, "arm"])
    page = unescape(booker.post(url, {"text": text, "opponent": opponent.pk}).content.decode())
    assert f"{wrestler.ring_name} wins" in page
    assert "both wrestlers as the roster has them" in page
    (spec,) = played
    mine, theirs = (side.participants[0] for side in spec.sides)
    assert (mine.fame, mine.edge, mine.alignment) == (1234, 12, "heel")
    assert (theirs.key, theirs.fame, theirs.prestige, theirs.edge) == ("corrigan-vale", 77, 5, 0)
