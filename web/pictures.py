"""The doors' side of pictures (a wrestler's photo, a title's belt, a show's poster): the pages'
upload-and-remove button, the API's ``GET``/``POST``/``DELETE .../<field>/`` action and the
field that gives a row's picture in the API's bodies (``PictureField``). The button and the
action hand the file to ``promotion.pictures`` (which checks, re-encodes, stores and deletes) and
say what it answered; none of them reads the file itself.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import SuspiciousFileOperation
from django.db import models
from django.http import Http404, HttpRequest
from django.shortcuts import redirect
from django.views.static import serve
from drf_spectacular.utils import extend_schema, extend_schema_field, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response

from promotion import pictures
from promotion.services.base import ServiceError


def media(request, path: str):
    """An uploaded picture's file, where the site serves them itself (``SERVE_MEDIA``: the
    demo and development). In production nginx serves ``MEDIA_ROOT`` (docs/deploy.md) and this
    answers 404."""
    if not settings.SERVE_MEDIA:
        raise Http404("Pictures are served by the web server.")
    try:
        response = serve(request, path, document_root=str(settings.MEDIA_ROOT))
    except SuspiciousFileOperation:  # a path out of the folder ("../")
        raise Http404("No such picture.") from None
    response["X-Content-Type-Options"] = "nosniff"
    return response


#: The form field (a page's and the API's) that carries the file.
FILE_FIELD = "picture"


def picture_urls(
    instance: models.Model, field: str, *, request: HttpRequest | None = None
) -> dict[str, str | None]:
    """A stored picture's address and its thumbnail's (``None`` for both where none is set):
    absolute (``request.build_absolute_uri``) when given the request, else as the storage
    gives them (``/media/...`` on the disk). Read from the row's column: no query."""
    name = str(getattr(instance, field) or "")
    urls = {"picture": pictures.picture_url(name), "thumbnail": pictures.thumbnail_url(name)}
    if request is not None:
        urls = {key: url and request.build_absolute_uri(url) for key, url in urls.items()}
    return {key: url or None for key, url in urls.items()}


class PictureSerializer(serializers.Serializer):
    """A picture set on a row, as the API's bodies give it (``PictureField``)."""

    picture = serializers.URLField(help_text="The picture (WebP), an absolute address.")
    thumbnail = serializers.URLField(help_text="Its thumbnail (WebP), an absolute address.")


@extend_schema_field(PictureSerializer)
class PictureField(serializers.Field):
    """A row's picture (the model's ``FileField`` of the same name, or ``source``) in a body:
    ``{"picture", "thumbnail"}``, absolute addresses built from the request in the serializer's
    context (``picture_urls``), or null where none is set. Read only."""

    def __init__(self, **kwargs):
        kwargs["read_only"] = True
        kwargs.setdefault("allow_null", True)
        super().__init__(**kwargs)

    def get_attribute(self, instance):
        return instance  # (the row: picture_urls reads its column)

    def to_representation(self, value):
        urls = picture_urls(value, self.source, request=self.context.get("request"))
        return urls if urls["picture"] else None


def picture_post(request, instance: models.Model, field: str, *, to: str, what: str):
    """A page's picture button pressed: ``remove`` removes the picture; otherwise the file in
    ``picture`` replaces it. The outcome is told on ``to``, the page the button is on."""
    if request.POST.get("remove"):
        if pictures.picture_remove(instance, field):
            messages.success(request, f"{what} removed.")
        else:
            messages.info(request, f"There was no {what.lower()} to remove.")
        return redirect(to)
    try:
        pictures.picture_set(instance, field, request.FILES.get(FILE_FIELD), form_field=FILE_FIELD)
    except ServiceError as exc:
        messages.error(request, f"Picture: {exc}")
    else:
        messages.success(request, f"{what} saved.")
    return redirect(to)


_URLS = inline_serializer(
    "PictureAddresses",
    {
        "picture": serializers.CharField(allow_null=True, help_text="The picture (WebP)."),
        "thumbnail": serializers.CharField(allow_null=True, help_text="Its thumbnail (WebP)."),
    },
)


def picture_action(field: str, noun: str, tag: str) -> Any:
    """A viewset's ``<field>/`` action on one row: ``GET`` its picture's addresses (read),
    ``POST`` a new one as ``multipart/form-data`` with the file as ``picture`` (book; 200 with
    the addresses, 400 naming ``picture`` when the file is refused), ``DELETE`` it (book; 204)."""

    def handler(self, request, **kwargs):
        row = self.get_object()
        if request.method == "POST":
            pictures.picture_set(row, field, request.FILES.get(FILE_FIELD), form_field=FILE_FIELD)
        elif request.method == "DELETE":
            pictures.picture_remove(row, field)
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(picture_urls(row, field, request=request))

    handler.__name__ = field
    handler.__qualname__ = field
    upload = inline_serializer(
        f"{field.capitalize()}Upload",
        {
            FILE_FIELD: serializers.FileField(
                help_text="A JPEG, PNG, WebP or GIF file, read by its content; stored re-encoded "
                "as WebP without its metadata, with a thumbnail."
            )
        },
    )
    # (the action first: ``action`` sets the function's ``kwargs``, where the schema's
    # annotations below are kept)
    handler = action(
        detail=True,
        methods=["get", "post", "delete"],
        url_path=field,
        url_name=field,
        parser_classes=[MultiPartParser],
        http_method_names=["get", "post", "delete", "head", "options"],
    )(handler)
    handler = extend_schema(
        methods=["DELETE"], summary=f"Remove the {noun}", responses={204: None}, tags=[tag]
    )(handler)
    handler = extend_schema(
        methods=["POST"],
        summary=f"Upload the {noun} (replacing any)",
        request={"multipart/form-data": upload},
        responses=_URLS,
        tags=[tag],
    )(handler)
    return extend_schema(
        methods=["GET"], summary=f"The {noun}'s addresses", responses=_URLS, tags=[tag]
    )(handler)
