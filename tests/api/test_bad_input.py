"""Bad input over the API: every refusal a 400 naming the field (or parameter) and what is wrong,
never a 500, and nothing half written; OPTIONS answered on every endpoint; the odds' note on
exact figures saying truly why there are none."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command
from django.urls import URLPattern, reverse

from promotion.models import Feud, Wrestler
from rules.models import WrestlerCard
from tests import factories
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"
HUGE = "99999999999999999999999"


@pytest.fixture
def owner(people):
    client = client_for(people, "owner")
    client.raise_request_exception = False  # a server error is a 500 here, not an exception
    return client


def refused(response, path: str) -> list[str]:
    """The messages of a 400 for ``path``; fails unless the response is a 400 naming it."""
    assert response.status_code == 400, (response.status_code, response.content[:300])
    body = response.json()
    messages = [e["message"] for e in body["errors"] if e["path"] == path]
    assert messages, body
    return messages


# -- 1. a year (a date) out of range -------------------------------------------------------------


@pytest.mark.parametrize("year", ["0", "-5", "10000", HUGE, "1.5", "nineteen"])
def test_a_year_out_of_range_is_a_400_naming_the_parameter(sample, owner, year):
    (message,) = refused(owner.get(f"{BASE}/shows/?year={year}"), "year")
    assert message


def test_a_year_in_range_still_filters(history, owner):
    assert owner.get(f"{BASE}/shows/?year=2026").json()["count"] == 2
    assert owner.get(f"{BASE}/shows/?year=1990").json()["count"] == 0
    for edge in ("2", "9998"):  # the first and last years every time zone can read in UTC
        assert owner.get(f"{BASE}/shows/?year={edge}").json()["count"] == 0


@pytest.mark.parametrize(
    "query",
    [
        "after=0001-01-01T00:00:00%2B14:00",
        "before=9999-12-31T23:59:59-14:00",
        "after=9999-12-31T23:00:00",  # no offset: the federation's (Chicago), past the last year
    ],
)
def test_a_moment_that_cannot_be_read_in_utc_is_a_400_naming_the_parameter(sample, owner, query):
    refused(owner.get(f"{BASE}/shows/?{query}"), query.split("=")[0])


def test_the_show_archive_page_answers_an_impossible_year(sample, people):
    client = client_for(people, "anonymous")
    client.raise_request_exception = False
    assert client.get("/f/copperline/shows/?year=0").status_code == 200


@pytest.mark.parametrize("when", ["9999-12-31T23:00:00", "0001-01-01T00:00:00+14:00"])
def test_a_show_dated_past_the_calendar_is_a_400(sample, owner, when):
    from matches.models import Show

    before = Show.objects.count()
    refused(owner.post(f"{BASE}/shows/", {"scheduled_at": when}, format="json"), "scheduled_at")
    show = owner.post(f"{BASE}/shows/", {}, format="json").json()["number"]
    refused(
        owner.patch(f"{BASE}/shows/{show}/", {"scheduled_at": when}, format="json"),
        "scheduled_at",
    )
    assert Show.objects.count() == before + 1


# -- 2. whole-number filters out of range --------------------------------------------------------


@pytest.mark.parametrize(
    "path, parameter",
    [
        ("matches", "feud"),
        ("matches", "show"),
        ("ledger", "show"),
        ("wrestlers", "prestige_min"),
        ("wrestlers", "prestige_max"),
        ("feuds", "heat_min"),
    ],
)
@pytest.mark.parametrize("value", [HUGE, "-" + HUGE, "9223372036854775808", "1.5", "x"])
def test_a_number_filter_out_of_range_is_a_400_naming_it(sample, owner, path, parameter, value):
    (message,) = refused(owner.get(f"{BASE}/{path}/?{parameter}={value}"), parameter)
    assert message


def test_number_filters_in_range_still_filter(history, owner):
    feud = Feud.objects.filter(federation=history).order_by("pk").first()
    matches = owner.get(f"{BASE}/matches/?feud={feud.pk}").json()
    assert matches["count"] == feud.matches.count()
    assert owner.get(f"{BASE}/matches/?show=1").json()["count"] > 0
    assert owner.get(f"{BASE}/feuds/?heat_min=0").json()["count"] == history.feuds.count()


@pytest.mark.parametrize(
    "path",
    [
        f"shows/{HUGE}/",
        f"shows/{HUGE}/matches/",
        f"shows/1/matches/{HUGE}/",
        f"feuds/{HUGE}/",
        f"injuries/{HUGE}/",
    ],
)
def test_a_huge_number_in_an_address_is_a_404(sample, owner, path):
    assert owner.get(f"{BASE}/{path}").status_code == 404


# -- 3. a list or a mapping where one of a few words belongs -------------------------------------


@pytest.mark.parametrize("value", [["arm"], {"system": "arm"}])
@pytest.mark.parametrize("with_options", [False, True])
def test_a_rule_system_that_is_not_a_word_is_a_400_naming_it(sample, owner, value, with_options):
    body = {"rule_system": value, **({"rule_options": ["all"]} if with_options else {})}
    refused(owner.patch(f"{BASE}/", body, format="json"), "rule_system")
    sample.refresh_from_db()
    assert sample.rule_system == "filsinger"
    created = owner.post(
        "/api/v1/federations/", {"slug": "newfed", "name": "New", **body}, format="json"
    )
    refused(created, "rule_system")


def test_rule_options_are_still_checked_against_the_system_given(sample, owner):
    response = owner.patch(
        f"{BASE}/", {"rule_system": "superstar", "rule_options": ["fatigue"]}, format="json"
    )
    refused(response, "rule_options")
    response = owner.patch(
        f"{BASE}/", {"rule_system": "superstar", "rule_options": ["referee"]}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["rule_options"] == ["referee"]


@pytest.mark.parametrize(
    "method, path, body, field",
    [
        ("patch", "wrestlers/corrigan-vale/", {"alignment": ["heel"]}, "alignment"),
        ("patch", "wrestlers/corrigan-vale/", {"pronouns": {"a": 1}}, "pronouns"),
        ("post", "shows/", {"kind": ["weekly"]}, "kind"),
        ("post", "teams/", {"name": "X", "kind": ["stable"], "members": []}, "kind"),
        ("post", "members/", {"username": "viewer", "role": ["viewer"]}, "role"),
        ("post", "odds/", {"sides": [["a"], ["b"]], "rule_system": ["arm"]}, "rule_system"),
        ("post", "odds/", {"sides": [["a"], ["b"]], "match_type": ["tag"]}, "match_type"),
        ("post", "exhibition/", {"sides": [["a"], ["b"]], "rule_system": ["arm"]}, "rule_system"),
        ("post", "titles/", {"name": "T", "division": ["tag"]}, "division"),
        ("post", "shows/1/matches/", {"sides": [["a"], ["b"]], "match_type": ["x"]}, "match_type"),
        ("post", "cards/import/", {"system": ["arm"], "slug": "corrigan-vale"}, "system"),
        ("post", "cards/import/", {"cards": [{"system": {"a": 1}, "name": ["x"]}]}, None),
    ],
)
def test_every_choice_refuses_a_list_or_a_mapping_by_name(sample, owner, method, path, body, field):
    if path.startswith("shows/1/"):  # (the show is looked up before the body is read)
        factories.ShowFactory(federation=sample, number=1)
    before = WrestlerCard.objects.count()
    response = getattr(owner, method)(f"{BASE}/{path}", body, format="json")
    assert response.status_code == 400, response.content[:300]
    paths = {e["path"] for e in response.json()["errors"]}
    assert (field or "cards[0].system") in paths
    assert WrestlerCard.objects.count() == before


# -- 4. OPTIONS on every endpoint ----------------------------------------------------------------


def _api_addresses(federation) -> list[str]:
    """Every address of the API's router (and the token's), filled in with the sample's rows."""
    from config.urls import router

    team = federation.teams.order_by("pk").first()
    title = federation.titles.order_by("pk").first()
    feud = federation.feuds.order_by("pk").first()
    injury = factories.InjuryFactory.create(wrestler=federation.wrestlers.get(slug="gideon-pike"))
    values = {
        "federation_slug": federation.slug,
        "username": "booker",
        "wrestler_slug": "corrigan-vale",
        "opponent": "skylar-finch",
        "system": "filsinger",
        "name": "filsinger",
        "division": "singles",
        "number": "1",
        "show_number": "1",
        "position": "1",
    }
    by_basename = {
        "wrestler": {"slug": "corrigan-vale"},
        "team": {"slug": team.slug},
        "title": {"slug": title.slug},
        "feud": {"pk": str(feud.pk)},
        "injury": {"pk": str(injury.pk)},
        "invitation": {"pk": "1"},  # (none waits: OPTIONS reads no row)
        "tournament": {"slug": "spring-cup"},  # (none is held: OPTIONS reads no row)
        "webhook": {"pk": "1"},  # (none is held: OPTIONS reads no row)
    }
    addresses = [reverse("api:token"), reverse("api:api-root")]
    for pattern in router.urls:
        assert isinstance(pattern, URLPattern)  # (a router's URLs are patterns, all named)
        name = pattern.name
        assert name is not None
        if name == "api-root":
            continue
        own = by_basename.get(name.split("-")[0], {})  # wrestler-record: a wrestler's slug
        kwargs = {key: own.get(key) or values[key] for key in pattern.pattern.regex.groupindex}
        addresses.append(reverse(f"api:{name}", kwargs=kwargs))
    return addresses


