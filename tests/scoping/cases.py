"""Every look-up of an object the address or the body names, with the neighbour's object named
in its place: the cases the tests of this package make, and what each one points at.

A URL case names, through ``home``'s address, an object of ``away`` by one URL argument
(``names``) and expects 404. A body case names an object of ``away`` in one field of a body sent
to ``home`` and expects a refusal naming that field. ``covers`` says which URL argument or body
field a case stands for: ``test_every_lookup_has_a_neighbour_case`` holds the cases against the
URL patterns, the API's schema and the pages' forms."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from matches.forms import MatchForm
from matches.tournament_forms import TournamentForm
from promotion.forms import (
    FeudForm,
    InjuryForm,
    OddsForm,
    TeamForm,
    TeamJoinForm,
    TeamLeaveForm,
    TitleAwardForm,
)
from tests.scoping.world import (
    AWAY_CUP,
    AWAY_POSITION,
    AWAY_SHOW,
    HOME,
    HOME_SHOW,
    ON,
    SYSTEM,
    World,
)

Build = Callable[[World], dict]
DAY = ON.isoformat()


@dataclass(frozen=True)
class UrlCase:
    door: str  # "page" or "api"
    name: str  # the URL's name (the API's without its namespace)
    method: str
    names: str  # the URL argument that names the neighbour's object
    kwargs: Build
    body: Build = field(default=lambda w: {})

    @property
    def id(self) -> str:
        return f"{self.door}:{self.method}:{self.name}:{self.names}"


@dataclass(frozen=True)
class BodyCase:
    door: str
    name: str
    method: str
    covers: tuple[str, ...]  # the API: (METHOD, schema path, field path); pages: (form, field)
    kwargs: Build
    body: Build
    #: API: the path the refusal names (its start); pages: the form field it names.
    refused: str
    label: str = ""  # (ids apart, when several cases cover one field)
    #: Pages: the message that names it, where the field has no label of its own.
    told: str = ""

    @property
    def id(self) -> str:
        return f"{self.door}:{self.name}:{'.'.join(self.covers[-2:])}{self.label}"


def _given(body: dict) -> Build:
    return lambda w: body


def _home(**more) -> Build:
    return lambda w: {"federation_slug": HOME, **more}


def _page_home(key: str = "federation", **more) -> Build:
    return lambda w: {key: HOME, **more}


def _away_show(api: bool) -> Build:
    key = "federation_slug" if api else "federation"
    return lambda w: {key: HOME, "number": AWAY_SHOW}


# -- addresses: pages --------------------------------------------------------------------------


def _link(w: World) -> int:
    """Away's invitation link (home has none)."""
    return w.away.federation.invitation_links.get().pk


def _webhook(w: World) -> int:
    """Away's webhook (home has none)."""
    return w.away.federation.webhooks.get().pk


W_AWAY = "a-eve"  # away's champion and team member
W_AWAY_FREE = "a-gus"  # away's, in no team


def _card_text(w: World) -> str:
    import yaml

    return yaml.safe_dump(w.home.wrestlers["h-ada"].cards.get(system=SYSTEM).data)


