"""The federation's pages: its front page, roster, wrestlers, titles, feuds, injuries, records,
teams and members, and the roster editing of its bookers.

Reads go through selectors; writes through services. Each page finds its federation with
``web.pages.federation_page``, which applies the one access policy and makes the federation's
time zone current.
"""

from __future__ import annotations

import hashlib
import html
from urllib.parse import urlencode

import yaml
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import F
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import select_template
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import strip_tags

from matches import records as match_records
from matches import selectors as match_selectors
from matches.selectors import card_of, next_show
from promotion import charts, selectors, services
from promotion import records as kept_records
from promotion.access import Action
from promotion.forms import (
    START_SAMPLE,
    CardForm,
    FederationForm,
    FederationSettingsForm,
    FeudEndForm,
    FeudForm,
    InjuryForm,
    InjuryHealForm,
    MemberForm,
    OddsForm,
    RosterFilterForm,
    TeamDisbandForm,
    TeamForm,
    TeamJoinForm,
    TeamLeaveForm,
    TitleAwardForm,
    TitleForm,
    TitleRetireForm,
    TitleVacateForm,
    WrestlerForm,
    card_name_note,
    card_system_problem,
)
from promotion.invitations import invitation_links_shown, pending_invitations
from promotion.models import (
    Division,
    Federation,
    Injury,
    Membership,
    WinLossRecord,
    Wrestler,
    WrestlerStatus,
)
from promotion.sample import sample_federation_load, starter_card
from promotion.templatetags.ringside import feud_sides, ordinal
from rules import registry
from rules.core.safeyaml import YamlError, load_text
from rules.core.text import pronouns
from rules.models import WrestlerCard
from web.pages import (
    federation_page,
    form_page,
    page,
    paged,
    posted_from,
    refuse_form,
    wrestler_page,
)

PER_PAGE = 25
LINEAGE_PAGE = 50
ODDS_RUNS = 2000
ODDS_SEED = 20240601


def _paginate(request, rows, per_page: int = PER_PAGE):
    return paged(rows, per_page, request.GET.get("page"))


# -- the federations -----------------------------------------------------------------------------


def home(request):
    federations = list(selectors.federations_visible_to(user=request.user))
    mine = set()
    if request.user.is_authenticated:
        mine = set(
            Federation.objects.filter(owner=request.user).values_list("pk", flat=True)
        ) | set(request.user.federation_memberships.values_list("federation_id", flat=True))
    return render(
        request,
        "home.html",
        {
            "mine": [f for f in federations if f.pk in mine],
            "others": [f for f in federations if f.pk not in mine],
            "invitations": pending_invitations(user=request.user),
        },
    )


@login_required
def federation_create(request):
    form = FederationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        start = data.pop("start")
        try:
            if start == START_SAMPLE:
                federation = sample_federation_load(
                    owner=request.user, name=data["name"], slug=data["slug"]
                )
                services.federation_update(
                    federation=federation,
                    **{k: v for k, v in data.items() if k not in ("name", "slug")},
                )
            else:
                federation = services.federation_create(owner=request.user, **data)
        except services.ServiceError as exc:
            refuse_form(form, exc)
        else:
            messages.success(request, f"{federation.name} is open for business.")
            return redirect(federation.get_absolute_url())
    return form_page(request, "promotion/federation_form.html", {"form": form})


def federation_detail(request, slug: str):
    federation = federation_page(request, slug)
    today = selectors.federation_today(federation)
    upcoming = next_show(federation=federation)
    next_card = list(card_of(show=upcoming)) if upcoming else []
    if upcoming is not None:
        # Who of its card cannot work that night, as the show's own page warns.
        absences = match_selectors.card_absences(show=upcoming)
        for match in next_card:
            match.absent = absences.get(match.pk, [])
    last = match_selectors.last_completed_show(federation=federation)
    champions = list(selectors.champions(federation=federation))
    contenders = {
        "Singles": selectors.top_contenders(
            federation=federation, division=Division.SINGLES, on=today
        )[:5],
        "Tag teams": selectors.top_contenders(
            federation=federation, division=Division.TAG, on=today
        )[:3],
    }
    # Who is hurt among those the page lists: the next card's men on its night, the
    # champions and contenders today.
    listed = [r.holder_wrestler_id for r in champions if r.holder_wrestler_id]
    listed += [c.pk for c in contenders["Singles"]]
    context = {
        "nav": "home",
        "hurt": selectors.open_injuries(wrestlers=listed, on=today),
        "card_hurt": selectors.open_injuries(
            wrestlers=[p.wrestler_id for m in next_card for p in m.participants.all()],
            on=upcoming.date,
        )
        if upcoming
        else {},
        "champions": champions,
        "feuds": selectors.active_feuds(federation=federation),
        "injuries": selectors.injury_report(federation=federation, on=today),
        "next_show": upcoming,
        "week_show": match_selectors.week_show_number(federation=federation, coming=upcoming),
        "next_card": next_card,
        "last_show": last,
        "last_card": card_of(show=last) if last else [],
        "contenders": contenders,
        "today": today,
    }
    return page(request, "promotion/federation_detail.html", context)


