"""The addresses of the buttons' actions (run this week, vacate a title, run a show, ...) opened
rather than pressed: a GET or HEAD goes to the page where the button is, any other method gets
the site's 405 page; never an empty page."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, get_resolver, reverse

from matches.tournaments import tournament_create
from promotion import services
from promotion.models import MemberRole
from promotion.selectors import federation_today

pytestmark = pytest.mark.django_db


def addresses(federation) -> dict[str, tuple[str, str]]:
    """Every action's URL name: its address, and the page of its button."""
    f = federation.slug
    show = federation.shows.order_by("number").first()
    match = show.matches.first()
    title = federation.titles.first()
    team = federation.teams.first()
    feud = federation.feuds.first()
    wrestler = federation.wrestlers.order_by("slug").first()
    # (Dated the federation's today: not before a match he has wrestled.)
    injury = services.injury_record(wrestler=wrestler, occurred_on=federation_today(federation))
    member = federation.memberships.get(role=MemberRole.VIEWER)
    at_show = [f, show.number]
    show_page = reverse("show-detail", args=at_show)
    title_page = reverse("title-detail", args=[f, title.slug])
    team_page = reverse("team-detail", args=[f, team.slug])
    card = [f, wrestler.slug, "arm"]
    cup = tournament_create(federation=federation, name="Address Cup", size=4).slug
    cup_page = reverse("tournament-detail", args=[f, cup])
    return {
        "week-run": (reverse("week-run", args=[f]), reverse("federation-detail", args=[f])),
        "match-add": (reverse("match-add", args=at_show), show_page),
        "match-move": (reverse("match-move", args=[*at_show, match.pk]), show_page),
        "match-remove": (reverse("match-remove", args=[*at_show, match.pk]), show_page),
        "show-autobook": (reverse("show-autobook", args=at_show), show_page),
        "show-schedule": (reverse("show-schedule", args=at_show), show_page),
        "show-run": (reverse("show-run", args=at_show), show_page),
        "show-retry": (reverse("show-retry", args=at_show), show_page),
        "show-cancel": (reverse("show-cancel", args=at_show), show_page),
        "title-vacate": (reverse("title-vacate", args=[f, title.slug]), title_page),
        "title-award": (reverse("title-award", args=[f, title.slug]), title_page),
        "title-retire": (reverse("title-retire", args=[f, title.slug]), title_page),
        "team-join": (reverse("team-join", args=[f, team.slug]), team_page),
        "team-leave": (reverse("team-leave", args=[f, team.slug]), team_page),
        "team-disband": (reverse("team-disband", args=[f, team.slug]), team_page),
        "feud-end": (reverse("feud-end", args=[f, feud.pk]), reverse("feud-list", args=[f])),
        "injury-heal": (
            reverse("injury-heal", args=[f, injury.pk]),
            reverse("injury-list", args=[f]),
        ),
        "member-remove": (
            reverse("member-remove", args=[f, member.pk]),
            reverse("members", args=[f]),
        ),
        "calendar-token-issue": (
            reverse("calendar-token-issue", args=[f]),
            reverse("federation-settings", args=[f]),
        ),
        "calendar-token-revoke": (
            reverse("calendar-token-revoke", args=[f]),
            reverse("federation-settings", args=[f]),
        ),
        "tournament-advance": (reverse("tournament-advance", args=[f, cup]), cup_page),
        "tournament-cancel": (reverse("tournament-cancel", args=[f, cup]), cup_page),
        "card-check": (reverse("card-check", args=card), reverse("card-edit", args=card)),
        "card-odds": (reverse("card-odds", args=card), reverse("card-edit", args=card)),
        "card-builder-check": (
            reverse("card-builder-check", args=card),
            reverse("card-builder", args=card),
        ),
        "card-builder-odds": (
            reverse("card-builder-odds", args=card),
            reverse("card-builder", args=card),
        ),
        "card-generate": (
            reverse("card-generate", args=[f, wrestler.slug]),
            reverse("wrestler-detail", args=[f, wrestler.slug]),
        ),
        "wrestler-photo": (
            reverse("wrestler-photo", args=[f, wrestler.slug]),
            reverse("wrestler-detail", args=[f, wrestler.slug]),
        ),
        "title-belt": (reverse("title-belt", args=[f, title.slug]), title_page),
        "show-poster": (reverse("show-poster", args=at_show), show_page),
        # (as an invitation's: followed before any webhook is looked up)
        "webhook-remove": (
            reverse("webhook-remove", args=[f, 1]),
            reverse("federation-settings", args=[f]),
        ),
        "webhook-test": (
            reverse("webhook-test", args=[f, 1]),
            reverse("federation-settings", args=[f]),
        ),
        # (An invitation's answer is on the home page; the address is followed before any
        # invitation is looked up.)
        "invitation-accept": (reverse("invitation-accept", args=[1]), reverse("home")),
        "invitation-decline": (reverse("invitation-decline", args=[1]), reverse("home")),
        # (as an invitation's: followed before any link is looked up)
        "invitation-link-revoke": (
            reverse("invitation-link-revoke", args=[f, 1]),
            reverse("members", args=[f]),
        ),
    }


