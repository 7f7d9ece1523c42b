"""Notebook 9, the same engine everywhere: what its own cells call to show something (a duration in words)."""

from __future__ import annotations


def readable(seconds: float) -> str:
    """A duration in the largest unit it fills: '2.2 hours', '3.95e+10 years', '0.2 seconds', '1 second'."""
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= size:
            return _units(f"{seconds / size:,.3g}", unit)
    return _units(f"{seconds:.2g}", "seconds")


def _units(number: str, unit: str) -> str:
    """'1 second', '1 year', but '1.5 seconds' and '0.2 seconds': the unit singular only after exactly one."""
    return f"{number} {unit[:-1] if number == '1' else unit}"
