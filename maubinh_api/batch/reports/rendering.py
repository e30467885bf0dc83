"""The reports' Jinja2 environment: the package's templates, every value escaped unless it is markup."""

from __future__ import annotations

import functools
import html
from collections.abc import Mapping
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

__all__ = ["render", "text"]


def text(value: object) -> Markup:
    """``value`` as escaped HTML text, markup left as it is (quotes as ``&quot;``, as
    :func:`html.escape` writes them, in every value of the page alike).

    >>> text('<b>&"x'), text(Markup("<em>kept</em>"))
    (Markup('&lt;b&gt;&amp;&quot;x'), Markup('<em>kept</em>'))
    """
    if isinstance(value, Markup):
        return value
    return Markup(html.escape(str(value), quote=True))


@functools.cache
def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("maubinh_api.batch.reports", "templates"),
        # .j2 templates hold HTML: escape every value (a player id, a variant name, an error's text).
        autoescape=select_autoescape(enabled_extensions=("html", "j2"), default_for_string=True, default=True),
        undefined=StrictUndefined,  # a name missing from the context is an error, not an empty string
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=text,  # before autoescaping, which leaves markup alone
    )


def render(template: str, context: Mapping[str, Any]) -> str:
    """The page the template makes of ``context``."""
    return _environment().get_template(template).render(context)
