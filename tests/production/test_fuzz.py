"""Fuzz the live API from its own OpenAPI schema: no request, however odd, gets a 500 or an undocumented answer.

Schemathesis (its CLI, in a subprocess) reads /api/schema/ from a production server (gunicorn, DEBUG off) whose
database holds the catalogue and the starter decks, signed in with a user's API token, and runs every phase — the
schema's examples, the coverage scenarios (boundaries, missing and malformed parameters, unlisted methods), random
fuzzing, and stateful sequences that feed one response's ids into the next request — with every check
(`--checks all`):

  not_a_server_error            no 5xx
  status_code_conformance       every status is documented for its operation
  content_type_conformance      every Content-Type is documented
  response_headers_conformance  documented headers are present and valid
  response_schema_conformance   every body matches its documented schema
  negative_data_rejection       a request that breaks the schema is refused (4xx)
  positive_data_acceptance      a request that follows the schema is not refused with 400 (see DOMAIN_REFUSALS)
  missing_required_header       a missing required header is refused
  unsupported_method            a method the schema does not list gets 405 with Allow
  allow_header_conformance      Allow lists the documented methods
  use_after_free                a deleted resource stays gone
  ensure_resource_availability  a created resource can be fetched
  ignored_auth                  operations that need credentials refuse none and bad ones
  object_level_authorization    one user cannot reach another user's objects

Bounded and reproducible: a fixed seed, a fixed number of examples per operation. A failure prints the report,
each case with a curl line that reproduces it. The fix for an undocumented status is to document it on the view
(`@extend_schema(responses=...)`), never to leave a check out.
"""
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
import requests

from tests.production.servers import prepared_database, start_server  # noqa: F401 - fixtures

SEED = 1
MAX_EXAMPLES = 30
FUZZ_TIMEOUT = 600  # seconds; a run takes well under three minutes on one core

