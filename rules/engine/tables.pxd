# The compiled form's declarations of tables.py (rules/engine/native.py): CardInfo as a C-level class, so compiled
# code that declares a local as a CardInfo reads its fields at a fixed offset. Every field keeps its Python value.
# Tables likewise, for the game state's `tb` (state.pxd); an attribute set beyond its fields goes into its dict.
# hand_code is a C long (always a small int, HAND_CODES): move generation compares it with its HAND_ constants in C.

cdef class CardInfo:
    cdef public object slug, name, type, rarity, faction, civilization, ideology, hp, charge, produces
    cdef public object any
    # Always tuples (tables.py builds them so): indexed and walked as tuples, without a generic look-up.
    cdef public tuple req, abilities, use, reaction, enters, passive_start, passive_cont, instant
    cdef public object pyramid, legacy_mult, legacy_value, faction_key, boost_req, boost_any
    cdef public object definition, meta, use_rows, react_rows
    # Always whole numbers (tables.py, offers.py): compared with a pool's funds and used as indexes in C.
    cdef public long cost_id, total, boost_cost_id, main_floor, window_floor
    # Always bools (tables.py): C flags, tested without a call of the truth test; Python reads True or False.
    cdef public bint holds_charge, is_equipment, inert, is_battery, is_scene, is_hero, can_boost, absorbs
    cdef public bint is_character
    cdef public long hand_code

cdef class AbilityInfo:
    # Always strs (the catalogue's): `keyword.startswith(...)` and its kin are C calls, not method look-ups.
    cdef public str trigger, keyword, target
    cdef public object amount, cost, synergy, printed
    cdef public long charge_cost   # the charge its use spends: compared with a card's charge in C

cdef class Tables:
    cdef public object cat, hand_size, max_mulligans, edge_count, lock_at, counter_start, discharge_at
    cdef public object discharge_damage, cataclysm_damage, seats, seatings, recombine, rarities, factions
    cdef public object colorless_code, attach_req, attach_any, ability_bonus, charge_capacity, boost_cost
    cdef public object boost_bonus, rare_aura_bonus, counter_req, counter_any, counter_simple, tiebreakers
    cdef public object costs, _cost_ids, names, offers_planned
    cdef public dict info, pools
    cdef public set decks_checked
    cdef dict __dict__
