"""Pictures: a wrestler's photo, a title's belt, a show's poster.

Every door (the pages, the API, the demo's sample) sets and removes a picture here. An upload is
taken for what its bytes are, never for its name or its declared type:

- at most ``settings.PICTURE_MAX_BYTES`` are read; more is refused;
- Pillow identifies it among JPEG, PNG, WebP and GIF alone (a PHP script named ``.jpg``, an
  SVG, a PDF, a BMP: "not a picture");
- its width and height, read from its header, must be at most ``settings.PICTURE_MAX_PIXELS``
  in all and ``MAX_SIDE`` a side *before* it is decoded (an image bomb: a few kilobytes that
  would decode to gigabytes is refused unread), and Pillow's own bomb guard is an error too;
- it is decoded in full (a truncated file is refused), its first frame only (a GIF's or an
  animation's), turned as its EXIF orientation says, then copied pixel by pixel into a new
  image: nothing of the file but its pixels survives (no EXIF, no GPS position, no comments, no
  colour profile);
- that image is written in one canonical format, WebP (``FORMAT``), at most ``STORED_SIDE``
  pixels a side, with a thumbnail of at most ``THUMB_SIDE`` made once, now.

Both files go through Django's storage API (``default_storage``: local files under
``MEDIA_ROOT`` by default; a bucket through django-storages, docs/deploy.md), under new names
each time (``pictures/<folder>/<random>.webp`` and ``...-thumb.webp``): a replaced picture's
address changes, so no cache shows the old one. The row's one field is written in a
transaction; the old files are deleted once it commits, the new ones if it does not.

This module imports nothing of ``matches``: it takes any model instance and the name of its
picture field (``FIELDS`` lists them), so ``matches`` uses it for a show's poster.
"""

from __future__ import annotations

import contextlib
import functools
import io
import secrets
import threading
import warnings
from dataclasses import dataclass
from importlib import resources
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import models, transaction
from django.db.models.signals import post_delete
from PIL import Image, ImageFile, ImageOps

from promotion.services.base import ServiceError

#: The formats accepted, read from the content (Pillow's names).
ACCEPTED = ("JPEG", "PNG", "WEBP", "GIF")
#: The one format every picture is stored in, and its file ending and media type.
FORMAT, SUFFIX, MEDIA_TYPE = "WEBP", ".webp", "image/webp"
#: The longest side of a decoded upload (either side), whatever its pixel count.
MAX_SIDE = 12_000
#: The longest side of the stored picture and of its thumbnail.
STORED_SIDE, THUMB_SIDE = 1200, 240
QUALITY = 85

#: The picture fields, by model label: the folder their files go in.
FIELDS = {
    ("promotion.wrestler", "photo"): "wrestlers",
    ("promotion.title", "belt"): "belts",
    ("matches.show", "poster"): "posters",
}

NO_FILE = "Attach a picture (a JPEG, PNG, WebP or GIF file)."
TOO_LARGE = "The file is {size} bytes; a picture may be at most {limit} bytes."
EMPTY = "The file is empty."
NOT_A_PICTURE = (
    "This file is not a picture this site accepts: a JPEG, PNG, WebP or GIF image is "
    "(the file's content is read, not its name)."
)
TOO_MANY_PIXELS = (
    "The picture is {width} by {height} pixels; at most {limit:,} pixels in all and "
    "{side:,} a side are accepted."
)
FAR_TOO_MANY_PIXELS = (
    "The picture has far too many pixels to be decoded safely; at most {limit:,} pixels in all "
    "and {side:,} a side are accepted."
)
BROKEN = "The picture could not be read to its end (a truncated or damaged file)."


#: Held while a picture is decoded with Pillow's LOAD_TRUNCATED_IMAGES off (below).
_DECODING = threading.Lock()


class PictureRefused(ServiceError):
    """An upload that is not an acceptable picture, naming the field it came in."""

    def __init__(self, message: str, *, field: str = "picture"):
        super().__init__(message)
        self.field = field
        self.by_field = ((field, message),)


@dataclass(frozen=True)
class CleanPicture:
    """An upload made safe: the stored picture's and its thumbnail's bytes (``FORMAT``)."""

    image: bytes
    thumbnail: bytes
    width: int
    height: int
    #: What the upload was, by its content (``JPEG``, ``PNG``, ...).
    source_format: str


