"""The start command (`make run`, the container) serves real HTTP under gunicorn."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def server():
    port = free_port()
    env = {
        **os.environ,
        "PORT": str(port),
        "WORKERS": "2",
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    process = subprocess.Popen(
        [str(ROOT / "deploy" / "serve.sh")], env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base + "/readyz", timeout=1) as response:
                if response.status == 200:
                    break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                output = process.stdout.read().decode() if process.stdout else ""
                pytest.fail(f"server did not start:\n{output}")
            time.sleep(0.2)
    yield base
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()


def test_serve_script_answers_over_http(server):
    request = urllib.request.Request(
        server + "/v1/hands/classify",
        data=json.dumps({"cards": ["Kh", "Kd", "2c", "9s", "9c"]}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        body = json.load(response)
    assert body["category"]["key"] == "two_pair"
    with urllib.request.urlopen(server + "/healthz", timeout=5) as response:
        assert json.load(response) == {"status": "ok"}
