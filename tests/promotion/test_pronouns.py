"""A wrestler's pronouns: kept on the roster, set through every door (page, API, admin, sample,
import), carried into the match spec at show time and by the commands, and read by the words
the site writes about one wrestler (the auto-booker's notes, the injury desk)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.admin.sites import site
from django.core.management import call_command
from django.urls import reverse

from matches.booking import match_book, show_create, show_schedule
from matches.models import Match
from matches.simulation import show_simulate, show_specs
from promotion.models import Pronouns, Wrestler
from promotion.services import ServiceError, wrestler_update
from promotion.transfer import TransferError, federation_export, federation_import
from rules.core.text import PRONOUN_CHOICES
from tests import factories

pytestmark = pytest.mark.django_db

#: Every word that would call a wrestler a man.
MALE = re.compile(r"\b(he|him|his|himself|man|men)\b", re.IGNORECASE)


def test_the_roster_offers_the_pronouns_the_engines_know():
    assert (
        [value for value, _ in Pronouns.choices] == list(PRONOUN_CHOICES) == ["he", "she", "they"]
    )
    assert dict(Pronouns.choices) == {"he": "he/him", "she": "she/her", "they": "they/them"}
    assert Wrestler._meta.get_field("pronouns").default == "he"


def test_the_sample_roster_has_its_women(copperline):
    women = set(copperline.wrestlers.filter(pronouns="she").values_list("slug", flat=True))
    assert women == {"nadia-sorrel", "ines-marrow"}
    assert copperline.wrestlers.filter(pronouns="he").count() == 16


def test_the_profile_service_sets_them_and_refuses_what_it_does_not_know(copperline):
    vale = copperline.wrestlers.get(slug="corrigan-vale")
    wrestler_update(wrestler=vale, pronouns="they")
    vale.refresh_from_db()
    assert vale.pronouns == "they"
    with pytest.raises(ServiceError, match=r"^Pronouns: Value 'xe' is not a valid choice\.$"):
        wrestler_update(wrestler=vale, pronouns="xe")
    vale.refresh_from_db()
    assert vale.pronouns == "they"


def test_the_profile_page_sets_them_and_the_wrestler_page_shows_them(client, copperline):
    client.force_login(copperline.owner)
    pike = copperline.wrestlers.get(slug="gideon-pike")
    edit = reverse("wrestler-edit", args=[copperline.slug, pike.slug])
    form = client.get(edit).content.decode()
    assert 'name="pronouns"' in form and "she/her" in form and "they/them" in form
    response = client.post(
        edit,
        {
            "ring_name": pike.ring_name,
            "slug": pike.slug,
            "alignment": pike.alignment,
            "pronouns": "she",
            "status": pike.status,
        },
    )
    assert response.status_code == 302
    pike.refresh_from_db()
    assert pike.pronouns == "she"
    page = client.get(pike.get_absolute_url()).content.decode()
    assert "· she/her" in page


def test_the_api_reads_and_writes_them_and_names_a_bad_value(client, copperline):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(copperline.owner)
    url = f"/api/v1/federations/{copperline.slug}/wrestlers/nadia-sorrel/"
    assert api.get(url).json()["pronouns"] == "she"
    assert api.patch(url, {"pronouns": "they"}, format="json").json()["pronouns"] == "they"
    refused = api.patch(url, {"pronouns": "it"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"] == [
        {"path": "pronouns", "message": '"it" is not a valid choice.'}
    ]
    assert Wrestler.objects.get(slug="nadia-sorrel").pronouns == "they"


def test_the_admin_signs_a_wrestler_with_them(copperline):
    form = site._registry[Wrestler].creation_form(
        data={
            "federation": copperline.pk,
            "ring_name": "Vera Quill",
            "slug": "vera-quill",
            "alignment": "face",
            "pronouns": "she",
        }
    )
    assert form.is_valid(), form.errors  # (the service signs him as the form is cleaned)
    assert Wrestler.objects.get(slug="vera-quill").pronouns == "she"


def test_an_export_carries_them_and_an_older_one_without_them_reads_as_he(copperline):
    owner = copperline.owner
    document = federation_export(federation=copperline)
    rows = {row["slug"]: row for row in document["wrestlers"]}
    assert rows["ines-marrow"]["pronouns"] == "she"
    imported, _ = federation_import(document=document, owner=owner, slug="copperline-two")
    assert imported.wrestlers.get(slug="ines-marrow").pronouns == "she"
    for row in document["wrestlers"]:
        row.pop("pronouns")
    older, _ = federation_import(document=document, owner=owner, slug="copperline-three")
    assert set(older.wrestlers.values_list("pronouns", flat=True)) == {"he"}
    document["wrestlers"][0]["pronouns"] = "xe"
    with pytest.raises(TransferError) as refused:
        federation_import(document=document, owner=owner, slug="copperline-four")
    assert refused.value.problems[0] == (
        "wrestlers[0].pronouns",
        "Corrigan Vale (corrigan-vale): Value 'xe' is not a valid choice.",
    )


def test_a_show_gives_each_engine_the_rosters_pronouns(copperline):
    nadia, ines = (copperline.wrestlers.get(slug=s) for s in ("nadia-sorrel", "ines-marrow"))
    vale = copperline.wrestlers.get(slug="corrigan-vale")
    vale.pronouns = "they"
    vale.save()
    show = show_create(federation=copperline, seed=5)
    match_book(show=show, sides=[[nadia], [ines]])
    match_book(show=show, sides=[[vale], [copperline.wrestlers.get(slug="mortimer-gale")]])
    specs = show_specs(show=show_schedule(show=show))
    told = {p.key: p.pronouns for _match, spec in specs for p in spec.participants}
    assert told == {
        "nadia-sorrel": "she",
        "ines-marrow": "she",
        "corrigan-vale": "they",
        "mortimer-gale": "he",
    }


@pytest.mark.parametrize("system", ["filsinger", "superstar", "arm"])
def test_a_show_of_women_is_told_without_a_word_for_a_man(copperline, system):
    """Every wrestler she/her, a show of four singles matches in each system: no event of the
    play-by-play says he, him, his, himself, man or men."""
    copperline.wrestlers.update(pronouns="she")
    show = show_create(federation=copperline, seed=17)
    ready = [w for w in copperline.wrestlers.order_by("slug") if w.is_available_on(show.date)]
    ready = [w for w in ready if w.cards.filter(system=system).exists()][:8]
    for a, b in zip(ready[::2], ready[1::2], strict=True):
        match_book(show=show, sides=[[a], [b]], rule_system=system)
    show_schedule(show=show)
    assert show_simulate(show_id=show.pk).status == "completed"
    texts = [
        event["text"]
        for match in Match.objects.filter(show=show)
        for event in match.play_by_play
        if event.get("text")
    ]
    assert len(texts) > 40
    assert [t for t in texts if MALE.search(t)] == []
    assert any(re.search(r"\bher\b|\bwomen\b", t) for t in texts) or system == "superstar"


def test_the_auto_booker_says_her_own_partner_of_a_champion_who_is_a_woman(federation):
    """As ``test_a_stablemate_challenges_over_a_feud_or_when_nobody_else_is_free``, with a
    champion who is a woman."""
    from matches.autobook import show_autobook

    champion = factories.BookableWrestlerFactory(federation=federation, prestige=700)
    partner = factories.BookableWrestlerFactory(federation=federation, prestige=650)
    Wrestler.objects.filter(pk=champion.pk).update(pronouns="she")
    team = factories.TeamFactory(federation=federation, kind="stable")
    for wrestler in (champion, partner):
        factories.TeamMembershipFactory(team=team, wrestler=wrestler)
    title = factories.TitleFactory(federation=federation, name="Belt")
    factories.TitleReignFactory(title=title, holder_wrestler=champion)
    match = next(m for m in show_autobook(show=show_create(federation=federation)) if m.title_id)
    assert match.booking_note.startswith(
        f"Belt: {champion} defends against the top contender {partner} (contention 650); "
        "her own partner, as no other contender is free;"
    )


def test_the_commands_give_a_wrestler_named_by_slug_the_rosters_pronouns(copperline):
    from rules.management.cardfiles import build

    built = build({"cards": ["nadia-sorrel", "ines-marrow"], "system": "arm"})
    assert [p.pronouns for p in built.spec.participants] == ["she", "she"]
    # A card file played on its own has no roster behind it: the default.
    sheet = Path(__file__).resolve().parents[2] / "rules/data/sample/arm/nadia-sorrel.yaml"
    files = [str(sheet), "corrigan-vale"]
    built = build({"cards": files, "system": "arm"})
    assert [p.pronouns for p in built.spec.participants] == ["he", "he"]


def test_simulate_match_takes_each_cards_pronouns_in_order_and_names_a_bad_list(tmp_path):
    import io

    from django.core.management.base import CommandError

    sample = Path(__file__).resolve().parents[2] / "rules/data/sample/arm"
    cards = [str(sample / "nadia-sorrel.yaml"), str(sample / "ines-marrow.yaml")]
    out = io.StringIO()
    call_command("simulate_match", *cards, "--pronouns", "she,SHE", "--seed", "4", stdout=out)
    assert "A standoff: both women miss and reset." in out.getvalue()
    assert not MALE.search(out.getvalue().split("\n", 2)[2])  # (past the header)
    with pytest.raises(CommandError) as bad:
        call_command("simulate_match", *cards, "--pronouns", "she,xe")
    assert str(bad.value) == "--pronouns: 'xe' unknown; each card's is one of he, she, they"
    with pytest.raises(CommandError) as short:
        call_command("odds", *cards, "--pronouns", "she")
    assert str(short.value) == "--pronouns: 1 given for 2 cards; give one a card, in their order"
