"""What the integrity tests share: a room's rows checked by ``batch integrity`` as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from maubinh_api.batch.cli import main


def integrity_run(rows: list[dict[str, Any]], directory: Path, *options: str) -> Path:
    """``integrity`` (with ``options``) run on the rows as a JSON Lines history, one worker; its output directory."""
    history = directory / "room.jsonl"
    history.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    out = directory / "out"
    assert main(["integrity", str(history), "--out", str(out), *options, "--workers", "1", "--no-progress"]) == 0
    return out
