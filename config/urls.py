from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config import views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("promotion.urls")),
    path("", include("matches.urls")),
    re_path(r"^(?P<path>.*)$", views.unknown_path),  # last: the site's own 404 for the rest
]

handler404 = "config.views.not_found"
handler500 = "config.views.server_error"
