"""Pinned models: a request names the model it wants (``X-Model-Version``) and is answered from it
with the same figures, whatever model the deployment answers unpinned requests from.

A second model is made here from the shipped one (its online bank's scoop rates scaled, which moves
every figure of a full online table), kept in a folder as a release keeps one (tools/models.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from maubinh_api.infra.config import ConfigError
from maubinh_api.rules.knobs import ENGINE_VERSION
from maubinh_api.service.models import kept_folders
from maubinh_api.strategy.bank import BankSettings
from maubinh_api.strategy.model import KEPT_IN_PACKAGE, MANIFEST, model_version, shipped_model_version
from maubinh_api.web.app import create_app
from maubinh_api.web.encoding import encoded
from tools.models import FIXTURES, PINNED, keep

SHIPPED = shipped_model_version()
#: The models of earlier releases the package keeps (every deployment answers them too).
PACKAGED = [folder.name for folder in kept_folders(KEPT_IN_PACKAGE)]


def _other_model(root: Path) -> str:
    """A model of the shipped files but the online bank's, whose scoop rates are scaled by 0.8."""
    folder = keep(root / "work")
    bank = folder / "bank" / "online.npz"
    settings = BankSettings.load(bank.read_bytes())
    settings.scoops[:] = (settings.scoops * np.float32(0.8)).astype(np.float32)
    bank.write_bytes(settings.save())
    version = model_version(folder, ENGINE_VERSION)
    (folder / MANIFEST).write_text(json.dumps({"version": version, "engine": ENGINE_VERSION}), "utf-8")
    folder.rename(root / version)
    return version


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    root = tmp_path_factory.mktemp("models")
    return root, _other_model(root)


@pytest.fixture(scope="module")
def deployments(kept):
    """A deployment answering the shipped model by default, and one answering the other by default."""
    root, other = kept
    shipped_first = create_app({"models_dir": root, "cache_bytes": 0}).test_client()
    other_first = create_app({"models_dir": root, "model": other, "cache_bytes": 0}).test_client()
    return shipped_first, other_first, other


def _answers(client, model: str | None) -> list[bytes]:
    headers = {"X-Model-Version": model} if model else {}
    found = []
    for path, body in PINNED:
        response = client.post(path, json=body, headers=headers)
        assert response.status_code == 200, response.get_data(as_text=True)
        assert response.headers["X-Model-Version"] == (model or response.headers["X-Model-Version"])
        found.append(response.get_data())
    return found


def test_each_model_answers_a_pinned_request_as_it_answers_when_it_is_the_default(deployments):
    shipped_first, other_first, other = deployments
    assert _answers(shipped_first, other) == _answers(other_first, None)
    assert _answers(other_first, SHIPPED) == _answers(shipped_first, None)
    # The two models differ where the bank differs: a pin chooses something.
    assert _answers(shipped_first, other) != _answers(shipped_first, SHIPPED)


def test_an_unpinned_answer_names_the_default_model_and_the_list_names_every_model(deployments):
    shipped_first, other_first, other = deployments
    assert shipped_first.post(*PINNED[0][:1], json=PINNED[0][1]).headers["X-Model-Version"] == SHIPPED
    assert other_first.post(*PINNED[0][:1], json=PINNED[0][1]).headers["X-Model-Version"] == other
    listed = other_first.get("/v1/variants").get_json()
    assert (listed["model"], listed["models"]) == (other, [other, SHIPPED, *PACKAGED])
    # An empty X-Model-Version counts as none, as the spec's pattern allows: the default answers.
    empty = other_first.post(*PINNED[0][:1], json=PINNED[0][1], headers={"X-Model-Version": ""})
    assert empty.status_code == 200 and empty.headers["X-Model-Version"] == other


def test_a_model_the_deployment_does_not_keep_is_a_400_naming_those_it_has(deployments):
    shipped_first, _, other = deployments
    response = shipped_first.post(
        PINNED[0][0], json=PINNED[0][1], headers={"X-Model-Version": "model-0123456789abcdef"}
    )
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["type"] == "urn:maubinh:problem:unknown-model"
    assert f"it answers {', '.join([SHIPPED, *PACKAGED, other])}" in problem["detail"]


def test_the_cache_keeps_each_model_s_answers_apart(kept, checked_client):
    root, other = kept
    api = checked_client(create_app({"models_dir": root}))
    path, body = PINNED[0]
    first = api.post(path, json=body)
    pinned = api.post(path, json=body, headers={"X-Model-Version": other})
    assert (first.headers["X-Cache"], pinned.headers["X-Cache"]) == ("miss", "miss")
    assert pinned.get_data() != first.get_data()
    assert api.post(path, json=body, headers={"X-Model-Version": other}).headers["X-Cache"] == "hit-local"


def test_a_kept_model_whose_files_are_not_its_version_stops_the_start(kept, tmp_path):
    root, _ = kept
    folder = keep(tmp_path / "models")
    (folder / "levels.json").write_text((folder / "levels.json").read_text("utf-8") + " ", "utf-8")
    with pytest.raises(ConfigError, match="its files are model-"):
        create_app({"models_dir": tmp_path / "models"})
    with pytest.raises(ConfigError, match="no model 'model-ffffffffffffffff'"):
        create_app({"models_dir": root, "model": "model-ffffffffffffffff"})


def _recorded() -> list[Path]:
    return sorted(FIXTURES.glob("model-*.json"))


def test_the_shipped_model_s_answers_are_recorded():
    # A release that changes the model keeps the old one (tools/models.py keep) and records the new.
    assert FIXTURES / f"{SHIPPED}.json" in _recorded()


