"""``load_sample_federation``: all or nothing, the owner included."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from promotion.models import Federation

pytestmark = pytest.mark.django_db


def test_a_refused_load_leaves_no_new_owner_behind():
    call_command("load_sample_federation", verbosity=0)
    with pytest.raises(CommandError) as caught:
        call_command("load_sample_federation", "--owner", "promotr", verbosity=0)
    assert "copperline" in str(caught.value) and "--replace" in str(caught.value)
    assert not get_user_model().objects.filter(username="promotr").exists()
    assert Federation.objects.get(slug="copperline").owner.username == "promoter"


def test_an_owner_name_that_cannot_be_a_username_is_refused_naming_it():
    with pytest.raises(CommandError) as caught:
        call_command("load_sample_federation", "--owner", "the promoter!", verbosity=0)
    assert str(caught.value).startswith("--owner 'the promoter!': Enter a valid username.")
    assert not get_user_model().objects.exists()
    assert not Federation.objects.exists()


def test_a_new_owner_is_made_without_a_password():
    call_command("load_sample_federation", "--owner", "ines", verbosity=0)
    owner = Federation.objects.get(slug="copperline").owner
    assert owner.username == "ines" and not owner.has_usable_password()


def test_a_new_owner_is_said_so_that_a_mistyped_name_is_seen():
    """`--owner promotr --replace` hands the federation to a new account: the command says it
    made one (no password), and says nothing of the kind for an owner who exists."""
    from io import StringIO

    call_command("load_sample_federation", verbosity=0, stdout=StringIO())
    out = StringIO()
    call_command("load_sample_federation", "--owner", "promotr", "--replace", stdout=out)
    assert out.getvalue().splitlines()[0] == (
        "Created the user 'promotr' to own it, with no password "
        "(`manage.py changepassword promotr` sets one)."
    )
    out = StringIO()
    call_command("load_sample_federation", "--owner", "promotr", "--replace", stdout=out)
    assert "Created the user" not in out.getvalue()
