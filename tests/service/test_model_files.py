"""A data file built for other rules stops the service at its start, with a message that names the
file and what to do: the make target that rebuilds it, or, for a kept model, removing it."""

from __future__ import annotations

import json

import pytest

from maubinh_api.infra.config import ConfigError
from maubinh_api.rules.variants import preset
from maubinh_api.strategy.data_files import MANIFEST, SHIPPED
from maubinh_api.web.app import create_app
from tests.support.changed_rules import preset_changed
from tools.models import keep


def test_the_service_does_not_start_on_data_built_for_a_preset_s_former_rules():
    was = preset("online").fingerprint
    with preset_changed("online", {"sap_lang_multiplier": 3}) as changed, pytest.raises(ConfigError) as refused:
        create_app({"cache_bytes": 0})
    said = str(refused.value)
    assert said.startswith("models: data files not built for today's rules and data:\n")
    for name, target in (("odds/online.npz", "odds"), ("bank/online.npz", "bank"), ("levels.json", "levels")):
        line = f"{SHIPPED / name}: built for the online preset's rules {was}, but they are now {changed.fingerprint}"
        assert f"\n  {line}; rebuild it with make {target}\n" in said
    assert said.endswith("\n  rebuild with make odds, then make bank, then make levels")
    assert "classic.npz" not in said


def test_a_kept_model_built_for_other_rules_stops_the_start(tmp_path):
    folder = keep(tmp_path / "models")
    manifest = json.loads((folder / MANIFEST).read_text("utf-8"))
    manifest["files"]["bank/classic.npz"]["rules"]["classic"] = "sha256:" + "0" * 64
    (folder / MANIFEST).write_text(json.dumps(manifest), "utf-8")
    with pytest.raises(ConfigError) as refused:
        create_app({"models_dir": tmp_path / "models", "cache_bytes": 0})
    said = str(refused.value)
    now = preset("classic").fingerprint
    assert f"{folder / 'bank' / 'classic.npz'}: built for the classic preset's rules sha256:000" in said
    assert f"but they are now {now}\n" in said
    assert said.endswith(f"\n  a kept model is never rebuilt (that would be another model): remove {folder}")


def test_the_shipped_data_starts_the_service():
    assert create_app({"cache_bytes": 0}).test_client().get("/v1/variants").status_code == 200
