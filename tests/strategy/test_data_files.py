"""Data tied to its rules: every data file's record in ``model.json`` (the rules and the data it was
built for, its own digest) holds for the shipped files, is written by the builders, is not part of
the model version, and a file built for other rules or from other data is refused by name, with
the make target that rebuilds it."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from maubinh_api.rules.knobs import ENGINE_VERSION
from maubinh_api.rules.variants import PRESET_NAMES, Variant, preset
from maubinh_api.service.models import kept_folders
from maubinh_api.strategy import bank_build, odds_build
from maubinh_api.strategy.data_files import (
    DATA_NAMES,
    MANIFEST,
    SHIPPED,
    TARGETS,
    ModelFilesError,
    check_files,
    file_digest,
    read_manifest,
    record_built,
    stale_files,
)
from maubinh_api.strategy.kernel import kernel_named
from maubinh_api.strategy.model import (
    KEPT_IN_PACKAGE,
    kept_model,
    model_version,
    shipped_model,
    shipped_model_version,
)
from tests.support.changed_rules import preset_changed


@pytest.fixture
def classic_changed() -> Iterator[Variant]:
    """The classic preset's rules changed since its data files were built: sập hầm pays 4, not 3."""
    with preset_changed("classic", {"scoop_multiplier": 4}) as changed:
        yield changed


def _copy(root: Path) -> Path:
    """A copy of the shipped model's files and manifest under ``root``."""
    for name in [*DATA_NAMES, MANIFEST]:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SHIPPED / name, root / name)
    return root


def test_the_shipped_data_files_hold_what_they_record():
    manifest = read_manifest(SHIPPED)
    assert set(manifest["files"]) == DATA_NAMES
    assert (manifest["version"], manifest["engine"]) == (shipped_model_version(), ENGINE_VERSION)
    for name, record in manifest["files"].items():
        assert record["sha256"] == file_digest(SHIPPED / name), name
    for name in PRESET_NAMES:
        built_for = {preset_name: preset(preset_name).fingerprint for preset_name in [name]}
        assert manifest["files"][f"odds/{name}.npz"]["rules"] == built_for
        assert manifest["files"][f"bank/{name}.npz"]["rules"] == built_for
    assert manifest["files"]["levels.json"]["rules"] == {name: preset(name).fingerprint for name in PRESET_NAMES}
    assert stale_files(SHIPPED, targets=TARGETS) == []
    # So do the models the package keeps: their files were built for today's rules too.
    for folder in kept_folders(KEPT_IN_PACKAGE):
        check_files(folder, kept=True)
        assert read_manifest(folder)["version"] == folder.name == model_version(folder, ENGINE_VERSION)


def test_the_manifest_is_not_part_of_the_model_version(tmp_path):
    root = _copy(tmp_path)
    assert model_version(root, ENGINE_VERSION) == shipped_model_version()
    (root / MANIFEST).write_text(json.dumps({"version": "model-0000000000000000", "engine": 1}), "utf-8")
    assert model_version(root, ENGINE_VERSION) == shipped_model_version()


def test_a_file_built_for_other_rules_is_refused_by_name_with_its_make_target(tmp_path, classic_changed):
    root = _copy(tmp_path)
    with pytest.raises(ModelFilesError) as refused:
        check_files(root, kept=False)
    said = str(refused.value)
    was, now = preset("classic").fingerprint, classic_changed.fingerprint
    for name, target in (("odds/classic.npz", "odds"), ("bank/classic.npz", "bank"), ("levels.json", "levels")):
        line = f"{root / name}: built for the classic preset's rules {was}, but they are now {now}"
        assert f"{line}; rebuild it with make {target}" in said
    assert "rebuild with make odds, then make bank, then make levels" in said
    assert "online.npz" not in said  # online's rules did not change
    # A builder checks only what it reads: the bank's builder reads the odds.
    assert [name for name, _ in stale_files(root, targets=("odds",))] == ["odds/classic.npz"]