PAGE_URLS: list[UrlCase] = [
    UrlCase(
        "page",
        "member-remove",
        "POST",
        "pk",
        lambda w: {"slug": HOME, "pk": w.away.membership.pk},
    ),
    UrlCase("page", "wrestler-detail", "GET", "slug", _page_home(slug=W_AWAY)),
    UrlCase(
        "page",
        "card-generate",
        "POST",
        "slug",
        _page_home(slug=W_AWAY),
        lambda w: {"system": "arm", "seed": 1},
    ),
    UrlCase("page", "wrestler-print", "GET", "slug", _page_home(slug=W_AWAY)),
    UrlCase("page", "wrestler-print-pdf", "GET", "slug", _page_home(slug=W_AWAY)),
    UrlCase(
        "page",
        "wrestler-edit",
        "POST",
        "slug",
        _page_home(slug=W_AWAY),
        lambda w: {"ring_name": "Renamed", "alignment": "face", "pronouns": "he"},
    ),
    UrlCase(
        "page",
        "card-edit",
        "POST",
        "slug",
        _page_home(slug=W_AWAY, system=SYSTEM),
        lambda w: {"text": _card_text(w)},
    ),
    UrlCase(
        "page",
        "card-check",
        "POST",
        "slug",
        _page_home(slug=W_AWAY, system=SYSTEM),
        lambda w: {"text": _card_text(w)},
    ),
    UrlCase(
        "page",
        "card-odds",
        "POST",
        "slug",
        _page_home(slug=W_AWAY, system=SYSTEM),
        lambda w: {"text": _card_text(w), "opponent": w.away.wrestlers["a-fay"].pk},
    ),
    *(
        UrlCase(
            "page",
            name,
            "POST",
            "slug",
            _page_home(slug=W_AWAY, system=SYSTEM),
            lambda w: {"text": _card_text(w), "last": "yaml", "source": "yaml"},
        )
        for name in ("card-builder", "card-builder-check", "card-builder-odds")
    ),
    UrlCase("page", "title-detail", "GET", "slug", _page_home(slug="away-title")),
    UrlCase(
        "page",
        "title-vacate",
        "POST",
        "slug",
        _page_home(slug="away-title"),
        lambda w: {"vacate-on": DAY, "vacate-reason": "vacated"},
    ),
    UrlCase(
        "page",
        "title-award",
        "POST",
        "slug",
        _page_home(slug="away-tag-title"),
        lambda w: {"award-holder": "team:away-team", "award-on": DAY},
    ),
    UrlCase(
        "page",
        "title-retire",
        "POST",
        "slug",
        _page_home(slug="away-title"),
        lambda w: {"retire-on": DAY, "retire-sure": "on"},
    ),
    UrlCase(
        "page",
        "feud-end",
        "POST",
        "pk",
        lambda w: {"slug": HOME, "pk": w.away.feud.pk},
        lambda w: {"on": DAY},
    ),
    UrlCase(
        "page",
        "injury-heal",
        "POST",
        "pk",
        lambda w: {"slug": HOME, "pk": w.away.injury.pk},
        lambda w: {"on": DAY},
    ),
    UrlCase("page", "team-detail", "GET", "slug", _page_home(slug="away-team")),
    UrlCase(
        "page",
        "team-join",
        "POST",
        "slug",
        _page_home(slug="away-team"),
        lambda w: {"join-wrestler": W_AWAY_FREE, "join-on": DAY},
    ),
    UrlCase(
        "page",
        "team-leave",
        "POST",
        "slug",
        _page_home(slug="away-team"),
        lambda w: {"leave-wrestler": "a-fay", "leave-on": DAY},
    ),
    UrlCase(
        "page",
        "team-disband",
        "POST",
        "slug",
        _page_home(slug="away-team"),
        lambda w: {"disband-on": DAY, "disband-sure": "on"},
    ),
    UrlCase("page", "show-detail", "GET", "number", _away_show(api=False)),
    UrlCase("page", "show-progress", "GET", "number", _away_show(api=False)),
    UrlCase(
        "page",
        "match-add",
        "POST",
        "number",
        _away_show(api=False),
        lambda w: {
            "match_type": "singles",
            "rule_system": SYSTEM,
            "side_a": [w.away.wrestlers["a-eve"].pk],
            "side_b": [w.away.wrestlers["a-kim"].pk],
        },
    ),
    *[
        UrlCase("page", name, "POST", "number", _away_show(api=False))
        for name in ("show-autobook", "show-schedule", "show-run", "show-retry", "show-cancel")
    ],
    *[
        case
        for name, body in (("match-move", {"position": "1"}), ("match-remove", {}))
        for case in (
            UrlCase(
                "page",
                name,
                "POST",
                "number",
                lambda w: {"federation": HOME, "number": AWAY_SHOW, "pk": w.away.matches[-1].pk},
                _given(body),
            ),
            UrlCase(
                "page",
                name,
                "POST",
                "pk",
                lambda w: {"federation": HOME, "number": HOME_SHOW, "pk": w.away.matches[-1].pk},
                _given(body),
            ),
        )
    ],
    UrlCase("page", "tournament-detail", "GET", "slug", _page_home(slug=AWAY_CUP)),
    *[
        UrlCase("page", name, "POST", "slug", _page_home(slug=AWAY_CUP))
        for name in ("tournament-advance", "tournament-cancel")
    ],
    # Not a federation's: an invitation is its invitee's, and ``boss`` is not ``erin``.
    UrlCase("page", "invitation-accept", "POST", "pk", lambda w: {"pk": w.invitation.pk}),
    UrlCase("page", "invitation-decline", "POST", "pk", lambda w: {"pk": w.invitation.pk}),
    UrlCase(
        "page", "invitation-link-revoke", "POST", "pk", lambda w: {"slug": HOME, "pk": _link(w)}
    ),
    *[
        UrlCase("page", name, "POST", "pk", lambda w: {"slug": HOME, "pk": _webhook(w)})
        for name in ("webhook-remove", "webhook-test")
    ],
]


