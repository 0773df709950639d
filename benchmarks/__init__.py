"""Benchmarks: `python -m benchmarks [NAME] [options]` (`make bench`); each module NAME.py has `main(argv) -> int`."""
