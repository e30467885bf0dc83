"""The tenants file: read as written, refused with the line and field at fault, reloaded safely."""

from __future__ import annotations

import json
import os

import pytest

from maubinh_api.infra.tenants import TenantDirectory, TenantsFileError, key_digest, read_tenants, unnamed_tenants
from maubinh_api.tenants import main, new_entry

A_KEY = "key-of-platform-a-0123456789"
B_KEY = "key-of-platform-b-0123456789"


def entry(name: str, key: str, limits: str = '["50/second", "2000000/day"]', scopes: str = '["api"]') -> str:
    return f'  - name: {name}\n    key_sha256: "{key_digest(key)}"\n    limits: {limits}\n    scopes: {scopes}\n'


def test_a_file_reads_as_written():
    [a, b] = read_tenants("tenants:\n" + entry("platform-a", A_KEY) + entry("b", B_KEY, "[]", '["api", "metrics"]'))
    assert (a.name, a.limit_texts, a.scopes) == ("platform-a", ("50/second", "2000000/day"), frozenset({"api"}))
    assert [(item.amount, item.get_expiry()) for item in a.limits] == [(50, 1), (2_000_000, 86_400)]
    assert (b.limits, b.scopes) == ((), frozenset({"api", "metrics"}))
    assert a.key_sha256 == key_digest(A_KEY) and A_KEY not in repr(a)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Line numbers count from 1; entry() writes name, key_sha256, limits, scopes on lines 2-5.
        (
            "tenants:\n" + entry("a", A_KEY) + entry("a", B_KEY),
            "line 6: tenants[1].name: 'a' is already the name of tenants[0]",
        ),
        (
            "tenants:\n" + entry("a", A_KEY) + entry("b", A_KEY),
            "line 6: tenants[1].key_sha256: the same key as tenants[0]",
        ),
        (
            "tenants:\n" + entry("a", A_KEY, scopes='["api", "admin"]'),
            "line 5: tenants[0].scopes: unknown scope 'admin'",
        ),
        (
            "tenants:\n" + entry("a", A_KEY, limits='["50 a second"]'),
            "line 4: tenants[0].limits[0]: '50 a second' is not",
        ),
        ("tenants:\n" + entry("a", A_KEY, limits='"50/second"'), "line 4: tenants[0].limits: must be a list of texts"),
        ("tenants:\n" + entry("A B", A_KEY), "line 2: tenants[0].name: must be 1-64 lower-case"),
        ('tenants:\n  - name: a\n    key_sha256: "abc"\n', "line 3: tenants[0].key_sha256: must be the 64"),
        ("tenants:\n  - name: a\n", "line 2: tenants[0].key_sha256: is required and missing"),
        ("tenants:\n" + entry("a", A_KEY) + "    key: secret\n", "line 6: tenants[0].key: unknown field"),
        ("platforms: []\n", "line 1: the file must hold one mapping, 'tenants'"),
        ("tenants: {a: 1}\n", "line 1: tenants: must be a list"),
        ("tenants: [\n", "not YAML"),
    ],
)
def test_a_bad_file_is_refused_with_its_line_and_field(text, message):
    with pytest.raises(TenantsFileError, match=r"^tenants\.yaml") as raised:
        read_tenants(text, "tenants.yaml")
    assert message in str(raised.value)


def test_a_bad_file_at_start_stops_the_start(tmp_path):
    path = tmp_path / "tenants.yaml"
    path.write_text("tenants:\n" + entry("a", A_KEY, scopes='["root"]'))
    with pytest.raises(TenantsFileError, match="unknown scope 'root'"):
        TenantDirectory(path)


def test_a_changed_file_is_reloaded_and_a_bad_one_keeps_the_last_good(tmp_path):
    path = tmp_path / "tenants.yaml"
    path.write_text("tenants:\n" + entry("a", A_KEY))
    directory = TenantDirectory(path)
    assert directory.find(A_KEY).name == "a" and directory.find(B_KEY) is None

    path.write_text("tenants:\n" + entry("a", A_KEY) + entry("b", B_KEY))
    os.utime(path, ns=(1, 10**18))  # a new modification time whatever the clock's resolution
    directory.refresh(now=10**6)
    assert directory.find(B_KEY).name == "b" and directory.problem is None

    path.write_text("tenants:\n" + entry("a", A_KEY) + entry("a", B_KEY))
    os.utime(path, ns=(1, 2 * 10**18))
    directory.refresh(now=2 * 10**6)
    assert directory.find(B_KEY).name == "b"  # the last good file still serves
    assert "kept the last good tenants file" in directory.problem and "line 6" in directory.problem


def test_the_file_is_looked_at_no_more_than_once_a_second(tmp_path):
    path = tmp_path / "tenants.yaml"
    path.write_text("tenants:\n" + entry("a", A_KEY))
    directory = TenantDirectory(path)
    path.write_text("tenants:\n" + entry("b", B_KEY))
    os.utime(path, ns=(1, 10**18))
    directory.refresh(now=5.0)
    directory.refresh(now=5.5)  # within the second: not looked at again
    path.write_text("tenants:\n" + entry("c", A_KEY))
    os.utime(path, ns=(1, 2 * 10**18))
    directory.refresh(now=5.9)
    assert [tenant.name for tenant in directory.tenants] == ["b"]


def test_the_environment_keys_are_unnamed_tenants_without_limits():
    directory = TenantDirectory(None, unnamed_tenants(("api-key-0123456789",), ("metrics-key-0123456789",)))
    api = directory.find("api-key-0123456789")
    assert (api.name, api.limits, api.scopes) == ("unnamed", (), frozenset({"api"}))
    assert directory.guarded == {"api": True, "metrics": True}
    assert TenantDirectory(None).guarded == {"api": False, "metrics": False}


def test_a_new_key_is_printed_once_with_the_entry_that_reads(capsys):
    key, text = new_entry("platform-c", ["10/second"], ["api"])
    [tenant] = read_tenants("tenants:\n" + text)
    assert tenant.key_sha256 == key_digest(key) and key not in text
    assert main(["new", "platform-d", "--limit", "5/minute"]) == 0
    printed = capsys.readouterr().out
    [shown] = [line.strip() for line in printed.splitlines() if line.startswith("    ") and "name" not in line][:1]
    assert key_digest(shown) in printed  # the key shown, and its digest in the entry
    assert main(["new", "Platform D"]) == 2
    assert main(["new", "d", "--limit", "5 a minute"]) == 2


def test_a_new_key_as_json_is_one_object_a_script_reads_and_the_service_accepts(capsys):
    assert main(["new", "platform-e", "--limit", "50/second", "--scope", "api", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)  # one JSON object: nothing else on the output
    assert printed["name"] == "platform-e" and printed["entry"]["key_sha256"] == key_digest(printed["key"])
    (tenant,) = read_tenants(json.dumps({"tenants": [printed["entry"]]}), "printed")  # JSON is YAML
    assert (tenant.name, tenant.key_sha256, tenant.scopes) == ("platform-e", key_digest(printed["key"]), {"api"})
