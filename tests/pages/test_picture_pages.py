"""Pictures on the pages: a booker uploads a wrestler's photo, a title's belt and a show's
poster from their pages, replaces and removes them; hostile files are refused in words naming
the picture and store nothing; the roster, the profile, the title and the show pages show the
picture (its thumbnail) or a placeholder of initials, never an address of another site; readers
get no upload button and cannot post to it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from promotion import pictures
from promotion.models import Wrestler
from tests import factories
from tests.pages.conftest import client_for, told
from tests.promotion.test_pictures import (
    PHP,
    SVG,
    bomb,
    jpeg_with_gps,
    png,
    truncated,
    upload,
)

pytestmark = pytest.mark.django_db

NOT_A_PICTURE = "Picture: " + pictures.NOT_A_PICTURE


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    settings.SERVE_MEDIA = True
    return tmp_path / "media"


def stored() -> list[str]:
    root = Path(settings.MEDIA_ROOT)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


@pytest.fixture
def wrestler(staffed):
    return factories.WrestlerFactory(federation=staffed, ring_name="Vera Kane", slug="vera-kane")


def images(html: str) -> list[str]:
    return re.findall(r'<img[^>]*src="([^"]+)"', html)


def test_a_booker_uploads_a_photo_that_the_profile_and_the_roster_show(booker, wrestler):
    fed = wrestler.federation.slug
    profile = reverse("wrestler-detail", args=[fed, wrestler.slug])
    before = booker.get(profile).content.decode()
    # No picture yet: the placeholder, his initials, and the button to upload one.
    assert 'aria-label="No photo yet"' in before and ">VK<" in before
    assert reverse("wrestler-photo", args=[fed, wrestler.slug]) in before
    assert 'enctype="multipart/form-data"' in before

    response = booker.post(
        reverse("wrestler-photo", args=[fed, wrestler.slug]),
        {"picture": upload(jpeg_with_gps(), "me.jpg", "image/jpeg")},
    )
    assert response.status_code == 302 and response["Location"] == profile
    assert told(booker, response) == ["Vera Kane's photo saved."]

    name = Wrestler.objects.get(pk=wrestler.pk).photo.name
    thumb = pictures.thumbnail_name(name)
    assert stored() == sorted([name, thumb])
    page = booker.get(profile).content.decode()
    assert f'src="/media/{thumb}"' in page and f'href="/media/{name}"' in page
    assert "No photo yet" not in page
    roster = booker.get(reverse("roster", args=[fed])).content.decode()
    assert f'src="/media/{thumb}"' in roster
    # Every picture on these pages is the site's own: nothing fetched from elsewhere.
    for src in images(page) + images(roster):
        assert src.startswith("/"), src

    served = booker.get(f"/media/{name}")
    assert served.status_code == 200
    assert served["Content-Type"] == "image/webp"
    assert served["X-Content-Type-Options"] == "nosniff"
    body = b"".join(served.streaming_content)
    assert body[8:12] == b"WEBP" and b"GPS" not in body and b"Exif" not in body


def test_the_pages_allow_the_sites_own_images_alone(booker, wrestler):
    response = booker.get(reverse("wrestler-detail", args=[wrestler.federation.slug, "vera-kane"]))
    policy = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    assert policy["img-src"] == "'self' data:"
    assert policy["default-src"] == "'self'"


@pytest.mark.parametrize(
    ("data", "name", "said"),
    [
        (PHP, "shell.jpg", NOT_A_PICTURE),
        (SVG, "belt.svg", NOT_A_PICTURE),
        (truncated(), "cut.png", "Picture: " + pictures.BROKEN),
        (
            bomb(10_000, 5_000),
            "bomb.png",
            "Picture: The picture is 10000 by 5000 pixels; at most 40,000,000 pixels in all and "
            "12,000 a side are accepted.",
        ),
    ],
)
def test_a_hostile_file_is_refused_in_words_and_stores_nothing(booker, wrestler, data, name, said):
    response = booker.post(
        reverse("wrestler-photo", args=[wrestler.federation.slug, wrestler.slug]),
        {"picture": upload(data, name, "image/jpeg")},
    )
    assert told(booker, response) == [said]
    assert Wrestler.objects.get(pk=wrestler.pk).photo.name == ""
    assert stored() == []


def test_no_file_is_refused_naming_the_picture(booker, wrestler):
    response = booker.post(reverse("wrestler-photo", args=[wrestler.federation.slug, "vera-kane"]))
    assert told(booker, response) == ["Picture: " + pictures.NO_FILE]


def test_replacing_and_removing_delete_the_old_files(
    booker, wrestler, django_capture_on_commit_callbacks
):
    address = reverse("wrestler-photo", args=[wrestler.federation.slug, wrestler.slug])
    with django_capture_on_commit_callbacks(execute=True):
        booker.post(address, {"picture": upload(png())})
    first = Wrestler.objects.get(pk=wrestler.pk).photo.name
    with django_capture_on_commit_callbacks(execute=True):
        booker.post(address, {"picture": upload(png(color=(0, 0, 200)))})
    second = Wrestler.objects.get(pk=wrestler.pk).photo.name
    assert first != second
    assert stored() == sorted([second, pictures.thumbnail_name(second)])
    assert booker.get(f"/media/{first}").status_code == 404

    page = booker.get(reverse("wrestler-detail", args=[wrestler.federation.slug, "vera-kane"]))
    assert "Remove the photo" in page.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = booker.post(address, {"remove": "1"})
    assert told(booker, response) == ["Vera Kane's photo removed."]
    assert stored() == []
    assert Wrestler.objects.get(pk=wrestler.pk).photo.name == ""


def test_a_titles_belt_and_a_shows_poster(booker, staffed):
    title = factories.TitleFactory(federation=staffed, name="World Title", slug="world")
    show = factories.ShowFactory(federation=staffed, name="Harbor Brawl")
    title_page = reverse("title-detail", args=[staffed.slug, "world"])
    show_page = reverse("show-detail", args=[staffed.slug, show.number])
    assert 'aria-label="No belt yet"' in booker.get(title_page).content.decode()
    assert 'aria-label="No poster yet"' in booker.get(show_page).content.decode()

    response = booker.post(
        reverse("title-belt", args=[staffed.slug, "world"]), {"picture": upload(png(400, 200))}
    )
    assert response["Location"] == title_page
    assert told(booker, response) == ["The World Title's belt picture saved."]
    response = booker.post(
        reverse("show-poster", args=[staffed.slug, show.number]),
        {"picture": upload(png(300, 400), "poster.webp", "image/webp")},
    )
    assert response["Location"] == show_page
    assert told(booker, response) == ["The poster of Harbor Brawl saved."]

    title.refresh_from_db()
    show.refresh_from_db()
    belt_thumb = pictures.thumbnail_name(title.belt.name)
    poster_thumb = pictures.thumbnail_name(show.poster.name)
    assert f'src="/media/{belt_thumb}"' in booker.get(title_page).content.decode()
    assert f'src="/media/{poster_thumb}"' in booker.get(show_page).content.decode()
    assert title.belt.name.startswith("pictures/belts/")
    assert show.poster.name.startswith("pictures/posters/")


@pytest.mark.parametrize("role", ["anonymous", "outsider", "viewer"])
def test_readers_get_no_button_and_cannot_post(client, users, wrestler, role):
    client = client_for(client, users, role)
    fed = wrestler.federation.slug
    page = client.get(reverse("wrestler-detail", args=[fed, wrestler.slug])).content.decode()
    assert reverse("wrestler-photo", args=[fed, wrestler.slug]) not in page
    response = client.post(
        reverse("wrestler-photo", args=[fed, wrestler.slug]), {"picture": upload(png())}
    )
    assert response.status_code in (302, 403)
    if response.status_code == 302:  # a visitor is sent to sign in
        assert response["Location"].startswith(reverse("login"))
    assert stored() == []


def test_the_address_opened_leads_to_the_page(booker, wrestler):
    fed = wrestler.federation.slug
    response = booker.get(reverse("wrestler-photo", args=[fed, wrestler.slug]))
    assert response.status_code == 302
    assert response["Location"] == reverse("wrestler-detail", args=[fed, wrestler.slug])


def test_media_is_not_served_by_the_site_where_the_web_server_serves_it(booker, wrestler, settings):
    pictures.picture_set(wrestler, "photo", upload(png()))
    name = Wrestler.objects.get(pk=wrestler.pk).photo.name
    assert booker.get(f"/media/{name}").status_code == 200
    settings.SERVE_MEDIA = False
    assert booker.get(f"/media/{name}").status_code == 404
    settings.SERVE_MEDIA = True
    assert booker.get("/media/../config/settings.py").status_code == 404


def test_the_titles_list_shows_a_belt_beside_its_title(booker, staffed):
    factories.TitleFactory(federation=staffed, name="World Title", slug="world")
    factories.TitleFactory(federation=staffed, name="Tag Titles", slug="tag")
    booker.post(reverse("title-belt", args=[staffed.slug, "world"]), {"picture": upload(png())})
    name = staffed.titles.get(slug="world").belt.name
    listing = booker.get(reverse("title-list", args=[staffed.slug])).content.decode()
    assert images(listing) == [f"/media/{pictures.thumbnail_name(name)}"]
