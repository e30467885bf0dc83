"""Start and stop real servers on loopback: the service, Redis, nginx.

Used by the tests and by the benches (bench/load.py, bench/scale_out.py, ...).  Every server listens on
127.0.0.1 on a free port, writes its output to a file, and is stopped (and
killed if it lingers) when its ``with`` block ends.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Headless Chromium, quiet and self-contained: no sandbox (containers), no GPU, no
#: background traffic or updates, small /dev/shm tolerated, no scrollbars in screenshots.
CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


def headless_chromium(binary: str, profile: Path, *arguments: str) -> str:
    """Run headless Chromium once (``--dump-dom``, ``--screenshot``...) with its
    own profile directory and 15 s of page time; its standard output."""
    result = subprocess.run(
        [
            binary,
            "--headless",
            *CHROMIUM_FLAGS,
            "--virtual-time-budget=15000",
            f"--user-data-dir={profile}",
            *arguments,
        ],
        capture_output=True,
        timeout=90,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"chromium failed: {result.stderr.decode(errors='replace')[-2000:]}")
    return result.stdout.decode()


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait(check, what: str, process: subprocess.Popen[bytes], log: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            if check():
                return
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not start:\n{log.read_text(errors='replace')[-4000:]}")
        time.sleep(0.1)


def _stop(process: subprocess.Popen[bytes], sig: int = signal.SIGTERM, seconds: float = 15) -> None:
    if process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass
class Service:
    """A running gunicorn instance of the service."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path
    metrics_dir: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def access_log(self) -> list[dict[str, object]]:
        """The JSON access-log lines written so far."""
        records = []
        for line in self.log.read_text(errors="replace").splitlines():
            if line.startswith("{"):
                record = json.loads(line)
                if record.get("logger") == "access":
                    records.append(record)
        return records

    def wait_for_log(self, found, seconds: float = 10) -> list[dict[str, object]]:
        """The access log once ``found(records)`` holds: gunicorn writes a
        request's line after sending its answer, so a caller may be early."""
        deadline = time.monotonic() + seconds
        while True:
            records = self.access_log()
            if found(records) or time.monotonic() > deadline:
                return records
            time.sleep(0.05)

    def master_pid(self) -> int | None:
        """The gunicorn master: deploy/serve.sh's child running gunicorn (nginx is the other), or
        the script itself, which becomes gunicorn without the front (MAUBINH_FRONT=none)."""
        if b"gunicorn" in _command_line(self.process.pid):
            return self.process.pid
        for pid in _children(self.process.pid):
            if b"gunicorn" in _command_line(pid):
                return pid
        return None

    def front_pid(self) -> int | None:
        """The nginx master in front of gunicorn (None with MAUBINH_FRONT=none)."""
        for pid in _children(self.process.pid):
            if b"nginx" in _command_line(pid):
                return pid
        return None

    def worker_pids(self) -> list[int]:
        """The current worker processes (children of the gunicorn master)."""
        master = self.master_pid()
        return [] if master is None else _children(master)


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    try:
        return [int(child) for child in path.read_text().split()]
    except OSError:
        return []


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


@contextlib.contextmanager
def service(workdir: Path, env: Mapping[str, str] | None = None, workers: int = 2) -> Iterator[Service]:
    """Run ``deploy/serve.sh`` (the command of ``make run`` and the container): nginx in front of
    gunicorn, unless ``env`` sets ``MAUBINH_FRONT=none``."""
    port = free_port()
    log = workdir / f"service-{port}.log"
    metrics_dir = workdir / f"metrics-{port}"
    environment = {
        **os.environ,
        "PORT": str(port),
        "WORKERS": str(workers),
        "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        **(env or {}),
    }
    with log.open("wb") as output:
        process = subprocess.Popen(
            [str(ROOT / "deploy" / "serve.sh")],
            cwd=ROOT,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: nothing it started outlives the block
        )
    running = Service(port=port, process=process, log=log, metrics_dir=metrics_dir)
    try:
        _wait(lambda: get(running.url + "/readyz").status == 200, "the service", process, log, seconds=60)
        # Ready once one worker answers: wait for all of them (a bench counts them).
        _wait(lambda: len(running.worker_pids()) >= workers, "the workers", process, log)
        yield running
    finally:
        _stop(process)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


