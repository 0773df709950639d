"""The digest a goldfish response carries is the engine's full-state digest of the game as saved ("equal digests,
equal games"), though the play layer computes it at most once per version, from the snapshot a write serialised
when there is one (rules/play/digest.py)."""
from cards.catalogue import get_catalogue
from rules.engine import replay
from rules.models import GoldfishGame
from rules.play import store
from tests.goldfish.helpers import act, finish, start


def full_digest(game_id: str) -> str:
    """The digest of the saved game rebuilt from scratch: its record replayed under today's cards."""
    return replay(get_catalogue(), GoldfishGame.objects.get(pk=game_id).record()).digest()


def test_every_response_carries_the_full_digest_of_the_game_as_saved(api, monkeypatch):
    monkeypatch.setattr(store, "SNAPSHOT_EVERY", 3)  # snapshot writes, whose JSON gives the digest, come often
    game = start(api, seed=11)
    assert game["digest"] == full_digest(game["id"])
    for _ in range(8):  # plain writes and snapshot writes alike
        game = act(api, game).json()
        assert game["digest"] == full_digest(game["id"])
    undone = api.post(f"/api/goldfish/{game['id']}/undo/", {}, format="json").json()
    assert undone["digest"] == full_digest(game["id"]) != game["digest"]
    finished = finish(api, undone)
    assert finished["digest"] == full_digest(game["id"])
    assert api.get(f"/api/goldfish/{game['id']}/").json()["digest"] == finished["digest"]
    assert api.get(f"/api/goldfish/{game['id']}/replay/").json()["digest"] == finished["digest"]


def test_equal_games_have_equal_digests_and_different_games_different_ones(api, other):
    mine, theirs = start(api, seed=5), start(other, seed=5)
    assert mine["digest"] == theirs["digest"]
    mine, theirs = act(api, mine).json(), act(other, theirs).json()
    assert mine["digest"] == theirs["digest"]
    assert start(api, seed=6)["digest"] != start(api, seed=5)["digest"]


def test_a_row_changed_outside_a_versioned_write_is_not_given_a_kept_digest(api):
    game = act(api, start(api, seed=3)).json()
    GoldfishGame.objects.filter(pk=game["id"]).update(actions=[])  # the version stays: only the log says it changed
    assert api.get(f"/api/goldfish/{game['id']}/").json()["digest"] == full_digest(game["id"]) != game["digest"]

