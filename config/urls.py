from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from matches import api as matches_api
from matches import tournament_api
from matches.founding_api import FoundingViewSet
from promotion import api as promotion_api
from promotion.api.generated import GeneratedCardViewSet
from promotion.api.invitation_links import InvitationLinkJoinViewSet, InvitationLinkViewSet
from promotion.api.invitations import InvitationViewSet
from promotion.api.webhooks import WebhookDeliveryViewSet, WebhookViewSet
from web import api_docs, health, operations, pictures, views
from web.api import TokenView
from web.api_root import Router
from web.api_support import api_not_found

FEDERATION = r"federations/(?P<federation_slug>[-a-zA-Z0-9_]+)"

# The router's root view answers GET /api/v1/ (web/api_root.py).
router = Router(trailing_slash=True)
router.register("systems", promotion_api.SystemViewSet, basename="system")
# (before the federations: "found" is not a federation's slug here)
router.register("federations/found", FoundingViewSet, basename="federation-found")
router.register("federations", promotion_api.FederationViewSetAPI, basename="federation")
router.register("invitations", InvitationViewSet, basename="invitation")
router.register("invitation-links", InvitationLinkJoinViewSet, basename="invitation-link-join")
router.register(f"{FEDERATION}/members", promotion_api.MemberViewSet, basename="member")
router.register(f"{FEDERATION}/webhooks", WebhookViewSet, basename="webhook")
router.register(
    f"{FEDERATION}/webhook-deliveries", WebhookDeliveryViewSet, basename="webhook-delivery"
)
router.register(f"{FEDERATION}/invitation-links", InvitationLinkViewSet, basename="invitation-link")
router.register(f"{FEDERATION}/wrestlers", promotion_api.WrestlerViewSet, basename="wrestler")
router.register(
    rf"{FEDERATION}/wrestlers/(?P<wrestler_slug>[-a-zA-Z0-9_]+)/cards",
    promotion_api.CardViewSet,
    basename="card",
)
router.register(
    rf"{FEDERATION}/wrestlers/(?P<wrestler_slug>[-a-zA-Z0-9_]+)/generate-card",
    GeneratedCardViewSet,
    basename="generated-card",
)
router.register(f"{FEDERATION}/cards", promotion_api.CardFileViewSet, basename="cardfile")
router.register(f"{FEDERATION}/teams", promotion_api.TeamViewSet, basename="team")
router.register(f"{FEDERATION}/titles", promotion_api.TitleViewSet, basename="title")
router.register(f"{FEDERATION}/reigns", promotion_api.ReignViewSet, basename="reign")
router.register(f"{FEDERATION}/feuds", promotion_api.FeudViewSet, basename="feud")
router.register(f"{FEDERATION}/injuries", promotion_api.InjuryViewSet, basename="injury")
router.register(f"{FEDERATION}/ledger", promotion_api.LedgerViewSet, basename="ledger")
router.register(FEDERATION, promotion_api.ReportViewSet, basename="report")
router.register(f"{FEDERATION}/shows", matches_api.ShowViewSet, basename="show")
router.register(
    rf"{FEDERATION}/shows/(?P<show_number>[0-9]+)/matches",
    matches_api.ShowMatchViewSet,
    basename="show-match",
)
router.register(f"{FEDERATION}/matches", matches_api.MatchViewSet, basename="match")
router.register(f"{FEDERATION}/odds", matches_api.OddsViewSet, basename="odds")
router.register(f"{FEDERATION}/exhibition", matches_api.ExhibitionViewSet, basename="exhibition")
router.register(
    f"{FEDERATION}/tournaments", tournament_api.TournamentViewSet, basename="tournament"
)

api_v1 = [
    path("auth/token/", TokenView.as_view(), name="token"),
    *router.urls,
    re_path(r"^(?P<path>[\s\S]*)$", api_not_found),
]


urlpatterns = [
    path("favicon.ico", views.favicon),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("api/v1/", include((api_v1, "api"))),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI's start script as a file (?script=), not written into the page (web/csp.py).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path(
        "api/redoc/",
        SpectacularRedocView.as_view(url_name="api-schema", template_name="api/redoc.html"),
        name="api-redoc",
    ),
    path("api/redoc/redoc.standalone.js", api_docs.redoc_bundle, name="api-redoc-bundle"),
    # For a load balancer (200 or 503, JSON), and the superusers' operations page.
    path("health/", health.health, name="health"),
    path("ops/", operations.operations_page, name="operations"),
    path("ops/shows/<int:pk>/retry/", operations.operations_retry, name="operations-retry"),
    # Uploaded pictures, where the site serves them itself (SERVE_MEDIA; nginx in production).
    re_path(r"^media/(?P<path>.+)$", pictures.media, name="media"),
    path("", include("promotion.urls")),
    path("", include("matches.urls")),
    re_path(r"^(?P<path>.*)$", views.unknown_path),  # last: the site's own 404 for the rest
]

handler404 = "web.views.not_found"
handler500 = "web.api_support.server_error"