def test_a_file_built_from_data_since_rebuilt_is_refused(tmp_path):
    # odds/classic.npz rebuilt (and recorded) after the bank and the yardsticks were built from it.
    root = _copy(tmp_path)
    (root / "odds" / "classic.npz").write_bytes((SHIPPED / "odds" / "online.npz").read_bytes())
    record_built(root, "odds/classic.npz", {})
    assert [(name, why.split(" ")[:3]) for name, why in stale_files(root, targets=TARGETS)] == [
        ("bank/classic.npz", ["built", "from", "odds/classic.npz"]),
        ("levels.json", ["built", "from", "odds/classic.npz"]),
    ]
    # A file swapped for another without its record, and one its manifest does not record at all.
    (root / "bank" / "online.npz").write_bytes((SHIPPED / "bank" / "classic.npz").read_bytes())
    manifest = read_manifest(root)
    del manifest["files"]["odds/extended.npz"]
    (root / MANIFEST).write_text(json.dumps(manifest), "utf-8")
    stale = dict(stale_files(root, targets=TARGETS))
    assert stale["bank/online.npz"].startswith(f"not the file its {MANIFEST} records")
    assert stale["odds/extended.npz"] == f"no record in its {MANIFEST} of the rules it was built for"


def test_a_kept_model_built_for_other_rules_is_refused_with_what_to_do(tmp_path, classic_changed):
    root = _copy(tmp_path)
    said = f"{root / 'odds' / 'classic.npz'}: built for the classic"
    with pytest.raises(ModelFilesError, match=re.escape(said)) as refused:
        check_files(root, kept=True)
    assert f"remove {root}" in str(refused.value) and "make odds" not in str(refused.value)


def test_the_shipped_model_is_refused_but_a_builder_reads_only_what_holds(classic_changed):
    with pytest.raises(ModelFilesError, match=re.escape("odds/classic.npz: built for the classic preset's rules")):
        shipped_model(kernel_named("reference"))
    with pytest.raises(SystemExit) as stopped:
        bank_build.main(["--preset", "classic", "--hands", "50", "--output", "/nonexistent"])
    said = str(stopped.value)
    assert said.startswith("the data this build reads does not hold") and "rebuild it with make odds" in said
    assert "bank/classic.npz" not in said  # the bank being rebuilt is not read
    assert shipped_model(kernel_named("reference"), checked=()).version == shipped_model_version()


def test_the_odds_builder_records_what_it_built_for(tmp_path):
    odds_build.main(
        ["--preset", "online", "--deals", "60", "--rounds", "1", "--workers", "1", "--output", str(tmp_path / "odds")]
    )
    manifest = read_manifest(tmp_path)
    record = manifest["files"]["odds/online.npz"]
    assert record == {
        "sha256": file_digest(tmp_path / "odds" / "online.npz"),
        "rules": {"online": preset("online").fingerprint},
        "inputs": {},
    }
    assert manifest["version"] == model_version(tmp_path, ENGINE_VERSION)
    assert stale_files(tmp_path, targets=("odds",)) == []


def test_the_bank_builder_records_the_deals_and_the_odds_it_read(tmp_path):
    bank_build.main(
        ["--preset", "classic", "--hands", "60", "--rounds", "1", "--workers", "1", "--output", str(tmp_path / "bank")]
    )
    files = read_manifest(tmp_path)["files"]
    assert files["bank/deals.npz"]["rules"] == {}
    assert files["bank/classic.npz"]["rules"] == {"classic": preset("classic").fingerprint}
    assert files["bank/classic.npz"]["inputs"] == {
        "bank/deals.npz": file_digest(tmp_path / "bank" / "deals.npz"),
        "odds/classic.npz": file_digest(SHIPPED / "odds" / "classic.npz"),
    }


def test_a_kept_model_of_before_the_records_is_held_by_its_version_alone(tmp_path, classic_changed):
    # Its model.json names the version and the engine only (a release before the records): it loads
    # as it did, whatever the rules.
    root = _copy(tmp_path)
    version = model_version(root, ENGINE_VERSION)
    (root / MANIFEST).write_text(json.dumps({"version": version, "engine": ENGINE_VERSION}), "utf-8")
    assert kept_model(kernel_named("reference"), root).version == version
