"""Live tables: two to four people play each other on the full rules (issue 25), over HTTP and WebSockets; the host
may seat computers beside them (issue 35).

A table is a versus game with a human in each seat: the same engine, the same action log, snapshots and conditional
write (`version`), the same per-seat `view(viewer=seat)` (a spectator's: the public view), drawn as in every mode by
`rules.play.payload.board_for`. This package only carries decisions and views:

- `services`: every write (open, join, act, resign, draw, claim, chat, mute, rematch) and the lazy clock/grace check,
  and the computers' decisions in the same write path (`play_computers`); `computers`: the host seats or removes one;
- `tables`: the row read and who sits where, below the reads and the writes alike (no read imports a write);
- `clock`: the clocks, their limits and presence as plain arithmetic; `ratings`: the record and OpenSkill rating;
- `selectors`: what a seat or a spectator is shown; `privacy`: whose decklist and hand a finished table reveals;
  `serializers`, `api`, `api_urls`: the REST API;
- `notify`, `consumers`, `routing`: the WebSocket side (Django Channels), each socket sent its own view; `frames`
  reads a socket's frames, `layer` (the Redis channel layer) and `watch` keep sockets open and subscribed;
- `views`, `urls`: the pages `/play/`, `/play/<id>/` and the leaderboard.
"""
