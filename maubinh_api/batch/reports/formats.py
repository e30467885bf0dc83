"""How the reports write numbers: a dash for a missing one, a true minus sign, thousands separators.

These are the templates' filters (``{{ value | number(2) }}``); each takes what a summary holds
(an int, float, Decimal, numeric string or nothing) and never fails on a missing figure.
"""

from __future__ import annotations

import math

from ..fields import as_float

__all__ = ["number", "p_value", "share", "signed", "whole"]

DASH = "—"


def number(value: object, digits: int = 3) -> str:
    """A number to ``digits`` decimals with thousands separators; a dash for a missing one.

    >>> number(-1234.5, 1), number(None)
    ('−1,234.5', '—')
    """
    found = as_float(value)
    if math.isnan(found):
        return DASH
    return f"{found:,.{digits}f}".replace("-", "−")  # a real minus sign, as wide as a digit


def whole(value: object) -> str:
    """A count, rounded, with thousands separators.

    >>> whole(12345.4), whole("x")
    ('12,345', '—')
    """
    found = as_float(value)
    return DASH if math.isnan(found) else f"{round(found):,}"


def signed(value: float, digits: int = 3) -> str:
    """A difference with its sign (0 without one).

    >>> signed(0.25, 2), signed(-0.0001, 2), signed(math.nan)
    ('+0.25', '0.00', '—')
    """
    if math.isnan(value):
        return DASH
    if round(value, digits) == 0:
        return f"{0:.{digits}f}"
    return f"{value:+,.{digits}f}".replace("-", "−")


def p_value(value: object) -> str:
    """A p-value: three decimals, or two significant digits below 0.001; one too small for a
    double (computed as 0) is said to be below the smallest a double holds, not to be 0.

    >>> p_value(0.04321), p_value(0.0000123), p_value(0.0)
    ('0.043', '1.2e-05', '< 1e-300')
    """
    found = as_float(value)
    if math.isnan(found):
        return DASH
    if found < 1e-300:
        return "< 1e-300"
    return f"{found:.2g}" if found < 0.001 else f"{found:.3f}"


def share(part: object, whole_: object) -> str:
    """``part`` as a percentage of ``whole_``, one decimal.

    >>> share(1, 8), share(1, 0)
    ('12.5%', '—')
    """
    total = as_float(whole_)
    return DASH if not total or math.isnan(total) else f"{100 * as_float(part) / total:.1f}%"
