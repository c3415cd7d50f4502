"""Fixtures for every test."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _search_settings_reset() -> Iterator[None]:
    """`arbitre serve` sets the search AI's process-wide settings (server/search.py); a
    test that runs the command must not leave them to the next test in the same worker."""
    from arbitre.server import search

    yield
    search.configure(*dataclasses.astuple(search.Settings()))
