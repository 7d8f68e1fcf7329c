"""The tournaments' pages: a federation's tournaments, the new-tournament form (a vacant title's
page leads to it with the title chosen), and each tournament with its bracket or round robin
table, the show its next round is on, and the promoter's buttons (book the next round, run it,
call the tournament off).

Every state change goes through ``matches.tournaments`` (and a show's run through
``matches.services``, as the show's own button does); their refusals are shown on the page.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.template.defaultfilters import pluralize
from django.urls import reverse

from matches.models import (
    BoutDecision,
    Placement,
    Show,
    ShowStatus,
    Tournament,
    TournamentEntrant,
    TournamentFormat,
    TournamentStatus,
    TournamentUnit,
)
from matches.tournament_drawing import Bout, Drawing, Round, Side, Standing
from matches.tournament_forms import TournamentForm
from matches.tournaments import (
    Bracket,
    BracketBout,
    BracketSlot,
    tournament_advance,
    tournament_bracket,
    tournament_cancel,
    tournament_create,
    tournaments_for,
)
from promotion.access import Action
from promotion.models import Division
from rules.core.refusal import Refusal
from web.pages import federation_page, page, paged, posted_from, refuse_form

#: The statuses in which a tournament still has rounds to book.
UNDER_WAY = (TournamentStatus.OPEN, TournamentStatus.RUNNING)
#: The shows on which a booked round can be run now ("Simulate now" takes these).
RUNNABLE = (ShowStatus.BOOKED, ShowStatus.SCHEDULED)
BOOKED = "{count} bout{s} of {tournament} booked on {show}."
BOOKED_NONE = "{tournament}: nobody could wrestle this round; it was decided by forfeit."
CANCELLED = "{tournament} is called off; its bouts still on cards came off them."


def _tournament(request, federation: str, slug: str, action=Action.READ) -> Tournament:
    fed = federation_page(request, federation, action)
    tournament = get_object_or_404(
        fed.tournaments.select_related("title", "event", "winner__wrestler", "winner__team"),
        slug=slug,
    )
    tournament.federation = fed
    return tournament


def tournament_list(request, slug: str):
    federation = federation_page(request, slug)
    context = {
        "nav": "tournaments",
        "page_obj": paged(tournaments_for(federation), 20, request.GET.get("page")),
    }
    return page(request, "matches/tournament_list.html", context)


def _initial(federation, request) -> dict:
    """A vacant title's page leads here with ``?title=<slug>``: that title chosen, the
    tournament named for it and its division's entrants."""
    title = federation.titles.filter(is_active=True, slug=request.GET.get("title", "")).first()
    if title is None:
        return {"size": 8}
    unit = TournamentUnit.TAG if title.division == Division.TAG else TournamentUnit.SINGLES
    return {
        "title": title,
        "name": f"{title.name} tournament",
        "unit": unit,
        "rule_system": title.rule_system,
        "size": 8,
    }


