"""The problem types, declared once (infra/problem_types.py): what the front (nginx) and gunicorn
answer themselves names each one as the service does, in both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path

from maubinh_api.infra.gunicorn_refusals import TYPES
from maubinh_api.infra.problem_types import PROBLEM_TYPES, TYPE_PREFIX

TEMPLATE = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf.template"


def test_every_problem_the_front_writes_is_named_and_titled_as_the_service_names_it():
    # nginx's bodies are literal JSON in the template (its variables aside): each one's type and its
    # title, English or Vietnamese, are the service's for its status.
    bodies = re.findall(r"return (\d{3}) '(\{.*?\})\\n';", TEMPLATE.read_text(encoding="utf-8"))
    assert len(bodies) >= 20
    for status, body in bodies:
        shown = json.loads(re.sub(r"\$\w+|%%\{\w+\}", "", body))
        kind = PROBLEM_TYPES[int(status)]
        assert (shown["type"], shown["status"]) == (TYPE_PREFIX + kind.slug, int(status)), body
        assert shown["title"] in (kind.title.en, kind.title.vi), body


def test_gunicorn_s_refusals_are_the_service_s_types():
    assert all(TYPES[status] == (PROBLEM_TYPES[status].slug, PROBLEM_TYPES[status].title.en) for status in TYPES)
