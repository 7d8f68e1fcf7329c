"""How to make each row's request of the access table (``policy.py``) in the world
(``world.py``): its address, a valid body, and what its success is (its status, where it leads,
whether it writes). A body is valid so that an allowed write succeeds: a 400 would hide an
access bug as well as a 403 would.

``RECIPES`` has one entry for each page and API row, by the row's key; the admin's rows are made
from the model's label and view (``admin_call``)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from matches.models import Show
from promotion.models import Federation, Title
from tests.access.world import SLUG, World


@dataclass
class Call:
    path: str
    data: Any = None
    #: The status of a success (or the statuses: either is one); a redirect leads to ``to``.
    ok: int | tuple[int, ...] = 200
    to: str | None = None
    #: Whether a success writes (a refusal never may).
    writes: bool = False
    #: Run in the test's transaction before the request (a show made failed, to retry it).
    prepare: Callable[[World], None] | None = None
    #: How the API's body is sent (a picture's upload: "multipart").
    format: str = "json"


Recipe = Callable[[World], Call]
RECIPES: dict[str, Recipe] = {}


def recipe(key: str):
    def register(make: Recipe) -> Recipe:
        assert key not in RECIPES, key
        RECIPES[key] = make
        return make

    return register


def page(name: str, *args: Any) -> str:
    return reverse(name, args=args)


def _fail(number_key: str):
    def prepare(world: World) -> None:
        Show.objects.filter(federation=world.federation, number=getattr(world, number_key)).update(
            status="failed", error="TableError: for the test"
        )

    return prepare


def _vacate(world: World) -> None:
    """The champion's title made vacant the day before (for an award)."""
    from promotion.services import title_vacate

    title = Title.objects.get(federation=world.federation, slug=world.title)
    title_vacate(title=title, on=world.today - dt.timedelta(days=1))


# -- pages ---------------------------------------------------------------------------------------


def _read_page(name: str, *args: Callable[[World], Any]) -> None:
    """A page that reads: GET and POST answer it alike (200); it writes nothing."""
    for method in ("GET", "POST"):
        recipe(f"page {method} {name}")(
            lambda w, name=name, args=args: Call(page(name, SLUG, *(a(w) for a in args)))
        )


_read_page("federation-detail")
_read_page("roster")
_read_page("wrestler-detail", lambda w: w.wrestler)
_read_page("wrestler-print", lambda w: w.wrestler)
# (a PDF of one card, and the roster's cards of one wrestler found by name: a PDF of every card
# takes seconds)
for _method in ("GET", "POST"):
    recipe(f"page {_method} wrestler-print-pdf")(
        lambda w: Call(page("wrestler-print-pdf", SLUG, w.wrestler) + "?system=arm")
    )
    for _name in ("roster-print", "roster-print-pdf"):
        recipe(f"page {_method} {_name}")(
            lambda w, name=_name: Call(page(name, SLUG) + "?q=" + w.wrestler[:4])
        )
_read_page("title-list")
_read_page("title-detail", lambda w: w.title)
_read_page("feud-list")
_read_page("injury-list")
_read_page("records")
_read_page("standings")
_read_page("team-list")
_read_page("team-detail", lambda w: w.team)
_read_page("show-archive")
_read_page("show-detail", lambda w: w.booked)
_read_page("show-progress", lambda w: w.booked)
_read_page("calendar")
_read_page("calendar-feed")
_read_page("federation-feed")
_read_page("tournament-list")
_read_page("tournament-detail", lambda w: w.tournament)


for _method in ("GET", "POST"):
    recipe(f"page {_method} home")(lambda w: Call(reverse("home")))
    # (healthy or not, as the world's shows are due: either is its own answer)
    recipe(f"page {_method} health")(lambda w: Call(reverse("health"), ok=(200, 503)))
    recipe(f"page {_method} operations")(lambda w: Call(reverse("operations")))
for _name in ("api-schema", "api-docs", "api-redoc", "api-redoc-bundle"):
    recipe(f"page GET {_name}")(lambda w, name=_name: Call(reverse(name)))


def _form_page(name: str, args, data: Callable[[World], dict], to: Callable[[World], str]):
    """A page of one form: GET shows it (200); a valid POST writes and leads to ``to``."""
    recipe(f"page GET {name}")(lambda w: Call(page(name, *args(w))))
    recipe(f"page POST {name}")(
        lambda w: Call(page(name, *args(w)), data(w), ok=302, to=to(w), writes=True)
    )


