"""Query parameters and body fields of the REST API that hold what the database and the calendar
can hold: a whole number within its column, a year whose every moment is a moment in UTC too, a
moment that can be read in UTC. Anything else is a 400 naming the parameter or field and what it
must be, never a query or a write the database (or Python's calendar) cannot take.

Lists filter with these (``WholeNumberFilter``, ``YearFilter``, ``MomentFilter``), pick one of a
few words with ``StrictChoiceFilter`` and take a flag with ``StrictBooleanFilter``: a value outside
them is a 400 naming the parameter and what it may be, never an empty or a whole list; bodies take
``MomentField`` for a date and time. A moment's offset from UTC is one a time zone has (at most
14 hours either way). ``FilterBackend`` is the one way every list reads its filters: a refusal
is a 400 in the API's error shape whatever the value repeated in it holds (``%`` included).
"""

from __future__ import annotations

import datetime as dt

import django_filters
from django import forms
from django.apps import apps
from django.core.exceptions import ValidationError
from django.core.validators import EMPTY_VALUES
from django_filters.fields import ChoiceField, IsoDateTimeField
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.filters import OrderingFilter

from promotion.validators import DAY_YEARS

#: The database's whole numbers: a 32-bit column's (``IntegerField``, ``PositiveIntegerField``
#: from 0) and a 64-bit one's (``BigAutoField``: every id).
INT32_MAX = 2**31 - 1
INT64_MAX = 2**63 - 1
#: The years whose every moment, read in any time zone, is a moment in UTC as well: Python's
#: calendar runs from year 1 to 9999, and a zone's offset (up to a day) would carry the first and
#: the last year past either end. The models' bound on a day (``validators.calendar_day``).
YEARS = DAY_YEARS

WHOLE_NUMBER = "A whole number from {low} to {high}."
YEAR = "A year from {low} to {high}."
MOMENT_OUT_OF_RANGE = (
    "A moment from the years {low} to {high}: {value} falls outside them once read in UTC."
)
BAD_OFFSET = (
    "A moment's offset from UTC is at most 14 hours either way (as a time zone's is): "
    "{value} has {offset}."
)
NOT_A_CHOICE = "{value} is not one of {choices}."
NOT_A_FLAG = "{value} is neither true nor false: give true or false (or 1 or 0)."
#: The words a flag takes, as django-filter's own ``BooleanWidget`` reads them (any case).
FLAG_WORDS = {"true": True, "1": True, "false": False, "0": False}
#: How much of a refused value a message repeats.
ECHO = 40


def echo(value: object) -> str:
    """A refused value as a message repeats it: quoted, cut short."""
    text = repr(str(value))
    return text if len(text) <= ECHO else text[: ECHO - 4] + "...'"


