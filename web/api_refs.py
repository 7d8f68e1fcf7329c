"""A wrestler or a team named in passing, as every endpoint of both apps writes one (a title's
holder, a feud's side, a match's team): shared here so that the shows' API need not import the
roster's."""

from __future__ import annotations

from rest_framework import serializers

from promotion.models import Team


class PersonRefSerializer(serializers.Serializer):
    """A wrestler or team named in passing."""

    kind = serializers.ChoiceField(choices=["wrestler", "team"])
    slug = serializers.SlugField()
    name = serializers.CharField()


def person_ref(holder) -> dict | None:
    if holder is None:
        return None
    if isinstance(holder, Team):
        return {"kind": "team", "slug": holder.slug, "name": holder.name}
    return {"kind": "wrestler", "slug": holder.slug, "name": holder.ring_name}
