from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="ReceiptIssue")



@_attrs_define
class ReceiptIssue:
    """ Whose receipt it is and when it was made (since 1.1.0). `signature` is a compact JWS with
    the receipt's key (`kid` its `key_id`, `typ` `maubinh-receipt-issue+jws`) whose payload is
    the RFC 8785 form of `{"at": at, "receipt": the receipt's id, "tenant": tenant}`; null when
    the receipt is unsigned. A receipt another tenant was issued does not verify as yours: the
    clients' verifiers take the tenant expected.

        Attributes:
            tenant (str): The tenant the receipt was issued to: its name in the deployment's tenants file (never its key),
                `anonymous` on an open deployment.
            at (datetime.datetime): When the receipt was made: UTC, to the second.
            signature (None | str): The compact JWS of the issue, or null when the receipt is unsigned.
     """

    tenant: str
    at: datetime.datetime
    signature: None | str





    def to_dict(self) -> dict[str, Any]:
        tenant = self.tenant

        at = self.at.isoformat()

        signature: None | str
        signature = self.signature


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "tenant": tenant,
            "at": at,
            "signature": signature,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tenant = d.pop("tenant")

        at = datetime.datetime.fromisoformat(d.pop("at"))




        def _parse_signature(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        signature = _parse_signature(d.pop("signature"))


        receipt_issue = cls(
            tenant=tenant,
            at=at,
            signature=signature,
        )

        return receipt_issue