def one_of(words) -> str:
    """``a, b or c``."""
    words = [str(word) for word in words]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def read_flag(value: object, words: dict[str, bool] = FLAG_WORDS) -> bool | None:
    """A flag from a query parameter: None when not given (or empty), else True or False;
    anything else raises ``ValidationError`` saying what a flag takes."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return value
    try:
        return words[str(value).lower()]
    except KeyError:
        raise ValidationError(NOT_A_FLAG.format(value=echo(value)), code="invalid") from None


class WholeNumberFilter(django_filters.NumberFilter):
    """A whole number from ``low`` to ``high`` (the column's range by default: an id from 1):
    a fraction, a word or a number past the bounds is refused by name, and the schema gives the
    bounds."""

    field_class = forms.IntegerField
    message = WHOLE_NUMBER

    def __init__(self, *args, low: int = 1, high: int = INT64_MAX, **kwargs):
        message = self.message.format(low=low, high=high)
        kwargs.update(
            min_value=low,
            max_value=high,
            error_messages={"invalid": message, "min_value": message, "max_value": message},
        )
        super().__init__(*args, **kwargs)
        schema = {"type": "integer", "minimum": low, "maximum": high}
        if self.label:
            schema["description"] = str(self.label)
        extend_schema_field(schema)(self)


class YearFilter(WholeNumberFilter):
    """The year of a moment (in the active time zone: the federation's), within ``YEARS``."""

    message = YEAR

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("lookup_expr", "year")
        super().__init__(*args, low=YEARS[0], high=YEARS[1], **kwargs)


#: The largest offset from UTC a time zone has (Kiribati's +14:00); the database refuses some
#: that Python reads (PostgreSQL one of 16 hours).
MAX_OFFSET = dt.timedelta(hours=14)


def _offset(delta: dt.timedelta) -> str:
    """``+16:00``, ``-14:30``."""
    sign = "-" if delta < dt.timedelta(0) else "+"
    minutes = abs(delta) // dt.timedelta(minutes=1)
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def _given_offset(value: object) -> dt.timedelta | None:
    """The offset from UTC a body's ISO 8601 text gives, or None (none given, or not one)."""
    if not isinstance(value, str):
        return None
    try:
        moment = dt.datetime.fromisoformat(value.strip())
    except ValueError:
        return None
    return moment.utcoffset()


def _moment_problem(value: dt.datetime) -> str | None:
    """Why ``value`` (aware) cannot be stored or compared as a moment, or None."""
    offset = value.utcoffset()
    if offset is not None and abs(offset) > MAX_OFFSET:
        return BAD_OFFSET.format(value=value.isoformat(), offset=_offset(offset))
    try:
        value.astimezone(dt.UTC)
    except OverflowError:
        return MOMENT_OUT_OF_RANGE.format(low=dt.MINYEAR, high=dt.MAXYEAR, value=value.isoformat())
    return None


class MomentFormField(IsoDateTimeField):
    """An ISO 8601 moment (without an offset: in the active time zone) that UTC can hold."""

    def to_python(self, value):
        moment = super().to_python(value)
        if moment is not None:
            problem = _moment_problem(moment)
            if problem:
                raise ValidationError(problem, code="out_of_range")
        return moment


class MomentFilter(django_filters.IsoDateTimeFilter):
    field_class = MomentFormField


class MomentField(serializers.DateTimeField):
    """A date and time in a body (without an offset: in the federation's time zone) that the
    database can store: its moment in UTC is within the calendar. An offset, when given, is one
    a time zone has."""

    def to_internal_value(self, value):
        offset = _given_offset(value)
        if offset is not None and abs(offset) > MAX_OFFSET:
            message = BAD_OFFSET.format(value=value, offset=_offset(offset))
            raise serializers.ValidationError(message, code="out_of_range")
        try:
            moment = super().to_internal_value(value)
        except OverflowError:  # DRF's own check of a time read in the zone reads it in UTC
            moment = None
        problem = _moment_problem(moment) if moment is not None else None
        if moment is None or problem:
            message = problem or MOMENT_OUT_OF_RANGE.format(
                low=dt.MINYEAR, high=dt.MAXYEAR, value=value
            )
            raise serializers.ValidationError(message, code="out_of_range")
        return moment


# -- one of a few words, a flag -------------------------------------------------------------------


class FilterBackend(DjangoFilterBackend):
    """django-filter's backend, its refusals read as Django words them: each message with its
    own parameters put in (``ValidationError.messages``), never formatted again. (django-filter's
    ``translate_validation`` applies ``%`` to every message, so a refused value holding a ``%``,
    repeated in the message, raised ``TypeError``: a 500.)"""

    def filter_queryset(self, request, queryset, view):
        filterset = self.get_filterset(request, queryset, view)
        if filterset is None:
            return queryset
        if not filterset.is_valid():
            raise serializers.ValidationError(
                {
                    name: [message for error in errors for message in error.messages]
                    for name, errors in filterset.errors.as_data().items()
                }
            )
        return filterset.qs


class StrictChoiceField(ChoiceField):
    """A choice refused in words that name the choices (Django's own names none)."""

    def validate(self, value):
        try:
            super().validate(value)
        except ValidationError as exc:
            if getattr(exc, "code", None) != "invalid_choice":
                raise
            raise ValidationError(
                NOT_A_CHOICE.format(value=echo(value), choices=one_of(self.choice_values())),
                code="invalid_choice",
            ) from None

    def choice_values(self) -> list[str]:
        """The values a request may give (not the empty one, meaning "no filter")."""
        return [str(value) for value, _label in self.choices if value not in ("", self.null_value)]


class StrictChoiceFilter(django_filters.ChoiceFilter):
    """One of the choices; anything else is a 400 naming the parameter and every choice."""

    field_class = StrictChoiceField


NO_SUCH_SLUG = "No {kind} with the slug {value!r} in this federation."


class KnownSlugFilter(django_filters.CharFilter):
    """A wrestler's, team's or title's slug: one the federation has none of is a 400 naming the
    parameter ("No wrestler with the slug 'nobody' in this federation."), never an empty list
    that hides the mistake. ``model`` is its ``app_label.Model``, ``kind`` its name in words."""

    def __init__(self, *args, model: str, kind: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.model_name, self.kind = model, kind

    def filter(self, qs, value):
        if value in EMPTY_VALUES:
            return qs
        federation = getattr(getattr(self.parent, "request", None), "federation", None)
        if federation is not None:
            model = apps.get_model(self.model_name)
            if not model.objects.filter(federation=federation, slug=value).exists():
                message = NO_SUCH_SLUG.format(kind=self.kind, value=value)
                raise serializers.ValidationError({self.field_name_param: message})
        return super().filter(qs, value)

    @property
    def field_name_param(self) -> str:
        """The query parameter's name (the filter's name in its FilterSet)."""
        for name, found in self.parent.filters.items():
            if found is self:
                return name
        return self.field_name


class StrictBooleanFormField(forms.NullBooleanField):
    """A flag read from the parameter's own text (``read_flag``): true or false, 1 or 0; a
    word of any other kind is refused, never read as "not given"."""

    widget = forms.TextInput

    def to_python(self, value):
        return read_flag(value)

    def validate(self, value):
        pass


class StrictBooleanFilter(django_filters.BooleanFilter):
    """true or false (1 or 0); anything else is a 400 naming the parameter."""

    field_class = StrictBooleanFormField


UNKNOWN_ORDERING = "Cannot order by {terms}; order by one of {known} (a leading - reverses)."


class StrictOrderingFilter(OrderingFilter):
    """``?ordering=`` by the list's own fields; a term naming none of them is a 400 naming the
    parameter and every field (DRF's filter drops it and answers in another order)."""

    def get_ordering(self, request, queryset, view):
        param = request.query_params.get(self.ordering_param)
        if param:
            terms = [term.strip() for term in param.split(",") if term.strip()]
            valid = [field for field, _ in self.get_valid_fields(queryset, view, {})]
            unknown = [term for term in terms if term.lstrip("-") not in valid]
            if unknown:
                message = UNKNOWN_ORDERING.format(
                    terms=", ".join(repr(term) for term in unknown), known=", ".join(valid)
                )
                raise serializers.ValidationError({self.ordering_param: [message]})
        return super().get_ordering(request, queryset, view)
