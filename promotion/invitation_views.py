"""The invited user's answer, from the home page: accept or decline an invitation.

Each button posts here and goes through ``promotion.invitations``, as the API's ``accept/`` and
``decline/`` do; the outcome is told as a message. With htmx the home page's list of
invitations is swapped in place (``promotion/_invitations.html``); without it, back home."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render

from promotion.invitations import invitation_accept, invitation_decline, pending_invitations
from promotion.models import Invitation
from promotion.services import ServiceError


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
