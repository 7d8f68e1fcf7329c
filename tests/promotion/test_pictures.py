"""The picture service (promotion/pictures.py) against hostile uploads: a PHP script named
``.jpg``, image bombs, an SVG with a script, truncated files, a photo carrying its GPS position;
and what it keeps: one canonical format, bounded sizes, a thumbnail, the old files deleted, one
column written, nothing left behind by a refusal.

The helpers that make the files are used by the pages' and the API's tests too."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageFile

from promotion import pictures
from promotion.models import Wrestler
from tests import factories

PHP = b"<?php echo shell_exec($_GET['cmd']); ?>\n"
SVG = (
    b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
    b'<script type="text/javascript">alert(document.cookie)</script>'
    b'<rect width="100" height="100" fill="red"/></svg>'
)
#: A position written into a photo's EXIF GPS block: latitude 51° 30' N.
GPS = {1: "N", 2: (51.0, 30.0, 0.0), 3: "W", 4: (0.0, 7.0, 0.0)}


def png(width: int = 64, height: int = 48, mode: str = "RGB", color=(180, 30, 40)) -> bytes:
    out = io.BytesIO()
    Image.new(mode, (width, height), color).save(out, "PNG")
    return out.getvalue()


def jpeg_with_gps(width: int = 64, height: int = 48, orientation: int = 6) -> bytes:
    """A JPEG whose EXIF says where it was taken (GPS), by what, and to turn it (6: 90° right)."""
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x010F] = "SpyCam Inc."  # Make
    exif[0x8825] = GPS
    out = io.BytesIO()
    Image.new("RGB", (width, height), (20, 120, 40)).save(
        out, "JPEG", exif=exif.tobytes(), comment=b"secret note"
    )
    return out.getvalue()


def bomb(width: int = 30_000, height: int = 30_000) -> bytes:
    """A small PNG (1 bit a pixel, all black: it compresses to almost nothing) whose header
    promises ``width`` by ``height`` pixels."""
    out = io.BytesIO()
    Image.new("1", (width, height)).save(out, "PNG", optimize=True)
    return out.getvalue()


def truncated() -> bytes:
    """The first half of a PNG of noise (its data cut off in the middle)."""
    out = io.BytesIO()
    Image.effect_noise((200, 200), 80).convert("RGB").save(out, "PNG")
    whole = out.getvalue()
    return whole[: len(whole) // 2]


def upload(data: bytes, name: str = "picture.png", content_type: str = "image/png"):
    return SimpleUploadedFile(name, data, content_type=content_type)


def stored_files() -> list[str]:
    root = Path(settings.MEDIA_ROOT)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


# -- refused ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "name"),
    [
        (PHP, "photo.jpg"),
        (PHP, "photo.php.jpg"),
        (SVG, "belt.svg"),
        (SVG, "belt.png"),
        (b"GIF89a" + PHP, "poster.gif"),  # a GIF's first bytes, then a script
        (b"%PDF-1.4\n" + b"0" * 200, "poster.jpg"),
    ],
)
def test_a_file_that_is_no_picture_is_refused_whatever_its_name(data, name):
    with pytest.raises(pictures.PictureRefused) as refused:
        pictures.clean_picture(upload(data, name, "image/jpeg"))
    assert str(refused.value) == pictures.NOT_A_PICTURE
    assert refused.value.by_field == (("picture", pictures.NOT_A_PICTURE),)


@pytest.mark.parametrize("kind", ["BMP", "TIFF", "ICO", "PPM"])
def test_a_real_image_of_a_format_not_accepted_is_refused(kind):
    """Pillow reads these, but the service accepts JPEG, PNG, WebP and GIF alone."""
    out = io.BytesIO()
    Image.new("RGB", (32, 32), (1, 2, 3)).save(out, kind)
    with pytest.raises(pictures.PictureRefused, match="not a picture this site accepts"):
        pictures.clean_picture(out.getvalue())


def test_an_image_bomb_is_refused_from_its_header_without_decoding(monkeypatch):
    data = bomb(10_000, 5_000)  # 50 million pixels: past the 40 million allowed
    assert len(data) < 20_000  # (a few kilobytes that would decode to 50 MB)

    def decoded(self):
        raise AssertionError("the bomb was decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", decoded)
    with pytest.raises(pictures.PictureRefused) as refused:
        pictures.clean_picture(data)
    assert str(refused.value) == (
        "The picture is 10000 by 5000 pixels; at most 40,000,000 pixels in all and 12,000 a "
        "side are accepted."
    )


def test_a_bomb_past_pillows_own_guard_is_refused_too():
    data = bomb(30_000, 30_000)  # 900 million pixels: Pillow itself refuses to open it
    with pytest.raises(pictures.PictureRefused) as refused:
        pictures.clean_picture(data)
    assert "far too many pixels" in str(refused.value)


def test_a_long_thin_picture_past_the_side_limit_is_refused():
    with pytest.raises(pictures.PictureRefused, match="13000 by 2 pixels"):
        pictures.clean_picture(png(13_000, 2))


def test_the_pixel_limit_is_the_setting(settings):
    settings.PICTURE_MAX_PIXELS = 64 * 48 - 1
    with pytest.raises(pictures.PictureRefused, match="64 by 48 pixels; at most 3,071 pixels"):
        pictures.clean_picture(png(64, 48))
    settings.PICTURE_MAX_PIXELS = 64 * 48
    assert pictures.clean_picture(png(64, 48)).width == 64


@pytest.mark.parametrize("kind", ["PNG", "JPEG", "WEBP", "GIF"])
def test_a_truncated_picture_is_refused(kind):
    out = io.BytesIO()
    # Noise, so that the file is long and its data cannot be guessed from its start.
    Image.effect_noise((200, 200), 80).convert("RGB").save(out, kind)
    whole = out.getvalue()
    assert pictures.clean_picture(whole).width == 200  # the whole file is fine
    with pytest.raises(pictures.PictureRefused) as refused:
        pictures.clean_picture(whole[: len(whole) // 2])
    assert str(refused.value) in (pictures.BROKEN, pictures.NOT_A_PICTURE)


def test_a_truncated_picture_is_refused_even_where_pillow_is_told_to_accept_one(monkeypatch):
    """WeasyPrint (the PDF cards) sets Pillow's LOAD_TRUNCATED_IMAGES on import, for the whole
    process: the service decodes with it off all the same, and leaves it as it found it."""
    monkeypatch.setattr(ImageFile, "LOAD_TRUNCATED_IMAGES", True)
    with pytest.raises(pictures.PictureRefused) as refused:
        pictures.clean_picture(truncated())
    assert str(refused.value) == pictures.BROKEN
    assert ImageFile.LOAD_TRUNCATED_IMAGES is True


def test_a_file_over_the_byte_limit_is_refused_unread(settings):
    settings.PICTURE_MAX_BYTES = 1000
    out = io.BytesIO()
    Image.effect_noise((100, 100), 80).save(out, "PNG")
    data = out.getvalue()
    assert len(data) > 1000
    with pytest.raises(pictures.PictureRefused) as refused:
        pictures.clean_picture(upload(data))
    assert str(refused.value) == (
        f"The file is {len(data)} bytes; a picture may be at most 1000 bytes."
    )


def test_no_file_and_an_empty_file_are_refused_by_the_field():
    with pytest.raises(pictures.PictureRefused) as none:
        pictures.clean_picture(None, field="photo")
    assert none.value.by_field == (("photo", pictures.NO_FILE),)
    with pytest.raises(pictures.PictureRefused, match=r"The file is empty\."):
        pictures.clean_picture(upload(b""))


# -- cleaned ----------------------------------------------------------------------------------


def test_a_photo_loses_its_exif_and_gps_position_and_is_turned_upright():
    data = jpeg_with_gps(64, 48, orientation=6)
    original = Image.open(io.BytesIO(data))
    assert original.getexif().get_ifd(0x8825)[2] == (51.0, 30.0, 0.0)  # (it was there)

    clean = pictures.clean_picture(upload(data, "holiday.jpg", "image/jpeg"))

    stored = Image.open(io.BytesIO(clean.image))
    assert stored.format == "WEBP"
    assert dict(stored.getexif()) == {}
    for marker in (b"Exif", b"GPS", b"SpyCam", b"secret note", b"ICCP", b"XMP "):
        assert marker not in clean.image
        assert marker not in clean.thumbnail
    # Orientation 6 means "turn 90 degrees to show": 64 wide by 48 high becomes 48 by 64.
    assert stored.size == (48, 64)
    assert (clean.width, clean.height) == (48, 64)
    assert clean.source_format == "JPEG"


def test_the_type_is_read_from_the_content_and_stored_as_webp():
    clean = pictures.clean_picture(upload(png(), "photo.gif", "text/plain"))
    assert clean.source_format == "PNG"
    assert Image.open(io.BytesIO(clean.image)).format == "WEBP"
    assert clean.image[:4] == b"RIFF" and clean.image[8:12] == b"WEBP"


def test_a_large_picture_is_stored_at_most_1200_a_side_with_a_240_thumbnail():
    clean = pictures.clean_picture(png(3000, 1500))
    assert Image.open(io.BytesIO(clean.image)).size == (1200, 600)
    assert Image.open(io.BytesIO(clean.thumbnail)).size == (240, 120)
    small = pictures.clean_picture(png(100, 50))
    assert Image.open(io.BytesIO(small.image)).size == (100, 50)  # never enlarged
    assert Image.open(io.BytesIO(small.thumbnail)).size == (100, 50)


def test_transparency_is_kept_and_an_animation_gives_its_first_frame():
    clean = pictures.clean_picture(png(40, 40, mode="RGBA", color=(0, 0, 0, 0)))
    assert Image.open(io.BytesIO(clean.image)).mode == "RGBA"
    frames = [Image.new("RGB", (30, 30), c) for c in ((250, 0, 0), (0, 0, 250))]
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=100, loop=0)
    clean = pictures.clean_picture(out.getvalue())
    stored = Image.open(io.BytesIO(clean.image))
    assert getattr(stored, "n_frames", 1) == 1
    red, _green, blue = stored.convert("RGB").getpixel((15, 15))
    assert red > 200 and blue < 50  # the first frame's red, not the second's blue


# -- stored, replaced, removed ------------------------------------------------------------------


def test_setting_a_photo_stores_it_and_its_thumbnail_and_writes_that_column_alone(db):
    wrestler = factories.WrestlerFactory(ring_name="Vera Kane")
    # Someone else renames him meanwhile: the picture's write must not put the old name back.
    Wrestler.objects.filter(pk=wrestler.pk).update(ring_name="Vera Kane II", prestige=77)
    name = pictures.picture_set(wrestler, "photo", upload(png()))
    assert name.startswith("pictures/wrestlers/") and name.endswith(".webp")
    assert stored_files() == sorted([name, pictures.thumbnail_name(name)])
    row = Wrestler.objects.get(pk=wrestler.pk)
    assert (row.photo.name, row.ring_name, row.prestige) == (name, "Vera Kane II", 77)
    assert row.photo.url == f"/media/{name}"
    assert pictures.thumbnail_url(name) == f"/media/{name[:-5]}-thumb.webp"


def test_replacing_a_picture_deletes_the_old_files_and_removing_deletes_them_all(
    django_capture_on_commit_callbacks, db
):
    title = factories.TitleFactory()
    with django_capture_on_commit_callbacks(execute=True):
        first = pictures.picture_set(title, "belt", upload(png()))
    with django_capture_on_commit_callbacks(execute=True):
        second = pictures.picture_set(title, "belt", upload(png(color=(1, 2, 3))))
    assert first != second
    assert stored_files() == sorted([second, pictures.thumbnail_name(second)])
    with django_capture_on_commit_callbacks(execute=True):
        assert pictures.picture_remove(title, "belt") is True
    assert stored_files() == []
    title.refresh_from_db()
    assert title.belt.name == ""
    with django_capture_on_commit_callbacks(execute=True):
        assert pictures.picture_remove(title, "belt") is False


def test_a_refused_upload_stores_nothing_and_keeps_the_old_picture(
    django_capture_on_commit_callbacks, db
):
    show = factories.ShowFactory()
    with django_capture_on_commit_callbacks(execute=True):
        kept = pictures.picture_set(show, "poster", upload(png()))
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(pictures.PictureRefused):
        pictures.picture_set(show, "poster", upload(PHP, "poster.jpg"))
    show.refresh_from_db()
    assert show.poster.name == kept
    assert stored_files() == sorted([kept, pictures.thumbnail_name(kept)])


def test_a_write_that_fails_deletes_the_files_it_stored(db):
    wrestler = factories.WrestlerFactory()
    Wrestler.objects.filter(pk=wrestler.pk).delete()  # gone before the picture is written
    with pytest.raises(pictures.ServiceError, match="no longer exists"):
        pictures.picture_set(wrestler, "photo", upload(png()))
    assert stored_files() == []


def test_only_the_picture_fields_take_pictures(db):
    wrestler = factories.WrestlerFactory()
    with pytest.raises(ValueError, match=r"Wrestler\.hometown is not a picture field"):
        pictures.picture_set(wrestler, "hometown", upload(png()))
    assert stored_files() == []


def test_deleting_a_row_or_its_federation_deletes_its_picture_files(
    django_capture_on_commit_callbacks, db
):
    from promotion.services import federation_delete

    wrestler = factories.WrestlerFactory()
    with django_capture_on_commit_callbacks(execute=True):
        pictures.picture_set(wrestler, "photo", upload(png()))
    with django_capture_on_commit_callbacks(execute=True):
        Wrestler.objects.filter(pk=wrestler.pk).delete()
    assert stored_files() == []

    federation = factories.FederationFactory()
    rows = [
        (factories.WrestlerFactory(federation=federation), "photo"),
        (factories.TitleFactory(federation=federation), "belt"),
        (factories.ShowFactory(federation=federation), "poster"),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        for row, field in rows:
            pictures.picture_set(row, field, upload(png()))
    assert len(stored_files()) == 6
    with django_capture_on_commit_callbacks(execute=True):
        federation_delete(federation=federation)
    assert stored_files() == []


def test_a_large_jpeg_decoded_at_a_smaller_scale_still_fills_1200_a_side():
    out = io.BytesIO()
    Image.linear_gradient("L").resize((3000, 2000)).convert("RGB").save(out, "JPEG")
    clean = pictures.clean_picture(out.getvalue())
    assert Image.open(io.BytesIO(clean.image)).size == (1200, 800)
    assert Image.open(io.BytesIO(clean.thumbnail)).size == (240, 160)
    assert clean.source_format == "JPEG"
