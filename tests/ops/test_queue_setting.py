"""Who sets a federation's queue (a superuser, in the admin; no owner, on no door), and where a
show's task goes for it (the router, ``matches.tasks.route_show``)."""

from __future__ import annotations

import pytest
from django.contrib.admin.sites import site
from django.test import RequestFactory

from matches import tasks
from promotion.forms import FederationSettingsForm
from promotion.models import Federation
from tests import factories

pytestmark = pytest.mark.django_db


def test_a_shows_task_goes_to_its_federations_queue():
    routed = factories.ShowFactory(federation=factories.FederationFactory(queue="east"))
    plain = factories.ShowFactory()
    name = "matches.simulate_show"
    assert tasks.route_show(name, (routed.pk,), {}, {}) == {"queue": "east"}
    assert tasks.route_show(name, (), {"show_id": routed.pk}, {}) == {"queue": "east"}
    assert tasks.route_show(name, (plain.pk,), {}, {}) is None  # the default queue
    assert tasks.route_show(name, (999999,), {}, {}) is None  # (gone: its claim says so)
    assert tasks.route_show("matches.dispatch_due_shows", (), {}, {}) is None


def test_the_router_is_the_celery_apps():
    """What the project's Celery app makes of a show's task: its federation's queue."""
    from config.celery import app

    show = factories.ShowFactory(federation=factories.FederationFactory(queue="east"))
    route = app.amqp.router.route({}, "matches.simulate_show", args=(show.pk,))
    assert route["queue"].name == "east"
    plain = factories.ShowFactory()
    assert app.amqp.router.route({}, "matches.simulate_show", args=(plain.pk,))["queue"].name == (
        "celery"
    )


def test_a_superuser_sets_it_in_the_admin():
    federation = factories.FederationFactory()
    request = RequestFactory().get("/")
    request.user = factories.UserFactory(is_superuser=True, is_staff=True)
    form = site._registry[Federation].get_form(request, federation)
    assert "queue" in form.base_fields
    bad = form(instance=federation, data={"queue": "Big Fed"})
    bad.is_valid()
    assert bad.errors["queue"] == ["A queue name is lower-case letters, digits, '.', '_' and '-'."]


def test_an_owner_cannot_set_it(client):
    federation = factories.FederationFactory()
    assert "queue" not in FederationSettingsForm.base_fields
    client.force_login(federation.owner)
    response = client.patch(
        f"/api/v1/federations/{federation.slug}/",
        {"queue": "mine"},
        content_type="application/json",
    )
    federation.refresh_from_db()
    assert federation.queue == ""
    assert response.status_code == 200  # (a field the API does not take is ignored)
