"""Tournaments on the roster's pages, which are drawn by ``promotion.views``: the federation's
past winners, and on a title's page its tournament under way or, for a vacant title and a
booker, the offer to start one (read through ``matches.tournaments``'s selectors)."""

from __future__ import annotations

from django import template

from matches.models import TournamentStatus
from matches.tournaments import past_winners, tournaments_for

register = template.Library()

#: How many past winners the federation's page lists (the tournaments page has them all).
PAST_WINNERS_SHOWN = 5


@register.inclusion_tag("matches/_past_winners.html")
def tournament_winners(federation):
    return {
        "federation": federation,
        "winners": list(past_winners(federation)[:PAST_WINNERS_SHOWN]),
    }


@register.inclusion_tag("matches/_title_tournament.html", takes_context=True)
def title_tournament(context, title):
    """The title's tournament under way, if it has one; else, to a booker, when the title is
    vacant and active, the link to start one."""
    federation = context["federation"]
    running = (
        tournaments_for(federation)
        .filter(title=title, status__in=[TournamentStatus.OPEN, TournamentStatus.RUNNING])
        .first()
    )
    return {
        "federation": federation,
        "title": title,
        "running": running,
        "offer": bool(
            running is None
            and context.get("can_book")
            and title.is_active
            and title.current_reign is None
        ),
    }
