"""A preset whose rules changed after its data files were built, as the data files' check sees it
(maubinh_api/strategy/data_files.py), for the tests that the service and the builders refuse them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from maubinh_api.rules.variants import Variant, preset, resolve_variant
from maubinh_api.strategy import data_files


@contextmanager
def preset_changed(name: str, overrides: dict[str, Any]) -> Iterator[Variant]:
    """Within: the preset ``name``'s rules are those ``overrides`` make of them (as if its preset
    file had been edited since the data files were built), and the shipped files are checked again."""
    changed = resolve_variant({"preset": name, "overrides": overrides})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(data_files, "preset", lambda asked: changed if asked == name else preset(asked))
        data_files.check_shipped.cache_clear()
        try:
            yield changed
        finally:
            data_files.check_shipped.cache_clear()
