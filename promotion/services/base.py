"""What every roster service shares: the refusal (``ServiceError``, a problem by its field),
the model's own field checks as one refusal, and the calendar's "still to come"."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import FieldDoesNotExist, ValidationError

from promotion.choices import FINISHED_STATUSES
from promotion.selectors import federation_today
from promotion.validators import plain_text
from rules.core.errors import Refusal


class ServiceError(Refusal, ValueError):
    """A business rule refused the operation. The message is for the user. ``by_field`` holds
    the same problems as ``(field, message)`` pairs when the refusal is several (a field's with
    its field's name, the others with ""): the API names each by its path, as a serializer's.
    A ``Refusal`` (answered 400), and still a ``ValueError`` for the callers that catch one."""

    by_field: tuple[tuple[str, str], ...] = ()


class FieldProblem(str):
    """A problem of one field, as the pages read it ("Ring name: ..."; the message alone where
    no ``label`` is given, one that names its field itself), knowing its field (its name in
    the API's body, the path the API gives it under) and its ``message``."""

    field: str
    message: str

    def __new__(cls, field: str, label: str, message: str):
        made = super().__new__(cls, f"{label}: {message}" if label else message)
        made.field, made.message = field, message
        return made


def _refusal(problems: list[str]) -> ServiceError:
    """One refusal of every problem: one sentence for the pages, each by its field too."""
    error = ServiceError(" ".join(problems))
    error.by_field = tuple(
        (p.field, p.message) if isinstance(p, FieldProblem) else ("", str(p)) for p in problems
    )
    return error


def _refuse(problems: list[str]) -> None:
    """Refuse with every problem, if any (``_refusal``)."""
    if problems:
        raise _refusal(problems)


def _still_to_come(federation, on: dt.date) -> bool:
    """Whether ``on`` is after the federation's today (``selectors.federation_today``: the real
    date in its zone, or its last wrestled show's if that is later): the desks change the
    federation's history by hand on days that have come, including those of shows run early."""

    return on > federation_today(federation)


def _plain_text_problems(value: str) -> list[str]:
    try:
        plain_text(value)
    except ValidationError as exc:
        return list(exc.messages)
    return []


def _next_unfinished(rows):
    """The earliest show not yet finished among ``rows`` (matches or appearances, each with its
    ``show``), with its status in words: ``(show, "scheduled")``; or None."""
    row = (
        rows.exclude(show__status__in=FINISHED_STATUSES)
        .select_related("show")
        .order_by("show__scheduled_at")
        .first()
    )
    return None if row is None else (row.show, row.show.get_status_display().lower())


def _only(fields: Mapping[str, Any], allowed: frozenset[str]) -> dict[str, Any]:
    unknown = sorted(set(fields) - allowed)
    if unknown:
        raise ServiceError(f"These cannot be set here: {', '.join(unknown)}.")
    return dict(fields)


def _save_changed(instance, fields: Mapping[str, Any], *, exclude: list[str]) -> None:
    """Set the fields given, check them as the model would (``_full_clean``, those alone), and
    write them alone: a change of a row, as every ``*_update`` service makes one."""
    for name, value in fields.items():
        setattr(instance, name, value)
    if fields:
        _full_clean(instance, exclude=exclude, only=fields)
        instance.save(update_fields=sorted(fields))


def _full_clean(instance, *, exclude: list[str], only: Mapping[str, Any] | None = None) -> None:
    """The model's own field checks, as one ``ServiceError`` naming each problem by the field's
    name. With ``only``, just those fields' (a change): a value stored before a check was added
    (an old time zone name, a height of 0) does not stop the rest of a row being changed."""
    if only is not None:
        exclude = [*exclude, *(f.name for f in instance._meta.fields if f.name not in only)]
    try:
        instance.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        problems: list[str] = [
            FieldProblem(name, _field_label(instance, name), message)
            if name != "__all__"
            else message
            for name, messages in exc.message_dict.items()
            for message in messages
        ]
        raise _refusal(problems) from None


def _field_label(instance, name: str) -> str:
    try:
        label = str(instance._meta.get_field(name).verbose_name)
    except FieldDoesNotExist:  # not a field: the name as written
        label = name.replace("_", " ")
    return label[:1].upper() + label[1:]
