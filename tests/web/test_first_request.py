"""Nothing is built on the request path: a worker's first answer is as fast as its hundredth.

The compiled kernel is built ahead (``make``), and ``create_app`` loads every
preset's tables, bank and the kernel's model of them before the first
request.  A fresh interpreter builds the service and times 100 ``/optimal``
requests and 100 ``/analysis`` requests for random hands (no answer comes from
the cache); the first may not take much longer than the typical one.  Loading
a hand bank on demand took about half a second, building the kernel's model
of a preset tens of milliseconds: either would show.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json, random, time
from maubinh_api import create_app
from maubinh_api.rules.cards import DECK
client = create_app({"cache_bytes": 0}).test_client()
rng = random.Random(7)
found = {}
for kind in ("optimal", "analysis"):
    times = []
    for number in range(100):
        cards = [str(card) for card in rng.sample(DECK, 13)]
        variant = ("classic", "online", "extended", "chinese-poker-2-4")[number % 4]
        if kind == "optimal":
            body = {"cards": cards, "variant": variant}
        else:
            body = {"variant": variant, "arrangement": {"back": cards[:5], "middle": cards[5:10], "front": cards[10:]}}
        started = time.perf_counter()
        answer = client.post("/v1/arrangements/" + kind, json=body)
        times.append(time.perf_counter() - started)
        assert answer.status_code in (200, 422), answer.get_data(as_text=True)
    found[kind] = times
print(json.dumps(found))
"""


@pytest.mark.parametrize("kind", ["optimal", "analysis"])
def test_the_first_answer_after_start_is_as_fast_as_the_hundredth(kind, tmp_path):
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    environment.pop("MAUBINH_KERNEL", None)
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=tmp_path, env=environment, capture_output=True, text=True, check=True
    )
    times = json.loads(result.stdout.strip().splitlines()[-1])[kind]
    typical = sorted(times[1:])[len(times) // 2]
    # A few times the median, and 30 ms: room for a shared machine's noise, not for loading anything.
    assert times[0] < 4 * typical + 0.03, (times[0], typical)
