"""Benchmark: what a request costs beyond its computation, in process.

Each answer is timed through Flask's test client against the strategy's own call on the same
inputs in the same run (the fixed reference), alternating blocks of hands so that the machine's
drift hits both alike; every hand is new to the result cache (a miss, as most are):

* ``POST /v1/arrangements/optimal``, one hand and batches of 100, against ``optimise()``;
* ``POST /v1/arrangements/analysis``, one and 100, against valuing the hand and ``analyse()``;
* ``POST /v1/arrangements/play`` against the bot's play alone (valuing the hand, then ``play``);
* a single ``/optimal`` through the WSGI callable against its floor, alternated; and, last, the
  view alone (no middleware, hooks, admission or result cache) against the same floor: the least
  the service's own answer costs over it, whatever its plumbing.

Then each step of one ``/optimal`` request is timed on its own, per request: Flask and the test
client with a constant answer (the floor no view can go below), the service's hooks (request id,
tenant check, limits, admission, metrics) around a constant answer, reading the body, the schema,
the card checks, the variant, the cache key, the presenter, the JSON encoding, the access log line.
Last, one ``/optimal`` through the WSGI callable with every step it takes clocked in place, each
step's own time (less the steps it calls), so that the table adds up to the whole request.

    python -m bench.request_path [--hands 400] [--batches 4]
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from flask import Flask, Response

from maubinh_api.infra.cache import ResultCache, cache_key
from maubinh_api.infra.logging import AccessLogger
from maubinh_api.rules.arrangement import Arrangement
from maubinh_api.rules.cards import DECK, Card, check_hand
from maubinh_api.rules.variants import preset
from maubinh_api.service.hands import HandService
from maubinh_api.strategy.analysis import analyse
from maubinh_api.strategy.bots import play
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.optimiser import Objective, optimise
from maubinh_api.strategy.splits import random_legal_arrangement
from maubinh_api.web.app import create_app
from maubinh_api.web.encoding import encoded
from maubinh_api.web.presenters import solution_json, variant_json
from maubinh_api.web.schemas import OptimalRequest
from maubinh_api.web.services import services_of

from .step_clock import StepClock

VARIANT = preset("classic")
BLOCK = 25
OPTIMAL = "/v1/arrangements/optimal"
ANALYSIS = "/v1/arrangements/analysis"
PLAY = "/v1/arrangements/play"

Step = Callable[[Any], object]


def _texts(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _arrangement_body(arrangement: Arrangement) -> dict[str, list[str]]:
    return {position.value: _texts(hand.cards) for position, hand in arrangement}


def _per_item(step: Step, items: Sequence[Any]) -> float:
    started = time.perf_counter()
    for item in items:
        step(item)
    return (time.perf_counter() - started) / len(items)


def _alternated(reference: Step, served: Step, items: Sequence[Any], block: int) -> tuple[float, float]:
    """The median per-item time of each over blocks of ``items``, each going first in turn."""
    mine: list[float] = []
    theirs: list[float] = []
    for start in range(0, len(items) - block + 1, block):
        chunk = items[start : start + block]
        if start // block % 2:
            mine.append(_per_item(served, chunk))
            theirs.append(_per_item(reference, chunk))
        else:
            theirs.append(_per_item(reference, chunk))
            mine.append(_per_item(served, chunk))
    return statistics.median(theirs), statistics.median(mine)


def _report(name: str, reference: str, times: tuple[float, float], target: float) -> None:
    alone, served = times
    ratio = served / alone
    verdict = "met" if ratio <= target else "NOT met"
    print(
        f"{name:<34} {served * 1e3:7.3f} ms | {reference:<28} {alone * 1e3:7.3f} ms"
        f" -> {ratio:4.2f}x (target <= {target}x, {verdict})"
    )


def _wsgi_call(app: Any, path: str, raw: bytes) -> bytes:
    environ = {
        "REQUEST_METHOD": "POST", "SCRIPT_NAME": "", "PATH_INFO": path, "QUERY_STRING": "",
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(raw)), "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "127.0.0.1:8000",
        "REMOTE_ADDR": "127.0.0.1", "wsgi.input": io.BytesIO(raw), "wsgi.errors": sys.stderr,
        "wsgi.url_scheme": "http", "wsgi.version": (1, 0), "wsgi.multithread": True,
        "wsgi.multiprocess": True, "wsgi.run_once": False,
    }  # fmt: skip
    statuses: list[str] = []

    def start_response(status: str, _headers: list[tuple[str, str]], *_: Any) -> None:
        statuses.append(status)

    answer = b"".join(app(environ, start_response))
    if not statuses[0].startswith("200"):
        raise SystemExit(f"the service answered {statuses[0]}: {answer[:300]!r}")
    return answer


def _checked(response: Any) -> Any:
    if response.status_code != 200:
        raise SystemExit(f"the service answered {response.status_code}: {response.get_data(as_text=True)[:300]}")
    return response


class Bench:
    """The service (shipped settings, its own cache) and its hand service, on seeded hands."""

    def __init__(self, seed: int) -> None:
        self.app = create_app()
        self.client = self.app.test_client()
        self.service: HandService = services_of(self.app).models.service(None)
        rng = random.Random(seed)
        self.rng = rng

    def post(self, path: str, body: dict[str, Any]) -> Any:
        """Through Flask's test client."""
        return _checked(self.client.post(path, json=body))

    def call(self, path: str, body: dict[str, Any]) -> Any:
        """Through the WSGI callable itself, with the environ a server such as gunicorn builds."""
        return _wsgi_call(self.app, path, json.dumps(body).encode())

    def optimise(self, cards: Sequence[Card]) -> object:
        model = self.service.model
        return optimise(cards, VARIANT, model, objective=Objective.EV, top=3, opponents=3)

    def analyse(self, arrangement: Arrangement) -> object:
        valuation = self.service.value(arrangement.cards, VARIANT, opponents=3)
        return analyse(arrangement, valuation, declare_natural=True)

    def play(self, cards: Sequence[Card]) -> object:
        ordered = sorted(cards, key=lambda card: card.index)
        valuation = self.service.value(ordered, VARIANT, opponents=3)
        return play(valuation, Level.CLUB, 7)

    def fresh(self, count: int) -> list[list[Card]]:
        """Hands no request has asked about yet (the cache would answer a repeat)."""
        return [self.rng.sample(DECK, 13) for _ in range(count)]


