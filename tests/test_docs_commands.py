"""Every ```sh block of README.md and docs/*.md runs as written from a fresh clone, or says why not.

Each block is known by its page and its first command line, and is one of:

* run here, with bash, in a scratch directory laid out as the root of a clone after ``make deps``
  (links to the checkout's package, docs and venv; whatever the commands write stays there). A
  ``# -> text`` line under a command is what it prints (``…`` and ``...`` stand for any text);
* covered by another test, which this one asks to make sure it reads the very block;
* skipped, with the reason (a server that runs until stopped, a cluster, minutes of work).

A block that is none of these fails the test, and so does an entry that no block matches. The
links between the pages (README.md, CONTRIBUTING.md, docs/*.md) must resolve too, anchors included.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.batch.test_readme_commands import _commands as batch_page_commands
from tests.test_readme import calls as documented_calls

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.M | re.S)


@dataclass(frozen=True)
class Block:
    page: str  #: relative to the repository
    line: int  #: of the first line inside the fence, 1-based
    text: str

    @property
    def key(self) -> tuple[str, str]:
        """The page and the first command line, as written."""
        return self.page, next(line.strip() for line in self.text.splitlines() if _command(line))


def _command(line: str) -> bool:
    return bool(line.strip()) and not line.lstrip().startswith("#")


def blocks() -> list[Block]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in _BLOCK.finditer(text):
            found.append(Block(str(page.relative_to(ROOT)), text[: match.start(1)].count("\n") + 1, match.group(1)))
    return found


# --- Run here ----------------------------------------------------------------------------------


def _tenants_file(scratch: Path, environment: dict[str, str]) -> None:
    """What the page asks for before `check`: the entry `new` printed, under a first line `tenants:`."""
    made = _bash(".venv/bin/python -m maubinh_api.tenants new platform-a --limit 50/second", scratch, environment)
    entry = made.stdout[made.stdout.index("  - name:") :]
    (scratch / "tenants.yaml").write_text("tenants:\n" + entry, encoding="utf-8")


#: The blocks run here, each with what must be done first (what the page tells the reader to do by hand).
RUN: dict[tuple[str, str], Callable[[Path, dict[str, str]], None] | None] = {
    (
        "README.md",
        ".venv/bin/python -m maubinh_api.batch simulate --deals 400 --levels beginner,casual,club,expert --out sim",
    ): None,
    (
        "docs/batch.md",
        ".venv/bin/python -m maubinh_api.batch grade docs/examples/history.jsonl --out graded-example",
    ): None,
    (
        "docs/batch.md",
        ".venv/bin/python -m maubinh_api.batch verify docs/examples/hand_records.jsonl --keys docs/examples/jwks.json",
    ): None,
    (
        "docs/integrating.md",
        ".venv/bin/python -m maubinh_api.tenants new platform-a --limit 50/second --limit 2000000/day",
    ): None,
    (
        "docs/integrating.md",
        ".venv/bin/python -m maubinh_api.tenants check tenants.yaml   # reads the file as the service would",
    ): _tenants_file,
}

# --- Covered by another test -------------------------------------------------------------------

_CURLS = "the curl calls against make run: tests/test_readme.py sends each one to the app in process"
_BATCH_PAGE = "tests/batch/test_readme_commands.py runs its commands (make deps is what the venv running it did)"
_FAIR_PLAY = "tests/batch/test_readme_commands.py runs its commands and checks they find what was planted"

#: The blocks another test runs: which one.
COVERED: dict[tuple[str, str], str] = {
    ("README.md", "curl -s localhost:8000/v1/hands/classify -H 'content-type: application/json' \\"): _CURLS,
    ("docs/integrating.md", "curl -s localhost:8000/v1/hands/classify/batch -H 'content-type: application/json' \\"): (
        _CURLS
    ),
    ("docs/integrating.md", "curl -s localhost:8000/v1/hands/classify -H 'content-type: application/json' \\"): _CURLS,
    ("docs/integrating.md", "curl -s localhost:8000/v1/drills -H 'content-type: application/json' \\"): _CURLS,
    (
        "docs/batch.md",
        "make deps                        # once: .venv with the pinned dependencies and the compiled kernel"
        " (make test does it too)",
    ): _BATCH_PAGE,
    (
        "docs/batch.md",
        ".venv/bin/python -m maubinh_api.batch room --hands 3000 --dumpers 1 --bots 1 --seekers 1 --peekers 1"
        " --steady 1 --out room",
    ): _FAIR_PLAY,
}

# --- Skipped -----------------------------------------------------------------------------------

#: The blocks no test runs, and why.
SKIPPED: dict[tuple[str, str], str] = {
    ("docs/integrating.md", "pip install ./clients/python"): (
        "it would install into the venv that runs the tests; tests/client/test_python_client.py imports"
        " clients/python as that install lays it out, with the dependencies its pyproject.toml names"
    ),
    (
        "README.md",
        "make run    # serve on http://127.0.0.1:8000: nginx in front of 2 gunicorn workers (PORT, WORKERS)",
    ): (
        "make run serves until it is stopped, and make test is the test suite (about twelve minutes): "
        "this test runs inside it"
    ),
    (
        "docs/integrating.md",
        "MAUBINH_TENANTS_FILE=tenants.yaml make run          # one instance: its workers share the counts",
    ): (
        "starts the server, which runs until stopped, and the second needs two Redis servers; "
        "tests/test_tenant_reload.py and tests/test_shared_limits.py serve with a tenants file"
    ),
    (
        "docs/batch.md",
        "python -m maubinh_api.batch grade /data/history --out /data/graded --scheduler tcp://dask-scheduler:8786",
    ): (
        "needs a Dask cluster and a shared /data volume; tests/batch/test_cluster.py runs the tool against a real "
        "scheduler and workers on loopback"
    ),
    (
        "docs/operations.md",
        'kubectl create secret generic maubinh-redis --from-literal=password="$(openssl rand -hex 32)"',
    ): (
        "needs a Kubernetes cluster and kubectl; tests/test_deploy.py checks the command against "
        "deploy/k8s/kustomization.yaml and validates the manifests offline"
    ),
}


def test_every_block_is_run_covered_or_skipped_with_a_reason():
    keys = [block.key for block in blocks()]
    assert len(keys) == len(set(keys)), "two blocks of a page start with the same command: tell them apart"
    known = [*RUN, *COVERED, *SKIPPED]
    assert len(known) == len(set(known))
    unknown = [f"{page}: {first}" for page, first in keys if (page, first) not in known]
    assert unknown == [], "a new sh block: run it here (RUN), or say which test covers it or why it is skipped"
    stale = [f"{page}: {first}" for page, first in known if (page, first) not in keys]
    assert stale == [], "no block starts so any more"
    assert all(SKIPPED.values()) and all(COVERED.values())


def _scratch(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A directory laid out as a clone's root after `make deps`, and the environment of a shell there."""
    for name in ("maubinh_api", "docs"):
        (tmp_path / name).symlink_to(ROOT / name)
    (tmp_path / ".venv").symlink_to(ROOT / ".venv" if (ROOT / ".venv").is_dir() else Path(sys.prefix))
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    environment["PATH"] = f"{tmp_path / '.venv' / 'bin'}{os.pathsep}{environment.get('PATH', '')}"
    return tmp_path, environment


