"""A finished game against the computer carries the engine's full-state digest of the game as saved (computed from the
snapshot its last write serialised, rules/play/digest.py); an unfinished one only the digest of what the seat sees."""
from cards.catalogue import get_catalogue
from rules.engine import replay
from rules.models import VersusGame
from tests.versus.helpers import act, finish, start


def full_digest(game_id: str) -> str:
    return replay(get_catalogue(), VersusGame.objects.get(pk=game_id).record()).digest()


def test_a_finished_game_carries_its_full_digest_and_an_unfinished_one_never_does(api):
    game = act(api, start(api, seed=8, difficulty="easy")).json()
    assert game["digest"] != full_digest(game["id"])  # the full digest would tell two hidden deals apart
    finished = finish(api, game)
    assert finished["digest"] == full_digest(game["id"])
    assert api.get(f"/api/versus/{game['id']}/").json()["digest"] == finished["digest"]
    assert api.get(f"/api/versus/{game['id']}/replay/").json()["digest"] == finished["digest"]
