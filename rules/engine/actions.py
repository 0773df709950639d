"""Actions: every decision a player makes, as a small immutable value with a content-derived id."""
from __future__ import annotations

from typing import Any

from .payment import pay_code, pay_text
from .tables import POOL_KEYS

try:
    import cython
except ImportError:  # Cython is not installed: the plain form, where these decorators change nothing
    from types import SimpleNamespace
    cython = SimpleNamespace(freelist=lambda n: lambda c: c, no_gc=lambda c: c, cclass=lambda c: c)

# Which argument positions make up the id (the others are display-only names).
_ID_ARGS = {
    "play_energy": (0,), "tap": (0,), "tap_charge": (0,), "spend_charge": (0, 2), "summon": (0, 2), "play": (0, 2),
    "equip": (0, 2, 4), "activate": (0, 2, 3), "react": (0, 2, 3), "cast": (0, 2), "add_counter": (0, 2),
    "target": (0, 1, 2), "assign": (0, 1, 2), "store_charge": (0, 1), "absorb": (0, 2),
    "assign_damage": (0, 2), "trigger": (0, 2), "decline": (0, 2),
}


def _id_part(value: Any) -> str:
    if type(value) is tuple:
        return pay_code(value)
    return str(value)


# True when this module runs as plain Python (a compiled module's file is the extension, not the `.py`): the plain
# form builds and fills an Action through `object.__setattr__`, since its own `__setattr__` refuses every change; the
# compiled form writes the fields of its C-level class directly (actions.pxd).
_PLAIN = __file__.endswith(".py")
_set = object.__setattr__


# In the compiled form an Action comes from a free list of 256 and is left out of the cycle collector: the
# `freelist` declared in actions.pxd was ignored (Cython reads it only here, on the class), so every offer was a
# fresh allocation, tracked by the collector, whose collections the offers' allocations triggered; an Action holds
# a kind, a player, a tuple of ints, strings and pay tuples and the engine's tables, none of which refers back to
# an action, so it can be part of no reference cycle (issue 35's fourth lever).
@cython.freelist(256)
@cython.no_gc
@cython.cclass
class Action:
    """One legal decision. Equal actions (same kind, player and arguments) share one id across states.

    A small immutable value: `kind` (str), `player` (int), `args` (tuple) and `ctx` (the engine tables, for the
    label; not part of the action's identity). In the compiled form it is a C-level class (actions.pxd), so that
    offering one costs one allocation from a free list and reading `a.kind` is a field at a fixed offset, not the
    generic look-up a tuple subclass's named field costs (issue 35). Its id is formatted once, when first read."""

    __slots__ = ("kind", "player", "args", "ctx", "_id")

    def __init__(self, kind: str, player: int, args: tuple = (), ctx: Any = None):
        if _PLAIN:
            _set(self, "kind", kind)
            _set(self, "player", player)
            _set(self, "args", args)
            _set(self, "ctx", ctx)
            _set(self, "_id", None)
        else:
            self.kind = kind
            self.player = player
            self.args = args
            self.ctx = ctx

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"an Action cannot be changed (its {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"an Action cannot be changed (its {name})")

    def __reduce__(self):
        return (Action, (self.kind, self.player, self.args, self.ctx))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return _same(self, other)

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash((self.kind, self.player, self.args))   # the hash the tuple-based Action had: same set orders

    def __repr__(self) -> str:
        return f"Action({self.id!r})"

    @property
    def id(self) -> str:
        """A short deterministic id from the content: kind, player and the arguments that matter."""
        made = self._id
        if made is None:
            made = _make_id(self.kind, self.player, self.args)
            if _PLAIN:
                _set(self, "_id", made)
            else:
                self._id = made
        return made

    @property
    def label(self) -> str:
        """A readable sentence for a person: "Summon Kalen Vos (pay 1 DC + 1 DC)"."""
        return _label(self)

    def to_dict(self) -> dict:
        return {"id": self.id, "kind": self.kind, "player": self.player, "label": self.label,
                "args": [_plain(a) for a in self.args]}