# -- addresses: the API ------------------------------------------------------------------------

API_URLS: list[UrlCase] = [
    UrlCase(
        "api",
        "member-detail",
        "PATCH",
        "username",
        _home(username="carol"),
        lambda w: {"role": "booker"},
    ),
    UrlCase("api", "member-detail", "DELETE", "username", _home(username="carol")),
    UrlCase("api", "wrestler-detail", "GET", "slug", _home(slug=W_AWAY)),
    UrlCase(
        "api",
        "wrestler-detail",
        "PATCH",
        "slug",
        _home(slug=W_AWAY),
        lambda w: {"ring_name": "Renamed"},
    ),
    UrlCase("api", "wrestler-head-to-head", "GET", "slug", _home(slug=W_AWAY, opponent="h-ada")),
    UrlCase(
        "api", "wrestler-head-to-head", "GET", "opponent", _home(slug="h-ada", opponent=W_AWAY)
    ),
    UrlCase("api", "wrestler-record", "GET", "slug", _home(slug=W_AWAY)),
    UrlCase("api", "card-list", "GET", "wrestler_slug", _home(wrestler_slug=W_AWAY)),
    UrlCase(
        "api",
        "generated-card-list",
        "POST",
        "wrestler_slug",
        _home(wrestler_slug=W_AWAY),
        lambda w: {"system": "arm", "seed": 1},
    ),
    UrlCase(
        "api", "card-detail", "GET", "wrestler_slug", _home(wrestler_slug=W_AWAY, system=SYSTEM)
    ),
    UrlCase(
        "api",
        "card-detail",
        "PUT",
        "wrestler_slug",
        _home(wrestler_slug=W_AWAY, system=SYSTEM),
        lambda w: {"data": w.home.wrestlers["h-ada"].cards.get(system=SYSTEM).data},
    ),
    UrlCase(
        "api", "card-detail", "DELETE", "wrestler_slug", _home(wrestler_slug=W_AWAY, system=SYSTEM)
    ),
    UrlCase("api", "team-detail", "GET", "slug", _home(slug="away-team")),
    UrlCase("api", "team-disband", "POST", "slug", _home(slug="away-team"), lambda w: {"on": DAY}),
    UrlCase(
        "api",
        "team-join",
        "POST",
        "slug",
        _home(slug="away-team"),
        lambda w: {"wrestler": W_AWAY_FREE, "on": DAY},
    ),
    UrlCase(
        "api",
        "team-leave",
        "POST",
        "slug",
        _home(slug="away-team"),
        lambda w: {"wrestler": "a-fay", "on": DAY},
    ),
    UrlCase("api", "title-detail", "GET", "slug", _home(slug="away-title")),
    UrlCase("api", "title-lineage", "GET", "slug", _home(slug="away-title")),
    UrlCase(
        "api",
        "title-award",
        "POST",
        "slug",
        _home(slug="away-tag-title"),
        lambda w: {"team": "away-team", "on": DAY},
    ),
    UrlCase("api", "title-retire", "POST", "slug", _home(slug="away-title"), lambda w: {"on": DAY}),
    UrlCase(
        "api",
        "title-vacate",
        "POST",
        "slug",
        _home(slug="away-title"),
        lambda w: {"on": DAY, "reason": "vacated"},
    ),
    UrlCase(
        "api", "feud-detail", "GET", "pk", lambda w: {"federation_slug": HOME, "pk": w.away.feud.pk}
    ),
    UrlCase(
        "api",
        "feud-end",
        "POST",
        "pk",
        lambda w: {"federation_slug": HOME, "pk": w.away.feud.pk},
        lambda w: {"on": DAY},
    ),
    UrlCase(
        "api",
        "injury-detail",
        "GET",
        "pk",
        lambda w: {"federation_slug": HOME, "pk": w.away.injury.pk},
    ),
    UrlCase(
        "api",
        "injury-heal",
        "POST",
        "pk",
        lambda w: {"federation_slug": HOME, "pk": w.away.injury.pk},
        lambda w: {"on": DAY},
    ),
    UrlCase("api", "show-detail", "GET", "number", _away_show(api=True)),
    UrlCase(
        "api", "show-detail", "PATCH", "number", _away_show(api=True), lambda w: {"name": "Renamed"}
    ),
    UrlCase("api", "show-progress", "GET", "number", _away_show(api=True)),
    UrlCase("api", "show-recap", "GET", "number", _away_show(api=True)),
    *[
        UrlCase("api", name, "POST", "number", _away_show(api=True))
        for name in ("show-autobook", "show-schedule", "show-run", "show-retry", "show-cancel")
    ],
    UrlCase("api", "show-match-list", "GET", "show_number", _home(show_number=AWAY_SHOW)),
    UrlCase(
        "api",
        "show-match-list",
        "POST",
        "show_number",
        _home(show_number=AWAY_SHOW),
        lambda w: {"sides": [["h-cy"], ["h-di"]]},
    ),
    *[
        case
        for name, method, body in (
            ("show-match-detail", "GET", {}),
            ("show-match-detail", "DELETE", {}),
            ("show-match-move", "POST", {"position": 1}),
        )
        for case in (
            UrlCase(
                "api",
                name,
                method,
                "show_number",
                _home(show_number=AWAY_SHOW, position=1),
                _given(body),
            ),
            UrlCase(
                "api",
                name,
                method,
                "position",
                _home(show_number=HOME_SHOW, position=AWAY_POSITION),
                _given(body),
            ),
        )
    ],
    UrlCase("api", "tournament-detail", "GET", "slug", _home(slug=AWAY_CUP)),
    *[
        UrlCase("api", name, "POST", "slug", _home(slug=AWAY_CUP))
        for name in ("tournament-advance", "tournament-cancel")
    ],
    UrlCase("api", "invitation-accept", "POST", "pk", lambda w: {"pk": w.invitation.pk}),
    UrlCase("api", "invitation-decline", "POST", "pk", lambda w: {"pk": w.invitation.pk}),
    UrlCase(
        "api",
        "invitation-link-revoke",
        "POST",
        "pk",
        lambda w: {"federation_slug": HOME, "pk": _link(w)},
    ),
    UrlCase("api", "webhook-detail", "DELETE", "pk", lambda w: _home(pk=_webhook(w))(w)),
    UrlCase("api", "webhook-test", "POST", "pk", lambda w: _home(pk=_webhook(w))(w)),
]