#: Wording the changelog announces as changed since a recording, the old words and the new: a line
#: written for people may be reworded; its figures may not (docs/integrating.md, "Pinned models").
REWORDED = [
    # Unreleased: the analysis counts what a move gains in chi, the unit the table counts in.
    ("điểm mỗi đối thủ", "chi mỗi đối thủ"),
]

#: Unreleased (issue 54, D5): the gain of several changes has a last line of its own, not the last
#: change's line, in each language: the change's words, and the gain's figure as it was.
GAIN_ON_THE_LAST_CHANGE = {
    "en": (
        re.compile(r"^(.*): (\+[0-9.]+) points per opponent$"),
        "The {count} changes above, together: {gain} points per opponent",
    ),
    "vi": (re.compile(r"^(.*): (\+[0-9,]+) chi mỗi đối thủ$"), "Cộng cả {count} thay đổi trên: {gain} chi mỗi đối thủ"),
}


def _as_recorded(answer: object, recorded: object) -> object:
    """The answer cut to the fields the recording has: a later release may add a field (the
    contract grows within /v1), never drop or change one the recording holds."""
    if isinstance(recorded, dict) and isinstance(answer, dict):
        return {key: _as_recorded(answer[key], value) for key, value in recorded.items() if key in answer}
    if isinstance(recorded, list) and isinstance(answer, list) and len(recorded) == len(answer):
        return [_as_recorded(item, value) for item, value in zip(answer, recorded, strict=True)]
    return answer


def _gain_on_its_own_line(lines: list[str], language: str) -> list[str]:
    pattern, together = GAIN_ON_THE_LAST_CHANGE[language]
    found = pattern.match(lines[-1]) if len(lines) > 1 else None
    if found is None:
        return lines
    return [*lines[:-1], found.group(1), together.format(count=len(lines), gain=found.group(2))]


def _reworded(recorded: object) -> object:
    """A recorded answer in the words of today (REWORDED, GAIN_ON_THE_LAST_CHANGE), its figures as
    they were."""
    if isinstance(recorded, str):
        for old, new in REWORDED:
            recorded = recorded.replace(old, new)
        return recorded
    if isinstance(recorded, list):
        return [_reworded(item) for item in recorded]
    if not isinstance(recorded, dict):
        return recorded
    answer = {key: _reworded(value) for key, value in recorded.items()}
    lines = answer.get("changes", {}).get("lines") if isinstance(answer.get("changes"), dict) else None
    if isinstance(lines, dict):
        answer["changes"]["lines"] = {
            language: _gain_on_its_own_line(said, language) for language, said in lines.items()
        }
    return answer


def test_a_recording_is_reworded_but_its_figures_kept():
    recorded = {
        "changes": {
            "moves": [1, 2],
            "lines": {
                "en": [
                    "Move 9♥ from the middle to the front",
                    "Move 2♠ from the front to the back: +0.42 points per opponent",
                ],
                "vi": ["Chuyển 9♥ …", "Chuyển 2♠ …: +0,42 điểm mỗi đối thủ"],
            },
        }
    }
    assert _reworded(recorded) == {
        "changes": {
            "moves": [1, 2],
            "lines": {
                "en": [
                    "Move 9♥ from the middle to the front",
                    "Move 2♠ from the front to the back",
                    "The 2 changes above, together: +0.42 points per opponent",
                ],
                "vi": ["Chuyển 9♥ …", "Chuyển 2♠ …", "Cộng cả 2 thay đổi trên: +0,42 chi mỗi đối thủ"],
            },
        }
    }
    one = {"changes": {"lines": {"en": ["Move 2♠ from the front to the back: +0.42 points per opponent"]}}}
    assert _reworded(one) == one


@pytest.mark.parametrize("recorded", _recorded(), ids=lambda path: path.stem)
def test_every_recorded_model_answers_as_the_release_that_first_shipped_it(recorded, kept):
    """The answers of tests/fixtures/models/<version>.json were written by the release that shipped
    that model (``python -m tools.models record``); every later release gives them again, pinned:
    every recorded field with its value, byte for byte while the release that recorded them ships."""
    root, other = kept
    client = create_app({"models_dir": root, "model": other, "cache_bytes": 0}).test_client()
    document = json.loads(recorded.read_text("utf-8"))
    for entry in document["answers"]:
        response = client.post(entry["path"], json=entry["body"], headers={"X-Model-Version": document["model"]})
        expected = _reworded(json.loads(entry["answer"]))
        if document["model"] == SHIPPED:
            # Byte for byte: the service's one encoder writes the recording, reworded, as it wrote it.
            assert encoded(json.loads(entry["answer"])).decode() == entry["answer"]
            assert response.get_data(as_text=True) == encoded(expected).decode(), entry["path"]
        assert _as_recorded(response.get_json(), expected) == expected, entry["path"]


def test_the_comparison_refuses_a_changed_or_dropped_field_and_takes_an_added_one():
    recorded = {"ev": 1.5, "best": {"ev": 2.0}, "lines": ["a"]}
    assert _as_recorded({"ev": 1.5, "best": {"ev": 2.0, "positions": {}}, "lines": ["a"]}, recorded) == recorded
    assert _as_recorded({"ev": 1.25, "best": {"ev": 2.0}, "lines": ["a"]}, recorded) != recorded
    assert _as_recorded({"ev": 1.5, "best": {}, "lines": ["a"]}, recorded) != recorded
    assert _as_recorded({"ev": 1.5, "best": {"ev": 2.0}, "lines": ["a", "b"]}, recorded) != recorded
