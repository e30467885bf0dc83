"""Writes tests/conformance/receipts.json: receipts as a platform stores them, genuine and forged,
each with the verdict every verifier must reach (docs/integrating.md, "Verifying a receipt").

    python -m tools.receipt_corpus --write     # after a change of the rule; else it only checks

The genuine ones are the service's own answers, made with test keys derived from fixed phrases
(never a deployment's) at a fixed time, so the file is written the same every run. The forged ones
are edits of them; where a forger would need the key to reach a later step, the test key signs, so
that every step of the rule has a case that fails there and only there.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from maubinh_api.infra.receipt_check import CLAIMS, ReceiptRefused, check_receipt
from maubinh_api.infra.receipts import ISSUE_TYPE, RECEIPT_TYPE, ReceiptSigner, canonical, exact_canonical
from maubinh_api.infra.strict_json import read_strict
from maubinh_api.infra.tenants import key_digest
from maubinh_api.web import receipted_answers
from maubinh_api.web.app import create_app

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "conformance" / "receipts.json"
AT = "2026-12-06T12:00:00Z"
TENANT_KEY = "corpus-platform-key-0123456789"


def _key(phrase: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(hashlib.sha256(phrase.encode()).digest())


KEY = _key("maubinh-api receipt corpus: the deployment's key")
OLD_KEY = _key("maubinh-api receipt corpus: the deployment's key before its rotation")
FOREIGN_KEY = _key("maubinh-api receipt corpus: a forger's key")

TABLE = (
    '{"bet": "100000", "variant": "online", "players": [\n'
    ' {"id": "an", "arrangement": {"back": ["As", "Ad", "Ah", "Kc", "Kd"],'
    ' "middle": ["9s", "9d", "5c", "5h", "2s"], "front": ["Qh", "Jc", "3d"]}},\n'
    ' {"id": "binh", "arrangement": {"back": ["Ts", "Js", "Qs", "Ks", "7s"],'
    ' "middle": ["8h", "8c", "4d", "4s", "6c"], "front": ["Th", "Tc", "2d"]}}]}'
)
# A request as a platform's own copy might hold it, with numbers no double holds exactly (the
# service would refuse these members; a verifier digests whatever text was stored): bound exactly.
EXACT = TABLE[:-1] + (
    ', "platform": {"ref": 0.10000000000000000555, "round": 10000000000000001, "tiny": 1e-400,'
    ' "huge": 1E+400, "zero": -0.0, "whole": 2.50}}'
)


# A request at the readers' limits: nested 200 deep (the table 1, "platform" 2, its list 198 more).
AT_THE_LIMITS = TABLE[:-1] + (
    ', "platform": {"deep": ' + "[" * 198 + "]" * 198 + ', "far": 1e999999999, "near": 1e-999999999}}'
)


def pem_file(key: Ed25519PrivateKey, folder: Path, name: str) -> Path:
    path = folder / name
    path.write_bytes(key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    return path


def _answers(signing: Ed25519PrivateKey | None, old: list[Ed25519PrivateKey], requests: list[str]) -> list[str]:
    """The service's answers to ``requests`` (settlements), as texts, by a deployment signing with
    ``signing`` (none: unsigned) that also serves ``old``."""
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        tenants = where / "tenants.yaml"
        tenants.write_text(
            f'tenants:\n  - name: platform-a\n    key_sha256: "{key_digest(TENANT_KEY)}"\n    limits: ["1000/minute"]\n'
        )
        config: dict[str, Any] = {
            "tenants_file": tenants,
            "receipt_old_keys": tuple(pem_file(key, where, f"old{index}.pem") for index, key in enumerate(old)),
        }
        if signing is not None:
            config["receipt_key"] = pem_file(signing, where, "key.pem")
        client = create_app(config).test_client()
        with mock.patch.object(receipted_answers, "issue_time", return_value=AT):
            answers = [
                client.post(
                    "/v1/settlements",
                    data=request,
                    headers={"X-API-Key": TENANT_KEY, "Content-Type": "application/json"},
                )
                for request in requests
            ]
    for answer in answers:
        if answer.status_code != 200:
            sys.exit(f"the corpus's settlement was refused: {answer.get_data(as_text=True)}")
    return [answer.get_data(as_text=True).rstrip("\n") for answer in answers]


def key_set(*keys: Ed25519PrivateKey) -> dict[str, Any]:
    return {"keys": ReceiptSigner(None, [key.public_key() for key in keys]).keys}


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _jws(header: dict[str, Any], payload: bytes, sign: Callable[[bytes], bytes]) -> str:
    signing_input = _b64(json.dumps(header, separators=(",", ":")).encode()) + "." + _b64(payload)
    return signing_input + "." + _b64(sign(signing_input.encode("ascii")))


def _receipt(answer: str) -> dict[str, Any]:
    receipt: dict[str, Any] = json.loads(answer)["receipt"]
    return receipt


def _with_receipt(answer: str, receipt: dict[str, Any]) -> str:
    """``answer`` with its receipt replaced (the rest of the text kept byte for byte)."""
    head = answer[: answer.rindex(',"receipt":')]
    return head + ',"receipt":' + json.dumps(receipt, separators=(",", ":"), ensure_ascii=False) + "}"


def _kid(key: Ed25519PrivateKey) -> str:
    return str(ReceiptSigner(key).key_id)


def _exact_digest(text: str) -> str:
    return "sha256:" + hashlib.sha256(exact_canonical(read_strict(text))).hexdigest()


def _claims(receipt: dict[str, Any]) -> dict[str, Any]:
    names = ("id", "operation", "request_digest", "answer_digest", "fingerprints", "model", "release")
    return {name: receipt[name] for name in names}


def _resigned(answer: str, change: Callable[[dict[str, Any]], None], *, key: Ed25519PrivateKey = KEY) -> str:
    """``answer`` with its receipt changed by ``change`` and both signatures made again by ``key``
    (as the deployment would have signed it), to reach the steps after the id."""
    receipt = _receipt(answer)
    change(receipt)
    claims = {name: receipt[name] for name in CLAIMS}
    receipt["id"] = "rct-" + hashlib.sha256(canonical(claims)).hexdigest()[:32]
    kid = receipt["key_id"]
    header = {"alg": "EdDSA", "kid": kid, "typ": RECEIPT_TYPE}
    receipt["signature"] = _jws(header, canonical(_claims(receipt)), key.sign)
    issue = {"at": receipt["issued"]["at"], "receipt": receipt["id"], "tenant": receipt["issued"]["tenant"]}
    receipt["issued"]["signature"] = _jws({**header, "typ": ISSUE_TYPE}, canonical(issue), key.sign)
    return _with_receipt(answer, receipt)


def _swap_signatures(receipt: dict[str, Any]) -> None:
    receipt["signature"], receipt["issued"]["signature"] = receipt["issued"]["signature"], receipt["signature"]


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(receipt: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        target = receipt
        for name in parents:
            target = target[name]
        if value is _DELETE:
            del target[last]
        else:
            target[last] = value

    return change


_DELETE = object()


def _edited(answer: str, path: str, value: Any) -> str:
    receipt = _receipt(answer)
    _set(path, value)(receipt)
    return _with_receipt(answer, receipt)


def _flip_last(token: str) -> str:
    """The JWS with one bit of its signature changed (its text still canonical base64url)."""
    head, _dot, signature = token.rpartition(".")
    data = bytearray(base64.urlsafe_b64decode(signature + "=="))
    data[0] ^= 1
    return head + "." + _b64(bytes(data))


def _stray_bits(token: str) -> str:
    """The same signature bytes written with its last character's unused bits set: not the one form."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    last = alphabet.index(token[-1])
    assert last & 0b1111 == 0, "a 64-byte signature's last character carries 4 unused bits, all 0"
    return token[:-1] + alphabet[last | 0b0001]