def new_action(kind: str, player: int, args: tuple, ctx: Any) -> Action:
    """An Action, built without a call of the class (move generation builds thousands a game): in the compiled form
    an allocation and four field writes, in the plain form what `Action(...)` does."""
    if _PLAIN:
        return Action(kind, player, args, ctx)
    a = Action.__new__(Action)
    a.kind = kind
    a.player = player
    a.args = args
    a.ctx = ctx
    return a


def _same(a: Action, b: Action) -> bool:
    return a.kind == b.kind and a.player == b.player and a.args == b.args


def _make_id(kind: str, player: int, args: tuple) -> str:
    picks = _ID_ARGS.get(kind)
    if picks is not None:
        args = [args[i] for i in picks]
    if not args:
        return f"{kind}.{player}"
    return f"{kind}.{player}." + ".".join([_id_part(a) for a in args])


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return {POOL_KEYS[i]: n for i, n in enumerate(value) if n}
    return value


def _name(ctx: Any, slug: Any) -> str:
    if ctx is None or slug is None:
        return str(slug)
    return ctx.names.get(slug, str(slug))


def _ref_name(ctx: Any, ref: Any, slug: Any) -> str:
    if isinstance(ref, str) and ref.startswith("E"):
        return f"edge {ref}"
    if isinstance(ref, str) and ref.startswith("s"):
        return f"the ability of {_name(ctx, slug)} on the stack"
    if ref is None or ref == -1:
        return "nothing"
    return _name(ctx, slug)


def _label(a: Action) -> str:
    """The action as a sentence. The kinds that play or use a card are worded by `_card_label`, so that neither
    function passes cyclomatic complexity 20 (issue 36)."""
    k, args, ctx = a.kind, a.args, a.ctx
    if k in _CARD_KINDS:
        return _card_label(k, args, ctx)
    if k == "keep":
        return "Keep this hand"
    if k == "mulligan":
        return "Mulligan (shuffle the hand back and draw 7)"
    if k == "first_player":
        return f"Player {args[0] + 1} goes first"
    if k == "play_energy":
        return f"Play {_name(ctx, args[1])}"
    if k == "tap":
        return f"Tap {_name(ctx, args[1])} for energy"
    if k == "tap_charge":
        return f"Tap {_name(ctx, args[1])}: spend its charge as CE"
    if k == "spend_charge":
        return f"Spend {args[2]} charge of {_name(ctx, args[1])} as CE"
    if k == "target":
        return f"Target {_ref_name(ctx, args[2], args[3])}"
    if k == "assign":
        return f"Put 1 point on {_ref_name(ctx, args[2], args[3])}"
    if k == "pass":
        return "Pass priority"
    if k == "end_turn":
        return "End the turn"
    if k == "store_charge":
        return f"Store 1 {POOL_KEYS[args[0]]} as charge on {_name(ctx, args[2])}"
    if k == "burn":
        return f"Take Arc Burn ({args[0]} damage to your Hero)"
    if k == "absorb":
        return f"Absorb {args[2]} damage with {_name(ctx, args[1])}"
    if k == "deflect":
        return f"Deflect {args[0]} damage back to the Pyramid"
    if k == "assign_damage":
        return f"Assign {args[2]} Cataclysm damage to {_name(ctx, args[1])}"
    return f"{k} {' '.join(map(str, args))}"


# The kinds `_card_label` words: playing a card, using or triggering its abilities, adding a Battery counter.
_CARD_KINDS = frozenset(("summon", "play", "cast", "equip", "activate", "react", "trigger", "decline", "add_counter"))