def tournament_new(request, slug: str):
    federation = federation_page(request, slug, Action.BOOK)
    form = TournamentForm(
        request.POST or None, federation=federation, initial=_initial(federation, request)
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = tournament_create(
                federation=federation,
                name=data["name"],
                format=data["format"],
                unit=data["unit"],
                seeding=data["seeding"],
                placement=data["placement"],
                entrants=data["entrant_ids"],
                size=None if data["entrant_ids"] is not None else data["size"],
                title=data["title"],
                rule_system=data["rule_system"] or None,
                user=request.user,
            )
        except Refusal as refusal:
            refuse_form(form, refusal)
        else:
            messages.success(request, f"{tournament.name} is drawn. Book its first round.")
            return redirect(tournament.get_absolute_url())
    return page(request, "matches/tournament_form.html", {"nav": "tournaments", "form": form})


# -- the drawing --------------------------------------------------------------------------------


def _entrant_url(federation_slug: str, entrant: TournamentEntrant) -> str:
    if entrant.wrestler_id is not None:
        return reverse("wrestler-detail", args=[federation_slug, entrant.wrestler.slug])  # type: ignore[union-attr]
    if entrant.team_id is not None:
        return reverse("team-detail", args=[federation_slug, entrant.team.slug])  # type: ignore[union-attr]
    return ""


def _side(slot: BracketSlot | None, bout: BracketBout, urls: dict[int, str]) -> Side:
    if slot is None:
        # An empty place of the first round is a bye; of a later round, a winner to come.
        bye = bout.round == 1 or bout.decided_by == BoutDecision.BYE
        return Side(bye=bye)
    lost_by_forfeit = bout.decided_by == BoutDecision.FORFEIT and not slot.won
    return Side(
        name=slot.name,
        seed=slot.seed,
        url=urls.get(slot.seed, ""),
        winner=slot.won,
        withdrew=slot.withdrew_because if lost_by_forfeit else "",
    )


def drawing_of(bracket: Bracket) -> Drawing:
    """The selector's bracket (``matches.tournaments.tournament_bracket``) as the templates
    draw it: every entrant's page linked, byes and winners to come told apart, each round's
    show, the champion."""
    tournament = bracket.tournament
    federation_slug = tournament.federation.slug
    entrants = {
        entrant.seed: entrant for entrant in tournament.entrants.select_related("wrestler", "team")
    }
    urls = {seed: _entrant_url(federation_slug, entrant) for seed, entrant in entrants.items()}
    rounds = []
    for round_ in bracket.rounds:
        bouts = []
        for bout in round_.bouts:
            top, bottom = _side(bout.a, bout, urls), _side(bout.b, bout, urls)
            # A forfeit's reason is drawn beside the side that withdrew; said once.
            told = top.withdrew or bottom.withdrew
            forfeit = bout.decided_by == BoutDecision.FORFEIT
            bouts.append(
                Bout(
                    top=top,
                    bottom=bottom,
                    match_url=bout.match_url,
                    decided_by=bout.decided_by,
                    note=bout.forfeit_reason if forfeit and not told else "",
                )
            )
        booked = next((bout for bout in round_.bouts if bout.match_url), None)
        rounds.append(
            Round(
                number=round_.number,
                name=round_.name,
                show_name=booked.show if booked else "",
                show_url=booked.match_url if booked else "",
                bouts=tuple(bouts),
            )
        )
    champion = None
    winner = tournament.winner
    if winner is not None:
        champion = Side(
            name=winner.name, seed=winner.seed, url=urls.get(winner.seed, ""), winner=True
        )
    table = tuple(
        Standing(
            place=line.place,
            side=Side(
                name=line.entrant.name,
                seed=line.entrant.seed,
                url=urls.get(line.entrant.seed, ""),
                winner=tournament.winner_id == line.entrant.pk,
                withdrew=line.entrant.withdrew_because,
            ),
            played=line.played,
            wins=line.wins,
            forfeit_wins=line.forfeit_wins,
            losses=line.losses,
            points=line.points,
        )
        for line in bracket.table
    )
    return Drawing(
        format=tournament.format,
        rounds=tuple(rounds),
        champion=champion,
        table=table,
        tie_break=bracket.tie_break,
    )


def _next_round(tournament: Tournament, drawing: Drawing) -> tuple[Round | None, Show | None]:
    """The first round not yet decided, and the show it is booked on (if it is)."""
    for round_ in drawing.rounds:
        if any(not bout.decided for bout in round_.bouts):
            show = (
                Show.objects.filter(
                    matches__tournament_bout__tournament=tournament,
                    matches__tournament_bout__round=round_.number,
                    matches__tournament_bout__decided_by=BoutDecision.UNDECIDED,
                )
                .order_by("scheduled_at")
                .first()
            )
            return round_, show
    return None, None


def tournament_detail(request, federation: str, slug: str):
    tournament = _tournament(request, federation, slug)
    drawing = drawing_of(tournament_bracket(tournament))
    under_way = tournament.status in UNDER_WAY
    next_round, show = _next_round(tournament, drawing) if under_way else (None, None)
    context = {
        "nav": "tournaments",
        "tournament": tournament,
        "drawing": drawing,
        "is_bracket": tournament.format == TournamentFormat.SINGLE_ELIMINATION,
        "under_way": under_way,
        "next_round": next_round,
        "next_show": show,
        "one_night": tournament.placement == Placement.ONE_NIGHT,
        "runnable": show is not None and show.status in RUNNABLE,
    }
    return page(request, "matches/tournament_detail.html", context)


@posted_from("tournament-detail")
def tournament_advance_view(request, federation: str, slug: str):
    tournament = _tournament(request, federation, slug, Action.BOOK)
    try:
        matches = tournament_advance(tournament, user=request.user)
    except Refusal as refusal:
        messages.error(request, str(refusal))
    else:
        if matches:
            show = matches[0].show
            count = len(matches)
            words = {"count": count, "s": pluralize(count), "tournament": tournament, "show": show}
            messages.success(request, BOOKED.format(**words))
        else:
            messages.info(request, BOOKED_NONE.format(tournament=tournament))
    return redirect(tournament.get_absolute_url())


@posted_from("tournament-detail")
def tournament_cancel_view(request, federation: str, slug: str):
    tournament = _tournament(request, federation, slug, Action.BOOK)
    try:
        tournament_cancel(tournament, user=request.user)
    except Refusal as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, CANCELLED.format(tournament=tournament))
    return redirect(tournament.get_absolute_url())