def cases() -> dict[str, Any]:
    """The corpus: key sets by name, and each case with its verdict ("holds" or a refusal code)."""
    genuine, other = _answers(KEY, [OLD_KEY], [TABLE, TABLE.replace('"100000"', '"100001"')])
    exact = _resigned(genuine, _set("request_digest", _exact_digest(EXACT)))
    (rotated,) = _answers(OLD_KEY, [], [TABLE])
    (unsigned,) = _answers(None, [], [TABLE])
    keys = key_set(KEY, OLD_KEY)
    foreign = key_set(FOREIGN_KEY)
    foreign["keys"][0]["kid"] = _kid(KEY)  # a forger's key under the deployment's id
    receipt = _receipt(genuine)
    kid = receipt["key_id"]
    signature = receipt["signature"]
    header = {"alg": "EdDSA", "kid": kid, "typ": RECEIPT_TYPE}
    payload = canonical(_claims(receipt))
    request_reordered = json.dumps(_members_reversed(json.loads(TABLE)), indent=1, ensure_ascii=True)
    answer_spaced = json.dumps(json.loads(genuine), indent=2, ensure_ascii=True)
    before_1_1 = _receipt(genuine)
    del before_1_1["issued"]
    net = '"net":"'
    forged_net = genuine.replace('{"id":"an",', '{"id":"an","net":"9999.00",', 1)
    x25519 = key_set(KEY)
    x25519["keys"][0]["crv"] = "X25519"
    short = key_set(KEY)
    short["keys"][0]["x"] = short["keys"][0]["x"][:-2]
    c: list[dict[str, Any]] = []

    def case(name: str, about: str, verdict: str, answer: str, *, request: str = TABLE, key_set: str = "deployment",
             tenant: str | None = None, require_signature: bool = True) -> None:  # fmt: skip
        c.append({"id": name, "about": about, "request": request, "answer": answer, "keys": key_set,
                  "tenant": tenant, "require_signature": require_signature, "verdict": verdict})  # fmt: skip

    case("genuine", "The service's answer as it came: it holds.", "holds", genuine)
    case("genuine_as_the_platform", "Checked as the tenant it was issued to.", "holds", genuine, tenant="platform-a")
    case("genuine_reordered", "Request and answer stored in another member order and spacing, names escaped.",
         "holds", answer_spaced, request=request_reordered.replace('"bet"', '"\\u0062et"'))  # fmt: skip
    case("genuine_exact_numbers", "A request holding numbers no double holds (0.10000000000000000555, "
         "10000000000000001, 1e-400, 1E+400, -0.0, 2.50), its receipt signed for their exact values.",
         "holds", exact, request=EXACT)  # fmt: skip
    case("genuine_old_key", "Signed with the key before a rotation, which the key set still serves.",
         "holds", rotated)  # fmt: skip
    case("genuine_unsigned_accepted", "A deployment with no key: unsigned, and the caller accepts that.",
         "holds", unsigned, require_signature=False)  # fmt: skip
    case("genuine_before_1_1", "A receipt stored before 1.1 has no issue: it holds, as nobody's.",
         "holds", _with_receipt(genuine, before_1_1))  # fmt: skip
    # Strict JSON.
    case("forged_net_first", 'A forged "net" placed before the genuine one (a lenient reader keeps the last).',
         "not_strict_json", forged_net)  # fmt: skip
    case("forged_bet_first", "A request with a forged first bet before the genuine one.", "not_strict_json",
         genuine, request=TABLE.replace('{"bet"', '{"bet": "1", "bet"'))  # fmt: skip
    case("comment", "A comment in the answer.", "not_strict_json", "/* stored */" + genuine)
    case("single_quotes", "A name in single quotes.", "not_strict_json", genuine.replace('"bet":', "'bet':", 1))
    case("trailing_comma", "A trailing comma in the request.", "not_strict_json", genuine,
         request=TABLE[:-1] + ",}")  # fmt: skip
    case("nan", "NaN in the request.", "not_strict_json", genuine, request=TABLE.replace('"100000"', "NaN"))
    case("infinity", "Infinity in the request.", "not_strict_json", genuine,
         request=TABLE.replace('"100000"', "Infinity"))  # fmt: skip
    case("lone_surrogate", "A string holding a lone surrogate escape.", "not_strict_json", genuine,
         request=TABLE.replace('"an"', '"an\\ud800"', 1))  # fmt: skip
    case("byte_order_mark", "The answer opens with a byte order mark.", "not_strict_json", "\ufeff" + genuine)
    case("leading_zero", "A number with a leading zero.", "not_strict_json", genuine,
         request=TABLE.replace('"100000"', "0100000"))  # fmt: skip
    case("raw_newline_in_string", "A raw line feed inside a string.", "not_strict_json", genuine,
         request=TABLE.replace('"an"', '"a\nn"', 1))  # fmt: skip
    case("two_values", "Two JSON texts one after the other.", "not_strict_json", genuine + " {}")
    # The receipt's fields.
    case("no_receipt", "The answer without its receipt.", "no_receipt", genuine[: genuine.rindex(',"receipt":')] + "}")
    case("answer_an_array", "An answer that is not an object.", "no_receipt", "[" + genuine + "]")
    case("receipt_a_string", "A receipt that is not an object.", "no_receipt",
         genuine[: genuine.rindex(',"receipt":')] + ',"receipt":"rct-0"}')  # fmt: skip
    for path, value, about in (
        ("answer_digest", _DELETE, "answer_digest missing"),
        ("fingerprints", receipt["fingerprints"][0], "fingerprints a string, not a list"),
        ("signed", "true", "signed a string"),
        ("key_id", 7, "key_id a number"),
        ("signature", None, "signed true with no signature"),
        ("id", receipt["id"].upper(), "id in capitals"),
        ("issued/tenant", _DELETE, "an issue naming no tenant"),
        ("issued/tenant", "", "an issue naming the empty tenant"),
        ("issued/at", "2026-12-06 12:00:00", "an issue's time not in RFC 3339 UTC"),
        ("issued/signature", None, "a signed receipt whose issue is unsigned"),
        ("issued", "platform-a", "an issue that is not an object"),
    ):
        name = "fields_" + about.replace(" ", "_").replace(",", "").replace("'", "")
        case(name, f"A receipt with {about}.", "receipt_fields", _edited(genuine, path, value))
    # Digests and id.
    case("request_changed", "The stored request with its bet changed by one.", "request_digest", genuine,
         request=TABLE.replace('"100000"', '"100001"'))  # fmt: skip
    for name, literal, instead in (
        ("rounded_to_the_double", "0.10000000000000000555", "0.1"),
        (
            "the_doubles_exact_value",
            "0.10000000000000000555",
            "0.1000000000000000055511151231257827021181583404541015625",
        ),
        ("integer_rounded", "10000000000000001", "10000000000000000"),
        ("underflow_to_zero", "1e-400", "0"),
        ("tiny_changed", "1e-400", "1e-401"),
        ("overflow_changed", "1E+400", "1E+401"),
    ):
        case(f"exact_{name}", f"The exact request with {literal} stored as {instead}.", "request_digest", exact,
             request=EXACT.replace(literal, instead))  # fmt: skip
    case("exact_same_values", "The exact request with each number written another way of the same value.",
         "holds", exact, request=_rewritten(EXACT))  # fmt: skip
    case("net_changed", "The answer with a net changed.", "answer_digest",
         genuine.replace(net, net + "1", 1))  # fmt: skip
    case("member_added", "The answer with a member added.", "answer_digest", genuine.replace("{", '{"paid":true,', 1))
    case("model_changed", "The receipt's model changed (its digests intact).", "id",
         _edited(genuine, "model", "model-0000000000000000"))  # fmt: skip
    # Whose.
    case("another_tenant", "Checked as another tenant's.", "tenant", genuine, tenant="platform-b")
    case("no_tenant_named", "A receipt from before 1.1 checked as a tenant's.", "tenant",
         _with_receipt(genuine, before_1_1), tenant="platform-a")  # fmt: skip
    case("unsigned", "An unsigned receipt where a signed one is required.", "unsigned", unsigned)
    # Keys.
    case("key_set_unreadable", "A key set whose keys are not a list.", "key_set", genuine, key_set="not_a_list")
    case("unknown_key", "A key set without the receipt's key.", "unknown_key", genuine, key_set="other")
    case("key_not_ed25519", "The key under the id is an X25519 key.", "key_type", genuine, key_set="x25519")
    case("key_too_short", "The key under the id is 31 bytes.", "key_type", genuine, key_set="short")
    case("foreign_key_under_the_id", "A forger's key under the deployment's id, the receipt signed with it.",
         "key_thumbprint", _resigned(genuine, lambda _r: None, key=FOREIGN_KEY), key_set="foreign")  # fmt: skip
    # The signatures.
    case("two_part_signature", "A signature of two parts.", "jws_form",
         _edited(genuine, "signature", signature.rpartition(".")[0]))  # fmt: skip
    case("padded_signature", "A signature written with base64 padding.", "jws_form",
         _edited(genuine, "signature", signature + "=="))  # fmt: skip
    case("stray_bits", "The signature's bytes written with unused bits set.", "jws_form",
         _edited(genuine, "signature", _stray_bits(signature)))  # fmt: skip
    case("alg_none", 'A JWS of the fields with alg "none".', "jws_header",
         _edited(genuine, "signature", _jws({**header, "alg": "none"}, payload, lambda _i: b"")))  # fmt: skip
    public = base64.urlsafe_b64decode(keys["keys"][0]["x"] + "=")
    case("hs256_with_the_public_key", "A JWS made with HS256, the public key as its secret.", "jws_header",
         _edited(genuine, "signature", _jws({**header, "alg": "HS256"}, payload,
                                            lambda data: hmac.digest(public, data, "sha256"))))  # fmt: skip
    case("header_names_another_key", "A JWS whose header names another key.", "jws_header",
         _edited(genuine, "signature", _jws({**header, "kid": _kid(OLD_KEY)}, payload, KEY.sign)))  # fmt: skip
    case(
        "signatures_swapped",
        "The issue's signature in the receipt's place and back (another typ).",
        "jws_header",
        _swapped(genuine),
    )
    case("signature_bit_flipped", "One bit of the signature changed.", "jws_signature",
         _edited(genuine, "signature", _flip_last(signature)))  # fmt: skip
    case("signed_by_a_forger", "Signed with a forger's key under the deployment's id; the key set genuine.",
         "jws_signature", _resigned(genuine, lambda _r: None, key=FOREIGN_KEY))  # fmt: skip
    case("another_receipts_signature", "The signature of another request's receipt.", "jws_payload",
         _edited(genuine, "signature", _receipt(other)["signature"]))  # fmt: skip
    case("issue_tenant_changed", "The issue's tenant changed: its signature is of another tenant.", "jws_payload",
         _edited(genuine, "issued/tenant", "platform-b"))  # fmt: skip
    case("issue_time_changed", "The issue's time changed.", "jws_payload",
         _edited(genuine, "issued/at", "2026-12-07T12:00:00Z"))  # fmt: skip
    case("issue_of_another_receipt", "The issue signed for another receipt.", "jws_payload",
         _edited(genuine, "issued/signature", _receipt(other)["issued"]["signature"]))  # fmt: skip
    # The readers' two limits, at them and just beyond (added after the first 65 cases).
    limits = _resigned(genuine, _set("request_digest", _exact_digest(AT_THE_LIMITS)))
    case("genuine_at_the_limits", "A request nested 200 deep and holding 1e999999999 and 1e-999999999.", "holds",
         limits, request=AT_THE_LIMITS)  # fmt: skip
    case("nested_too_deep", "The same request nested 201 deep.", "not_strict_json", limits,
         request=AT_THE_LIMITS.replace('"deep": [', '"deep": [[', 1).replace("]]", "]]]", 1))  # fmt: skip
    case("exponent_too_large", "The same request holding 1e1000000000.", "not_strict_json", limits,
         request=AT_THE_LIMITS.replace("1e999999999", "1e1000000000"))  # fmt: skip
    key_sets = {
        "deployment": keys,
        "foreign": foreign,
        "other": key_set(FOREIGN_KEY),
        "x25519": x25519,
        "short": short,
        "not_a_list": {"keys": keys["keys"][0]},
    }
    return {"about": ABOUT, "key_sets": key_sets, "cases": c}


