"""A rolling restart under load loses nothing (issue 40): SIGTERM to the start command while slow
uploads and new requests run. nginx stops taking new connections and finishes every request it
holds, then gunicorn stops: every request accepted is answered, none with a 5xx, no connection is
refused before the drain starts, and the script exits 0 soon after the last upload.

In Kubernetes the preStop delay (deploy/k8s/deployment.yaml) comes before this SIGTERM and keeps
the pod serving while its endpoint is removed; here the signal comes at once, as `docker stop` or
Ctrl-C under `make run` send it."""

from __future__ import annotations

import http.client
import json
import signal
import socket
import threading
import time
from dataclasses import dataclass, field

from tests.support.servers import service

CLASSIFY = json.dumps({"cards": ["Kh", "Kd", "2c", "9s", "9c"]}).encode()
#: A classify body of 96 KiB (spaces are JSON): over the front's 64 KiB buffer, it goes to a file.
LARGE = CLASSIFY[:-1] + b" " * (96 * 1024 - len(CLASSIFY)) + b"}"
UPLOADS = [CLASSIFY, CLASSIFY, CLASSIFY, LARGE, LARGE, LARGE]
TRICKLE_SECONDS = 3.0  # each upload's body, a piece at a time
SIGTERM_AFTER = 1.0  # seconds into the uploads
NEW_REQUEST_EVERY = 0.02  # the stream of new requests, a new connection each
STREAM_AFTER_SIGTERM = 1.5  # seconds the stream keeps trying once the drain has started


@dataclass
class Outcome:
    started: float  #: when the client began connecting (time.monotonic)
    status: int | None = None  #: the answer's status; None: no answer
    error: str | None = None  #: what happened instead: "refused" or the exception's name
    finished: float = 0.0


def _status(response: bytes) -> int:
    return int(response.split(b"\r\n", 1)[0].split()[1])


def _read_answer(sock: socket.socket) -> bytes:
    received = b""
    while chunk := sock.recv(65536):
        received += chunk
    return received


def slow_upload(port: int, body: bytes, outcome: Outcome, seconds: float = TRICKLE_SECONDS) -> None:
    """POST a classify body a twelfth at a time over ``seconds``, then read the answer."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            head = (
                "POST /v1/hands/classify HTTP/1.1\r\nHost: drain\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
            )
            sock.sendall(head.encode())
            pieces = 12
            step = -(-len(body) // pieces)
            for index in range(pieces):
                time.sleep(seconds / pieces)
                sock.sendall(body[index * step : (index + 1) * step])
            outcome.status = _status(_read_answer(sock))
    except ConnectionRefusedError:
        outcome.error = "refused"
    except (OSError, IndexError, ValueError) as error:
        outcome.error = type(error).__name__
    outcome.finished = time.monotonic()


@dataclass
class Stream:
    """New requests, each on a new connection, until told to stop."""

    port: int
    outcomes: list[Outcome] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        while not self.stop.is_set():
            outcome = Outcome(started=time.monotonic())
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            try:
                connection.request("POST", "/v1/hands/classify", CLASSIFY, {"Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
                outcome.status = response.status
            except ConnectionRefusedError:
                outcome.error = "refused"
            except (OSError, http.client.HTTPException) as error:
                outcome.error = type(error).__name__
            finally:
                connection.close()
            outcome.finished = time.monotonic()
            self.outcomes.append(outcome)
            time.sleep(NEW_REQUEST_EVERY)


@dataclass
class Restart:
    """What the clients saw across one SIGTERM (times in seconds from the signal)."""

    uploads: list[Outcome]
    before: list[Outcome]  #: new requests begun before the signal
    after: list[Outcome]  #: new requests begun after it
    status: int  #: the script's exit status
    drain: float  #: when the signal was sent (time.monotonic)
    stopped: float  #: when the script had exited (time.monotonic)

    def summary(self) -> dict[str, object]:
        return {
            "uploads": [(item.status, item.error, round(item.finished - self.drain, 2)) for item in self.uploads],
            "before": len(self.before),
            "before_statuses": sorted({item.status for item in self.before}, key=str),
            "after": [(item.status, item.error) for item in self.after],
            "status": self.status,
            "stopped": round(self.stopped - self.drain, 2),
        }


def restart_under_load(tmp_path) -> Restart:
    """Six slow uploads and a stream of new requests; SIGTERM to deploy/serve.sh during them."""
    with service(tmp_path) as running:
        stream = Stream(running.port)
        streaming = threading.Thread(target=stream.run, daemon=True)
        uploads = [Outcome(started=time.monotonic()) for _ in UPLOADS]
        uploading = [
            threading.Thread(target=slow_upload, args=(running.port, body, outcome), daemon=True)
            for body, outcome in zip(UPLOADS, uploads, strict=True)
        ]
        streaming.start()
        for thread in uploading:
            thread.start()
        time.sleep(SIGTERM_AFTER)
        drain = time.monotonic()
        running.process.send_signal(signal.SIGTERM)
        time.sleep(STREAM_AFTER_SIGTERM)
        stream.stop.set()
        for thread in [*uploading, streaming]:
            thread.join(timeout=20)
        status = running.process.wait(timeout=20)
        stopped = time.monotonic()
    return Restart(
        uploads=uploads,
        before=[item for item in stream.outcomes if item.started < drain],
        after=[item for item in stream.outcomes if item.started >= drain],
        status=status,
        drain=drain,
        stopped=stopped,
    )


def test_a_sigterm_under_load_answers_every_request_it_accepted(tmp_path):
    restart = restart_under_load(tmp_path)
    summary = restart.summary()
    # The uploads were in flight across the signal, and each got its answer.
    assert all(item.finished > restart.drain + 1 for item in restart.uploads), summary
    assert [item.status for item in restart.uploads] == [200] * len(UPLOADS), summary
    # Every new request before the drain was answered: none refused, none lost, none a 5xx.
    assert len(restart.before) >= 20 and all(item.status == 200 for item in restart.before), summary
    # Once the drain has started, a new connection is refused (a balancer tries another pod) or
    # answered, never a 5xx, never left without an answer.
    assert all(item.status == 200 or item.error == "refused" for item in restart.after), summary
    assert any(item.error == "refused" for item in restart.after), summary  # the front did stop taking them
    # The script exits 0 once the last upload is answered, well within the grace period.
    assert restart.status == 0, summary
    assert restart.stopped - max(item.finished for item in restart.uploads) < 5, summary
