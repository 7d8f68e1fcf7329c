"""The admin is for superusers only: federation owners and bookers use the pages."""

from __future__ import annotations

from django.contrib.admin import AdminSite
from django.contrib.admin.apps import AdminConfig


class SuperuserAdminSite(AdminSite):
    site_header = "Ringside administration"

    def has_permission(self, request) -> bool:
        return request.user.is_active and request.user.is_superuser


class RingsideAdminConfig(AdminConfig):
    default_site = "config.admin_site.SuperuserAdminSite"
