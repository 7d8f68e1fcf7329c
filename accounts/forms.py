"""Sign-up: a username, an e-mail address for password resets, and a password."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm

from promotion.validators import plain_text

EMAIL_TAKEN = "An account with this e-mail address exists already; reset its password instead."


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        help_text="Used only to send you a password-reset link.", validators=[plain_text]
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_username(self):
        username = super().clean_username()
        plain_text(username)
        return username

    def clean_email(self):
        email = self.cleaned_data["email"]
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(EMAIL_TAKEN)
        return email
