"""An ASGI server (uvicorn) serving the site, WebSockets included, from a thread of the test process, so that it
shares the test database (SQLite's in-memory test database is shared between this process's connections)."""
from __future__ import annotations

import threading
import time

import uvicorn


class AsgiServer:
    def __init__(self, app, host: str = "127.0.0.1"):
        self.server = uvicorn.Server(uvicorn.Config(app, host=host, port=0, lifespan="off", log_level="warning",
                                                    ws="websockets-sansio"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.host = host

    def __enter__(self) -> "AsgiServer":
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the ASGI test server did not start")
            time.sleep(0.05)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://{self.host}:{port}"
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
