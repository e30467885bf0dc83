"""tools/lint_spec.py's own check: the rule redocly.yaml turns off, kept with its one exception."""

from __future__ import annotations

from pathlib import Path

import yaml

from tools import lint_spec


def test_no_path_but_the_documentation_page_ends_with_a_slash(tmp_path: Path, monkeypatch) -> None:
    assert lint_spec.trailing_slashes() == []  # openapi.yaml as it is: /docs/ only
    spec = {"paths": {"/docs/": {}, "/v1/variants/": {}, "/": {}}}
    (tmp_path / "openapi.yaml").write_text(yaml.safe_dump(spec))
    monkeypatch.setattr(lint_spec, "ROOT", tmp_path)
    assert lint_spec.trailing_slashes() == ["no-path-trailing-slash: /v1/variants/ ends with a slash"]