def floor(bench: Bench, count: int, through: str) -> None:
    """What a single ``/optimal`` would cost if the service's own code cost nothing: ``optimise()``
    then a constant answer through the same Flask (so that the constant request meets the caches
    the kernel leaves), against ``optimise()`` alone on the same hands."""
    constant = _constant_app()
    client = constant.test_client()
    raw = b'{"cards":[]}'
    if through == "test client":
        answer: Step = lambda _: client.post(OPTIMAL, data=raw, content_type="application/json")  # noqa: E731
    else:
        answer = lambda _: _wsgi_call(constant, OPTIMAL, raw)  # noqa: E731

    def nothing_but_flask(cards: Sequence[Card]) -> None:
        bench.optimise(cards)
        answer(None)

    alone, served = _alternated(bench.optimise, nothing_but_flask, bench.fresh(count), BLOCK)
    print(
        f"{'floor: optimise() + constant Flask':<34} {served * 1e3:7.3f} ms | {'optimise()':<28} {alone * 1e3:7.3f} ms"
        f" -> {served / alone:4.2f}x (the least any Flask view answers in, through the {through})"
    )


def against_floor(bench: Bench, count: int) -> None:
    """A single ``/optimal`` through the WSGI callable against its floor (``optimise()`` then a
    constant Flask answer), the two alternated in blocks on new hands: the issue's target, 1.25x."""
    constant = _constant_app()

    def floor_of(cards: Sequence[Card]) -> None:
        bench.optimise(cards)
        _wsgi_call(constant, OPTIMAL, b'{"cards":[]}')

    floor_time, served = _alternated(
        floor_of, lambda cards: bench.call(OPTIMAL, {"cards": _texts(cards)}), bench.fresh(count), BLOCK
    )
    ratio = served / floor_time
    print(
        f"{'/optimal against its floor':<34} {served * 1e3:7.3f} ms | {'optimise() + constant Flask':<28}"
        f" {floor_time * 1e3:7.3f} ms -> {ratio:4.2f}x (target <= 1.25x, {'met' if ratio <= 1.25 else 'NOT met'})"
    )