# Operations where a request can follow the schema and still break a rule no schema can state, so that 400 is a
# correct answer to "positive" data: credentials must match an account, deck codes must decode, card and Hero
# slugs and pasted lines must name real cards, an action id must be one of the game's legal actions right now.
DOMAIN_REFUSALS = {
    "GET /api/cards/": "filters must name known factions, types and keywords; `q` must parse (bad_filter, bad_query)",
    "POST /api/auth/token/": "wrong credentials answer 400 invalid_credentials",
    "POST /api/auth/delete-account/": "the password must be the account's (wrong_password): the fuzzing never "
                                      "knows it, so the account it runs as stays",
    "POST /api/decks/validate/": "a deck code must decode (bad_deck_code); one decklist form at a time",
    "POST /api/decks/stats/": "as validate",
    "POST /api/decks/export/": "as validate; a code export needs known cards",
    "POST /api/decks/opening-hand/": "as validate",
    "POST /api/decks/": "the list must name real cards (decklist_unreadable, unknown_card, not_a_hero); the name "
                        "must show a character and hold no text-direction control (invalid_name)",
    "PUT /api/decks/{deck_id}/": "as creating a deck",
    "PATCH /api/decks/{deck_id}/": "as creating a deck",
    "POST /api/decks/{deck_id}/fork/": "the new name, as a deck's, must show a character and hold no text-direction "
                                       "control (invalid_name)",
    "POST /api/goldfish/": "the deck must be a legal deck to play (invalid_deck)",
    "POST /api/goldfish/{game_id}/actions/": "the action must be legal now (illegal_action)",
    "POST /api/goldfish/{game_id}/undo/": "there must be a decision to take back (nothing_to_undo, game_over)",
    "POST /api/goldfish/{game_id}/bot/": "the game must not be over (game_over)",
    "POST /api/decks/{deck_id}/simulate/": "the deck must be a legal deck to play (invalid_deck)",
    "PUT /api/collection/": "the cards must exist and not be Pyramid cards; pasted lines must name real cards "
                            "(unknown_card, not_collectible, collection_unreadable)",
    "PATCH /api/collection/": "as PUT; adding must stay within 99 copies",
    "POST /api/decks/{deck_id}/like/": "only another player's public deck takes a like (not_public, own_deck)",
    "PUT /api/decks/{deck_id}/tags/": "a tag must have a letter or digit, and no character its slug would drop "
                                      "(invalid_tag)",
    "POST /api/decks/{deck_id}/comments/": "only public decks take comments; a blank body is no comment "
                                           "(not_public, invalid_comment)",
    "POST /api/comments/{comment_id}/report/": "a blank reason, or one's own comment, is refused (invalid_reason, "
                                               "own_comment)",
    "POST /api/versus/": "both decks must be legal decks to play (invalid_deck)",
    "POST /api/versus/{game_id}/actions/": "the action must be legal now and the decision yours (illegal_action, "
                                           "not_your_decision, game_over)",
    "POST /api/versus/{game_id}/continue/": "the game must not be over (game_over)",
    "POST /api/versus/{game_id}/bot/": "the game must not be over (game_over)",
    "POST /api/cards/{slug}/notes/": "a note needs a release to be about and a game given as evidence must be the "
                                     "author's own or public (no_release, release_not_found, game_not_visible, "
                                     "bad_game, release_mismatch, empty_note)",
    "PATCH /api/cards/{slug}/notes/{note_id}/": "the addressing release must exist and not come before the note's "
                                                "(release_not_found, release_before_note)",
    "POST /api/simulations/": "the decks must be readable legal decks, as many as the kind takes, and the players "
                              "known; errata must name real cards and fields the engine plays for their type (bad_decks, bad_games, "
                              "bad_player, invalid_variant, bad_seating, invalid_deck, bad_errata)",
    "POST /api/tables/": "the deck must be a legal deck to play (invalid_deck, invalid_variant)",
    "POST /api/tables/{table_id}/join/": "a legal deck, an open table, the invite token of an unlisted one, not one's "
                                         "own (invalid_deck, table_taken, bad_invite, already_seated)",
    "POST /api/tables/{table_id}/actions/": "a player of a live table, the decision theirs and legal now (not_player, "
                                            "not_live, not_your_decision, illegal_action, game_over)",
    "POST /api/tables/{table_id}/resign/": "a player of a live table (not_player, not_live, game_over)",
    "POST /api/tables/{table_id}/draw/": "as resign",
    "POST /api/tables/{table_id}/claim/": "the opponent must be out of time or gone (nothing_to_claim, not_live)",
    "POST /api/tables/{table_id}/rematch/": "a player of a finished table (not_player, not_finished)",
    "POST /api/tables/{table_id}/chat/": "a player, within the chat's limit (not_player, bad_message, "
                                         "chat_throttled)",
    "POST /api/tables/{table_id}/mute/": "a player of the table (not_player)",
    "POST /api/tables/{table_id}/computer/": "the seat must be one of this table's, which has two to four "
                                             "(bad_seat)",
}


def schemathesis_config(path: Path, token: str, game_id: str, versus_id: str, table_id: str = "") -> Path:
    """Write the run's settings: the user's token where the schema's `tokenAuth` says, a game, the domain refusals."""
    lines = [
        "[auth.openapi.tokenAuth]",
        f'api_key = "Token {token}"',
        "",
        "[generation]",
        # PostgreSQL text cannot hold NUL and DRF refuses it in every string field with 400, which no schema
        # states; test_nul_characters_never_cause_a_server_error covers NUL in every parameter instead.
        "allow-x00 = false",
        "",
        # A game of the signed-in user, so that the game operations reach the rules instead of a 404 for an id
        # that nothing links to; unknown and malformed ids are in test_nul_characters_never_cause_a_server_error.
        "[[operations]]",
        'include-path-regex = "^/api/goldfish/[{]game_id[}]/"',
        f'parameters = {{ game_id = "{game_id}" }}',
        "",
        "[[operations]]",
        'include-path-regex = "^/api/versus/[{]game_id[}]/"',
        f'parameters = {{ game_id = "{versus_id}" }}',
    ]
    if table_id:  # a live table the user opened (issue 25), for the same reason
        lines += ["", "[[operations]]", 'include-path-regex = "^/api/tables/[{]table_id[}]/"',
                  f'parameters = {{ table_id = "{table_id}" }}']
    for label in DOMAIN_REFUSALS:
        lines += [
            "",
            "[[operations]]",
            f'include-name = "{label}"',
            'checks.positive_data_acceptance.expected-statuses = '
            '["2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx"]',
        ]
    path.write_text("\n".join(lines) + "\n")
    return path


