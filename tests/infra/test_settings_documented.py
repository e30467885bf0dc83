"""The settings are declared once (infra/config.py's Settings: each one's type, default, the variable
that sets it and what it does); docs/operations.md's table is written from them (``make spec``,
tools/settings_table.py): a table a maintainer forgot to rewrite fails here."""

from __future__ import annotations

from dataclasses import fields

from maubinh_api.infra.config import Settings
from tools.settings_table import PAGE, SAID_OTHERWISE, comments, default_said, variable, written


def test_the_table_says_every_setting_with_its_default():
    page = PAGE.read_text(encoding="utf-8")
    assert written(page) == (page, []), "docs/operations.md's settings are stale: run make spec"
    listed = [variable(setting) for setting in fields(Settings) if default_said(setting) is not None]
    assert all(f"| `{name}` |" in page for name in listed)
    assert set(SAID_OTHERWISE) <= {variable(setting) for setting in fields(Settings)}  # none of another time


def test_a_stale_default_is_written_back_and_a_missing_setting_gets_its_row():
    page = PAGE.read_text(encoding="utf-8")
    stale = page.replace("| `MAUBINH_DEFAULT_VARIANT` | `classic` |", "| `MAUBINH_DEFAULT_VARIANT` | `online` |")
    row_start = page.index("| `MAUBINH_CACHE_TTL` |")
    row = page[row_start : page.index("\n", row_start) + 1]
    mended, changed = written(stale.replace(row, ""))
    assert len(changed) == 2
    # The default is the declaration's again; the dropped row comes back where it was, its meaning
    # the declaration's comment (the prose that was there is the maintainer's to write again).
    assert mended == page.replace(row, f"| `MAUBINH_CACHE_TTL` | `86400` | {comments()['cache_ttl']} |\n")
    assert comments()["cache_ttl"] == "Seconds an answer lives in Redis."
