"""Heat at its bounds and the way a wrestler works the crowd.

Heat stays between 0 and 10 (docs/standings.md, Heat): what the cap keeps from a wrestler is
written in the ledger, not lost without a row. ARM's "play to crowd": "This uses 4 Action
Points, and increases the attacker's Heat (in whichever direction he prefers) by 1." The
direction is a roster setting of his (``Wrestler.heat_direction``): up by default, or down.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from promotion.effects import Bout, RosterBook
from promotion.models import HeatDirection, StandingChange
from promotion.services import ServiceError, wrestler_update
from rules.arm.result import CROWD_PLAY
from rules.core.result import Method
from tests import factories
from tests.rules.arm_support import ALPHA, match_of

pytestmark = pytest.mark.django_db

ON = dt.date(2026, 6, 5)


def crowd_bout(federation, a, b, *, heat: int, reason: str = "Played to the crowd twice"):
    """A match whose result gives ``a`` Heat for playing to the crowd, as an ARM one does."""
    return Bout(
        match=factories.MatchFactory(show__federation=federation),
        sides=((a.pk,), (b.pk,)),
        teams=(None, None),
        keys={a.slug: a.pk, b.slug: b.pk},
        winner=0,
        method="pin",
        effects={
            "standing": [{"key": a.slug, "attribute": "heat", "delta": heat, "reason": reason}]
        },
    )


def run(federation, bout):
    book = RosterBook(
        federation=federation,
        show=factories.ShowFactory(federation=federation),
        on=ON,
        at=timezone.now(),
    )
    book.apply(bout)
    book.end_of_show()
    book.flush()


def heat_rows(wrestler):
    return list(
        StandingChange.objects.filter(wrestler=wrestler, attribute="heat").values_list(
            "delta", "value_after", "reason"
        )
    )


def test_heat_gained_at_the_cap_writes_a_row_that_says_so(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation, heat=10)
    run(federation, crowd_bout(federation, a, b, heat=2))
    a.refresh_from_db()
    assert a.heat == 10
    assert heat_rows(a) == [(0, 10, "Played to the crowd twice (Heat's cap is 10: 2 not gained)")]


def test_heat_that_passes_the_cap_keeps_the_part_under_it(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation, heat=9)
    run(federation, crowd_bout(federation, a, b, heat=2))
    a.refresh_from_db()
    assert a.heat == 10
    assert heat_rows(a) == [(1, 10, "Played to the crowd twice (Heat's cap is 10: 1 not gained)")]


def test_a_wrestler_who_works_the_crowd_down_loses_the_heat_his_play_earned(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation, heat=6)
    a.heat_direction = HeatDirection.DOWN
    a.save()
    run(federation, crowd_bout(federation, a, b, heat=2))
    a.refresh_from_db()
    assert a.heat == 4
    assert heat_rows(a) == [
        (-2, 4, "Played to the crowd twice, against the crowd's reaction to him")
    ]


def test_only_the_crowd_play_turns_round_and_heat_stops_at_0(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation, heat=1)
    a.heat_direction = HeatDirection.DOWN
    a.save()
    run(federation, crowd_bout(federation, a, b, heat=2))
    run(federation, crowd_bout(federation, a, b, heat=1, reason="Broke the rules"))
    a.refresh_from_db()
    assert a.heat == 1
    assert heat_rows(a) == [
        (
            -1,
            0,
            "Played to the crowd twice, against the crowd's reaction to him "
            "(Heat cannot go below 0: 1 not lost)",
        ),
        (1, 1, "Broke the rules"),
    ]


def test_an_arm_result_words_the_crowd_play_as_the_roster_reads_it():
    m = match_of([])
    m.me(ALPHA).crowd = 1
    m.finish(ALPHA, Method.PIN)
    heat = [s for s in m.result().effects.standing if s.attribute == "heat"]
    assert [(s.key, s.delta, s.reason) for s in heat] == [("alpha", 1, "Played to the crowd once")]
    assert heat[0].reason.startswith(CROWD_PLAY)


def test_the_direction_is_his_profiles_up_by_default_and_set_through_the_service(federation):
    wrestler = factories.WrestlerFactory(federation=federation)
    assert wrestler.heat_direction == HeatDirection.UP
    wrestler_update(wrestler=wrestler, heat_direction="down")
    wrestler.refresh_from_db()
    assert wrestler.heat_direction == HeatDirection.DOWN
    with pytest.raises(ServiceError):
        wrestler_update(wrestler=wrestler, heat_direction="sideways")
    wrestler.refresh_from_db()
    assert wrestler.heat_direction == HeatDirection.DOWN


def _owner_and_wrestler():
    owner = get_user_model().objects.create_user("owner", "owner@example.com", "a long pass")
    federation = factories.FederationFactory(owner=owner, is_public=True)
    return owner, federation, factories.WrestlerFactory(federation=federation)


def test_his_page_the_api_and_the_admin_set_the_direction(client):
    owner, federation, wrestler = _owner_and_wrestler()
    client.force_login(owner)
    url = reverse("wrestler-edit", args=[federation.slug, wrestler.slug])
    assert 'name="heat_direction"' in client.get(url).content.decode()
    response = client.post(
        url,
        {
            "ring_name": wrestler.ring_name,
            "alignment": wrestler.alignment,
            "status": wrestler.status,
            "heat_direction": "down",
        },
    )
    assert response.status_code == 302
    wrestler.refresh_from_db()
    assert wrestler.heat_direction == "down"

    api = APIClient()
    api.force_authenticate(user=owner)
    address = f"/api/v1/federations/{federation.slug}/wrestlers/{wrestler.slug}/"
    response = api.patch(address, {"heat_direction": "up"}, format="json")
    assert response.status_code == 200 and response.json()["heat_direction"] == "up"
    wrestler.refresh_from_db()
    assert wrestler.heat_direction == "up"

    owner.is_staff = owner.is_superuser = True
    owner.save()
    page = client.get(reverse("admin:promotion_wrestler_change", args=[wrestler.pk]))
    assert 'name="heat_direction"' in page.content.decode()