@pytest.mark.parametrize("who", ["owner", "booker", "viewer", "outsider"])
def test_options_answers_on_every_endpoint_when_signed_in(history, people, who):
    """Every address answers OPTIONS as its reads are answered: 200, except the members' list,
    the invitation links and the webhooks, which only the owner reads (403 for the others, as
    their GET)."""
    client = client_for(people, who)
    client.raise_request_exception = False
    addresses = _api_addresses(history)
    assert len(addresses) > 50
    for address in addresses:
        response = client.options(address)
        owners_only = (
            "/members/" in address
            or ("/federations/" in address and "/invitation-links/" in address)
            or "/webhook" in address
        )
        expected = 403 if owners_only and who != "owner" else 200
        assert response.status_code == expected, (who, address, response.status_code)
        assert response["Content-Type"] in ("application/json", "application/yaml; charset=utf-8")
        if expected == 200 and response["Content-Type"] == "application/json":
            assert response.json()["name"], address


def test_options_describes_the_body_an_action_reads(history, people):
    viewer = client_for(people, "viewer")
    odds = viewer.options(f"{BASE}/odds/").json()
    assert {"sides", "runs", "exact"} <= set(odds["actions"]["POST"])
    exhibition = viewer.options(f"{BASE}/exhibition/").json()
    assert "sides" in exhibition["actions"]["POST"]
    booker = client_for(people, "booker")
    imported = booker.options(f"{BASE}/cards/import/")
    assert imported.status_code == 200
    assert "application/yaml" in imported.json()["parses"]
    joined = booker.options(f"{BASE}/teams/{history.teams.first().slug}/join/").json()
    assert set(joined["actions"]["POST"]) == {"wrestler", "on"}
    # An action that reads no body lists its method with no fields (not the show's own).
    show = history.shows.order_by("-number").first().number
    week = booker.options(f"{BASE}/shows/run-week/").json()["actions"]["POST"]
    assert set(week) == {"show", "new"} and week["show"]["required"] is False
    for address in (
        f"shows/{show}/run/",
        f"shows/{show}/autobook/",
        f"shows/{show}/schedule/",
        f"shows/{show}/retry/",
        f"shows/{show}/cancel/",
    ):
        assert booker.options(f"{BASE}/{address}").json()["actions"] == {"POST": {}}, address


