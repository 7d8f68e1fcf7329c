from django.core.management.base import BaseCommand, CommandError

from matches.records import records_rebuild
from promotion.models import Federation


class Command(BaseCommand):
    help = (
        "Write a federation's stored won-lost-drawn records afresh from its completed matches "
        "(what check_federation compares them with)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The federation's slug.")

    def handle(self, *args, slug, **options):
        federation = Federation.objects.filter(slug=slug).first()
        if federation is None:
            raise CommandError(f"No federation with the slug {slug!r}.")
        written = records_rebuild(federation=federation)
        self.stdout.write(
            self.style.SUCCESS(f"{federation.name}: {written} record(s) written from the results.")
        )
