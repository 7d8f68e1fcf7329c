from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.template.defaultfilters import pluralize

from promotion.models import Federation
from promotion.services import CardImportError, ServiceError
from promotion.services.card_files import card_documents_import
from rules.core.safeyaml import YamlError, load_file

#: A problem naming nobody on the roster (``services.NO_SUCH_WRESTLER``), and what to do here.
NO_ONE_HERE = "sign the wrestler first"
SIGN_HINT = "--sign signs a new wrestler for each card naming nobody on the roster"


class Command(BaseCommand):
    help = (
        "Import wrestler cards (YAML, one card or a `cards:` list per file, each naming its "
        "system and its wrestler by slug: or name:) into a federation. All or nothing: any "
        "problem in any file refuses them all, each problem named by file and path. A card "
        "naming nobody on the roster is a problem, unless --sign signs him."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The federation's slug.")
        parser.add_argument("files", nargs="+", type=Path, help="Card files (YAML).")
        parser.add_argument(
            "--sign",
            action="store_true",
            help="Sign a new wrestler for each card naming nobody on the roster (his starting "
            "Fame and Prestige: the roster's lower quartile).",
        )

    def handle(self, *args, slug, files, sign, **options):
        federation = Federation.objects.filter(slug=slug).first()
        if federation is None:
            raise CommandError(f"No federation with the slug {slug!r}.")
        documents, unread = [], []
        for path in files:
            try:
                documents.append((str(path), load_file(path)))
            except YamlError as exc:
                unread.append(str(exc))
        cards, problems = [], []
        try:
            cards = card_documents_import(
                federation=federation, documents=documents, unread=unread, sign=sign
            )
        except CardImportError as exc:
            problems += exc.problems
        except ServiceError as exc:
            problems.append(str(exc))
        if problems:
            for problem in problems:
                self.stderr.write(f"- {problem}")
            if not sign and any(NO_ONE_HERE in problem for problem in problems):
                self.stderr.write(f"({SIGN_HINT})")
            count = len(problems)
            raise CommandError(f"{count} problem{pluralize(count)}; no card was imported.")
        for card in cards:
            self.stdout.write(f"{card.wrestler}: {card.get_system_display()} card stored")
        self.stdout.write(self.style.SUCCESS(f"Imported {len(cards)} card(s)."))