# -- members -------------------------------------------------------------------------------------


def federation_settings(request, slug: str):
    """The owner changes the federation's settings (``services.federation_update``, the same as
    ``PATCH federations/SLUG/``); only what he changed is written."""
    federation = federation_page(request, slug, Action.MANAGE)
    form = FederationSettingsForm(
        request.POST or None, instance=Federation.objects.get(pk=federation.pk)
    )
    if request.method == "POST" and form.is_valid():
        changed = {name: form.cleaned_data[name] for name in form.changed_data}
        try:
            services.federation_update(federation=federation, **changed)
        except services.ServiceError as exc:
            refuse_form(form, exc)
        else:
            if changed:
                messages.success(request, f"{federation.name}'s settings are saved.")
            else:
                messages.info(request, "Nothing was changed.")
            return redirect("federation-settings", slug=federation.slug)
    return page(
        request,
        "promotion/federation_settings.html",
        {"nav": "settings", "form": form, "calendar_feed": _calendar_feed(request, federation)},
    )


def _calendar_feed(request, federation: Federation) -> str:
    """The address of the federation's calendar feed as the owner shares it: a public
    federation's plain, a private one's with its token (none when no token is issued)."""
    address = request.build_absolute_uri(reverse("calendar-feed", args=[federation.slug]))
    if federation.is_public:
        return address
    return f"{address}?token={federation.calendar_token}" if federation.calendar_token else ""


@posted_from("federation-settings", "slug")
def calendar_token_issue_view(request, slug: str):
    """A new calendar address for a private federation (the old one stops working)."""
    federation = federation_page(request, slug, Action.MANAGE)
    services.calendar_token_issue(federation=federation)
    messages.success(
        request, "A new calendar address is issued; the one before it no longer works."
    )
    return redirect("federation-settings", slug=federation.slug)


@posted_from("federation-settings", "slug")
def calendar_token_revoke_view(request, slug: str):
    """No calendar address any more for a private federation."""
    federation = federation_page(request, slug, Action.MANAGE)
    services.calendar_token_revoke(federation=federation)
    messages.success(request, "The calendar address is revoked: it no longer works.")
    return redirect("federation-settings", slug=federation.slug)


def members(request, slug: str):
    federation = federation_page(request, slug, Action.MANAGE)
    form = MemberForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            membership = services.membership_set(
                federation=federation,
                user=form.cleaned_data["user"],
                role=form.cleaned_data["role"],
            )
        except services.ServiceError as exc:
            refuse_form(form, exc)
        else:
            messages.success(
                request,
                f"{membership.user} is now a {membership.get_role_display().lower()} "
                f"of {federation}.",
            )
            return redirect("members", slug=federation.slug)
    rows = federation.memberships.select_related("user").order_by("role", "user__username")
    return page(
        request,
        "promotion/members.html",
        {
            "nav": "members",
            "form": form,
            "memberships": rows,
            "invitation_links": invitation_links_shown(federation=federation),
        },
    )


@posted_from("members", "slug")
def member_remove(request, slug: str, pk: int):
    federation = federation_page(request, slug, Action.MANAGE)
    membership = get_object_or_404(Membership, pk=pk, federation=federation)
    services.membership_remove(federation=federation, user=membership.user)
    messages.success(request, f"{membership.user} is no longer a member of {federation}.")
    return redirect("members", slug=federation.slug)


# -- the roster ----------------------------------------------------------------------------------