# -- bodies: the API ---------------------------------------------------------------------------

FEUDS = ("POST", "/api/v1/federations/{federation_slug}/feuds/")
BOOK = ("POST", "/api/v1/federations/{federation_slug}/shows/{show_number}/matches/")
TOURNAMENTS = ("POST", "/api/v1/federations/{federation_slug}/tournaments/")


def _api(path: str) -> tuple[str, str]:
    return ("POST", f"/api/v1/federations/{{federation_slug}}/{path}")


API_BODIES: list[BodyCase] = [
    BodyCase(
        "api",
        "tournament-list",
        "POST",
        (*TOURNAMENTS, "title"),
        _home(),
        lambda w: {"name": "Home Cup", "size": 2, "title": "away-title"},
        "title",
    ),
    BodyCase(
        "api",
        "tournament-list",
        "POST",
        (*TOURNAMENTS, "entrants"),
        _home(),
        lambda w: {"name": "Home Cup", "seeding": "hand", "entrants": ["h-ada", W_AWAY_FREE]},
        "entrants",
        ":wrestler",
    ),
    BodyCase(
        "api",
        "tournament-list",
        "POST",
        (*TOURNAMENTS, "entrants"),
        _home(),
        lambda w: {
            "name": "Home Cup",
            "unit": "tag",
            "seeding": "hand",
            "entrants": ["home-team", "away-team"],
        },
        "entrants",
        ":team",
    ),
    BodyCase(
        "api",
        "feud-list",
        "POST",
        (*FEUDS, "sides[].members[].slug"),
        _home(),
        lambda w: {
            "started_on": DAY,
            "sides": [
                {"members": [{"kind": "wrestler", "slug": "h-cy"}]},
                {"members": [{"kind": "wrestler", "slug": W_AWAY_FREE}]},
            ],
        },
        "sides",
        ":wrestler",
    ),
    BodyCase(
        "api",
        "feud-list",
        "POST",
        (*FEUDS, "sides[].members[].slug"),
        _home(),
        lambda w: {
            "started_on": DAY,
            "sides": [
                {"members": [{"kind": "team", "slug": "home-team"}]},
                {"members": [{"kind": "team", "slug": "away-team"}]},
            ],
        },
        "sides",
        ":team",
    ),
    BodyCase(
        "api",
        "injury-list",
        "POST",
        (*_api("injuries/"), "wrestler"),
        _home(),
        lambda w: {"wrestler": W_AWAY_FREE, "occurred_on": DAY},
        "wrestler",
    ),
    BodyCase(
        "api",
        "team-list",
        "POST",
        (*_api("teams/"), "members"),
        _home(),
        lambda w: {"name": "Mixed", "members": ["h-cy", W_AWAY_FREE], "formed_on": DAY},
        "members",
    ),
    BodyCase(
        "api",
        "team-join",
        "POST",
        (*_api("teams/{slug}/join/"), "wrestler"),
        _home(slug="home-team"),
        lambda w: {"wrestler": W_AWAY_FREE, "on": DAY},
        "wrestler",
    ),
    BodyCase(
        "api",
        "team-leave",
        "POST",
        (*_api("teams/{slug}/leave/"), "wrestler"),
        _home(slug="home-team"),
        lambda w: {"wrestler": "a-fay", "on": DAY},
        "wrestler",
    ),
    BodyCase(
        "api",
        "title-award",
        "POST",
        (*_api("titles/{slug}/award/"), "wrestler"),
        _home(slug="home-title"),
        lambda w: {"wrestler": W_AWAY_FREE, "on": DAY},
        "wrestler",
    ),
    BodyCase(
        "api",
        "title-award",
        "POST",
        (*_api("titles/{slug}/award/"), "team"),
        _home(slug="home-tag-title"),
        lambda w: {"team": "away-team", "on": DAY},
        "team",
    ),
    *[
        BodyCase(
            "api",
            name,
            "POST",
            (*_api(f"{name.split('-')[0]}/"), "sides"),
            _home(),
            lambda w: {
                "sides": [["h-ada"], [W_AWAY_FREE]],
                "rule_system": SYSTEM,
                "seed": 1,
                "runs": 10,
            },
            "sides",
        )
        for name in ("odds-list", "exhibition-list")
    ],
    BodyCase(
        "api",
        "show-match-list",
        "POST",
        (*BOOK, "sides"),
        _home(show_number=HOME_SHOW),
        lambda w: {"sides": [["h-cy"], [W_AWAY_FREE]]},
        "sides",
    ),
    BodyCase(
        "api",
        "show-match-list",
        "POST",
        (*BOOK, "title"),
        _home(show_number=HOME_SHOW),
        lambda w: {"sides": [["h-cy"], ["h-di"]], "title": "away-title"},
        "title",
    ),
    BodyCase(
        "api",
        "show-match-list",
        "POST",
        (*BOOK, "feud"),
        _home(show_number=HOME_SHOW),
        lambda w: {"sides": [["h-cy"], ["h-di"]], "feud": w.away.feud.pk},
        "feud",
    ),
    BodyCase(
        "api",
        "show-match-list",
        "POST",
        (*BOOK, "allies"),
        _home(show_number=HOME_SHOW),
        lambda w: {"sides": [["h-cy"], ["h-di"]], "allies": {"0": W_AWAY_FREE}},
        "allies",
    ),
]


