"""What the OpenAPI schema (drf-spectacular) must say beyond what it reads from the serializers by itself.

A serializer whose request takes one of several mutually exclusive forms names them in `exclusive_forms`; its
request schema then carries a `oneOf` saying so, as the serializer's `validate` enforces it:

- `form_required = False` (a decklist: `text`, `code` or `cards`): at most one form, by the key being present;
  sending none is allowed (an empty decklist, which the validator then judges).
- `form_required = True` (a game's deck: `deck`, `decklist` or `text`): exactly one form with a value (null and ""
  count as absent).

Every operation whose view is rate limited (the API's default throttles cover nearly all) says so once, here
(`AutoSchema`, the project's schema class), rather than per view: a 429 in the error shape with the `Retry-After`
header every 429 of the API carries (DRF's throttles, the login limits, and the `ApiError`s that answer 429).
"""
from __future__ import annotations

from drf_spectacular import openapi
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.plumbing import get_class
from drf_spectacular.utils import OpenApiResponse

from decks.serializers import ErrorSerializer

NON_EMPTY = {"string": {"type": "string", "minLength": 1}, "object": {"type": "object"},
             "array": {"type": "array"}}


class ExclusiveFormsExtension(OpenApiSerializerExtension):
    target_class = "rest_framework.serializers.Serializer"
    match_subclasses = True

    @classmethod
    def _matches(cls, target) -> bool:
        return bool(getattr(get_class(target), "exclusive_forms", ())) and super()._matches(target)

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_basic_serializer(self.target, direction)
        if direction == "request":
            serializer = get_class(self.target)
            schema["oneOf"] = forms_one_of(schema, serializer.exclusive_forms, serializer.form_required)
        return schema


def forms_one_of(schema: dict, forms: tuple[str, ...], required: bool) -> list[dict]:
    """One alternative per form (and, when no form is required, one for none of them)."""
    if not required:
        alternatives = [{"required": [name]} for name in forms]
        return alternatives + [{"not": {"anyOf": [{"required": [name]} for name in forms]}}]
    alternatives = []
    for name in forms:
        kind = schema["properties"][name].get("type", "object")
        alternatives.append({"required": [name], "properties": {name: NON_EMPTY.get(kind, {})}})
    return alternatives


THROTTLED = OpenApiResponse(ErrorSerializer, description="`throttled`: too many requests from this client; wait "
                            "`Retry-After` seconds.")
RETRY_AFTER = {"schema": {"type": "integer", "minimum": 0}, "required": True,
               "description": "Seconds to wait before trying again."}


class AutoSchema(openapi.AutoSchema):
    """drf-spectacular's schema, with the 429 of every rate-limited operation and its Retry-After header."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response" or not self.view.get_throttles():
            return responses
        if "429" not in responses:
            responses["429"] = self._get_response_for_code(THROTTLED, "429", direction=direction)
            responses = dict(sorted(responses.items()))
        elif "`throttled`" not in responses["429"].get("description", ""):   # its own 429 (a limit), and the rates'
            responses["429"]["description"] = responses["429"]["description"].rstrip(". ") + \
                "; or `throttled`: too many requests from this client."
        responses["429"].setdefault("headers", {})["Retry-After"] = RETRY_AFTER
        return responses
