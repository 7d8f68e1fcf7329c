"""The parts of the REST API that its settings name (``REST_FRAMEWORK`` in config/settings.py):
errors, pagination, throttles, YAML in and out, what OPTIONS answers. Kept apart from
``web.api`` because DRF reads these while ``rest_framework.views`` itself is being imported.

Errors always have one shape, ``{"detail": ..., "errors": [{"path": ..., "message": ...}]}``:
the booking service's reasons, a card's problems by path, a serializer's fields by path. Every
refusal is mapped by its base, ``rules.core.refusal.Refusal`` (its ``status_code``, ``by_field``
and ``heading``), so this module names no app's errors; a conflict with the database's rules is a
409; no input gives a 5xx, and a bug's 500 has the shape too (``server_error``, the project's
``handler500``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import yaml
from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from django.http import Http404, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, serializers, status
from rest_framework.metadata import SimpleMetadata
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import BaseParser, JSONParser
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import clone_request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle

from rules.core.errors import ProblemsError, Refusal
from rules.core.safejson import JsonError, load_json
from rules.core.safeyaml import MAX_BYTES, YamlError, load_text
from web import views as site_views
from web.api_fields import WHOLE_NUMBER

CONFLICT = "The request conflicts with the federation's data as it stands; nothing was written."


# -- errors -------------------------------------------------------------------------------------


class ErrorItemSerializer(serializers.Serializer):
    path = serializers.CharField(
        allow_blank=True,
        help_text="Where the problem is (a field, `sides[1][0]`); empty: the request as a whole.",
    )
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    """Every refusal: a summary and each problem with its place."""

    detail = serializers.CharField(help_text="What went wrong, in one sentence.")
    # A field named as Serializer.errors (the API's error shape): DRF declares fields by
    # attribute, the stubs read the name as the property it shadows.
    errors = ErrorItemSerializer(many=True)  # type: ignore[assignment]


#: Every 404 of the API in one voice: what was looked for, by the number or the name the address
#: gave it, and where (``not_found``): "No show 999 in Copperline Wrestling Federation."
NOT_FOUND = "No {kind} {value}{where}."


def not_found(kind: str, value: object, where: str = "", *, hint: str = "") -> Http404:
    """The 404 for a ``kind`` of thing (``show``, ``wrestler``) that is not at ``value``, looked
    for ``where`` (``in Copperline Wrestling Federation``); a number is named bare, a name quoted.
    ``hint`` says what there is instead (the divisions)."""
    text = str(value)
    shown = text if text.isdigit() else repr(text)
    message = NOT_FOUND.format(kind=kind, value=shown, where=f" {where}" if where else "")
    if hint:
        message = f"{message[:-1]}; {hint}."
    return Http404(message)


def _flatten(detail: Any, path: str = "") -> list[dict[str, str]]:
    """DRF's nested error details as a flat list of (path, message)."""
    if isinstance(detail, dict):
        items = []
        for key, value in detail.items():
            key = "" if key in ("non_field_errors", "detail") else str(key)
            if key and path:
                sub = f"{path}[{key}]" if key.isdigit() else f"{path}.{key}"
            else:
                sub = path or key
            items += _flatten(value, sub)
        return items
    if isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            return [{"path": path, "message": str(item)} for item in detail]
        items = []
        for index, value in enumerate(detail):
            if value in ({}, [], ""):
                continue
            items += _flatten(value, f"{path}[{index}]")
        return items
    return [{"path": path, "message": str(detail)}]


def _summary(items: list[dict[str, str]]) -> str:
    """The ``detail`` of a refusal: its one problem (by its place, when it has one), or a count."""
    if len(items) != 1:
        return f"{len(items)} problems; see errors."
    path, message = items[0]["path"], items[0]["message"]
    return f"{path}: {message}" if path else message


def problems_response(
    errors: Iterable[tuple[str, str]], *, detail: str | None = None, code: int = 400
) -> Response:
    items = [{"path": path, "message": message} for path, message in errors]
    return Response({"detail": detail or _summary(items), "errors": items}, status=code)


def _by_field(error: DjangoValidationError) -> list[tuple[str, str]]:
    """A model's (or a form's) ``ValidationError`` as problems by the field's name, each message
    as the model words it; a problem of the whole row (``__all__``) has the empty path."""
    if not hasattr(error, "error_dict"):
        return [("", message) for message in error.messages]
    return [
        ("" if field == NON_FIELD_ERRORS else field, message)
        for field, messages in error.message_dict.items()
        for message in messages
    ]


def _refused(exc: Refusal, context) -> Exception | Response:
    """A refusal, whichever layer raised it, by what its base says (``rules.core.refusal``): a
    403 is DRF's (a 401 for a visitor, who may yet sign in); any other status answers each
    problem by its place (``by_field``; a card's or a table's ``problems``), or the message as
    the one problem of the request, under the refusal's ``heading`` where it has one."""
    if exc.status_code == status.HTTP_403_FORBIDDEN:
        request = context.get("request")
        if request is not None and not request.user.is_authenticated:
            return exceptions.NotAuthenticated()
        return exceptions.PermissionDenied(str(exc))
    problems = exc.problems if isinstance(exc, ProblemsError) else exc.by_field
    heading = getattr(exc, "heading", None)
    return problems_response(
        problems or [("", str(exc))],
        detail=f"{heading}; see errors." if heading else None,
        code=exc.status_code,
    )


