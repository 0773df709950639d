"""Browser tests run Playwright's sync API inside pytest's event loop; Django must allow its ORM there."""
import os

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
