"""The conformance scenario (tests/conformance/scenario.json) as the Python client plays it.

The scenario is data: each client's suite (Python here, TypeScript, Java and Go in their own
folders) reads the same file, sends each step through its own generated types, checks what must
hold of the answer as those types read it, and writes a line per step it passed to a report, which
tests/client/test_conformance.py holds against the scenario's steps. This module also serves the
other suites: :func:`future_answer` is what the forward-compatibility proxy does to an answer.
"""

from __future__ import annotations

import importlib
import json
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "tests" / "conformance" / "scenario.json"
#: The hand categories a 1.0 client knows: the proxy renames them to one it does not.
CATEGORIES = frozenset(
    (
        "high_card",
        "pair",
        "two_pair",
        "trips",
        "straight",
        "flush",
        "full_house",
        "quads",
        "straight_flush",
        "royal_flush",
    )
)


def load() -> dict[str, Any]:
    scenario: dict[str, Any] = json.loads(SCENARIO.read_text(encoding="utf-8"))
    return scenario


def future_answer(value: Any, future: dict[str, str]) -> Any:
    """An answer as a later minor release might send it: a member in every object that no 1.0
    client knows (a key in a map of counts), and every hand category renamed to a value none has
    seen."""
    if isinstance(value, list):
        return [future_answer(item, future) for item in value]
    if not isinstance(value, dict):
        return value
    changed = {name: future_answer(item, future) for name, item in value.items()}
    if changed.get("key") in CATEGORIES and set(changed) >= {"key", "label"}:
        changed["key"] = future["category"]
    counts = changed and all(isinstance(item, int) and not isinstance(item, bool) for item in changed.values())
    # A map of counts (a rule set's bonuses, naturals) gains a key of its kind; any other object a member.
    changed[future["member"]] = 1 if counts else {"since": "1.1.0"}
    return changed


def without_member(value: Any, member: str) -> Any:
    """A request as the later release reads it: the member it added, posted back, is its own."""
    if isinstance(value, list):
        return [without_member(item, member) for item in value]
    if isinstance(value, dict):
        return {name: without_member(item, member) for name, item in value.items() if name != member}
    return value


@dataclass
class Observation:
    """An answer as a client read it: the body is what its types read, written back as JSON."""

    status: int
    headers: dict[str, str]
    body: Any
    text: str
    request: str
    seconds: float


def pointer(document: Any, path: str) -> Any:
    """RFC 6901: the value at ``path`` (KeyError or IndexError when there is none)."""
    value = document
    for raw in path.split("/")[1:] if path else []:
        token = raw.replace("~1", "/").replace("~0", "~")
        value = value[int(token)] if isinstance(value, list) else value[token]
    return value


def expand(document: Any, path: str) -> Iterator[Any]:
    """Every value at ``path``, where ``*`` stands for each index of an array."""
    head, star, rest = path.partition("/*")
    if not star:
        yield pointer(document, path)
        return
    for item in pointer(document, head):
        yield from expand(item, rest) if rest else iter([item])


class Run:
    """One pass over the steps: what each step answered, for the steps after it to refer to."""

    def __init__(self, scenario: dict[str, Any]) -> None:
        self.scenario = scenario
        self.seen: dict[str, Observation] = {}

    def resolve(self, value: Any) -> Any:
        if isinstance(value, list):
            return [self.resolve(item) for item in value]
        if not isinstance(value, dict):
            return value
        if "$from" in value:
            seen = self.seen[value["$from"]]
            if "header" in value:
                return seen.headers[value["header"]]
            return pointer(seen.body, value.get("pointer", ""))
        return {name: self.resolve(item) for name, item in value.items()}

    def check(self, step: dict[str, Any], seen: Observation) -> None:
        expect, name = step["expect"], step["id"]
        assert seen.status == expect["status"], f"{name}: status {seen.status}, not {expect['status']}: {seen.text}"
        for path, value in expect.get("equal", {}).items():
            assert pointer(seen.body, path) == value, f"{name}: {path} is {pointer(seen.body, path)!r}, not {value!r}"
        for path in expect.get("present", []):
            assert pointer(seen.body, path) is not None, f"{name}: nothing at {path}"
        for path, count in expect.get("length", {}).items():
            assert len(pointer(seen.body, path)) == count, f"{name}: {path} does not hold {count}"
        for same in expect.get("same", []):
            mine, theirs = pointer(seen.body, same["pointer"]), self.resolve(same["as"])
            for member in same.get("drop", []):
                mine, theirs = _dropped(mine, member), _dropped(theirs, member)
            assert mine == theirs, f"{name}: {same['pointer']} is not {same['as']}"
        if "decimal_sum_zero" in expect:
            total = sum(
                (Decimal(text) for path in expect["decimal_sum_zero"] for text in expand(seen.body, path)), Decimal(0)
            )
            assert total == 0, f"{name}: the amounts add up to {total}, not 0"
        for header, value in expect.get("headers", {}).items():
            assert seen.headers.get(header) == value, f"{name}: {header} is {seen.headers.get(header)!r}"
        for header in expect.get("headers_present", []):
            assert seen.headers.get(header), f"{name}: no {header}"
        for header, value in expect.get("headers_same", {}).items():
            assert seen.headers.get(header) == self.resolve(value), f"{name}: {header} differs"
        if "waited_at_least_seconds" in expect:
            assert seen.seconds >= expect["waited_at_least_seconds"], f"{name}: answered in {seen.seconds:.3f} s"


