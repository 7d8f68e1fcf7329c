"""Each resource of the API, read and written as a promoter would, against the sample federation
(figures from ``promotion/data/sample/federation.yaml``)."""

from __future__ import annotations

import pytest

from matches.models import Match, Show, ShowStatus
from promotion.models import Federation, Injury, MemberRole, Membership, StandingChange, Wrestler
from rules.models import WrestlerCard
from tests import factories
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"


@pytest.fixture
def owner(people):
    return client_for(people, "owner")


@pytest.fixture
def booker(people):
    return client_for(people, "booker")


@pytest.fixture
def visitor(people):
    return client_for(people, "anonymous")


# -- the root -------------------------------------------------------------------------------------


def test_the_root_lists_where_everything_is_for_anyone(sample, people):
    for who in ("anonymous", "outsider"):
        response = client_for(people, who).get("/api/v1/")
        assert response.status_code == 200, who
        assert response["Content-Type"] == "application/json"
        root = response.json()
        assert root == {
            "systems": "http://testserver/api/v1/systems/",
            "federations": "http://testserver/api/v1/federations/",
            # (a POST: a federation founded whole, docs/pages.md "A federation in a minute")
            "federations/found": "http://testserver/api/v1/federations/found/",
            "federation": "http://testserver/api/v1/federations/{slug}/",
            "invitations": "http://testserver/api/v1/invitations/",
            "token": "http://testserver/api/v1/auth/token/",
            "schema": "http://testserver/api/schema/",
            "docs": "http://testserver/api/docs/",
            "redoc": "http://testserver/api/redoc/",
        }
    visitor = client_for(people, "anonymous")
    # Each address answers (the token's with a POST), a federation's once its slug is in.
    for name in ("systems", "federations", "schema", "docs", "redoc"):
        assert visitor.get(root[name]).status_code == 200, name
    assert visitor.get(root["federation"].format(slug="copperline")).status_code == 200
    assert visitor.get(root["invitations"]).status_code == 401  # (a signed-in user's own)
    token = visitor.post(root["token"], {"username": "owner", "password": "wrong"}, format="json")
    assert token.status_code == 400


def test_the_root_is_read_only_and_the_api_still_404s_elsewhere(sample, people):
    for who in ("anonymous", "owner"):
        refused = client_for(people, who).post("/api/v1/", {}, format="json")
        assert refused.status_code == 405, who
        assert refused.json() == {"detail": 'Method "POST" not allowed.', "errors": []}
    visitor = client_for(people, "anonymous")
    for path in ("/api/v1/nothing/", "/api/v1/federations.json", "/api/v1/systems.json"):
        missing = visitor.get(path)
        assert missing.status_code == 404, path
        assert missing.json() == {"detail": "No such endpoint or object here.", "errors": []}


# -- federations ----------------------------------------------------------------------------------


def test_a_federation_reads_in_its_own_time_zone(sample, visitor):
    body = visitor.get(BASE + "/").json()
    assert body["time_zone"] == "America/Chicago"
    assert body["show_weekday"] == 4
    assert body["show_time"] == "20:00:00"
    assert body["created_at"].endswith(("-06:00", "-05:00"))
    assert body["owner"] == "owner"
    assert body["your_role"] is None


def test_the_owner_changes_settings_and_bad_values_are_named(sample, owner):
    response = owner.patch(
        BASE + "/", {"time_zone": "Mars/Olympus", "card_size": -1}, format="json"
    )
    assert response.status_code == 400
    paths = {error["path"] for error in response.json()["errors"]}
    assert paths == {"time_zone", "card_size"}
    sample.refresh_from_db()
    assert str(sample.time_zone) == "America/Chicago"
    response = owner.patch(BASE + "/", {"time_zone": "Europe/Dublin"}, format="json")
    assert response.status_code == 200
    assert response.json()["time_zone"] == "Europe/Dublin"


