"""Numbers in the service's Vietnamese texts, written as a Vietnamese reader writes them: thousands
grouped with points and decimals after a comma (``1.234,50``), where the API's own notation (and its
English texts) write ``1234.50``.  In a Vietnamese text ``10.505`` reads as ten thousand five hundred
and five; every number a Vietnamese line or message shows goes through :func:`vi_number`.  A value the
caller sent is quoted as it was sent instead (``'10,50'``), and so is an example of the JSON to send
(``"10.50"``): those are the API's notation, not numbers for reading.

>>> from decimal import Decimal
>>> vi_number(Decimal("-1234.50")), vi_number(1000000000000), vi_number(Decimal("0.02")), vi_number(7)
('-1.234,50', '1.000.000.000.000', '0,02', '7')
>>> vi_percent(Decimal("0.025"))
'2,5%'
"""

from __future__ import annotations

from decimal import Decimal

__all__ = ["vi_number", "vi_percent"]


def vi_number(value: Decimal | int) -> str:
    """``value`` with its thousands grouped by points and its decimals after a comma, every digit kept."""
    text = f"{value:f}" if isinstance(value, Decimal) else str(value)
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
    whole, _, fraction = digits.partition(".")
    groups: list[str] = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    grouped = ".".join([whole, *groups])
    return sign + grouped + ("," + fraction if fraction else "")


def vi_percent(share: Decimal) -> str:
    """A share (``0.02``) as a Vietnamese percentage (``2%``, ``2,5%``)."""
    return vi_number((share * 100).normalize()) + "%"
