from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="ReceiptKey")



@_attrs_define
class ReceiptKey:
    """ An Ed25519 public key as a JWK (RFC 8037).

        Attributes:
            kty (Literal['OKP']):
            crv (Literal['Ed25519']):
            x (str): The public key, base64url.
            kid (str): The key's RFC 7638 thumbprint, base64url.
            alg (Literal['EdDSA']):
            use (Literal['sig']):
     """

    kty: Literal['OKP']
    crv: Literal['Ed25519']
    x: str
    kid: str
    alg: Literal['EdDSA']
    use: Literal['sig']





    def to_dict(self) -> dict[str, Any]:
        kty = self.kty

        crv = self.crv

        x = self.x

        kid = self.kid

        alg = self.alg

        use = self.use


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kty": kty,
            "crv": crv,
            "x": x,
            "kid": kid,
            "alg": alg,
            "use": use,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kty = cast(Literal['OKP'] , d.pop("kty"))
        if kty != 'OKP':
            raise ValueError(f"kty must match const 'OKP', got '{kty}'")

        crv = cast(Literal['Ed25519'] , d.pop("crv"))
        if crv != 'Ed25519':
            raise ValueError(f"crv must match const 'Ed25519', got '{crv}'")

        x = d.pop("x")

        kid = d.pop("kid")

        alg = cast(Literal['EdDSA'] , d.pop("alg"))
        if alg != 'EdDSA':
            raise ValueError(f"alg must match const 'EdDSA', got '{alg}'")

        use = cast(Literal['sig'] , d.pop("use"))
        if use != 'sig':
            raise ValueError(f"use must match const 'sig', got '{use}'")

        receipt_key = cls(
            kty=kty,
            crv=crv,
            x=x,
            kid=kid,
            alg=alg,
            use=use,
        )

        return receipt_key

