"""The tournaments' API: drawing one (entrants by slug, refusals naming their field), its
bracket as data, booking its rounds and calling it off; viewers read, bookers and the owner run
it."""

from __future__ import annotations

import pytest

from matches.models import Tournament

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline/tournaments/"


def _hand_body(sample, count: int) -> dict:
    slugs = list(
        sample.wrestlers.filter(status="active").order_by("slug").values_list("slug", flat=True)
    )[:count]
    return {"name": "Spring Cup", "seeding": "hand", "entrants": slugs}


def test_a_booker_draws_five_by_hand_and_reads_the_bracket_as_data(sample, as_role):
    body = _hand_body(sample, 5)
    answer = as_role("booker").post(BASE, body, format="json")

    assert answer.status_code == 201, answer.json()
    data = answer.json()
    assert data["slug"] == "spring-cup"
    assert data["status"] == "open"
    assert data["entrant_count"] == 5
    assert [e["entrant"]["slug"] for e in data["entrants"]] == body["entrants"]
    assert [e["seed"] for e in data["entrants"]] == [1, 2, 3, 4, 5]
    # Eight places, three byes to the top seeds: 1 v bye, 4 v 5, 2 v bye, 3 v bye.
    assert [r["name"] for r in data["rounds"]] == ["quarter-final", "semi-final", "final"]
    first = data["rounds"][0]["bouts"]
    pairs = [(b["a"] and b["a"]["seed"], b["b"] and b["b"]["seed"]) for b in first]
    assert pairs == [(1, None), (4, 5), (2, None), (3, None)]
    assert [b["decided_by"] for b in first] == ["bye", "", "bye", "bye"]
    assert [len(r["bouts"]) for r in data["rounds"]] == [4, 2, 1]
    assert data["table"] == []

    read = as_role("viewer").get(BASE + "spring-cup/")
    assert read.status_code == 200
    assert read.json()["rounds"] == data["rounds"]
    listed = as_role("anonymous").get(BASE)
    assert [t["slug"] for t in listed.json()["results"]] == ["spring-cup"]


def test_booking_the_next_round_puts_its_bouts_on_a_show(sample, as_role):
    as_role("owner").post(BASE, _hand_body(sample, 4), format="json")

    answer = as_role("owner").post(BASE + "spring-cup/advance/")

    assert answer.status_code == 200, answer.json()
    semi = answer.json()["rounds"][0]["bouts"]
    assert all(b["show"] is not None and b["match"] is not None for b in semi)
    again = as_role("owner").post(BASE + "spring-cup/advance/")
    assert again.status_code == 400
    assert "is booked on" in again.json()["detail"]


def test_an_entrant_of_another_federation_is_refused_by_its_field(sample, as_role):
    body = {**_hand_body(sample, 3), "entrants": [*_hand_body(sample, 3)["entrants"], "nobody"]}
    answer = as_role("owner").post(BASE, body, format="json")

    assert answer.status_code == 400
    assert answer.json()["errors"] == [
        {"path": "entrants", "message": f"{sample.name} has no wrestler 'nobody'."}
    ]
    assert not Tournament.objects.exists()


def test_a_service_refusal_names_its_field(sample, as_role):
    answer = as_role("owner").post(BASE, {"name": "Big", "size": 1}, format="json")
    assert answer.status_code == 400
    assert [e["path"] for e in answer.json()["errors"]] == ["size"]

    held = sample.titles.filter(reigns__ended_on__isnull=True, division="singles").first()
    answer = as_role("owner").post(
        BASE, {"name": "For a held title", "size": 4, "title": held.slug}, format="json"
    )
    assert answer.status_code == 400
    assert [e["path"] for e in answer.json()["errors"]] == ["title"]


@pytest.mark.parametrize(("who", "status"), [("viewer", 403), ("anonymous", 401)])
def test_readers_do_not_run_tournaments(sample, as_role, who, status):
    as_role("owner").post(BASE, _hand_body(sample, 4), format="json")
    assert as_role(who).post(BASE, _hand_body(sample, 4), format="json").status_code == status
    assert as_role(who).post(BASE + "spring-cup/advance/").status_code == status
    assert as_role(who).post(BASE + "spring-cup/cancel/").status_code == status


def test_cancelling_twice_is_refused(sample, as_role):
    as_role("owner").post(BASE, _hand_body(sample, 4), format="json")
    assert as_role("owner").post(BASE + "spring-cup/cancel/").json()["status"] == "cancelled"
    again = as_role("owner").post(BASE + "spring-cup/cancel/")
    assert again.status_code == 400
    assert again.json()["detail"] == "Spring Cup is cancelled; it cannot be cancelled."


def test_an_unknown_tournament_is_named_in_the_404(sample, as_role):
    answer = as_role("viewer").get(BASE + "no-such-cup/")
    assert answer.status_code == 404
    assert "no-such-cup" in answer.json()["detail"]


def test_a_federation_with_a_tournament_can_be_deleted(sample, as_role):
    as_role("owner").post(BASE, _hand_body(sample, 4), format="json")
    as_role("owner").post(BASE + "spring-cup/advance/")

    answer = as_role("owner").delete("/api/v1/federations/copperline/")

    assert answer.status_code == 204, answer.content
    assert not Tournament.objects.exists()
