from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from promotion.sample import sample_federation_load
from promotion.services import ServiceError

OWNER_CREATED = (
    "Created the user {owner!r} to own it, with no password "
    "(`manage.py changepassword {owner}` sets one)."
)


class Command(BaseCommand):
    help = "Load the project's fictional sample federation (roster, titles, feud, cards)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--owner",
            default="promoter",
            help="Username of the owner; created without a password if missing.",
        )
        parser.add_argument(
            "--replace", action="store_true", help="Delete and reload it if it exists."
        )

    def handle(self, *args, owner, replace, **options):
        User = get_user_model()
        try:
            User._meta.get_field("username").run_validators(owner)
            User.username_validator(owner)
        except ValidationError as exc:
            raise CommandError(f"--owner {owner!r}: {' '.join(exc.messages)}") from None
        try:
            # All or nothing: a refused load leaves no new owner behind.
            with transaction.atomic():
                user, created = User.objects.get_or_create(username=owner)
                if created:
                    user.set_unusable_password()
                    user.save(update_fields=["password"])
                federation = sample_federation_load(owner=user, replace=replace)
        except ServiceError as exc:
            raise CommandError(str(exc)) from None
        if created:
            # Said, so that a mistyped --owner is seen (the federation now belongs to him).
            self.stdout.write(OWNER_CREATED.format(owner=owner))
        self.stdout.write(
            self.style.SUCCESS(
                f"Loaded {federation.name} ({federation.slug}): "
                f"{federation.wrestlers.count()} wrestlers, {federation.teams.count()} teams, "
                f"{federation.titles.count()} titles, {federation.feuds.count()} feuds, "
                f"{sum(w.cards.count() for w in federation.wrestlers.all())} cards."
            )
        )
