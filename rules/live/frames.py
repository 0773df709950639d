"""Read a table socket's incoming frame, refusing what the HTTP API refuses with 400, in the same words.

Channels' JSON consumer decodes a frame with json.loads and lets every failure escape, which closes the socket (and
logs a traceback): a frame that is not JSON, nests deep enough for a RecursionError, or comes as binary. A lone
UTF-16 surrogate (`"\\ud800"`) or a NUL decodes fine and fails later, where the text is stored. Here each of them
is an error message (`{"type": "error", "code", "message"}`) and the socket stays open.
"""
from __future__ import annotations

import json

from django.conf import settings

from cataclysm_site.middleware import NUL_IN_BODY, holds_nul, json_problem

BINARY = "This socket reads JSON text frames, not binary ones."
NOT_JSON = "The frame is not JSON: {reason}."
NOT_AN_OBJECT = "A message is a JSON object with a \"type\", e.g. {\"type\": \"ping\"}."
TOO_LARGE = "The frame is {size} characters; a message is at most {limit}."
NOT_TEXT = "The frame holds a lone UTF-16 surrogate, which is no character: no text can be stored or shown with it."


class BadFrame(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message

    def reply(self) -> dict:
        return {"type": "error", "code": self.code, "message": self.message}


def decode(text: str | None, data: bytes | None) -> dict:
    """Return the frame's message (a dict), or raise BadFrame saying what is wrong with it."""
    if text is None:
        raise BadFrame("binary_frame", BINARY)
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if len(text) > limit:
        raise BadFrame("too_large", TOO_LARGE.format(size=len(text), limit=limit))
    try:
        raw = text.encode()
    except UnicodeEncodeError:  # a test client (not a browser, whose frames are UTF-8) may send one unescaped
        raise BadFrame("bad_text", NOT_TEXT) from None
    problem = json_problem(raw)
    if problem is not None:
        raise BadFrame(*problem)
    try:
        content = json.loads(text)
    except ValueError as error:
        raise BadFrame("parse_error", NOT_JSON.format(reason=error)) from None
    if not isinstance(content, dict):
        raise BadFrame("bad_message", NOT_AN_OBJECT)
    if holds_nul(content):
        raise BadFrame("bad_request", NUL_IN_BODY.replace("request body", "message"))
    return content