def roster(request, slug: str):
    federation = federation_page(request, slug)
    form = RosterFilterForm(request.GET or None)
    filters: dict = {}
    if form.is_bound:
        # The good filters still filter; a bad one is named beside its field and left out.
        form.is_valid()
        filters = form.cleaned_data
    wrestlers = selectors.roster_page(
        federation=federation,
        alignment=filters.get("alignment") or "",
        status=filters.get("status") or "",
        division=filters.get("division") or "",
        min_prestige=filters.get("min_prestige"),
        search=(filters.get("q") or "").strip(),
        sort=filters.get("sort") or "prestige",
    )
    # At a glance: each one's stored record (joined), titles held and injuries.
    page_obj = _paginate(request, wrestlers.select_related("win_loss"), 50)
    hurt = selectors.open_injuries(
        wrestlers=page_obj.object_list, on=selectors.federation_today(federation)
    )
    titles = kept_records.titles_held(federation=federation)
    for wrestler in page_obj:
        wrestler.titles_held = titles.get(wrestler.pk, [])  # type: ignore[attr-defined]
    context = {"nav": "roster", "form": form, "page_obj": page_obj, "hurt": hurt}
    if request.htmx:
        return page(request, "promotion/_roster_table.html", context)
    return page(request, "promotion/roster.html", context)


#: How many of a wrestler's feuds and injuries his page lists (the latest).
PROFILE_LIST = 10


def wrestler_detail(request, federation: str, slug: str):
    fed = federation_page(request, federation)
    wrestler = wrestler_page(fed, slug)
    today = selectors.federation_today(fed)
    zone = timezone.get_current_timezone()
    # The chart shows where the figures move, the last year of it; ``?history=all`` the whole.
    whole_history = request.GET.get("history") == "all"
    window = selectors.standing_window(
        wrestler=wrestler, zone=zone, today=today, whole=whole_history
    )
    cards = list(wrestler.cards.order_by("system"))
    record = match_records.stored_record(wrestler=wrestler)
    methods = sorted(set(record.wins_by) | set(record.losses_by))
    context = {
        "nav": "roster",
        "wrestler": wrestler,
        "record": record,
        "method_rows": [(m, record.wins_by[m], record.losses_by[m]) for m in methods],
        "head_to_heads": match_records.head_to_heads(wrestler=wrestler, limit=10),
        "reigns": selectors.wrestler_reigns(wrestler=wrestler),
        "injuries": list(
            wrestler.injuries.select_related("match__show")
            .defer("match__play_by_play")
            .order_by(F("healed_on").desc(nulls_first=True), "-occurred_on")[: PROFILE_LIST + 1]
        ),
        "hurt": selectors.open_injuries(wrestlers=[wrestler], on=today),
        # The latest ten of his feuds and injuries (ten years hold dozens); an eleventh read
        # says there are more, which their pages list.
        "feuds": list(selectors.wrestler_feuds(wrestler=wrestler)[: PROFILE_LIST + 1]),
        "teams": wrestler.memberships.select_related("team").order_by("-started_on"),
        "matches": _paginate(request, match_selectors.wrestler_matches(wrestler=wrestler), 10),
        "ledger": paged(
            selectors.wrestler_ledger(wrestler=wrestler), PER_PAGE, request.GET.get("ledger")
        ),
        "chart": charts.standing_chart(window.rows, zone=zone, today=today, since=window.start),
        "chart_start": window.default_start,
        "whole_history": whole_history,
        "history_start": window.opened,
        "cards": [(card, _card_view(card)) for card in cards],
        "figures": {card.system: _card_figures(card) for card in cards},
        "today": today,
    }
    return page(request, "promotion/wrestler_detail.html", context)


def _card_figures(card: WrestlerCard) -> list:
    """The exact per-roll figures of a card, for the systems that have them (Superstar)."""
    engine = registry.systems.get(card.system)
    if engine is None or not engine.has_card_figures or not card.validated:
        return []
    try:
        return engine.card_figures(engine.parse_card(card.data))
    except ValueError:
        return []


def _card_view(card: WrestlerCard):
    """The template that lays out a card of this system as the printed card (a plain listing
    for a system without its own layout)."""
    return select_template([f"rules/card_{card.system}.html", "rules/card_any.html"])


def wrestler_create(request, slug: str):
    federation = federation_page(request, slug, Action.BOOK)
    form = WrestlerForm(request.POST or None, federation=federation, creating=True)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            wrestler = services.wrestler_create(
                federation=federation,
                ring_name=data.pop("ring_name"),
                slug=data.pop("slug"),
                fame=data.pop("fame"),
                prestige=data.pop("prestige"),
                **data,
            )
        except services.ServiceError as exc:
            refuse_form(form, exc)
        else:
            messages.success(request, f"{wrestler} signed. Now type in a card.")
            return redirect(
                "card-edit",
                federation=federation.slug,
                slug=wrestler.slug,
                system=federation.rule_system,
            )
    return page(
        request, "promotion/wrestler_form.html", {"nav": "roster", "form": form, "creating": True}
    )


