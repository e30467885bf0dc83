"""Hand histories: the row schema, its validation, and reading in partitions.

A hand history has one row per player per deal, as JSON Lines (one object
per line) or Parquet (one file, or a directory of ``*.parquet`` / ``*.jsonl``
files read in name order).  Columns (docs/batch.md has the full schema):

``deal_id`` (text), ``player_id`` (text), ``variant`` (a preset name, or a
variant object ``{"preset": ..., "overrides": {...}}``, as JSON text in
Parquet), ``back``, ``middle``, ``front`` (cards: a list of card texts or
one text separated by spaces), ``declare_natural`` (optional, default true as
in settlement), ``seats`` (optional, 2-4 players at the table, default 4),
``theme`` (optional, the drill theme the hand was dealt for, default
``random``: a practice run's export says it, and the hand is judged against
the levels on that theme's drills).  Other columns are ignored.  A line of JSON
Lines may also be a hand record (openapi.yaml's ``HandRecord``, what
``verify`` checks): it gives a row per seat that set an arrangement, its
``deal_id`` the table's and the hand's ids, its variant the settlement's.

A row that breaks the schema is skipped and reported with its file, its row
number (the line number in JSON Lines, 1-based; the row number in Parquet,
1-based) and the field at fault; the other rows are graded.

>>> row, problem = check_row({"deal_id": "d1", "player_id": "p1", "variant": "classic",
...     "back": "As Ad Kc Kd 7h", "middle": "9s 9h 8c 5d 3c", "front": ["Qs", "Jh", "2s"]})
>>> problem is None, row.seats, row.declare_natural, row.theme.value
(True, 4, True, 'random')
>>> check_row({"deal_id": "d1", "player_id": "p1", "variant": "classic",
...     "back": "As Ad Kc Kd 7h", "middle": "9s 9h 8c 5d Xx", "front": "Qs Jh 2s"})[1]
('middle/4', "unknown card 'Xx': the rank must be one of 2-9, T (or 10), J, Q, K, A")
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import marshmallow
from marshmallow import fields, validate

from ..rules.arrangement import Arrangement
from ..rules.cards import parse_cards
from ..rules.errors import RuleError
from ..rules.table import MAX_PLAYERS, MIN_PLAYERS
from ..rules.texts import words
from ..rules.variants import Variant, resolve_variant
from ..strategy.drills import Theme
from .records import RECORD_FORMAT, grading_rows

__all__ = [
    "FORMATS",
    "MAX_DECISION_MS",
    "MAX_HAND_NUMBER",
    "MAX_ID",
    "ROW_SCHEMA",
    "THEMES",
    "HistoryError",
    "Part",
    "Row",
    "check_row",
    "parts_of",
    "read_part",
    "read_plain_row",
    "variant_of",
    "variant_spec",
    "write_rows",
]

#: File kinds a history can be in, by suffix.
FORMATS: Final = {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl", ".parquet": "parquet", ".pq": "parquet"}
#: Rows per partition: small enough that a worker holds a few at once, big
#: enough that task overhead stays small against 300+ rows a second.
PART_ROWS: Final = 2_000


class HistoryError(Exception):
    """A history that cannot be read at all (missing file, unknown format,
    wrong schema): the job stops with this one-line message."""


@dataclass(frozen=True, slots=True)
class Row:
    """A valid history row."""

    deal_id: str
    player_id: str
    variant: Variant
    arrangement: Arrangement
    declare_natural: bool
    seats: int
    theme: Theme = Theme.RANDOM  #: the drill theme it was dealt for: the yardsticks it is judged against
    #: The table the hand was dealt at, and the hand's number there (its order): what the integrity
    #: checks read seating and sequences from (None: not in the history, those checks are skipped).
    table_id: str | None = None
    hand_number: int | None = None
    #: Milliseconds the player took to set the hand, when the platform logs it (the bot check's timing).
    decision_ms: float | None = None


@dataclass(frozen=True, slots=True)
class Part:
    """A slice of one history file: what one task reads."""

    index: int  #: the partition's number (outputs are named and merged by it)
    path: str
    kind: str  #: jsonl or parquet
    first_row: int  #: the 1-based row (line) number of its first row
    start: int  #: jsonl: byte offset; parquet: first row (0-based)
    stop: int  #: jsonl: byte offset (exclusive); parquet: row after the last


#: The longest deal or player id a row may hold.
MAX_ID: Final = 200
_TEXT: Final = f"must be a text of 1 to {MAX_ID} characters"
#: The themes a row may name (its drills' theme), as the API writes them.
THEMES: Final = tuple(theme.value for theme in Theme)
_THEME: Final = f"must be a drill theme: {', '.join(THEMES)}"


#: The largest hand number (a table's hands counted from 0 or 1) and decision time a row may hold.
MAX_HAND_NUMBER: Final = 2**53 - 1
MAX_DECISION_MS: Final = 86_400_000.0  # a day
_HAND_NUMBER: Final = "must be a whole number of 0 or more (the hand's order at its table)"
_DECISION: Final = "must be the milliseconds the player took, 0 to a day's"


def _messages(invalid: str | None = None) -> dict[str, Any]:
    """marshmallow's messages for a field, in the tool's own words."""
    found: dict[str, Any] = {"required": "is missing from the row", "null": "must not be null"}
    if invalid is not None:
        found["invalid"] = invalid
    return found


class _RowSchema(marshmallow.Schema):
    """What each row must hold; cards and the variant are checked by the rules."""

    class Meta:
        unknown = marshmallow.EXCLUDE  # platforms log more than this tool reads

    # The tool's own words for marshmallow's ("Missing data for required field.", ...).
    deal_id = fields.String(
        required=True, validate=validate.Length(min=1, max=MAX_ID, error=_TEXT), error_messages=_messages(_TEXT)
    )
    player_id = fields.String(
        required=True, validate=validate.Length(min=1, max=MAX_ID, error=_TEXT), error_messages=_messages(_TEXT)
    )
    variant = fields.Raw(required=True, error_messages=_messages())
    back = fields.Raw(required=True, error_messages=_messages())
    middle = fields.Raw(required=True, error_messages=_messages())
    front = fields.Raw(required=True, error_messages=_messages())
    declare_natural = fields.Boolean(
        load_default=True, allow_none=True, error_messages=_messages("must be true or false")
    )
    seats = fields.Integer(
        load_default=MAX_PLAYERS,
        allow_none=True,
        strict=True,
        validate=validate.Range(
            min=MIN_PLAYERS,
            max=MAX_PLAYERS,
            error=f"must be {MIN_PLAYERS} to {MAX_PLAYERS} players at the table, not {{input}}",
        ),
        error_messages=_messages(f"must be a whole number of players, {MIN_PLAYERS} to {MAX_PLAYERS}"),
    )
    theme = fields.String(
        load_default=Theme.RANDOM.value,
        allow_none=True,
        validate=validate.OneOf(THEMES, error=_THEME + ", not {input}"),
        error_messages=_messages(_THEME),
    )
    table_id = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(min=1, max=MAX_ID, error=_TEXT),
        error_messages=_messages(_TEXT),
    )
    hand_number = fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        validate=validate.Range(min=0, max=MAX_HAND_NUMBER, error=_HAND_NUMBER + ", not {input}"),
        error_messages=_messages(_HAND_NUMBER),
    )
    decision_ms = fields.Float(
        load_default=None,
        allow_none=True,
        allow_nan=False,
        validate=validate.Range(min=0, max=MAX_DECISION_MS, error=_DECISION + ", not {input}"),
        error_messages=_messages(_DECISION),
    )


ROW_SCHEMA: Final = _RowSchema()


def variant_spec(text: str) -> object:
    """A variant as the batch tool writes it: a preset name, or a variant object in JSON."""
    if not text.lstrip().startswith("{"):
        return text
    try:
        spec: object = json.loads(text)
    except json.JSONDecodeError as error:
        raise RuleError(words("not valid JSON: {reason}", reason=error.msg)) from None
    return spec


@functools.lru_cache(maxsize=256)
def variant_of(text: str) -> Variant:
    """The variant a history's text names (cached: a history repeats a few texts)."""
    return resolve_variant(variant_spec(text))


