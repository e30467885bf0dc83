"""The batch tool's Dask cluster (deploy/k8s/dask) and image (the Dockerfile's batch stage) agree with the
tool: the commands parse with the real command lines, every pod reaches the same scheduler and mounts the
same volume at the same path (no Docker engine or cluster here to run them)."""

from __future__ import annotations

import json
import re
from pathlib import PurePosixPath
from typing import Any

import pytest
import yaml
from dask.utils import parse_bytes
from distributed.cli.dask_scheduler import main as dask_scheduler
from distributed.cli.dask_worker import main as dask_worker

from maubinh_api.batch import cli
from tests.conftest import ROOT

DASK = ROOT / "deploy" / "k8s" / "dask"
MANIFESTS = {path.name: list(yaml.safe_load_all(path.read_text())) for path in sorted(DASK.glob("*.y*ml"))}
DOCUMENTS = [document for documents in MANIFESTS.values() for document in documents if document]
DOCKERFILE = (ROOT / "Dockerfile").read_text()
BATCH_IMAGE = "maubinh-api-batch"
SCHEDULER = "tcp://dask-scheduler:8786"
PART_OF = "app.kubernetes.io/part-of"


def _stages() -> dict[str, str]:
    """The Dockerfile's stages in order, by name (or position), each with its text."""
    stages: dict[str, str] = {}
    for block in re.split(r"^(?=FROM )", DOCKERFILE, flags=re.MULTILINE)[1:]:
        name = re.match(r"FROM \S+(?: AS (\S+))?", block)
        assert name is not None
        stages[name.group(1) or str(len(stages))] = block
    return stages


def _cmd(stage: str) -> list[str]:
    commands = re.findall(r"^CMD (\[.*\])$", stage, re.MULTILINE)  # exec form; the HEALTHCHECK's is indented
    assert len(commands) == 1, commands
    return list(json.loads(commands[0]))


def _workloads() -> list[dict[str, Any]]:
    workloads = [document for document in DOCUMENTS if "template" in document.get("spec", {})]
    assert {workload["kind"] for workload in workloads} <= {"Deployment", "Job"}
    return workloads


