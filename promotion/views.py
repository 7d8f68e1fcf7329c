"""Plain pages: the home page and a federation's front page. Reads go through selectors."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from matches.records import wrestler_record
from matches.selectors import next_show, recent_shows
from promotion import selectors
from promotion.models import Federation


def _visible_federation(request, slug: str) -> Federation:
    """The federation if the user may read it (404 otherwise); its pages speak its time zone."""
    federation = get_object_or_404(selectors.federations_visible_to(user=request.user), slug=slug)
    timezone.activate(federation.time_zone)
    return federation


def home(request):
    federations = [
        {
            "federation": federation,
            "roster": selectors.roster(federation=federation),
            "champions": selectors.champions(federation=federation),
            "next_show": next_show(federation=federation),
        }
        for federation in selectors.federations_visible_to(user=request.user)
    ]
    return render(request, "home.html", {"federations": federations})


def federation_detail(request, slug: str):
    federation = _visible_federation(request, slug)
    today = timezone.localdate(timezone=federation.time_zone)
    context = {
        "federation": federation,
        "roster": selectors.roster(federation=federation),
        "champions": selectors.champions(federation=federation),
        "feuds": selectors.active_feuds(federation=federation),
        "injuries": selectors.injury_report(federation=federation, on=today),
        "next_show": next_show(federation=federation),
        "recent_shows": recent_shows(federation=federation, limit=5),
    }
    return render(request, "promotion/federation_detail.html", context)


def wrestler_detail(request, federation: str, slug: str):
    fed = _visible_federation(request, federation)
    wrestler = fed.wrestlers.filter(slug=slug).prefetch_related("teams", "cards").first()
    if wrestler is None:
        raise Http404("No such wrestler in this federation.")
    context = {
        "federation": fed,
        "wrestler": wrestler,
        "reigns": wrestler.reigns.select_related("title").order_by("won_on"),
        "injuries": wrestler.injuries.order_by("-occurred_on"),
        "ledger": wrestler.standing_changes.order_by("-created_at", "-id")[:50],
        "record": wrestler_record(wrestler=wrestler),
    }
    return render(request, "promotion/wrestler_detail.html", context)
