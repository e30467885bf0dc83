"""The settings are declared once (infra/config.py's Settings: each one's type, default and the
variable that sets it); docs/operations.md's table says each of them, with the same default."""

from __future__ import annotations

import re
from dataclasses import MISSING, fields
from pathlib import Path

from maubinh_api.infra.config import Settings

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
TABLE = dict(re.findall(r"^\| `(MAUBINH_[A-Z_]+)` \| ([^|]+) \|", PAGE, re.M))
#: Defaults the table says in words, as deploy/serve.sh and gunicorn set them (not the dataclass's own).
SAID_OTHERWISE = {
    "MAUBINH_PROXY_HOPS": "`1` behind the front, else `0`",  # serve.sh sets 1
    "MAUBINH_RETRY_HOLD_SLOTS": "half of `THREADS`",  # deploy/gunicorn.conf.py sets it
    "MAUBINH_LIMITS_FILE": "`$MAUBINH_RUN_DIR/limits.sqlite`",  # serve.sh sets it
    "MAUBINH_FRONT_HOLDS": None,  # serve.sh sets it for its own front; not an operator's setting
    "MAUBINH_OPENAPI_PATH": "`./openapi.yaml`",
    "MAUBINH_MODEL": "the shipped model",
}


def _shown(value: object) -> str:
    if value is None or value == ():
        return "unset|none"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return f"`{value}`"


def test_every_setting_is_in_the_table_with_its_default():
    missing, wrong = [], []
    for spec in fields(Settings):
        variable = "MAUBINH_" + spec.name.upper()
        if variable in SAID_OTHERWISE:
            expected = SAID_OTHERWISE[variable]
            if expected is not None and TABLE.get(variable, "").strip() != expected:
                wrong.append((variable, TABLE.get(variable)))
            continue
        if variable not in TABLE:
            missing.append(variable)
            continue
        default = spec.default if spec.default is not MISSING else spec.default_factory()  # type: ignore[misc]
        said = TABLE[variable].strip()
        if not re.fullmatch(_shown(default), said):
            wrong.append((variable, said, _shown(default)))
    assert (missing, wrong) == ([], [])