@pytest.mark.parametrize(
    ("zone", "message"),
    [
        (
            "Mars/Olympus",
            "'Mars/Olympus' is not a time zone offered: choose a place's zone (Europe/London, "
            "say) or UTC.",
        ),
        ("US/Central", "'US/Central' is an old name of America/Chicago; choose America/Chicago."),
        (
            "localtime",
            "'localtime' is not a time zone offered: choose a place's zone (Europe/London, "
            "say) or UTC.",
        ),
    ],
)
def test_a_time_zone_the_federation_may_not_have_is_refused_by_name(sample, owner, zone, message):
    """The API's field checks a zone by the federation's own rule (a current place's name or UTC),
    in the words the settings page uses, and names the field; nothing else in the request is
    written."""
    response = owner.patch(
        BASE + "/", {"time_zone": zone, "name": "Renamed Wrestling"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": f"time_zone: {message}",
        "errors": [{"path": "time_zone", "message": message}],
    }
    sample.refresh_from_db()
    assert (sample.name, str(sample.time_zone)) == (
        "Copperline Wrestling Federation",
        "America/Chicago",
    )
    created = owner.post(
        "/api/v1/federations/",
        {"name": "Harbor Lights", "slug": "harbor-lights", "time_zone": zone},
        format="json",
    )
    assert created.status_code == 400
    assert created.json()["errors"] == [{"path": "time_zone", "message": message}]
    assert not Federation.objects.filter(slug="harbor-lights").exists()


def test_a_federation_slug_is_taken_once(sample, owner):
    response = owner.post(
        "/api/v1/federations/", {"name": "Again", "slug": "copperline"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"path": "slug", "message": "The address (slug) 'copperline' is taken; choose another."}
    ]


def test_the_federation_list_is_filtered_searched_and_ordered(sample, people, owner):
    factories.FederationFactory(owner=people["owner"], name="Anvil Pro", slug="anvil")
    names = [f["slug"] for f in owner.get("/api/v1/federations/").json()["results"]]
    assert names == ["anvil", "copperline"]
    found = owner.get("/api/v1/federations/?search=copper").json()["results"]
    assert [f["slug"] for f in found] == ["copperline"]
    ordered = owner.get("/api/v1/federations/?ordering=-name").json()["results"]
    assert [f["slug"] for f in ordered] == ["copperline", "anvil"]
    assert owner.get("/api/v1/federations/?rule_system=chess").status_code == 400


# -- members --------------------------------------------------------------------------------------


def test_the_owner_adds_changes_and_removes_members(sample, people, owner):
    factories.UserFactory(username="newcomer")
    response = owner.post(
        BASE + "/members/", {"username": "newcomer", "role": "viewer"}, format="json"
    )
    assert response.status_code == 201, response.content
    assert owner.patch(BASE + "/members/newcomer/", {"role": "booker"}, format="json").json()[
        "role"
    ] == ("booker")
    assert Membership.objects.get(user__username="newcomer").role == MemberRole.BOOKER
    assert owner.delete(BASE + "/members/newcomer/").status_code == 204
    assert not Membership.objects.filter(user__username="newcomer").exists()
    response = owner.post(BASE + "/members/", {"username": "ghost", "role": "viewer"})
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "path": "username",
            "message": "No account has the username or e-mail address 'ghost'; ask them to sign "
            "up first.",
        }
    ]
    # By e-mail address, as the members page takes it too.
    factories.UserFactory(username="mailed", email="v1@example.com")
    response = owner.post(
        BASE + "/members/", {"username": "V1@example.com", "role": "viewer"}, format="json"
    )
    assert response.status_code == 201, response.content
    assert Membership.objects.get(user__username="mailed").role == MemberRole.VIEWER


# -- wrestlers ------------------------------------------------------------------------------------


def test_the_roster_filters_searches_and_sorts(sample, visitor):
    everyone = visitor.get(BASE + "/wrestlers/?page_size=100").json()
    assert everyone["count"] == 18
    heels = visitor.get(BASE + "/wrestlers/?alignment=heel&page_size=100").json()["results"]
    assert heels and all(w["alignment"] == "heel" for w in heels)
    by_prestige = visitor.get(BASE + "/wrestlers/?ordering=-prestige").json()["results"]
    assert [w["slug"] for w in by_prestige[:2]] == ["mortimer-gale", "corrigan-vale"]
    crosswind = visitor.get(BASE + "/wrestlers/?team=crosswind&ordering=ring_name").json()
    assert [w["slug"] for w in crosswind["results"]] == ["dario-quintero", "skylar-finch"]
    found = visitor.get(BASE + "/wrestlers/?search=vale").json()["results"]
    assert [w["slug"] for w in found] == ["corrigan-vale"]
    vale = visitor.get(BASE + "/wrestlers/corrigan-vale/").json()
    assert vale["cards"] == ["arm", "filsinger", "superstar"]
    assert (vale["fame"], vale["prestige"], vale["edge"]) == (720, 690, 7)
    assert visitor.get(BASE + "/wrestlers/?status=dancing").status_code == 400
    assert visitor.get(BASE + "/wrestlers/nobody/").status_code == 404


