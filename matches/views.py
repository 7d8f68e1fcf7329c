from __future__ import annotations

from django.shortcuts import get_object_or_404, render

from matches.models import Show
from matches.selectors import card_of
from promotion.selectors import federations_visible_to


def show_detail(request, federation: str, number: int):
    show = get_object_or_404(
        Show.objects.select_related("federation").filter(
            federation__in=federations_visible_to(user=request.user)
        ),
        federation__slug=federation,
        number=number,
    )
    return render(
        request, "matches/show_detail.html", {"show": show, "matches": card_of(show=show)}
    )
