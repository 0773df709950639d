"""The engine's version: saved games and records carry it, and load only under the same major version."""
ENGINE_VERSION = "1.0.0"
