"""One release number everywhere it is written: the package, its build, the API description, the
four clients (TypeScript, Python, Java, Go) and the images the Kubernetes manifests run (a release
that forgets one ships a wrong number)."""

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
    # The Java client: its Maven coordinates' version, and the one it says in code (User-Agent).
    pom = (clients / "java" / "pom.xml").read_text()
    assert re.search(r"<artifactId>maubinh-client</artifactId>\s*<version>([^<]+)</version>", pom)[1] == __version__
    example = (clients / "java" / "example" / "pom.xml").read_text()  # the game server depends on this release
    assert re.search(r"<artifactId>maubinh-client</artifactId>\s*<version>([^<]+)</version>", example)[1] == __version__
    face = (clients / "java" / "src" / "main" / "java" / "vn" / "maubinh" / "client" / "MauBinhClient.java").read_text()
    assert re.search(r'VERSION = "([^"]+)"', face)[1] == __version__
    # The Go client: a module is versioned by its tag (clients/go/vX.Y.Z), and says its version in code.
    assert re.search(r'const Version = "([^"]+)"', (clients / "go" / "client.go").read_text())[1] == __version__


def test_the_kubernetes_manifests_run_the_images_of_this_version():
    tags = set()
    for path in (ROOT / "deploy" / "k8s").rglob("*.yaml"):
        tags.update(re.findall(r"(?:image: maubinh-api[\w-]*:|newTag: )([\w.]+)", path.read_text()))
    assert tags == {__version__}