def _containers() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every (pod spec, container) of every workload."""
    return [
        (workload["spec"]["template"]["spec"], container)
        for workload in _workloads()
        for container in workload["spec"]["template"]["spec"]["containers"]
        + workload["spec"]["template"]["spec"].get("initContainers", [])
    ]


def _running(*program: str) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """The workload, container and full command of the one container whose command starts with ``program``."""
    found = []
    for workload in _workloads():
        for container in workload["spec"]["template"]["spec"]["containers"]:
            command = [*container.get("command", []), *container.get("args", [])]
            if command[: len(program)] == list(program):
                found.append((workload, container, command))
    assert len(found) == 1, (program, len(found))
    return found[0]


def _dask_options(command: Any, arguments: list[str]) -> dict[str, Any]:
    """The options the real ``dask`` command line would run with. Both commands take unknown options as
    arguments for preload modules, so a misspelt option shows as one of those."""
    options: dict[str, Any] = command.make_context(command.name, arguments).params
    assert options["preload_argv"] == (), options["preload_argv"]
    return options


def _cores(quantity: str) -> float:
    """A Kubernetes CPU quantity (``"1"``, ``"500m"``) in cores."""
    return float(quantity[:-1]) / 1000 if quantity.endswith("m") else float(quantity)


def _claim_mount(workload: dict[str, Any], container: dict[str, Any], claim: str) -> dict[str, Any]:
    volumes = [
        volume["name"]
        for volume in workload["spec"]["template"]["spec"].get("volumes", [])
        if volume.get("persistentVolumeClaim", {}).get("claimName") == claim
    ]
    assert len(volumes) == 1, (workload["metadata"]["name"], volumes)
    [mount] = [mount for mount in container.get("volumeMounts", []) if mount["name"] == volumes[0]]
    return mount


def test_the_kustomization_lists_every_manifest_of_the_directory():
    [kustomization] = MANIFESTS["kustomization.yaml"]
    assert kustomization["kind"] == "Kustomization"
    resources = kustomization["resources"]
    assert len(set(resources)) == len(resources)
    assert sorted(resources) == sorted(name for name in MANIFESTS if name != "kustomization.yaml")
    assert [path.name for path in DASK.iterdir() if path.is_file() and path.name not in MANIFESTS] == []
    # The same namespace as the service's manifests (none: the one kubectl is pointed at).
    service = yaml.safe_load((ROOT / "deploy" / "k8s" / "kustomization.yaml").read_text())
    assert kustomization.get("namespace") == service.get("namespace")
    assert all("namespace" not in document.get("metadata", {}) for document in DOCUMENTS)


def test_workers_and_the_job_reach_the_scheduler_the_service_exposes():
    deployment, scheduler, command = _running("dask", "scheduler")
    assert deployment["kind"] == "Deployment" and deployment["spec"]["replicas"] == 1
    options = _dask_options(dask_scheduler, command[2:])
    port = int(options["port"])
    dashboard = int(options["dashboard_address"].rsplit(":", 1)[1])
    ports = {item["name"]: item["containerPort"] for item in scheduler["ports"]}
    assert ports == {"scheduler": port, "dashboard": dashboard}
    for probe in ("readinessProbe", "livenessProbe"):
        assert scheduler[probe]["tcpSocket"]["port"] in {"scheduler", port}

    [service] = [document for document in DOCUMENTS if document["kind"] == "Service"]
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= pod_labels.items()
    exposed = {
        ports.get(item["targetPort"], item["targetPort"]): item["port"] for item in service["spec"]["ports"]
    }  # container port: service port
    address = f"tcp://{service['metadata']['name']}:{exposed[port]}"
    assert address == SCHEDULER
    assert dashboard in exposed

    _, _, worker = _running("dask", "worker")
    assert _dask_options(dask_worker, worker[2:])["scheduler"] == address
    _, _, client = _running("python", "-m", "maubinh_api.batch")
    assert cli._parser().parse_args(client[3:]).scheduler == address


def test_the_job_runs_the_batch_client_with_arguments_its_real_parser_accepts():
    job, container, command = _running("python", "-m", "maubinh_api.batch")
    assert job["kind"] == "Job"
    assert job["spec"]["template"]["spec"]["restartPolicy"] in {"Never", "OnFailure"}
    args = cli._parser().parse_args(command[3:])  # argparse exits (status 2) on anything it does not know
    assert args.command == "grade"
    assert args.scheduler == SCHEDULER
    assert args.workers is None  # local worker processes only: meaningless with a scheduler
    assert args.no_progress  # a progress bar in the pod's log is noise
    claim = MANIFESTS["storage.yaml"][0]["metadata"]["name"]
    data = PurePosixPath(_claim_mount(job, container, claim)["mountPath"])
    assert PurePosixPath(args.history).is_relative_to(data)
    assert PurePosixPath(args.out).is_relative_to(data)


def test_workers_are_single_threaded_named_after_their_pod_and_fit_in_the_pod():
    deployment, container, command = _running("dask", "worker")
    assert deployment["kind"] == "Deployment" and deployment["spec"]["replicas"] >= 1
    options = _dask_options(dask_worker, command[2:])
    assert options["nthreads"] == 1 and int(options["n_workers"]) == 1  # the work holds the GIL
    assert options["name"] == "$(POD_NAME)"  # Kubernetes expands it only from the container's env
    [pod_name] = [item for item in container["env"] if item["name"] == "POD_NAME"]
    assert pod_name["valueFrom"]["fieldRef"]["fieldPath"] == "metadata.name"
    # Dask restarts a worker near its limit only if the kernel has not killed the pod first.
    limits = container["resources"]["limits"]
    assert parse_bytes(options["memory_limit"]) < parse_bytes(limits["memory"])
    assert _cores(limits["cpu"]) >= options["nthreads"]
    # Dask's scratch space is on a writable emptyDir (the root filesystem is read-only).
    volumes = {volume["name"]: volume for volume in deployment["spec"]["template"]["spec"]["volumes"]}
    scratch = PurePosixPath(options["local_directory"])
    [mount] = [mount for mount in container["volumeMounts"] if scratch.is_relative_to(mount["mountPath"])]
    assert "emptyDir" in volumes[mount["name"]] and not mount.get("readOnly")


def test_workers_and_the_job_mount_the_claim_of_storage_yaml_at_the_same_path():
    [claim] = MANIFESTS["storage.yaml"]
    assert claim["kind"] == "PersistentVolumeClaim" and claim["metadata"]["name"] == "maubinh-batch-data"
    assert claim["spec"]["accessModes"] == ["ReadWriteMany"]  # every worker and the client, on any node
    name = claim["metadata"]["name"]
    mounts = {}
    for role, program in {"worker": ("dask", "worker"), "client": ("python", "-m", "maubinh_api.batch")}.items():
        workload, container, _ = _running(*program)
        mount = _claim_mount(workload, container, name)
        assert not mount.get("readOnly") and "subPath" not in mount  # both read and write the same tree
        mounts[role] = mount["mountPath"]
    assert mounts == {"worker": "/data", "client": "/data"}
    claims = {
        volume["persistentVolumeClaim"]["claimName"]
        for workload in _workloads()
        for volume in workload["spec"]["template"]["spec"].get("volumes", [])
        if "persistentVolumeClaim" in volume
    }
    assert claims == {name}


def test_every_container_runs_as_the_image_user_with_requests_and_a_read_only_root():
    user, group = map(int, re.search(r"^USER (\d+):(\d+)$", _stages()["batch"], re.MULTILINE).groups())
    assert user != 0
    for workload in _workloads():
        template = workload["spec"]["template"]
        if workload["kind"] == "Deployment":
            assert workload["spec"]["selector"]["matchLabels"].items() <= template["metadata"]["labels"].items()
        assert template["spec"]["securityContext"]["runAsNonRoot"] is True
        assert template["spec"]["securityContext"]["runAsUser"] == user
        assert template["spec"]["securityContext"]["runAsGroup"] == group
    for pod, container in _containers():
        security = container["securityContext"]
        assert security["allowPrivilegeEscalation"] is False and security["readOnlyRootFilesystem"] is True
        requests, limits = container["resources"]["requests"], container["resources"]["limits"]
        assert requests["cpu"] and requests["memory"] and limits["memory"]
        assert parse_bytes(requests["memory"]) <= parse_bytes(limits["memory"])
        # What writes outside /data (Python, Dask, matplotlib: MPLCONFIGDIR) writes under /tmp: an emptyDir.
        volumes = {volume["name"]: volume for volume in pod["volumes"]}
        [tmp] = [mount for mount in container["volumeMounts"] if mount["mountPath"] == "/tmp"]
        assert "emptyDir" in volumes[tmp["name"]] and not tmp.get("readOnly")
        environment = {item["name"]: item.get("value") for item in container.get("env", [])}
        matplotlib = environment.get("MPLCONFIGDIR") or re.search(r"\bMPLCONFIGDIR=(\S+)", DOCKERFILE).group(1)
        assert PurePosixPath(matplotlib).is_relative_to(tmp["mountPath"]), container["name"]


def test_every_container_runs_the_batch_image_tagged_like_the_service():
    images = {container["image"] for _, container in _containers()}
    assert len(images) == 1  # the scheduler and the workers unpickle the client's tasks: the same code
    name, tag = images.pop().rsplit(":", 1)
    assert name == BATCH_IMAGE
    assert f"docker build --target batch -t {BATCH_IMAGE} ." in DOCKERFILE
    service = yaml.safe_load((ROOT / "deploy" / "k8s" / "deployment.yaml").read_text())
    assert service["spec"]["template"]["spec"]["containers"][0]["image"] == f"maubinh-api:{tag}"
    overrides = MANIFESTS["kustomization.yaml"][0].get("images", [])
    assert all(item["name"] == BATCH_IMAGE and item.get("newTag", tag) == tag for item in overrides)


def test_the_network_policy_lets_every_batch_pod_reach_every_other():
    [policy] = [document for document in DOCUMENTS if document["kind"] == "NetworkPolicy"]
    selected = policy["spec"]["podSelector"]["matchLabels"]
    [rule] = policy["spec"]["ingress"]
    admitted = [source["podSelector"]["matchLabels"] for source in rule["from"]]
    for workload in _workloads():
        labels = workload["spec"]["template"]["metadata"]["labels"]
        assert selected.items() <= labels.items(), workload["metadata"]["name"]
        assert any(source.items() <= labels.items() for source in admitted), workload["metadata"]["name"]
    assert selected == {PART_OF: "maubinh-batch"}


def test_dockerfile_batch_stage_runs_the_batch_tool_with_its_requirements(capsys):
    stages = _stages()
    batch = stages["batch"]
    command = _cmd(batch)
    assert command == ["python", "-m", "maubinh_api.batch", "--help"]
    with pytest.raises(SystemExit) as stopped:
        cli._parser().parse_args(command[3:])
    assert stopped.value.code == 0 and "{simulate,grade,verify,integrity,room}" in capsys.readouterr().out
    assert re.search(r"^USER 10001:10001$", batch, re.MULTILINE)
    # Its venv comes from a stage that installs both requirement files.
    source = re.search(r"^COPY --from=(\S+) /opt/venv /opt/venv$", batch, re.MULTILINE).group(1)
    installs = stages[source]
    assert re.search(r"^COPY requirements/runtime\.txt requirements/batch\.txt \./$", installs, re.MULTILINE)
    assert re.search(r"pip install .*-r runtime\.txt -r batch\.txt$", installs, re.MULTILINE)
    # `dask scheduler` and `dask worker` are console scripts: the package is importable through PYTHONPATH.
    workdir = re.search(r"^WORKDIR (\S+)$", batch, re.MULTILINE).group(1)
    assert re.search(r"^COPY maubinh_api \./maubinh_api$", batch, re.MULTILINE)
    assert re.search(r"\bPYTHONPATH=(\S+)", batch).group(1) == workdir
    assert re.search(r"\bMPLCONFIGDIR=(\S+)", batch).group(1).startswith("/tmp/")  # the pods' emptyDir


def test_dockerfile_service_stage_is_still_the_default_target():
    stages = _stages()
    names = list(stages)
    assert names.index("batch") < len(names) - 1
    service = stages[names[-1]]
    assert _cmd(service) == ["./deploy/serve.sh"]
    assert "docker build -t maubinh-api ." in DOCKERFILE
    # Its venv has the runtime requirements only, as before the batch stage.
    source = re.search(r"^COPY --from=(\S+) /opt/venv /opt/venv$", service, re.MULTILINE).group(1)
    assert "batch.txt" not in stages[source] and "runtime.txt" in stages[source]
