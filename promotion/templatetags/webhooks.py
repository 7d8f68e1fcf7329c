"""The settings page's webhooks: the federation's list, the form to add one, the secret of the
one just added (shown once: taken from the session as it is shown) and the delivery log."""

from __future__ import annotations

from django import template

from matches import webhooks
from promotion.webhook_views import SECRET_KEY, WebhookForm

register = template.Library()

#: The delivery log's length on the settings page (the API lists it whole).
LOG_ROWS = 20


@register.inclusion_tag("promotion/_webhooks.html", takes_context=True)
def webhooks_panel(context, federation) -> dict:
    request = context["request"]
    hooks = list(webhooks.webhooks_of(federation=federation))
    fresh = request.session.pop(SECRET_KEY, None) if hasattr(request, "session") else None
    if fresh and not any(hook.pk == fresh.get("id") for hook in hooks):
        fresh = None
    return {
        "federation": federation,
        "webhooks": hooks,
        "fresh": fresh,
        "form": WebhookForm(auto_id="id_webhook_%s"),
        "deliveries": list(webhooks.deliveries_of(federation=federation)[:LOG_ROWS]),
        "max_webhooks": webhooks.MAX_WEBHOOKS,
        "csrf_token": context.get("csrf_token"),
    }
