"""The front's configuration: nginx in front of gunicorn (docs/operations.md, "The front").

``deploy/serve.sh`` renders ``deploy/nginx.conf.template`` with this module before it
starts nginx and gunicorn::

    python -m maubinh_api.infra.front --socket RUN/app.sock --run-dir RUN/nginx > RUN/nginx/nginx.conf

Every value comes from the environment the service reads (``PORT``, ``HOST``,
``WORKERS``, ``TIMEOUT``, ``MAUBINH_MAX_BODY_BYTES``) or from the front's own
settings (``MAUBINH_FRONT_*``), each checked here: a bad one stops the start
with its name, as the service's settings do.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import string
import sys
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from ..version import __version__
from .config import ConfigError, Settings
from .front_problems import HEADER_LINE_BYTES, problem_fields

TEMPLATE = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf.template"


class _Fields(string.Template):
    """``%%{name}`` fields: nginx's own ``$variables`` and ``@locations`` stay as they are."""

    delimiter = "%%"


@dataclass(frozen=True, slots=True)
class Front:
    """What the rendered configuration says."""

    listen: str  #: host:port the front listens on (HOST, PORT)
    socket: str  #: gunicorn's Unix socket
    run_dir: str  #: nginx's pid file and temporary files
    workers: int = 2  #: nginx worker processes (MAUBINH_FRONT_WORKERS, else WORKERS)
    connections: int = 4096  #: connections each nginx worker holds (MAUBINH_FRONT_CONNECTIONS)
    per_address: int = 256  #: requests in progress per client address without a valid key (MAUBINH_FRONT_PER_ADDRESS)
    per_tenant: int = 256  #: requests in progress per tenant, whatever its addresses (MAUBINH_FRONT_PER_TENANT)
    hold_rate: int = 20  #: early 429s a second the front lets out per caller (MAUBINH_FRONT_HOLD_RATE)
    open_rate: int = 50  #: requests a second to the open endpoints per client address (MAUBINH_FRONT_OPEN_RATE)
    open_burst: int = 200  #: of those, how many may come at once (MAUBINH_FRONT_OPEN_BURST)
    max_body_bytes: int = 1024 * 1024  #: MAUBINH_MAX_BODY_BYTES, the service's own limit
    read_timeout: int = 35  #: seconds nginx waits for an answer: gunicorn's TIMEOUT and 5
    header_timeout: int = 5  #: seconds a client has to send a request's whole header
    body_timeout: int = 10  #: the longest pause inside a body (or while taking an answer)

    @property
    def drain_timeout(self) -> int:
        """Seconds nginx has, once told to stop (SIGQUIT), to finish the requests it holds: a
        header, a body with one pause of the longest allowed, and the slowest answer.  A request
        still unanswered then is cut off (``worker_shutdown_timeout``): only a client that trickles
        its body on purpose is that slow.  deploy/k8s/deployment.yaml's grace period counts it."""
        return self.header_timeout + self.body_timeout + self.read_timeout

    def __post_init__(self) -> None:
        for name, low, high in (
            ("workers", 1, 64),
            ("connections", 64, 65_536),
            ("per_address", 1, 65_536),
            ("per_tenant", 1, 65_536),
            ("hold_rate", 1, 10_000),
            ("open_rate", 1, 100_000),
            ("open_burst", 0, 100_000),
        ):
            value = getattr(self, name)
            if not low <= value <= high:
                raise ConfigError(f"MAUBINH_FRONT_{name.upper()} must be {low} to {high}, not {value}")

    def fields(self) -> dict[str, str]:
        """The template's fields."""
        values = {name: str(value) for name, value in asdict(self).items()}
        values |= {
            "drain_timeout": str(self.drain_timeout),
            "open_files": str(2 * self.connections + 64),
            # Below gunicorn's keep-alive of 5 s (deploy/gunicorn.conf.py).
            "upstream_keepalive": "4",
            # Started as root (a development machine, CI), nginx would run its workers as
            # "nobody", who cannot reach the socket in the run directory (mode 0700).
            "user": "user root;" if os.geteuid() == 0 else "# workers run as the user who started nginx",
            # The front's own answers name the contract too, as every answer does (X-API-Version).
            "api_version": __version__,
            "header_line_bytes": str(HEADER_LINE_BYTES),
        }
        return values | problem_fields(self.max_body_bytes, self.read_timeout)


def front_from_env(socket: str, run_dir: str, environ: Mapping[str, str] = os.environ) -> Front:
    """The front the environment asks for (the service's settings checked on the way)."""
    settings = Settings.from_env(environ)
    host = environ.get("HOST") or "127.0.0.1"
    port = _number(environ, "PORT", 8000)
    values: dict[str, int] = {"max_body_bytes": settings.max_body_bytes}
    values["read_timeout"] = _number(environ, "TIMEOUT", 30) + 5
    values["workers"] = _number(environ, "MAUBINH_FRONT_WORKERS", _number(environ, "WORKERS", 2))
    for name, default in (
        ("connections", 4096),
        ("per_address", 256),
        ("per_tenant", 256),
        ("hold_rate", 20),
        ("open_rate", 50),
        ("open_burst", 200),
    ):
        values[name] = _number(environ, f"MAUBINH_FRONT_{name.upper()}", default)
    listen = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return Front(listen=listen, socket=socket, run_dir=run_dir, **values)


def _number(environ: Mapping[str, str], name: str, default: int) -> int:
    text = environ.get(name)
    if text is None or text == "":
        return default
    try:
        return int(text)
    except ValueError:
        raise ConfigError(f"{name}={text!r} is not a whole number") from None


def render(front: Front, template: Path = TEMPLATE) -> str:
    """The nginx configuration for ``front`` (every field filled: a missing one is an error)."""
    return _Fields(template.read_text(encoding="utf-8")).substitute(front.fields())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m maubinh_api.infra.front", description=__doc__.split("\n")[0])
    parser.add_argument("--socket", required=True, help="gunicorn's Unix socket")
    parser.add_argument("--run-dir", required=True, help="nginx's pid file and temporary files")
    parser.add_argument("--template", type=Path, default=TEMPLATE)
    arguments = parser.parse_args(argv)
    try:
        text = render(front_from_env(arguments.socket, arguments.run_dir), arguments.template)
    except ConfigError as error:
        # One JSON line, as every line the service writes (deploy/serve.sh).
        said = {
            "time": datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds"),
            "level": "CRITICAL",
            "logger": "front",
            "message": f"the front cannot start: {error}",
        }
        print(json.dumps(said), file=sys.stderr)
        return 2
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