def _card_label(k: str, args: tuple, ctx: Any) -> str:
    """The sentence of an action that plays a card or uses one of its abilities (a kind of `_CARD_KINDS`): what it
    costs is part of it."""
    if k in ("summon", "play", "cast"):
        verb = {"summon": "Summon", "play": "Play", "cast": "Cast"}[k]
        return f"{verb} {_name(ctx, args[1])} (pay {pay_text(args[2])})"
    if k == "equip":
        return f"Equip {_name(ctx, args[1])} to {_name(ctx, args[3])} (pay {pay_text(args[4])})"
    if k in ("activate", "react"):
        what = "boost" if args[2] == -1 else _ability_text(ctx, args[1], args[2])
        verb = "Activate" if k == "activate" else "Trigger"
        paid = pay_text(args[3])   # a one-shot Passive costs nothing (RULINGS 39)
        return f"{verb} {_name(ctx, args[1])}: {what} ({'free' if paid == 'free' else 'pay ' + paid})"
    if k == "trigger":
        return f"Trigger {_name(ctx, args[1])}: {_ability_text(ctx, args[1], args[2])}"
    if k == "decline":
        return f"Do not trigger {_name(ctx, args[1])}: {_ability_text(ctx, args[1], args[2])} this turn"
    return f"Add a charge counter to {_name(ctx, args[1])} (pay 1 {POOL_KEYS[args[2]]})"   # add_counter


def _ability_text(ctx: Any, slug: str, index: int) -> str:
    if ctx is None:
        return f"ability {index + 1}"
    ability = ctx.info[slug].abilities[index]
    name = ctx.cat.keywords.get(ability.keyword, {}).get("name", ability.keyword)
    return f"{name} {ability.amount}" if ability.amount is not None else str(name)


# How an action presents itself to a person, as data (so no caller parses a label or knows argument positions):
# which argument is the card the action concerns, and which the card or edge it aims at.
_CARD_ARG = {"trigger": 0, "decline": 0, "play_energy": 0, "tap": 0, "tap_charge": 0, "spend_charge": 0,
             "summon": 0, "play": 0, "cast": 0, "equip": 0, "activate": 0, "react": 0, "add_counter": 0, "absorb": 0,
             "assign_damage": 0, "store_charge": 1}
_TARGET_ARG = {"equip": 2, "target": 2, "assign": 2}


def present(a: Action) -> dict:
    """The action for a person, beside its label: `card` (the card number it concerns, or None), `target` (the card
    number or edge it aims at, or None), `pay` (its payment by energy code, or None) and `choice` (the short text
    that tells it apart from the other choices of its card: "pay 1 DC + 1 CE", "to Kalen Vos · pay 2 DC",
    "Heal 2 (pay 1 DC)", "spend 2", "3 points")."""
    k, args, ctx = a.kind, a.args, a.ctx
    card = args[_CARD_ARG[k]] if k in _CARD_ARG and len(args) > _CARD_ARG[k] else None
    target = args[_TARGET_ARG[k]] if k in _TARGET_ARG and len(args) > _TARGET_ARG[k] else None
    if k in ("target", "assign") and isinstance(target, int) and target >= 0:
        card = target
    pay = next((x for x in args if type(x) is tuple), None)
    if k in ("summon", "play", "cast"):
        choice = f"pay {pay_text(pay)}"
    elif k == "add_counter":
        choice = f"pay 1 {POOL_KEYS[args[2]]}"
    elif k == "equip":
        choice = f"to {_name(ctx, args[3])} · pay {pay_text(pay)}"
    elif k in ("activate", "react"):
        what = "boost" if args[2] == -1 else _ability_text(ctx, args[1], args[2])
        paid = pay_text(pay)
        choice = f"{what} ({'free' if paid == 'free' else 'pay ' + paid})"
    elif k == "spend_charge" and len(args) > 2:
        choice = f"spend {args[2]}"
    elif k in ("absorb", "assign_damage") and len(args) > 2:
        choice = f"{args[2]} point{'s' if args[2] != 1 else ''}"
    else:
        choice = _label(a)
    return {"card": card if isinstance(card, int) else None,
            "target": target if isinstance(target, (int, str)) and target != -1 else None,
            "pay": _plain(pay) if pay is not None else None, "choice": choice}
