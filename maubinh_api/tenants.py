"""Tenant keys: ``python -m maubinh_api.tenants new NAME`` makes one.

It prints the new key once (hand it to the platform; the service never
stores it) and the entry to add to the tenants file (``MAUBINH_TENANTS_FILE``),
which holds only the key's SHA-256 digest; with ``--json`` both as one JSON
object (``{"name", "key", "entry"}``, the entry's fields as the file holds
them) for a script to read.  ``check FILE`` reads a tenants
file as the service would and names the line and field of the first fault.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path

from limits import parse as parse_limit

from .infra.tenants import SCOPES, TenantsFileError, key_digest, read_tenants


def new_entry(name: str, limits: Sequence[str], scopes: Sequence[str]) -> tuple[str, str]:
    """A new key and the tenants-file entry for it (YAML, JSON-quoted texts)."""
    key = secrets.token_urlsafe(32)
    entry = (
        f"  - name: {name}\n"
        f"    key_sha256: {json.dumps(key_digest(key))}\n"
        f"    limits: {json.dumps(list(limits))}\n"
        f"    scopes: {json.dumps(list(scopes))}\n"
    )
    read_tenants("tenants:\n" + entry, "the new entry")  # the entry must read as the service reads it
    return key, entry


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m maubinh_api.tenants", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    new = commands.add_parser("new", help="make a key for a new tenant")
    new.add_argument("name", help="the tenant's name (lower-case letters, digits, '.', '_', '-')")
    new.add_argument("--limit", action="append", default=[], help='a limit in cost units, e.g. "50/second" (repeat)')
    new.add_argument("--scope", action="append", choices=SCOPES, help="api (the default) or metrics (repeat)")
    new.add_argument(
        "--json", action="store_true", help='print {"name", "key", "entry"} as one JSON object, for scripts'
    )
    check = commands.add_parser("check", help="read a tenants file as the service would")
    check.add_argument("file", type=Path)
    arguments = parser.parse_args(argv)
    try:
        if arguments.command == "check":
            tenants = read_tenants(arguments.file.read_text(encoding="utf-8"), str(arguments.file))
            print(f"{arguments.file}: {len(tenants)} tenants: {', '.join(tenant.name for tenant in tenants)}")
            return 0
        for limit in arguments.limit:
            parse_limit(limit)
        scopes = arguments.scope or ["api"]
        key, entry = new_entry(arguments.name, arguments.limit, scopes)
    except (TenantsFileError, ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if arguments.json:
        fields = {"name": arguments.name, "key_sha256": key_digest(key), "limits": arguments.limit, "scopes": scopes}
        print(json.dumps({"name": arguments.name, "key": key, "entry": fields}))
        return 0
    print(f"The key of {arguments.name} (shown only now; give it to the platform):\n\n    {key}\n")
    print("The entry to add under `tenants:` in the tenants file:\n")
    print(entry, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