def _read_bounded(upload: Any, *, field: str) -> bytes:
    """The upload's bytes (a file-like object, or bytes), refused past the limit."""
    limit = settings.PICTURE_MAX_BYTES
    if upload is None:
        raise PictureRefused(NO_FILE, field=field)
    if isinstance(upload, bytes | bytearray):
        data = bytes(upload)
    else:
        size = getattr(upload, "size", None)
        if isinstance(size, int) and size > limit:
            raise PictureRefused(TOO_LARGE.format(size=size, limit=limit), field=field)
        if hasattr(upload, "seek"):
            upload.seek(0)
        data = upload.read(limit + 1)
    if len(data) > limit:
        size = getattr(upload, "size", None) or (
            len(data) if isinstance(upload, bytes | bytearray) else f"more than {limit}"
        )
        raise PictureRefused(TOO_LARGE.format(size=size, limit=limit), field=field)
    if not data:
        raise PictureRefused(EMPTY, field=field)
    return data


def _fresh(image: Image.Image) -> Image.Image:
    """The image's pixels alone in a new image: RGB, or RGBA where it has transparency.
    Nothing of the file's ``info`` (EXIF, XMP, ICC profile, comments) comes along."""
    has_alpha = image.mode in ("RGBA", "LA", "PA") or (
        image.mode == "P" and "transparency" in image.info
    )
    mode = "RGBA" if has_alpha else "RGB"
    converted = image.convert(mode)
    fresh = Image.new(mode, converted.size)
    fresh.paste(converted)
    return fresh


