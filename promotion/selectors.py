"""Reads that span models. Each returns rows with what its page needs, in an explicit order."""

from __future__ import annotations

from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone

from promotion.models import (
    Federation,
    Feud,
    FeudParticipant,
    Injury,
    Title,
    TitleReign,
    Wrestler,
    WrestlerStatus,
)


def federations_visible_to(*, user) -> QuerySet[Federation]:
    federations = Federation.objects.select_related("owner").order_by("name")
    if user.is_authenticated and user.is_superuser:
        return federations
    if user.is_authenticated:
        return federations.filter(Q(is_public=True) | Q(owner=user))
    return federations.filter(is_public=True)


def roster(*, federation: Federation) -> QuerySet[Wrestler]:
    return (
        federation.wrestlers.exclude(status=WrestlerStatus.RETIRED)
        .prefetch_related("teams")
        .order_by("-prestige", "ring_name")
    )


def champions(*, federation: Federation) -> QuerySet[TitleReign]:
    """The open reign of every active title, world title first."""
    return (
        TitleReign.objects.filter(title__federation=federation, title__is_active=True)
        .filter(ended_on__isnull=True)
        .select_related("title", "holder_wrestler", "holder_team")
        .prefetch_related("holder_team__members")
        .order_by("title__rank", "title__name")
    )


def title_lineage(*, title: Title) -> QuerySet[TitleReign]:
    return title.reigns.select_related(
        "holder_wrestler", "holder_team", "won_at__show", "ended_at__show"
    ).order_by("number")


def active_feuds(*, federation: Federation) -> QuerySet[Feud]:
    return (
        federation.feuds.exclude(status="ended")
        .prefetch_related(
            Prefetch("participants", queryset=_feud_participants()),
        )
        .order_by("-heat", "-started_on")
    )


def _feud_participants():
    return FeudParticipant.objects.select_related("wrestler", "team").order_by("side", "id")


def injury_report(*, federation: Federation, on) -> QuerySet[Injury]:
    return (
        Injury.objects.filter(wrestler__federation=federation, occurred_on__lte=on)
        .filter(Q(healed_on__isnull=True) | Q(healed_on__gt=on))
        .select_related("wrestler", "match__show")
        .order_by("expected_return", "wrestler__ring_name")
    )


def federation_summary(*, slug: str) -> dict:
    federation = Federation.objects.get(slug=slug)
    today = timezone.localdate()
    return {
        "federation": federation.slug,
        "wrestlers": federation.wrestlers.count(),
        "champions": {
            reign.title.slug: str(reign.holder) for reign in champions(federation=federation)
        },
        "injured": injury_report(federation=federation, on=today).count(),
    }
