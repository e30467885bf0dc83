"""The public keys that settlement receipts are signed with, as a JWK Set at the address key sets
are looked for (``/.well-known/jwks.json``): open to anyone, as a third party checking a receipt
holds no key of the platform's."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from ..cached_answers import revalidated
from ..operations import declare
from ..services import services

blueprint = Blueprint("receipts", __name__)


@blueprint.get("/.well-known/jwks.json")
@declare("receiptKeys", scope=None)
def receipt_keys() -> Response:
    """The signing key's public half and the earlier keys still served (empty with no key)."""
    return revalidated(jsonify({"keys": services().receipts.keys}))