def _bash(script: str, where: Path, environment: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=where,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"{script}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


def _printed(text: str) -> list[str]:
    """The block's `# -> ` lines: what its commands print."""
    return [line.strip()[len("# -> ") :] for line in text.splitlines() if line.strip().startswith("# -> ")]


def _as_pattern(printed: str) -> re.Pattern[str]:
    return re.compile(".*?".join(re.escape(part) for part in re.split(r"\.\.\.|…", printed)))


@pytest.mark.parametrize("key", sorted(RUN), ids=lambda key: f"{key[0]}: {key[1][:60]}")
def test_each_block_runs_as_written(key: tuple[str, str], tmp_path: Path) -> None:
    [block] = [block for block in blocks() if block.key == key]
    scratch, environment = _scratch(tmp_path)
    prepare = RUN[key]
    if prepare is not None:
        prepare(scratch, environment)
    done = _bash(block.text, scratch, environment)
    output = done.stdout + done.stderr
    for printed in _printed(block.text):
        assert _as_pattern(printed).search(output), (
            f"{block.page} line {block.line}: {printed}\nprinted: {output[-2000:]}"
        )


def test_the_covered_blocks_are_the_ones_their_tests_read():
    by_key = {block.key: block for block in blocks()}
    sent = {(call.source, call.line) for call in documented_calls()}
    for key, why in COVERED.items():
        block = by_key[key]
        lines = block.text.splitlines()
        if why == _CURLS:
            curls = [(block.page, block.line + index) for index, line in enumerate(lines) if line.startswith("curl ")]
            assert curls and set(curls) <= sent, f"{block.page} line {block.line}: a curl tests/test_readme.py misses"
            assert all(line.startswith(("curl ", "  ", "#")) or not line.strip() for line in lines), block.line
        else:
            joined = block.text.replace("\\\n", " ")
            commands = [line.split("#", 1)[0].strip() for line in joined.splitlines() if _command(line)]
            fair = why == _FAIR_PLAY
            expected = batch_page_commands("Fair play: `integrity`") if fair else ["make deps", *batch_page_commands()]
            assert commands == expected, f"{block.page} line {block.line}"


# --- Links -------------------------------------------------------------------------------------


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    return {
        re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        for heading in re.findall(r"^#+ (.+)$", text, re.M)
    }


def test_every_link_between_the_pages_resolves():
    # The pages were split: a link to a moved section must follow it (a file, and its heading's anchor).
    broken = []
    for page in [*PAGES, ROOT / "CONTRIBUTING.md"]:
        text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'src="([^"]+)"', text):
            if re.match(r"[a-z]+:", target):
                continue
            name, _, anchor = target.partition("#")
            destination = (page.parent / name).resolve() if name else page
            if not destination.exists() or (anchor and anchor not in _anchors(destination)):
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert broken == []
