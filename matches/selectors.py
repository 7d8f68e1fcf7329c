"""Reads about shows and matches."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from matches.models import Match, MatchParticipant, Show, ShowStatus
from promotion.models import Federation

UNFINISHED = [ShowStatus.DRAFT, ShowStatus.BOOKED, ShowStatus.SCHEDULED, ShowStatus.RUNNING]


def card_of(*, show: Show) -> QuerySet[Match]:
    """A show's matches in card order, with their participants and stakes."""
    return (
        show.matches.select_related("title", "feud")
        .prefetch_related(
            Prefetch(
                "participants",
                queryset=MatchParticipant.objects.select_related("wrestler", "team").order_by(
                    "side", "order"
                ),
            )
        )
        .order_by("position")
    )


def next_show(*, federation: Federation) -> Show | None:
    return federation.shows.filter(status__in=UNFINISHED).order_by("scheduled_at", "number").first()


def recent_shows(*, federation: Federation, limit: int = 5) -> list[Show]:
    return list(
        federation.shows.filter(status=ShowStatus.COMPLETED).order_by("-scheduled_at")[:limit]
    )
