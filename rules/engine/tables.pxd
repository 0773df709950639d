# The compiled form's declarations of tables.py (rules/engine/native.py): CardInfo as a C-level class, so compiled
# code that declares a local as a CardInfo reads its fields at a fixed offset. Every field keeps its Python value.

cdef class CardInfo:
    cdef public object slug, name, type, rarity, faction, civilization, ideology, hp, charge, produces
    cdef public object req, any, abilities, use, reaction, enters, passive_start, passive_cont, instant
    cdef public object pyramid, legacy_mult, legacy_value, faction_key, boost_req, boost_any, holds_charge
    cdef public object is_equipment, definition, meta, cost_id, inert, total, use_rows, react_rows, is_battery
    cdef public object is_scene, is_hero, can_boost, boost_cost_id, main_floor, window_floor, absorbs