def test_signing_a_wrestler_opens_the_ledger(sample, booker):
    response = booker.post(
        BASE + "/wrestlers/",
        {"ring_name": "Vera Kane", "alignment": "heel", "fame": 250, "prestige": 120},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["slug"], body["fame"], body["prestige"], body["edge"]) == (
        "vera-kane",
        250,
        120,
        2,
    )
    ledger = booker.get(BASE + "/ledger/?wrestler=vera-kane&ordering=id").json()["results"]
    assert [(row["attribute"], row["delta"]) for row in ledger] == [
        ("fame", 250),
        ("prestige", 120),
        ("edge", 2),
    ]
    again = booker.post(BASE + "/wrestlers/", {"ring_name": "Vera Kane"}, format="json")
    assert again.status_code == 400
    assert again.json()["errors"][0]["path"] == "slug"


def test_editing_a_profile_leaves_the_standings_to_the_ledger(sample, booker):
    response = booker.patch(
        BASE + "/wrestlers/corrigan-vale/",
        {"hometown": "Iron Bluff", "fame": 99999},
        format="json",
    )
    assert response.status_code == 200
    vale = Wrestler.objects.get(slug="corrigan-vale")
    assert (vale.hometown, vale.fame) == ("Iron Bluff", 720)
    response = booker.patch(
        BASE + "/wrestlers/corrigan-vale/", {"ring_name": "Vale\u202eelaV"}, format="json"
    )
    assert response.status_code == 400
    assert "U+202E" in response.json()["detail"]
    assert Wrestler.objects.get(slug="corrigan-vale").ring_name == "Corrigan Vale"


# -- cards ----------------------------------------------------------------------------------------


def test_a_card_reads_as_json_and_yaml(sample, visitor):
    card = visitor.get(BASE + "/wrestlers/corrigan-vale/cards/filsinger/").json()
    assert card["system"] == "filsinger" and card["validated"] is True
    assert card["data"]["name"] == "Corrigan Vale"
    response = visitor.get(BASE + "/wrestlers/corrigan-vale/cards/filsinger/?format=yaml")
    assert response["Content-Type"].startswith("application/yaml")
    assert response.content.startswith(b"system: filsinger\nname: Corrigan Vale\n")


def test_an_invalid_card_is_refused_with_every_problem_by_path(sample, booker):
    stored = WrestlerCard.objects.get(wrestler__slug="corrigan-vale", system="filsinger")
    data = dict(stored.data)
    data["ratings"] = {**data["ratings"], "pin": 99}
    data["offense"] = {**data["offense"], "1": data["offense"]["1"][:5]}
    url = BASE + "/wrestlers/corrigan-vale/cards/filsinger/"
    response = booker.put(url, data, format="json")
    assert response.status_code == 400
    paths = [error["path"] for error in response.json()["errors"]]
    assert "ratings.pin" in paths
    assert any(path.startswith("offense.1") for path in paths)
    stored.refresh_from_db()
    assert stored.data["ratings"]["pin"] != 99


def test_a_card_is_stored_from_yaml_and_checked_by_its_engine(sample, booker):
    yaml_text = booker.get(
        BASE + "/wrestlers/corrigan-vale/cards/filsinger/?format=yaml"
    ).content.decode()
    changed = yaml_text.replace("name: Corrigan Vale", "name: Corrigan 'The Hammer' Vale", 1)
    response = booker.put(
        BASE + "/wrestlers/corrigan-vale/cards/filsinger/",
        changed.encode(),
        content_type="application/yaml",
    )
    assert response.status_code == 200, response.content
    assert response.json()["data"]["name"] == "Corrigan 'The Hammer' Vale"
    bomb = b"a: &a [1, 2]\nb: *a\n"
    response = booker.put(
        BASE + "/wrestlers/corrigan-vale/cards/filsinger/", bomb, content_type="application/yaml"
    )
    assert response.status_code == 400
    assert "aliases" in response.json()["detail"] or "anchors" in response.json()["detail"]


