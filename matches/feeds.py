"""A federation's results as an Atom feed (Django's syndication framework): one entry per
completed show, its recap the entry's content, newest first, at ``/f/<slug>/feed.atom``.

A public federation's feed is anyone's; a private one's answers its calendar token in the address
(``?token=``, the same token as the calendar's feed, ``docs/events.md``) or its members signed
in, and 404 to anyone else (``docs/sharing.md``, "Feeds")."""

from __future__ import annotations

from django.contrib.syndication.views import Feed
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed

from matches.models import Show, ShowStatus
from matches.recap import show_recap
from promotion.models import Federation
from promotion.services import federation_by_calendar_token
from web.pages import federation_page

#: How many shows the feed carries, the latest first.
FEED_ENTRIES = 20


class FederationResults(Feed):
    feed_type = Atom1Feed

    def get_object(self, request, slug: str) -> Federation:
        federation = federation_by_calendar_token(slug=slug, token=request.GET.get("token", ""))
        if federation is None:
            federation = federation_page(request, slug)  # (404 for the private, to others)
        return federation

    def title(self, obj: Federation) -> str:
        return f"{obj.name}: results"

    def subtitle(self, obj: Federation) -> str:
        return f"The recap of each show of {obj.name}, as it is wrestled."

    def link(self, obj: Federation) -> str:
        return reverse("show-archive", kwargs={"slug": obj.slug})

    def feed_url(self, obj: Federation) -> str:
        return reverse("federation-feed", kwargs={"slug": obj.slug})

    def author_name(self, obj: Federation) -> str:
        return obj.name

    def items(self, obj: Federation):
        shows = obj.shows.filter(status=ShowStatus.COMPLETED).order_by("-scheduled_at")
        return list(shows[:FEED_ENTRIES])

    def item_title(self, item: Show) -> str:
        return str(item)

    def item_link(self, item: Show) -> str:
        return item.get_absolute_url()

    def item_guid(self, item: Show) -> str:
        # Stable for as long as the show is: its federation's slug and its number.
        return f"tag:ringside,2026:{item.federation.slug}/shows/{item.number}"

    item_guid_is_permalink = False

    def item_description(self, item: Show) -> str:
        return render_to_string("matches/_recap.html", {"recap": show_recap(item)})

    def item_pubdate(self, item: Show):
        return item.completed_at or item.scheduled_at

    def item_updateddate(self, item: Show):
        return item.completed_at or item.scheduled_at


federation_results = FederationResults()
