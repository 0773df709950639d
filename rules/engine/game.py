"""GameState: one point in a game, with its public API: the game state (`state.State`) completed by the rules.

The top of the engine's game layers (ARCHITECTURE.md): `State` holds the data and the primitives, the rule modules
work on it, and this class adds what needs them: the decisions offered (`legal.py`) and made (`execute.py`, then the
turn flow of `flow.py`), the board for a UI (`view.py`), the result (`scoring.py`) and the state codec
(`serialize.py`). Build one with `new_game`, `load_scenario`, `replay` or `from_json`.
"""
from __future__ import annotations

import hashlib
import json

from .actions import Action
from .catalogue import Catalogue
from .errors import IllegalAction
from .execute import carry_out
from .flow import run
from .legal import explain_illegal
from .legal import legal_actions as _legal_actions
from .offers import plan_offers
from .scoring import result
from .serialize import state_from_json, state_to_json
from .state import QUIET, State
from .version import ENGINE_VERSION
from .view import build_view


class GameState(State):
    """One point in a game of Cataclysm. Build it with `new_game`, `load_scenario`, `replay` or `from_json`."""

    def __init__(self, cat: Catalogue):
        State.__init__(self, cat)
        plan_offers(self.tb)

    def legal_actions(self) -> list[Action]:
        """Every decision the current player may make now."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal_actions(self)
        return legal

    def apply(self, action: Action | str) -> "GameState":
        """Make a decision (an Action or its id); raise IllegalAction and change nothing if it is not legal now."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal_actions(self)
        chosen = None
        for candidate in legal:
            if candidate is action:
                chosen = candidate
                break
        else:
            if isinstance(action, str):
                for candidate in legal:
                    if candidate.id == action:
                        chosen = candidate
                        break
            elif isinstance(action, Action):
                for candidate in legal:
                    if candidate == action:
                        chosen = candidate
                        break
            else:
                raise IllegalAction("actions", f"not an action: {action!r}")
        if chosen is None:
            if isinstance(action, str) and action.startswith("tap_charge.") and action.count(".") == 3 \
                    and self._apply_old_charge(action):
                return self
            rule, message = explain_illegal(self, action)
            raise IllegalAction(rule, message)
        return self.apply_legal(chosen)

    def _apply_old_charge(self, old: str) -> bool:
        """Spend charge as one decision, as engines before issue 35 offered it: "tap_charge.P.IID.N" (a saved
        game's log, an old client). It is played as the two decisions it is now (the card, then the amount, unless
        the card holds one counter) and kept in the history as the one id it was, so that a stored log and the
        state's history still step together (and a replayed old game is the same state as before). Return
        whether it was legal now; if not, nothing changed."""
        _, player, iid, n = old.split(".")
        pick = f"tap_charge.{player}.{iid}"
        offer = next((a for a in self.legal_actions() if a.id == pick), None)
        if offer is None or not n.isdigit() or not 1 <= int(n) <= self.cards[int(iid)].charge:
            return False
        before = len(self.history)
        self.apply_legal(offer)
        if self.pending and self.pending[-1]["type"] == "charge":
            amount = f"spend_charge.{player}.{iid}.{n}"
            self.apply_legal(next(a for a in self.legal_actions() if a.id == amount))
        del self.history[before:]
        self.history.append(old)
        return True

    def apply_legal(self, chosen: Action) -> "GameState":
        """Make a decision taken from this very state's `legal_actions()` list, skipping the search `apply` makes
        to check it (bots that draw from that list, many thousands of times per simulation, call this)."""
        self._legal = None
        self.history.append(chosen)
        action = chosen   # typed in the compiled form (game.pxd): its fields are read at fixed offsets
        kind = action.kind
        carry_out(self, kind, action.player, action.args)
        if kind not in QUIET:
            run(self)
            self._target_memo = {}
        self._legal = None
        return self

    def clone(self) -> "GameState":
        """Copy the mutable state (definitions are shared)."""
        g = GameState.__new__(GameState)
        extra = getattr(self, "__dict__", None)  # the plain form keeps every field here; the compiled form, none
        if extra:
            vars(g).update(extra)
        # The fields shared or copied as they are, named, since the compiled form keeps them out of the instance
        # dict (state.pxd).
        g.everyone, g.teams, g.foes = self.everyone, self.teams, self.foes   # the format: immutable, shared
        (g.cat, g.tb, g.seed, g.seating, g.scenario, g.card_ids, g.variants, g.tide_rule, g.full_circle, g.tide,
         g.priority, g.passes, g.resolving, g.phase, g.active, g.first, g.round, g.tick, g.mull_idx, g.next_sid,
         g.destroyed, g.cataclysm_due, g.temp_control, g.final, g._asked, g._hand_memo, g._offer_memo,
         g._tap_offers, g._counter_memo) = (
            self.cat, self.tb, self.seed, self.seating, self.scenario, self.card_ids, self.variants, self.tide_rule,
            self.full_circle, self.tide, self.priority, self.passes, self.resolving, self.phase, self.active,
            self.first, self.round, self.tick, self.mull_idx, self.next_sid, self.destroyed, self.cataclysm_due,
            self.temp_control, self.final, self._asked, self._hand_memo, self._offer_memo, self._tap_offers,
            self._counter_memo)
        g.rng = self.rng.copy()
        g.decks = list(self.decks)
        g.history = self.history[:]
        g.cards = [c.copy() for c in self.cards]
        g.players = [p.copy() for p in self.players]
        g.edges = [e.copy() for e in self.edges]
        g.pyramid = self.pyramid[:]
        g.stack = [i.copy() for i in self.stack]
        g.building = self.building.copy() if self.building is not None else None
        g.tqueue = [list(t) for t in self.tqueue]
        g.pending = [dict(d) for d in self.pending]
        g.assigned = [dict(a) for a in self.assigned]
        g.discharge = None if self.discharge is None else {**self.discharge, "deflected": list(self.discharge["deflected"])}
        g.edge_queue = self.edge_queue[:]
        g.remaining = self.remaining[:]
        g.eliminated = self.eliminated[:]
        g.log_rows = self.log_rows[:]
        g._legal = None
        g._target_memo = {}  # not shared: each copy's quiet span ends on its own
        return g

    def to_json(self) -> dict:
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: dict, catalogue: Catalogue) -> "GameState":
        """Rebuild a state from `to_json()` output, checking every part; raise GameDataError on bad data."""
        return state_from_json(data, catalogue, cls)

    def digest(self) -> str:
        """Hash of the canonical JSON of the game state (the event log excluded)."""
        data = self.to_json()
        data.pop("events", None)
        blob = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # mutable

    def record(self) -> dict:
        """Everything `replay()` needs to rebuild this exact state."""
        out = {
            "engine_version": ENGINE_VERSION,
            "data_hash": self.cat.data_hash,
            "decks": [None if d is None else {"hero": d.hero, "cards": list(d.cards)} for d in self.decks],
            "seating": self.seating,
            "seed": self.seed,
            "variants": list(self.variants),
            "card_ids": self.card_ids,
            "actions": self.action_ids,
        }
        if self.scenario is not None:
            out["scenario"] = self.scenario
        return out

    def view(self, viewer: int | None = None, shown: frozenset[int] = frozenset()) -> dict:
        """The board for a UI; with `viewer`, only what that seat may see (the other hands as counts), and the hands
        of the seats in `shown` too."""
        return build_view(self, viewer, shown)

    def result(self) -> dict:
        return result(self)