def test_the_card_file_goes_out_and_back_in_as_yaml(sample, booker):
    import yaml

    exported = booker.get(BASE + "/cards/export/?system=filsinger")
    assert exported.status_code == 200
    document = yaml.safe_load(exported.content)
    assert len(document["cards"]) == 18
    assert {card["system"] for card in document["cards"]} == {"filsinger"}
    document["cards"][0]["ratings"]["pin"] = 5
    response = booker.post(
        BASE + "/cards/import/",
        yaml.safe_dump(document).encode(),
        content_type="application/yaml",
    )
    assert response.status_code == 200, response.content
    assert len(response.json()["imported"]) == 18
    slug = document["cards"][0]["slug"]
    stored = WrestlerCard.objects.get(wrestler__slug=slug, system="filsinger")
    assert stored.data["ratings"]["pin"] == 5


def test_a_card_file_with_problems_imports_nothing_and_names_them_all(sample, booker):
    before = list(WrestlerCard.objects.order_by("pk").values_list("data", flat=True))
    text = (
        "cards:\n"
        "  - {system: filsinger, slug: nobody-here, name: X}\n"
        "  - {system: chess, slug: corrigan-vale}\n"
    )
    response = booker.post(BASE + "/cards/import/", text.encode(), content_type="application/yaml")
    assert response.status_code == 400
    paths = [error["path"] for error in response.json()["errors"]]
    # Every problem at once: the unknown wrestler beside the half card's own problems.
    assert any(path.endswith("cards[0].slug") for path in paths)
    assert any(path.endswith("cards[0].offense") for path in paths)
    assert any(path.endswith("cards[1].system") for path in paths)
    assert list(WrestlerCard.objects.order_by("pk").values_list("data", flat=True)) == before


def test_check_a_card_without_storing_it(sample, visitor):
    card = WrestlerCard.objects.get(wrestler__slug="corrigan-vale", system="filsinger").data
    response = visitor.post("/api/v1/systems/filsinger/check-card/", card, format="json")
    assert response.status_code == 200
    response = visitor.post(
        "/api/v1/systems/filsinger/check-card/", {"name": "Half a card"}, format="json"
    )
    assert response.status_code == 400
    assert {e["path"] for e in response.json()["errors"]} >= {"offense", "defense"}


# -- teams, titles, feuds, injuries ---------------------------------------------------------------


def test_teams_with_their_members(sample, visitor):
    gilded = visitor.get(BASE + "/teams/gilded-order/").json()
    assert gilded["kind"] == "stable"
    assert [m["wrestler"] for m in gilded["memberships"]] == [
        "mortimer-gale",
        "orrin-blackwood",
        "tobiah-grimsby",
        "nadia-sorrel",
    ]
    tag_teams = visitor.get(BASE + "/teams/?kind=tag_team").json()["results"]
    assert [t["slug"] for t in tag_teams] == ["crosswind", "rivet-gang"]


