"""A call's own options (written by hand beside the generated package; tools/python_client.py
keeps it): its language, pinned model, request id, timeout and whether it may be sent again.

Every field is named (keyword-only: two of them cannot be swapped by their place) and None says
nothing, so the client's own setting holds; a value given wins over the client's.

    from maubinh_api_client.options import CallOptions
    from maubinh_api_client.retries import connect
    api = connect("http://127.0.0.1:8000", language="en")
    vi = api.with_options(CallOptions(language="vi", request_id="round-7"))   # this call's client
    optimal_arrangement.sync(client=vi, body=...)   # problem texts in Vietnamese, X-Request-ID round-7
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar

__all__ = ["CallOptions", "Language"]

#: The languages of problem texts (``Accept-Language``); answers carry both languages anyway.
Language = Literal["en", "vi"]
_T = TypeVar("_T")


@dataclass(frozen=True, kw_only=True)
class CallOptions:
    """One call's options; a field left None is the client's (see :func:`retries.connect`).

    - ``language``: problem texts in ``"en"`` or ``"vi"`` (``Accept-Language``);
    - ``model``: the model to be answered from (``X-Model-Version``, as an earlier answer named it);
    - ``request_id``: the call's ``X-Request-ID``, to find it in the service's logs and traces;
    - ``timeout``: seconds the whole call may take, a retry's wait included;
    - ``idempotent``: whether a 429 or 503 may be answered by sending the request again after its
      ``Retry-After`` (every operation of the service may be: False keeps a call to one sending).
    """

    language: Language | None = None
    model: str | None = None
    request_id: str | None = None
    timeout: float | None = None
    idempotent: bool | None = None

    def over(self, client: CallOptions) -> CallOptions:
        """These options where given, ``client``'s where not: the call's own value wins."""
        return CallOptions(
            language=_own(self.language, client.language),
            model=_own(self.model, client.model),
            request_id=_own(self.request_id, client.request_id),
            timeout=_own(self.timeout, client.timeout),
            idempotent=_own(self.idempotent, client.idempotent),
        )

    def headers(self) -> dict[str, str]:
        """The headers these options send (none for a field left None)."""
        named = {"Accept-Language": self.language, "X-Model-Version": self.model, "X-Request-ID": self.request_id}
        return {name: value for name, value in named.items() if value is not None}


def _own(call: _T | None, client: _T | None) -> _T | None:
    return client if call is None else call