def _dropped(value: Any, member: str) -> Any:
    return {name: item for name, item in value.items() if name != member} if isinstance(value, dict) else value


Send = Callable[[dict[str, Any], Run], Observation]
Verify = Callable[[dict[str, Any], Run], str]


def play(scenario: dict[str, Any], send: Send, verify: Verify, report: Path, *, future: bool) -> None:
    """Every step (only the round's when ``future``), each checked; a line per step passed."""
    run = Run(scenario)
    with report.open("a", encoding="utf-8") as lines:
        for step in scenario["steps"]:
            if future and not step.get("round"):
                continue
            started = time.monotonic()
            if "receipt" in step or "deal" in step:
                kind = "receipt" if "receipt" in step else "deal"
                outcome = verify(step, run)
                assert outcome == step["expect"][kind], f"{step['id']}: the {kind} {outcome}"
            else:
                seen = send(step, run)
                run.check(step, seen)
                run.seen[step["id"]] = seen
            elapsed = round((time.monotonic() - started) * 1000, 1)
            lines.write(json.dumps({"step": step["id"], "future": future, "ms": elapsed}) + "\n")


# ----------------------------------------------------------------------------- the Python client


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class PythonClient:
    """The Python client (clients/python, imported as installed) behind :func:`play`."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
        self.tags = {
            operation["operationId"]: operation["tags"][0]
            for item in spec["paths"].values()
            for method, operation in item.items()
            if method in ("get", "post")
        }
        self.connect = importlib.import_module("maubinh_api_client.retries").connect
        self.receipts = importlib.import_module("maubinh_api_client.receipts")
        self.deals = importlib.import_module("maubinh_api_client.deals")

    def _client(self, scenario: dict[str, Any], options: dict[str, Any], run: Run) -> Any:
        key = scenario["keys"][options.get("key", "platform")]
        model = run.resolve(options["model"]) if "model" in options else None
        return self.connect(
            self.base_url, key, language=options.get("language"), model=model, retries=options.get("retries", 2)
        )

    def send(self, step: dict[str, Any], run: Run) -> Observation:
        module = importlib.import_module(
            f"maubinh_api_client.api.{self.tags[step['operation']]}.{snake(step['operation'])}"
        )
        arguments: dict[str, Any] = {"client": self._client(run.scenario, step.get("client", {}), run)}
        arguments |= {snake(name): run.resolve(value) for name, value in step.get("path", {}).items()}
        arguments |= {
            name.replace("-", "_").lower(): run.resolve(value) for name, value in step.get("headers", {}).items()
        }
        body = run.resolve(step.get("body"))
        if body is not None:
            arguments["body"] = _model(module.sync_detailed.__annotations__["body"]).from_dict(body)
        for _ in range(step.get("at_most", 1)):
            started = time.monotonic()
            answer = module.sync_detailed(**arguments)
            seconds = time.monotonic() - started
            if answer.status_code == step.get("repeat_until_status", answer.status_code):
                break
        parsed = answer.parsed
        read = parsed.to_dict() if hasattr(parsed, "to_dict") else None
        request = answer.request_content.decode("utf-8")  # the body as the client sent it, kept by the answer
        headers = {name.lower(): value for name, value in answer.headers.items()}
        text = answer.content.decode("utf-8", "replace")
        return Observation(answer.status_code, headers, read, text, request, seconds)

    def verify(self, step: dict[str, Any], run: Run) -> str:
        if "deal" in step:
            return self.verify_deal(step["deal"], run)
        check = step["receipt"]
        settled, keys = run.seen[check["of"]], run.seen[check["keys"]]
        text = settled.text
        if "replace" in check:
            text = text.replace(*check["replace"])
        try:
            self.receipts.verify_receipt_text(settled.request, text, json.loads(keys.text), tenant=check.get("tenant"))
        except self.receipts.ReceiptError as refused:
            return str(refused.reason)
        return "holds"

    def verify_deal(self, check: dict[str, Any], run: Run) -> str:
        commitment, dealt, keys = (json.loads(run.seen[check[name]].text) for name in ("commitment", "of", "keys"))
        try:
            self.deals.verify_deal(commitment, dealt, keys, tenant=check.get("tenant"))
        except self.deals.DealError as refused:
            return str(refused.code)
        return "holds"


def _model(annotation: Any) -> Any:
    """The request model a generated operation's ``body`` takes (its annotation may be a string)."""
    if isinstance(annotation, str):
        return getattr(importlib.import_module("maubinh_api_client.models"), annotation.split("|")[0].strip())
    return annotation