def _translate(exc: Exception, context) -> Exception | Response:
    """The project's own refusals as API errors: every refusal by its base (``_refused``); a
    model's own checks by field; a conflict with the database's rules as a 409."""
    if isinstance(exc, Refusal):
        return _refused(exc, context)
    if isinstance(exc, DjangoValidationError):
        return problems_response(_by_field(exc))
    if isinstance(exc, IntegrityError):
        return problems_response([("", CONFLICT)], code=status.HTTP_409_CONFLICT)
    return exc


def exception_handler(exc, context):
    # Here, a documented cycle: DRF imports this module (its settings name it) while
    # rest_framework.views is still being defined.
    from rest_framework.views import exception_handler as drf_exception_handler  # noqa: PLC0415

    translated = _translate(exc, context)
    if isinstance(translated, Response):
        return translated
    response = drf_exception_handler(translated, context)
    if response is None:
        return None
    data = response.data
    if isinstance(translated, exceptions.ValidationError):
        items = _flatten(data)
        response.data = {"detail": _summary(items), "errors": items}
    elif isinstance(translated, exceptions.ParseError):
        # A body that cannot be read: the one problem, with where the parser says it is.
        message = str(translated.detail)
        path = getattr(translated, "path", "")
        response.data = {"detail": message, "errors": [{"path": path, "message": message}]}
    else:
        detail = data.get("detail", "") if isinstance(data, dict) else str(data)
        response.data = {"detail": str(detail), "errors": []}
    return response


# -- OPTIONS ------------------------------------------------------------------------------------


class Metadata(SimpleMetadata):
    """OPTIONS on any endpoint: DRF's description (name, what it renders and parses), and for a
    method that writes, the fields of the body it reads, as the action that method runs there
    reads them (``view.action_map``: a team's ``join/`` reads a wrestler and a day, not a team).
    An endpoint whose body no serializer describes (a YAML file, a card, a whole federation's
    document: the view's ``raw_body_actions``) lists no fields; one the user may not use lists
    none either. An action that reads no body at all (the view's ``bodyless_actions``: run a
    show, auto-book its card) lists its method with no fields."""

    def determine_actions(self, request, view):
        actions = {}
        action_map = getattr(view, "action_map", None) or {}
        for method in sorted({"PUT", "POST"} & set(view.allowed_methods)):
            view.request = clone_request(request, method)
            options_action = getattr(view, "action", None)
            view.action = action_map.get(method.lower(), options_action)
            try:
                if hasattr(view, "check_permissions"):
                    view.check_permissions(view.request)
                if method == "PUT" and hasattr(view, "get_object"):
                    view.get_object()
                serializer = _body_serializer(view)
            except (exceptions.APIException, DjangoPermissionDenied, Http404):
                continue
            finally:
                view.request = request
                view.action = options_action
            if serializer is not None:
                actions[method] = self.get_serializer_info(serializer)
        return actions


def _body_serializer(view):
    """The serializer of the body ``view`` reads for its current action, or None where none is
    named (an endpoint reading a file or a document of its own)."""
    # Here, a documented cycle: DRF imports this module (its settings name it) while it defines
    # APIView, which GenericAPIView extends.
    from rest_framework.generics import GenericAPIView  # noqa: PLC0415

    if not hasattr(view, "get_serializer") or view.action in getattr(view, "raw_body_actions", ()):
        return None
    if view.action in getattr(view, "bodyless_actions", ()):
        return serializers.Serializer()  # (no fields)
    named = getattr(view, "serializer_class", None) is not None
    chooses = getattr(type(view), "get_serializer_class", None) not in (
        None,
        GenericAPIView.get_serializer_class,
    )
    if not (named or chooses):
        return None
    return view.get_serializer()


# -- lists --------------------------------------------------------------------------------------


PAGE = "A page number from 1 to {last}, or last."
ONLY_PAGE = "Page 1 (or last): there is only one page."
WHOLE = re.compile(r"[0-9]{1,18}")


