"""nginx's error log as JSON lines (maubinh_api/infra/front_log.py): nginx's levels in Python's
names, a client's mistakes below error level, the request's context as fields, any other line kept
whole. tests/test_serve.py runs it behind the real nginx."""

from __future__ import annotations

import io
import json

from maubinh_api.infra.front_log import record, run

CONTEXT = ', client: 127.0.0.1, server: , request: "POST /v1/hands/classify HTTP/1.1", host: "127.0.0.1:8000"'


def test_a_body_too_large_is_a_warning_and_keeps_what_nginx_said():
    line = "2026/01/02 03:04:05 [error] 41#41: *7 client intended to send too large body: 1200011 bytes" + CONTEXT
    found = record(line)
    assert found["level"] == "WARNING" and found["nginx_level"] == "error"
    assert found["logger"] == "nginx" and found["pid"] == 41 and found["connection"] == 7
    assert found["message"] == "client intended to send too large body: 1200011 bytes"
    assert found["client"] == "127.0.0.1" and found["server"] == ""
    assert found["request"] == "POST /v1/hands/classify HTTP/1.1" and found["host"] == "127.0.0.1:8000"
    assert found["time"].startswith("2026-01-02T03:04:05")


def test_a_body_buffered_to_a_file_or_a_client_leaving_early_is_info():
    buffered = "2026/01/02 03:04:05 [warn] 41#41: *8 a client request body is buffered to a temporary file /tmp/b/1"
    closed = "2026/01/02 03:04:05 [info] 41#41: *9 client prematurely closed connection while reading body"
    assert record(buffered + CONTEXT)["level"] == "INFO"
    assert record(closed + CONTEXT)["level"] == "INFO"


def test_what_is_the_services_fault_keeps_its_level():
    line = (
        "2026/01/02 03:04:05 [crit] 41#41: *3 connect() to unix:/tmp/maubinh-8000/app.sock failed "
        "(2: No such file or directory) while connecting to upstream" + CONTEXT + ', upstream: "http://unix:/x:/v1"'
    )
    found = record(line)
    assert found["level"] == "CRITICAL" and found["upstream"] == "http://unix:/x:/v1"
    limited = '2026/01/02 03:04:05 [warn] 41#41: *4 limiting requests, excess: 200.5 by zone "open"' + CONTEXT
    assert record(limited)["level"] == "WARNING"
    assert record("2026/01/02 03:04:05 [notice] 40#40: signal process started")["level"] == "INFO"


def test_a_line_before_the_configuration_or_one_nginx_did_not_write_is_kept_whole():
    early = record('nginx: [emerg] unknown directive "lisen" in /tmp/n/nginx.conf:12')
    assert early["level"] == "CRITICAL" and early["message"] == 'unknown directive "lisen" in /tmp/n/nginx.conf:12'
    other = record("something else, client: odd")
    assert other.keys() == {"time", "level", "logger", "message"}
    assert (other["level"], other["logger"], other["message"]) == ("ERROR", "nginx", "something else, client: odd")


def test_every_line_written_is_one_json_object_even_from_bytes_that_are_not_utf8():
    out = io.StringIO()
    run([b"2026/01/02 03:04:05 [error] 41#41: *7 client sent invalid header: \xff\xfe\n", b"\n", b"plain\n"], out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2
    first, second = map(json.loads, lines)
    assert first["level"] == "WARNING" and "\\xff" in first["message"]
    assert second["level"] == "ERROR" and second["message"] == "plain"