def wrestler_edit(request, federation: str, slug: str):
    fed = federation_page(request, federation, Action.BOOK)
    wrestler = wrestler_page(fed, slug)
    form = WrestlerForm(request.POST or None, instance=wrestler, federation=fed, creating=False)
    if request.method == "POST" and form.is_valid():
        changed = {name: form.cleaned_data[name] for name in form.changed_data}
        try:
            if changed:
                services.wrestler_update(wrestler=wrestler, **changed)
        except services.ServiceError as exc:
            refuse_form(form, exc)
        else:
            told = [f"{wrestler} saved."]
            if changed.get("status") == WrestlerStatus.RETIRED:
                reigns, feuds = selectors.ended_by_retirement(wrestler=wrestler)
                for reign in reigns:
                    told.append(f"The {reign.title} is vacant: {reign.holder} retired as champion.")
                for feud in feuds:
                    sides = html.unescape(strip_tags(feud_sides(feud, fed.slug)))
                    told.append(f"The feud {sides} is over.")
            messages.success(request, " ".join(told))
            return redirect(wrestler.get_absolute_url())
    return page(
        request,
        "promotion/wrestler_form.html",
        {"nav": "roster", "form": form, "wrestler": wrestler, "creating": False},
    )


# -- the card editor -----------------------------------------------------------------------------


def _engine_or_404(system: str):
    engine = registry.systems.get(system)
    if engine is None:
        raise Http404("No such rule system.")
    return engine


def _check_card(engine, text: str, federation=None):
    """(normalised data, problems): the card's problems as the engine's parser names them,
    against the federation's charts."""
    try:
        data = load_text(text, source="card")
    except YamlError as exc:
        return None, [str(exc)]
    if not isinstance(data, dict):
        return None, ["card: a card is a mapping of fields (system:, name:, ...)"]
    problem = card_system_problem(engine, data.get("system"))
    if problem is not None:
        return None, [problem]
    data = {**data, "system": engine.name}
    try:
        normalised, _ = services.card_normalise(
            system=engine.name, data=data, federation=federation
        )
        return normalised, []
    except ValueError as exc:
        return None, str(exc).splitlines()


def card_edit(request, federation: str, slug: str, system: str):
    fed = federation_page(request, federation, Action.BOOK)
    wrestler = wrestler_page(fed, slug)
    engine = _engine_or_404(system)
    card = wrestler.cards.filter(system=system).first()
    if request.method == "POST":
        form = CardForm(request.POST)
        problems: list[str] = []
        data = None
        if form.is_valid():
            data, problems = _check_card(engine, form.cleaned_data["text"], fed)
            if not problems:
                services.card_store(wrestler=wrestler, system=system, data=data)
                messages.success(request, f"{wrestler}'s {engine.title} card saved.")
                if note := card_name_note(wrestler, data):
                    messages.info(request, note)
                return redirect(wrestler.get_absolute_url())
    else:
        text = (
            yaml.safe_dump(card.data, sort_keys=False, allow_unicode=True)
            if card
            else starter_card(engine.name, wrestler)
        )
        form = CardForm(initial={"text": text})
        problems = []
        data = card.data if card else None
    context = {
        "nav": "roster",
        "wrestler": wrestler,
        "engine": engine,
        "system": system,
        "card": card,
        "form": form,
        "problems": problems,
        "name_note": None if problems else card_name_note(wrestler, data),
        "odds_form": OddsForm(wrestler=wrestler, system=system),
        # The editor's tabs: each system by its name on the page, as the cards are laid out.
        "systems": [(name, registry.systems[name].title) for name in sorted(registry.systems)],
    }
    return page(request, "promotion/card_form.html", context)


@posted_from("card-edit")
def card_check(request, federation: str, slug: str, system: str):
    """The editor's live validation (htmx): every problem by path, or that the card is valid."""
    fed = federation_page(request, federation, Action.BOOK)
    wrestler = wrestler_page(fed, slug)
    engine = _engine_or_404(system)
    text = request.POST.get("text", "")
    data, problems = _check_card(engine, text, fed)
    odds_for = request.POST.get("odds_for", "")
    context = {
        "problems": problems,
        "checked": True,
        "name_note": None if problems else card_name_note(wrestler, data),
        # Odds on the page worked out for another text than this one: they go, saying why.
        "odds_stale": bool(odds_for) and odds_for != _card_digest(text),
    }
    return render(request, "promotion/_card_check.html", context)


def _card_digest(text: str) -> str:
    """Which text of the card the editor's odds were worked out for (the live check compares
    it with the card as it stands, to take away odds of a card that has since changed)."""
    return hashlib.sha256(text.encode()).hexdigest()


