"""One release number everywhere it is written: the package, its build, the API description, the
TypeScript client and the images the Kubernetes manifests run (a release that forgets one ships a
wrong number)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import yaml

from maubinh_api import __version__

ROOT = Path(__file__).resolve().parents[1]


def test_the_build_and_the_api_description_carry_the_packages_version():
    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"] == __version__
    assert yaml.safe_load((ROOT / "openapi.yaml").read_text())["info"]["version"] == __version__
    # The clients are generated from this description: they carry its version.
    clients = ROOT / "clients"
    assert json.loads((clients / "typescript" / "package.json").read_text())["version"] == __version__
    lock = json.loads((clients / "typescript" / "package-lock.json").read_text())
    assert lock["version"] == lock["packages"][""]["version"] == __version__
    assert tomllib.loads((clients / "python" / "pyproject.toml").read_text())["project"]["version"] == __version__


def test_the_kubernetes_manifests_run_the_images_of_this_version():
    tags = set()
    for path in (ROOT / "deploy" / "k8s").rglob("*.yaml"):
        tags.update(re.findall(r"(?:image: maubinh-api[\w-]*:|newTag: )([\w.]+)", path.read_text()))
    assert tags == {__version__}
