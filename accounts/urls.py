from django.urls import include, path

from accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    # login, logout, password_change, password_reset and its confirmation pages
    path("", include("django.contrib.auth.urls")),
]