@posted_from("card-edit")
def card_odds(request, federation: str, slug: str, system: str):
    """The odds of the card in the editor against a chosen opponent's stored card (htmx)."""
    fed = federation_page(request, federation, Action.BOOK)
    wrestler = wrestler_page(fed, slug)
    engine = _engine_or_404(system)
    form = OddsForm(request.POST, wrestler=wrestler, system=system)
    text = request.POST.get("text", "")
    data, problems = _check_card(engine, text, fed)
    context = {"problems": problems, "wrestler": wrestler}
    if not problems and form.is_valid():
        opponent = form.cleaned_data["opponent"]
        played = match_selectors.card_pairing(
            federation=fed, wrestler=wrestler, card=data, opponent=opponent, system=system
        )
        # Monte Carlo alone: the exact solver can take long, and a page answers at once.
        report = match_selectors.odds(played=played, runs=ODDS_RUNS, seed=ODDS_SEED)
        context.update(
            {
                "opponent": opponent,
                "report": report,
                "options": played.options,
                "federation_system": system == fed.rule_system,
                "odds_for": _card_digest(text),
                "percent": [round(100 * w / report.runs, 1) for w in report.wins],
                "draw_percent": round(100 * report.draws / report.runs, 1),
            }
        )
    elif not problems:
        context["problems"] = [e for errors in form.errors.values() for e in errors]
    return render(request, "promotion/_card_odds.html", context)


# -- titles, feuds, injuries, records, teams ---------------------------------------------------


def title_list(request, slug: str):
    federation = federation_page(request, slug)
    titles = selectors.titles_with_holders(federation=federation)
    return page(request, "promotion/title_list.html", {"nav": "titles", "titles": titles})


def title_detail(request, federation: str, slug: str, *, refused=None):
    """A title's lineage and, for bookers, its desk; ``refused`` is ``(desk, bound form)`` when a
    change at the desk was refused: that form comes back as it was typed (status 400)."""
    fed = federation_page(request, federation)
    title = get_object_or_404(fed.titles, slug=slug)
    today = selectors.federation_today(fed)
    rows = selectors.lineage_rows(title=title, today=today)
    number = 0
    numbered = []
    for row in rows:
        if row.reign is not None:
            number += 1
        numbered.append((number if row.reign is not None else None, row))
    # A page of the lineage, the latest by default (a ten-year title has hundreds of reigns);
    # the sides of the matches that crowned its reigns are read for that page alone.
    lineage = paged(numbered, LINEAGE_PAGE, request.GET.get("page"), last_first=True)
    selectors.crowning_matches(row.reign for _, row in lineage if row.reign is not None)
    context = {
        "nav": "titles",
        "title": title,
        "lineage": lineage,
        "timeline": charts.reign_timeline(rows, today=title.retired_on or today),
        "today": today,
    }
    if request.federation_context["can_book"] and title.is_active:
        held = bool(rows) and rows[-1].reign is not None and rows[-1].end is None
        on = today  # (the desks offer the federation's today)
        context["desk"] = {
            "held": held,
            "vacate": TitleVacateForm(initial={"on": on}) if held else None,
            "award": TitleAwardForm(title=title, initial={"on": on}),
            "retire": TitleRetireForm(initial={"on": on}),
        }
        if refused is not None:
            desk, form = refused
            context["desk"][desk] = form
    return _refused_status(page(request, "promotion/title_detail.html", context), refused)


def title_create(request, slug: str):
    federation = federation_page(request, slug, Action.BOOK)
    form = TitleForm(
        request.POST or None, initial={"introduced_on": selectors.federation_today(federation)}
    )
    if request.method == "POST" and form.is_valid():
        try:
            title = services.title_create(federation=federation, **form.cleaned_data)
        except services.ServiceError as exc:
            refuse_form(form, exc)
        else:
            messages.success(request, f"The {title} is introduced, vacant until it is won.")
            return redirect("title-detail", federation=federation.slug, slug=title.slug)
    return page(request, "promotion/title_form.html", {"nav": "titles", "form": form})


def _back_to_page(request, name: str, **kwargs):
    """A list's address again, at the page the booker posted from (``?page=``, which a row's
    form carries in its action)."""
    url = reverse(name, kwargs=kwargs)
    number = request.GET.get("page", "")
    return redirect(f"{url}?{urlencode({'page': number})}" if number.isdigit() else url)


def _typed_in_row(form, key: object) -> tuple:
    """``(row, day)``: which row of a list a refused one-field desk was posted from (``key``
    names it) and the day as it was typed, for the list to show again."""
    return (key, form["on"].value())


