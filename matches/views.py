from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from matches.models import Show
from matches.selectors import card_of
from promotion.access import role_of
from promotion.selectors import federations_visible_to


def show_detail(request, federation: str, number: int):
    show = get_object_or_404(
        Show.objects.select_related("federation").filter(
            federation__in=federations_visible_to(user=request.user)
        ),
        federation__slug=federation,
        number=number,
    )
    timezone.activate(show.federation.time_zone)
    context = {
        "show": show,
        "matches": card_of(show=show),
        "is_member": role_of(request.user, show.federation) is not None,
    }
    return render(request, "matches/show_detail.html", context)
