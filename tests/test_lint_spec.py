"""tools/lint_spec.py's own check: the rule redocly.yaml turns off, kept with its one exception."""

from __future__ import annotations

from pathlib import Path

import yaml

from tools import lint_spec


def test_no_path_but_the_documentation_and_playground_pages_ends_with_a_slash(tmp_path: Path, monkeypatch) -> None:
    assert lint_spec.trailing_slashes() == []  # openapi.yaml as it is: /docs/ and /playground/ only
    spec = {"paths": {"/docs/": {}, "/v1/variants/": {}, "/": {}}}
    (tmp_path / "openapi.yaml").write_text(yaml.safe_dump(spec))
    monkeypatch.setattr(lint_spec, "ROOT", tmp_path)
    assert lint_spec.trailing_slashes() == ["no-path-trailing-slash: /v1/variants/ ends with a slash"]


def test_only_the_playground_redirect_may_answer_no_2xx() -> None:
    def problem(pointer: str, rule: str = "operation-2xx-response") -> dict[str, object]:
        return {"ruleId": rule, "location": [{"pointer": pointer}]}

    assert lint_spec.redirect_only(problem("#/paths/~1playground~1/get/responses"))
    assert not lint_spec.redirect_only(problem("#/paths/~1v1~1variants/get/responses"))
    assert not lint_spec.redirect_only(problem("#/paths/~1playground~1/get/responses", rule="operation-summary"))
