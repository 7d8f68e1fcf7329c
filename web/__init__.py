"""The API's shared plumbing that keeps state of its own: for now, the Idempotency-Key store
(``web.idempotency``)."""