_form_page(
    "federation-create",
    lambda w: (),
    lambda w: {
        "name": "Harbor Lights",
        "slug": "harbor-lights",
        "rule_system": "filsinger",
        "time_zone": "Europe/Dublin",
        "show_weekday": 4,
        "show_time": "20:00",
        "start": "empty",
    },
    lambda w: page("federation-detail", "harbor-lights"),
)
_form_page(
    "federation-settings",
    lambda w: (SLUG,),
    lambda w: {
        "name": w.federation.name,
        "rule_system": w.federation.rule_system,
        "time_zone": str(w.federation.time_zone),
        "show_weekday": w.federation.show_weekday,
        "show_time": w.federation.show_time.strftime("%H:%M"),
        "default_venue": "The Old Mill",
        "is_public": "on",
        "card_size": w.federation.card_size,
    },
    lambda w: page("federation-settings", SLUG),
)
_form_page(
    "members",
    lambda w: (SLUG,),
    lambda w: {"user": "stranger", "role": "booker"},
    lambda w: page("members", SLUG),
)
_form_page(
    "wrestler-create",
    lambda w: (SLUG,),
    lambda w: {
        "ring_name": "Vera Kane",
        "slug": "vera-kane",
        "alignment": "face",
        "pronouns": "she",
        "status": "active",
    },
    lambda w: page("card-edit", SLUG, "vera-kane", "filsinger"),  # his card comes next
)


def _wrestler_form(world: World) -> dict:
    wrestler = world.federation.wrestlers.get(slug=world.wrestler)
    return {
        "ring_name": wrestler.ring_name + " Jr.",
        "slug": wrestler.slug,
        "alignment": wrestler.alignment,
        "pronouns": wrestler.pronouns,
        "status": wrestler.status,
    }


_form_page(
    "wrestler-edit",
    lambda w: (SLUG, w.wrestler),
    _wrestler_form,
    lambda w: page("wrestler-detail", SLUG, w.wrestler),
)


