"""Every notebook cell that nbval runs counts as slow, so `pytest -m "not slow and not browser"` is the quick loop."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if str(item.fspath).endswith(".ipynb"):
            item.add_marker(pytest.mark.slow)
