"""The playground: a page to try the API in a browser (GET /playground), and its style sheet and script.

The page is static HTML, CSS and plain JavaScript modules that call the public API like any client;
this blueprint only serves those files.  It lives outside ``/v1/``, so it loads without an API key.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, abort, request

from ..cached_answers import revalidated
from ..operations import declare

blueprint = Blueprint("playground", __name__)

_FILES = Path(__file__).resolve().parents[1] / "static" / "playground"

#: The only files served under /playground/, with their content types: the style sheet, the
#: page's module and the modules it imports (``.mjs``, which Node's test runner reads as they are).
ASSETS: dict[str, str] = {
    "playground.css": "text/css",
    "playground.js": "text/javascript",
    **{f"{path.stem}.mjs": "text/javascript" for path in sorted(_FILES.glob("*.mjs"))},
}

# The page needs nothing but its own script, its style sheet and the API on the same origin;
# saying so makes an injected script or an inline handler fail loudly instead of running.
_CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


@blueprint.get("/playground")
@declare("playgroundPage", scope=None)
def page() -> Response:
    """The playground page."""
    response = _serve("index.html", "text/html")
    response.headers["Content-Security-Policy"] = _CONTENT_SECURITY_POLICY
    return response


@blueprint.get("/playground/")
@declare("playgroundPageSlash", scope=None)
def page_with_slash() -> Response:
    """The page's address as a player may type it, sent on to the page with its query (a shared
    deal's link keeps its cards): the page's files are named relative to /playground, so it is not
    served from here."""
    query = request.query_string.decode("latin-1")
    response = Response(status=308)
    del response.headers["Content-Type"]  # no body to type
    response.headers["Location"] = "/playground" + (f"?{query}" if query else "")
    return response


@blueprint.get("/playground/<asset>")
@declare("playgroundAsset", scope=None)
def asset(asset: str) -> Response:
    """The page's style sheet or script; anything else is the usual 404 problem."""
    mimetype = ASSETS.get(asset)
    if mimetype is None:
        abort(404)
    return _serve(asset, mimetype)


def _serve(name: str, mimetype: str) -> Response:
    data = (_FILES / name).read_bytes()
    response = Response(data, mimetype=mimetype)
    response.headers["X-Content-Type-Options"] = "nosniff"
    # The URLs carry no version, so a browser must ask again each time; the ETag makes that a 304.
    return revalidated(response)
