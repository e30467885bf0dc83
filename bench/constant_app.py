"""The baseline of bench/load.py: a minimal Flask app answering a constant JSON.

Run under the same gunicorn settings as the service, it measures what
gunicorn and Flask alone cost, so the service's classify throughput can be
reported as a share of it.
"""

from flask import Flask

app = Flask(__name__)


@app.post("/v1/hands/classify")
def constant() -> dict[str, object]:
    """Ignore the body; answer like a small classify answer."""
    return {"category": "pair", "strength": [1, 13, 14, 9, 2, 0]}


@app.post("/v1/arrangements/optimal")
def constant_optimal() -> dict[str, object]:
    """Ignore the body; answer a constant JSON (bench/http_path.py's reference for ``/optimal``)."""
    return {"best": {"ev": 1.25}, "alternatives": []}


@app.get("/readyz")
def ready() -> dict[str, str]:
    """For the start-up wait."""
    return {"status": "ready"}