def test_titles_with_champions_and_a_lineage_in_record_book_style(sample, visitor):
    titles = visitor.get(BASE + "/titles/").json()["results"]
    assert [(t["slug"], t["champion"]["holder"]["slug"]) for t in titles] == [
        ("world-heavyweight-championship", "mortimer-gale"),
        ("frontier-championship", "jonah-whitlock"),
        ("tag-team-championship", "rivet-gang"),
    ]
    lineage = visitor.get(BASE + "/titles/frontier-championship/lineage/").json()["results"]
    rows = [
        (e["kind"], e["reign"]["holder"]["slug"] if e["kind"] == "reign" else e["reason"])
        for e in lineage
    ]
    assert rows == [
        ("reign", "wendell-ashby"),
        ("reign", "rook-lanigan"),
        ("vacancy", "Vacated"),
        ("reign", "ines-marrow"),
        ("reign", "jonah-whitlock"),
    ]
    vacancy = lineage[2]
    assert (vacancy["vacant_from"], vacancy["vacant_until"], vacancy["days"]) == (
        "2023-11-18",
        "2023-11-18",
        0,
    )
    first = lineage[0]["reign"]
    assert (first["number"], first["won_on"], first["ended_on"], first["defenses"]) == (
        1,
        "2020-02-08",
        "2022-04-23",
        8,
    )
    assert first["days_held"] == 805
    tag = visitor.get(BASE + "/reigns/?title=tag-team-championship&ordering=number").json()
    assert [(r["holder"]["slug"], r["holder_reign_number"]) for r in tag["results"]] == [
        ("rivet-gang", 1),
        ("crosswind", 1),
        ("rivet-gang", 2),
    ]


def test_feuds_with_their_heat_and_sides(sample, visitor):
    feuds = visitor.get(BASE + "/feuds/").json()["results"]
    assert [(f["heat"], f["status"]) for f in feuds] == [(7, "hot"), (4, "building")]
    assert feuds[0]["sides"] == [
        {
            "side": 0,
            "members": [{"kind": "wrestler", "slug": "corrigan-vale", "name": "Corrigan Vale"}],
        },
        {
            "side": 1,
            "members": [{"kind": "wrestler", "slug": "mortimer-gale", "name": "Mortimer Gale"}],
        },
    ]
    assert visitor.get(BASE + "/feuds/?wrestler=skylar-finch").json()["results"] == []
    assert visitor.get(BASE + "/feuds/?team=crosswind").json()["count"] == 1


def test_injuries_current_and_past(sample, visitor):
    import datetime as dt

    from django.utils import timezone

    today = timezone.localdate()
    vale = Wrestler.objects.get(slug="corrigan-vale")
    Injury.objects.create(
        wrestler=vale,
        occurred_on=today - dt.timedelta(days=3),
        source="manual",
        description="Bruised ribs",
    )
    Injury.objects.create(
        wrestler=vale,
        occurred_on=today - dt.timedelta(days=90),
        healed_on=today - dt.timedelta(days=60),
        source="manual",
        description="Sprained wrist",
    )
    current = visitor.get(BASE + "/injuries/?current=true").json()["results"]
    assert [i["description"] for i in current] == ["Bruised ribs"]
    past = visitor.get(BASE + "/injuries/?current=false").json()["results"]
    assert [i["description"] for i in past] == ["Sprained wrist"]


# -- shows, booking, results ----------------------------------------------------------------------


