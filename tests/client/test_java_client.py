"""The Java client (clients/java, ``vn.maubinh:maubinh-client``) as a Java 8 game server gets it.

Maven builds it offline (make fetched the pinned plugins and dependencies): the core generated from
openapi.yaml, the hand-written face, its JUnit 5 tests under Surefire, the jar with its dependencies
relocated (installed into the local repository as a release would be published). The README's
program is then built as a game server would build it (clients/java/example/pom.xml: release 8,
-Xlint:all -Werror, its own OkHttp 3 and Gson 2.8 beside the client) and plays a table's round
against the service as ``make run`` starts it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from maubinh_api.infra.tenants import key_digest
from maubinh_api.version import __version__
from tests.support.servers import Service, service

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "clients" / "java"
KEY = "java-platform-key-0123456789"
#: Java 8's class file version: the jar must load on a Java 8 game server.
JAVA_8 = 52


def _maven(*arguments: str, cwd: Path, env: dict[str, str] | None = None) -> str:
    if shutil.which("mvn") is None or shutil.which("java") is None:
        pytest.fail("the Java client's tests need Maven (3.8) and a JDK (17) on the PATH")
    done = subprocess.run(
        ["mvn", "-B", "-q", "-o", *arguments], cwd=cwd, capture_output=True, text=True, timeout=600, check=False,
        env=os.environ | (env or {}),
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-8000:]
    return output


@pytest.fixture(scope="module")
def jar(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The client built, its unit tests run, its jar installed in the local repository."""
    build = tmp_path_factory.mktemp("java-build")
    # Every unit test but the conformance scenario's, which test_conformance.py plays against the service.
    _maven(f"-Dmaubinh.build={build}", "-Dtest=!ConformanceTest", "install", cwd=PROJECT)
    built = build / f"maubinh-client-{__version__}.jar"
    assert built.is_file()
    return built


def test_the_jar_loads_on_java_8_and_carries_nothing_outside_its_own_packages(jar: Path) -> None:
    with zipfile.ZipFile(jar) as archive:
        names = archive.namelist()
        classes = [name for name in names if name.endswith(".class")]
        versions = {name: int.from_bytes(archive.read(name)[6:8], "big") for name in classes}
    assert classes and max(versions.values()) <= JAVA_8, sorted(v for v in versions.items() if v[1] > JAVA_8)[:5]
    # OkHttp, Okio, Kotlin, Gson, Bouncy Castle... live under vn/maubinh/client/shaded: a game
    # server's own versions of them cannot meet these.
    outside = [name for name in names if not name.startswith(("vn/maubinh/client/", "META-INF/"))]
    outside = [name for name in outside if name not in ("vn/", "vn/maubinh/")]
    assert outside == []
    assert "vn/maubinh/client/shaded/okhttp3/OkHttpClient.class" in names
    assert not any(name.startswith("META-INF/services/") for name in names)  # no provider naming a moved class
    print(f"\n{jar.name}: {jar.stat().st_size / 1e6:.1f} MB, {len(classes)} classes")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    folder = tmp_path_factory.mktemp("java-client")
    tenants = folder / "tenants.yaml"
    tenants.write_text(
        f'tenants:\n  - name: platform\n    key_sha256: "{key_digest(KEY)}"\n    limits: ["100000/minute"]\n'
    )
    signing = folder / "receipts.pem"
    signing.write_bytes(Ed25519PrivateKey.generate().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    environment = {"MAUBINH_TENANTS_FILE": str(tenants), "MAUBINH_RECEIPT_KEY": str(signing)}
    with service(folder, env=environment, workers=1) as running:
        yield running


def _documented_program() -> str:
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    return readme.split("```java\n", 1)[1].split("```", 1)[0]


def test_the_readme_program_builds_at_release_8_with_no_warning_and_plays_the_round(
    jar: Path, server: Service, tmp_path: Path
) -> None:
    code = _documented_program()
    printed = [line.strip()[len("// -> ") :] for line in code.splitlines() if line.strip().startswith("// -> ")]
    project = tmp_path / "game-server"
    (project / "src" / "main" / "java" / "example").mkdir(parents=True)
    shutil.copyfile(PROJECT / "example" / "pom.xml", project / "pom.xml")
    (project / "src" / "main" / "java" / "example" / "Round.java").write_text(
        code.replace("http://127.0.0.1:8000", server.url), encoding="utf-8"
    )
    # The compiler plugin's -Xlint:all -Werror: a cast, a raw type or an unchecked call fails here.
    _maven("package", cwd=project)
    classpath = tmp_path / "classpath.txt"
    _maven("dependency:build-classpath", f"-Dmdep.outputFile={classpath}", cwd=project)
    classes = f"{project / 'target' / 'classes'}{os.pathsep}{classpath.read_text().strip()}"
    ran = subprocess.run(
        ["java", "-cp", classes, "example.Round"],
        capture_output=True, text=True, timeout=120, check=False, env=os.environ | {"MAUBINH_KEY": KEY},
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout.splitlines() == printed
    assert "okhttp-3.14.9.jar" in classpath.read_text()  # the game server's own OkHttp, not the client's