class Pagination(PageNumberPagination):
    """``?page=`` and ``?page_size=`` checked as a filter's value is: a page that is not a whole
    number from 1 to the last page's (or ``last``), a size that is not one from 1 to
    ``max_page_size``, is a 400 naming the parameter and its range, never a 404 or a page of
    another size."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500

    def get_page_size(self, request):
        value = request.query_params.get(self.page_size_query_param)
        if value is None:
            return self.page_size
        if not WHOLE.fullmatch(value) or not 1 <= int(value) <= self.max_page_size:
            message = WHOLE_NUMBER.format(low=1, high=self.max_page_size)
            raise exceptions.ValidationError({self.page_size_query_param: [message]})
        return int(value)

    def paginate_queryset(self, queryset, request, view=None):
        self.request = request
        page_size = self.get_page_size(request)
        paginator = self.django_paginator_class(queryset, page_size)
        value = request.query_params.get(self.page_query_param) or "1"
        if value in self.last_page_strings:
            number = paginator.num_pages
        elif WHOLE.fullmatch(value) and 1 <= int(value) <= paginator.num_pages:
            number = int(value)
        else:
            last = paginator.num_pages
            message = PAGE.format(last=last) if last > 1 else ONLY_PAGE
            raise exceptions.ValidationError({self.page_query_param: [message]})
        self.page = paginator.page(number)
        return list(self.page)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1}
                parameter["description"] = "A page number from 1 to the last page's."
            elif parameter["name"] == self.page_size_query_param:
                parameter["schema"] = {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": self.max_page_size,
                }
                parameter["description"] = f"Rows a page, from 1 to {self.max_page_size}."
        return parameters


class ActionRateThrottle(ScopedRateThrottle):
    """The expensive actions (odds, running a show, importing) have their own, lower rate.

    A view names them in ``throttle_scopes`` (action name to scope); other actions pass."""

    def allow_request(self, request, view):
        self.scope = getattr(view, "throttle_scopes", {}).get(getattr(view, "action", None))
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return SimpleRateThrottle.allow_request(self, request, view)


# -- bodies in, bounded --------------------------------------------------------------------------


class BodyTooLarge(exceptions.APIException):
    status_code = 413
    default_detail = "The request body is too large."
    default_code = "too_large"


class BodyUnreadable(exceptions.ParseError):
    """A body that is not JSON the API reads: the loader's sentence, by its place when it has
    one (``shows[3].matches``, as a serializer's field is named)."""

    def __init__(self, detail: str, path: str = ""):
        super().__init__(detail)
        self.path = path


def field_path(json_path: str) -> str:
    """``$.shows[3].matches`` as the error shape names a place: ``shows[3].matches``."""
    return json_path.removeprefix("$").removeprefix(".")


class BoundedJSONParser(JSONParser):
    """A JSON body of at most ``settings.API_MAX_BODY_BYTES`` (DRF reads the stream itself, past
    Django's own upload limit): a larger one is refused unread with 413. What is read goes
    through the one loader for users' JSON (``rules.core.safejson.load_json``): UTF-8, nested at
    most ``MAX_DEPTH`` deep, integers a 64-bit column holds, finite numbers; anything else is a
    400 saying what is wrong and where."""

    setting = "API_MAX_BODY_BYTES"

    def parse(self, stream, media_type=None, parser_context=None):
        limit = getattr(settings, self.setting)
        data = stream.read(limit + 1) if stream is not None else b""
        if len(data) > limit:
            raise BodyTooLarge(f"The request body is larger than {limit // 1024} KiB.")
        try:
            return load_json(data, source="The body")
        except JsonError as exc:
            raise BodyUnreadable(str(exc), path=field_path(exc.path)) from None


# -- YAML in and out (card files) ---------------------------------------------------------------


class YAMLParser(BaseParser):
    """A YAML body, read by the one loader for users' YAML (size, encoding, aliases, depth)."""

    media_type = "application/yaml"
    max_bytes = MAX_BYTES

    def parse(self, stream, media_type=None, parser_context=None):
        text = stream.read(self.max_bytes + 1) if stream is not None else b""
        try:
            return load_text(text, source="The body", max_bytes=self.max_bytes)
        except YamlError as exc:
            raise exceptions.ParseError(str(exc)) from None


class YAMLRenderer(BaseRenderer):
    media_type = "application/yaml"
    format = "yaml"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True).encode("utf-8")


def json_errors(response):
    """Errors are JSON whatever the endpoint renders on success (the schema says so)."""
    if response.status_code >= 400 and not isinstance(
        getattr(response, "accepted_renderer", None), JSONRenderer
    ):
        response.accepted_renderer = JSONRenderer()
        response.accepted_media_type = JSONRenderer.media_type
    return response


SERVER_ERROR = (
    "Something went wrong: the request could not be answered. It has been logged; try again in "
    "a moment."
)
#: The addresses a program reads, answered in JSON when the server fails (the documentation
#: pages under /api/ are pages, and get the site's page).
JSON_PREFIXES = ("/api/v1/", "/api/schema/")


def server_error(request):
    """``handler500``: an API client gets the API's error shape (JSON), a visitor of the pages
    the site's page (``web.views.server_error``). Django calls it, with DEBUG off, for an
    exception no view handled."""
    if request.path.startswith(JSON_PREFIXES):
        return JsonResponse({"detail": SERVER_ERROR, "errors": []}, status=500)
    return site_views.server_error(request)


@csrf_exempt
def api_not_found(request, path: str = ""):
    """Any address under /api/v1/ that names no endpoint: a 404 in the API's error shape."""
    return JsonResponse({"detail": "No such endpoint or object here.", "errors": []}, status=404)
