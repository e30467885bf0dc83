"""Heavy requests take a slot: a bounded number wait, none for long, and light ones never wait."""

from __future__ import annotations

import threading
import time

from flask import Blueprint, Flask

from maubinh_api.web.admission import register_admission
from maubinh_api.web.language import register_language
from maubinh_api.web.problems import register_error_handlers

release = threading.Event()


def small_app(slots: int, wait: float, queue: int) -> Flask:
    """The admission hooks on views named as the service's: ``optimal_arrangement`` is heavy
    (it holds its slot until ``release`` is set), ``validate_arrangement`` light."""
    app = Flask(__name__)
    register_error_handlers(app)
    register_language(app)
    register_admission(app, slots, wait, queue)
    views = Blueprint("arrangements", __name__)

    @views.post("/optimal")
    def optimal_arrangement() -> dict[str, str]:
        release.wait(10)
        return {"done": "yes"}

    @views.post("/validate")
    def validate_arrangement() -> dict[str, str]:
        return {"done": "yes"}

    app.register_blueprint(views)
    return app


def in_thread(app: Flask, path: str, answers: list) -> threading.Thread:
    thread = threading.Thread(target=lambda: answers.append(app.test_client().post(path)))
    thread.start()
    return thread


def test_a_heavy_request_beyond_the_queue_is_a_503_at_once_and_a_light_one_is_served():
    release.clear()
    app = small_app(slots=1, wait=5.0, queue=1)
    held: list = []
    running = in_thread(app, "/optimal", held)  # takes the slot
    time.sleep(0.2)
    waiting = in_thread(app, "/optimal", held)  # waits in the queue of one
    time.sleep(0.2)
    started = time.monotonic()
    beyond = app.test_client().post("/optimal")
    assert beyond.status_code == 503 and time.monotonic() - started < 1  # no room to wait: at once
    assert beyond.mimetype == "application/problem+json"
    assert beyond.get_json()["type"] == "urn:maubinh:problem:busy"
    assert beyond.headers["Retry-After"] == "1"
    assert app.test_client().post("/validate").status_code == 200  # light: never takes a slot
    release.set()
    running.join()
    waiting.join()
    assert [answer.status_code for answer in held] == [200, 200]  # the waiting one got the slot in the end


def test_a_heavy_request_waits_no_longer_than_the_bound():
    release.clear()
    app = small_app(slots=1, wait=0.3, queue=4)
    held: list = []
    running = in_thread(app, "/optimal", held)
    time.sleep(0.2)
    started = time.monotonic()
    refused = app.test_client().post("/optimal")
    waited = time.monotonic() - started
    assert refused.status_code == 503 and 0.25 <= waited < 2  # waited its 0.3 s, then refused
    assert refused.headers["Retry-After"] == "1"
    release.set()
    running.join()
    assert app.test_client().post("/optimal").status_code == 200  # the slot and the queue were given back
