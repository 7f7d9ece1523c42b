"""Shared problem builders for the tests."""

from __future__ import annotations

import pathlib

import pytest

from wordcover import WordSearch
from wordcover.classics import langford, queens  # noqa: F401  (used by the tests through conftest)

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="session")
def abel_land() -> WordSearch:
    return WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")


@pytest.fixture(scope="session")
def four_names() -> WordSearch:
    return WordSearch(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"], "all")