def _card_file(world: World):
    """The wrestler's card as a card file, naming him by slug (the card import page's)."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    card = json.loads(_card_text(world))
    text = json.dumps({"slug": world.wrestler, **card}).encode()
    return SimpleUploadedFile("card.yaml", text, content_type="application/yaml")


def _card_text(world: World, system: str = "filsinger") -> str:
    from rules.models import WrestlerCard

    card = WrestlerCard.objects.get(
        wrestler__federation=world.federation, wrestler__slug=world.wrestler, system=system
    )
    return json.dumps(card.data)


_form_page(
    "card-edit",
    lambda w: (SLUG, w.wrestler, "filsinger"),
    lambda w: {"text": _card_text(w)},
    lambda w: page("wrestler-detail", SLUG, w.wrestler),
)
_form_page(
    "title-create",
    lambda w: (SLUG,),
    lambda w: {
        "name": "Harbor Cup",
        "slug": "harbor-cup",
        "division": "singles",
        "rank": 9,
        "introduced_on": w.today.isoformat(),
    },
    lambda w: page("title-detail", SLUG, "harbor-cup"),
)
_form_page(
    "feud-create",
    lambda w: (SLUG,),
    lambda w: {
        "side_a": [f"wrestler:{w.free}"],
        "side_b": [f"wrestler:{w.free_other}"],
        "heat": 3,
        "started_on": w.today.isoformat(),
    },
    lambda w: page("feud-list", SLUG),
)
_form_page(
    "injury-create",
    lambda w: (SLUG,),
    lambda w: {
        "wrestler": w.free,
        "occurred_on": w.today.isoformat(),
        "body_part": "shoulder",
        "keeps_off_cards": "on",
    },
    lambda w: page("injury-list", SLUG),
)
_form_page(
    "team-create",
    lambda w: (SLUG,),
    lambda w: {
        "name": "Harbor Hands",
        "slug": "harbor-hands",
        "kind": "tag_team",
        "members": [w.free, w.free_other],
        "formed_on": w.today.isoformat(),
    },
    lambda w: page("team-detail", SLUG, "harbor-hands"),
)


def _next_week(world: World) -> dt.date:
    return world.today + dt.timedelta(days=30)


_form_page(
    "show-create",
    lambda w: (SLUG,),
    lambda w: {"date": _next_week(w).isoformat(), "time": "20:00", "name": "Harbor Brawl"},
    lambda w: page("show-detail", SLUG, w.empty + 1),
)


_form_page(
    "tournament-create",
    lambda w: (SLUG,),
    lambda w: {
        "name": "Harbor Cup",
        "format": "single_elimination",
        "unit": "singles",
        "seeding": "prestige",
        "size": 4,
        "placement": "weekly",
    },
    lambda w: page("tournament-detail", SLUG, "harbor-cup"),
)


def _button(
    name: str,
    args: Callable[[World], tuple],
    data: Callable[[World], dict],
    to: Callable[[World], str],
    on_page: Callable[[World], str],
    prepare: Callable[[World], None] | None = None,
    writes: bool = True,
):
    """A button's action: its address opened leads to ``on_page``; pressed (POST with ``data``)
    it acts and leads to ``to``."""
    recipe(f"page GET {name}")(lambda w: Call(page(name, *args(w)), ok=302, to=on_page(w)))
    recipe(f"page POST {name}")(
        lambda w: Call(
            page(name, *args(w)), data(w), ok=302, to=to(w), writes=writes, prepare=prepare
        )
    )


def _nothing(world: World) -> dict:
    return {}


def _on(world: World, prefix: str = "") -> dict:
    return {f"{prefix}on": world.today.isoformat()}


_card = lambda w: (SLUG, w.wrestler, "filsinger")  # noqa: E731
_card_page = lambda w: page("card-edit", SLUG, w.wrestler, "filsinger")  # noqa: E731
_title = lambda w: (SLUG, w.title)  # noqa: E731
_title_page = lambda w: page("title-detail", SLUG, w.title)  # noqa: E731
_team = lambda w: (SLUG, w.team)  # noqa: E731
_team_page = lambda w: page("team-detail", SLUG, w.team)  # noqa: E731
_booked = lambda w: (SLUG, w.booked)  # noqa: E731
_booked_page = lambda w: page("show-detail", SLUG, w.booked)  # noqa: E731
_empty = lambda w: (SLUG, w.empty)  # noqa: E731
_empty_page = lambda w: page("show-detail", SLUG, w.empty)  # noqa: E731
_feuds = lambda w: page("feud-list", SLUG)  # noqa: E731
_injuries = lambda w: page("injury-list", SLUG)  # noqa: E731

# (card-check and card-odds answer on the card's page itself: 200, and write nothing)
for _name in ("card-check", "card-odds"):
    recipe(f"page GET {_name}")(
        lambda w, n=_name: Call(page(n, *_card(w)), ok=302, to=_card_page(w))
    )
recipe("page POST card-check")(
    lambda w: Call(page("card-check", *_card(w)), {"text": _card_text(w)})
)
recipe("page POST card-odds")(
    lambda w: Call(
        page("card-odds", *_card(w)),
        {"text": _card_text(w), "opponent": w.federation.wrestlers.get(slug=w.opponent).pk},
    )
)
_form_page(
    "card-builder",
    _card,
    lambda w: {"text": _card_text(w), "last": "yaml"},
    lambda w: page("wrestler-detail", SLUG, w.wrestler),
)
# (the builder's check and odds answer on the builder's page itself: 200, and write nothing)
for _name in ("card-builder-check", "card-builder-odds"):
    recipe(f"page GET {_name}")(
        lambda w, n=_name: Call(page(n, *_card(w)), ok=302, to=page("card-builder", *_card(w)))
    )
    recipe(f"page POST {_name}")(
        lambda w, n=_name: Call(
            page(n, *_card(w)),
            {
                "text": _card_text(w),
                "source": "yaml",
                "opponent": w.federation.wrestlers.get(slug=w.opponent).pk,
            },
        )
    )
_form_page(
    "card-import",
    lambda w: (SLUG,),
    lambda w: {"card_files": [_card_file(w)]},
    lambda w: page("roster", SLUG),
)
_button(
    "title-vacate",
    _title,
    lambda w: {**_on(w, "vacate-"), "vacate-reason": "vacated"},
    _title_page,
    _title_page,
)
_button(
    "title-award",
    _title,
    lambda w: {**_on(w, "award-"), "award-holder": f"wrestler:{w.free}"},
    _title_page,
    _title_page,
    prepare=_vacate,
)
_button(
    "title-retire",
    _title,
    lambda w: {**_on(w, "retire-"), "retire-sure": "on"},
    _title_page,
    _title_page,
)
_button("feud-end", lambda w: (SLUG, w.feud), _on, _feuds, _feuds)
_button("injury-heal", lambda w: (SLUG, w.injury), _on, _injuries, _injuries)
_button(
    "team-join",
    _team,
    lambda w: {**_on(w, "join-"), "join-wrestler": w.free},
    _team_page,
    _team_page,
)
_button(
    "team-leave",
    _team,
    lambda w: {**_on(w, "leave-"), "leave-wrestler": w.team_member},
    _team_page,
    _team_page,
)
_button(
    "team-disband",
    _team,
    lambda w: {**_on(w, "disband-"), "disband-sure": "on"},
    _team_page,
    _team_page,
)
_button(
    "match-add",
    _empty,
    lambda w: {
        "match_type": "singles",
        "side_a": [w.free_pk],
        "side_b": [w.free_other_pk],
        "rule_system": "filsinger",
    },
    _empty_page,
    _empty_page,
)
_button(
    "match-move",
    lambda w: (SLUG, w.booked, w.match),
    lambda w: {"position": 2},
    _booked_page,
    _booked_page,
)
_button("match-remove", lambda w: (SLUG, w.booked, w.match), _nothing, _booked_page, _booked_page)
_button("show-autobook", _empty, _nothing, _empty_page, _empty_page)
_button("show-schedule", _booked, _nothing, _booked_page, _booked_page)
_button("show-run", _booked, _nothing, _booked_page, _booked_page)
_button("show-retry", _booked, _nothing, _booked_page, _booked_page, prepare=_fail("booked"))
_ops = lambda w: reverse("operations")  # noqa: E731
_button(
    "operations-retry",
    lambda w: (Show.objects.get(federation=w.federation, number=w.booked).pk,),
    _nothing,
    _ops,
    _ops,
    prepare=_fail("booked"),
)
_button("show-cancel", _booked, _nothing, _booked_page, _booked_page)
_button(
    "week-run",
    lambda w: (SLUG,),
    lambda w: {"show": w.booked},
    _booked_page,
    lambda w: page("federation-detail", SLUG),
)
_tournament = lambda w: (SLUG, w.tournament)  # noqa: E731
_tournament_page = lambda w: page("tournament-detail", SLUG, w.tournament)  # noqa: E731
_button("tournament-advance", _tournament, _nothing, _tournament_page, _tournament_page)
_button("tournament-cancel", _tournament, _nothing, _tournament_page, _tournament_page)
_button(
    "member-remove",
    lambda w: (SLUG, w.viewer_membership),
    _nothing,
    lambda w: page("members", SLUG),
    lambda w: page("members", SLUG),
)
_settings = lambda w: page("federation-settings", SLUG)  # noqa: E731


def _issue_calendar_token(world: World) -> None:
    """A calendar token issued (for its revocation)."""
    from promotion.services import calendar_token_issue

    calendar_token_issue(federation=world.federation)


_button("calendar-token-issue", lambda w: (SLUG,), _nothing, _settings, _settings)
_button(
    "calendar-token-revoke",
    lambda w: (SLUG,),
    _nothing,
    _settings,
    _settings,
    prepare=_issue_calendar_token,
)
_form_page(
    "webhook-add",
    lambda w: (SLUG,),
    lambda w: {"url": "https://hooks.example.com/added", "format": "discord"},
    _settings,
)
_button("webhook-remove", lambda w: (SLUG, w.webhook), _nothing, _settings, _settings)
# (the test is sent after the commit, which the rolled-back request never reaches)
_button("webhook-test", lambda w: (SLUG, w.webhook), _nothing, _settings, _settings)
for _name in ("invitation-accept", "invitation-decline"):
    _button(
        _name,
        lambda w: (w.invitation,),
        _nothing,
        lambda w: reverse("home"),
        lambda w: reverse("home"),
    )

# An invitation link: its page read; posted, a visitor signs up and joins, a signed-in person
# joins (a booker already and the owner are refused: the table says so).
_PASS = "copper-line-ring-47"
_JOINED = {"username": "newcomer", "password1": _PASS, "password2": _PASS}
recipe("page GET join")(lambda w: Call(page("join", w.link_token)))
recipe("page POST join")(
    lambda w: Call(
        page("join", w.link_token), _JOINED, ok=302, to=page("federation-detail", SLUG), writes=True
    )
)
recipe("page GET invitation-link-create")(lambda w: Call(page("invitation-link-create", SLUG)))
# (a link made is shown on its page at once, once: not a redirect)
recipe("page POST invitation-link-create")(
    lambda w: Call(page("invitation-link-create", SLUG), {"role": "viewer", "days": 3}, writes=True)
)
_button(
    "invitation-link-revoke",
    lambda w: (SLUG, w.link),
    _nothing,
    lambda w: page("members", SLUG),
    lambda w: page("members", SLUG),
)

# -- the API -------------------------------------------------------------------------------------

API = "/api/v1"
FED = f"{API}/federations/{SLUG}"
F = "/api/v1/federations/{federation_slug}"


def api(method: str, route: str):
    """Register the recipe of the API row ``method route`` (``F`` for the federation's)."""
    return recipe(f"api {method} {route.replace('F/', F + '/')}")


def _get(route: str, path: Callable[[World], str]) -> None:
    api("GET", route)(lambda w: Call(path(w)))


for _route, _path in {
    "/api/v1/federations/": lambda w: f"{API}/federations/",
    "/api/v1/systems/": lambda w: f"{API}/systems/",
    "/api/v1/systems/{name}/": lambda w: f"{API}/systems/filsinger/",
    "/api/v1/invitations/": lambda w: f"{API}/invitations/",
    "F/": lambda w: f"{FED}/",
    "F/wrestlers/": lambda w: f"{FED}/wrestlers/",
    "F/wrestlers/{slug}/": lambda w: f"{FED}/wrestlers/{w.wrestler}/",
    "F/wrestlers/{slug}/record/": lambda w: f"{FED}/wrestlers/{w.wrestler}/record/",
    "F/wrestlers/{slug}/head-to-head/{opponent}/": (
        lambda w: f"{FED}/wrestlers/{w.wrestler}/head-to-head/{w.opponent}/"
    ),
    "F/wrestlers/{wrestler_slug}/cards/": lambda w: f"{FED}/wrestlers/{w.wrestler}/cards/",
    "F/wrestlers/{wrestler_slug}/cards/{system}/": (
        lambda w: f"{FED}/wrestlers/{w.wrestler}/cards/filsinger/"
    ),
    "F/cards/export/": lambda w: f"{FED}/cards/export/",
    "F/teams/": lambda w: f"{FED}/teams/",
    "F/teams/{slug}/": lambda w: f"{FED}/teams/{w.team}/",
    "F/titles/": lambda w: f"{FED}/titles/",
    "F/titles/{slug}/": lambda w: f"{FED}/titles/{w.title}/",
    "F/titles/{slug}/lineage/": lambda w: f"{FED}/titles/{w.title}/lineage/",
    "F/reigns/": lambda w: f"{FED}/reigns/",
    "F/feuds/": lambda w: f"{FED}/feuds/",
    "F/feuds/{id}/": lambda w: f"{FED}/feuds/{w.feud}/",
    "F/injuries/": lambda w: f"{FED}/injuries/",
    "F/injuries/{id}/": lambda w: f"{FED}/injuries/{w.injury}/",
    "F/ledger/": lambda w: f"{FED}/ledger/",
    "F/standings/{division}/": lambda w: f"{FED}/standings/singles/",
    "F/contenders/{division}/": lambda w: f"{FED}/contenders/singles/",
    "F/records/": lambda w: f"{FED}/records/",
    "F/shows/": lambda w: f"{FED}/shows/",
    "F/shows/{number}/": lambda w: f"{FED}/shows/{w.booked}/",
    "F/shows/{number}/progress/": lambda w: f"{FED}/shows/{w.booked}/progress/",
    "F/shows/{show_number}/matches/": lambda w: f"{FED}/shows/{w.booked}/matches/",
    "F/shows/{show_number}/matches/{position}/": lambda w: f"{FED}/shows/{w.booked}/matches/1/",
    "F/matches/": lambda w: f"{FED}/matches/",
    "F/tournaments/": lambda w: f"{FED}/tournaments/",
    "F/tournaments/{slug}/": lambda w: f"{FED}/tournaments/{w.tournament}/",
    "F/export/": lambda w: f"{FED}/export/",
    "F/check/": lambda w: f"{FED}/check/",
    "F/members/": lambda w: f"{FED}/members/",
    "F/webhooks/": lambda w: f"{FED}/webhooks/",
    "F/webhook-deliveries/": lambda w: f"{FED}/webhook-deliveries/",
}.items():
    _get(_route, _path)


def _complete(world: World) -> None:
    """The booked show marked completed (its recap is read; nothing else needs its results)."""
    from django.utils import timezone

    Show.objects.filter(federation=world.federation, number=world.booked).update(
        status="completed", completed_at=timezone.now()
    )


api("GET", "F/shows/{number}/recap/")(
    lambda w: Call(f"{FED}/shows/{w.booked}/recap/", prepare=_complete)
)


def _post(
    route: str,
    path: Callable[[World], str],
    data: Callable[[World], Any],
    ok: int = 200,
    writes: bool = True,
    method: str = "POST",
    prepare: Callable[[World], None] | None = None,
) -> None:
    api(method, route)(lambda w: Call(path(w), data(w), ok=ok, writes=writes, prepare=prepare))


_post(
    "/api/v1/auth/token/",
    lambda w: f"{API}/auth/token/",
    lambda w: {"username": "stranger", "password": "a long pass phrase"},
    writes=False,  # (the stranger's token is there already: it is read back)
)
_post(
    "/api/v1/systems/{name}/check-card/",
    lambda w: f"{API}/systems/filsinger/check-card/",
    lambda w: json.loads(_card_text(w)),
    writes=False,
)
_post(
    "/api/v1/federations/",
    lambda w: f"{API}/federations/",
    lambda w: {"name": "Harbor Lights", "slug": "harbor-lights", "time_zone": "Europe/Dublin"},
    ok=201,
)


def _document(world: World) -> dict:
    from promotion.transfer import federation_export

    document = federation_export(federation=Federation.objects.get(pk=world.federation.pk))
    return document


_post(
    "/api/v1/federations/import/",
    lambda w: f"{API}/federations/import/?slug=harbor-copy",
    _document,
    ok=201,
)
_post(
    "/api/v1/invitations/{id}/accept/",
    lambda w: f"{API}/invitations/{w.invitation}/accept/",
    _nothing,
)
_post(
    "/api/v1/invitations/{id}/decline/",
    lambda w: f"{API}/invitations/{w.invitation}/decline/",
    _nothing,
)
_post(
    "/api/v1/invitation-links/join/",
    lambda w: f"{API}/invitation-links/join/",
    lambda w: {"token": w.link_token},
)
_get("F/invitation-links/", lambda w: f"{FED}/invitation-links/")
_post(
    "F/invitation-links/",
    lambda w: f"{FED}/invitation-links/",
    lambda w: {"role": "viewer", "days": 3},
    ok=201,
)
_post(
    "F/invitation-links/{id}/revoke/",
    lambda w: f"{FED}/invitation-links/{w.link}/revoke/",
    _nothing,
)


def _pairing(world: World) -> dict:
    return {"sides": [[world.wrestler], [world.opponent]], "rule_system": "filsinger"}


_post("F/odds/", lambda w: f"{FED}/odds/", lambda w: {**_pairing(w), "runs": 20}, writes=False)
_post("F/exhibition/", lambda w: f"{FED}/exhibition/", _pairing, writes=False)
_post(
    "F/wrestlers/",
    lambda w: f"{FED}/wrestlers/",
    lambda w: {"ring_name": "Vera Kane"},
    ok=201,
)
_post(
    "F/wrestlers/{slug}/",
    lambda w: f"{FED}/wrestlers/{w.wrestler}/",
    lambda w: {"hometown": "Harbor Town"},
    method="PATCH",
)
_post(
    "F/wrestlers/{wrestler_slug}/cards/{system}/",
    lambda w: f"{FED}/wrestlers/{w.free}/cards/filsinger/",
    lambda w: json.loads(_card_text(w)),
    method="PUT",
)
_post(
    "F/wrestlers/{wrestler_slug}/cards/{system}/",
    lambda w: f"{FED}/wrestlers/{w.wrestler}/cards/filsinger/",
    lambda w: None,
    ok=204,
    method="DELETE",
)


def _cards_file(world: World) -> Any:
    """A card file of one card: the first man's Filsinger card, given to a free man."""
    card = json.loads(_card_text(world))
    return {"cards": [{**card, "system": "filsinger", "slug": world.free}]}


_post("F/cards/import/", lambda w: f"{FED}/cards/import/", _cards_file)
_post(
    "F/teams/",
    lambda w: f"{FED}/teams/",
    lambda w: {
        "name": "Harbor Hands",
        "members": [w.free, w.free_other],
        "formed_on": w.today.isoformat(),
    },
    ok=201,
)
_post(
    "F/teams/{slug}/join/",
    lambda w: f"{FED}/teams/{w.team}/join/",
    lambda w: {**_on(w), "wrestler": w.free},
)
_post(
    "F/teams/{slug}/leave/",
    lambda w: f"{FED}/teams/{w.team}/leave/",
    lambda w: {**_on(w), "wrestler": w.team_member},
)
_post("F/teams/{slug}/disband/", lambda w: f"{FED}/teams/{w.team}/disband/", _on)
_post(
    "F/titles/",
    lambda w: f"{FED}/titles/",
    lambda w: {
        "name": "Harbor Cup",
        "division": "singles",
        "rank": 9,
        "introduced_on": w.today.isoformat(),
    },
    ok=201,
)
_post("F/titles/{slug}/vacate/", lambda w: f"{FED}/titles/{w.title}/vacate/", _on)
_post(
    "F/titles/{slug}/award/",
    lambda w: f"{FED}/titles/{w.title}/award/",
    lambda w: {**_on(w), "wrestler": w.free},
    prepare=_vacate,
)
_post("F/titles/{slug}/retire/", lambda w: f"{FED}/titles/{w.title}/retire/", _on)
_post(
    "F/feuds/",
    lambda w: f"{FED}/feuds/",
    lambda w: {
        "sides": [
            {"members": [{"kind": "wrestler", "slug": w.free}]},
            {"members": [{"kind": "wrestler", "slug": w.free_other}]},
        ],
        "heat": 3,
        "started_on": w.today.isoformat(),
    },
    ok=201,
)
_post("F/feuds/{id}/end/", lambda w: f"{FED}/feuds/{w.feud}/end/", _on)
_post(
    "F/injuries/",
    lambda w: f"{FED}/injuries/",
    lambda w: {"wrestler": w.free, "occurred_on": w.today.isoformat(), "body_part": "shoulder"},
    ok=201,
)
_post("F/injuries/{id}/heal/", lambda w: f"{FED}/injuries/{w.injury}/heal/", _on)
_post("F/shows/", lambda w: f"{FED}/shows/", _nothing, ok=201)
_post(
    "F/shows/{number}/",
    lambda w: f"{FED}/shows/{w.booked}/",
    lambda w: {"name": "Harbor Brawl"},
    method="PATCH",
)
_post("F/shows/{number}/autobook/", lambda w: f"{FED}/shows/{w.empty}/autobook/", _nothing)
_post("F/shows/{number}/schedule/", lambda w: f"{FED}/shows/{w.booked}/schedule/", _nothing)
_post("F/shows/{number}/run/", lambda w: f"{FED}/shows/{w.booked}/run/", _nothing, ok=202)
_post(
    "F/shows/{number}/retry/",
    lambda w: f"{FED}/shows/{w.booked}/retry/",
    _nothing,
    prepare=_fail("booked"),
)
_post("F/shows/{number}/cancel/", lambda w: f"{FED}/shows/{w.booked}/cancel/", _nothing)
_post(
    "F/shows/run-week/",
    lambda w: f"{FED}/shows/run-week/",
    lambda w: {"show": w.booked},
    ok=202,
)
_post(
    "F/shows/{show_number}/matches/",
    lambda w: f"{FED}/shows/{w.empty}/matches/",
    lambda w: {"match_type": "singles", "sides": [[w.free], [w.free_other]]},
    ok=201,
)
_post(
    "F/shows/{show_number}/matches/{position}/",
    lambda w: f"{FED}/shows/{w.booked}/matches/1/",
    lambda w: None,
    ok=204,
    method="DELETE",
)
_post(
    "F/shows/{show_number}/matches/{position}/move/",
    lambda w: f"{FED}/shows/{w.booked}/matches/1/move/",
    lambda w: {"position": 2},
)
_post(
    "F/tournaments/",
    lambda w: f"{FED}/tournaments/",
    lambda w: {"name": "Harbor Cup", "size": 4},
    ok=201,
)
_post(
    "F/tournaments/{slug}/advance/",
    lambda w: f"{FED}/tournaments/{w.tournament}/advance/",
    _nothing,
)
_post(
    "F/tournaments/{slug}/cancel/",
    lambda w: f"{FED}/tournaments/{w.tournament}/cancel/",
    _nothing,
)
_post("F/", lambda w: f"{FED}/", lambda w: {"default_venue": "The Old Mill"}, method="PATCH")
_post("F/", lambda w: f"{FED}/", lambda w: None, ok=204, method="DELETE")
_post(
    "F/members/",
    lambda w: f"{FED}/members/",
    lambda w: {"username": "stranger", "role": "booker"},
    ok=201,
)
_post(
    "F/members/{username}/",
    lambda w: f"{FED}/members/viewer/",
    lambda w: {"role": "booker"},
    method="PATCH",
)
_post(
    "F/members/{username}/",
    lambda w: f"{FED}/members/viewer/",
    lambda w: None,
    ok=204,
    method="DELETE",
)

_post(
    "F/webhooks/",
    lambda w: f"{FED}/webhooks/",
    lambda w: {"url": "https://hooks.example.com/added", "format": "slack"},
    ok=201,
)
_post(
    "F/webhooks/{id}/",
    lambda w: f"{FED}/webhooks/{w.webhook}/",
    lambda w: None,
    ok=204,
    method="DELETE",
)
_post("F/webhooks/{id}/test/", lambda w: f"{FED}/webhooks/{w.webhook}/test/", _nothing, ok=202)

# -- the admin -----------------------------------------------------------------------------------


def admin_call(world: World, label: str, view: str, allowed) -> Call:
    """The admin's ``view`` ("changelist GET", "action:NAME POST", ...) of the model ``label``
    (its row in the world), and what a superuser's success is. ``allowed`` is the model's
    ``policy.Admin``: a view it refuses a superuser answers 403, and writes nothing."""
    if label == "admin":
        return Call(reverse("admin:index"))
    app, model = label.split(".")
    model = model.lower()
    pk = world.admin[label]
    what, method = view.split(" ")
    changelist = reverse(f"admin:{app}_{model}_changelist")
    if what.startswith("action:"):
        action = what.split(":", 1)[1]
        pk, prepare = _action_target(world, label, action, pk)
        data = {"action": action, "_selected_action": [pk], "index": 0, "post": "yes"}
        # (``run_tasks`` sends the task to the workers: nothing is written; the sign-in
        # throttle's clean-up deletes only attempts, which are not the world's)
        writes = action not in ("run_tasks", "cleanup_expired_attempts")
        return Call(changelist, data, ok=302, to=changelist, writes=writes, prepare=prepare)
    if what == "changelist":
        return Call(changelist)
    if what == "add":
        path = reverse(f"admin:{app}_{model}_add")
        permitted = allowed.add
    elif what == "password_change":  # (a user's password, set by a superuser)
        path = reverse(f"admin:{app}_{model}_password_change", args=[pk])
        permitted = True
    elif what == "history":
        return Call(reverse(f"admin:{app}_{model}_history", args=[pk]))
    elif what == "change":
        path = reverse(f"admin:{app}_{model}_change", args=[pk])
        permitted = allowed.change or method == "GET"  # (read-only: shown, never saved)
    else:
        path = reverse(f"admin:{app}_{model}_delete", args=[pk])
        permitted = allowed.delete
        if method == "POST" and permitted:
            # Deleted, the admin goes back to the list where one may change rows, else home.
            back = changelist if allowed.change else reverse("admin:index")
            return Call(path, {"post": "yes"}, ok=302, to=back, writes=True)
    if not permitted:
        return Call(path, {} if method == "POST" else None, ok=403)
    if method == "GET":
        return Call(path)
    # An add or change sent empty: saved where nothing is required (302, to the list or the
    # admin's home), else the form shown again with what is missing (200); either is as far as
    # access goes, and what a valid one writes is for the model admin's own tests.
    return Call(path, {}, ok=(200, 302))


def _action_target(world: World, label: str, action: str, pk: int):
    """The row an admin action is tried on, and what to do first: a show's actions each need
    a show in the state they act on (an empty card to auto-book, a booked one to schedule or
    run, a failed one to retry)."""
    if label != "matches.Show":
        return pk, None
    booked = Show.objects.get(federation=world.federation, number=world.booked).pk
    if action == "autobook":
        return pk, None
    if action == "retry":
        return booked, _fail("booked")
    return booked, None


# -- generated wrestlers and a federation in a minute (matches/founding.py) ----------------------


def _no_arm_card(world: World) -> None:
    """The free man without an ARM card, so that one can be generated for him."""
    from rules.models import WrestlerCard

    WrestlerCard.objects.filter(
        wrestler__federation=world.federation, wrestler__slug=world.free, system="arm"
    ).delete()


_FOUNDING = {
    "name": "Harbor Minute",
    "rule_system": "filsinger",
    "roster_size": 4,
    "titles": ["world"],
    "champions": "hand",
    "seed": 1,
}
recipe("page GET federation-found")(lambda w: Call(page("federation-found")))
recipe("page POST federation-found")(
    lambda w: Call(
        page("federation-found"),
        {**_FOUNDING, "time_zone": "UTC", "show_weekday": 4, "show_time": "20:00"},
        ok=302,
        to=reverse("show-detail", kwargs={"federation": "harbor-minute", "number": 1}),
        writes=True,
    )
)
_post(
    "/api/v1/federations/found/", lambda w: f"{API}/federations/found/", lambda w: _FOUNDING, ok=201
)
_button(
    "card-generate",
    lambda w: (SLUG, w.free),
    lambda w: {"system": "arm", "seed": 1},
    lambda w: page("wrestler-detail", SLUG, w.free),
    lambda w: page("wrestler-detail", SLUG, w.free),
    prepare=_no_arm_card,
)
_post(
    "F/wrestlers/{wrestler_slug}/generate-card/",
    lambda w: f"{FED}/wrestlers/{w.free}/generate-card/",
    lambda w: {"system": "arm", "seed": 1},
    ok=201,
    prepare=_no_arm_card,
)


# -- pictures (promotion/pictures.py): a small PNG uploaded; one set beforehand to remove ----------


def _picture(world: World | None = None) -> dict:
    import io

    from django.core.files.uploadedfile import SimpleUploadedFile
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (24, 16), (150, 20, 30)).save(out, "PNG")
    return {"picture": SimpleUploadedFile("picture.png", out.getvalue(), "image/png")}