# -- bodies: the pages -------------------------------------------------------------------------


def _match_body(w: World, **away) -> dict:
    body = {
        "match_type": "singles",
        "rule_system": SYSTEM,
        "side_a": [w.home.wrestlers["h-cy"].pk],
        "side_b": [w.home.wrestlers["h-di"].pk],
    }
    return {**body, **away}


def _booking(away: Build) -> Build:
    """A booking of ``home``'s show 1, with what ``away`` gives in place of its own."""
    return lambda w: _match_body(w, **away(w))


SHOW = _given({"federation": HOME, "number": HOME_SHOW})

PAGE_BODIES: list[BodyCase] = [
    BodyCase(
        "page",
        "card-odds",
        "POST",
        ("OddsForm", "opponent"),
        _page_home(slug="h-ada", system=SYSTEM),
        lambda w: {"text": _card_text(w), "opponent": w.away.wrestlers["a-fay"].pk},
        "opponent",
    ),
    BodyCase(
        "page",
        "title-award",
        "POST",
        ("TitleAwardForm", "holder"),
        _page_home(slug="home-title"),
        lambda w: {"award-holder": f"wrestler:{W_AWAY_FREE}", "award-on": DAY},
        "holder",
    ),
    BodyCase(
        "page",
        "feud-create",
        "POST",
        ("FeudForm", "side_a"),
        _page_home("slug"),
        lambda w: {
            "side_a": [f"wrestler:{W_AWAY_FREE}"],
            "side_b": ["wrestler:h-cy"],
            "heat": "3",
            "started_on": DAY,
        },
        "side_a",
    ),
    BodyCase(
        "page",
        "feud-create",
        "POST",
        ("FeudForm", "side_b"),
        _page_home("slug"),
        lambda w: {
            "side_a": ["wrestler:h-cy"],
            "side_b": ["team:away-team"],
            "heat": "3",
            "started_on": DAY,
        },
        "side_b",
    ),
    BodyCase(
        "page",
        "team-create",
        "POST",
        ("TeamForm", "members"),
        _page_home("slug"),
        lambda w: {
            "name": "Mixed",
            "kind": "tag_team",
            "members": ["h-cy", W_AWAY_FREE],
            "formed_on": DAY,
        },
        "members",
    ),
    BodyCase(
        "page",
        "team-join",
        "POST",
        ("TeamJoinForm", "wrestler"),
        _page_home(slug="home-team"),
        lambda w: {"join-wrestler": W_AWAY_FREE, "join-on": DAY},
        "wrestler",
    ),
    BodyCase(
        "page",
        "team-leave",
        "POST",
        ("TeamLeaveForm", "wrestler"),
        _page_home(slug="home-team"),
        lambda w: {"leave-wrestler": "a-fay", "leave-on": DAY},
        "wrestler",
        told="Home Wrestling has no wrestler 'a-fay'.",
    ),
    BodyCase(
        "page",
        "tournament-create",
        "POST",
        ("TournamentForm", "title"),
        _page_home("slug"),
        lambda w: {
            "name": "Home Cup",
            "format": "single_elimination",
            "unit": "singles",
            "seeding": "prestige",
            "size": "2",
            "placement": "weekly",
            "title": w.away.title.pk,
        },
        "title",
    ),
    BodyCase(
        "page",
        "injury-create",
        "POST",
        ("InjuryForm", "wrestler"),
        _page_home("slug"),
        lambda w: {"wrestler": W_AWAY_FREE, "occurred_on": DAY, "keeps_off_cards": "on"},
        "wrestler",
    ),
    *[
        BodyCase(
            "page",
            "match-add",
            "POST",
            ("MatchForm", name),
            SHOW,
            _booking(value),
            name,
        )
        for name, value in (
            ("side_a", lambda w: {"side_a": [w.away.wrestlers[W_AWAY_FREE].pk]}),
            ("side_b", lambda w: {"side_b": [w.away.wrestlers[W_AWAY_FREE].pk]}),
            (
                "others",
                lambda w: {
                    "match_type": "battle_royal",
                    "side_a": [],
                    "side_b": [],
                    "others": [
                        w.home.wrestlers["h-cy"].pk,
                        w.home.wrestlers["h-di"].pk,
                        w.away.wrestlers[W_AWAY_FREE].pk,
                    ],
                },
            ),
            (
                "team_a",
                lambda w: {
                    "match_type": "tag",
                    "side_a": [],
                    "team_a": w.away.team.pk,
                    "team_b": w.home.team.pk,
                    "side_b": [],
                },
            ),
            (
                "team_b",
                lambda w: {
                    "match_type": "tag",
                    "side_a": [],
                    "team_a": w.home.team.pk,
                    "team_b": w.away.team.pk,
                    "side_b": [],
                },
            ),
            ("title", lambda w: {"title": w.away.title.pk}),
            ("feud", lambda w: {"feud": w.away.feud.pk}),
        )
    ],
]

