"""The container and Kubernetes files agree with the service and pass the checks an operator's tools
make: hadolint on the Dockerfile, shellcheck on the start script, the Kubernetes schemas on every
manifest (no Docker engine or cluster here to build or apply them)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit

import kubernetes_validate
import pytest
import redis
import yaml

from maubinh_api.infra import front
from maubinh_api.infra.config import Settings
from tests.conftest import ROOT
from tests.support.servers import free_port

DOCKERFILE = (ROOT / "Dockerfile").read_text()
K8S = ROOT / "deploy" / "k8s"
FILES = {
    path: [document for document in yaml.safe_load_all(path.read_text()) if document]
    for path in sorted(K8S.rglob("*.y*ml"))
}
MANIFESTS = {path.name: documents for path, documents in FILES.items() if path.parent == K8S}
OBJECTS = [document for documents in FILES.values() for document in documents if document["kind"] != "Kustomization"]
KUBERNETES_VERSION = "1.37"  # the newest schemas kubernetes-validate bundles (requirements/dev.txt)
SECRET_COMMAND = 'kubectl create secret generic maubinh-redis --from-literal=password="$(openssl rand -hex 32)"'
REDIS_USER = (999, 1000)  # redis:7.0-alpine's redis user and group (Alpine already has a group 999)
POD_KINDS = {"Deployment", "Job", "StatefulSet", "DaemonSet", "ReplicaSet", "CronJob", "Pod"}


def _stages() -> dict[str, str]:
    return dict(re.findall(r"^FROM \S+ AS (\S+)\n(.*?)(?=^FROM |\Z)", DOCKERFILE, re.MULTILINE | re.DOTALL))


def _image_user(stage: str) -> tuple[int, int]:
    """The user and group a stage runs as (``USER uid:gid``), which its ``groupadd`` and
    ``useradd`` create: one group id in the image, the files it writes and the manifests."""
    user, group = map(int, re.search(r"^USER (\d+):(\d+)$", stage, re.MULTILINE).groups())
    assert re.search(rf"\bgroupadd --system --gid {group} maubinh\b", stage), stage
    assert re.search(rf"\buseradd --system --uid {user} --gid {group} ", stage), stage
    return user, group


def _tool(name: str) -> str:
    """A linter from requirements/dev.txt: in the virtualenv that runs the tests, else on PATH."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    assert found, f"{name} is missing: pip install -r requirements/dev.txt"
    return found


def _object(kind: str, name: str) -> dict[str, Any]:
    [found] = [item for item in OBJECTS if item["kind"] == kind and item["metadata"]["name"] == name]
    return found


def _workloads() -> list[dict[str, Any]]:
    workloads = [item for item in OBJECTS if item["kind"] in POD_KINDS]
    assert {item["kind"] for item in workloads} <= {"Deployment", "Job"}  # what the checks below read
    return workloads


def _pod(workload: dict[str, Any]) -> dict[str, Any]:
    pod: dict[str, Any] = workload["spec"]["template"]
    return pod


def _containers(pod_spec: dict[str, Any]) -> list[dict[str, Any]]:
    return [*pod_spec.get("initContainers", []), *pod_spec["containers"]]


def _selects(selector: dict[str, Any], labels: dict[str, str]) -> bool:
    """Whether a Kubernetes label selector (matchLabels, matchExpressions) selects these labels."""
    if selector.get("matchLabels", {}).items() - labels.items():
        return False
    for expression in selector.get("matchExpressions", []):
        key, operator, values = expression["key"], expression["operator"], expression.get("values", [])
        held = {
            "In": key in labels and labels[key] in values,
            "NotIn": key not in labels or labels[key] not in values,
            "Exists": key in labels,
            "DoesNotExist": key not in labels,
        }[operator]
        if not held:
            return False
    return True


def _selected(selector: dict[str, Any]) -> set[str]:
    """The workloads whose pods the selector selects, by name."""
    return {item["metadata"]["name"] for item in _workloads() if _selects(selector, _pod(item)["metadata"]["labels"])}


