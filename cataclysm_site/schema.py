"""What the OpenAPI schema (drf-spectacular) must say beyond what it reads from the serializers by itself.

A serializer whose request takes one of several mutually exclusive forms names them in `exclusive_forms`; its
request schema then carries a `oneOf` saying so, as the serializer's `validate` enforces it:

- `form_required = False` (a decklist: `text`, `code` or `cards`): at most one form, by the key being present;
  sending none is allowed (an empty decklist, which the validator then judges).
- `form_required = True` (a game's deck: `deck`, `decklist` or `text`): exactly one form with a value (null and ""
  count as absent).
"""
from __future__ import annotations

from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.plumbing import get_class

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
