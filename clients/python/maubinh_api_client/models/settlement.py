from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.pair_result import PairResult
  from ..models.player_result import PlayerResult
  from ..models.receipt import Receipt
  from ..models.settlement_house_take import SettlementHouseTake
  from ..models.variant import Variant





T = TypeVar("T", bound="Settlement")



@_attrs_define
class Settlement:
    """ 
        Attributes:
            players (list[PlayerResult]):
            pairs (list[PairResult]):
            house_take (SettlementHouseTake):
            bet (str): The bet (mức cược), as a decimal string: > 0, at most 10^12, with no more decimal places than the
                variant's amount_decimals. A JSON number is refused (`bet_format`) since 1.0.0: money never passes through a
                binary float.
            variant (Variant): A preset with overrides: what a request's `variant` may be, and what every answer's `variant`
                is (an answer always has all three fields, so that it can be sent back as it is).
            amount_decimals (int | Unset): The decimal places of every amount in this answer (the variant's
                `amount_decimals`), so that a client can check them without asking for the variant. Added after 1.0.0: every
                answer has it, and a hand record written by 1.0.0 may not (it is read without it). Example: 2.
            receipt (Receipt | Unset): What the service answered to a settlement, for a dispute: the answer's last member.
                Its
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

    players: list[PlayerResult]
    pairs: list[PairResult]
    house_take: SettlementHouseTake
    bet: str
    variant: Variant
    amount_decimals: int | Unset = UNSET
    receipt: Receipt | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.pair_result import PairResult # noqa: PLC0415
        from ..models.player_result import PlayerResult # noqa: PLC0415
        from ..models.receipt import Receipt # noqa: PLC0415
        from ..models.settlement_house_take import SettlementHouseTake # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)



        pairs = []
        for pairs_item_data in self.pairs:
            pairs_item = pairs_item_data.to_dict()
            pairs.append(pairs_item)



        house_take = self.house_take.to_dict()

        bet = self.bet

        variant = self.variant.to_dict()

        amount_decimals = self.amount_decimals

        receipt: dict[str, Any] | Unset = UNSET
        if not isinstance(self.receipt, Unset):
            receipt = self.receipt.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "players": players,
            "pairs": pairs,
            "house_take": house_take,
            "bet": bet,
            "variant": variant,
        })
        if amount_decimals is not UNSET:
            field_dict["amount_decimals"] = amount_decimals
        if receipt is not UNSET:
            field_dict["receipt"] = receipt

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pair_result import PairResult # noqa: PLC0415
        from ..models.player_result import PlayerResult # noqa: PLC0415
        from ..models.receipt import Receipt # noqa: PLC0415
        from ..models.settlement_house_take import SettlementHouseTake # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        d = dict(src_dict)
        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            players_item = PlayerResult.from_dict(players_item_data)



            players.append(players_item)


        pairs = []
        _pairs = d.pop("pairs")
        for pairs_item_data in (_pairs):
            pairs_item = PairResult.from_dict(pairs_item_data)



            pairs.append(pairs_item)


        house_take = SettlementHouseTake.from_dict(d.pop("house_take"))




        bet = d.pop("bet")

        variant = Variant.from_dict(d.pop("variant"))




        amount_decimals = d.pop("amount_decimals", UNSET)

        _receipt = d.pop("receipt", UNSET)
        receipt: Receipt | Unset
        if isinstance(_receipt,  Unset):
            receipt = UNSET
        else:
            receipt = Receipt.from_dict(_receipt)




        settlement = cls(
            players=players,
            pairs=pairs,
            house_take=house_take,
            bet=bet,
            variant=variant,
            amount_decimals=amount_decimals,
            receipt=receipt,
        )

        return settlement

