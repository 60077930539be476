"""Helpers for tests/test_release.py: the release zip unpacked behind Debian's nginx and Apache."""
