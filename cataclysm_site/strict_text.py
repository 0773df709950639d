"""Every text field of the API takes text only.

DRF's CharField turns a JSON number into text (`{"body": 0}` is stored as "0") while the schema says `string`: a
client sending the wrong type would never hear so. Refused here for every text field at once — serializers, their
subclasses (e-mail, slug, regex fields) and any added later — with DRF's own `invalid` message. Forms and query
strings are unaffected: they carry only text.
"""
from rest_framework import serializers


def refuse_non_text() -> None:
    """Make CharField.to_internal_value refuse anything but a str (idempotent)."""
    lenient = serializers.CharField.to_internal_value
    if getattr(lenient, "refuses_non_text", False):
        return

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return lenient(self, data)

    to_internal_value.refuses_non_text = True
    serializers.CharField.to_internal_value = to_internal_value
