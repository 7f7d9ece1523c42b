"""Shared problem builders for the tests."""

from __future__ import annotations

import pathlib

import pytest

from wordcover import Problem, WordSearch

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"


def queens(n: int) -> Problem:
    """n queens: rows and columns primary, diagonals secondary (TAOCP 7.2.2.1 (23))."""
    rows = [f"R{r}" for r in range(n)]
    cols = [f"C{c}" for c in range(n)]
    diag = [f"A{s}" for s in range(2 * n - 1)] + [f"B{d}" for d in range(2 * n - 1)]
    options = [[f"R{r}", f"C{c}", f"A{r + c}", f"B{r - c + n - 1}"] for r in range(n) for c in range(n)]
    return Problem(rows + cols, diag, options)


def langford(n: int) -> Problem:
    """Langford pairs as plain exact cover: a number i in slots j and j+i+1."""
    items = [str(i) for i in range(1, n + 1)] + [f"s{j}" for j in range(1, 2 * n + 1)]
    options = [[str(i), f"s{j}", f"s{j + i + 1}"] for i in range(1, n + 1) for j in range(1, 2 * n - i)]
    return Problem(items, [], options)


@pytest.fixture(scope="session")
def abel_land() -> WordSearch:
    return WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")


@pytest.fixture(scope="session")
def four_names() -> WordSearch:
    return WordSearch(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"], "all")
