from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from promotion.sample import sample_federation_load
from promotion.services import ServiceError


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
        user, created = User.objects.get_or_create(username=owner)
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        try:
            federation = sample_federation_load(owner=user, replace=replace)
        except ServiceError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            self.style.SUCCESS(
                f"Loaded {federation.name} ({federation.slug}): "
                f"{federation.wrestlers.count()} wrestlers, {federation.teams.count()} teams, "
                f"{federation.titles.count()} titles, {federation.feuds.count()} feuds, "
                f"{sum(w.cards.count() for w in federation.wrestlers.all())} cards."
            )
        )
