"""A refusal the services word themselves ("Ring name: ...") comes back over the API by its
field's path with the message alone, as a serializer's field errors do; a refusal of the whole
(no field) keeps the empty path. A parameter out of range is named, never clamped."""

from __future__ import annotations

import pytest

from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"
RLO = (
    "Remove the control character U+202E (RIGHT-TO-LEFT OVERRIDE) at character 2: the field "
    "takes plain text."
)


@pytest.fixture
def owner(people):
    client = client_for(people, "owner")
    client.raise_request_exception = False
    return client


def errors(response) -> list[dict]:
    assert response.status_code == 400, (response.status_code, response.content[:300])
    return response.json()["errors"]


def test_a_ring_name_that_is_not_plain_text_is_named_by_its_field(sample, owner):
    response = owner.patch(
        f"{BASE}/wrestlers/corrigan-vale/", {"ring_name": "C\u202eV"}, format="json"
    )
    assert errors(response) == [{"path": "ring_name", "message": RLO}]


def test_an_injurys_words_are_named_by_their_fields_beside_a_refusal_of_the_whole(sample, owner):
    response = owner.post(
        f"{BASE}/injuries/",
        {
            "wrestler": "corrigan-vale",
            "occurred_on": "2099-01-01",
            "body_part": "k\u202ee",
            "description": "a\u202eb",
        },
        format="json",
    )
    assert errors(response) == [
        {"path": "body_part", "message": RLO},
        {"path": "description", "message": RLO},
        {
            "path": "",
            "message": "Jan 1, 2099 is still to come; an injury is recorded or healed on a day "
            "that has come.",
        },
    ]


@pytest.mark.parametrize("limit", ["0", "51", "-3", "many", "1.5"])
def test_a_record_book_limit_out_of_range_is_named_not_clamped(sample, owner, limit):
    assert errors(owner.get(f"{BASE}/records/?limit={limit}")) == [
        {"path": "limit", "message": "A whole number from 1 to 50."}
    ]


def test_a_record_book_limit_in_range_is_taken(history, owner):
    for limit in ("1", "50"):
        assert owner.get(f"{BASE}/records/?limit={limit}").status_code == 200
    book = owner.get(f"{BASE}/records/?limit=1").json()
    assert len(book["longest_reigns"]) == 1


@pytest.mark.parametrize(
    ("address", "parameter", "kind"),
    [
        ("injuries/?wrestler=nobody", "wrestler", "wrestler"),
        ("ledger/?wrestler=nobody", "wrestler", "wrestler"),
        ("reigns/?title=nobody", "title", "title"),
        ("reigns/?team=nobody", "team", "team"),
        ("feuds/?wrestler=nobody", "wrestler", "wrestler"),
        ("teams/?member=nobody", "member", "wrestler"),
        ("matches/?title=nobody", "title", "title"),
        ("matches/?wrestler=nobody", "wrestler", "wrestler"),
    ],
)
def test_a_slug_filter_naming_nobody_is_a_400_naming_it(sample, owner, address, parameter, kind):
    assert errors(owner.get(f"{BASE}/{address}")) == [
        {"path": parameter, "message": f"No {kind} with the slug 'nobody' in this federation."}
    ]


def test_a_slug_filter_naming_someone_still_filters(history, owner):
    listed = owner.get(f"{BASE}/ledger/?wrestler=corrigan-vale&page_size=5").json()["results"]
    assert listed and all(row["wrestler"] == "corrigan-vale" for row in listed)
    # Another federation's wrestler is nobody here.
    from tests import factories

    elsewhere = factories.WrestlerFactory(slug="far-away")
    assert elsewhere.federation.slug != "copperline"
    assert errors(owner.get(f"{BASE}/ledger/?wrestler=far-away")) == [
        {"path": "wrestler", "message": "No wrestler with the slug 'far-away' in this federation."}
    ]


def test_a_bookings_unknown_options_and_stipulations_are_named_by_their_fields(sample, owner):
    # (As the odds and exhibitions name them: the same body, the same paths.)
    show = owner.post(f"{BASE}/shows/", {}, format="json").json()
    response = owner.post(
        f"{BASE}/shows/{show['number']}/matches/",
        {
            "sides": [["gideon-pike"], ["jonah-whitlock"]],
            "rule_options": ["bogus"],
            "stipulations": {"mud_pit": True},
        },
        format="json",
    )
    found = {problem["path"]: problem["message"] for problem in errors(response)}
    assert set(found) == {"rule_options", "stipulations"}, found
    assert found["rule_options"].startswith("unknown filsinger rule option(s): bogus")
    assert found["stipulations"].startswith("Unknown stipulation(s) mud_pit for ")


def test_a_card_for_nobody_says_to_sign_him_without_a_command_line_flag(sample, owner):
    card = {"system": "filsinger", "name": "Nobody Known"}
    response = owner.post(f"{BASE}/cards/import/", card, format="json")
    messages = [problem["message"] for problem in errors(response)]
    assert "no wrestler with the name 'Nobody Known' here: sign the wrestler first" in messages
    assert not [m for m in messages if "--" in m]


def test_an_ordering_by_no_field_of_the_list_is_named_not_ignored(sample, owner):
    assert owner.get(f"{BASE}/wrestlers/?ordering=-prestige,ring_name").status_code == 200
    [problem] = errors(owner.get(f"{BASE}/wrestlers/?ordering=-prestige,bogus"))
    assert problem["path"] == "ordering"
    assert problem["message"].startswith("Cannot order by 'bogus'; order by one of ")
    assert "prestige" in problem["message"]
    [problem] = errors(owner.get(f"{BASE}/shows/?ordering=nonsense"))
    assert problem["path"] == "ordering"


def test_a_federations_story_is_five_thousand_characters_at_most(sample, owner):
    assert owner.patch(f"{BASE}/", {"description": "x" * 5000}, format="json").status_code == 200
    [problem] = errors(owner.patch(f"{BASE}/", {"description": "x" * 5001}, format="json"))
    assert problem["path"] == "description"
    assert "5000" in problem["message"].replace(",", "")
