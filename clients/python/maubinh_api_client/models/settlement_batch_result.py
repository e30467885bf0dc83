from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.receipt import Receipt
  from ..models.settlement import Settlement





T = TypeVar("T", bound="SettlementBatchResult")



@_attrs_define
class SettlementBatchResult:
    """ 
        Attributes:
            results (list[Settlement]): The settled tables, in the order sent (each names its variant; none has a receipt of
                its own).
            receipt (Receipt): What the service answered to a settlement, for a dispute: the answer's last member. Its
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
     """

    results: list[Settlement]
    receipt: Receipt





    def to_dict(self) -> dict[str, Any]:
        from ..models.receipt import Receipt # noqa: PLC0415
        from ..models.settlement import Settlement # noqa: PLC0415
        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)



        receipt = self.receipt.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "results": results,
            "receipt": receipt,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.receipt import Receipt # noqa: PLC0415
        from ..models.settlement import Settlement # noqa: PLC0415
        d = dict(src_dict)
        results = []
        _results = d.pop("results")
        for results_item_data in (_results):
            results_item = Settlement.from_dict(results_item_data)



            results.append(results_item)


        receipt = Receipt.from_dict(d.pop("receipt"))




        settlement_batch_result = cls(
            results=results,
            receipt=receipt,
        )

        return settlement_batch_result

