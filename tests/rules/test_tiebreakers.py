"""Legacy, Tiebreakers and Player Elimination at a table of three or four, and between two teams (RULINGS 45).

"The player with the highest Legacy total wins." · "Tiebreakers: 1. Player with the most cards remaining in their
deck. 2. Player whose Hero survived. 3. If still tied — draw." · "A player with no Hero and no cards on the board at
the time of Cataclysm … is eliminated. They score 0 Legacy."
"""
from tests.rules.conftest import scenario


def cataclysm(cat, players, **kw):
    """Three edges locked, the fourth at 19: the next Pyramid card brings the Cataclysm (80 damage each: every
    Hero falls, Batteries stay)."""
    return scenario(cat, players, phase="pyramid", pyramid={"edges": [20, 20, 20, 19], "deck": ["the-pulse"]}, **kw)


def seat(hero, batteries=1, deck=0):
    return {"hero": hero, "board": ["heartstone"] * batteries, "deck": ["dark-current"] * deck}


def test_ruling_45_the_highest_legacy_of_three_wins_alone(cat):
    g = cataclysm(cat, [seat("dr-veylan", 1), seat("elder-maru", 3), seat("lethan", 2)])
    res = g.result()
    assert res["legacy"] == [2, 6, 4] and res["winner"] == 1 and res["winners"] == [1] and res["tiebreak"] is None
    assert g.events[-1]["text"].endswith("Legacy 2–6–4: Player 2 survives")


def test_ruling_45_tiebreakers_are_read_among_the_tied_players_only(cat):
    # Player 3 has the most cards in their deck but the least Legacy: the deck decides between Players 1 and 2.
    res = cataclysm(cat, [seat("dr-veylan", 2, deck=3), seat("elder-maru", 2, deck=2),
                          seat("lethan", 1, deck=9)]).result()
    assert res["legacy"] == [4, 4, 2] and res["winner"] == 0 and res["tiebreak"] == "deck"


def test_ruling_45_a_three_way_tie_left_after_every_tiebreaker_is_a_draw_shared_by_the_tied(cat):
    g = cataclysm(cat, [seat("dr-veylan", 1, deck=3), seat("elder-maru", 1, deck=3), seat("lethan", 1, deck=1)])
    res = g.result()
    # Players 1 and 2 tie on Legacy and deck, and neither Hero survived: they share the draw; Player 3 loses.
    assert res["winner"] is None and res["tiebreak"] == "draw" and res["winners"] == [0, 1]
    assert g.events[-1]["text"].endswith("a draw between Player 1 and Player 2")


def test_ruling_45_an_eliminated_player_loses_to_every_player_who_is_not(cat):
    res = cataclysm(cat, [{"hero": None, "deck": ["dark-current"] * 9}, seat("elder-maru", 1),
                          seat("lethan", 2)]).result()
    assert res["eliminated"] == [True, False, False] and res["winners"] == [2]


def test_ruling_45_a_team_scores_its_players_sum(cat):
    g = cataclysm(cat, [seat("dr-veylan", 1), seat("elder-maru", 2), seat("lethan", 3), seat("talah", 1)],
                  seating="two-against-two")
    res = g.result()
    assert res["team_legacy"] == [2 + 6, 4 + 2] and res["teams"] == [[0, 2], [1, 3]]
    assert res["winning_team"] == 0 and res["winners"] == [0, 2] and res["winner"] is None
    assert g.events[-1]["text"].endswith("Legacy 2–4–6–2: Player 1 and Player 3 survive")


def test_ruling_45_a_team_tie_is_broken_by_the_teams_summed_decks(cat):
    res = cataclysm(cat, [seat("dr-veylan", 2, deck=3), seat("elder-maru", 1, deck=1), seat("lethan", 0),
                          seat("talah", 1, deck=1)], seating="two-against-two").result()
    assert res["team_legacy"] == [4, 4] and res["winning_team"] == 0 and res["tiebreak"] == "deck"


def test_ruling_45_an_eliminated_partner_scores_zero_and_the_team_plays_on(cat):
    res = cataclysm(cat, [{"hero": None, "deck": ["dark-current"] * 9}, seat("elder-maru", 1), seat("lethan", 3),
                          seat("talah", 1)], seating="two-against-two").result()
    assert res["eliminated"] == [True, False, False, False]
    assert res["team_legacy"] == [0 + 6, 2 + 2] and res["winning_team"] == 0


def test_ruling_45_two_tied_teams_share_the_draw(cat):
    res = cataclysm(cat, [seat("dr-veylan", 1), seat("elder-maru", 1), seat("lethan", 1), seat("talah", 1)],
                    seating="two-against-two").result()
    assert res["winning_team"] is None and res["tiebreak"] == "draw" and res["winners"] == [0, 1, 2, 3]
