"""Invitations' pages: the invited user's answer, and invitation links.

The invited user answers from the home page: each button posts here and goes through
``promotion.invitations``, as the API's ``accept/`` and ``decline/`` do; the outcome is told as a
message. With htmx the home page's list of invitations is swapped in place
(``promotion/_invitations.html``); without it, back home.

Invitation links: the owner makes one on ``invitation-link-create`` (shown once), revokes one
from the members page; whoever opens ``join`` signs up and joins in one step, or, signed in,
joins. A used, expired or revoked link answers a page saying which (410; an unknown one 404).
Refused tries to join are counted by the client's address (``JOIN_REFUSALS_PER_HOUR``)."""

from __future__ import annotations

import functools
from zoneinfo import ZoneInfo

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.debug import sensitive_post_parameters

from promotion.access import Action
from promotion.invitations import (
    LINK_DAYS_DEFAULT,
    LINK_DAYS_MAX,
    LINK_DAYS_MIN,
    LinkClosed,
    invitation_accept,
    invitation_decline,
    invitation_link_accept,
    invitation_link_create,
    invitation_link_open,
    invitation_link_revoke,
    invitation_link_sign_up,
    pending_invitations,
)
from promotion.models import Invitation, InvitationLink, MemberRole, Membership
from promotion.services import ServiceError
from web.pages import federation_page, page, posted_from, refuse_form