def _env(container: dict[str, Any], secrets: dict[str, str] | None = None) -> dict[str, str]:
    """The container's environment as Kubernetes sets it: ``$(NAME)`` expands to a variable defined
    earlier in the list, secrets come from ``secrets`` (``name/key``)."""
    environment: dict[str, str] = {}
    for item in container.get("env", []):
        if "value" in item:
            value = re.sub(
                r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)",
                lambda found: environment.get(found.group(1), found.group(0)),
                item["value"],
            )
        else:
            reference = item["valueFrom"]["secretKeyRef"]
            value = (secrets or {}).get(f"{reference['name']}/{reference['key']}", "")
        environment[item["name"]] = value
    return environment


def _secret_variable(container: dict[str, Any], name: str) -> str:
    """``secret/key`` of the container's variable ``name``, which must come from a Secret."""
    [item] = [item for item in container["env"] if item["name"] == name]
    reference = item["valueFrom"]["secretKeyRef"]
    return f"{reference['name']}/{reference['key']}"


def _redis_options(container: dict[str, Any]) -> dict[str, str]:
    arguments = container["args"]
    assert len(arguments) % 2 == 0 and all(name.startswith("--") for name in arguments[::2]), arguments
    return dict(zip((name[2:] for name in arguments[::2]), arguments[1::2], strict=True))


def _redis_bytes(text: str) -> int:
    """A Redis memory size (redis.conf: 1k = 1000, 1kb = 1024...)."""
    number, unit = re.fullmatch(r"(\d+)([a-z]*)", text.lower()).groups()
    return int(number) * {"": 1, "k": 10**3, "kb": 2**10, "m": 10**6, "mb": 2**20, "g": 10**9, "gb": 2**30}[unit]


def _quantity(text: str) -> float:
    """A Kubernetes quantity (256Mi, 500m, 1) as a number."""
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(m|k|M|G|T|Ki|Mi|Gi|Ti)?", str(text))
    assert match, f"not a Kubernetes quantity: {text!r}"
    scale = {None: 1, "m": 1e-3, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30}
    return float(match.group(1)) * scale.get(match.group(2), 2**40)


def _dockerignored(path: str, patterns: list[str]) -> bool:
    """Whether .dockerignore's patterns leave ``path`` out of the build context (the last matching
    pattern decides; a pattern that matches a directory takes what is inside it)."""

    def regex(pattern: str) -> str:
        out, rest = "", pattern.strip("/")
        while rest:
            if rest.startswith("**/"):
                out, rest = out + "(?:.*/)?", rest[3:]
            elif rest.startswith("**"):
                out, rest = out + ".*", rest[2:]
            elif rest[0] == "*":
                out, rest = out + "[^/]*", rest[1:]
            elif rest[0] == "?":
                out, rest = out + "[^/]", rest[1:]
            else:
                out, rest = out + re.escape(rest[0]), rest[1:]
        return out

    parts = PurePosixPath(path).parts
    prefixes = ["/".join(parts[: index + 1]) for index in range(len(parts))]
    ignored = False
    for pattern in patterns:
        negated = pattern.startswith("!")
        if any(re.fullmatch(regex(pattern.removeprefix("!")), prefix) for prefix in prefixes):
            ignored = not negated
    return ignored


def _dockerignore() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


# The Dockerfile


def test_dockerfile_is_multi_stage_slim_bookworm_non_root_and_starts_like_make_run():
    stages = re.findall(r"^FROM (\S+)", DOCKERFILE, re.MULTILINE)
    # Debian 12 in every stage, as on the developers' machines: the same nginx, the same C library.
    assert len(stages) >= 2 and set(stages) == {"python:3.11-slim-bookworm"}
    service = re.split(r"^FROM ", DOCKERFILE, flags=re.MULTILINE)[-1]  # the last stage: the default target
    assert re.search(r"^USER 10001:10001$", service, re.MULTILINE)
    command = json.loads(re.search(r"^CMD (\[.*\])$", service, re.MULTILINE).group(1))  # exec form
    assert command == ["./deploy/serve.sh"]
    assert (ROOT / "deploy" / "serve.sh").read_text().startswith("#!/usr/bin/env bash\n")  # the slim image has bash
    assert "make run" in DOCKERFILE and "serve.sh" in (ROOT / "Makefile").read_text()
    assert "/readyz" in DOCKERFILE.split("HEALTHCHECK", 1)[1]


