"""A show's poster button (on the show's page): uploaded or removed by the federation's bookers
through ``promotion.pictures``."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from promotion.access import Action
from web.pages import federation_page, posted_from
from web.pictures import picture_post


@posted_from("show-detail")
def show_poster(request, federation: str, number: int):
    fed = federation_page(request, federation, Action.BOOK)
    show = get_object_or_404(fed.shows, number=number)
    show.federation = fed
    return picture_post(
        request, show, "poster", to=show.get_absolute_url(), what=f"The poster of {show.name}"
    )
