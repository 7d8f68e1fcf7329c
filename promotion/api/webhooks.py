"""A federation's webhooks and their delivery log, for its owner: listed, added (the answer
carries the secret, the only time it is shown), removed, a test sent; the deliveries listed,
newest first. Through the same services as the settings page (``matches.webhooks``)."""

from __future__ import annotations

from django.db import transaction
from drf_spectacular.utils import extend_schema, extend_schema_view, inline_serializer
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from matches import webhooks
from matches.models import Webhook, WebhookDelivery, WebhookFormat
from promotion.access import Action
from web.api import FederationViewSet, atomic_action


class WebhookSerializer(serializers.ModelSerializer):
    address = serializers.CharField(read_only=True, help_text="The URL's scheme and host.")
    url = serializers.CharField(
        write_only=True, max_length=500, help_text="The webhook's URL (not shown again)."
    )
    format = serializers.ChoiceField(choices=WebhookFormat.choices)

    class Meta:
        model = Webhook
        fields = ["id", "address", "url", "format", "created_at"]
        read_only_fields = ["id", "created_at"]


class WebhookCreatedSerializer(WebhookSerializer):
    secret = serializers.CharField(
        read_only=True,
        help_text="Signs each JSON delivery (X-Ringside-Signature); shown this once.",
    )

    class Meta(WebhookSerializer.Meta):
        fields = [*WebhookSerializer.Meta.fields, "secret"]


class DeliverySerializer(serializers.ModelSerializer):
    webhook = serializers.IntegerField(source="webhook_id", read_only=True)
    show = serializers.SerializerMethodField()

    class Meta:
        model = WebhookDelivery
        fields = [
            "id",
            "webhook",
            "kind",
            "show",
            "status",
            "attempts",
            "last_code",
            "last_error",
            "created_at",
            "last_attempt_at",
            "next_attempt_at",
            "finished_at",
        ]
        read_only_fields = fields

    def get_show(self, delivery) -> int | None:
        """The show's number (a show's recap), or null (a test)."""
        return delivery.show.number if delivery.show else None


TAGS = ["webhooks"]


@extend_schema_view(
    list=extend_schema(summary="The federation's webhooks (owner)", tags=TAGS),
    create=extend_schema(
        summary="Add a webhook (owner); the answer carries its secret, shown once",
        responses={201: WebhookCreatedSerializer},
        tags=TAGS,
    ),
    destroy=extend_schema(summary="Remove a webhook and its log (owner)", tags=TAGS),
    test=extend_schema(
        summary="Send a test message to a webhook (owner)",
        request=None,
        responses={
            202: inline_serializer("WebhookTestSent", {"delivery": serializers.IntegerField()})
        },
        tags=TAGS,
    ),
)
class WebhookViewSet(
    mixins.ListModelMixin,
    mixins.CreateModelMixin,
    mixins.DestroyModelMixin,
    FederationViewSet,
):
    queryset = Webhook.objects.all()
    serializer_class = WebhookSerializer
    read_access = Action.MANAGE
    write_access = Action.MANAGE
    lookup_kind = "webhook"
    lookup_value_regex = r"[0-9]+"
    pagination_class = None
    http_method_names = ["get", "post", "delete", "head", "options"]

    def scoped_queryset(self):
        return webhooks.webhooks_of(federation=self.federation)

    @atomic_action
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        webhook = webhooks.webhook_add(
            federation=self.federation,
            url=serializer.validated_data["url"],
            format=serializer.validated_data["format"],
        )
        return Response(WebhookCreatedSerializer(webhook).data, status=status.HTTP_201_CREATED)

    def destroy(self, request, *args, **kwargs):
        webhooks.webhook_remove(webhook=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @action(detail=True, methods=["post"])
    def test(self, request, *args, **kwargs):
        with transaction.atomic():
            delivery = webhooks.webhook_test(webhook=self.get_object())
        return Response({"delivery": delivery.pk}, status=status.HTTP_202_ACCEPTED)


@extend_schema_view(
    list=extend_schema(summary="The webhooks' delivery log, newest first (owner)", tags=TAGS),
)
class WebhookDeliveryViewSet(mixins.ListModelMixin, FederationViewSet):
    queryset = WebhookDelivery.objects.all()
    serializer_class = DeliverySerializer
    read_access = Action.MANAGE
    write_access = Action.MANAGE
    http_method_names = ["get", "head", "options"]

    def scoped_queryset(self):
        return webhooks.deliveries_of(federation=self.federation)
