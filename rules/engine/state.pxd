# The compiled form's declarations of state.py (rules/engine/native.py): State as a C-level class, so that its own
# methods, and the compiled modules that declare a local or an argument as a State (or as the GameState built on it:
# game.pxd), read its fields at fixed offsets instead of looking them up by name in the instance dict. Every field
# keeps its Python value; only the containers the engine never replaces by anything else are declared as list or
# dict. An attribute set beyond these (none is, but callers may) still goes into the instance dict. Its rules' helpers
# are declared with their card, definition and player locals typed where every assignment to them reads one
# (cards[iid], card.info, players[p]); they stay what they are in Python.
cimport cython
from rules.engine.model cimport Card, Edge, Item, Player, characters_in, hosted
from rules.engine.tables cimport AbilityInfo, CardInfo, Tables

# The phase that ends a game, which `ended` and `current_player` test by identity at every decision: a C-level str,
# so that the test reads no module global by name.
cdef str OVER

cdef class State:
    cdef public Tables tb
    cdef public object cat, rng, seed, seating, decks, scenario, variants, tide_rule, full_circle, tide
    cdef public object card_ids, everyone, teams, foes
    cdef public object pyramid, building, priority, passes, resolving, assigned, discharge, edge_queue, phase
    cdef public object mull_idx, next_sid, destroyed, cataclysm_due, temp_control
    # The turn's clock and seats: whole numbers always (serialize.py bounds them), compared in C (issue 35).
    cdef public long active, first, round, tick
    cdef public object final, remaining, eliminated, _legal, _asked, _tap_offers, _counter_memo
    cdef public list history, cards, players, edges, stack, tqueue, pending, log_rows
    cdef public dict _target_memo, _hand_memo
    cdef public list _offer_memo
    cdef dict __dict__

    cpdef bint ended(self)
    cpdef note(self, kind, player, template, args)
    cpdef name(self, iid)
    cpdef opponent(self, p)
    cpdef next_seat(self, p)
    cpdef clockwise(self, start)
    @cython.locals(player=Player)
    cpdef characters(self, p)
    @cython.locals(cards=list)
    cpdef of_type(self, p, card_type)
    @cython.locals(player=Player)
    cpdef equipment_on(self, person)
    @cython.locals(info=CardInfo)
    cpdef is_active_card(self, Card card)
    cpdef can_activate(self, Card card)
    cpdef next_turn_tick(self, player, nth=*)
    @cython.locals(player=Player)
    cpdef draw(self, p, n=*)
    @cython.locals(card=Card, info=CardInfo, player=Player)
    cpdef enter_play(self, iid, ctrl, host=*)
    @cython.locals(card=Card, player=Player)
    cpdef remove_from_zone(self, iid)
    @cython.locals(card=Card)
    cpdef to_graveyard(self, iid)
    @cython.locals(card=Card)
    cpdef to_hand(self, iid)
    @cython.locals(card=Card)
    cpdef destroy(self, iid, why)
    @cython.locals(card=Card)
    cpdef change_control(self, iid, new, temporary)
    # Damage and an Edge's lock, asked by the Pyramid, Arc Burn, the turn flow and the effects: C calls (issue 35).
    # deal_damage's last two arguments are no longer keyword-only (a cpdef method cannot have any): the callers
    # still name them.
    @cython.locals(card=Card, info=CardInfo)
    cpdef deal_damage(self, iid, amount, source, cataclysm=*, event=*)
    @cython.locals(card=Card)
    cpdef fortify_total(self, iid)
    @cython.locals(card=Card, cards=list, info=CardInfo, src=long, index=long)
    cpdef _continuous(self, long p, keyword)
    @cython.locals(card=Card)
    cpdef continuous_targets(self, src, ability)
    @cython.locals(cards=list, card=Card, info=CardInfo)
    cpdef _battery_of(self, p)
    @cython.locals(card=Card)
    cpdef stabilize_room(self, iid)
    @cython.locals(card=Card)
    cpdef _stabilize(self, iid, amount)
    @cython.locals(card=Card, cards=list, eq=Card, tb=Tables, i=long)
    cpdef amount_for(self, src, AbilityInfo ability, ctrl)
    @cython.locals(cards=list, card=Card, info=CardInfo)
    cpdef has_synergy(self, p)
    @cython.locals(edge=Edge)
    cpdef add_edge(self, e, amount, source)
    @cython.locals(edge=Edge)
    cpdef lock_edge(self, e)
    @cython.locals(edge=Edge)
    cpdef remove_edge(self, e, amount)
