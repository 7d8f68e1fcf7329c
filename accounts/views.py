"""Sign-up; signing in and out and password resets are Django's own views (accounts/urls.py)."""

from __future__ import annotations

from django.contrib.auth import login
from django.shortcuts import redirect
from django.views.decorators.debug import sensitive_post_parameters

from accounts.forms import SignupForm
from web.pages import form_page


@sensitive_post_parameters("password1", "password2")
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return form_page(request, "registration/signup.html", {"form": form})