def _cards(value: object) -> list[object]:
    if isinstance(value, str):
        return list(value.split())
    if isinstance(value, list | tuple):
        return list(value)
    if hasattr(value, "tolist"):  # a Parquet list column arrives as a numpy array
        listed: list[object] = value.tolist()
        return listed
    raise RuleError(
        words(
            "cards must be a list of card texts or one text separated by spaces, not {kind}",
            kind=type(value).__name__,
        )
    )


_ROW_FIELDS: Final = ("variant", "back", "middle", "front")


def read_plain_row(record: Mapping[str, Any]) -> dict[str, Any] | None:
    """The commonest row, every field of the type the schema wants, read without it (what the
    schema would load from it); None for anything else, which the schema then reads and words."""
    deal, player = record.get("deal_id"), record.get("player_id")
    declare, seats = record.get("declare_natural", True), record.get("seats", MAX_PLAYERS)
    theme = record.get("theme", Theme.RANDOM.value)
    table, number, took = record.get("table_id"), record.get("hand_number"), record.get("decision_ms")
    plain = (
        type(deal) is str and 1 <= len(deal) <= MAX_ID
        and type(player) is str and 1 <= len(player) <= MAX_ID
        and (declare is None or type(declare) is bool)
        and (seats is None or (type(seats) is int and MIN_PLAYERS <= seats <= MAX_PLAYERS))
        and (theme is None or (type(theme) is str and theme in THEMES))
        and (table is None or (type(table) is str and 1 <= len(table) <= MAX_ID))
        and (number is None or (type(number) is int and 0 <= number <= MAX_HAND_NUMBER))
        and (took is None or (type(took) in (int, float) and 0 <= took <= MAX_DECISION_MS))
        and all(record.get(name) is not None for name in _ROW_FIELDS)
    )  # fmt: skip
    if not plain:
        return None
    loaded = {name: record[name] for name in _ROW_FIELDS}
    loaded.update(deal_id=deal, player_id=player, declare_natural=declare, seats=seats, theme=theme)
    loaded.update(table_id=table, hand_number=number, decision_ms=None if took is None else float(took))
    return loaded