@dataclass
class Redis:
    """A running redis-server."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path
    password: str | None = None

    def ping(self) -> bool:
        with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
            if self.password is not None:
                sock.sendall(f"AUTH {self.password}\r\n".encode())
                if not sock.recv(16).startswith(b"+OK"):
                    return False
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")


def _start_redis(workdir: Path, port: int, arguments: Sequence[str] = (), password: str | None = None) -> Redis:
    """redis-server with ``arguments`` (by default no persistence, as every Redis of the service)."""
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    log = workdir / f"redis-{port}.log"
    given = list(arguments) or ["--save", "", "--appendonly", "no"]
    command = [binary, *given, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(workdir)]
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    server = Redis(port=port, process=process, log=log, password=password)
    _wait(server.ping, "redis-server", process, log)
    return server


@contextlib.contextmanager
def redis_server(workdir: Path, arguments: Sequence[str] = (), password: str | None = None) -> Iterator[RedisHandle]:
    """A redis-server that can be stopped and started again on the same port (``arguments`` as
    a manifest gives them; ``password`` the one they require)."""
    handle = RedisHandle(workdir=workdir, port=free_port(), arguments=tuple(arguments), password=password)
    handle.start()
    try:
        yield handle
    finally:
        handle.stop()


@dataclass
class RedisHandle:
    """A redis-server on a fixed port, which tests may kill and restart."""

    workdir: Path
    port: int
    arguments: tuple[str, ...] = ()
    password: str | None = None
    server: Redis | None = field(default=None)

    @property
    def url(self) -> str:
        secret = "" if self.password is None else f":{self.password}@"
        return f"redis://{secret}127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.server = _start_redis(self.workdir, self.port, self.arguments, self.password)

    def stop(self) -> None:
        if self.server is not None:
            _stop(self.server.process)
            self.server = None

    def kill(self) -> None:
        if self.server is not None:
            _stop(self.server.process, signal.SIGKILL)
            self.server = None


@dataclass
class Nginx:
    """A running nginx balancing over upstream ports."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextlib.contextmanager
