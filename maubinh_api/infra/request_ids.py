"""Request ids: which of a caller's ``X-Request-ID`` the service takes, and the ones it makes.

The application (``web/observability.py``) and what gunicorn answers without it
(``infra/gunicorn_refusals.py``) go by the same rule: the caller's id when it is 1-128 letters,
digits and ``._:-``, else a new one.
"""

from __future__ import annotations

import random
import re
from typing import Final

__all__ = ["REQUEST_ID", "is_request_id", "new_request_id"]

#: A request id a caller may send: 1-128 letters, digits and ``._:-``.
REQUEST_ID: Final = re.compile(r"^[A-Za-z0-9._:\-]{1,128}\Z")


def is_request_id(given: str) -> bool:
    """Whether ``given`` is a request id the service takes as it is."""
    return REQUEST_ID.match(given) is not None


def new_request_id() -> str:
    """32 hexadecimal digits, drawn for correlation, not secrecy: Python's generator, reseeded in
    each forked worker, draws them without a system call (``secrets`` makes one a request)."""
    return f"{random.getrandbits(128):032x}"
