"""What the pages' forms share."""

from __future__ import annotations

from typing import TypeVar

from django import forms

_Field = TypeVar("_Field", bound=forms.Field)


def field_of(form: forms.BaseForm, name: str, kind: type[_Field]) -> _Field:
    """The form's field ``name``, which its class declares a ``kind``: ``form.fields`` holds its
    fields as plain ``Field``s, and a form that sets a field's choices or queryset per request
    reaches it here (``field_of(self, "title", forms.ModelChoiceField).queryset = ...``)."""
    field = form.fields[name]
    assert isinstance(field, kind)
    return field