def _rewritten(text: str) -> str:
    """``text`` with numbers written another way of the same value."""
    return text.replace("1e-400", "0.1E-399").replace("2.50", "2.5000").replace("-0.0", "0")


def _members_reversed(value: Any) -> Any:
    if isinstance(value, dict):
        return {name: _members_reversed(item) for name, item in reversed(value.items())}
    if isinstance(value, list):
        return [_members_reversed(item) for item in value]
    return value


def _swapped(answer: str) -> str:
    receipt = _receipt(answer)
    _swap_signatures(receipt)
    return _with_receipt(answer, receipt)


ABOUT = [
    "Receipts as a platform stores them: the request's and the answer's JSON texts, a key set (by name, "
    "from key_sets), the tenant expected (null: any) and whether an unsigned receipt is refused. "
    "`verdict` is what every verifier must answer: 'holds', or the code of the first step that fails "
    "(docs/integrating.md, 'Verifying a receipt'). The service's check and the Python, TypeScript, Java "
    "and Go clients' each judge every case in make test.",
    "Written by python -m tools.receipt_corpus --write with test keys derived from fixed phrases, never "
    "a deployment's: a stored receipt must verify for ever, so a case is added, never changed.",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the corpus (else: check every verdict)")
    written = cases()
    for entry in written["cases"]:
        keys = json.dumps(written["key_sets"][entry["keys"]])
        try:
            check_receipt(entry["request"], entry["answer"], keys, tenant=entry["tenant"],
                          require_signature=entry["require_signature"])  # fmt: skip
            verdict = "holds"
        except ReceiptRefused as refused:
            verdict = refused.code.value
        if verdict != entry["verdict"]:
            sys.exit(f"{entry['id']}: the service's check says {verdict}, the case {entry['verdict']}")
    if parser.parse_args().write:
        CORPUS.write_text(json.dumps(written, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {len(written['cases'])} cases to {CORPUS}")


if __name__ == "__main__":
    main()
