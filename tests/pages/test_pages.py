import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from promotion.models import Federation

pytestmark = pytest.mark.django_db


@pytest.fixture
def sample():
    call_command("load_sample_federation", verbosity=0)
    return Federation.objects.get()


def test_home_lists_the_federations_and_their_page_the_champions_and_next_show(client, sample):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert sample.name in response.content.decode()
    page = client.get(sample.get_absolute_url()).content.decode()
    for title in sample.titles.all():
        assert str(title.current_reign.holder) in page
    assert "Nothing booked yet" in page
    roster = client.get(reverse("roster", args=[sample.slug])).content.decode()
    for wrestler in sample.wrestlers.exclude(status="retired"):
        assert wrestler.ring_name in roster


def test_federation_and_wrestler_pages(client, sample):
    assert client.get(sample.get_absolute_url()).status_code == 200
    wrestler = sample.wrestlers.first()
    response = client.get(wrestler.get_absolute_url())
    assert response.status_code == 200
    assert "Standing ledger" in response.content.decode()


def test_private_federations_are_hidden_from_strangers(client, sample):
    sample.is_public = False
    sample.save()
    assert client.get(sample.get_absolute_url()).status_code == 404
    assert sample.name not in client.get(reverse("home")).content.decode()


def test_admin_pages_work_for_every_model(admin_client, sample):
    from django.contrib import admin

    for model in admin.site._registry:
        prefix = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        assert admin_client.get(reverse(f"{prefix}_changelist")).status_code == 200
        instance = model.objects.first()
        if instance is not None:
            url = reverse(f"{prefix}_change", args=[instance.pk])
            assert admin_client.get(url).status_code == 200, url


def test_the_admin_refuses_an_invalid_card_naming_each_problem(admin_client, sample):
    wrestler = sample.wrestlers.first()
    card = wrestler.cards.get(system="filsinger")
    data = dict(card.data)
    data["ratings"] = dict(data["ratings"], ropes="Z")
    url = reverse("admin:rules_wrestlercard_change", args=[card.pk])
    response = admin_client.post(
        url, {"wrestler": wrestler.pk, "system": "filsinger", "data": json.dumps(data)}
    )
    assert response.status_code == 200
    assert "ratings.ropes" in response.content.decode()
    card.refresh_from_db()
    assert card.data["ratings"]["ropes"] != "Z"


def test_a_show_page_reports_results_and_play_by_play(client, sample):
    from matches.booking import match_book, show_create, show_schedule
    from matches.simulation import show_simulate

    show = show_create(federation=sample, seed=5)
    a, b = sample.wrestlers.exclude(reigns__ended_on__isnull=True).order_by("slug")[:2]
    match = match_book(show=show, sides=[[a], [b]], note="Opener: a test of the page")
    show_schedule(show=show)
    show_simulate(show_id=show.pk)
    match.refresh_from_db()
    page = client.get(show.get_absolute_url()).content.decode()
    assert "Opener: a test of the page" not in page  # the booker's note is for members
    winner = (a, b)[match.winner_side] if match.winner_side is not None else None
    assert winner is not None
    assert f"{winner.ring_name}</a> won by" in page
    client.force_login(sample.owner)
    assert "Opener: a test of the page" in client.get(show.get_absolute_url()).content.decode()
    assert match.play_by_play[-1]["text"].split("!")[0].replace("'", "&#x27;") in page


@pytest.mark.django_db
def test_a_feud_is_headed_by_its_name_only_when_it_says_more(client):
    from tests import factories

    federation = factories.FederationFactory(is_public=True)
    team = factories.TeamFactory(federation=federation, name="Rust & Rivets")
    named = factories.FeudFactory(federation=federation, name="The Foundry War")
    factories.FeudParticipantFactory(feud=named, side=0, wrestler__ring_name="Ada Vance")
    factories.FeudParticipantFactory(feud=named, side=1, wrestler__ring_name="Bo Lane")
    plain = factories.FeudFactory(
        federation=federation, name="Cy Moss vs. Rust & Rivets", description="Sparked by a DQ."
    )
    factories.FeudParticipantFactory(feud=plain, side=0, wrestler__ring_name="Cy Moss")
    factories.FeudParticipantFactory(feud=plain, side=1, wrestler=None, team=team)

    for address in (federation.get_absolute_url(), reverse("feud-list", args=[federation.slug])):
        page = client.get(address).content.decode()

        assert "<strong>The Foundry War</strong><br><a " in page
        assert ">Ada Vance</a> vs. <a " in page
        # The default name says no more than the linked sides: they stand in bold alone.
        assert "Cy Moss vs. Rust &amp; Rivets" not in page
        assert page.count(">Cy Moss</a>") == 1
        assert (
            '>Rust &amp; Rivets</a></strong><br><small class="muted">Sparked by a DQ.</small>'
            in page
        )


def test_a_bad_roster_filter_is_named_and_the_good_ones_still_filter(client, sample):
    response = client.get(reverse("roster", args=[sample.slug]) + "?division=bogus&q=vale")
    assert response.status_code == 200
    listed = [w.slug for w in response.context["page_obj"]]
    assert listed == ["corrigan-vale"]  # the search still applies
    assert "division" in response.context["form"].errors


def test_a_draw_on_the_last_show_names_who_drew(client, sample):
    from matches.booking import match_book, show_create, show_schedule
    from matches.models import Match
    from matches.simulation import show_simulate

    show = show_create(federation=sample, seed=5)
    a, b = sample.wrestlers.exclude(reigns__ended_on__isnull=True).order_by("slug")[:2]
    match = match_book(show=show, sides=[[a], [b]])
    show_schedule(show=show)
    show_simulate(show_id=show.pk)
    Match.objects.filter(pk=match.pk).update(winner_side=None, method="draw_time_limit")
    page = client.get(sample.get_absolute_url()).content.decode()
    names = f'{a.ring_name}</a> and <a href="{b.get_absolute_url()}">{b.ring_name}</a>'
    assert f"{names}: time-limit draw" in page.replace("&#x27;", "'")