_PICTURED: dict[str, Callable[[World], Any]] = {
    "photo": lambda w: w.federation.wrestlers.get(slug=w.wrestler),
    "belt": lambda w: Title.objects.get(federation=w.federation, slug=w.title),
    "poster": lambda w: Show.objects.get(federation=w.federation, number=w.booked),
}


def _pictured(field: str) -> Callable[[World], None]:
    def prepare(world: World) -> None:
        from promotion.pictures import picture_set

        picture_set(_PICTURED[field](world), field, _picture()["picture"])

    return prepare


_button(
    "wrestler-photo",
    lambda w: (SLUG, w.wrestler),
    _picture,
    lambda w: page("wrestler-detail", SLUG, w.wrestler),
    lambda w: page("wrestler-detail", SLUG, w.wrestler),
)
_button("title-belt", _title, _picture, _title_page, _title_page)
_button("show-poster", _booked, _picture, _booked_page, _booked_page)
for _route, _path, _field in (
    ("F/wrestlers/{slug}/photo/", lambda w: f"{FED}/wrestlers/{w.wrestler}/photo/", "photo"),
    ("F/titles/{slug}/belt/", lambda w: f"{FED}/titles/{w.title}/belt/", "belt"),
    ("F/shows/{number}/poster/", lambda w: f"{FED}/shows/{w.booked}/poster/", "poster"),
):
    _get(_route, _path)
    api("POST", _route)(
        lambda w, path=_path: Call(path(w), _picture(w), writes=True, format="multipart")
    )
    api("DELETE", _route)(
        lambda w, path=_path, field=_field: Call(
            path(w), None, ok=204, writes=True, prepare=_pictured(field)
        )
    )
