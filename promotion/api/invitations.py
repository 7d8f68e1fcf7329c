"""The API's ``invitations/``: the signed-in user's invitations to federations, his to answer.

Listing shows those still waiting on him; ``accept/`` makes him a member with the role offered,
``decline/`` answers no. Both go through ``promotion.invitations``, as the home page's buttons
do. Another user's invitation is not found here.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, serializers
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from promotion.invitations import invitation_accept, invitation_decline, pending_invitations
from promotion.models import Federation, Invitation, MemberRole
from web.api import NamedLookup


class InvitationSerializer(serializers.ModelSerializer):
    federation: serializers.SlugRelatedField[Federation] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    federation_name = serializers.CharField(source="federation.name", read_only=True)
    role = serializers.ChoiceField(choices=MemberRole.choices, read_only=True)
    invited_by: serializers.SlugRelatedField[User] = serializers.SlugRelatedField(
        slug_field="username", read_only=True
    )

    class Meta:
        model = Invitation
        fields = [
            "id",
            "federation",
            "federation_name",
            "role",
            "invited_by",
            "created_at",
            "accepted_at",
            "declined_at",
        ]
        read_only_fields = fields


@extend_schema_view(
    list=extend_schema(
        summary="Your invitations to federations, still waiting on you", tags=["invitations"]
    ),
)
class InvitationViewSet(NamedLookup, mixins.ListModelMixin, GenericViewSet):
    """Invitations to the signed-in user, to accept or decline."""

    permission_classes = [IsAuthenticated]
    serializer_class = InvitationSerializer
    filter_backends: list = []
    lookup_value_regex = r"[0-9]+"

    def lookup_where(self) -> str:
        return "waiting for you"

    def get_queryset(self):
        return pending_invitations(user=self.request.user)

    @extend_schema(
        summary="Accept an invitation: you become a member with the role offered",
        request=None,
        responses=InvitationSerializer,
        tags=["invitations"],
    )
    @action(detail=True, methods=["post"])
    def accept(self, request, pk=None):
        invitation = invitation_accept(invitation=self.get_object(), user=request.user)
        return Response(self.get_serializer(invitation).data)

    @extend_schema(
        summary="Decline an invitation: nothing else changes",
        request=None,
        responses=InvitationSerializer,
        tags=["invitations"],
    )
    @action(detail=True, methods=["post"])
    def decline(self, request, pk=None):
        invitation = invitation_decline(invitation=self.get_object(), user=request.user)
        return Response(self.get_serializer(invitation).data)
