"""Tenants: the platforms sharing one deployment, each with its key, limits and scopes.

``MAUBINH_TENANTS_FILE`` names a YAML file::

    tenants:
      - name: platform-a                 # in metrics and logs, never the key
        key_sha256: "<hex SHA-256 of the key>"
        limits: ["50/second", "2000000/day"]   # cost units, the `limits` library's notation
        scopes: ["api"]                  # "api" for /v1, "metrics" for /metrics

Keys are kept only as digests and looked up in constant time: every tenant's
digest is compared (``hmac.compare_digest``) whatever matches, so the time
taken says nothing about which digest, or how much of one, was right.  The
file is re-read when it changes; a file that does not read keeps the last
good one (and :attr:`TenantDirectory.problem` says why).  The keys of
``MAUBINH_API_KEYS`` and ``MAUBINH_METRICS_KEYS`` keep working beside the
file, as unnamed tenants without limits.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import re
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import yaml
from limits import RateLimitItem, parse

logger = logging.getLogger(__name__)

SCOPES: Final = ("api", "metrics")
#: The name of the keys of MAUBINH_API_KEYS / MAUBINH_METRICS_KEYS in metrics and logs.
UNNAMED: Final = "unnamed"
_NAME: Final = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")
_DIGEST: Final = re.compile(r"^[0-9a-f]{64}$")
_FIELDS: Final = ("name", "key_sha256", "limits", "scopes")
#: How often (seconds) a worker looks whether the file changed.
CHECK_EVERY: Final = 1.0


@dataclass(frozen=True, slots=True)
class Tenant:
    """One platform: its name, the digest of its key, its limits and scopes."""

    name: str
    key_sha256: str
    limits: tuple[RateLimitItem, ...] = ()
    limit_texts: tuple[str, ...] = ()
    scopes: frozenset[str] = field(default_factory=lambda: frozenset({"api"}))


class TenantsFileError(ValueError):
    """A tenants file that cannot be used, with the line and field at fault."""


def key_digest(key: str) -> str:
    """The hex SHA-256 of a key: what a tenants file stores instead of the key."""
    return hashlib.sha256(key.encode()).hexdigest()


def read_tenants(text: str, source: str = "tenants file") -> tuple[Tenant, ...]:
    """The tenants of a file's text, or a :class:`TenantsFileError` naming the line and field.

    >>> read_tenants('tenants:\\n  - name: a\\n    key_sha256: "' + 'ab' * 32 + '"\\n    limits: ["5/second"]')[0].name
    'a'
    >>> bad = 'tenants:\\n  - name: a\\n    key_sha256: "' + 'ab' * 32 + '"\\n    limits: ["5/fortnight"]'
    >>> try:
    ...     read_tenants(bad)
    ... except TenantsFileError as error:
    ...     print(error)
    tenants file, line 4: tenants[0].limits[0]: '5/fortnight' is not a limit such as "50/second" or "2000000/day"
    """
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        raise TenantsFileError(f"{source}: not YAML: {error}") from None
    if not isinstance(root, yaml.MappingNode) or [key.value for key, _ in root.value] != ["tenants"]:
        raise TenantsFileError(f"{source}, line 1: the file must hold one mapping, 'tenants'")
    entries = root.value[0][1]
    if not isinstance(entries, yaml.SequenceNode):
        raise TenantsFileError(f"{source}, line {_line(entries)}: tenants: must be a list")
    tenants = [_tenant(node, index, source) for index, node in enumerate(entries.value)]
    _refuse_duplicates(tenants, entries.value, source)
    return tuple(tenants)


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


def _tenant(node: yaml.Node, index: int, source: str) -> Tenant:
    where = f"tenants[{index}]"
    if not isinstance(node, yaml.MappingNode):
        raise TenantsFileError(f"{source}, line {_line(node)}: {where}: must be a mapping of {', '.join(_FIELDS)}")
    fields: dict[str, yaml.Node] = {}
    for key, value in node.value:
        if key.value not in _FIELDS:
            raise TenantsFileError(f"{source}, line {_line(key)}: {where}.{key.value}: unknown field")
        if key.value in fields:
            raise TenantsFileError(f"{source}, line {_line(key)}: {where}.{key.value}: given twice")
        fields[key.value] = value
    for required in ("name", "key_sha256"):
        if required not in fields:
            raise TenantsFileError(f"{source}, line {_line(node)}: {where}.{required}: is required and missing")

    def fail(name: str, what: str, at: yaml.Node | None = None) -> TenantsFileError:
        return TenantsFileError(f"{source}, line {_line(at or fields[name])}: {where}.{name}: {what}")

    name = _scalar(fields["name"])
    if name is None or not _NAME.match(name):
        raise fail("name", "must be 1-64 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit")
    digest = _scalar(fields["key_sha256"])
    if digest is None or not _DIGEST.match(digest):
        raise fail("key_sha256", "must be the 64 lower-case hex digits of the key's SHA-256")
    limit_texts = _strings(fields.get("limits"), "limits", fail)
    limits = []
    for position, text in enumerate(limit_texts):
        try:
            limits.append(parse(text))
        except ValueError:
            item = fields["limits"].value[position]  # a sequence: _strings checked
            raise TenantsFileError(
                f"{source}, line {_line(item)}: {where}.limits[{position}]: "
                f'{text!r} is not a limit such as "50/second" or "2000000/day"'
            ) from None
    scopes = _strings(fields.get("scopes"), "scopes", fail) if "scopes" in fields else ("api",)
    for position, scope in enumerate(scopes):
        if scope not in SCOPES:
            item = fields["scopes"].value[position]
            raise fail("scopes", f"unknown scope {scope!r} (scopes: {', '.join(SCOPES)})", item)
    return Tenant(name, digest, tuple(limits), limit_texts, frozenset(scopes))


def _scalar(node: yaml.Node) -> str | None:
    return node.value if isinstance(node, yaml.ScalarNode) and node.value else None


def _strings(node: yaml.Node | None, name: str, fail: object) -> tuple[str, ...]:
    if node is None:
        return ()
    if not isinstance(node, yaml.SequenceNode) or not all(
        isinstance(item, yaml.ScalarNode) and item.value for item in node.value
    ):
        raise fail(name, "must be a list of texts")  # type: ignore[operator]
    return tuple(item.value for item in node.value)


def _refuse_duplicates(tenants: list[Tenant], nodes: list[yaml.Node], source: str) -> None:
    names: dict[str, int] = {}
    digests: dict[str, int] = {}
    for index, (tenant, node) in enumerate(zip(tenants, nodes, strict=True)):
        if tenant.name in names:
            raise TenantsFileError(
                f"{source}, line {_line(node)}: tenants[{index}].name: {tenant.name!r} is "
                f"already the name of tenants[{names[tenant.name]}]"
            )
        if tenant.key_sha256 in digests:
            raise TenantsFileError(
                f"{source}, line {_line(node)}: tenants[{index}].key_sha256: the same key as "
                f"tenants[{digests[tenant.key_sha256]}] (each platform needs its own key)"
            )
        names[tenant.name] = index
        digests[tenant.key_sha256] = index


def unnamed_tenants(api_keys: Iterable[str], metrics_keys: Iterable[str]) -> tuple[Tenant, ...]:
    """The keys of MAUBINH_API_KEYS and MAUBINH_METRICS_KEYS as tenants without limits."""
    found = [Tenant(UNNAMED, key_digest(key), scopes=frozenset({"api"})) for key in api_keys]
    found += [Tenant(UNNAMED, key_digest(key), scopes=frozenset({"metrics"})) for key in metrics_keys]
    return tuple(found)


class TenantDirectory:
    """The tenants a worker knows: the file's (re-read when it changes) and the unnamed keys."""

    def __init__(self, path: Path | None, unnamed: tuple[Tenant, ...] = ()) -> None:
        self.path = path
        self.unnamed = unnamed
        self.problem: str | None = None  #: why the file on disk is not the one in use
        self._lock = threading.Lock()
        self._file: tuple[Tenant, ...] = ()
        self._stamp: tuple[int, int] | None = None
        self._checked = 0.0
        if path is not None:
            self._stamp = _stamp(path)
            self._file = read_tenants(_text(path), str(path))  # a bad file at start stops the start

    @property
    def tenants(self) -> tuple[Tenant, ...]:
        """Every tenant in use, the file's first."""
        return self._file + self.unnamed

    @property
    def guarded(self) -> dict[str, bool]:
        """Which scopes need a key: a scope some tenant holds is closed to everyone else."""
        held = {scope for tenant in self.tenants for scope in tenant.scopes}
        return {scope: scope in held for scope in SCOPES}

    def find(self, key: str) -> Tenant | None:
        """The tenant whose key this is, compared against every tenant in constant time."""
        self.refresh()
        given = key_digest(key).encode()
        found: Tenant | None = None
        for tenant in self.tenants:
            if hmac.compare_digest(given, tenant.key_sha256.encode()) and found is None:
                found = tenant
        return found

    def refresh(self, *, now: float | None = None) -> None:
        """Re-read the file if it changed since last looked at (at most every CHECK_EVERY seconds)."""
        if self.path is None:
            return
        now = time.monotonic() if now is None else now
        if now - self._checked < CHECK_EVERY:
            return
        with self._lock:
            self._checked = now
            stamp = _stamp(self.path)
            if stamp == self._stamp:
                return
            self._stamp = stamp
            try:
                self._file = read_tenants(_text(self.path), str(self.path))
            except (OSError, TenantsFileError) as error:
                self.problem = f"kept the last good tenants file: {error}"
                logger.error("tenants file not reloaded, the last good one is kept: %s", error)
                return
            self.problem = None
            logger.info("tenants file reloaded: %d tenants", len(self._file))


def _stamp(path: Path) -> tuple[int, int]:
    try:
        status = os.stat(path)
    except OSError:
        return (-1, -1)
    return (status.st_mtime_ns, status.st_size)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")
