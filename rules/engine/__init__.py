"""The Cataclysm rules engine: pure Python, no Django. See rules/ENGINE.md."""
