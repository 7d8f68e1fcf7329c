"""The API's invitation links: the owner's ``invitation-links/`` below a federation (list, make,
revoke) and ``invitation-links/join/`` for a signed-in user holding a link.

Everything goes through ``promotion.invitations``, as the pages do. A link's token is in the
answer that makes it and nowhere else (only its SHA-256 is kept). Joining answers 404 for a
token that is not a link, 410 (Gone) for a used, expired or revoked one, saying which; signing
up through a link is the join page's (``join``), not the API's.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from promotion.access import Action
from promotion.invitations import (
    LINK_DAYS_DEFAULT,
    LINK_DAYS_MAX,
    LINK_DAYS_MIN,
    invitation_link_accept,
    invitation_link_create,
    invitation_link_revoke,
    invitation_links,
    link_state,
)
from promotion.models import InvitationLink, MemberRole
from web.api import FederationViewSet, atomic_action
from web.api_support import ErrorSerializer


class InvitationLinkSerializer(serializers.ModelSerializer):
    role = serializers.ChoiceField(choices=MemberRole.choices, read_only=True)
    created_by: serializers.SlugRelatedField[User] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )
    used_by: serializers.SlugRelatedField[User] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )
    revoked_by: serializers.SlugRelatedField[User] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )
    state = serializers.SerializerMethodField(
        help_text="pending, used, expired or revoked, read now"
    )

    class Meta:
        model = InvitationLink
        fields = [
            "id",
            "role",
            "state",
            "created_by",
            "created_at",
            "expires_at",
            "used_by",
            "used_at",
            "revoked_by",
            "revoked_at",
        ]
        read_only_fields = fields

    def get_state(self, link: InvitationLink) -> str:
        return link_state(link)


class InvitationLinkMadeSerializer(InvitationLinkSerializer):
    """A link just made: with its token and its address, shown this once."""

    token = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField(help_text="The join page's address, to send")

    class Meta(InvitationLinkSerializer.Meta):
        fields = [*InvitationLinkSerializer.Meta.fields, "token", "url"]
        read_only_fields = fields

    def get_token(self, link: InvitationLink) -> str:
        return self.context["token"]

    def get_url(self, link: InvitationLink) -> str:
        path = reverse("join", args=[self.context["token"]])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path


class InvitationLinkCreateSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=MemberRole.choices)
    days = serializers.IntegerField(
        min_value=LINK_DAYS_MIN,
        max_value=LINK_DAYS_MAX,
        default=LINK_DAYS_DEFAULT,
        help_text=f"How long the link lasts, {LINK_DAYS_MIN} to {LINK_DAYS_MAX} days",
    )


class JoinSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=200, help_text="The token at the end of the link")


class JoinedSerializer(serializers.Serializer):
    federation = serializers.CharField(source="federation.slug")
    federation_name = serializers.CharField(source="federation.name")
    role = serializers.ChoiceField(choices=MemberRole.choices)


@extend_schema_view(
    list=extend_schema(
        summary="The federation's invitation links, newest first (owner)", tags=["members"]
    ),
    create=extend_schema(
        summary="Make an invitation link for a booker or a viewer (owner); the token is shown "
        "this once",
        request=InvitationLinkCreateSerializer,
        responses={201: InvitationLinkMadeSerializer},
        tags=["members"],
    ),
)
class InvitationLinkViewSet(mixins.ListModelMixin, mixins.CreateModelMixin, FederationViewSet):
    queryset = InvitationLink.objects.all()
    serializer_class = InvitationLinkSerializer
    read_access = Action.MANAGE
    write_access = Action.MANAGE
    lookup_kind = "invitation link"
    lookup_value_regex = r"[0-9]+"
    filter_backends: list = []

    def scoped_queryset(self):
        return invitation_links(federation=self.federation)

    @atomic_action
    def create(self, request, *args, **kwargs):
        body = InvitationLinkCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        link, token = invitation_link_create(
            federation=self.federation,
            role=body.validated_data["role"],
            days=body.validated_data["days"],
            created_by=request.user,
        )
        made = InvitationLinkMadeSerializer(
            link, context={**self.get_serializer_context(), "token": token}
        )
        response = Response(made.data, status=status.HTTP_201_CREATED)
        response["Cache-Control"] = "no-store"
        return response

    @extend_schema(
        summary="Revoke an invitation link before it is used (owner)",
        request=None,
        responses=InvitationLinkSerializer,
        tags=["members"],
    )
    @action(detail=True, methods=["post"])
    def revoke(self, request, *args, **kwargs):
        link = invitation_link_revoke(link=self.get_object(), by=request.user)
        return Response(InvitationLinkSerializer(link).data)


class InvitationLinkJoinViewSet(GenericViewSet):
    """A signed-in user joins a federation with a link he was sent."""

    permission_classes = [IsAuthenticated]
    serializer_class = JoinSerializer
    filter_backends: list = []

    @extend_schema(
        summary="Join a federation with an invitation link's token: you become a member with "
        "its role, and the link is used",
        request=JoinSerializer,
        responses={
            200: JoinedSerializer,
            410: OpenApiResponse(
                ErrorSerializer,
                "The link has been used, has expired or was revoked; the message says which.",
            ),
        },
        tags=["invitations"],
    )
    @action(detail=False, methods=["post"])
    def join(self, request):
        body = JoinSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        membership = invitation_link_accept(token=body.validated_data["token"], user=request.user)
        return Response(JoinedSerializer(membership).data)
