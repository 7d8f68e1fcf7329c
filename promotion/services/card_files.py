"""Card files imported whole: read (safely) and stored by ``cards_import``, all or nothing."""

from __future__ import annotations

from typing import IO

from django.db import transaction

from promotion.services.cards import CardImportError, cards_import
from rules.core.safeyaml import MAX_BYTES, YamlError, load_text
from rules.models import WrestlerCard

MAX_FILES = 100
TOO_MANY_FILES = "at most {most} files at once, got {count}"
NO_FILES = "choose one or more card files"


class _Refused(Exception):
    """Rolls back a trial import whose files did not all read."""


def card_files_import(
    *, federation, files: list[tuple[str, IO[bytes]]], sign: bool = False
) -> list[WrestlerCard]:
    """Import the cards of several files (``(name, file)``), all or nothing.

    Each file is read as the command reads it (``safeyaml``: its size limit, UTF-8, no aliases)
    and its cards stored by ``cards_import``. Every problem is named, by file and path: a file
    that does not read is named with the problems of the files that did (found by trying them,
    undone), and nothing is stored unless every card of every file is accepted."""
    if not files:
        raise CardImportError([("", "card_files", NO_FILES)])
    if len(files) > MAX_FILES:
        raise CardImportError(
            [("", "card_files", TOO_MANY_FILES.format(most=MAX_FILES, count=len(files)))]
        )
    documents = []
    unread: list[str] = []
    for name, handle in files:
        try:
            documents.append((name, load_text(handle.read(MAX_BYTES + 1), source=name)))
        except YamlError as exc:
            unread.append(str(exc))  # (its message names the file)
    return card_documents_import(
        federation=federation, documents=documents, unread=unread, sign=sign
    )


def card_documents_import(
    *, federation, documents: list[tuple[str, object]], unread: list[str], sign: bool = False
) -> list[WrestlerCard]:
    """Store the cards of documents already read (``(name, parsed YAML)``), all or nothing.

    ``unread`` holds the problems of the files that did not read (each naming its file): with
    any, the documents that did read are still checked, so that every problem is named at
    once, and nothing is stored."""
    located: list[tuple[str, str, str]] = [("", "", problem) for problem in unread]
    stored: list[WrestlerCard] = []
    try:
        with transaction.atomic():
            stored = cards_import(federation=federation, documents=documents, sign=sign)
            if located:
                raise _Refused
    except CardImportError as exc:
        located += exc.located
    except _Refused:
        pass
    if located:
        raise CardImportError(located)
    return stored
