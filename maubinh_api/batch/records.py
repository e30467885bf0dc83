"""``python -m maubinh_api.batch verify``: a file of hand records checked offline, record by record
(:mod:`~maubinh_api.infra.hand_records`), the first broken link named; and the grading rows a hand
record holds, so that ``grade`` reads a file of records beside its own history formats."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from ..infra.hand_records import RECORD_FORMAT, RecordBroken, TableChain, check_records, read_records, split_lines

__all__ = ["RECORD_FORMAT", "grading_rows", "verify_file"]


def verify_file(
    path: Path, keys: Path | None, *, tenant: str | None, heads: Mapping[str, str], out: TextIO = sys.stdout
) -> int:
    """Check every record of ``path`` (JSON Lines, oldest first) with the key set file ``keys``;
    print each table's chain, or the first record that does not hold.  0 when all hold, 1 when one
    does not, 2 when a file cannot be read."""
    try:
        lines = split_lines(path.read_bytes())
        key_set = keys.read_bytes() if keys is not None else None
    except OSError as error:
        print(f"cannot read {error.filename}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        chains = check_records(read_records(lines), key_set, tenant=tenant, heads=heads)
    except RecordBroken as broken:
        print(f"{path}: {broken} [{broken.code}]", file=out)
        return 1
    count = sum(chain.last - chain.first + 1 for chain in chains)
    print(f"{path}: {count:,} records of {len(chains)} tables hold", file=out)
    for chain in chains:
        print(_chain_line(chain), file=out)
    return 0


def _chain_line(chain: TableChain) -> str:
    start = "from its first hand" if chain.from_the_start else "from a hand kept before them"
    return f"  table {chain.table_id}: hands {chain.first} to {chain.last} ({start}); head {chain.head}"


def grading_rows(record: Mapping[str, Any]) -> Sequence[dict[str, Any]]:
    """The history rows of a hand record: one per seat that set an arrangement (a player who left set
    none), under the settlement's variant (the service's default, classic, when it names none), with
    the record's table and its number there."""
    settlement = record.get("settlement")
    request = settlement.get("request") if isinstance(settlement, Mapping) else None
    variant = request.get("variant", "classic") if isinstance(request, Mapping) else "classic"
    seats = record.get("seats")
    if not isinstance(seats, list):
        return []
    rows = []
    for seat in seats:
        if not isinstance(seat, Mapping) or not isinstance(seat.get("arrangement"), Mapping):
            continue
        arrangement = seat["arrangement"]
        rows.append(
            {
                "deal_id": f"{record.get('table_id')}/{record.get('hand_id')}",
                "player_id": seat.get("player_id"),
                "variant": variant,
                "back": arrangement.get("back"),
                "middle": arrangement.get("middle"),
                "front": arrangement.get("front"),
                "declare_natural": seat.get("declare_natural", True),
                "seats": len(seats),
                "table_id": record.get("table_id"),
                "hand_number": record.get("number"),
            }
        )
    return rows