def run_schemathesis(server, config: Path, workdir: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run",
            server.url("/api/schema/?format=json"),
            "--checks", "all",
            "--max-examples", str(MAX_EXAMPLES),
            "--seed", str(SEED),
            "--workers", "1",
            "--request-timeout", "20",
            "--generation-database", "none",
            "--no-color",
        ],
        cwd=workdir, capture_output=True, text=True, timeout=FUZZ_TIMEOUT,
    )


@pytest.mark.slow
def test_the_api_survives_schema_driven_fuzzing_with_every_check(start_server, prepared_database, tmp_path):
    server = start_server(workers=2, DJANGO_LOG_LEVEL="ERROR")
    token = prepared_database.tokens["alice"]
    game = requests.post(server.url("/api/goldfish/"), json={"deck": "starter-talah", "seed": SEED},
                         headers={"Authorization": f"Token {token}"})
    assert game.status_code == 201, game.text
    versus = requests.post(server.url("/api/versus/"), json={"deck": "starter-talah", "opponent": "starter-dr-veylan",
                                                              "seed": SEED}, headers={"Authorization": f"Token {token}"})
    assert versus.status_code == 201, versus.text
    table = requests.post(server.url("/api/tables/"), json={"deck": "starter-talah", "seed": SEED},
                          headers={"Authorization": f"Token {token}"})
    assert table.status_code == 201, table.text
    config = schemathesis_config(tmp_path / "schemathesis.toml", token, game.json()["id"], versus.json()["id"],
                                 table.json()["id"])

    result = run_schemathesis(server, config, tmp_path)

    output = result.stdout + result.stderr
    selected = re.search(r"Selected: (\d+)/(\d+)", output)
    tested = re.search(r"Tested: (\d+)", output)
    assert selected and tested, f"schemathesis did not report a run:\n{output[-6000:]}"
    assert int(selected.group(1)) == int(selected.group(2)) == int(tested.group(1)) > 0, output[-3000:]
    failures = output[output.find("FAILURES"):] if "FAILURES" in output else output
    assert result.returncode == 0, f"schemathesis found failures (seed {SEED}):\n{failures[:30000]}"


def operations(schema: dict):
    """Yield (method, path template, parameters) for every operation of an OpenAPI schema."""
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in {"get", "post", "put", "patch", "delete"}:
                yield method, path, operation.get("parameters", [])


def test_nul_characters_never_cause_a_server_error(start_server, prepared_database):
    """A NUL byte in any path or query parameter or JSON string is refused or not found, never a 500."""
    server = start_server(workers=1, DJANGO_LOG_LEVEL="ERROR")
    client = requests.Session()
    client.headers["Authorization"] = f"Token {prepared_database.tokens['alice']}"
    schema = client.get(server.url("/api/schema/?format=json")).json()
    nul = "a\x00b"
    answers = {}
    for method, template, parameters in operations(schema):
        path_values = {p["name"]: "starter-talah" if "deck" in p["name"] else "1"
                       for p in parameters if p["in"] == "path"}
        targets = [(name, "path") for name in path_values]
        targets += [(p["name"], "query") for p in parameters if p["in"] == "query"]
        targets += [("<body>", "body")] if method in {"post", "put", "patch"} else []
        for name, where in targets:
            values = {**path_values, **({name: nul} if where == "path" else {})}
            path = template.format(**{key: quote(value, safe="") for key, value in values.items()})
            response = client.request(
                method, server.url(path), params={name: nul} if where == "query" else None,
                json={"name": nul, "hero": nul, "text": nul, "code": nul, "deck": nul, "action": nul}
                if where == "body" else None,
            )
            answers[f"{method.upper()} {template} ({where} {name})"] = response.status_code
    assert answers, "the schema lists no operation"
    server_errors = [f"{label}: {status}" for label, status in answers.items() if status >= 500]
    assert not server_errors, f"{len(server_errors)} of {len(answers)} requests with NUL failed:\n" + "\n".join(
        server_errors)