def test_the_kernel_is_compiled_in_a_builder_stage_and_the_images_carry_no_compiler():
    stages = _stages()
    assert "gcc" in stages["kernel"] and "build_ext --inplace" in stages["kernel"]
    for name in ("batch", "service"):
        assert not re.search(r"\b(gcc|g\+\+|clang|build-essential|libc6-dev)\b", stages[name]), name
        assert "COPY --from=kernel /build/maubinh_api/strategy/compiled_kernel*.so" in stages[name], name
    assert "maubinh_api/**/*.so" in _dockerignore()
    # The batch image installs no Debian package; the service's only one is nginx, the front that
    # deploy/serve.sh runs.
    assert "apt-get" not in stages["batch"]
    runs = [" ".join(run.split()) for run in re.findall(r"^RUN ((?:.*\\\n)*.*)$", stages["service"], re.MULTILINE)]
    [apt] = [run.replace("\\", "") for run in runs if "apt-get" in run]
    [install] = re.findall(r"apt-get install ([^&]*)", apt)
    assert [word for word in install.split() if not word.startswith("-")] == ["nginx-light"]
    assert "--no-install-recommends" in install.split()
    steps = [step.split() for step in apt.split("&&")]
    assert steps[0] == ["apt-get", "update"] and steps[-1] == ["rm", "-rf", "/var/lib/apt/lists/*"]


def test_everything_the_image_copies_exists_and_is_not_ignored():
    ignored = _dockerignore()
    for line in re.findall(r"^COPY (?!--from)(.+)$", DOCKERFILE, re.MULTILINE):
        *sources, _destination = line.split()
        for source in sources:
            assert (ROOT / source).exists(), source
            assert not _dockerignored(source, ignored), source
    assert not _dockerignored("deploy/gunicorn.conf.py", ignored)
    assert _dockerignored("deploy/k8s/deployment.yaml", ignored) and _dockerignored("tests/conftest.py", ignored)


def test_the_service_image_has_what_serve_sh_reads_where_it_reads_it():
    service = _stages()["service"]
    workdir = PurePosixPath(re.search(r"^WORKDIR (\S+)$", service, re.MULTILINE).group(1))
    copied: dict[str, PurePosixPath] = {}
    for line in re.findall(r"^COPY (?!--from)(.+)$", service, re.MULTILINE):
        *sources, destination = line.split()
        for source in sources:
            target = workdir / destination
            copied[source] = target / PurePosixPath(source).name if destination.endswith("/") else target
    # serve.sh runs from the app directory (its parent's parent), the renderer finds the template
    # beside the package, gunicorn's settings are in deploy/.
    app = copied["deploy/serve.sh"].parent.parent
    assert copied["maubinh_api"] == app / "maubinh_api"
    template = front.TEMPLATE.relative_to(ROOT).as_posix()
    assert copied[template] == app / template
    assert copied["deploy/gunicorn.conf.py"] == app / "deploy" / "gunicorn.conf.py"


