"""``import_federation FILE --owner USERNAME [--slug SLUG]``: a federation from its JSON export."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.template.defaultfilters import pluralize

from promotion.transfer import TransferError, federation_import, max_bytes, read_document


class Command(BaseCommand):
    help = (
        "Create a federation from the JSON document export_federation wrote, all or nothing: "
        "every problem is named by its path and then nothing is written. The members it names "
        "are invited."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="The JSON document.")
        parser.add_argument("--owner", required=True, help="Username of the new owner.")
        parser.add_argument("--slug", help="Import under this slug instead of the document's.")

    def handle(self, *args, file, owner, slug, **options):
        user = get_user_model().objects.filter(username=owner).first()
        if user is None:
            raise CommandError(f"No user named {owner!r}.")
        try:
            with open(file, "rb") as handle:
                data = handle.read(max_bytes() + 1)  # (one byte more tells it is too large)
        except OSError as exc:
            raise CommandError(f"{file}: cannot be read ({exc.strerror or exc})") from None
        try:
            document = read_document(data)
            federation, report = federation_import(document=document, owner=user, slug=slug)
        except TransferError as exc:
            for path, message in exc.problems:
                self.stderr.write(f"- {path}: {message}" if path else f"- {message}")
            count = len(exc.problems)
            raise CommandError(
                f"{count} problem{pluralize(count)}; nothing was imported."
            ) from None
        rows = ", ".join(f"{count} {name.replace('_', ' ')}" for name, count in report.rows.items())
        self.stdout.write(self.style.SUCCESS(f"Imported {federation} ({federation.slug}): {rows}."))
        for line in report.member_lines(user):
            self.stdout.write(line)