def check_row(record: Mapping[str, Any]) -> tuple[Row | None, tuple[str, str] | None]:
    """The row, or the field at fault (a path like ``middle/4``) and why."""
    try:
        loaded = read_plain_row(record) or ROW_SCHEMA.load(dict(record))
    except marshmallow.ValidationError as error:
        field, messages = next(iter(sorted(error.normalized_messages().items())))
        detail = messages[0] if isinstance(messages, list) else str(messages)
        return None, (str(field), str(detail))
    variant_value = loaded["variant"]
    try:
        if isinstance(variant_value, Mapping):
            variant = variant_of(json.dumps(variant_value, sort_keys=True))
        elif isinstance(variant_value, str):
            variant = variant_of(variant_value)
        else:
            raise RuleError(words("variant must be a preset name or a variant object"))
    except RuleError as error:
        return None, ("/".join(["variant", *map(str, error.path)]), error.said.en)
    chi: dict[str, object] = {}
    for position in ("back", "middle", "front"):
        try:
            chi[position] = parse_cards(_cards(loaded[position]), allow_duplicates=True)
        except RuleError as error:
            return None, ("/".join([position, *map(str, error.path)]), error.said.en)
    try:
        arrangement = Arrangement.from_cards(
            back=chi["back"],  # type: ignore[arg-type]
            middle=chi["middle"],  # type: ignore[arg-type]
            front=chi["front"],  # type: ignore[arg-type]
            wheel=variant.rules.wheel,
        )
    except RuleError as error:
        return None, ("/".join(map(str, error.path)) or "arrangement", error.said.en)
    declare = loaded["declare_natural"]
    seats = loaded["seats"]
    theme = loaded["theme"]
    return Row(
        deal_id=loaded["deal_id"],
        player_id=loaded["player_id"],
        variant=variant,
        arrangement=arrangement,
        declare_natural=True if declare is None else bool(declare),
        seats=4 if seats is None else int(seats),
        theme=Theme.RANDOM if theme is None else Theme(theme),
        table_id=loaded["table_id"],
        hand_number=loaded["hand_number"],
        decision_ms=loaded["decision_ms"],
    ), None


def _files(path: Path) -> list[tuple[Path, str]]:
    if not path.exists():
        raise HistoryError(f"{path}: no such file or directory")
    if path.is_dir():
        found = sorted(child for child in path.iterdir() if child.suffix.lower() in FORMATS and child.is_file())
        if not found:
            raise HistoryError(f"{path}: no .jsonl or .parquet files in this directory")
        return [(child, FORMATS[child.suffix.lower()]) for child in found]
    kind = FORMATS.get(path.suffix.lower())
    if kind is None:
        raise HistoryError(f"{path}: unknown history format {path.suffix!r}; use .jsonl or .parquet")
    return [(path, kind)]


