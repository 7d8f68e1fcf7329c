"""A federation in a minute as one API call: ``POST /api/v1/federations/found/``
(``matches.founding.federation_found``; the page's wizard and ``new_federation`` do the same)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from matches.founding import CHAMPIONS_CHOICES, TITLE_CHOICES, federation_found
from promotion.models import Weekday
from promotion.services.founding import ROSTER_SIZES
from rules import registry
from web.api import atomic_action


class FoundingSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    slug = serializers.SlugField(max_length=60, required=False, allow_blank=True)
    default_venue = serializers.CharField(
        max_length=120, required=False, allow_blank=True, help_text="The home arena."
    )
    rule_system = serializers.ChoiceField(
        choices=sorted(registry.systems), required=False, default="filsinger"
    )
    roster_size = serializers.IntegerField(
        min_value=ROSTER_SIZES[0], max_value=ROSTER_SIZES[1], required=False, default=16
    )
    titles = serializers.ListField(
        child=serializers.ChoiceField(choices=list(TITLE_CHOICES)),
        required=False,
        default=["world", "midcard"],
        max_length=len(TITLE_CHOICES),
    )
    champions = serializers.ChoiceField(
        choices=list(CHAMPIONS_CHOICES), required=False, default="tournament"
    )
    show_weekday = serializers.ChoiceField(choices=Weekday.choices, required=False)
    show_time = serializers.TimeField(required=False, help_text="The weekly show's time, HH:MM.")
    time_zone = serializers.CharField(max_length=64, required=False, help_text="An IANA zone.")
    seed = serializers.IntegerField(min_value=0, max_value=2**31 - 1, required=False)


FOUNDED = inline_serializer(
    "Founded",
    {
        "slug": serializers.CharField(),
        "name": serializers.CharField(),
        "seed": serializers.IntegerField(),
        "wrestlers": serializers.ListField(child=serializers.CharField()),
        "titles": serializers.ListField(child=serializers.DictField()),
        "tournaments": serializers.ListField(child=serializers.CharField()),
        "first_show": serializers.IntegerField(allow_null=True),
        "matches_booked": serializers.IntegerField(),
    },
)


@extend_schema(tags=["federations"])
class FoundingViewSet(GenericViewSet):
    """A new federation with a generated roster, its titles and its first show booked."""

    permission_classes = [IsAuthenticated]
    serializer_class = FoundingSerializer
    http_method_names = ["post", "options"]

    @extend_schema(
        summary="A federation in a minute: a generated roster, its titles, its first show",
        request=FoundingSerializer,
        responses={201: FOUNDED},
    )
    @atomic_action
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        report = federation_found(owner=request.user, **data)
        titles = []
        for title in report.titles:
            reign = title.reigns.filter(ended_on__isnull=True).first()
            holder = reign.holder if reign is not None else None
            titles.append(
                {"slug": title.slug, "name": title.name, "champion": getattr(holder, "slug", None)}
            )
        body = {
            "slug": report.federation.slug,
            "name": report.federation.name,
            "seed": report.seed,
            "wrestlers": [w.slug for w in report.wrestlers],
            "titles": titles,
            "tournaments": [t.slug for t in report.tournaments],
            "first_show": report.show.number if report.show is not None else None,
            "matches_booked": report.show.matches.count() if report.show is not None else 0,
        }
        return Response(body, status=status.HTTP_201_CREATED)
