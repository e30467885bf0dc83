"""The container and Kubernetes files agree with the service (no Docker engine here to build them)."""

from __future__ import annotations

import json
import re

import yaml

from tests.conftest import ROOT

DOCKERFILE = (ROOT / "Dockerfile").read_text()
MANIFESTS = {
    path.name: list(yaml.safe_load_all(path.read_text())) for path in sorted((ROOT / "deploy" / "k8s").glob("*.yaml"))
}


def test_dockerfile_is_multi_stage_slim_non_root_and_starts_like_make_run():
    stages = re.findall(r"^FROM (\S+)", DOCKERFILE, re.MULTILINE)
    assert len(stages) >= 2 and all(image.startswith("python:3.11-slim") for image in stages)
    service = re.split(r"^FROM ", DOCKERFILE, flags=re.MULTILINE)[-1]  # the last stage: the default target
    assert re.search(r"^USER 10001$", service, re.MULTILINE)
    command = json.loads(re.search(r"^CMD (\[.*\])$", service, re.MULTILINE).group(1))  # exec form
    assert command == ["./deploy/serve.sh"]
    assert "make run" in DOCKERFILE and "serve.sh" in (ROOT / "Makefile").read_text()
    assert "/readyz" in DOCKERFILE.split("HEALTHCHECK", 1)[1]


def test_the_kernel_is_compiled_in_a_builder_stage_and_the_images_carry_no_compiler():
    stages = dict(re.findall(r"^FROM \S+ AS (\S+)\n(.*?)(?=^FROM |\Z)", DOCKERFILE, re.MULTILINE | re.DOTALL))
    assert "gcc" in stages["kernel"] and "build_ext --inplace" in stages["kernel"]
    for name in ("batch", "service"):
        assert "gcc" not in stages[name] and "apt-get" not in stages[name], name
        assert "COPY --from=kernel /build/maubinh_api/strategy/compiled_kernel*.so" in stages[name], name
    assert "maubinh_api/**/*.so" in (ROOT / ".dockerignore").read_text().split()


def test_everything_the_image_copies_exists_and_is_not_ignored():
    ignored = (ROOT / ".dockerignore").read_text().split()
    for line in re.findall(r"^COPY (?!--from)(.+)$", DOCKERFILE, re.MULTILINE):
        *sources, _destination = line.split()
        for source in sources:
            assert (ROOT / source).exists(), source
            assert source not in ignored
    assert "!deploy/gunicorn.conf.py" in ignored


def test_kubernetes_manifests_probe_the_real_endpoints(client):
    kinds = sorted(document["kind"] for documents in MANIFESTS.values() for document in documents)
    assert kinds == ["Deployment", "Deployment", "HorizontalPodAutoscaler", "Kustomization", "Service", "Service"]
    [deployment] = MANIFESTS["deployment.yaml"]
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    assert client.get(container["readinessProbe"]["httpGet"]["path"]).status_code == 200
    assert client.get(container["livenessProbe"]["httpGet"]["path"]).status_code == 200
    environment = {item["name"]: item["value"] for item in container["env"]}
    assert int(environment["PORT"]) == container["ports"][0]["containerPort"]
    assert environment["MAUBINH_REDIS_URL"].startswith("redis://maubinh-redis:")
    assert container["resources"]["requests"] and container["resources"]["limits"]
    [hpa] = MANIFESTS["hpa.yaml"]
    assert hpa["spec"]["scaleTargetRef"]["name"] == deployment["metadata"]["name"]
    kustomization = MANIFESTS["kustomization.yaml"][0]
    assert sorted(kustomization["resources"]) == sorted(name for name in MANIFESTS if name != "kustomization.yaml")
