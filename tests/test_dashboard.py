"""The Grafana dashboard (deploy/grafana/maubinh-api.json): every panel's query parses as PromQL
(promtool checks it, as a rule), names only metrics and labels a live service exports (read from its
/metrics, as `make run` serves it) or the rules record, and the runbook's panels are its panels."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import yaml

from maubinh_api.infra.metrics import container_memory
from tests.support.servers import post, request, service
from tests.test_prometheus_rules import A_KEY, B_KEY, OPS_KEY, RULES, _families, _family, _tenants

ROOT = Path(__file__).resolve().parents[1]
DASHBOARD = ROOT / "deploy" / "grafana" / "maubinh-api.json"
#: Grafana's variables, as a query would read with every tenant and pod chosen.
VARIABLES = {"$__rate_interval": "5m", "$tenant": ".*", "$instance": ".*"}
#: Labels Prometheus adds to every series it scrapes.
PROMETHEUS_LABELS = {"instance", "job"}


def _dashboard() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(DASHBOARD.read_text(encoding="utf-8"))
    return document


def _panels() -> list[dict[str, Any]]:
    return [panel for panel in _dashboard()["panels"] if panel["type"] != "row"]


def _queries() -> list[tuple[str, str]]:
    """Every panel's query (and the variables'), Grafana's variables put in: (where, PromQL)."""
    found = []
    for panel in _panels():
        for target in panel["targets"]:
            expression = target["expr"]
            for variable, value in VARIABLES.items():
                expression = expression.replace(variable, value)
            found.append((f"{panel['title']} {target['refId']}", expression))
    for variable in _dashboard()["templating"]["list"]:
        if variable["type"] == "query":
            metric = re.fullmatch(r"label_values\((\w+), (\w+)\)", variable["definition"])
            assert metric is not None, variable
            found.append((f"variable {variable['name']}", f"count by ({metric[2]}) ({metric[1]})"))
    return found


def test_the_panels_are_laid_out_once_each() -> None:
    panels = _dashboard()["panels"]
    assert len({panel["id"] for panel in panels}) == len(panels)
    titles = [panel["title"] for panel in _panels()]
    assert len(set(titles)) == len(titles)
    taken: set[tuple[int, int]] = set()
    for panel in panels:  # no two panels overlap on Grafana's grid of 24 columns
        grid = panel["gridPos"]
        assert grid["x"] + grid["w"] <= 24, panel["title"]
        cells = {
            (x, y) for x in range(grid["x"], grid["x"] + grid["w"]) for y in range(grid["y"], grid["y"] + grid["h"])
        }
        assert not cells & taken, panel["title"]
        taken |= cells
    for panel in _panels():  # each reads the data source chosen at import
        assert panel["datasource"] == {"type": "prometheus", "uid": "${datasource}"}, panel["title"]
        assert panel["targets"] and all(target["datasource"] == panel["datasource"] for target in panel["targets"])


def test_every_query_parses_as_promql(tmp_path: Path) -> None:
    if shutil.which("promtool") is None:
        pytest.fail("promtool is missing: make system-deps installs Debian's prometheus package")
    rules = [
        {"record": f"dashboard:query:{index}", "expr": expression} for index, (_, expression) in enumerate(_queries())
    ]
    path = tmp_path / "dashboard-queries.yaml"
    path.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    done = subprocess.run(
        ["promtool", "check", "rules", str(path)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert len(rules) > 30


def test_the_runbook_names_only_panels_of_the_dashboard() -> None:
    runbook = (ROOT / "docs" / "runbook.md").read_text(encoding="utf-8")
    looks = " ".join(re.findall(r"\*\*Look at\*\*:.*?(?=\n\n)", runbook, re.S))
    named = {" ".join(name.split()) for name in re.findall(r'"([A-Z][^"]* [^"]+)"', looks)}  # a title has words
    assert len(named) > 10, "the runbook names the panels to look at"
    assert named - {panel["title"] for panel in _panels()} == set()


#: The metric only a container with a memory limit exports (this machine's cgroup may have none).
LIMIT_ONLY = "maubinh_memory_limit_bytes"


def _events(running: Any) -> None:
    """A request of each kind the metrics count: answered, refused (a 422, a wrong key), throttled and
    held (a tenant over its limit, coming back at once), refused for want of room (a 503)."""
    a, b = {"Authorization": f"Bearer {A_KEY}"}, {"Authorization": f"Bearer {B_KEY}"}
    post(running.url + "/v1/hands/classify", {"cards": ["As", "Kd", "Qh"]}, a)
    post(running.url + "/v1/arrangements/optimal", {"cards": ["As", "Kd", "Qh"]}, a)  # a 422
    post(running.url + "/v1/arrangements/optimal", {"cards": ["Xx"]})  # no key
    for _ in range(40):  # b over its 15 a second: 429s, then held for coming back early
        post(running.url + "/v1/hands/classify", {"cards": ["As", "Kd", "Qh"]}, b)
    with ThreadPoolExecutor(6) as pool:  # one heavy slot, two waiting: a's others are refused
        drills = [{"theme": "natural_call", "count": 20, "seed": seed} for seed in range(6)]
        for future in [pool.submit(post, running.url + "/v1/drills", body, a, 30) for body in drills]:
            future.result()


def test_every_query_names_what_a_live_service_exports(tmp_path: Path) -> None:
    rules = yaml.safe_load(RULES.read_text())["groups"]
    recorded = {rule["record"] for group in rules for rule in group["rules"] if "record" in rule}
    environment = {
        "MAUBINH_TENANTS_FILE": str(_tenants(tmp_path)),
        "MAUBINH_HEAVY_SLOTS": "1",
        "MAUBINH_HEAVY_QUEUE": "2",
        "MAUBINH_HEAVY_PER_TENANT": "3",
    }
    with service(tmp_path, env=environment, workers=1) as running:
        _events(running)
        scraped = request("GET", running.url + "/metrics", headers={"Authorization": f"Bearer {OPS_KEY}"})
    assert scraped.status == 200
    families = _families(scraped.body.decode())
    here = container_memory(Path("/sys/fs/cgroup"))
    limited = here is not None and here[1] is not None
    for where, expression in _queries():
        for name in re.findall(r"\b((?:[a-z_]+:)?maubinh[a-z_:0-9]*)\b", expression):
            if ":" in name:
                assert name in recorded, (where, name)
                continue
            family = _family(name, families)
            if family == LIMIT_ONLY and not limited:
                continue  # tests/test_prometheus_rules.py shows it with a limit
            assert family in families, (where, name)
            for matchers in re.findall(rf"\b{name}\{{([^}}]*)\}}", expression):
                labels = set(re.findall(r"([a-z_]+)\s*(?:=~|!~|!=|=)", matchers)) - PROMETHEUS_LABELS - {"le"}
                assert labels <= families[family], (where, name, labels - families[family])
        named = re.findall(r"\b(maubinh_[a-z_]+)\b", expression)
        shown = set().union(*(families.get(_family(name, families), set()) for name in named))
        for grouping in re.findall(r"by \(([a-z_, ]+)\)", expression):
            grouped = set(grouping.replace(" ", "").split(",")) - PROMETHEUS_LABELS - {"le"}
            assert grouped <= shown, (where, grouped - shown)
