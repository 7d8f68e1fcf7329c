"""``Refusal``, the base of every refusal, in a module that imports nothing: the bounded
readers (``safeyaml``, ``safejson``) derive their errors from it, and ``errors`` (which reads
``safeyaml.clip``) re-exports it, so neither waits on the other."""

from __future__ import annotations


class Refusal(Exception):
    """Base of every refusal of what a user asked or sent, in every layer (a card the engine
    refuses, a booking, a service's rule, an import, a document too deep): its message says why,
    plainly, and nothing was written. The doors map it by this base alone (the API answers
    ``status_code`` with its error shape; a command prints it and exits 1), so they need not
    import every app to know its errors. It lives here, at the bottom of the layers, so that
    every app may derive from it.

    What the API reads of it (``web.api_support``): ``status_code``; ``by_field``, each problem
    as ``(path, message)`` where it names its place (empty: the message is the one problem, of
    the request as a whole); ``heading``, where set, the summary ("invalid card; see errors.")."""

    #: What the API answers it with.
    status_code = 400
    #: Each problem as ``(path, message)``; empty: the message alone, of the request as a whole.
    by_field: tuple[tuple[str, str], ...] = ()