def _view_alone() -> Any:
    """The service's app with nothing around its view: no middleware, no hook but the one that makes
    the request's context, no admission and no result cache (none to look in, none to fill)."""
    from maubinh_api.web import admission

    app = create_app()
    app.wsgi_app = app.wsgi_app.app  # the observability middleware's own application: Flask's
    app.before_request_funcs[None] = [hook for hook in app.before_request_funcs[None] if hook.__name__ == "_start"]
    app.after_request_funcs[None] = []
    app.teardown_request_funcs[None] = [hook for hook in app.teardown_request_funcs[None] if hook.__name__ == "_end"]
    app.services = replace(services_of(app), cache=ResultCache(None, None, lambda *_: None))
    admission.admit = lambda *_: None  # this process's last measurement: nothing after it is served
    return app


def view_alone_against_floor(bench: Bench, count: int) -> None:
    """The least the service's own answer costs over its floor, whatever the plumbing around it: the
    view alone (:func:`_view_alone`), alternated with the floor on new hands."""
    app = _view_alone()
    constant = _constant_app()

    def floor_of(cards: Sequence[Card]) -> None:
        bench.optimise(cards)
        _wsgi_call(constant, OPTIMAL, b'{"cards":[]}')

    served = lambda cards: _wsgi_call(app, OPTIMAL, json.dumps({"cards": _texts(cards)}).encode())  # noqa: E731
    floor_time, alone = _alternated(floor_of, served, bench.fresh(count), BLOCK)
    print(
        f"{'the view alone against the floor':<34} {alone * 1e3:7.3f} ms | {'optimise() + constant Flask':<28}"
        f" {floor_time * 1e3:7.3f} ms -> {alone / floor_time:4.2f}x (no middleware, hooks, admission or result cache)"
    )


def ratios(bench: Bench, count: int, batches: int, through: str) -> None:
    """Each endpoint against the strategy's own call on the same inputs, every hand a new one."""
    send = bench.post if through == "test client" else bench.call
    print(f"through the {through}:")
    one = _alternated(bench.optimise, lambda cards: send(OPTIMAL, {"cards": _texts(cards)}), bench.fresh(count), BLOCK)
    _report("/optimal, one hand", "optimise()", one, 1.5)
    floor(bench, count, through)
    if through == "WSGI callable":
        against_floor(bench, 2 * count)

    def optimal_batch(chunk: Sequence[Sequence[Card]]) -> object:
        return send(OPTIMAL + "/batch", {"hands": [_texts(cards) for cards in chunk]})

    groups = [bench.fresh(100) for _ in range(batches)]
    _report(
        "/optimal, batches of 100", "optimise() on each hand",
        _batched(lambda chunk: [bench.optimise(cards) for cards in chunk], optimal_batch, groups), 1.15,
    )  # fmt: skip
    single = [random_legal_arrangement(cards, VARIANT, bench.rng) for cards in bench.fresh(count)]
    one = _alternated(
        bench.analyse, lambda item: send(ANALYSIS, {"arrangement": _arrangement_body(item)}), single, BLOCK
    )
    _report("/analysis, one arrangement", "value_hand() + analyse()", one, 1.5)
    arranged = [[random_legal_arrangement(cards, VARIANT, bench.rng) for cards in bench.fresh(100)] for _ in groups]

    def analysis_batch(chunk: Sequence[Arrangement]) -> object:
        return send(ANALYSIS + "/batch", {"arrangements": [{"arrangement": _arrangement_body(item)} for item in chunk]})

    _report(
        "/analysis, batches of 100", "value_hand() + analyse() each",
        _batched(lambda chunk: [bench.analyse(item) for item in chunk], analysis_batch, arranged), 1.15,
    )  # fmt: skip
    played = _alternated(
        bench.play,
        lambda cards: send(PLAY, {"cards": _texts(cards), "level": "club", "seed": 7}),
        bench.fresh(count),
        BLOCK,
    )
    _report("/play (club)", "value_hand() + play()", played, 1.5)


