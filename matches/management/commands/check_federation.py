from django.core.management.base import BaseCommand, CommandError

from matches.checks import federation_check, federation_notices, stored_figures_check
from promotion.models import Federation


class Command(BaseCommand):
    help = "Verify every invariant of a federation's history; exit non-zero listing violations."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The federation's slug.")

    def handle(self, *args, slug, **options):
        federation = Federation.objects.filter(slug=slug).first()
        if federation is None:
            raise CommandError(f"No federation with the slug {slug!r}.")
        problems = federation_check(federation=federation)
        problems += stored_figures_check(federation=federation)
        for notice in federation_notices(federation=federation):
            self.stdout.write(f"Note: {notice}")
        if problems:
            for problem in problems:
                self.stdout.write(f"- {problem}")
            raise CommandError(f"{len(problems)} violation(s) in {federation.name}.")
        self.stdout.write(self.style.SUCCESS(f"{federation.name}: every invariant holds."))