def _refused_status(response, refused):
    """A desk's page shown again after a refusal answers 400 (the form was not accepted)."""
    if refused is not None:
        response.status_code = 400
    return response


def _desk_post(request, form, act, subject) -> bool:
    """A change at one of the booker's desks (a title's page, a team's, the feud list, the
    injury report): the form checked, the service called through ``act``, the outcome told as a
    message on the page the booker goes back to. Whether it was made."""
    if not form.is_valid():
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            for error in errors:
                messages.error(request, f"{label}: {error}" if label else error)
        return False
    try:
        told = act(subject, **form.cleaned_data)
    except services.ServiceError as exc:
        messages.error(request, str(exc))
        return False
    messages.success(request, told)
    return True


TITLE_DESKS = {TitleVacateForm: "vacate", TitleAwardForm: "award", TitleRetireForm: "retire"}


def _title_desk(request, federation: str, slug: str, form_class, act):
    fed = federation_page(request, federation, Action.BOOK)
    title = get_object_or_404(fed.titles, slug=slug)
    kwargs = {"title": title} if form_class is TitleAwardForm else {}
    form = form_class(request.POST, **kwargs)
    if not _desk_post(request, form, act, title) and title.is_active:
        # Refused: the title's page again, with what was typed (the date, the reason, "how").
        return title_detail(request, fed.slug, title.slug, refused=(TITLE_DESKS[form_class], form))
    return redirect("title-detail", federation=fed.slug, slug=title.slug)


@posted_from("title-detail")
def title_vacate(request, federation: str, slug: str):
    def act(title, *, on, reason):
        reign = services.title_vacate(title=title, on=on, reason=reason)
        return f"The {title} is vacant: {reign.holder}'s reign ended {on:%B} {on.day}, {on.year}."

    return _title_desk(request, federation, slug, TitleVacateForm, act)


@posted_from("title-detail")
def title_award(request, federation: str, slug: str):
    def act(title, *, holder, on, how):
        reign = services.title_award(title=title, holder=holder, on=on, how=how)
        return (
            f"{holder} wins the {title}: No. {reign.number} in its lineage, {holder}'s "
            f"{ordinal(reign.holder_reign_number)} reign."
        )

    return _title_desk(request, federation, slug, TitleAwardForm, act)


@posted_from("title-detail")
def title_retire(request, federation: str, slug: str):
    def act(title, *, on, sure):
        services.title_retire(title=title, on=on)
        return f"The {title} is retired; its lineage stays."

    return _title_desk(request, federation, slug, TitleRetireForm, act)


def _row_desk_list(request, slug: str, nav: str, rows, template: str, refused):
    """A list with a one-day desk in each open row (the feuds, the injury report): its page of
    rows, the day the desks offer, and ``refused``, ``(row pk, day typed)`` when a row's change
    was refused: the list again with that day in its row (status 400)."""
    federation = federation_page(request, slug)
    context = {
        "nav": nav,
        "page_obj": _paginate(request, rows(federation=federation)),
        "desk_day": selectors.federation_today(federation),
        "typed": refused,
    }
    return _refused_status(page(request, template, context), refused)


def feud_list(request, slug: str, *, refused=None):
    """The feuds, with an end date for each active one at a booker's desk."""
    return _row_desk_list(
        request, slug, "feuds", selectors.feuds_page, "promotion/feud_list.html", refused
    )


