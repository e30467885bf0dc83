from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.receipt_operation import ReceiptOperation
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.receipt_issue import ReceiptIssue





T = TypeVar("T", bound="Receipt")



@_attrs_define
class Receipt:
    """ What the service answered to a settlement, for a dispute: the answer's last member. Its
    digests are the SHA-256 of the JSON Canonicalization Scheme form (RFC 8785) of the request
    body as sent and of the answer without its `receipt`, so they hold whatever order or spacing
    the platform stored them in. `signature` is a compact JWS (RFC 7515, `alg` `EdDSA`, `typ`
    `maubinh-receipt+jws`, `kid` a key of `GET /.well-known/jwks.json`) whose payload is the
    canonical form of the receipt's fields `id` to `release`; null, with `signed` false, when
    the deployment has no signing key. The same request answered the same way gets the same
    receipt. `issued` says whose it is and when it was made, signed apart (the same key), so
    that the id and its signature stay those of the request and the answer. docs/integrating.md,
    "Receipts", says what to store and how a third party checks it; the Python, TypeScript, Java
    and Go clients verify one offline.

        Attributes:
            id (str): The first 32 hexadecimal digits of the SHA-256 of the canonical form of the fields `operation` to
                `release`.
            operation (ReceiptOperation): The operation that answered.
            request_digest (str): `sha256:` and the hexadecimal SHA-256 of a JSON value's RFC 8785 canonical form.
            answer_digest (str): `sha256:` and the hexadecimal SHA-256 of a JSON value's RFC 8785 canonical form.
            fingerprints (list[str]): Each table's variant fingerprint, in the order of the tables.
            model (str): The model that answered (`X-Model-Version`).
            release (str): The service's release.
            key_id (None | str): The signing key's `kid`, or null when the receipt is unsigned.
            signed (bool): Whether the deployment signed the receipt.
            signature (None | str): The compact JWS of the receipt's fields, or null when the receipt is unsigned.
            issued (ReceiptIssue | Unset): Whose receipt it is and when it was made (since 1.1.0). `signature` is a compact
                JWS with
                the receipt's key (`kid` its `key_id`, `typ` `maubinh-receipt-issue+jws`) whose payload is
                the RFC 8785 form of `{"at": at, "receipt": the receipt's id, "tenant": tenant}`; null when
                the receipt is unsigned. A receipt another tenant was issued does not verify as yours: the
                clients' verifiers take the tenant expected.
     """

    id: str
    operation: ReceiptOperation
    request_digest: str
    answer_digest: str
    fingerprints: list[str]
    model: str
    release: str
    key_id: None | str
    signed: bool
    signature: None | str
    issued: ReceiptIssue | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.receipt_issue import ReceiptIssue # noqa: PLC0415
        id = self.id

        operation = self.operation.value

        request_digest = self.request_digest

        answer_digest = self.answer_digest

        fingerprints = self.fingerprints



        model = self.model

        release = self.release

        key_id: None | str
        key_id = self.key_id

        signed = self.signed

        signature: None | str
        signature = self.signature

        issued: dict[str, Any] | Unset = UNSET
        if not isinstance(self.issued, Unset):
            issued = self.issued.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "operation": operation,
            "request_digest": request_digest,
            "answer_digest": answer_digest,
            "fingerprints": fingerprints,
            "model": model,
            "release": release,
            "key_id": key_id,
            "signed": signed,
            "signature": signature,
        })
        if issued is not UNSET:
            field_dict["issued"] = issued

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.receipt_issue import ReceiptIssue # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        operation = ReceiptOperation(d.pop("operation"))




        request_digest = d.pop("request_digest")

        answer_digest = d.pop("answer_digest")

        fingerprints = cast(list[str], d.pop("fingerprints"))


        model = d.pop("model")

        release = d.pop("release")

        def _parse_key_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        key_id = _parse_key_id(d.pop("key_id"))


        signed = d.pop("signed")

        def _parse_signature(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        signature = _parse_signature(d.pop("signature"))


        _issued = d.pop("issued", UNSET)
        issued: ReceiptIssue | Unset
        if isinstance(_issued,  Unset):
            issued = UNSET
        else:
            issued = ReceiptIssue.from_dict(_issued)




        receipt = cls(
            id=id,
            operation=operation,
            request_digest=request_digest,
            answer_digest=answer_digest,
            fingerprints=fingerprints,
            model=model,
            release=release,
            key_id=key_id,
            signed=signed,
            signature=signature,
            issued=issued,
        )

        return receipt