def site_actions() -> set[str | None]:
    """The URL names of the site's pages whose view is a button's action."""
    names: set[str | None] = set()
    for pattern in get_resolver().url_patterns:
        for inner in getattr(pattern, "url_patterns", []):
            if isinstance(inner, URLPattern) and hasattr(inner.callback, "posted_from"):
                names.add(inner.name)
    return names


def test_every_action_is_known_here(sample):
    assert set(addresses(sample)) == site_actions()


def test_an_actions_address_opened_goes_to_the_page_of_its_button(client, users, sample):
    client.force_login(users["owner"])
    for name, (address, page) in addresses(sample).items():
        for method in (client.get, client.head):
            response = method(address)
            assert (response.status_code, response["Location"]) == (302, page), name
        assert client.get(address, follow=True).status_code == 200, name


def test_following_the_link_changes_nothing(client, users, sample):
    client.force_login(users["owner"])
    shows = list(sample.shows.values_list("number", "status"))
    reigns = sample.titles.first().reigns.count()
    client.get(reverse("week-run", args=[sample.slug]))
    client.get(addresses(sample)["title-vacate"][0])
    assert list(sample.shows.values_list("number", "status")) == shows
    assert sample.titles.first().reigns.count() == reigns


def test_any_other_method_gets_the_sites_405_page(client, users, sample):
    client.force_login(users["booker"])
    address, _ = addresses(sample)["week-run"]
    for method in (client.put, client.delete, client.patch, client.options):
        response = method(address)
        assert response.status_code == 405
        assert response["Allow"] == "GET, HEAD, POST"
        page = response.content.decode()
        assert "<h1>Not this way</h1>" in page and '<nav aria-label="Site">' in page


def test_a_private_federations_action_address_tells_an_outsider_nothing(client, users, sample):
    sample.is_public = False
    sample.save(update_fields=["is_public"])
    client.force_login(users["outsider"])
    address, page = addresses(sample)["week-run"]
    response = client.get(address, follow=True)
    assert response.redirect_chain == [(page, 302)]
    assert response.status_code == 404
    assert client.get(
        reverse("week-run", args=["no-such-federation"]), follow=True
    ).status_code == (404)


@pytest.mark.parametrize("method", ["put", "patch", "delete", "options"])
@pytest.mark.parametrize(
    "name", ["home", "federation-detail", "roster", "federation-settings", "show-archive"]
)
def test_a_page_answers_other_methods_with_the_sites_405_page(client, staffed, method, name):
    from django.urls import reverse

    args = [] if name == "home" else [staffed.slug]
    response = getattr(client, method)(reverse(name, args=args))
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD, POST"
    page = response.content.decode()
    assert "<h1>Not this way</h1>" in page
    assert f"it does not answer a {method.upper()} request" in page