#: The forms whose fields ``PAGE_BODIES`` names (a form class by its name in ``covers``).
FORMS = {
    form.__name__: form
    for form in (
        OddsForm,
        TitleAwardForm,
        FeudForm,
        TeamForm,
        TeamJoinForm,
        TeamLeaveForm,
        InjuryForm,
        MatchForm,
        TournamentForm,
    )
}


# -- query parameters: the API's lists -----------------------------------------------------------


@dataclass(frozen=True)
class QueryCase:
    """A list of ``home`` filtered by ``away``'s object: a slug ``home`` has none of is a 400
    naming the parameter (``web.api_fields.KnownSlugFilter``); a number (a feud's id, a show's
    number) filters to nothing (``refused`` empty)."""

    name: str
    covers: tuple[str, str, str]  # ("GET", schema path, "?parameter")
    value: Callable[[World], object]
    refused: bool = True

    @property
    def id(self) -> str:
        return f"{self.name}{self.covers[-1]}"

    @property
    def parameter(self) -> str:
        return self.covers[-1].removeprefix("?")


def _list(path: str, parameter: str) -> tuple[str, str, str]:
    return ("GET", f"/api/v1/federations/{{federation_slug}}/{path}", f"?{parameter}")


def _slug(value: str) -> Callable[[World], object]:
    return lambda w: value


