"""The roster's picture buttons: a wrestler's photo (on his page) and a title's belt (on the
title's page), each uploaded or removed by its bookers through ``promotion.pictures``."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse

from promotion.access import Action
from web.pages import federation_page, posted_from, wrestler_page
from web.pictures import picture_post


@posted_from("wrestler-detail")
def wrestler_photo(request, federation: str, slug: str):
    fed = federation_page(request, federation, Action.BOOK)
    wrestler = wrestler_page(fed, slug)
    to = reverse("wrestler-detail", kwargs={"federation": fed.slug, "slug": wrestler.slug})
    return picture_post(request, wrestler, "photo", to=to, what=f"{wrestler}'s photo")


@posted_from("title-detail")
def title_belt(request, federation: str, slug: str):
    fed = federation_page(request, federation, Action.BOOK)
    title = get_object_or_404(fed.titles, slug=slug)
    to = reverse("title-detail", kwargs={"federation": fed.slug, "slug": title.slug})
    return picture_post(request, title, "belt", to=to, what=f"The {title}'s belt picture")
