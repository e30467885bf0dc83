"""Reading a request's body (web/body.py): the bytes its Content-Length announces, or a 400."""

from __future__ import annotations

import io

import pytest

from maubinh_api.web import body_shape
from maubinh_api.web.body import SHORT_BODY

CLASSIFY = "/v1/hands/classify"
BODY = b'{"cards": ["Kh", "Kd", "2c", "9s", "9c"]}'


class Trickle(io.RawIOBase):
    """A server's input stream that hands the body over a few bytes at a time, as sockets do."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.step = data, step

    def read(self, size: int = -1) -> bytes:
        taken, self.data = self.data[: min(size, self.step)], self.data[min(size, self.step) :]
        return taken

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]  # what werkzeug's stream reads with
        taken = self.read(len(buffer))
        buffer[: len(taken)] = taken
        return len(taken)


def test_a_body_read_in_pieces_is_read_whole(client):
    response = client.post(
        CLASSIFY,
        data=b"",
        content_type="application/json",
        environ_overrides={"wsgi.input": Trickle(BODY, 7), "CONTENT_LENGTH": str(len(BODY))},
    )
    assert response.status_code == 200 and response.get_json()["category"]["key"] == "two_pair"


def test_a_body_shorter_than_its_content_length_is_a_400_that_says_so(client):
    response = client.post(
        CLASSIFY,
        data=b"",
        content_type="application/json",
        environ_overrides={"wsgi.input": io.BytesIO(BODY[:20]), "CONTENT_LENGTH": str(len(BODY))},
    )
    assert response.status_code == 400
    assert response.mimetype == "application/problem+json"
    assert f"ended before the {len(BODY)} bytes its Content-Length announced" in response.get_json()["detail"]


def test_werkzeug_still_cuts_a_chunked_body_over_the_limit_short_so_the_service_reads_it_itself(client):
    # Why web/body.py reads a chunked body itself (issue 52 asked whether werkzeug's LimitedStream
    # does it now): werkzeug's get_data() hands back the first MAX_CONTENT_LENGTH bytes of a longer
    # chunked body as if they were all of it. The day this fails, the reader can go.
    from flask import Flask, request

    bare = Flask(__name__)
    bare.config["MAX_CONTENT_LENGTH"] = 100
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/", "SERVER_NAME": "x", "SERVER_PORT": "80"}
    environ |= {"wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(b"x" * 150), "wsgi.input_terminated": True}
    with bare.request_context(environ | {"HTTP_TRANSFER_ENCODING": "chunked"}):
        assert len(request.get_data()) == 100  # 150 sent: no 413, the rest dropped
    # The service's own reading of the same: a 413.
    big = b'{"cards": [' + b'"As",' * 300_000 + b'"Kd"]}'
    chunked = {"wsgi.input": io.BytesIO(big), "wsgi.input_terminated": True, "HTTP_TRANSFER_ENCODING": "chunked"}
    response = client.post(CLASSIFY, data=b"", content_type="application/json", environ_overrides=chunked)
    assert len(big) > 1024 * 1024 and response.status_code == 413  # over the default 1 MiB limit


def test_no_body_the_shared_reader_reads_can_crowd_an_object():
    # The shortest object of one member more than any object may hold: each member "":0 and a comma
    # between them, in braces. A body shorter than SHORT_BODY cannot hold it, so the shared reader,
    # which does not count members, never meets one.
    shortest = "{" + ",".join(['"":0'] * (body_shape.MAX_MEMBERS + 1)) + "}"
    assert len(shortest.encode()) >= SHORT_BODY


@pytest.mark.parametrize("padding", [0, SHORT_BODY])  # the shared reader, and a body's own
def test_either_reader_refuses_a_member_named_twice_and_reads_the_rest_alike(client, padding):
    raw = b'{"cards": ["Kh", "Kd", "2c", "9s", "9c"], "variant": "classic"' + b" " * padding + b"}"
    assert client.post(CLASSIFY, data=raw, content_type="application/json").status_code == 200
    twice = b'{"cards": ["Kh", "Kd", "2c"], "cards": ["Kh", "Kd", "2c"]' + b" " * padding + b"}"
    refused = client.post(CLASSIFY, data=twice, content_type="application/json")
    assert refused.status_code == 400 and "the member 'cards' appears twice" in refused.get_json()["detail"]


# --------------------------------------------------------------------------- content codings (RFC 9110 §8.4)
@pytest.mark.parametrize("coding", ["gzip", "br", "deflate", "zstd", "x-gzip", "identity, gzip", "GZIP"])
def test_a_body_sent_with_a_content_coding_is_a_415_that_names_the_one_accepted(client, coding):
    # The body is plain JSON, as if the header were not there: the service does not guess.
    response = client.post(CLASSIFY, data=BODY, content_type="application/json", headers={"Content-Encoding": coding})
    assert response.status_code == 415 and response.mimetype == "application/problem+json"
    assert response.headers["Accept-Encoding"] == "identity"  # RFC 9110 §15.5.16 and §12.5.3
    problem = response.get_json()
    assert problem["type"] == "urn:maubinh:problem:unsupported-media-type"
    shown = ", ".join(part.strip() for part in coding.split(",") if part.strip().lower() != "identity")
    assert problem["detail"] == (
        f"the request body is sent with Content-Encoding: {shown}, which this service does not decode;"
        " send it as plain JSON, without Content-Encoding"
    )


def test_the_415_of_a_content_coding_is_in_vietnamese_when_asked(client):
    response = client.post(
        CLASSIFY,
        data=BODY,
        content_type="application/json",
        headers={"Content-Encoding": "gzip", "Accept-Language": "vi"},
    )
    assert response.status_code == 415 and response.headers["Content-Language"] == "vi"
    problem = response.get_json()
    assert problem["title"] == "Kiểu nội dung không được hỗ trợ"
    assert problem["detail"] == (
        "nội dung yêu cầu được gửi kèm Content-Encoding: gzip, loại mã hóa mà dịch vụ này không giải mã;"
        " hãy gửi JSON nguyên dạng, không kèm Content-Encoding"
    )


@pytest.mark.parametrize("coding", ["identity", "IDENTITY", " Identity ", "identity, identity", ""])
def test_identity_is_no_coding(client, coding):
    response = client.post(CLASSIFY, data=BODY, content_type="application/json", headers={"Content-Encoding": coding})
    assert response.status_code == 200 and "Accept-Encoding" not in response.headers


def test_a_long_coding_is_cut_short_in_the_detail(client):
    coding = "x-" + "a" * 300
    response = client.post(CLASSIFY, data=BODY, content_type="application/json", headers={"Content-Encoding": coding})
    assert response.status_code == 415
    detail = response.get_json()["detail"]
    assert coding[:99] + "…" in detail and coding not in detail


def test_every_operation_with_a_body_refuses_a_content_coding(client, spec_document):
    # POST /v1/deals takes no body (one sent is not read).
    posted = [path for path, item in spec_document["paths"].items() if "requestBody" in item.get("post", {})]
    assert CLASSIFY in posted
    for path in posted:
        response = client.post(path, data=b"{}", content_type="application/json", headers={"Content-Encoding": "br"})
        assert response.status_code == 415, (path, response.status_code, response.get_data()[:200])
        assert response.headers["Accept-Encoding"] == "identity", path
