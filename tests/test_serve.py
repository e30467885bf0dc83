"""The start command (`make run`, the container): nginx in front of gunicorn, run and stopped as one."""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.servers import ROOT, free_port, get, post, service

CHI = {"cards": ["Kh", "Kd", "2c", "9s", "9c"]}


def test_the_front_answers_and_gunicorn_listens_only_on_a_private_socket(tmp_path):
    with service(tmp_path) as running:
        answer = post(running.url + "/v1/hands/classify", CHI)
        assert answer.status == 200 and answer.json()["category"]["key"] == "two_pair"
        assert answer.headers["server"] == "nginx"  # nginx faces the client, without its version
        assert get(running.url + "/healthz").json() == {"status": "ok"}
        run_dir = Path(os.environ.get("TMPDIR", "/tmp")) / f"maubinh-{running.port}"
        assert stat.S_IMODE(run_dir.stat().st_mode) == 0o700  # only this user reaches the socket
        assert stat.S_ISSOCK((run_dir / "app.sock").stat().st_mode)
        assert running.master_pid() is not None and running.front_pid() is not None


def test_sigterm_stops_both_and_the_script_exits_cleanly(tmp_path):
    with service(tmp_path) as running:
        master, front = running.master_pid(), running.front_pid()
        running.process.send_signal(signal.SIGTERM)
        assert running.process.wait(timeout=30) == 0
        for pid in (master, front):
            assert not Path(f"/proc/{pid}").exists() or b"(Z)" in Path(f"/proc/{pid}/stat").read_bytes()


def test_when_nginx_dies_gunicorn_is_stopped_and_the_script_fails(tmp_path):
    with service(tmp_path) as running:
        master, front = running.master_pid(), running.front_pid()
        assert master is not None and front is not None
        os.kill(front, signal.SIGKILL)
        assert running.process.wait(timeout=30) != 0  # a supervisor (Kubernetes) starts it again
        deadline = time.monotonic() + 10
        while Path(f"/proc/{master}").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not Path(f"/proc/{master}").exists()


def test_without_the_front_gunicorn_faces_the_clients(tmp_path):
    with service(tmp_path, {"MAUBINH_FRONT": "none"}) as running:
        answer = post(running.url + "/v1/hands/classify", CHI)
        assert answer.status == 200 and answer.headers.get("server", "").startswith("gunicorn")
        assert running.front_pid() is None


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"MAUBINH_FRONT": "apache"}, "MAUBINH_FRONT must be nginx or none, not 'apache'"),
        ({"MAUBINH_FRONT_HOLD_RATE": "0"}, "MAUBINH_FRONT_HOLD_RATE must be 1 to 10000, not 0"),
        ({"MAUBINH_MAX_BODY_BYTES": "12"}, "max_body_bytes must be at least 1024"),
    ],
)
def test_a_bad_setting_stops_the_start_with_its_name(env, said):
    port = free_port()
    environment = {
        **os.environ,
        "PORT": str(port),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        **env,
    }
    result = subprocess.run(
        [str(ROOT / "deploy" / "serve.sh")], env=environment, cwd=ROOT, capture_output=True, timeout=60, check=False
    )
    assert result.returncode != 0
    assert said in result.stderr.decode()
    assert all(json.loads(line)["level"] == "CRITICAL" for line in result.stderr.decode().splitlines())  # JSON too


def test_every_line_is_json_and_a_clients_mistake_is_below_error_level(tmp_path):
    """A body over the limit (nginx's [error]), a body over the front's 64 KiB buffer (nginx's [warn],
    on every such body) and a client that leaves in the middle of its body are the client's doing:
    logged, but never at error level. Every line the service writes, on stdout and stderr, nginx's
    and gunicorn's own included, is one JSON object."""
    large = b'{"cards": ["Kh", "Kd", "2c", "9s", "9c"]' + b" " * 100_000 + b"}"
    with service(tmp_path) as running:
        too_large = post(running.url + "/v1/hands/classify", {"cards": ["Kh"] * 200_000})
        assert too_large.status == 413
        buffered = request_bytes(running.port, large)
        assert buffered.startswith(b"HTTP/1.1 200 "), buffered[:200]
        with socket.create_connection(("127.0.0.1", running.port), timeout=5) as sock:
            sock.sendall(
                b"POST /v1/hands/classify HTTP/1.1\r\nHost: logs\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100000\r\n\r\n" + b" " * 70_000
            )
        running.process.send_signal(signal.SIGTERM)
        assert running.process.wait(timeout=30) == 0
    records = [json.loads(line) for line in running.log.read_text().splitlines()]  # each line parses
    assert all(isinstance(record, dict) and record.get("level") and record.get("logger") for record in records)

    def levels(start: str) -> set[str]:
        return {item["level"] for item in records if item["logger"] == "nginx" and item["message"].startswith(start)}

    assert levels("client intended to send too large body") == {"WARNING"}  # nginx's [error]
    assert levels("a client request body is buffered to a temporary file") == {"INFO"}  # nginx's [warn]
    gunicorn = [item["message"] for item in records if item["logger"] == "gunicorn.error"]
    assert any(message.startswith("Booting worker") for message in gunicorn)  # gunicorn's own lines too
    assert [record for record in records if record["level"] in {"ERROR", "CRITICAL"}] == []


def request_bytes(port: int, body: bytes) -> bytes:
    """POST a classify body as it is; the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(
            b"POST /v1/hands/classify HTTP/1.1\r\nHost: logs\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
            + body
        )
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        return answer
