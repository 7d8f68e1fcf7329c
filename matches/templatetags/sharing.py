"""A completed show's recap on the pages (``matches.recap``) and its copy buttons
(``matches.share``): on the show's page above the card, and on the federation's front page for
its last show (``docs/sharing.md``)."""

from __future__ import annotations

import dataclasses
from typing import Any

from django import template

from matches.models import ShowStatus
from matches.recap import Recap, show_recap
from matches.share import recap_bbcode, recap_discord, recap_markdown

register = template.Library()


@register.inclusion_tag("matches/_recap.html", takes_context=True)
def recap_of(context, show, share: bool = False, brief: bool = False, card=None):
    """The recap of ``show`` when it is completed (nothing otherwise), with its copy buttons
    when ``share``; without its results when ``brief`` (a page that lists them already).
    ``card``: the show's matches as the page read them (``selectors.card_of``), read again."""
    if show is None or show.status != ShowStatus.COMPLETED:
        return {"recap": None}
    recap = show_recap(show, card=card)
    formats = _formats(recap, context.get("request")) if share else []
    heading = "What it changed" if brief else "Recap"
    return {"recap": recap, "heading": heading, "formats": formats, "brief": brief}


def _formats(recap: Recap, request) -> list[dict[str, Any]]:
    """The recap's text in each format with its button's words; the show's address absolute."""
    if request is not None:
        recap = dataclasses.replace(recap, url=request.build_absolute_uri(recap.url))
    discord = recap_discord(recap)
    formats = [
        {
            "key": "discord" if len(discord) == 1 else f"discord-{n}",
            "label": "Copy for Discord"
            if len(discord) == 1
            else f"Copy for Discord ({n} of {len(discord)})",
            "text": text,
        }
        for n, text in enumerate(discord, start=1)
    ]
    formats.append({"key": "markdown", "label": "Copy as Markdown", "text": recap_markdown(recap)})
    formats.append({"key": "bbcode", "label": "Copy as BBCode", "text": recap_bbcode(recap)})
    return formats
