"""The API's door for a whole federation's document (``POST federations/import/``).

The document is read by the same loader as ``import_federation`` (``transfer.read_document``):
the same size limit, ``settings.FEDERATION_IMPORT_MAX_BYTES``, and the same refusals, which the
API answers in its error shape. The parser reads the request's stream itself, at most one byte
past the limit: a JSON parser of DRF's would read the body through Django's
``DATA_UPLOAD_MAX_MEMORY_SIZE`` (2.5 MB) first, and answer a larger document with an HTML page.
"""

from __future__ import annotations

from rest_framework.parsers import BaseParser

from promotion.transfer import max_bytes, read_document


class FederationDocumentParser(BaseParser):
    """A federation document as JSON, bounded (``transfer.read_document``); its refusal is a
    ``TransferError``, answered 400 with each problem by its path."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        data = stream.read(max_bytes() + 1) if stream is not None else b""
        return read_document(data, source="The document")
