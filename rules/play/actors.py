"""Who is asking: a signed-in user and/or the anonymous token of their browser session, and whether they may act."""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from decks.models import Visibility


@dataclass(frozen=True)
class Actor:
    """Who is asking: a signed-in user and/or the anonymous token of their browser session."""

    user: Any = None
    session_key: str = ""

    def owner_fields(self) -> dict[str, Any]:
        """Whose a new game is: the signed-in account, else this browser session's token."""
        user = self.user if getattr(self.user, "is_authenticated", False) else None
        return {"owner": user, "session_key": "" if user else self.session_key}

    def may_act_in(self, game: Any) -> bool:
        """Return whether this visitor started the game (account games by account, anonymous ones by session)."""
        if game.owner_id is not None:
            return getattr(self.user, "is_authenticated", False) and self.user.pk == game.owner_id
        return bool(self.session_key) and secrets.compare_digest(self.session_key, game.session_key or "")

    def may_watch(self, game) -> bool:
        """Return whether this visitor may see a game (goldfish or versus) through its link: its player always; anyone
        else only while no deck it plays is private to another account (docs/players/goldfish.md: a private deck's name
        and list never show to anyone but its owner). A saved deck since deleted counts as private, as its owner may
        have deleted it to take it out of sight; a pasted list has no privacy setting to keep."""
        if self.may_act_in(game):
            return True
        user_id = self.user.pk if getattr(self.user, "is_authenticated", False) else None
        for field in ("deck", "opponent"):
            if not hasattr(game, f"{field}_id"):
                continue
            deck = getattr(game, field)
            if deck is None and getattr(game, f"{field}_version") is not None:
                return False
            if deck is not None and deck.visibility == Visibility.PRIVATE and deck.owner_id != user_id:
                return False
        return True


SESSION_TOKEN = "goldfish_token"


def session_token(request, *, create: bool = False) -> str:
    """Return this browser session's anonymous goldfish token (made and saved in the session when `create`)."""
    token = request.session.get(SESSION_TOKEN, "")
    if not token and create:
        token = secrets.token_urlsafe(24)
        request.session[SESSION_TOKEN] = token
    return token


def actor_for(request, *, create: bool = False) -> Actor:
    """Return the `Actor` of a request: its user and its session's anonymous token."""
    return Actor(user=request.user, session_key=session_token(request, create=create))