def nginx(workdir: Path, upstream_ports: list[int]) -> Iterator[Nginx]:
    """nginx on a free loopback port, round-robin over the given services."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    port = free_port()
    prefix = Path(tempfile.mkdtemp(prefix="nginx-", dir=workdir))
    (prefix / "logs").mkdir()
    servers = "\n".join(f"        server 127.0.0.1:{upstream};" for upstream in upstream_ports)
    config = prefix / "nginx.conf"
    config.write_text(
        f"""
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/logs/error.log;
events {{ worker_connections 256; }}
http {{
    access_log {prefix}/logs/access.log;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    upstream maubinh {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 2m;
        location / {{
            proxy_pass http://maubinh;
            proxy_set_header X-Request-ID $request_id;
        }}
    }}
}}
"""
    )
    log = prefix / "logs" / "stdout.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [binary, "-p", str(prefix), "-c", str(config), "-g", "daemon off;"], stdout=output, stderr=subprocess.STDOUT
        )
    running = Nginx(port=port, process=process, log=log)
    try:
        _wait(lambda: get(running.url + "/healthz").status == 200, "nginx", process, log)
        yield running
    finally:
        _stop(process, signal.SIGQUIT)


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> object:
        return json.loads(self.body)


def get(url: str, timeout: float = 5) -> Answer:
    return request("GET", url, timeout=timeout)


def post(url: str, payload: object, headers: Mapping[str, str] | None = None, timeout: float = 10) -> Answer:
    return request("POST", url, payload, headers, timeout)


def request(
    method: str, url: str, payload: object = None, headers: Mapping[str, str] | None = None, timeout: float = 10
) -> Answer:
    """One HTTP request; HTTP errors are answers too."""
    data = None if payload is None else json.dumps(payload).encode()
    sent = {"Content-Type": "application/json", **(headers or {})} if data is not None else dict(headers or {})
    prepared = urllib.request.Request(url, data=data, method=method, headers=sent)
    try:
        with urllib.request.urlopen(prepared, timeout=timeout) as response:
            return Answer(response.status, {k.lower(): v for k, v in response.headers.items()}, response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, {k.lower(): v for k, v in error.headers.items()}, error.read())


@dataclass
class DaskCluster:
    """A Dask scheduler and its workers on loopback."""

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]]
    logs: Path


@contextlib.contextmanager
def dask_cluster(workdir: Path, workers: int = 2, memory_limit: str = "1GB") -> Iterator[DaskCluster]:
    """``dask scheduler`` and ``workers`` one-thread ``dask worker`` processes,
    each its own process, as on a real cluster (the package found through PYTHONPATH)."""
    bin_dir = Path(sys.executable).parent
    dask = str(bin_dir / "dask") if (bin_dir / "dask").exists() else shutil.which("dask") or "dask"
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",  # as deploy/k8s/dask/workers.yaml
    }
    log = workdir / "dask-scheduler.log"
    scheduler = subprocess.Popen(
        [dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        env=env,
        cwd=workdir,
    )
    started: list[subprocess.Popen[bytes]] = []
    try:
        _wait(
            lambda: socket.create_connection(("127.0.0.1", port), timeout=1).close() is None,
            "dask scheduler",
            scheduler,
            log,
        )
        for number in range(workers):
            worker_log = workdir / f"dask-worker-{number}.log"
            started.append(
                subprocess.Popen(
                    [
                        dask,
                        "worker",
                        address,
                        "--host",
                        "127.0.0.1",
                        "--nthreads",
                        "1",
                        "--nworkers",
                        "1",
                        "--no-dashboard",
                        "--memory-limit",
                        memory_limit,
                        "--name",
                        f"worker-{number}",
                        "--local-directory",
                        str(workdir / f"worker-{number}"),
                    ],
                    stdout=worker_log.open("wb"),
                    stderr=subprocess.STDOUT,
                    env=env,
                    cwd=workdir,
                )
            )
        from dask.distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(workers, timeout=60)
        yield DaskCluster(address, scheduler, started, workdir)
    finally:
        for process in started:
            _stop(process)
        _stop(scheduler)


@dataclass
class Prometheus:
    """A running Prometheus server (Debian's package, as promtool)."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def query(self, expression: str) -> dict[tuple[tuple[str, str], ...], float]:
        """An instant query's answer: each series' labels (its metric name's left out) and value."""
        address = f"{self.url}/api/v1/query?{urllib.parse.urlencode({'query': expression})}"
        with urllib.request.urlopen(address, timeout=10) as answer:
            document = json.loads(answer.read())
        assert document["status"] == "success", document
        return {
            tuple(sorted((k, v) for k, v in item["metric"].items() if k != "__name__")): float(item["value"][1])
            for item in document["data"]["result"]
        }


@contextlib.contextmanager
def prometheus_server(
    workdir: Path, target: str, rule_files: Sequence[Path], metrics_key: str | None = None, interval: str = "1s"
) -> Iterator[Prometheus]:
    """Prometheus scraping ``target`` (host:port) every ``interval`` and evaluating ``rule_files`` as
    often, its data in ``workdir``; with ``metrics_key``, as a Bearer token (the metrics scope's)."""
    binary = shutil.which("prometheus")
    if binary is None:
        raise RuntimeError("prometheus is missing: make system-deps installs Debian's prometheus package")
    port = free_port()
    job: dict[str, object] = {"job_name": "maubinh-api", "static_configs": [{"targets": [target]}]}
    if metrics_key is not None:
        job["authorization"] = {"type": "Bearer", "credentials": metrics_key}
    config = workdir / f"prometheus-{port}.yml"
    config.write_text(
        json.dumps(  # JSON is YAML
            {
                "global": {"scrape_interval": interval, "evaluation_interval": interval},
                "rule_files": [str(path) for path in rule_files],
                "scrape_configs": [job],
            }
        )
    )
    log = workdir / f"prometheus-{port}.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [
                binary,
                f"--config.file={config}",
                f"--storage.tsdb.path={workdir / f'prometheus-{port}-data'}",
                f"--web.listen-address=127.0.0.1:{port}",
            ],
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    running = Prometheus(port=port, process=process, log=log)
    try:
        _wait(lambda: get(running.url + "/-/ready").status == 200, "Prometheus", process, log)
        # Its discovery hands the scrapes their targets a few seconds after it is ready: wait for the first.
        _wait(lambda: list(running.query("up").values()) == [1.0], "Prometheus's first scrape", process, log)
        yield running
    finally:
        _stop(process)
