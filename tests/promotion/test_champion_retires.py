"""A champion who retires gives up his title the day he retires, at every door that retires him
(his page, the API, the admin, the service): his reign ends "Champion retired" on the federation's
today, not on the day of the next show, and the title stands vacant."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from matches.checks import federation_check
from promotion.models import ReignEnd, TitleReign
from promotion.selectors import ended_by_retirement, federation_today
from promotion.services import wrestler_update

pytestmark = pytest.mark.django_db

WORLD = "world-heavyweight-championship"


def retire_by_service(federation, gale):
    wrestler_update(wrestler=gale, status="retired")


def retire_on_his_page(federation, gale):
    from django.test import Client

    client = Client()
    client.force_login(federation.owner)
    response = client.post(
        reverse("wrestler-edit", args=[federation.slug, gale.slug]),
        {
            "ring_name": gale.ring_name,
            "alignment": gale.alignment,
            "pronouns": gale.pronouns,
            "status": "retired",
        },
        follow=True,
    )
    assert response.status_code == 200
    assert (
        "Mortimer Gale saved. The Copperline World Heavyweight Championship is vacant: Mortimer "
        "Gale retired as champion. The feud Corrigan Vale vs. Mortimer Gale is over."
    ) in response.content.decode()


def retire_through_the_api(federation, gale):
    client = APIClient()
    client.force_authenticate(federation.owner)
    response = client.patch(
        f"/api/v1/federations/{federation.slug}/wrestlers/{gale.slug}/",
        {"status": "retired"},
        format="json",
    )
    assert response.status_code == 200, response.content


def retire_in_the_admin(federation, gale):
    from django.contrib.auth import get_user_model
    from django.test import Client

    admin = get_user_model().objects.create_superuser("root", "root@example.com", "pass phrase")
    client = Client()
    client.force_login(admin)
    url = reverse("admin:promotion_wrestler_change", args=[gale.pk])
    form = client.get(url).context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    data = {name: "" if value is None else value for name, value in data.items()}
    data["status"] = "retired"
    data.update(
        {
            "cards-TOTAL_FORMS": "0",
            "cards-INITIAL_FORMS": "0",
            "cards-MIN_NUM_FORMS": "0",
            "cards-MAX_NUM_FORMS": "1000",
        }
    )
    response = client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors


@pytest.mark.parametrize(
    "retire",
    [retire_by_service, retire_on_his_page, retire_through_the_api, retire_in_the_admin],
    ids=["service", "page", "api", "admin"],
)
def test_a_champion_retired_gives_up_his_title_that_day(copperline, retire):
    gale = copperline.wrestlers.get(slug="mortimer-gale")
    title = copperline.titles.get(slug=WORLD)
    reign = title.reigns.get(ended_on__isnull=True)
    assert reign.holder_wrestler == gale
    today = federation_today(copperline)

    retire(copperline, gale)

    gale.refresh_from_db()
    assert gale.status == "retired"
    reign = TitleReign.objects.get(pk=reign.pk)
    assert (reign.ended_on, reign.end_reason) == (today, ReignEnd.RETIRED)
    assert title.reigns.filter(ended_on__isnull=True).count() == 0
    assert federation_check(federation=copperline) == []


def test_a_retired_wrestler_saved_again_keeps_his_old_reigns_as_they_ended(copperline):
    gale = copperline.wrestlers.get(slug="mortimer-gale")
    wrestler_update(wrestler=gale, status="retired")
    ended = list(gale.reigns.values_list("pk", "ended_on", "end_reason"))
    wrestler_update(wrestler=gale, status="retired", hometown="Gary")
    assert list(gale.reigns.values_list("pk", "ended_on", "end_reason")) == ended


def test_a_wrestler_retired_without_a_title_ends_nobodys_reign(copperline):
    open_before = set(TitleReign.objects.filter(ended_on__isnull=True).values_list("pk"))
    wrestler_update(wrestler=copperline.wrestlers.get(slug="wendell-ashby"), status="retired")
    assert set(TitleReign.objects.filter(ended_on__isnull=True).values_list("pk")) == open_before


def test_a_tag_champion_retired_leaves_his_team_without_the_title(copperline):
    """The Rivet Gang hold the tag titles; with Hollis Crane retired they cannot field two men,
    so the title is vacant that day (the auto-booker said every week that they could not
    defend it, and nobody could win it)."""
    title = copperline.titles.get(slug="tag-team-championship")
    reign = title.reigns.get(ended_on__isnull=True)
    team = reign.holder_team
    assert team is not None and team.slug == "rivet-gang"
    crane = copperline.wrestlers.get(slug="hollis-crane")
    assert team.memberships.filter(wrestler=crane, ended_on__isnull=True).exists()

    wrestler_update(wrestler=crane, status="retired")

    reign.refresh_from_db()
    assert (reign.ended_on, reign.end_reason) == (federation_today(copperline), ReignEnd.RETIRED)
    assert federation_check(federation=copperline) == []
    # What his page tells of it: the team's reign, and no feud (he had none).
    reigns, feuds = ended_by_retirement(wrestler=crane)
    assert ([r.pk for r in reigns], feuds) == ([reign.pk], [])


def test_a_team_with_two_active_members_left_keeps_its_title(copperline):
    title = copperline.titles.get(slug="tag-team-championship")
    reign = title.reigns.get(ended_on__isnull=True)
    team = reign.holder_team
    third = copperline.wrestlers.get(slug="wendell-ashby")
    team.memberships.create(wrestler=third, started_on=reign.won_on)
    wrestler_update(wrestler=copperline.wrestlers.get(slug="hollis-crane"), status="retired")
    reign.refresh_from_db()
    assert reign.ended_on is None


def test_a_feud_ends_when_its_side_has_retired(copperline):
    """Corrigan Vale retired, his feud with Mortimer Gale ends that day; a feud where a
    retired man's side has someone left goes on."""
    vale = copperline.wrestlers.get(slug="corrigan-vale")
    feud = vale.feud_roles.get().feud
    assert feud.status != "ended"
    wrestler_update(wrestler=vale, status="retired")
    feud.refresh_from_db()
    assert (feud.status, feud.ended_on) == ("ended", federation_today(copperline))
