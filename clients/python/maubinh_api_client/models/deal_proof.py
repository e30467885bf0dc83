from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.deal import Deal
  from ..models.deal_commitment import DealCommitment





T = TypeVar("T", bound="DealProof")



@_attrs_define
class DealProof:
    """ A deal's proof as a hand record keeps it, the two answers as they came.

        Attributes:
            commitment (DealCommitment): The service's commitment to a deal's seed, made before the client seeds are known.
                `signature` is a compact JWS with the receipts' key (`alg` EdDSA, `typ`
                `maubinh-deal-commitment+jws`, `kid` its `key_id`, a key of
                `GET /.well-known/jwks.json`) whose payload is the RFC 8785 form of the fields `deal_id`,
                `shuffle`, `server_seed_hash`, `tenant` and `at`; null, with `signed` false, on a
                deployment with no signing key.
            deal (Deal): A deal and what it came from: the server seed (its SHA-256 is the commitment's
                `server_seed_hash`), the client seeds, the whole shuffled deck and each seat's 13 cards
                in the order dealt. Keep it with its `DealCommitment`: the two are the deal's proof.
     """

    commitment: DealCommitment
    deal: Deal





    def to_dict(self) -> dict[str, Any]:
        from ..models.deal import Deal # noqa: PLC0415
        from ..models.deal_commitment import DealCommitment # noqa: PLC0415
        commitment = self.commitment.to_dict()

        deal = self.deal.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "commitment": commitment,
            "deal": deal,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal import Deal # noqa: PLC0415
        from ..models.deal_commitment import DealCommitment # noqa: PLC0415
        d = dict(src_dict)
        commitment = DealCommitment.from_dict(d.pop("commitment"))




        deal = Deal.from_dict(d.pop("deal"))




        deal_proof = cls(
            commitment=commitment,
            deal=deal,
        )

        return deal_proof

