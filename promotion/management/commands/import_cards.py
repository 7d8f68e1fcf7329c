from pathlib import Path

import yaml
from django.core.management.base import BaseCommand, CommandError

from promotion.models import Federation
from promotion.services import CardImportError, cards_import


class Command(BaseCommand):
    help = (
        "Import wrestler cards (YAML, one card or a `cards:` list per file) into a federation. "
        "All or nothing: any problem in any file refuses them all, each problem named by path."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The federation's slug.")
        parser.add_argument("files", nargs="+", type=Path, help="Card files (YAML).")

    def handle(self, *args, slug, files, **options):
        federation = Federation.objects.filter(slug=slug).first()
        if federation is None:
            raise CommandError(f"No federation with the slug {slug!r}.")
        documents, problems = [], []
        for path in files:
            try:
                documents.append((str(path), yaml.safe_load(path.read_text())))
            except OSError as exc:
                problems.append(f"{path}: cannot be read ({exc.strerror})")
            except yaml.YAMLError as exc:
                problems.append(f"{path}: not valid YAML ({exc})")
        if not problems:
            try:
                cards = cards_import(federation=federation, documents=documents)
            except CardImportError as exc:
                problems = exc.problems
        if problems:
            for problem in problems:
                self.stderr.write(f"- {problem}")
            raise CommandError(f"{len(problems)} problem(s); no card was imported.")
        for card in cards:
            self.stdout.write(f"{card.wrestler}: {card.get_system_display()} card stored")
        self.stdout.write(self.style.SUCCESS(f"Imported {len(cards)} card(s)."))
