"""The owner's webhooks on the federation's settings page: one added (its secret shown once,
on the settings page it leads back to), one removed, a test sent. The list and the delivery log
are the settings page's (``promotion/templatetags/webhooks.py``); the services are
``matches.webhooks``, the same as the API's."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect

from matches import webhooks
from matches.models import Webhook, WebhookFormat
from promotion.access import Action
from web.pages import federation_page, page, posted_from, refuse_form

#: Where the settings page finds the secret of the webhook just added, shown once.
SECRET_KEY = "webhook_secret"


class WebhookForm(forms.Form):
    url = forms.CharField(
        label="Address",
        max_length=500,
        help_text="The webhook's URL, as Discord or Slack gives it, or your own receiver's.",
    )
    format = forms.ChoiceField(label="Format", choices=WebhookFormat.choices)


def _settings(federation):
    response = redirect("federation-settings", slug=federation.slug)
    response["Location"] += "#webhooks"
    return response


def webhook_add(request, slug: str):
    """A page of one form (the settings page shows it too): a valid one adds the webhook and
    leads back to the settings page, which shows its secret once."""
    federation = federation_page(request, slug, Action.MANAGE)
    form = WebhookForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            webhook = webhooks.webhook_add(
                federation=federation,
                url=form.cleaned_data["url"],
                format=form.cleaned_data["format"],
            )
        except webhooks.ServiceError as exc:
            refuse_form(form, exc)
        else:
            request.session[SECRET_KEY] = {"id": webhook.pk, "secret": webhook.secret}
            messages.success(request, f"The webhook to {webhook.address} is added.")
            return _settings(federation)
    return page(request, "promotion/webhook_add.html", {"nav": "settings", "form": form})


def _webhook(federation, pk: int) -> Webhook:
    return get_object_or_404(Webhook, pk=pk, federation=federation)


@posted_from("federation-settings", "slug")
def webhook_remove(request, slug: str, pk: int):
    federation = federation_page(request, slug, Action.MANAGE)
    webhook = _webhook(federation, pk)
    webhooks.webhook_remove(webhook=webhook)
    messages.success(request, f"The webhook to {webhook.address} is removed, with its log.")
    return _settings(federation)


@posted_from("federation-settings", "slug")
def webhook_test(request, slug: str, pk: int):
    federation = federation_page(request, slug, Action.MANAGE)
    webhook = _webhook(federation, pk)
    webhooks.webhook_test(webhook=webhook)
    messages.success(
        request, f"A test is sent to {webhook.address}: the log below says how it went."
    )
    return _settings(federation)