def test_every_show_action_without_a_body_in_the_schema_is_bodyless_for_options(db):
    """The schema's word (no request body) and OPTIONS' (``bodyless_actions``) agree."""
    from drf_spectacular.generators import SchemaGenerator

    from matches.api import ShowViewSet

    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    without = {
        path.rstrip("/").rsplit("/", 1)[-1].replace("-", "_")
        for path, operations in paths.items()
        if "/shows/" in path and "post" in operations and "requestBody" not in operations["post"]
    }
    assert without == set(ShowViewSet.bodyless_actions)


# -- 5. a card naming a wrestler by a ring name two wrestlers share ------------------------------


def _card(**fields) -> dict:
    data = dict(WrestlerCard.objects.get(wrestler__slug="corrigan-vale", system="filsinger").data)
    return {**data, **fields}


def test_a_ring_name_two_wrestlers_share_is_refused_naming_both(sample, owner):
    # Two rows of one name (stored before the roster's rule, as an old import may have them).
    twin = Wrestler.objects.create(
        federation=sample, ring_name="corrigan  VALE", slug="corrigan-vale-2"
    )
    before = list(WrestlerCard.objects.order_by("pk").values_list("pk", "data"))
    response = owner.post(
        f"{BASE}/cards/import/", _card(name="Corrigan Vale", ratings=None), format="json"
    )
    messages = refused(response, "name")
    assert len(messages) == 1
    assert "Corrigan Vale" in messages[0] and "corrigan-vale, corrigan-vale-2" in messages[0]
    assert "slug" in messages[0]
    assert list(WrestlerCard.objects.order_by("pk").values_list("pk", "data")) == before
    assert not twin.cards.exists()
    # Named by slug, either one is his own.
    response = owner.post(
        f"{BASE}/cards/import/", _card(name="Corrigan Vale", slug=twin.slug), format="json"
    )
    assert response.status_code == 200, response.content
    assert twin.cards.filter(system="filsinger").exists()