def parts_of(path: Path, rows_per_part: int = PART_ROWS) -> list[Part]:
    """Split a history into partitions of ``rows_per_part`` rows (the last of
    a file fewer), by reading only line ends (JSON Lines) or the footer (Parquet)."""
    parts: list[Part] = []
    for file, kind in _files(path):
        if kind == "jsonl":
            parts.extend(_jsonl_parts(file, rows_per_part, len(parts)))
        else:
            parts.extend(_parquet_parts(file, rows_per_part, len(parts)))
    return parts


def _jsonl_parts(file: Path, rows_per_part: int, first_index: int) -> list[Part]:
    parts: list[Part] = []
    try:
        with file.open("rb") as handle:
            start, first_row, offset = 0, 1, 0
            for line, raw in enumerate(handle, start=1):
                offset += len(raw)
                if line - first_row + 1 == rows_per_part:
                    parts.append(Part(first_index + len(parts), str(file), "jsonl", first_row, start, offset))
                    start, first_row = offset, line + 1
            if offset > start:
                parts.append(Part(first_index + len(parts), str(file), "jsonl", first_row, start, offset))
    except OSError as error:
        raise HistoryError(f"{file}: cannot read: {error.strerror or error}") from None
    return parts


def _parquet_parts(file: Path, rows_per_part: int, first_index: int) -> list[Part]:
    import pyarrow.parquet as pq  # noqa: PLC0415 - only Parquet needs it

    try:
        metadata = pq.ParquetFile(file).metadata
    except (OSError, ValueError) as error:
        raise HistoryError(f"{file}: not a readable Parquet file ({error})") from None
    names = set(metadata.schema.names)
    missing = [
        column for column in ("deal_id", "player_id", "variant", "back", "middle", "front") if column not in names
    ]
    if missing:
        raise HistoryError(f"{file}: wrong schema: missing column(s) {', '.join(missing)}")
    rows = metadata.num_rows
    return [
        Part(first_index + number, str(file), "parquet", start + 1, start, min(start + rows_per_part, rows))
        for number, start in enumerate(range(0, rows, rows_per_part))
    ]


def read_part(part: Part) -> Iterator[tuple[int, Mapping[str, Any] | None, str | None]]:
    """The part's records: (row number, record or None, why it could not be read)."""
    if part.kind == "jsonl":
        with open(part.path, "rb") as handle:
            handle.seek(part.start)
            data = handle.read(part.stop - part.start)
        if part.start == 0:
            data = data.removeprefix(b"\xef\xbb\xbf")  # a byte-order mark some editors write
        for number, raw in enumerate(data.splitlines(), start=part.first_row):
            if not raw.strip():
                continue  # a blank line is not a row
            try:
                record = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError) as error:
                yield number, None, f"not valid JSON: {getattr(error, 'msg', error)}"
                continue
            if not isinstance(record, dict):
                yield number, None, f"a row must be a JSON object, not {type(record).__name__}"
                continue
            if record.get("record") == RECORD_FORMAT:  # a hand record: a row per seat that set its hand
                for row in grading_rows(record):
                    yield number, row, None
                continue
            yield number, record, None
        return
    import pyarrow.parquet as pq  # noqa: PLC0415

    # Read the row groups the part's rows fall in, and keep those rows: a part
    # is a fixed number of rows whatever the writer's row groups were.
    handle = pq.ParquetFile(part.path)
    metadata = handle.metadata
    groups, first, offset = [], None, 0
    for group in range(metadata.num_row_groups):
        size = metadata.row_group(group).num_rows
        if offset < part.stop and offset + size > part.start:
            groups.append(group)
            first = offset if first is None else first
        offset += size
    table = handle.read_row_groups(groups).slice(part.start - (first or 0), part.stop - part.start)
    for number, record in enumerate(table.to_pylist(), start=part.first_row):
        yield number, record, None


def write_rows(rows: list[dict[str, Any]], directory: Path, index: int, kind: str) -> None:
    """A partition's history rows as ``part-NNNNN.jsonl`` or ``.parquet`` in ``directory`` (what
    ``simulate`` and the simulated rooms write, and any command reads back)."""
    directory.mkdir(parents=True, exist_ok=True)
    if kind == "jsonl":
        with (directory / f"part-{index:05d}.jsonl").open("w", encoding="utf-8") as handle:
            handle.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
        return
    import pyarrow as pa  # noqa: PLC0415
    import pyarrow.parquet as pq  # noqa: PLC0415

    pq.write_table(pa.Table.from_pylist(rows), directory / f"part-{index:05d}.parquet")
