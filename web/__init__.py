"""What the pages and the API share, above both domains: the API's error answers, fields,
pagination, throttles and schema (``api_support``, ``api_fields``, ``api_schema``), the
federation's access for viewsets (``api``), the page helpers (``pages``), the site's error pages
and request middlewares (``views``, ``csp``, ``client_address``) and the Idempotency-Key store
(``idempotency``). Only the doors (views, API, forms, admin, commands) and the wiring import it
(the ``web`` contract in pyproject.toml)."""
