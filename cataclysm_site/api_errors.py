"""One error shape for the whole API: `{"code": ..., "message": ..., "errors"?: ...}`.

Clients branch on `code`; people read `message`. DRF's own exceptions are mapped onto it here, so no view has to
remember the shape.
"""
import math

from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


class ApiError(APIException):
    """Raise from a view or service to answer with a stable code and a message; `retry_after` (seconds) is sent as
    the Retry-After header, which every 429 of the API carries (the schema says so: cataclysm_site/schema.py)."""

    status_code = status.HTTP_400_BAD_REQUEST

    def __init__(self, code: str, message: str, *, status_code: int | None = None, extra: dict | None = None,
                 retry_after: float | None = None):
        super().__init__(detail=message, code=code)
        self.error_code = code
        self.message = message
        self.extra = extra or {}
        self.retry_after = retry_after
        if status_code is not None:
            self.status_code = status_code


def exception_handler(exc, context):
    """Render every API error as `{"code", "message"}` (plus field errors for validation)."""
    if isinstance(exc, ApiError):
        headers = {"Retry-After": str(max(1, math.ceil(exc.retry_after)))} if exc.retry_after is not None else None
        return Response({"code": exc.error_code, "message": exc.message, **exc.extra}, status=exc.status_code,
                        headers=headers)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ValidationError):
        response.data = {"code": "invalid", "message": "The request is invalid.", "errors": response.data}
    else:
        detail = response.data.get("detail", "") if isinstance(response.data, dict) else response.data
        code = getattr(detail, "code", None) or getattr(exc, "default_code", "error")
        response.data = {"code": str(code), "message": str(detail)}
    return response
