"""The OpenAPI schema's view of errors: every operation lists the errors it can give, all in the
shape of ``web.api_support.ErrorSerializer``, so that a client (and schemathesis) can rely on
every status code the API answers with."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework.permissions import SAFE_METHODS

from promotion.access import Action
from web.api_support import ErrorSerializer

# -- the schema ---------------------------------------------------------------------------------

ERROR_DESCRIPTIONS = {
    400: "The request is invalid; `errors` names each problem and where it is.",
    401: "Not signed in, or the token or session is not valid.",
    403: "Your role in this federation does not allow this (or the CSRF check failed).",
    404: "No such federation, or it is private and you are not a member; or no such object.",
    409: "The request conflicts with the data as it stands; nothing was written.",
    415: "The body's media type is not accepted here.",
    429: "Too many requests; wait the seconds the Retry-After header gives.",
}


class AutoSchema(SpectacularAutoSchema):
    """Every operation lists the errors it can give, all in the shape of ``ErrorSerializer``."""

    def _error_codes(self) -> list[int]:
        view = self.view
        codes = [400, 401, 404, 429]
        unsafe = self.method not in SAFE_METHODS
        strict_read = getattr(view, "read_access", Action.READ) != Action.READ or any(
            access != Action.READ for access in getattr(view, "action_access", {}).values()
        )
        if unsafe or strict_read:
            codes.append(403)
        if unsafe:
            codes += [409, 415]
        return sorted(codes)

    def _get_response_bodies(self, direction="response"):
        # (a private hook, but the one every operation passes through, ``extend_schema`` or not)
        responses = super()._get_response_bodies(direction)
        for code in self._error_codes():
            if str(code) not in responses:
                error = OpenApiResponse(ErrorSerializer, ERROR_DESCRIPTIONS[code])
                responses[str(code)] = self._get_response_for_code(
                    error, str(code), direction=direction
                )
        return responses