def _batched(reference: Step, served: Step, groups: Sequence[Sequence[Any]]) -> tuple[float, float]:
    """Per-item medians of whole batches, each going first in turn."""
    mine: list[float] = []
    theirs: list[float] = []
    for number, group in enumerate(groups):
        order = [(served, mine), (reference, theirs)]
        for step, times in order if number % 2 else order[::-1]:
            started = time.perf_counter()
            step(group)
            times.append((time.perf_counter() - started) / len(group))
    return statistics.median(theirs), statistics.median(mine)


def _constant_app() -> Flask:
    app = Flask("constant")

    @app.post(OPTIMAL)
    def constant() -> Response:
        return Response(b'{"best":null}\n', mimetype="application/json")

    return app


def steps(bench: Bench, count: int) -> None:
    """Each step of one ``/optimal`` request, timed on its own over ``count`` hands."""
    hands = bench.fresh(count)
    bodies = [{"cards": _texts(cards)} for cards in hands]
    bare = _constant_app().test_client()
    app = bench.app
    rows: list[tuple[str, float]] = []
    rows.append(("Flask + test client, constant answer", _per_item(lambda body: bare.post(OPTIMAL, json=body), bodies)))
    constant = bare.application
    raw = json.dumps(bodies[0]).encode()
    rows.append(
        ("Flask alone (WSGI), constant answer", _per_item(lambda _: _wsgi_call(constant, OPTIMAL, raw), bodies))
    )
    rows.append(("  the same, right after an optimise()", _after_kernel(bench, constant, raw, count)))
    whole = _per_item(lambda body: bench.post(OPTIMAL, body), bodies)
    hands = bench.fresh(count)
    with app.test_request_context(OPTIMAL, method="POST", json=bodies[0]):
        rows.extend(_view_steps(bench, hands))
    rows.append(("access log line (gunicorn)", _access_log(count)))
    rows.append(("optimise() itself", _per_item(bench.optimise, hands)))
    print(f"{'step of one /optimal request':<44} {'us':>8}")
    for name, seconds in rows:
        print(f"{name:<44} {seconds * 1e6:8.1f}")
    print(f"{'the whole request (test client)':<44} {whole * 1e6:8.1f}")


def _after_kernel(bench: Bench, constant: Any, raw: bytes, count: int) -> float:
    """The constant request's time when the kernel ran just before it: what the kernel's memory
    traffic leaves of the caches is what every step of a real request finds."""
    spent = 0.0
    for cards in bench.fresh(count):
        bench.optimise(cards)
        started = time.perf_counter()
        _wsgi_call(constant, OPTIMAL, raw)
        spent += time.perf_counter() - started
    return spent / count


def _view_steps(bench: Bench, hands: Sequence[Sequence[Card]]) -> list[tuple[str, float]]:
    texts = [{"cards": _texts(cards)} for cards in hands]
    raw = [json.dumps(body).encode() for body in texts]
    solutions = [bench.optimise(cards) for cards in hands]
    answers = [solution_json(solution) for solution in solutions]  # type: ignore[arg-type]
    reference = variant_json(VARIANT)
    encode = encoded
    return [
        ("JSON body decoded", _per_item(json.loads, raw)),
        ("schema load (marshmallow)", _per_item(OptimalRequest().load, texts)),
        ("card checks (check_hand)", _per_item(check_hand, hands)),
        ("variant answer member", _per_item(lambda _: variant_json(VARIANT), hands)),
        ("cache key", _per_item(lambda cards: _key(reference, cards), hands)),
        ("presenter (solution_json)", _per_item(solution_json, solutions)),
        ("JSON encoding (orjson)", _per_item(encode, answers)),
    ]


def _key(reference: dict[str, Any], cards: Sequence[Card]) -> str:
    return cache_key("optimal", {"variant": reference, "cards": sorted(_texts(cards))}, version="v", tenant="anonymous")