def test_an_ambiguous_name_is_refused_by_the_command_too_even_with_sign(sample, tmp_path):
    import yaml

    Wrestler.objects.create(federation=sample, ring_name="Corrigan Vale", slug="other-vale")
    path = tmp_path / "card.yaml"
    path.write_text(yaml.safe_dump(_card(name="corrigan vale")))
    errors = io.StringIO()
    count = Wrestler.objects.count()
    with pytest.raises(CommandError, match="no card was imported"):
        call_command("import_cards", "copperline", str(path), sign=True, stderr=errors)
    assert "two wrestlers are called" in errors.getvalue()
    assert Wrestler.objects.count() == count


def test_an_unambiguous_ring_name_is_still_enough(sample, owner):
    response = owner.post(f"{BASE}/cards/import/", _card(name="corrigan   vale"), format="json")
    assert response.status_code == 200, response.content
    assert response.json()["imported"][0]["wrestler"] == "corrigan-vale"


# -- 7. an empty card import ---------------------------------------------------------------------


def test_an_empty_import_names_what_is_missing_plainly(sample, owner):
    before = WrestlerCard.objects.count()
    response = owner.post(f"{BASE}/cards/import/", {}, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {e["path"] for e in errors} == {"system", "name"}
    by_path = {e["path"]: e["message"] for e in errors}
    assert by_path["system"].startswith("required")
    assert "filsinger, superstar, arm" in by_path["system"]
    assert "slug" in by_path["name"] and by_path["name"].startswith("required")
    for error in errors:
        assert "request" not in error["path"] and "::" not in error["path"] + error["message"]
    assert WrestlerCard.objects.count() == before


def test_an_import_names_problems_by_their_place_in_the_document(sample, owner):
    body = {"cards": [{"system": "filsinger", "slug": "nobody"}, "not a card"]}
    response = owner.post(f"{BASE}/cards/import/", body, format="json")
    paths = {e["path"] for e in response.json()["errors"]}
    assert "cards[0].slug" in paths and "cards[1]" in paths
    response = owner.post(f"{BASE}/cards/import/", ["a list"], format="json")
    assert [e["path"] for e in response.json()["errors"]] == [""]
    assert response.json()["detail"].startswith("a card must be a mapping")


# -- 8. why there are no exact odds --------------------------------------------------------------


TAG = [["corrigan-vale", "bastian-holloway"], ["gideon-pike", "skylar-finch"]]


@pytest.mark.parametrize("system", ["filsinger", "superstar"])
def test_the_odds_note_says_exact_odds_are_for_singles_when_asked_for_a_tag_match(
    sample, owner, system
):
    body = {"sides": TAG, "match_type": "tag", "rule_system": system, "runs": 20, "seed": 3}
    response = owner.post(f"{BASE}/odds/", {**body, "exact": True}, format="json")
    assert response.status_code == 200, response.content
    odds = response.json()
    assert odds["exact_draw"] is None and all(side["exact"] is None for side in odds["sides"])
    note = odds["exact_note"]
    assert "asked for Monte Carlo alone" not in note
    assert "singles" in note and "tag" in note


def test_the_odds_note_for_arm_says_it_has_no_solver(sample, owner):
    body = {"sides": TAG, "match_type": "tag", "rule_system": "arm", "runs": 5, "exact": True}
    note = owner.post(f"{BASE}/odds/", body, format="json").json()["exact_note"]
    assert "ARM has no exact solver" in note


def test_the_odds_note_for_singles(sample, owner):
    body = {"sides": [["corrigan-vale"], ["skylar-finch"]], "runs": 20, "seed": 3}
    solved = owner.post(f"{BASE}/odds/", {**body, "exact": True}, format="json").json()
    assert solved["exact_note"] == "" and solved["sides"][0]["exact"] is not None
    skipped = owner.post(f"{BASE}/odds/", body, format="json").json()
    assert skipped["sides"][0]["exact"] is None
    assert '"exact": true' in skipped["exact_note"]


# -- 9. a filter's word or flag that is not one of its values ------------------------------------

METHODS = (
    "pin, submission, knockout, disqualification, count_out, double_disqualification, "
    "double_count_out, draw_time_limit, elimination, escape or double_knockout"
)


@pytest.mark.parametrize(
    "path, parameter, allowed",
    [
        ("wrestlers", "alignment", "face, heel or tweener"),
        ("wrestlers", "status", "active, injured, suspended or retired"),
        ("wrestlers", "card", "filsinger, superstar or arm"),
        ("teams", "kind", "tag_team or stable"),
        ("titles", "division", "singles or tag"),
        ("reigns", "end_reason", "lost, vacated_injury, vacated, stripped, retired or deactivated"),
        ("feuds", "status", "building, hot, cooling or ended"),
        ("injuries", "source", "match, feud_table, tag_injury_chart, arm_injury or manual"),
        ("ledger", "attribute", "fame, prestige, heat or edge"),
        ("shows", "status", "draft, booked, scheduled, running, completed, failed or cancelled"),
        ("shows", "kind", "weekly or special"),
        ("matches", "status", "booked, completed or called_off"),
        ("matches", "method", METHODS),
        (
            "matches",
            "match_type",
            "singles, tag, three_man_tag, battle_royal, steel_cage, texas_death or grudge",
        ),
        ("matches", "rule_system", "filsinger, superstar or arm"),
    ],
)
def test_a_word_a_filter_does_not_take_is_a_400_naming_it_and_its_words(
    sample, owner, path, parameter, allowed
):
    messages = refused(owner.get(f"{BASE}/{path}/?{parameter}=bogus"), parameter)
    assert messages == [f"'bogus' is not one of {allowed}."]


def test_the_federations_list_names_its_systems_too(sample, owner):
    messages = refused(owner.get("/api/v1/federations/?rule_system=bogus"), "rule_system")
    assert messages == ["'bogus' is not one of filsinger, superstar or arm."]


def test_a_long_word_is_cut_short_in_the_message(sample, owner):
    messages = refused(owner.get(f"{BASE}/wrestlers/?alignment={'x' * 300}"), "alignment")
    assert messages == [f"'{'x' * 35}...' is not one of face, heel or tweener."]


def test_alignment_and_attribute_still_filter(history, owner):
    heels = owner.get(f"{BASE}/wrestlers/?alignment=heel&page_size=100").json()
    assert heels["count"] == history.wrestlers.filter(alignment="heel").count() > 0
    heat = owner.get(f"{BASE}/ledger/?attribute=heat&page_size=500").json()
    assert heat["count"] > 0 and {row["attribute"] for row in heat["results"]} == {"heat"}
    assert owner.get(f"{BASE}/wrestlers/?alignment=").json()["count"] == history.wrestlers.count()


FLAGS = [
    (f"{BASE}/injuries/", "current"),
    (f"{BASE}/injuries/", "keeps_off_cards"),
    (f"{BASE}/feuds/", "active"),
    (f"{BASE}/titles/", "is_active"),
    (f"{BASE}/teams/", "active"),
    (f"{BASE}/reigns/", "current"),
    (f"{BASE}/matches/", "title_matches"),
    ("/api/v1/federations/", "mine"),
    ("/api/v1/federations/", "is_public"),
]


@pytest.mark.parametrize("address, parameter", FLAGS)
@pytest.mark.parametrize("value", ["maybe", "2", "yes please", "tru"])
def test_a_flag_that_is_neither_true_nor_false_is_a_400_naming_it(
    sample, owner, address, parameter, value
):
    messages = refused(owner.get(f"{address}?{parameter}={value}"), parameter)
    assert messages == [f"'{value}' is neither true nor false: give true or false (or 1 or 0)."]


@pytest.mark.parametrize("address, parameter", FLAGS)
def test_a_flag_takes_true_false_1_and_0_in_any_case(history, owner, address, parameter):
    def count(value):
        response = owner.get(f"{address}?{parameter}={value}")
        assert response.status_code == 200, (value, response.content[:300])
        return response.json()["count"]

    everything = owner.get(address).json()["count"]
    yes, no = count("true"), count("false")
    assert yes + no == everything or parameter == "mine"
    assert (count("1"), count("0")) == (yes, no)
    assert (count("TRUE"), count("False")) == (yes, no)
    assert count("") == everything


def test_the_flags_still_filter(history, owner, people):
    assert owner.get(f"{BASE}/titles/?is_active=true").json()["count"] == 3
    assert owner.get(f"{BASE}/titles/?is_active=false").json()["count"] == 0
    assert owner.get(f"{BASE}/feuds/?active=false").json()["count"] == 0
    assert owner.get("/api/v1/federations/?mine=true").json()["count"] == 1
    anonymous = client_for(people, "anonymous")
    assert anonymous.get("/api/v1/federations/?mine=true").json()["count"] == 0
    assert anonymous.get("/api/v1/federations/?mine=false").json()["count"] == 1


def test_play_by_play_is_a_flag_too(history, owner):
    messages = refused(owner.get(f"{BASE}/shows/1/?play_by_play=maybe"), "play_by_play")
    assert messages == ["'maybe' is neither true nor false: give true or false (or 1 or 0)."]
    for value in ("true", "1", "yes"):
        card = owner.get(f"{BASE}/shows/1/?play_by_play={value}").json()["card"]
        assert card[0]["play_by_play"], value
    for value in ("false", "0", "no", ""):
        assert (
            "play_by_play"
            not in owner.get(f"{BASE}/shows/1/?play_by_play={value}").json()["card"][0]
        ), value


def test_every_filter_of_a_few_words_or_a_flag_refuses_anything_else():
    """Every list's filters: one of a few words is a ``StrictChoiceFilter`` (never a plain
    text filter on a column with choices, which would answer an empty list), a flag a
    ``StrictBooleanFilter`` (never django-filter's, which reads a word it does not know as "not
    given" and answers the whole list)."""
    import django_filters

    from config.urls import router
    from web.api_fields import StrictBooleanFilter, StrictChoiceFilter

    checked = 0
    for _prefix, viewset, _basename in router.registry:
        filterset = getattr(viewset, "filterset_class", None)
        if filterset is None:
            continue
        model = filterset._meta.model
        for name, declared in filterset.base_filters.items():
            where = f"{viewset.__name__}.{name}"
            if isinstance(declared, django_filters.ChoiceFilter):
                assert isinstance(declared, StrictChoiceFilter), where
                checked += 1
            elif isinstance(declared, django_filters.BooleanFilter):
                assert isinstance(declared, StrictBooleanFilter), where
                checked += 1
            elif isinstance(declared, django_filters.CharFilter) and not declared.method:
                path = declared.field_name.split("__")
                field = model._meta.get_field(path[0])
                for step in path[1:]:
                    field = field.related_model._meta.get_field(step)
                assert not field.choices, f"{where}: a column with choices, read as text"
    assert checked >= 24


# -- 10. a page that is not one ------------------------------------------------------------------


@pytest.mark.parametrize("page", ["0", "-1", "abc", "1.5", "2", "99", HUGE, " 1"])
def test_a_page_that_is_not_one_is_a_400_naming_it(sample, owner, page):
    messages = refused(owner.get(f"{BASE}/wrestlers/?page={page}"), "page")
    assert messages == ["Page 1 (or last): there is only one page."]


def test_a_page_past_the_last_names_the_pages_there_are(sample, owner):
    messages = refused(owner.get(f"{BASE}/wrestlers/?page_size=5&page=5"), "page")
    assert messages == ["A page number from 1 to 4, or last."]
    last = owner.get(f"{BASE}/wrestlers/?page_size=5&page=4").json()
    assert len(last["results"]) == 3 and last["next"] is None
    assert owner.get(f"{BASE}/wrestlers/?page_size=5&page=last").json() == last
    empty = owner.get(f"{BASE}/injuries/?page=1").json()
    assert (empty["count"], empty["results"]) == (0, [])


@pytest.mark.parametrize("size", ["0", "-5", "abc", "501", HUGE, "2.5"])
def test_a_page_size_that_is_not_one_is_a_400_naming_it(sample, owner, size):
    messages = refused(owner.get(f"{BASE}/wrestlers/?page_size={size}"), "page_size")
    assert messages == ["A whole number from 1 to 500."]


def test_the_schema_gives_the_pages_bounds():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"]["/api/v1/federations/{federation_slug}/wrestlers/"]["get"]
    parameters = {p["name"]: p["schema"] for p in operation["parameters"]}
    assert parameters["page"] == {"type": "integer", "minimum": 1}
    assert parameters["page_size"] == {"type": "integer", "minimum": 1, "maximum": 500}


# -- 11. a model's own rules, by field -----------------------------------------------------------


def test_a_models_own_rule_is_named_by_its_field_in_its_own_words(sample, owner):
    response = owner.patch(
        f"{BASE}/wrestlers/corrigan-vale/", {"ring_name": "skylar  FINCH"}, format="json"
    )
    assert response.status_code == 400
    message = (
        "Copperline Wrestling Federation already has a wrestler named 'Skylar Finch'; give this "
        "one a ring name of its own."
    )
    assert response.json() == {
        "detail": f"ring_name: {message}",
        "errors": [{"path": "ring_name", "message": message}],
    }
    response = owner.patch(
        f"{BASE}/wrestlers/corrigan-vale/",
        {"ring_name": "Skylar Finch", "status": "injured"},
        format="json",
    )
    assert response.json()["errors"] == [
        {
            "path": "status",
            "message": "Injured comes from an injury: sign or save the wrestler as Active, then "
            "record the injury on the injury report (Record an injury): the roster shows Injured "
            "until it heals.",
        },
        {"path": "ring_name", "message": message},
    ]
    assert Wrestler.objects.get(slug="corrigan-vale").ring_name == "Corrigan Vale"


def test_a_debut_still_to_come_is_named_by_its_field(sample, owner):
    response = owner.patch(
        f"{BASE}/wrestlers/corrigan-vale/", {"debut_on": "2999-03-20"}, format="json"
    )
    (message,) = refused(response, "debut_on")
    assert message.startswith(
        "A debut is a day that has come: Mar 20, 2999 is after Copperline Wrestling Federation's "
        "today ("
    )
    assert response.json()["detail"] == f"debut_on: {message}"


def test_a_services_own_refusal_keeps_its_sentence(sample, owner):
    """A refusal the services word themselves (not a model's field) stays whole, path empty."""
    response = owner.post(f"{BASE}/members/", {"username": "owner", "role": "viewer"})
    (message,) = refused(response, "")
    assert message == "owner owns Copperline Wrestling Federation; an owner needs no membership."


# -- 12. a body that cannot be read --------------------------------------------------------------


@pytest.mark.parametrize(
    "body, message",
    [
        (b'{"sides": [', "The body is not valid JSON: Expecting value (line 1, column 12)."),
        (
            b"{not json",
            "The body is not valid JSON: Expecting property name enclosed in double quotes "
            "(line 1, column 2).",
        ),
        (b'{"runs": 5}\n{"runs": 6}', "The body is not valid JSON: Extra data (line 2, column 1)."),
        (b'{"runs": NaN}', "NaN is not a number JSON allows; send a finite number."),
        (b'{"runs": -Infinity}', "-Infinity is not a number JSON allows; send a finite number."),
        (b'\xff{"runs": 5}', "The body is not UTF-8 (a bad byte at offset 0)."),
        (b"[" * 100_000, "The body is nested deeper than 64 levels."),
        (b"[" * 1_000 + b"]" * 1_000, "The body is nested deeper than 64 levels."),
        (b'{"runs": ' + b"9" * 5_000 + b"}", "The body holds an integer of thousands of digits."),
    ],
)
def test_a_body_that_is_not_json_is_one_problem_saying_where(sample, owner, body, message):
    response = owner.post(f"{BASE}/odds/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"detail": message, "errors": [{"path": "", "message": message}]}


def test_a_body_that_is_not_yaml_is_one_problem_saying_where(sample, owner):
    before = WrestlerCard.objects.get(wrestler__slug="corrigan-vale", system="filsinger").data
    response = owner.put(
        f"{BASE}/wrestlers/corrigan-vale/cards/filsinger/",
        b"system: filsinger\nname: [Corrigan",
        content_type="application/yaml",
    )
    assert response.status_code == 400
    message = "The body, line 2: not valid YAML (expected ',' or ']', but got '<stream end>')"
    assert response.json() == {"detail": message, "errors": [{"path": "", "message": message}]}
    after = WrestlerCard.objects.get(wrestler__slug="corrigan-vale", system="filsinger").data
    assert after == before