def test_booking_by_hand_refusals_are_the_services_reasons(sample, booker):
    show = booker.post(BASE + "/shows/", {"name": "Fall Brawl"}, format="json").json()
    url = f"{BASE}/shows/{show['number']}/matches/"
    response = booker.post(
        url,
        {"sides": [["corrigan-vale"], ["skylar-finch"]], "title": "world-heavyweight-championship"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "path": "",
            "message": "A match for the Copperline World Heavyweight Championship must include "
            "the champion, Mortimer Gale.",
        }
    ]
    response = booker.post(
        url,
        {
            "sides": [["corrigan-vale"], ["mortimer-gale"]],
            "title": "world-heavyweight-championship",
            "feud": sample.feuds.get(heat=7).pk,
            "is_main_event": True,
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    match = response.json()
    assert (match["position"], match["title"], match["status"]) == (
        1,
        "world-heavyweight-championship",
        "booked",
    )
    again = booker.post(url, {"sides": [["corrigan-vale"], ["skylar-finch"]]}, format="json")
    assert again.status_code == 400
    assert again.json()["errors"] == [
        {"path": "", "message": f"Corrigan Vale is already on Fall Brawl (#{show['number']})."}
    ]
    assert Match.objects.count() == 1


def test_auto_booking_explains_each_match_and_scheduling_follows(sample, booker):
    show = booker.post(BASE + "/shows/", {}, format="json").json()
    url = f"{BASE}/shows/{show['number']}/"
    report = booker.post(url + "autobook/").json()
    assert len(report["matches"]) == sample.card_size
    assert all(match["booking_note"] for match in report["matches"])
    again = booker.post(url + "autobook/")
    assert again.status_code == 400
    assert "already has matches" in again.json()["detail"]
    scheduled = booker.post(url + "schedule/").json()
    assert scheduled["status"] == "scheduled"
    assert booker.post(url + "schedule/").status_code == 400


def test_a_show_with_results_and_the_play_by_play_with_its_dice(history, visitor):
    shows = visitor.get(BASE + "/shows/?status=completed&ordering=number").json()["results"]
    assert [s["number"] for s in shows] == [1, 2]
    plain = visitor.get(BASE + "/shows/1/").json()
    assert all("play_by_play" not in match for match in plain["card"])
    full = visitor.get(BASE + "/shows/1/?play_by_play=true").json()
    first = full["card"][0]
    assert first["status"] == "completed" and first["method"]
    events = first["play_by_play"]
    assert events and any(event.get("dice") for event in events)
    stored = Match.objects.get(show__number=1, position=1)
    assert events == stored.play_by_play
    one = visitor.get(BASE + "/shows/1/matches/1/").json()
    assert one["play_by_play"] == stored.play_by_play
    winners = one["winners"]
    assert winners == [
        p.wrestler.slug for p in stored.participants.all() if p.side == stored.winner_side
    ]


def test_matches_filter_by_wrestler_and_title(history, visitor):
    vale = visitor.get(BASE + "/matches/?wrestler=mortimer-gale").json()["results"]
    assert vale
    for match in vale:
        slugs = {w["wrestler"] for side in match["sides"] for w in side["wrestlers"]}
        assert "mortimer-gale" in slugs
    titled = visitor.get(BASE + "/matches/?title=world-heavyweight-championship").json()
    assert all(m["title"] == "world-heavyweight-championship" for m in titled["results"])
    assert (
        titled["count"]
        == Match.objects.filter(title__slug="world-heavyweight-championship").count()
    )


def test_a_failed_show_tells_members_why_and_visitors_only_that_it_failed(sample, people):
    import datetime as dt

    from django.utils import timezone

    Show.objects.create(
        federation=sample,
        number=1,
        name="Broken",
        scheduled_at=timezone.now() - dt.timedelta(days=1),
        status=ShowStatus.FAILED,
        seed=1,
        error="KeyError: 19",
    )
    assert client_for(people, "viewer").get(BASE + "/shows/1/").json()["error"] == "KeyError: 19"
    shown = client_for(people, "anonymous").get(BASE + "/shows/1/").json()["error"]
    assert "KeyError" not in shown and shown


def test_standings_records_and_contenders(history, visitor):
    standings = visitor.get(BASE + "/standings/singles/?page_size=100").json()["results"]
    assert [row["rank"] for row in standings] == list(range(1, len(standings) + 1))
    prestige = [row["prestige"] for row in standings]
    assert prestige == sorted(prestige, reverse=True)
    champions = {row["who"]["slug"] for row in standings if row["champion"]}
    assert champions == {
        r.holder_wrestler.slug
        for r in sample_open_reigns(history)
        if r.holder_wrestler_id is not None
    }
    from matches.records import wrestler_record

    for row in standings[:5]:
        record = wrestler_record(wrestler=Wrestler.objects.get(slug=row["who"]["slug"]))
        assert (row["wins"], row["losses"], row["draws"]) == (
            record.wins,
            record.losses,
            record.draws,
        )
    second = visitor.get(BASE + "/standings/singles/?page_size=5&page=2").json()["results"]
    assert [row["who"]["slug"] for row in second] == [row["who"]["slug"] for row in standings[5:10]]
    assert second[0]["rank"] == 6
    book = visitor.get(BASE + "/records/").json()
    assert book["longest_reigns"][0]["holder"]["slug"] == "orrin-blackwood"
    assert book["longest_reigns"][0]["days_held"] == 938
    assert book["most_defenses"][0]["defenses"] == 14
    contenders = visitor.get(BASE + "/contenders/tag/").json()["results"]
    assert {c["who"]["slug"] for c in contenders} <= {"crosswind", "rivet-gang"}
    assert visitor.get(BASE + "/standings/heavyweight/").status_code == 404


def sample_open_reigns(federation):
    from promotion.models import TitleReign

    return TitleReign.objects.filter(title__federation=federation, ended_on__isnull=True)


def test_odds_for_a_pairing_are_bounded_and_reproducible(sample, visitor):
    body = {"sides": [["corrigan-vale"], ["skylar-finch"]], "runs": 300, "seed": 7}
    first = visitor.post(BASE + "/odds/", body, format="json")
    assert first.status_code == 200, first.content
    again = visitor.post(BASE + "/odds/", body, format="json").json()
    assert first.json() == again
    result = again
    assert result["runs"] == 300
    assert sum(side["wins"] for side in result["sides"]) + result["draws"] == 300
    too_many = visitor.post(BASE + "/odds/", {**body, "runs": 10**6}, format="json")
    assert too_many.status_code == 400
    assert too_many.json()["errors"][0]["path"] == "runs"
    nobody = visitor.post(BASE + "/odds/", {**body, "sides": [["x"], ["skylar-finch"]]})
    assert nobody.status_code == 400


def test_the_ledger_filters_by_attribute_and_show(history, visitor):
    rows = visitor.get(BASE + "/ledger/?show=1&attribute=prestige&page_size=500").json()
    assert (
        rows["count"] == StandingChange.objects.filter(show__number=1, attribute="prestige").count()
    )
    assert all(row["show"] == 1 and row["attribute"] == "prestige" for row in rows["results"])


def test_a_bad_body_is_a_400_not_a_500(sample, booker):
    response = booker.post(BASE + "/wrestlers/", b"{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "path": "",
            "message": "The body is not valid JSON: Expecting property name enclosed in double "
            "quotes (line 1, column 2).",
        }
    ]
    response = booker.post(BASE + "/shows/", {"scheduled_at": "next friday"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "scheduled_at"


def test_running_a_show_answers_202_with_where_to_follow_it(
    sample, booker, visitor, django_capture_on_commit_callbacks, in_process
):
    show = booker.post(BASE + "/shows/", {}, format="json").json()
    url = f"{BASE}/shows/{show['number']}/"
    assert booker.post(url + "autobook/").status_code == 200
    assert visitor.post(url + "run/").status_code == 401
    with django_capture_on_commit_callbacks(execute=True):
        response = booker.post(url + "run/")
    assert response.status_code == 202, response.content
    body = response.json()
    assert body["status"] in ("scheduled", "running", "completed")
    assert response["Location"] == body["status_url"]
    assert body["status_url"].endswith(url + "progress/")
    progress = visitor.get(url + "progress/").json()
    total = Match.objects.filter(show__number=show["number"]).count()
    # With the tasks in process the show has run when the answer comes.
    assert (progress["status"], progress["matches_done"], progress["matches_total"]) == (
        "completed",
        total,
        total,
    )
    assert progress["finished"] is True
    again = booker.post(url + "run/")
    assert again.status_code == 400
    assert again.json()["errors"][0]["path"] == ""


def test_run_this_week_books_and_runs_the_coming_show(
    sample, booker, django_capture_on_commit_callbacks, in_process
):
    with django_capture_on_commit_callbacks(execute=True):
        response = booker.post(BASE + "/shows/run-week/")
    assert response.status_code == 202, response.content
    body = response.json()
    assert booker.get(body["status_url"]).json()["status"] == "completed"
    show = Show.objects.get(federation=sample, number=body["show"])
    assert show.matches.count() == sample.card_size


def test_run_this_week_runs_only_the_show_it_names(
    sample, booker, django_capture_on_commit_callbacks, in_process
):
    # A client that names the show it means (the federation's ``week_show``, as the page's
    # button does) gets it run once: the same request again, a retry after a lost answer, is
    # refused and runs nothing.
    url = BASE + "/shows/run-week/"
    detail = booker.get(BASE + "/").json()
    assert (detail["week_show"], detail["week_show_new"]) == (1, True)  # (the one it would book)
    week = {"show": 1, "new": True}
    with django_capture_on_commit_callbacks(execute=True):
        first = booker.post(url, week, format="json")
    assert first.status_code == 202, first.content
    assert first.json()["show"] == 1
    with django_capture_on_commit_callbacks(execute=True):
        again = booker.post(url, week, format="json")
    assert again.status_code == 409, again.content
    assert again.json()["errors"] == [
        {
            "path": "",
            "message": f"{Show.objects.get(federation=sample, number=1)} has run already, so "
            'nothing was run; "Run this week" now wrestles the show after it.',
        }
    ]
    assert list(Show.objects.filter(federation=sample).values_list("number", "status")) == [
        (1, ShowStatus.COMPLETED)
    ]
    # The next week, named by its number; a number that is not this week's, or not a number.
    detail = booker.get(BASE + "/").json()
    assert (detail["week_show"], detail["week_show_new"]) == (2, True)
    wrong = booker.post(url, {"show": 5}, format="json")
    assert wrong.status_code == 409
    assert wrong.json()["errors"][0]["message"] == (
        '"Run this week" wrestles Show #2 next, not Show #5.'
    )
    bad = booker.post(url, {"show": "next"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["errors"] == [{"path": "show", "message": "A valid integer is required."}]
    with django_capture_on_commit_callbacks(execute=True):
        second = booker.post(url, {"show": 2}, format="json")
    assert second.status_code == 202 and second.json()["show"] == 2


def test_a_failed_show_is_retried_or_cancelled_by_its_bookers(sample, people, booker):
    import datetime as dt

    from django.utils import timezone

    from tests.matches.helpers import book_week

    show = book_week(sample, scheduled_at=timezone.now() + dt.timedelta(days=2), seed=5)
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.FAILED, error="KeyError: 19")
    url = f"{BASE}/shows/{show.number}/"
    assert client_for(people, "viewer").post(url + "retry/").status_code == 403
    progress = client_for(people, "viewer").get(url + "progress/").json()
    assert progress["error"] == "KeyError: 19"
    assert client_for(people, "anonymous").get(url + "progress/").json()["error"] == ""
    retried = booker.post(url + "retry/")
    assert retried.status_code == 200, retried.content
    assert retried.json()["status"] == "scheduled"
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.FAILED, error="KeyError: 19")
    cancelled = booker.post(url + "cancel/")
    assert cancelled.status_code == 200
    assert cancelled.json()["status"] == "cancelled"
    refused = booker.post(url + "retry/")
    assert refused.status_code == 400


def test_head_to_head_counts_the_matches_against_that_opponent_only(sample, visitor):
    """Won one, lost one, drew one against Gale; a win over someone else is not among them."""
    from tests.matches.test_records import bout

    vale, gale, finch = (
        Wrestler.objects.get(federation=sample, slug=slug)
        for slug in ("corrigan-vale", "mortimer-gale", "skylar-finch")
    )
    url = BASE + "/wrestlers/corrigan-vale/head-to-head/"
    before = visitor.get(url + "mortimer-gale/").json()
    bout(1, vale, gale, 0)
    bout(2, gale, vale, 0, "submission")
    bout(3, vale, gale, None, "double_count_out")
    bout(4, vale, finch, 0)
    after = visitor.get(url + "mortimer-gale/").json()
    assert (after["wins"], after["losses"], after["draws"]) == (
        before["wins"] + 1,
        before["losses"] + 1,
        before["draws"] + 1,
    )
    assert after["opponent"] == "mortimer-gale"
    himself = visitor.get(url + "corrigan-vale/")
    assert himself.status_code == 400
    message = "Corrigan Vale has no record against himself: name another wrestler."
    assert himself.json() == {
        "detail": f"opponent: {message}",
        "errors": [{"path": "opponent", "message": message}],
    }
    assert visitor.get(url + "nobody/").status_code == 404


@pytest.mark.parametrize("slug", ["import", "found", "Found"])
def test_a_federation_slug_is_none_of_the_apis_own_words(owner, slug):
    # /api/v1/federations/import/ and /found/ are the API's own addresses: a federation going by
    # one of those words could never be reached below them.
    response = owner.post("/api/v1/federations/", {"name": "Words", "slug": slug}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "path": "slug",
            "message": f"{slug!r} is one of the site's own addresses; choose another slug.",
        }
    ]
    assert not Federation.objects.filter(name="Words").exists()
