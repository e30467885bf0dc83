from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="DealCommitment")



@_attrs_define
class DealCommitment:
    """ The service's commitment to a deal's seed, made before the client seeds are known.
    `signature` is a compact JWS with the receipts' key (`alg` EdDSA, `typ`
    `maubinh-deal-commitment+jws`, `kid` its `key_id`, a key of
    `GET /.well-known/jwks.json`) whose payload is the RFC 8785 form of the fields `deal_id`,
    `shuffle`, `server_seed_hash`, `tenant` and `at`; null, with `signed` false, on a
    deployment with no signing key.

        Attributes:
            deal_id (str): A deal's id, `deal-`, 8 hexadecimal digits naming the secret its seed comes from, and 32 random
                ones.
            shuffle (str): The shuffle that deals from the seeds (`POST /v1/deals/{deal_id}` describes `hmac-sha256-fisher-
                yates-1`); a later one gets another name.
            server_seed_hash (str): `sha256:` and the hexadecimal SHA-256 of the 32 bytes of the server seed.
            tenant (str): The tenant the deal is for (its name in the tenants file, `anonymous` on an open deployment).
            at (datetime.datetime): When the commitment was made, UTC, to the second.
            key_id (None | str): The signing key's `kid`, or null when unsigned.
            signed (bool): Whether the deployment signed the commitment.
            signature (None | str): The compact JWS of the commitment, or null when unsigned.
     """

    deal_id: str
    shuffle: str
    server_seed_hash: str
    tenant: str
    at: datetime.datetime
    key_id: None | str
    signed: bool
    signature: None | str





    def to_dict(self) -> dict[str, Any]:
        deal_id = self.deal_id

        shuffle = self.shuffle

        server_seed_hash = self.server_seed_hash

        tenant = self.tenant

        at = self.at.isoformat()

        key_id: None | str
        key_id = self.key_id

        signed = self.signed

        signature: None | str
        signature = self.signature


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "deal_id": deal_id,
            "shuffle": shuffle,
            "server_seed_hash": server_seed_hash,
            "tenant": tenant,
            "at": at,
            "key_id": key_id,
            "signed": signed,
            "signature": signature,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deal_id = d.pop("deal_id")

        shuffle = d.pop("shuffle")

        server_seed_hash = d.pop("server_seed_hash")

        tenant = d.pop("tenant")

        at = datetime.datetime.fromisoformat(d.pop("at"))




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


        deal_commitment = cls(
            deal_id=deal_id,
            shuffle=shuffle,
            server_seed_hash=server_seed_hash,
            tenant=tenant,
            at=at,
            key_id=key_id,
            signed=signed,
            signature=signature,
        )

        return deal_commitment