def _encode(image: Image.Image, side: int) -> bytes:
    copy = image.copy()
    copy.thumbnail((side, side), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    copy.save(out, FORMAT, quality=QUALITY, method=4, exif=b"", icc_profile=None)
    return out.getvalue()


def clean_picture(upload: Any, *, field: str = "picture") -> CleanPicture:
    """``upload`` checked and re-encoded (the module's rules), or ``PictureRefused`` naming
    ``field``. Writes nothing."""
    data = _read_bounded(upload, field=field)
    max_pixels = settings.PICTURE_MAX_PIXELS
    with warnings.catch_warnings():
        # Pillow warns of a possible bomb past its own MAX_IMAGE_PIXELS: an error here.
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            opened = Image.open(io.BytesIO(data), formats=ACCEPTED)
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise PictureRefused(
                FAR_TOO_MANY_PIXELS.format(limit=max_pixels, side=MAX_SIDE), field=field
            ) from None
        except Exception:  # anything Pillow cannot identify as an accepted format
            raise PictureRefused(NOT_A_PICTURE, field=field) from None
        with opened:
            width, height = opened.size
            source_format = opened.format or ""
            if (
                width < 1
                or height < 1
                or width > MAX_SIDE
                or height > MAX_SIDE
                or width * height > max_pixels
            ):
                raise PictureRefused(
                    TOO_MANY_PIXELS.format(
                        width=width, height=height, limit=max_pixels, side=MAX_SIDE
                    ),
                    field=field,
                )
            try:
                opened.seek(0)  # the first frame of an animation
                if source_format == "JPEG":
                    # Decoded at the smallest scale still at least STORED_SIDE a side: a
                    # 12-megapixel photo decodes about four times as fast.
                    opened.draft("RGB", (STORED_SIDE, STORED_SIDE))
                _load_whole(opened)
                turned = ImageOps.exif_transpose(opened)
                fresh = _fresh(turned)
            except (Image.DecompressionBombError, Image.DecompressionBombWarning):
                raise PictureRefused(
                    TOO_MANY_PIXELS.format(
                        width=width, height=height, limit=max_pixels, side=MAX_SIDE
                    ),
                    field=field,
                ) from None
            except Exception:  # truncated, damaged, or lying about itself
                raise PictureRefused(BROKEN, field=field) from None
    return CleanPicture(
        image=_encode(fresh, STORED_SIDE),
        thumbnail=_encode(fresh, THUMB_SIDE),
        width=fresh.width,
        height=fresh.height,
        source_format=source_format,
    )


def _load_whole(image: Image.Image) -> None:
    """Decode ``image`` in full, or raise. Pillow's ``LOAD_TRUNCATED_IMAGES`` is a global that
    other libraries turn on for good on import (WeasyPrint does, for the PDF cards): with it on,
    a truncated file decodes "successfully" with its missing part filled in. It is off while a
    picture is decoded here, and put back as it was."""
    with _DECODING:
        was = ImageFile.LOAD_TRUNCATED_IMAGES
        ImageFile.LOAD_TRUNCATED_IMAGES = False
        try:
            image.load()
        finally:
            ImageFile.LOAD_TRUNCATED_IMAGES = was


def _folder(instance: models.Model, field: str) -> str:
    key = (instance._meta.label_lower, field)
    if key not in FIELDS:
        raise ValueError(f"{instance._meta.label}.{field} is not a picture field.")
    return FIELDS[key]


def thumbnail_name(name: str) -> str:
    """The stored thumbnail's name beside a stored picture's."""
    stem = name[: -len(SUFFIX)] if name.endswith(SUFFIX) else name
    return f"{stem}-thumb{SUFFIX}"


def thumbnail_url(name: str) -> str:
    return default_storage.url(thumbnail_name(name)) if name else ""


def picture_url(name: str) -> str:
    return default_storage.url(name) if name else ""


def _delete_files(name: str) -> None:
    for each in (name, thumbnail_name(name)):
        with contextlib.suppress(OSError):  # already gone: nothing to remove
            default_storage.delete(each)


def picture_set(instance: models.Model, field: str, upload: Any, *, form_field: str = "") -> str:
    """Check ``upload`` (``clean_picture``), store it and its thumbnail, and make it
    ``instance``'s ``field`` (that column alone is written). The old picture's files are
    deleted once the change commits; the new ones if it does not. The stored name."""
    folder = _folder(instance, field)
    clean = clean_picture(upload, field=form_field or field)
    token = secrets.token_hex(12)
    name = default_storage.save(f"pictures/{folder}/{token}{SUFFIX}", ContentFile(clean.image))
    default_storage.save(thumbnail_name(name), ContentFile(clean.thumbnail))
    try:
        with transaction.atomic():
            old = _swap(instance, field, name)
            transaction.on_commit(lambda: _delete_files(old) if old else None)
    except BaseException:
        _delete_files(name)
        raise
    return name


def picture_remove(instance: models.Model, field: str) -> bool:
    """Remove ``instance``'s picture in ``field`` (its files deleted once the change commits).
    Whether there was one."""
    _folder(instance, field)
    with transaction.atomic():
        old = _swap(instance, field, "")
        if old:
            transaction.on_commit(lambda: _delete_files(old))
    return bool(old)


def _swap(instance: models.Model, field: str, name: str) -> str:
    """Write ``name`` into the row's ``field`` alone (the row locked while it is read and
    written); the name it had."""
    model = type(instance)
    row = model._default_manager.select_for_update().filter(pk=instance.pk)
    old = row.values_list(field, flat=True).first()
    if old is None and not row.exists():
        raise ServiceError(f"This {model._meta.verbose_name} no longer exists.")
    row.update(**{field: name})
    setattr(instance, field, name)
    return old or ""


# -- the sample federation's own pictures ------------------------------------------------------

#: The sample's pictures, drawn by scripts/make_sample_pictures.py: ``wrestlers/<slug>.png``,
#: ``titles/<slug>.png`` and ``shows/poster.png``.
SAMPLE_PICTURES = "data/sample/pictures"


def sample_pictures_attach(federation, *, show: models.Model | None = None) -> int:
    """Give the sample federation's wrestlers and titles the pictures it ships (those that
    have none yet), and ``show`` its poster: each through ``picture_set``, as an upload. How
    many were attached."""
    folder = resources.files("promotion").joinpath(SAMPLE_PICTURES)
    attached = 0
    targets: list[tuple[models.Model, str, Any]] = []
    for subject, rows, field in (
        ("wrestlers", federation.wrestlers.all(), "photo"),
        ("titles", federation.titles.all(), "belt"),
    ):
        for row in rows:
            path = folder.joinpath(subject, f"{row.slug}.png")
            if path.is_file():
                targets.append((row, field, path))
    if show is not None:
        targets.append((show, "poster", folder.joinpath("shows", "poster.png")))
    for row, field, path in targets:
        if not getattr(row, field):
            picture_set(row, field, path.read_bytes())
            attached += 1
    return attached


# -- a row deleted takes its picture's files with it -------------------------------------------


def _files_of_deleted_row(sender, instance, **kwargs) -> None:
    """A wrestler, title or show deleted (alone, or with its federation): its picture's files
    are deleted once the deletion commits."""
    for (label, field), _folder_name in FIELDS.items():
        if instance._meta.label_lower == label:
            name = str(getattr(instance, field) or "")
            if name:
                transaction.on_commit(functools.partial(_delete_files, name))


for _label, _field in FIELDS:
    post_delete.connect(
        _files_of_deleted_row, sender=_label, dispatch_uid=f"pictures-{_label}-{_field}"
    )
