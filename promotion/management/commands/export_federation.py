"""``export_federation SLUG [--output FILE]``: a whole federation as one JSON document."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from promotion.models import Federation
from promotion.transfer import federation_export


class Command(BaseCommand):
    help = (
        "Write a whole federation (settings, members, roster, cards, teams, titles and reigns, "
        "feuds, shows and results, injuries, the ledger) as one JSON document; "
        "import_federation reads it back."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The federation's slug.")
        parser.add_argument("--output", "-o", help="The file to write (default: standard output).")

    def handle(self, *args, slug, output, **options):
        federation = Federation.objects.filter(slug=slug).first()
        if federation is None:
            raise CommandError(f"No federation with the slug {slug!r}.")
        text = json.dumps(federation_export(federation=federation), ensure_ascii=False)
        if output is None:
            sys.stdout.write(text + "\n")
            return
        try:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as exc:
            raise CommandError(f"{output}: cannot be written ({exc.strerror or exc})") from None
        self.stderr.write(f"Wrote {federation} to {output}.")
