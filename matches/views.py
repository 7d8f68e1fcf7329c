"""The shows' pages: the archive, each show with its card, results and play-by-play, its live
progress, and the booking of a federation's bookers.

Every state change goes through a service (``matches.booking``, ``matches.autobook``,
``matches.services``); their refusals (``BookingError.reasons``) are shown on the page.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect
from django.template.defaultfilters import pluralize
from django.urls import reverse

from matches import selectors, services
from matches.autobook import show_autobook
from matches.booking import (
    BookingError,
    match_book,
    match_move,
    match_remove,
    show_create,
    show_schedule,
)
from matches.calendar import calendar_ics, federation_calendar
from matches.forms import MatchForm, ShowForm
from matches.models import FINISHED_STATUSES, PUBLIC_FAILURE, Match, Show, ShowStatus
from matches.simulation import blocker_of, waiting_reason
from promotion import selectors as promotion_selectors
from promotion.access import Action
from promotion.services import federation_by_calendar_token
from web.api_fields import YEARS
from web.pages import federation_page, page, paged, posted_from

#: What a visitor reads about a failed show; members see ``Show.error`` beside it.
FAILED_FOR_VISITORS = PUBLIC_FAILURE
NO_SUCH_YEAR = "There is no year {year} to show (the years {low} to {high}): every show is listed."
OPEN_STATUSES = {ShowStatus.DRAFT, ShowStatus.BOOKED, ShowStatus.SCHEDULED, ShowStatus.FAILED}
LIVE_STATUSES = {ShowStatus.SCHEDULED, ShowStatus.RUNNING}
#: The session's key for the booking last refused on a show (``_stash_refused``), and what of
#: the post it does not keep.
REFUSED_BOOKING = "matches:refused-booking:{show}"
NOT_KEPT = frozenset({"csrfmiddlewaretoken"})
#: What "Simulate now" answers, by what became of the show: wrestled at once (no broker), failed,
#: or sent to the workers (under way, its progress on the page).
RUN_UNDER_WAY = "{show.name} is under way: its progress shows below."
RUN_ANSWERS: dict[str, str] = {
    ShowStatus.COMPLETED: "{show.name} has been wrestled: the results are below.",
    ShowStatus.FAILED: "{show.name} could not be wrestled: see below what went wrong.",
}


def _show(request, federation: str, number: int, action=Action.READ) -> Show:
    fed = federation_page(request, federation, action)
    show = get_object_or_404(fed.shows, number=number)
    show.federation = fed
    return show


def _refused(request, error: BookingError) -> None:
    for reason in error.reasons:
        messages.error(request, reason)


def show_archive(request, slug: str):
    federation = federation_page(request, slug)
    years = selectors.show_years(federation=federation)
    try:
        year = int(request.GET.get("year", ""))
    except ValueError:
        year = None
    low, high = YEARS
    if year is not None and not low <= year <= high:
        # No such year in the calendar (the API refuses it): every show, and say why.
        messages.warning(request, NO_SUCH_YEAR.format(year=year, low=low, high=high))
        year = None
    shows = selectors.show_archive(federation=federation, year=year)
    context = {
        "nav": "shows",
        "years": years,
        "year": year,
        "page_obj": paged(shows, 20, request.GET.get("page")),
    }
    return page(request, "matches/show_archive.html", context)


def _stash_refused(request, show: Show, refusals: list[str]) -> None:
    """Keep a refused booking (what was typed, the service's reasons) for the show's page to
    draw once, so that the refusal is answered by a redirect (a reload posts nothing again)."""
    typed = {key: request.POST.getlist(key) for key in request.POST if key not in NOT_KEPT}
    request.session[REFUSED_BOOKING.format(show=show.pk)] = {
        "typed": typed,
        "refusals": refusals,
    }


def _refused_form(request, show: Show) -> MatchForm | None:
    """The booking refused last on this show, once: its form with what was typed and why."""
    kept = request.session.pop(REFUSED_BOOKING.format(show=show.pk), None)
    if not isinstance(kept, dict):
        return None
    typed = QueryDict(mutable=True)
    for key, values in dict(kept.get("typed") or {}).items():
        typed.setlist(str(key), [str(value) for value in values])
    form = MatchForm(typed, show=show)
    form.is_valid()  # (its own problems again; the service's are those it said)
    for reason in kept.get("refusals") or []:
        form.add_error(None, str(reason))
    return form


def show_detail(request, federation: str, number: int):
    show = _show(request, federation, number)
    context = request.federation_context
    can_book = context["can_book"]
    is_member = context["role"] is not None
    card = list(selectors.card_of(show=show))
    if show.status not in FINISHED_STATUSES:
        # Who of the card cannot work that night: the show would call the match off.
        absences = selectors.card_absences(show=show)
        for match in card:
            match.absent = absences.get(match.pk, [])
    # Who of the card is hurt that night, marked beside his name (a show not yet wrestled).
    hurt = (
        {}
        if show.status in FINISHED_STATUSES
        else promotion_selectors.open_injuries(
            wrestlers=[p.wrestler_id for match in card for p in match.participants.all()],
            on=show.date,
        )
    )
    extra = {
        "hurt": hurt,
        "nav": "shows",
        "show": show,
        "matches": card,
        "is_member": is_member,
        "failed_text": FAILED_FOR_VISITORS,
        "live": show.status in LIVE_STATUSES,
        "dice": request.GET.get("dice") == "1",
        "bookable": can_book and show.status in OPEN_STATUSES,
    }
    if extra["bookable"]:
        # A booking just refused, with what was typed; else ?rule_system= (and ?match_type=):
        # the form with that system's options and match types (htmx swaps them in).
        extra["form"] = _refused_form(request, show) or MatchForm(
            show=show,
            rule_system=request.GET.get("rule_system"),
            match_type=request.GET.get("match_type"),
        )
    return page(request, "matches/show_detail.html", extra)


def show_progress(request, federation: str, number: int):
    """The htmx poll of a scheduled or running show: "match k of n" while it runs. Once the
    show is done the page reloads to show the results (``HX-Refresh``)."""
    show = _show(request, federation, number)
    progress = selectors.show_progress(show=show)
    # A scheduled show's time is in the page's heading: the fragment says only what it waits
    # for, and the bar appears once the show is being wrestled.
    blocker = blocker_of(show) if show.status == ShowStatus.SCHEDULED else None
    context = {
        "show": show,
        "progress": progress,
        "waiting": waiting_reason(blocker) if blocker is not None else "",
    }
    response = page(request, "matches/_progress.html", context)
    if show.status not in LIVE_STATUSES:
        response["HX-Refresh"] = "true"
    return response


def show_new(request, slug: str):
    federation = federation_page(request, slug, Action.BOOK)
    form = ShowForm(request.POST or None, federation=federation)
    if request.method == "POST" and form.is_valid():
        try:
            show = show_create(
                federation=federation,
                scheduled_at=form.scheduled_at(),
                name=form.cleaned_data["name"],
                venue=form.cleaned_data["venue"],
                kind=form.cleaned_data["kind"],
                poster_line=form.cleaned_data["poster_line"],
                card_size=form.cleaned_data["card_size"],
            )
        except BookingError as error:
            for reason in error.reasons:
                form.add_error(None, reason)
        else:
            messages.success(request, f"{show.name} is on the calendar. Book its card.")
            return redirect(show.get_absolute_url())
    return page(request, "matches/show_form.html", {"nav": "shows", "form": form})


@posted_from("show-detail")
def match_add(request, federation: str, number: int):
    show = _show(request, federation, number, Action.BOOK)
    form = MatchForm(request.POST, show=show)
    refusals: list[str] = []
    if form.is_valid():
        data = form.cleaned_data
        try:
            match = match_book(
                show=show,
                sides=form.sides(),
                match_type=data["match_type"],
                title=data["title"],
                feud=data["feud"],
                rule_system=data["rule_system"],
                rule_options=data["rule_options"],
                time_limit=data["time_limit"],
                no_disqualification=data["no_disqualification"],
                title_changes_on_dq=data["title_changes_on_dq"],
                stipulations=dict.fromkeys(data["stipulations"], True),
                is_main_event=data["is_main_event"],
                note=data["note"],
            )
        except BookingError as error:
            refusals = [str(reason) for reason in error.reasons]
        else:
            messages.success(request, f"Match {match.position} booked.")
            return redirect(show.get_absolute_url())
    # Refused: back to the show's page (post/redirect/get), which draws the refusal once.
    if show.status in OPEN_STATUSES:
        _stash_refused(request, show, refusals)
        return redirect(show.get_absolute_url() + "#book")
    # The show can no longer be booked (it ran, from another tab, since the page was drawn):
    # its page draws no form, so the page says why.
    for reason in [*form.non_field_errors(), *refusals]:
        messages.error(request, str(reason))
    return redirect(show.get_absolute_url())


def _match(show: Show, pk: int) -> Match:
    return get_object_or_404(show.matches, pk=pk)


@posted_from("show-detail", "federation", "number")
def match_reorder(request, federation: str, number: int, pk: int):
    show = _show(request, federation, number, Action.BOOK)
    match = _match(show, pk)
    try:
        position = int(request.POST.get("position", ""))
        match_move(match=match, position=position)
    except BookingError as error:  # (a ValueError too: first)
        _refused(request, error)
    except ValueError:
        messages.error(request, "Choose a place on the card.")
    return redirect(show.get_absolute_url())


@posted_from("show-detail", "federation", "number")
def match_delete(request, federation: str, number: int, pk: int):
    show = _show(request, federation, number, Action.BOOK)
    match = _match(show, pk)
    try:
        match_remove(match=match)
    except BookingError as error:
        _refused(request, error)
    else:
        messages.success(request, "Match taken off the card.")
    return redirect(show.get_absolute_url())


@posted_from("show-detail")
def show_autobook_view(request, federation: str, number: int):
    show = _show(request, federation, number, Action.BOOK)
    try:
        report = show_autobook(show=show)
    except BookingError as error:
        _refused(request, error)
    else:
        booked = f"{len(report)} match{pluralize(len(report), 'es')}"
        messages.success(request, f"The auto-booker put {booked} on the card; each says why.")
        for skipped in report.skipped:
            messages.info(request, skipped)
    return redirect(show.get_absolute_url())


def _show_action(request, federation: str, number: int, action, done: str):
    show = _show(request, federation, number, Action.BOOK)
    try:
        action(show=show)
    except BookingError as error:
        _refused(request, error)
    else:
        messages.success(request, done.format(show=show))
    return redirect(show.get_absolute_url())


@posted_from("show-detail")
def show_schedule_view(request, federation: str, number: int):
    return _show_action(
        request, federation, number, show_schedule, "{show.name} is on the schedule."
    )


@posted_from("show-detail")
def show_run_view(request, federation: str, number: int):
    """ "Simulate now": the answer says what became of the show, which without a broker has been
    wrestled (or has failed) by the time the page is drawn again."""
    show = _show(request, federation, number, Action.BOOK)
    try:
        show = services.show_run_now(show=show)
    except BookingError as error:
        _refused(request, error)
    else:
        answer = RUN_ANSWERS.get(str(show.status), RUN_UNDER_WAY)
        level = messages.ERROR if show.status == ShowStatus.FAILED else messages.SUCCESS
        messages.add_message(request, level, answer.format(show=show))
    return redirect(show.get_absolute_url())


@posted_from("show-detail")
def show_retry_view(request, federation: str, number: int):
    return _show_action(
        request, federation, number, services.show_retry, "{show.name} is back on the schedule."
    )


@posted_from("show-detail")
def show_cancel_view(request, federation: str, number: int):
    return _show_action(
        request, federation, number, services.show_cancel, "{show.name} is cancelled."
    )


@posted_from("federation-detail")
def week_run_view(request, slug: str):
    """ "Run this week": book the coming show if it needs it and wrestle it now."""
    federation = federation_page(request, slug, Action.BOOK)
    # The show the button was drawn for (by number, a new one's too): another by now is refused.
    expect = services.expected_show(request.POST.get("show", ""))
    new = request.POST.get("new") == "1"
    try:
        done = services.week_run(federation=federation, expect=expect, new=new)
    except BookingError as error:
        _refused(request, error)
        return redirect(federation.get_absolute_url())
    if done.booked is not None:
        # What the auto-booker left out and why, as its own button tells it.
        for skipped in done.booked.skipped:
            messages.info(request, skipped)
    return redirect(done.show.get_absolute_url())


def calendar_page(request, slug: str):
    """The federation's dates ahead: its shows, the empty weekly slots, its events and its
    tournaments' rounds (``matches.calendar``), and the address of its iCalendar feed."""
    federation = federation_page(request, slug)
    context = {
        "nav": "shows",
        "entries": federation_calendar(federation),
        "feed": _feed_address(request, federation),
    }
    return page(request, "matches/calendar.html", context)


def _feed_address(request, federation) -> str:
    """The feed's address as a calendar application subscribes to it: a public federation's
    plain; a private one's with its token, for its owner only (he shares it), else none."""
    address = request.build_absolute_uri(reverse("calendar-feed", args=[federation.slug]))
    if federation.is_public:
        return address
    if request.federation_context["can_manage"] and federation.calendar_token:
        return f"{address}?token={federation.calendar_token}"
    return ""


def calendar_feed(request, slug: str):
    """The calendar as an iCalendar feed (``text/calendar``): a public federation's for anyone;
    a private one's with its calendar token in the address (``?token=``), or for its members
    signed in; 404 otherwise (no token, a revoked one, another's)."""
    federation = federation_by_calendar_token(slug=slug, token=request.GET.get("token", ""))
    if federation is None:
        federation = federation_page(request, slug)
    body = calendar_ics(
        federation, federation_calendar(federation), address=request.build_absolute_uri
    )
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{federation.slug}.ics"'
    response["Cache-Control"] = "private, max-age=900"
    return response
