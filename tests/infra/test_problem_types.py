"""The problem types, declared once (infra/problem_types.py): what the front (nginx) and gunicorn
answer themselves names each one as the service does, in both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path

from maubinh_api.infra.front import Front, render
from maubinh_api.infra.front_problems import front_problems
from maubinh_api.infra.gunicorn_refusals import TYPES
from maubinh_api.infra.problem_types import PROBLEM_TYPES, TYPE_PREFIX

TEMPLATE = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf.template"


def test_every_problem_the_front_writes_is_named_and_titled_as_the_service_names_it():
    # nginx's bodies are JSON in the rendered configuration (its variables aside), each written from
    # a field of the template (infra/front_problems.py): its type, status and title are the
    # service's for its status, and a Vietnamese body says everything in Vietnamese.
    template = TEMPLATE.read_text(encoding="utf-8")
    assert re.findall(r"return \d{3} '\{", template) == []  # no body written by hand
    rendered = render(Front(listen="127.0.0.1:8000", socket="/run/app.sock", run_dir="/run/nginx"))
    bodies = re.findall(r"(if \(\$maubinh_vi\) \{\s*)?return (\d{3}) '(\{.*?\})\\n';", rendered)
    assert len(bodies) == 2 * len(front_problems(1, 1))  # every one, in both languages
    for vietnamese, status, body in bodies:
        shown = json.loads(re.sub(r"\$\w+", "", body))
        kind = PROBLEM_TYPES[int(status)]
        assert (shown["type"], shown["status"]) == (TYPE_PREFIX + kind.slug, int(status)), body
        assert shown["title"] == (kind.title.vi if vietnamese else kind.title.en), body


def test_gunicorn_s_refusals_are_the_service_s_types():
    assert all(TYPES[status] == (PROBLEM_TYPES[status].slug, PROBLEM_TYPES[status].title.en) for status in TYPES)
