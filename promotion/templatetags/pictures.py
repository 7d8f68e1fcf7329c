"""Template helpers for pictures: a stored picture's address and its thumbnail's, and the
initials a placeholder shows where there is none."""

from __future__ import annotations

from django import template

from promotion import pictures

register = template.Library()


@register.filter
def picture_url(field) -> str:
    """The address of a stored picture (a picture field, or its stored name); "" for none."""
    return pictures.picture_url(str(getattr(field, "name", field) or ""))


@register.filter
def thumbnail_url(field) -> str:
    """The address of a stored picture's thumbnail; "" for none."""
    return pictures.thumbnail_url(str(getattr(field, "name", field) or ""))


@register.filter
def initials(name: str) -> str:
    """Up to two initials of a name, for a placeholder ("The Iron Duke" → "ID")."""
    words = [w for w in str(name).split() if w[:1].isalnum() and w.lower() not in {"the", "of"}]
    return "".join(w[0].upper() for w in words[:2]) or "?"