QUERIES: list[QueryCase] = [
    QueryCase("feud-list", _list("feuds/", "wrestler"), _slug(W_AWAY_FREE)),
    QueryCase("feud-list", _list("feuds/", "team"), _slug("away-team")),
    QueryCase("injury-list", _list("injuries/", "wrestler"), _slug("a-kim")),
    QueryCase("ledger-list", _list("ledger/", "wrestler"), _slug(W_AWAY)),
    QueryCase("ledger-list", _list("ledger/", "show"), lambda w: AWAY_SHOW, refused=False),
    QueryCase("match-list", _list("matches/", "wrestler"), _slug(W_AWAY)),
    QueryCase("match-list", _list("matches/", "title"), _slug("away-title")),
    QueryCase("match-list", _list("matches/", "feud"), lambda w: w.away.feud.pk, refused=False),
    QueryCase("match-list", _list("matches/", "show"), lambda w: AWAY_SHOW, refused=False),
    QueryCase("reign-list", _list("reigns/", "wrestler"), _slug(W_AWAY)),
    QueryCase("reign-list", _list("reigns/", "team"), _slug("away-team")),
    QueryCase("reign-list", _list("reigns/", "title"), _slug("away-title")),
    QueryCase("team-list", _list("teams/", "member"), _slug(W_AWAY)),
    QueryCase("wrestler-list", _list("wrestlers/", "team"), _slug("away-team")),
]


# -- pictures: the neighbour's wrestler, title or show named in a picture's address -------------
# (tests/scoping/test_picture_neighbours.py sends them a real upload too, and checks no file.)


def _png(w: World | None = None) -> dict:
    import io

    from django.core.files.uploadedfile import SimpleUploadedFile
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (24, 16), (150, 20, 30)).save(out, "PNG")
    return {"picture": SimpleUploadedFile("picture.png", out.getvalue(), "image/png")}


PAGE_URLS += [
    UrlCase("page", "wrestler-photo", "POST", "slug", _page_home(slug=W_AWAY), _png),
    UrlCase("page", "title-belt", "POST", "slug", _page_home(slug="away-title"), _png),
    UrlCase("page", "show-poster", "POST", "number", _away_show(api=False), _png),
]
API_URLS += [
    UrlCase("api", name, method, key, kwargs)
    for name, key, kwargs in (
        ("wrestler-photo", "slug", _home(slug=W_AWAY)),
        ("title-belt", "slug", _home(slug="away-title")),
        ("show-poster", "number", _away_show(api=True)),
    )
    for method in ("GET", "POST", "DELETE")
]