def feud_create(request, slug: str):
    federation = federation_page(request, slug, Action.BOOK)
    form = FeudForm(
        request.POST or None,
        federation=federation,
        initial={"started_on": selectors.federation_today(federation)},
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            feud = services.feud_start(
                federation=federation,
                sides=[data["side_a"], data["side_b"]],
                started_on=data["started_on"],
                heat=data["heat"],
                name=data["name"],
                description=data["description"],
            )
        except services.ServiceError as exc:
            refuse_form(form, exc)
        else:
            messages.success(request, f"The feud {feud} is on (heat {feud.heat}).")
            return redirect("feud-list", slug=federation.slug)
    return page(request, "promotion/feud_form.html", {"nav": "feuds", "form": form})


@posted_from("feud-list", "slug")
def feud_end(request, slug: str, pk: int):
    federation = federation_page(request, slug, Action.BOOK)
    feud = get_object_or_404(federation.feuds, pk=pk)

    def act(feud, *, on):
        services.feud_end(feud=feud, on=on)
        return f"The feud {feud} is over."

    form = FeudEndForm(request.POST)
    if _desk_post(request, form, act, feud):
        return _back_to_page(request, "feud-list", slug=federation.slug)
    return feud_list(request, federation.slug, refused=_typed_in_row(form, feud.pk))


def injury_list(request, slug: str, *, refused=None):
    """The injury report, with a healing date for each open injury at a booker's desk."""
    return _row_desk_list(
        request, slug, "injuries", selectors.injuries_page, "promotion/injury_list.html", refused
    )


def _still_booked(injury: Injury, shows) -> str:
    """Tells the booker the wrestler kept off cards is still on cards not yet wrestled."""
    listed = ", ".join(f"{show} on {date_format(show.date, 'M j')}" for show in shows)
    wrestler = injury.wrestler
    his = pronouns(wrestler.pronouns).possessive
    return (
        f"{wrestler} is still on the card of {listed}: {his} match there is called off when the "
        f"show runs, unless {wrestler} has healed by then or the match is changed."
    )


def injury_create(request, slug: str):
    federation = federation_page(request, slug, Action.BOOK)
    form = InjuryForm(
        request.POST or None,
        federation=federation,
        initial={"occurred_on": selectors.federation_today(federation)},
    )
    if request.method == "POST" and form.is_valid():
        try:
            injury = services.injury_record(**form.cleaned_data)
        except services.ServiceError as exc:
            refuse_form(form, exc)
        else:
            messages.success(request, f"{injury.wrestler}'s injury is on the report.")
            if injury.keeps_off_cards:
                ahead = match_selectors.shows_ahead_of(
                    wrestler=injury.wrestler,
                    on=injury.occurred_on,
                    before=injury.expected_return,
                )
                if ahead:
                    messages.warning(request, _still_booked(injury, ahead))
            return redirect("injury-list", slug=federation.slug)
    return page(request, "promotion/injury_form.html", {"nav": "injuries", "form": form})


@posted_from("injury-list", "slug")
def injury_heal(request, slug: str, pk: int):
    federation = federation_page(request, slug, Action.BOOK)
    injury = get_object_or_404(
        Injury.objects.filter(wrestler__federation=federation).select_related("wrestler"), pk=pk
    )

    def act(injury, *, on):
        services.injury_heal(injury=injury, on=on)
        return f"{injury.wrestler} is healed."

    form = InjuryHealForm(request.POST)
    if _desk_post(request, form, act, injury):
        return _back_to_page(request, "injury-list", slug=federation.slug)
    return injury_list(request, federation.slug, refused=_typed_in_row(form, injury.pk))


def records(request, slug: str):
    federation = federation_page(request, slug)
    today = selectors.federation_today(federation)
    book = match_records.record_book(federation=federation, today=today)
    return page(request, "promotion/records.html", {"nav": "records", "book": book})


def standings(request, slug: str):
    """The standings per division, by Prestige (as the API's) or by record; ``?division=``
    singles or tag, ``?by=`` prestige or record (another answers 400 naming it); 50 a page.
    Read from the stored records."""
    federation = federation_page(request, slug)
    division = request.GET.get("division") or Division.SINGLES
    by = request.GET.get("by") or kept_records.BY_PRESTIGE
    refused = []
    if division not in Division.values:
        refused.append(("division", f"There is no division {division!r}: singles or tag."))
    if by not in kept_records.STANDINGS_ORDERS:
        refused.append(("by", f"The standings are by prestige or by record, not {by!r}."))
    if refused:
        told = {"nav": "standings", "refused": refused, "rows": []}
        return page(request, "promotion/standings.html", told, status=400)
    champions = selectors.division_champion_ids(federation=federation, division=division)
    if division == Division.SINGLES:
        wrestlers = selectors.singles_standings(federation=federation)
        if by == kept_records.BY_RECORD:
            wrestlers = kept_records.singles_by_record(wrestlers)
        page_obj = _paginate(request, wrestlers.select_related("win_loss"), 50)
        rows = [(w, w.prestige, w.fame, _record_of(w)) for w in page_obj]
    else:
        teams = selectors.tag_standings(federation=federation)
        records = {r.team_id: r for r in federation.win_loss_records.filter(team__isnull=False)}
        if by == kept_records.BY_RECORD:
            teams = sorted(
                teams, key=lambda pair: kept_records.record_order(records.get(pair[0].pk))
            )
        page_obj = _paginate(request, teams, 50)
        rows = [(team, prestige, None, records.get(team.pk)) for team, prestige in page_obj]
    first = page_obj.start_index() if rows else 1
    context = {
        "nav": "standings",
        "division": division,
        "by": by,
        "page_obj": page_obj,
        "rows": [
            (rank, who, prestige, fame, record, who.pk in champions)
            for rank, (who, prestige, fame, record) in enumerate(rows, start=first)
        ],
    }
    return page(request, "promotion/standings.html", context)


def _record_of(wrestler: Wrestler):
    """His stored record, joined to his row (None before his first match)."""
    try:
        return wrestler.win_loss
    except WinLossRecord.DoesNotExist:
        return None


def team_list(request, slug: str):
    federation = federation_page(request, slug)
    teams = list(selectors.teams_page(federation=federation))
    _, team_records = match_records.federation_records(
        federation=federation, teams=[team.pk for team in teams]
    )
    rows = [(team, team_records.get(team.pk)) for team in teams]
    return page(request, "promotion/team_list.html", {"nav": "teams", "rows": rows})


def team_detail(request, federation: str, slug: str, *, refused=None):
    """A team's members, titles and matches, and for bookers its desk; ``refused`` is ``(desk,
    bound form)`` when a change there was refused: that form comes back as it was typed (a
    member's leaving day in his row), status 400."""
    fed = federation_page(request, federation)
    team = get_object_or_404(selectors.teams_page(federation=fed), slug=slug)
    _, team_records = match_records.federation_records(federation=fed, teams=[team.pk])
    record = team_records.get(team.pk)
    reigns = (
        team.reigns.select_related("title", "won_at__show")
        .defer("won_at__play_by_play")
        .order_by("won_on")
    )
    members = [m.wrestler_id for m in team.memberships.all() if m.ended_on is None]
    context = {
        "nav": "teams",
        "team": team,
        "record": record,
        "reigns": reigns,
        # A stable's members may hold titles of their own.
        "member_reigns": selectors.champions(federation=fed).filter(holder_wrestler__in=members),
        "matches": _paginate(request, match_selectors.team_matches(team=team)),
    }
    if request.federation_context["can_book"] and team.disbanded_on is None:
        today = selectors.federation_today(fed)
        context["desk"] = {
            "today": today,
            "join": TeamJoinForm(team=team, initial={"on": today}),
            "disband": TeamDisbandForm(initial={"on": today}),
            "leave": None,
        }
        if refused is not None:
            desk, form = refused
            context["desk"][desk] = (
                _typed_in_row(form, form["wrestler"].value()) if desk == "leave" else form
            )
    return _refused_status(page(request, "promotion/team_detail.html", context), refused)


def team_create(request, slug: str):
    federation = federation_page(request, slug, Action.BOOK)
    form = TeamForm(
        request.POST or None,
        federation=federation,
        initial={"formed_on": selectors.federation_today(federation)},
    )
    if request.method == "POST" and form.is_valid():
        try:
            team = services.team_form(federation=federation, **form.cleaned_data)
        except services.ServiceError as exc:
            refuse_form(form, exc)
        else:
            messages.success(request, f"{team} formed.")
            return redirect("team-detail", federation=federation.slug, slug=team.slug)
    return page(request, "promotion/team_form.html", {"nav": "teams", "form": form})


TEAM_DESKS = {TeamJoinForm: "join", TeamLeaveForm: "leave", TeamDisbandForm: "disband"}


def _team_desk(request, federation: str, slug: str, form_class, act):
    fed = federation_page(request, federation, Action.BOOK)
    team = get_object_or_404(fed.teams, slug=slug)
    kwargs = {"team": team} if form_class in (TeamJoinForm, TeamLeaveForm) else {}
    form = form_class(request.POST, **kwargs)
    if not _desk_post(request, form, act, team) and team.disbanded_on is None:
        # Refused: the team's page again, with what was typed.
        return team_detail(request, fed.slug, team.slug, refused=(TEAM_DESKS[form_class], form))
    return redirect("team-detail", federation=fed.slug, slug=team.slug)


@posted_from("team-detail")
def team_join(request, federation: str, slug: str):
    def act(team, *, wrestler, on):
        services.team_join(team=team, wrestler=wrestler, on=on)
        return f"{wrestler} joins {team}."

    return _team_desk(request, federation, slug, TeamJoinForm, act)


@posted_from("team-detail")
def team_leave(request, federation: str, slug: str):
    def act(team, *, wrestler, on):
        services.team_leave(team=team, wrestler=wrestler, on=on)
        return f"{wrestler} leaves {team}."

    return _team_desk(request, federation, slug, TeamLeaveForm, act)


@posted_from("team-detail")
def team_disband(request, federation: str, slug: str):
    def act(team, *, on, sure):
        services.team_disband(team=team, on=on)
        return f"{team} disbanded."

    return _team_desk(request, federation, slug, TeamDisbandForm, act)