def _posted_from_home(view):
    """``web.pages.posted_from`` for a button on the home page, whose address takes no
    arguments: opened rather than pressed, the address goes home."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method == "POST":
            return view(request, *args, **kwargs)
        return redirect("home")

    wrapper.posted_from = "home"
    return wrapper


def _answer(request, pk: int, answer, told: str):
    invitation = get_object_or_404(Invitation.objects.filter(user=request.user), pk=pk)
    try:
        answered = answer(invitation=invitation, user=request.user)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, told.format(federation=answered.federation))
    if request.htmx:
        return render(
            request,
            "promotion/_invitations.html",
            {"invitations": pending_invitations(user=request.user), "answered": True},
        )
    return redirect("home")


@login_required
@_posted_from_home
def invitation_accept_view(request, pk: int):
    return _answer(request, pk, invitation_accept, "You are now a member of {federation}.")


@login_required
@_posted_from_home
def invitation_decline_view(request, pk: int):
    return _answer(request, pk, invitation_decline, "You declined the invitation to {federation}.")


# -- invitation links ----------------------------------------------------------------------------

#: Refused posts to join pages one client address may make in an hour (a taken username, a
#: weak password, a used link...): past it, the page answers 429 until the hour is out. A
#: success uses its link up, so the one thing to guess here is which usernames are taken.
JOIN_REFUSALS_PER_HOUR = 20
JOIN_THROTTLED = (
    "Too many refused tries to join from here in the last hour; wait a while and open the "
    "link again."
)


class InvitationLinkForm(forms.Form):
    role = forms.ChoiceField(choices=MemberRole.choices, initial=MemberRole.BOOKER)
    days = forms.IntegerField(
        label="Lasts (days)",
        initial=LINK_DAYS_DEFAULT,
        min_value=LINK_DAYS_MIN,
        max_value=LINK_DAYS_MAX,
        help_text=f"From {LINK_DAYS_MIN} to {LINK_DAYS_MAX} days; the link is used once.",
    )


class JoinForm(forms.Form):
    username = forms.CharField(max_length=150, help_text="Letters, digits and @/./+/-/_ only.")
    email = forms.EmailField(
        required=False, help_text="Optional: used only to send you a password-reset link."
    )
    password1 = forms.CharField(label="Password", strip=False, widget=forms.PasswordInput)
    password2 = forms.CharField(label="Password again", strip=False, widget=forms.PasswordInput)

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("password1") and cleaned.get("password1") != cleaned.get("password2"):
            self.add_error("password2", "The two passwords differ.")
        return cleaned


#: The service's field names on the join form.
_JOIN_FIELDS = {"password": "password1"}


def invitation_link_create_view(request, slug: str):
    federation = federation_page(request, slug, Action.MANAGE)
    form = InvitationLinkForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            link, token = invitation_link_create(
                federation=federation,
                role=form.cleaned_data["role"],
                days=form.cleaned_data["days"],
                created_by=request.user,
            )
        except ServiceError as exc:
            refuse_form(form, exc)
        else:
            url = request.build_absolute_uri(reverse("join", args=[token]))
            response = page(
                request,
                "promotion/invitation_link_made.html",
                {"nav": "members", "link": link, "url": url},
            )
            response["Cache-Control"] = "no-store"
            return response
    return page(request, "promotion/invitation_link_form.html", {"nav": "members", "form": form})


@posted_from("members", "slug")
def invitation_link_revoke_view(request, slug: str, pk: int):
    federation = federation_page(request, slug, Action.MANAGE)
    link = get_object_or_404(InvitationLink, pk=pk, federation=federation)
    try:
        invitation_link_revoke(link=link, by=request.user)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, f"The {link.get_role_display().lower()} link is revoked: it opens nothing now."
        )
    return redirect("members", slug=federation.slug)


def _join_key(request) -> str:
    return f"join-refusals:{request.META.get('REMOTE_ADDR', '')}"


def _too_many_refusals(request) -> bool:
    """Whether the client has been refused too often on join pages this hour."""
    return int(cache.get(_join_key(request), 0)) >= JOIN_REFUSALS_PER_HOUR


def _count_refusal(request) -> None:
    key = _join_key(request)
    if cache.add(key, 1, timeout=3600):
        return
    try:
        cache.incr(key)
    except ValueError:  # (expired between the two calls)
        cache.set(key, 1, timeout=3600)


def _private(response):
    """The join page's answer is nobody's to keep, and its address (the token) is sent to no
    other site. (``same-origin``, not ``no-referrer``: with no referrer at all the browser
    posts the form with ``Origin: null``, which Django's CSRF check rightly refuses.)"""
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "same-origin"
    return response


def _closed_page(request, exc: LinkClosed):
    return render(
        request,
        "registration/join_closed.html",
        {"reason": exc.reason, "message": str(exc)},
        status=exc.status_code,
    )


@sensitive_post_parameters("password1", "password2")
def join_view(request, token: str):
    if request.method == "POST" and _too_many_refusals(request):
        return _private(
            render(
                request,
                "registration/join_closed.html",
                {"reason": "throttled", "message": JOIN_THROTTLED},
                status=429,
            )
        )
    try:
        link = invitation_link_open(token)
    except LinkClosed as exc:
        if request.method == "POST":
            _count_refusal(request)
        return _private(_closed_page(request, exc))
    federation = link.federation
    # (the link's expiry in the federation's zone, as its pages give times; the site's
    # middleware deactivates it after the request)
    timezone.activate(ZoneInfo(str(federation.time_zone)))
    signed_in = request.user.is_authenticated
    form = None if signed_in else JoinForm(request.POST or None)
    problems: list[str] = []
    if request.method == "POST":
        try:
            if signed_in:
                invitation_link_accept(token=token, user=request.user)
                user = request.user
            elif form is not None and form.is_valid():
                user, _ = invitation_link_sign_up(
                    token=token,
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                    email=form.cleaned_data["email"],
                )
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            else:
                user = None
        except LinkClosed as exc:
            _count_refusal(request)
            return _private(_closed_page(request, exc))
        except ServiceError as exc:
            user = None
            if form is not None:
                problems_by_field = [
                    (_JOIN_FIELDS.get(field, field), message)
                    for field, message in (exc.by_field or (("", str(exc)),))
                ]
                exc.by_field = tuple(problems_by_field)
                refuse_form(form, exc)
            else:
                problems.append(str(exc))
        if user is not None:
            messages.success(
                request,
                f"Welcome to {federation}: you are a {link.get_role_display().lower()} now.",
            )
            return redirect("federation-detail", slug=federation.slug)
    held = (
        Membership.objects.filter(federation=federation, user=request.user).first()
        if signed_in
        else None
    )
    refused = request.method == "POST"
    if refused:
        _count_refusal(request)
    context = {
        "link": link,
        "joining": federation,
        "form": form,
        "problems": problems,
        "held": held,
        "is_owner": signed_in and federation.owner_id == request.user.pk,
    }
    return _private(
        render(request, "registration/join.html", context, status=400 if refused else 200)
    )
