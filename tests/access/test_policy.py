"""Every row of the access table (``policy.py``), as every role, on a public and a private
federation: the answer the table gives, a success being the row's own (its status, where it
leads, that it wrote), a refusal writing nothing."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from promotion.models import Federation
from tests.access import policy, recipes
from tests.access.policy import Answer
from tests.access.world import World, digest

pytestmark = pytest.mark.django_db


def cases():
    for row in policy.TABLE:
        for privacy in (policy.PUBLIC, policy.PRIVATE) if row.federated else (policy.PUBLIC,):
            for role in policy.ROLES:
                broken = policy.BROKEN.get((row.key, role))
                marks = [pytest.mark.xfail(reason=broken, strict=True)] if broken else []
                yield pytest.param(
                    row, role, privacy, id=f"{row.key} [{role}, {privacy}]", marks=marks
                )


def call_for(row: policy.Row, world: World) -> recipes.Call:
    if row.door == "admin":
        return recipes.admin_call(world, row.name, row.method, policy.ADMIN.get(row.name))
    return recipes.RECIPES[row.key](world)


def client_for(row: policy.Row, role: str, world: World) -> Client:
    """A client signed in as ``role`` (the API's authenticated as him; a page's with his
    session, made once with the world)."""
    user = world.users[role]
    if row.door == "api":
        api = APIClient()
        if user is not None:
            api.force_authenticate(user=user)
        return api
    client = Client()
    if user is not None:
        client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    return client


def send(client, row: policy.Row, call: recipes.Call):
    method = row.method.split(" ")[-1].lower()
    if row.door == "api":
        return getattr(client, method)(call.path, call.data, format=call.format)
    return getattr(client, method)(call.path, call.data or {})


def location(response) -> str:
    return urlsplit(response["Location"]).path


@pytest.mark.parametrize(("row", "role", "privacy"), list(cases()))
def test_each_door_answers_each_role_as_the_table_says(world, row, role, privacy):
    if privacy == policy.PRIVATE:
        Federation.objects.filter(pk=world.federation.pk).update(is_public=False)
    call = call_for(row, world)
    if call.prepare is not None:
        call.prepare(world)
    expected = policy.answer(row, role, privacy)
    client = client_for(row, role, world)
    # What a write wrote (a read's digest is skipped: it is most of the table, and no read
    # writes what a refusal could hide).
    reads = row.method.endswith("GET")
    before = None if reads else digest()
    response = send(client, row, call)
    after = None if reads else digest()
    context = getattr(response, "context", None) or {}
    form = context.get("form") if hasattr(context, "get") else None
    problems = dict(form.errors) if form is not None and hasattr(form, "errors") else None
    said = (row.key, role, privacy, response.status_code, problems, response.content[:200])
    if expected == Answer.OK:
        assert response.status_code in (call.ok if isinstance(call.ok, tuple) else (call.ok,)), said
        if call.to is not None:
            assert location(response) == call.to, said
        if call.writes:
            assert after != before, f"a success that wrote nothing: {said}"
        offered = getattr(response, "context", None)
        if row.door == "page" and offered is not None and "can_book" in offered:
            # A federation's page offers the buttons of what the role may do, and no others.
            assert offered["can_book"] is (role in policy.MAY[policy.Rule.BOOK]), said
            assert offered["can_manage"] is (role in policy.MAY[policy.Rule.MANAGE]), said
            assert offered["role"] == policy.ROLE_NAMES.get(role), said
        return
    if expected == Answer.TO_PAGE:
        assert response.status_code == 302, said
        assert location(response) == call.to, said
    elif expected == Answer.SIGN_IN:
        assert response.status_code == 302, said
        assert location(response) == reverse("login"), said
    elif expected == Answer.ADMIN_SIGN_IN:
        assert response.status_code == 302, said
        assert location(response) == reverse("admin:login"), said
    else:
        assert response.status_code == int(expected.value), said
    assert after == before, f"a refused request wrote: {said}"


@pytest.mark.parametrize("privacy", [policy.PUBLIC, policy.PRIVATE])
@pytest.mark.parametrize("role", policy.ROLES)
def test_the_lists_of_federations_name_it_to_those_who_may_read_it(world, role, privacy):
    """The home page and ``GET federations/`` (rule: anyone) list the federation to exactly the
    roles that may read it: a private one is left out for the rest."""
    if privacy == policy.PRIVATE:
        Federation.objects.filter(pk=world.federation.pk).update(is_public=False)
    readers = policy.answer(policy.Row("page", "", "GET", policy.Rule.READ), role, privacy)
    expected = readers == Answer.OK
    home = client_for(policy.Row("page", "home", "GET", policy.Rule.ANYONE), role, world)
    page = home.get(reverse("home"))
    assert page.status_code == 200
    # (by the lists it draws: the stranger's invitation names the federation on the page too)
    shown = {f.pk for f in [*page.context["mine"], *page.context["others"]]}
    assert (world.federation.pk in shown) is expected
    api = client_for(policy.Row("api", "", "GET", policy.Rule.ANYONE), role, world)
    listed = api.get("/api/v1/federations/", {"page_size": 100}).json()["results"]
    assert (world.federation.slug in {row["slug"] for row in listed}) is expected
