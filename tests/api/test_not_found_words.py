"""Every 404 of the API in one voice (issue 39): what was looked for, by the number or the name
the address gave it, and where: "No show 999 in Copperline Wrestling Federation." Not Django's
"No Show matches the given query.", nor a sentence of each endpoint's own."""

from __future__ import annotations

import re

import pytest
from drf_spectacular.generators import SchemaGenerator

from promotion.models import Invitation
from rules.models import WrestlerCard
from tests.api.conftest import client_for

#: The one pattern: "No <kind> <number or 'name'>[ in/on/for/waiting for <where>][; <hint>]."
VOICE = re.compile(
    r"No [a-z]+(?: [a-z]+)* (?:\d+|'[^']*')(?: (?:in|on|for|waiting for) .+?)?(?:; .+)?\."
)
#: What stands in each parameter of an address when it names something that is there.
THERE = {
    "federation_slug": "copperline",
    "number": "1",
    "show_number": "1",
    "position": "1",
    "wrestler_slug": "orrin-blackwood",
    "opponent": "bastian-holloway",
    "division": "singles",
    "system": "filsinger",
}
#: ... and when it names nothing. (A card's system is one the routes know: Orrin Blackwood's
#: ARM card is taken away below. A rule system's name is always one there is.)
MISSING = {
    "federation_slug": "nowhere",
    "number": "999",
    "show_number": "999",
    "position": "99",
    "wrestler_slug": "nobody",
    "opponent": "nobody",
    "division": "heavyweight",
    "system": "arm",
    "slug": "nobody",
    "id": "999",
    "username": "nobody",
}


def _operations():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, operations in schema["paths"].items():
        for method in operations:
            if method in {"get", "post", "put", "patch", "delete"}:
                yield path, method


def _address(path: str, missing: str) -> str:
    def value(match: re.Match) -> str:
        name = match.group(1)
        return MISSING[name] if name == missing else THERE.get(name, MISSING.get(name, "1"))

    return re.sub(r"\{(\w+)\}", value, path)


@pytest.mark.django_db
def test_every_miss_of_every_operation_says_what_was_looked_for_and_where(history, people):
    WrestlerCard.objects.filter(wrestler__slug="orrin-blackwood", system="arm").delete()
    owner = client_for(people, "owner")
    answers = {}
    for path, method in _operations():
        for name in re.findall(r"\{(\w+)\}", path):
            if name == "name":  # systems/{name}/: every name the route takes is a system
                continue
            if (method, name) == ("put", "system"):  # a PUT of a card a wrestler lacks adds it
                continue
            address = _address(path, name)
            answer = getattr(owner, method)(address, {}, format="json")
            assert answer.status_code == 404, (method, address, answer.status_code)
            detail = answer.json()["detail"]
            assert VOICE.fullmatch(detail), (method, address, detail)
            assert answer.json()["errors"] == []
            answers[(method, address)] = detail
    assert len(answers) > 60
    assert not [detail for detail in answers.values() if "matches the given query" in detail]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("federations/nowhere/", "No federation 'nowhere'."),
        ("federations/copperline/shows/999/", "No show 999 in Copperline Wrestling Federation."),
        (
            "federations/copperline/shows/999/matches/1/",
            "No show 999 in Copperline Wrestling Federation.",
        ),
        (
            "federations/copperline/shows/1/matches/99/",
            "No match 99 on show 1 in Copperline Wrestling Federation.",
        ),
        (
            "federations/copperline/wrestlers/nobody/",
            "No wrestler 'nobody' in Copperline Wrestling Federation.",
        ),
        (
            "federations/copperline/wrestlers/orrin-blackwood/head-to-head/nobody/",
            "No wrestler 'nobody' in Copperline Wrestling Federation.",
        ),
        (
            "federations/copperline/wrestlers/orrin-blackwood/cards/arm/",
            "No card 'arm' for Orrin Blackwood in Copperline Wrestling Federation.",
        ),
        (
            "federations/copperline/teams/nobody/",
            "No team 'nobody' in Copperline Wrestling Federation.",
        ),
        (
            "federations/copperline/titles/nobody/",
            "No title 'nobody' in Copperline Wrestling Federation.",
        ),
        ("federations/copperline/feuds/999/", "No feud 999 in Copperline Wrestling Federation."),
        (
            "federations/copperline/injuries/999/",
            "No injury 999 in Copperline Wrestling Federation.",
        ),
        (
            "federations/copperline/members/nobody/",
            "No member 'nobody' in Copperline Wrestling Federation.",
        ),
        (
            "federations/copperline/standings/heavyweight/",
            "No division 'heavyweight' in Copperline Wrestling Federation; the divisions are "
            "singles and tag.",
        ),
    ],
)
def test_a_miss_names_the_thing_as_the_address_gave_it(history, people, address, words):
    WrestlerCard.objects.filter(wrestler__slug="orrin-blackwood", system="arm").delete()
    method = "patch" if "/members/" in address else "get"
    answer = getattr(client_for(people, "owner"), method)(f"/api/v1/{address}", {}, format="json")
    assert answer.status_code == 404
    assert answer.json() == {"detail": words, "errors": []}


@pytest.mark.django_db
def test_a_private_federation_reads_as_one_that_is_not_there(private, people):
    for address in ("federations/copperline/", "federations/copperline/shows/1/"):
        answer = client_for(people, "outsider").get(f"/api/v1/{address}")
        assert answer.json() == {"detail": "No federation 'copperline'.", "errors": []}


@pytest.mark.django_db
def test_an_invitation_not_waiting_for_you_is_named(people):
    answer = client_for(people, "outsider").post("/api/v1/invitations/999/accept/")
    assert answer.status_code == 404
    assert answer.json() == {"detail": "No invitation 999 waiting for you.", "errors": []}
    assert not Invitation.objects.exists()
