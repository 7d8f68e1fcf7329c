"""The admin of the federations' webhooks and their delivery log: read, for the site's
operators; a webhook removed through its service (``matches.webhooks``). Webhooks are added by
their federation's owner (the settings page, the API), where the secret is shown once; the
log is written by the deliveries alone. ``matches.admin`` imports this module."""

from __future__ import annotations

from django.contrib import admin

from matches import webhooks
from matches.models import Webhook, WebhookDelivery


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ["__str__", "federation", "format", "created_at"]
    list_filter = ["format"]
    search_fields = ["federation__name", "federation__slug"]
    list_select_related = ["federation"]
    # (the URL often holds the receiver's own token, and the secret signs: neither is shown)
    fields = ("federation", "address", "format", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def get_deleted_objects(self, objs, request):
        # (a webhook's log goes with it, though the log's own rows are never deleted alone)
        deleted, counts, _, protected = super().get_deleted_objects(objs, request)
        return deleted, counts, set(), protected

    def delete_model(self, request, obj):
        webhooks.webhook_remove(webhook=obj)

    def delete_queryset(self, request, queryset):
        for webhook in queryset:
            webhooks.webhook_remove(webhook=webhook)


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ["__str__", "show", "status", "attempts", "last_code", "created_at"]
    list_filter = ["status", "kind"]
    list_select_related = ["webhook__federation", "show"]
    search_fields = ["webhook__federation__slug"]
    actions = None
    fields = (
        "webhook",
        "show",
        "kind",
        "status",
        "attempts",
        "parts_sent",
        "last_code",
        "last_error",
        "created_at",
        "last_attempt_at",
        "next_attempt_at",
        "finished_at",
    )
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
