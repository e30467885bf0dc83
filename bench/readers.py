"""Benchmark: each hand-written reader of the request path against the library's own reading of the
same input, timed in the same run (the fixed reference), so that a shortcut is kept only where its
figure says so:

* a chunked body's bytes (``web/body.py``'s ``body_length``, which reads them from the server's
  stream, a byte past the limit) against werkzeug's ``request.get_data()`` (which returns the first
  ``MAX_CONTENT_LENGTH`` bytes of a longer one as if they were all of it: kept for that, whatever
  the figure; a body with a ``Content-Length`` is read by werkzeug);
* the body (``web/body.py``'s ``json_object``: the bytes read once from the server's stream, a
  JSON object refused at its first fault, duplicate keys, NaN and depth refused) against
  werkzeug's ``request.get_json()``, both inside the same request context (whose own cost, timed
  alone, is taken off both);
* ``/optimal``'s quick reader (``read_one_hand``) against ``OptimalRequest().load``;
* ``/hands/classify``'s (``read_one_chi``) against ``ClassifyRequest().load``;
* a hand history's plain row (``read_plain_row``) against the row schema's ``load``.

    python -m bench.readers [--count 2000]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from flask import request
from flask.testing import EnvironBuilder

from maubinh_api.batch.history import ROW_SCHEMA, read_plain_row
from maubinh_api.rules.cards import DECK
from maubinh_api.web.app import create_app
from maubinh_api.web.blueprints.arrangements import read_one_hand
from maubinh_api.web.blueprints.hands import read_one_chi
from maubinh_api.web.body import body_length, json_object
from maubinh_api.web.schemas import ClassifyRequest, OptimalRequest

OPTIMAL = "/v1/arrangements/optimal"


def _per_item(step: Callable[[Any], object], items: Sequence[Any]) -> float:
    """The best of three passes over ``items``, per item (the least the machine's noise allows)."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for item in items:
            step(item)
        best = min(best, (time.perf_counter() - started) / len(items))
    return best


def _row(label: str, ours: float, theirs: float, reference: str) -> None:
    print(f"{label:<34} {ours * 1e6:7.1f} us | {reference:<32} {theirs * 1e6:7.1f} us -> {ours / theirs:4.2f}x")


def _bodies(rng: random.Random, count: int) -> list[bytes]:
    return [json.dumps({"cards": [str(card) for card in rng.sample(DECK, 13)]}).encode() for _ in range(count)]


def body_readers(raws: Sequence[bytes]) -> None:
    """``json_object`` against werkzeug's ``get_json``, each in a request context of its own."""
    app = create_app()

    def within(read: Callable[[], object], *, chunked: bool = False) -> Callable[[bytes], object]:
        def step(raw: bytes) -> object:
            builder = EnvironBuilder(app=app, path=OPTIMAL, method="POST", data=raw, content_type="application/json")
            environ = builder.get_environ()
            if chunked:  # as gunicorn passes a chunked body: no length, the stream ends where the body does
                del environ["CONTENT_LENGTH"]
                environ |= {"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input_terminated": True}
            with app.request_context(environ):
                app.preprocess_request()  # the hooks, the first of which makes the request's context
                return read()

        return step

    bare = _per_item(within(lambda: None), raws)
    # A chunked body's bytes (body_length reads them; one with a Content-Length is read by werkzeug).
    bare_chunked = _per_item(within(lambda: None, chunked=True), raws)
    ours = _per_item(within(body_length, chunked=True), raws) - bare_chunked
    theirs = _per_item(within(lambda: request.get_data(), chunked=True), raws) - bare_chunked  # noqa: PLW0108
    _row("chunked body's bytes", ours, theirs, "werkzeug request.get_data()")
    ours = _per_item(within(json_object), raws) - bare
    theirs = _per_item(within(lambda: request.get_json()), raws) - bare  # noqa: PLW0108 (the proxy binds per request)
    _row("body: json_object", ours, theirs, "werkzeug request.get_json()")


def schema_readers(rng: random.Random, count: int) -> None:
    """Each quick reader against its schema's ``load`` on the bodies it reads."""
    hands = [{"cards": [str(card) for card in rng.sample(DECK, 13)]} for _ in range(count)]
    optimal = OptimalRequest()
    _row("/optimal: read_one_hand", _per_item(read_one_hand, hands), _per_item(optimal.load, hands),
         "OptimalRequest().load")  # fmt: skip
    chis = [{"cards": [str(card) for card in rng.sample(DECK, rng.choice((3, 5)))]} for _ in range(count)]
    classify = ClassifyRequest()
    _row("/hands/classify: read_one_chi", _per_item(read_one_chi, chis), _per_item(classify.load, chis),
         "ClassifyRequest().load")  # fmt: skip
    rows = [_history_row(rng, number) for number in range(count)]
    _row("history row: read_plain_row", _per_item(read_plain_row, rows), _per_item(ROW_SCHEMA.load, rows),
         "the row schema's load")  # fmt: skip


def _history_row(rng: random.Random, number: int) -> dict[str, Any]:
    texts = [str(card) for card in rng.sample(DECK, 13)]
    return {
        "deal_id": f"deal-{number}", "player_id": f"p{number % 4}", "variant": "classic",
        "back": texts[:5], "middle": texts[5:10], "front": texts[10:],
    }  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=2000, help="inputs per reader")
    options = parser.parse_args(argv)
    rng = random.Random(11)
    print(f"{'hand-written reader':<34} {'ours':>10} | {'the library on the same input':<32} {'':>10}")
    body_readers(_bodies(rng, options.count))
    schema_readers(rng, options.count)


if __name__ == "__main__":
    main()
