"""The URLs every game mode has, named alike: its pages (a start page, a game's board and its replay) and its API (the
list of your games, a game, its decisions, its writes, its replay and a replay's step). Written once so a mode's
routes and names cannot drift from the others' (`goldfish:board`, `versus:board`; `api-goldfish-act`,
`api-versus-act`) and a new mode gets them by naming its views."""
from __future__ import annotations

from django.urls import path


def game_pages(mode: str, views, *extra) -> list:
    """`mode`'s pages from its views module (`start`, `board`, `replay`), with `extra` pages of its own."""
    return [
        path(f"{mode}/", views.start, name="start"),
        *extra,
        path(f"{mode}/<str:game_id>/", views.board, name="board"),
        path(f"{mode}/<str:game_id>/replay/", views.replay, name="replay"),
    ]


def game_api(mode: str, *, games, game, act, replay, replay_frame, writes: dict) -> list:
    """`mode`'s API routes (named `api-<mode>-…`, as the schema has them) from its views; `writes` maps the last
    segment of each further write on a game (`undo`, `continue`, `bot`) to its view."""
    at = f"{mode}/<str:game_id>/"
    return [
        path(f"{mode}/", games.as_view(), name=f"api-{mode}-list"),
        path(at, game.as_view(), name=f"api-{mode}-detail"),
        path(f"{at}actions/", act.as_view(), name=f"api-{mode}-act"),
        *(path(f"{at}{name}/", view.as_view(), name=f"api-{mode}-{name}") for name, view in writes.items()),
        path(f"{at}replay/", replay.as_view(), name=f"api-{mode}-replay"),
        path(f"{at}replay/<int:step>/", replay_frame.as_view(), name=f"api-{mode}-replay-frame"),
    ]
