"""The Prometheus rules (deploy/prometheus/maubinh-rules.yaml) as Prometheus reads them: promtool
checks them and runs their unit tests (each alert fires on series that break its rule and stays
quiet on series that do not), and every metric and label they name is one the service exports."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support.servers import post, prometheus_server, service

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "deploy" / "prometheus" / "maubinh-rules.yaml"
TESTS = ROOT / "deploy" / "prometheus" / "maubinh-rules.test.yaml"
#: Debian 12's promtool (package prometheus, which make system-deps installs): the rules use nothing newer.
PROMTOOL_VERSION = "2.42."
#: A metric's samples as PromQL names them: the family's name and one of these suffixes.
SUFFIXES = ("_total", "_bucket", "_count", "_sum")


def _promtool(*arguments: str) -> str:
    if shutil.which("promtool") is None:
        pytest.fail("promtool is missing: make system-deps installs Debian's prometheus package")
    done = subprocess.run(
        ["promtool", *arguments], cwd=RULES.parent, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def _rules() -> list[dict[str, Any]]:
    document = yaml.safe_load(RULES.read_text(encoding="utf-8"))
    return [rule for group in document["groups"] for rule in group["rules"]]


def test_promtool_is_the_pinned_one() -> None:
    assert PROMTOOL_VERSION in _promtool("--version")


def test_the_rules_are_valid_prometheus_rules() -> None:
    assert "SUCCESS" in _promtool("check", "rules", RULES.name)


def test_the_rules_pass_their_unit_tests() -> None:
    assert "SUCCESS" in _promtool("test", "rules", TESTS.name)


def test_each_alert_has_a_case_that_fires_and_one_that_stays_quiet() -> None:
    alerts = {rule["alert"] for rule in _rules() if "alert" in rule}
    cases = [
        case for test in yaml.safe_load(TESTS.read_text(encoding="utf-8"))["tests"] for case in test["alert_rule_test"]
    ]
    fires = {case["alertname"] for case in cases if case["exp_alerts"]}
    quiet = {case["alertname"] for case in cases if not case["exp_alerts"]}
    assert alerts - fires == set(), "alerts no test sees fire"
    assert alerts - quiet == set(), "alerts no test sees stay quiet"
    assert len(alerts) == 10  # two burn rates (page, ticket) under each objective's name


def test_each_alert_names_its_runbook_entry() -> None:
    runbook = (ROOT / "docs" / "runbook.md").read_text(encoding="utf-8")
    anchors = {
        re.sub(r"[^a-z0-9 -]", "", line[3:].strip().lower()).replace(" ", "-")
        for line in runbook.splitlines()
        if line.startswith("## ")
    }
    for rule in _rules():
        if "alert" in rule:
            assert rule["annotations"]["runbook_url"] == f"docs/runbook.md#{rule['alert'].lower()}"
            assert rule["alert"].lower() in anchors, rule["alert"]


def _named(expression: str) -> set[str]:
    """The metrics an expression reads (not the recording rules' own names, which hold a colon)."""
    return set(re.findall(r"\b(maubinh_[a-z_]+)\b", re.sub(r"[a-z_]*:[a-z_:0-9]+", "", expression)))


def _families(exposition: str) -> dict[str, set[str]]:
    """Every metric family the exposition declares (a counter's with its ``_total``, as the text format
    writes it), with the labels its samples carry."""
    families: dict[str, set[str]] = {}
    for line in exposition.splitlines():
        if line.startswith("# TYPE "):
            families.setdefault(line.split()[2], set())
        elif line and not line.startswith("#"):
            name, _, rest = line.partition("{")
            families.setdefault(_family(name, families), set()).update(
                re.findall(r'([a-z_]+)="', rest.partition("}")[0])
            )
    return families


def _family(name: str, families: dict[str, set[str]]) -> str:
    """The family a sample's name belongs to: itself, or itself less a histogram's suffix."""
    if name in families:
        return name
    return next((name[: -len(s)] for s in SUFFIXES if name.endswith(s) and name[: -len(s)] in families), name)


def test_every_metric_and_label_the_rules_read_is_one_the_service_exports(client, tmp_path, monkeypatch) -> None:
    from maubinh_api.infra import metrics

    # A container with a memory limit (this machine's cgroup may have none: then no limit is exported).
    (tmp_path / "memory.current").write_text("300000000\n")
    (tmp_path / "memory.max").write_text("805306368\n")
    (tmp_path / "memory.stat").write_text("anon 250000000\ninactive_file 40000000\n")
    monkeypatch.setattr(metrics.MEMORY, "root", tmp_path)
    client.post("/v1/hands/classify", json={"cards": ["As", "Kd", "Qh"]})
    client.post("/v1/arrangements/optimal", json={"cards": ["Xx"]})
    families = _families(client.get("/metrics").get_data(as_text=True))
    for rule in _rules():
        where, expression = rule.get("alert") or rule.get("record"), rule["expr"]
        for name in _named(expression):
            assert _family(name, families) in families, (where, name)
        # Each selector's labels are its metric's (where its samples show them); `instance` is Prometheus's own.
        for name, matchers in re.findall(r"\b(maubinh_[a-z_]+)\{([^}]*)\}", expression):
            family = _family(name, families)
            labels = set(re.findall(r"([a-z_]+)\s*(?:=~|!~|!=|=)", matchers)) - {"instance", "le"}
            if families[family]:
                assert labels <= families[family], (where, name, labels - families[family])
        for grouping in re.findall(r"by \(([a-z_, ]+)\)", expression):
            shown = set().union(*(families[_family(name, families)] for name in _named(expression)))
            assert set(grouping.replace(" ", "").split(",")) - {"instance"} <= shown, (where, grouping)


# --------------------------------------------------------------------------- the rules on a live service

OPS_KEY = "ops-metrics-key-0123456789"
A_KEY = "platform-a-key-0123456789"
B_KEY = "platform-b-key-0123456789"


def _tenants(folder: Path) -> Path:
    from maubinh_api.infra.tenants import key_digest

    entries = [
        ("ops", OPS_KEY, ["1000/second"], ["metrics"]),
        ("platform-a", A_KEY, ["1000000/minute"], ["api"]),
        ("platform-b", B_KEY, ["15/second"], ["api"]),  # above the calm's 8 a second, below the storm's
    ]
    path = folder / "tenants.yaml"
    path.write_text(
        "tenants:\n"
        + "".join(
            f'  - name: {name}\n    key_sha256: "{key_digest(key)}"\n    limits: {json.dumps(limits)}\n'
            f"    scopes: {json.dumps(scopes)}\n"
            for name, key, limits, scopes in entries
        )
    )
    return path


def _ratios(prometheus: Any) -> dict[str, float]:
    """The recording rules' 5-minute ratios, overall and per tenant (a tenant with no series: absent)."""
    found: dict[str, float] = {}
    for name in ("maubinh:availability_errors:ratio_rate5m", "maubinh:latency_errors:ratio_rate5m"):
        values = list(prometheus.query(name).values())
        found[name] = values[0] if values else float("nan")
    for name in ("tenant:maubinh_availability_errors:ratio_rate5m", "tenant:maubinh_latency_errors:ratio_rate5m"):
        for labels, value in prometheus.query(name).items():
            found[f"{name}{{{dict(labels).get('tenant')}}}"] = value
    throttled = prometheus.query(  # as the throttling alert's (a tenant never throttled: 0)
        "(sum by (tenant) (rate(maubinh_tenant_throttled_total[5m]))"
        " or sum by (tenant) (rate(maubinh_tenant_requests_total[5m])) * 0)"
        " / sum by (tenant) (rate(maubinh_tenant_requests_total[5m]))"
    )
    for labels, value in throttled.items():
        found[f"throttled{{{dict(labels).get('tenant')}}}"] = value
    return found


def _settled(prometheus: Any, after: float) -> dict[str, float]:
    """The ratios once Prometheus has scraped and evaluated after ``after`` (time.time())."""
    deadline = time.monotonic() + 20
    while True:
        stamps = prometheus.query("timestamp(maubinh:availability_errors:ratio_rate5m)")
        if (stamps and min(stamps.values()) > after + 2) or time.monotonic() > deadline:
            return _ratios(prometheus)
        time.sleep(0.5)


def _at_most(late: int, sent: int) -> float:
    """The most a latency ratio may read when the client saw ``late`` of ``sent`` requests over the
    objective: none if it saw none, else their share with the rate's extrapolation (within 1.5x)."""
    return 0.0 if late == 0 else 1.5 * late / sent


def test_the_ratios_move_as_the_traffic_says(tmp_path: Path) -> None:
    environment = {
        "MAUBINH_TENANTS_FILE": str(_tenants(tmp_path)),
        # Ten heavy requests at once (they take turns at the kernel: each then takes over 1 s), an
        # eleventh is refused (503) at once.
        "MAUBINH_HEAVY_SLOTS": "1",
        "MAUBINH_HEAVY_QUEUE": "9",
        "MAUBINH_HEAVY_PER_TENANT": "10",
        "MAUBINH_HEAVY_WAIT": "5",
    }
    a, b = {"Authorization": f"Bearer {A_KEY}"}, {"Authorization": f"Bearer {B_KEY}"}
    hand = {"cards": ["As", "Kd", "Qh"]}
    with (
        service(tmp_path, env=environment, workers=1) as running,
        prometheus_server(tmp_path, f"127.0.0.1:{running.port}", [RULES], metrics_key=OPS_KEY) as prometheus,
    ):
        sent: Counter[tuple[str, int]] = Counter()
        # Light requests the client itself waited over 0.1 s for (the light objective), per tenant: the
        # service's own time is shorter, so these bound its latency errors on a busy machine.
        slow: Counter[str] = Counter()

        def classify(tenant: str, headers: dict[str, str]) -> None:
            begun = time.monotonic()
            sent[tenant, post(running.url + "/v1/hands/classify", hand, headers).status] += 1
            slow[tenant] += time.monotonic() - begun > 0.1

        started = time.time()
        for _ in range(30):  # calm: light requests, none over any limit
            classify("a", a)
            classify("b", b)
            time.sleep(0.1)
        calm = _settled(prometheus, started)
        assert calm["maubinh:availability_errors:ratio_rate5m"] == 0
        assert calm["maubinh:latency_errors:ratio_rate5m"] <= _at_most(slow["a"] + slow["b"], 60)
        assert calm["throttled{platform-b}"] == 0

        storm = time.time()
        with ThreadPoolExecutor(14) as pool:
            # a's heavy requests, in two waves: some wait over 1 s, some are refused; each wave in a
            # scrape of its own (a's 503s first appear in the first: only the tenant's series is new).
            for wave in range(2):
                drills = [{"theme": "natural_call", "count": 20, "seed": 14 * wave + seed} for seed in range(14)]
                heavy = [pool.submit(post, running.url + "/v1/drills", body, a, 30) for body in drills]
                for _ in range(75):  # b as fast as it can against its 15 a second: throttled, never a fault
                    classify("b", b)
                for future in heavy:
                    sent["a", future.result().status] += 1
                time.sleep(2)
        after = _settled(prometheus, storm)

    refused = sent["a", 503]
    assert refused >= 1 and sent["a", 200] >= 5, sent
    assert sent["b", 429] >= 10 and not any(status >= 500 for (_, status) in sent if _ == "b"), sent
    every = sum(sent.values())
    # The service counted what the clients saw (the rate's extrapolation at a series' edges aside).
    assert after["maubinh:availability_errors:ratio_rate5m"] == pytest.approx(refused / every, rel=0.5)
    assert after["tenant:maubinh_availability_errors:ratio_rate5m{platform-a}"] > 0
    assert after["tenant:maubinh_availability_errors:ratio_rate5m{platform-b}"] == 0  # its 429s are not faults
    assert after["tenant:maubinh_latency_errors:ratio_rate5m{platform-a}"] > 0  # heavy requests that waited
    # b's light requests are not late for a's heavy ones (none, unless the machine held the client up).
    b_sent = sum(count for (tenant, _), count in sent.items() if tenant == "b")
    assert after["tenant:maubinh_latency_errors:ratio_rate5m{platform-b}"] <= _at_most(slow["b"], b_sent)
    assert after["throttled{platform-b}"] == pytest.approx(sent["b", 429] / (sent["b", 429] + sent["b", 200]), rel=0.5)
