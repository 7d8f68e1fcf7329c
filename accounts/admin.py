"""The sign-in throttle's records in the admin (django-axes), with its clean-up action working.

django-axes's "Clean up expired attempts" reckons the cool-off from ``request.axes_attempt_time``,
which its middleware sets only on a sign-in; pressed in the admin, the action would fail. Here the
request is given the time it is pressed, so the action deletes the attempts older than the
cool-off (``AXES_COOLOFF_TIME``) from now.
"""

from __future__ import annotations

from axes.admin import AccessAttemptAdmin
from axes.models import AccessAttempt
from django.contrib import admin
from django.utils import timezone


class RingsideAccessAttemptAdmin(AccessAttemptAdmin):
    @admin.action(description="Clean up expired attempts")
    def cleanup_expired_attempts(self, request, queryset):
        if not hasattr(request, "axes_attempt_time"):
            request.axes_attempt_time = timezone.now()
        return super().cleanup_expired_attempts(request, queryset)


admin.site.unregister(AccessAttempt)
admin.site.register(AccessAttempt, RingsideAccessAttemptAdmin)