def test_dockerfile_passes_hadolint_and_every_ignored_rule_says_why():
    config = ROOT / ".hadolint.yaml"
    result = subprocess.run(
        [_tool("hadolint"), "--config", str(config), "--disable-ignore-pragma", "--format", "json", "Dockerfile"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.stdout.startswith("["), result.stdout + result.stderr  # it ran, and reported
    findings = json.loads(result.stdout)
    assert findings == [], "\n".join(f"Dockerfile:{item['line']} {item['code']} {item['message']}" for item in findings)
    assert result.returncode == 0, result.stderr
    settings = yaml.safe_load(config.read_text())
    lines = config.read_text().splitlines()
    for rule in settings.get("ignored", []):
        [index] = [number for number, line in enumerate(lines) if line.strip() == f"- {rule}"]
        reason = []
        while index > 0 and lines[index - 1].strip().startswith("#"):
            index -= 1
            reason.insert(0, lines[index].strip("# "))
        assert rule in " ".join(reason) and len(" ".join(reason)) > len(rule) + 20, f"{rule}: no reason given"


def test_serve_sh_passes_shellcheck():
    result = subprocess.run(
        [_tool("shellcheck"), "--shell=bash", "--format=gcc", "deploy/serve.sh"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0 and result.stdout == "", result.stdout + result.stderr


# The Kubernetes manifests


@pytest.mark.parametrize("path", sorted(FILES), ids=lambda path: path.relative_to(K8S).as_posix())
def test_every_manifest_validates_against_the_kubernetes_schemas(path):
    """Strict: a misspelt or misplaced field, which kubectl would refuse, fails here."""
    for document in FILES[path]:
        if document["kind"] == "Kustomization":
            assert path.name == "kustomization.yaml"
            continue
        try:
            kubernetes_validate.validate(document, KUBERNETES_VERSION, strict=True)
        except kubernetes_validate.ValidationError as error:
            where = ".".join(str(part) for part in error.path)
            pytest.fail(f"{document['kind']}/{document['metadata']['name']}: {where}: {error.message}")
        # The schemas take any string as a quantity.
        for workload in [document] if document["kind"] in POD_KINDS else []:
            for container in _containers(_pod(workload)["spec"]):
                for amounts in container["resources"].values():
                    for amount in amounts.values():
                        _quantity(amount)
            for volume in _pod(workload)["spec"].get("volumes", []):
                if "sizeLimit" in volume.get("emptyDir", {}):
                    _quantity(volume["emptyDir"]["sizeLimit"])


def test_every_kustomization_lists_existing_files_and_every_manifest_is_listed():
    listed = set()
    for path in sorted(K8S.rglob("kustomization.yaml")):
        [kustomization] = FILES[path]
        assert kustomization["kind"] == "Kustomization"
        resources = kustomization["resources"]
        assert len(set(resources)) == len(resources), path
        for resource in resources:
            target = (path.parent / resource).resolve()
            assert target.is_file() or (target / "kustomization.yaml").is_file(), f"{path}: {resource}"
            listed.add(target)
    manifests = {path.resolve() for path in FILES if path.name != "kustomization.yaml"}
    assert manifests == listed, sorted(str(path.relative_to(ROOT)) for path in manifests ^ listed)
    assert all(path.suffix == ".yaml" for path in K8S.rglob("*") if path.is_file())


def test_every_pod_meets_the_restricted_pod_security_standard():
    users = {
        "redis": REDIS_USER,
        "maubinh-api": _image_user(_stages()["service"]),
        "maubinh-api-batch": _image_user(_stages()["batch"]),
    }
    assert users["maubinh-api"] == users["maubinh-api-batch"] == (10001, 10001)
    allowed_volumes = {"emptyDir", "persistentVolumeClaim", "secret", "configMap", "projected", "downwardAPI"}
    for workload in _workloads():
        name = f"{workload['kind']}/{workload['metadata']['name']}"
        spec = _pod(workload)["spec"]
        pod = spec["securityContext"]
        assert pod["runAsNonRoot"] is True, name
        assert pod["seccompProfile"] == {"type": "RuntimeDefault"}, name
        assert not {"hostNetwork", "hostPID", "hostIPC", "hostUsers"} & spec.keys(), name
        assert "sysctls" not in pod, name
        for volume in spec.get("volumes", []):
            assert set(volume) - {"name"} <= allowed_volumes, (name, volume)
        for container in _containers(spec):
            image = container["image"].rsplit(":", 1)[0]
            assert image != "redis" or container["image"] == "redis:7.0-alpine", name  # REDIS_USER is its user
            assert (pod["runAsUser"], pod["runAsGroup"]) == users[image], name
            assert pod["runAsUser"] != 0 and pod["runAsGroup"] != 0, name
            security = container["securityContext"]
            assert security["allowPrivilegeEscalation"] is False, name
            assert security["readOnlyRootFilesystem"] is True, name
            assert security["capabilities"] == {"drop": ["ALL"]}, name  # and nothing added
            assert not security.get("privileged") and "runAsUser" not in security, name
            assert security.get("seccompProfile", pod["seccompProfile"]) == {"type": "RuntimeDefault"}, name
            assert all("hostPort" not in port for port in container.get("ports", [])), name


def test_the_service_pods_probe_the_real_endpoints_through_the_front(client):
    kinds = sorted(document["kind"] for documents in MANIFESTS.values() for document in documents)
    assert kinds == [
        "Deployment",
        "Deployment",
        "Deployment",
        "HorizontalPodAutoscaler",
        "Kustomization",
        "NetworkPolicy",
        "PodDisruptionBudget",
        "Service",
        "Service",
        "Service",
    ]
    deployment = _object("Deployment", "maubinh-api")
    [container] = _pod(deployment)["spec"]["containers"]
    assert client.get(container["readinessProbe"]["httpGet"]["path"]).status_code == 200
    assert client.get(container["livenessProbe"]["httpGet"]["path"]).status_code == 200
    ports = {item["name"]: item["containerPort"] for item in container["ports"]}
    assert container["readinessProbe"]["httpGet"]["port"] == "http" == container["livenessProbe"]["httpGet"]["port"]
    environment = _env(container)
    assert int(environment["PORT"]) == ports["http"] == 8000
    # nginx listens on that port on every address (gunicorn is behind it on a Unix socket).
    assert front.front_from_env("/tmp/run/app.sock", "/tmp/run/nginx", environment).listen == "0.0.0.0:8000"
    service = _object("Service", "maubinh-api")
    assert _selects({"matchLabels": service["spec"]["selector"]}, _pod(deployment)["metadata"]["labels"])
    assert [item["targetPort"] for item in service["spec"]["ports"]] == ["http"]
    resources = container["resources"]
    # A core per worker, requested: the HPA's utilisation is of the request, the capacity model's of the workers.
    workers = next(item["value"] for item in container["env"] if item["name"] == "WORKERS")
    assert resources["requests"]["cpu"] == resources["limits"]["cpu"] == workers
    # The pod's memory ceiling that bench/memory.py measured and docs/operations.md states, 500 MB,
    # with half as much again to spare under the limit; the request covers the measured plateau.
    assert _quantity(resources["limits"]["memory"]) >= 1.5 * 500e6
    assert _quantity(resources["requests"]["memory"]) >= 500e6
    hpa = _object("HorizontalPodAutoscaler", "maubinh-api")
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "maubinh-api"}


def test_a_stopping_pod_keeps_serving_until_its_endpoint_is_gone_and_drains_within_its_grace_period():
    """Kubernetes runs the preStop hook, then sends SIGTERM, and kills the pod at the end of its
    grace period. The delay covers the endpoint's removal (the pod still serves meanwhile); then
    deploy/serve.sh drains nginx (at most its worker_shutdown_timeout) and stops gunicorn (at most
    its graceful_timeout), one after the other: all three fit in the grace period, with time to
    spare (docs/operations.md, "Stopping"; tests/test_drain.py runs the drain)."""
    spec = _pod(_object("Deployment", "maubinh-api"))["spec"]
    [container] = spec["containers"]
    hook = container["lifecycle"]["preStop"]
    assert set(hook) == {"exec"}  # any Kubernetes runs it (the `sleep` action needs 1.30)
    program, seconds = hook["exec"]["command"]
    # coreutils' sleep: Essential in Debian, so in the service image (python:3.11-slim-bookworm).
    assert program == "sleep" and "FROM python:3.11-slim-bookworm AS service" in DOCKERFILE
    delay = int(seconds)
    assert delay >= 5  # kube-proxy and the balancers see the endpoint go within seconds
    environment = _env(container)
    drain = front.front_from_env("/tmp/run/app.sock", "/tmp/run/nginx", environment).drain_timeout
    rendered = front.render(front.front_from_env("/tmp/run/app.sock", "/tmp/run/nginx", environment))
    assert f"worker_shutdown_timeout {drain}s;" in rendered
    gunicorn = (ROOT / "deploy" / "gunicorn.conf.py").read_text()
    graceful = int(re.search(r"^graceful_timeout = (\d+)$", gunicorn, re.MULTILINE).group(1))
    assert (delay, drain, graceful) == (10, 50, 30)  # the figures the manifest's comment adds up
    assert spec["terminationGracePeriodSeconds"] >= delay + drain + graceful + 5
    # Every request the front took before the drain fits: a header, a body with one pause of the
    # longest allowed, and the slowest answer gunicorn gives before it times the request out.
    timeout = int(environment.get("TIMEOUT", "30"))
    assert drain >= 5 + 10 + timeout


def test_the_service_writes_only_to_a_disk_backed_tmp():
    """nginx's temp files (bodies over 64 KiB), the socket, the metric files and the rate-limit
    file all go to the run directory under /tmp: a memory-backed volume would count them against
    the pod's memory limit."""
    spec = _pod(_object("Deployment", "maubinh-api"))["spec"]
    [container] = spec["containers"]
    environment = _env(container)
    assert not {"TMPDIR", "MAUBINH_RUN_DIR", "PROMETHEUS_MULTIPROC_DIR", "MAUBINH_LIMITS_FILE"} & environment.keys()
    assert not re.search(r"\b(TMPDIR|MAUBINH_RUN_DIR|PROMETHEUS_MULTIPROC_DIR)=", _stages()["service"])
    assert "${TMPDIR:-/tmp}" in (ROOT / "deploy" / "serve.sh").read_text()  # the run directory's default
    volumes = {volume["name"]: volume for volume in spec["volumes"]}
    [tmp] = [mount for mount in container["volumeMounts"] if mount["mountPath"] == "/tmp"]
    empty_dir = volumes[tmp["name"]]["emptyDir"]
    assert "medium" not in empty_dir and not tmp.get("readOnly")
    # Room for a few hundred bodies of the largest size at once.
    assert _quantity(empty_dir["sizeLimit"]) >= 256 * Settings().max_body_bytes


def test_the_cache_redis_evicts_the_limits_redis_never_does_and_both_need_the_secret():
    assert all(document["kind"] != "Secret" for document in OBJECTS)  # the operator creates it
    operations = (ROOT / "docs" / "operations.md").read_text()  # "Container and Kubernetes"
    assert SECRET_COMMAND in operations and SECRET_COMMAND in (K8S / "kustomization.yaml").read_text()
    [api] = _pod(_object("Deployment", "maubinh-api"))["spec"]["containers"]
    secret = _secret_variable(api, "REDIS_PASSWORD")
    assert secret == "maubinh-redis/password"
    password = "0123456789abcdef" * 4  # what `openssl rand -hex 32` prints
    settings = Settings.from_env(_env(api, {secret: password}))

    servers = {}
    for name, url in {"cache": settings.redis_url, "limits": settings.limits_redis_url}.items():
        # The URL names a Service whose port reaches a Redis Deployment's container, with the password.
        address = urlsplit(url)
        service = _object("Service", address.hostname)
        [workload] = [
            item
            for item in _workloads()
            if item["metadata"]["name"] in _selected({"matchLabels": service["spec"]["selector"]})
        ]
        [container] = _pod(workload)["spec"]["containers"]
        [port] = [item for item in service["spec"]["ports"] if item["port"] == address.port]
        [target] = [item for item in container["ports"] if port["targetPort"] in {item["name"], item["containerPort"]}]
        assert target["containerPort"] == 6379
        options = redis.Redis.from_url(url).connection_pool.connection_kwargs
        assert options["password"] == password and options["host"] == address.hostname
        # The server requires the same password, from the same Secret.
        assert _secret_variable(container, "REDIS_PASSWORD") == secret
        redis_options = _redis_options(container)
        assert _env(container, {secret: password})["REDIS_PASSWORD"] == password
        assert redis_options["requirepass"] == "$(REDIS_PASSWORD)"
        assert redis_options["save"] == "" and redis_options["appendonly"] == "no"  # nothing on disk
        limit = _quantity(container["resources"]["limits"]["memory"])
        assert _redis_bytes(redis_options["maxmemory"]) < limit  # Redis acts on it before the OOM killer
        servers[name] = (workload["metadata"]["name"], redis_options["maxmemory-policy"])
    assert servers == {
        "cache": ("maubinh-redis-cache", "allkeys-lru"),
        "limits": ("maubinh-redis-limits", "noeviction"),
    }


def test_the_redis_probes_pass_with_the_password_and_fail_without(tmp_path):
    """The probes' command against a redis-server started with the manifest's arguments (its port
    swapped for a free one): redis-cli exits 0 on NOAUTH unless told `-e`."""
    password = "fedcba9876543210" * 4
    for name in ("maubinh-redis-cache", "maubinh-redis-limits"):
        [container] = _pod(_object("Deployment", name))["spec"]["containers"]
        environment = _env(container, {"maubinh-redis/password": password})
        assert environment["REDISCLI_AUTH"] == password
        # The probes name no port: the server must listen on redis-cli's default, the container's port.
        assert "port" not in _redis_options(container) and container["ports"][0]["containerPort"] == 6379
        arguments = [argument.replace("$(REDIS_PASSWORD)", password) for argument in container["args"]]
        port = free_port()
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        server = subprocess.Popen(
            [binary, *arguments, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(tmp_path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for probe in ("readinessProbe", "livenessProbe"):
                program, *options = container[probe]["exec"]["command"]
                command = [shutil.which(program) or program, "-p", str(port), *options]

                def run(env: dict[str, str], command: list[str] = command) -> subprocess.CompletedProcess[str]:
                    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=10, check=False)

                for _ in range(100):  # until the server is up
                    if run({"REDISCLI_AUTH": password}).stdout.strip() == "PONG":
                        break
                    time.sleep(0.05)
                assert run({"REDISCLI_AUTH": password}).returncode == 0, name
                assert run({"REDISCLI_AUTH": "wrong"}).returncode != 0, name
                assert run({}).returncode != 0, name
            client = redis.Redis(port=port, password=password)
            assert client.config_get("maxmemory-policy") == {
                "maxmemory-policy": _redis_options(container)["maxmemory-policy"]
            }
            client.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


def test_the_network_policy_admits_only_the_service_and_the_batch_workers_to_redis():
    [policy] = [
        item for item in OBJECTS if item["kind"] == "NetworkPolicy" and item["metadata"]["name"] == "maubinh-redis"
    ]
    spec = policy["spec"]
    assert _selected(spec["podSelector"]) == {"maubinh-redis-cache", "maubinh-redis-limits"}
    assert set(spec["policyTypes"]) == {"Ingress", "Egress"} and spec.get("egress", []) == []  # Redis calls no one
    admitted: set[str] = set()
    for rule in spec["ingress"]:
        assert rule.get("from"), "a rule without `from` admits every source"
        assert rule["ports"] == [{"protocol": "TCP", "port": 6379}]
        for peer in rule["from"]:
            assert set(peer) == {"podSelector"}, peer  # pods of this namespace only: no ipBlock, no other namespace
            admitted |= _selected(peer["podSelector"])
    assert admitted == {"maubinh-api", "dask-worker"}
    for name in ("maubinh-redis-cache", "maubinh-redis-limits"):
        [container] = _pod(_object("Deployment", name))["spec"]["containers"]
        assert [item["containerPort"] for item in container["ports"]] == [6379]
        # The probes run inside the container: the policy does not stop them.
        assert all("exec" in container[probe] for probe in ("readinessProbe", "livenessProbe"))


def test_the_disruption_budget_keeps_a_service_pod_answering():
    budget = _object("PodDisruptionBudget", "maubinh-api")
    assert budget["apiVersion"] == "policy/v1"
    assert _selected(budget["spec"]["selector"]) == {"maubinh-api"}
    deployment = _object("Deployment", "maubinh-api")
    hpa = _object("HorizontalPodAutoscaler", "maubinh-api")
    # One pod may go at a time, so a node drain never waits for ever, and at the least replicas the
    # others carry its load at under 85 % of their cores (docs/operations.md, "Capacity").
    assert budget["spec"]["maxUnavailable"] == 1
    least = min(deployment["spec"]["replicas"], hpa["spec"]["minReplicas"])
    [metric] = hpa["spec"]["metrics"]
    target = metric["resource"]["target"]["averageUtilization"] / 100
    # The HPA acts only past 10 % over its target (its default tolerance).
    assert target * 1.1 * least / (least - 1) <= 0.85
    assert [path.name for path, documents in FILES.items() if budget in documents] == ["pdb.yaml"]