def _access_log(count: int) -> float:
    class Config:
        accesslog = "/dev/null"
        logconfig = logconfig_dict = syslog = None

    logger = AccessLogger.__new__(AccessLogger)
    logger.cfg = Config()
    logger.access_log = _Discard()
    logger.error_log = _Discard()

    class Answer:
        status = "200 OK"
        sent = 2800

    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": OPTIMAL, "REMOTE_ADDR": "127.0.0.1"}
    took = datetime.timedelta(milliseconds=1)
    return _per_item(lambda _: logger.access(Answer(), None, environ, took), range(count))


class _Discard:
    def info(self, line: str) -> None:
        pass

    def exception(self, line: str) -> None:
        pass


def _clock_the_service(bench: Bench, clock: StepClock) -> None:
    """Wrap every step one ``/optimal`` request takes through the WSGI callable."""
    from maubinh_api.service import hands as service_hands
    from maubinh_api.web import admission, cached_answers, kernel_calls
    from maubinh_api.web.blueprints import arrangements

    app = bench.app
    middleware = app.wsgi_app
    clock.wrap(app, "wsgi_app", "middleware: request id, headers, metrics")
    clock.wrap(middleware, "app", "Flask and werkzeug: contexts, routing, response")
    clock.wrap_each(app.before_request_funcs[None], "before:")
    clock.wrap_each(app.after_request_funcs[None], "after:")
    clock.wrap_each(app.teardown_request_funcs[None], "teardown:")
    view = "arrangements.optimal_arrangement"
    app.view_functions[view] = clock.timed("view: the rest", app.view_functions[view])
    parts = {
        arrangements: ["_optimal_options", "check_hand", "sorted_cards", "cached_json", "solution_json",
                       "_solve", "hand_service", "variant_of"],
        kernel_calls: ["observe_solver"],
        admission: ["json_object", "note_deprecated", "admit", "hand_service"],
        cached_answers: ["_shelf", "encoded", "json_answer"],
        service_hands: ["optimise"],
    }  # fmt: skip
    for module, names in parts.items():
        for name in names:
            clock.wrap(module, name, f"{module.__name__.rsplit('.', 1)[-1]}.{name}")
    clock.wrap(arrangements._optimal_schema, "load", "schema load (marshmallow)")
    cache = services_of(app).cache
    clock.wrap(cache, "get", "result cache: get")
    clock.wrap(cache, "set", "result cache: set")


def whole_request(bench: Bench, count: int) -> None:
    """One ``/optimal`` through the WSGI callable, every step's own time: they add up to the whole
    (each step's time excludes the steps it calls; what no step names is Flask's)."""
    hands = bench.fresh(count)
    raws = [json.dumps({"cards": _texts(cards)}).encode() for cards in hands]
    plain = bench.fresh(count)
    unclocked = _per_item(lambda cards: bench.call(OPTIMAL, {"cards": _texts(cards)}), plain)
    clock = StepClock()
    with clock.counting():
        _clock_the_service(bench, clock)
        started = time.perf_counter()
        for raw in raws:
            _wsgi_call(bench.app, OPTIMAL, raw)
        wall = (time.perf_counter() - started) / count
    rows = sorted(clock.spent.items(), key=lambda row: -row[1])
    print(f"{'one /optimal through the WSGI callable, own time':<52} {'us':>8}")
    for label, seconds in rows:
        print(f"{label:<52} {seconds / count * 1e6:8.1f}")
    print(f"{'the steps together':<52} {clock.total() / count * 1e6:8.1f}")
    print(f"{'the whole request, clocked (wall)':<52} {wall * 1e6:8.1f}")
    print(f"{'the whole request, unclocked':<52} {unclocked * 1e6:8.1f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=400, help="hands per single-request comparison")
    parser.add_argument("--batches", type=int, default=4, help="batches of 100 per batch comparison")
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args(argv)
    bench = Bench(options.seed)
    for cards in bench.fresh(50):  # warm every path once
        bench.optimise(cards)
        bench.post(OPTIMAL, {"cards": _texts(cards)})
    for through in ("test client", "WSGI callable"):
        ratios(bench, options.hands, options.batches, through)
        print()
    steps(bench, min(options.hands, 300))
    print()
    whole_request(bench, min(options.hands, 300))
    print()
    view_alone_against_floor(bench, 2 * options.hands)  # last: it stubs the admission of this process


if __name__ == "__main__":
    main()
