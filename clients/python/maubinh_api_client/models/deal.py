from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Deal")



@_attrs_define
class Deal:
    """ A deal and what it came from: the server seed (its SHA-256 is the commitment's
    `server_seed_hash`), the client seeds, the whole shuffled deck and each seat's 13 cards
    in the order dealt. Keep it with its `DealCommitment`: the two are the deal's proof.

        Attributes:
            deal_id (str): A deal's id, `deal-`, 8 hexadecimal digits naming the secret its seed comes from, and 32 random
                ones.
            shuffle (str): The shuffle that deals from the seeds (`POST /v1/deals/{deal_id}` describes `hmac-sha256-fisher-
                yates-1`); a later one gets another name.
            server_seed (str): The server seed, 32 bytes in hexadecimal.
            server_seed_hash (str): `sha256:` and the hexadecimal SHA-256 of the server seed's 32 bytes.
            client_seeds (list[str]):
            seats (int):
            deck (list[str]): The 52 cards as the shuffle left them.
            hands (list[list[str]]): Each seat's 13 cards, seat 0 first, in the deck's order.
     """

    deal_id: str
    shuffle: str
    server_seed: str
    server_seed_hash: str
    client_seeds: list[str]
    seats: int
    deck: list[str]
    hands: list[list[str]]





    def to_dict(self) -> dict[str, Any]:
        deal_id = self.deal_id

        shuffle = self.shuffle

        server_seed = self.server_seed

        server_seed_hash = self.server_seed_hash

        client_seeds = self.client_seeds



        seats = self.seats

        deck = self.deck



        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data


            hands.append(hands_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "deal_id": deal_id,
            "shuffle": shuffle,
            "server_seed": server_seed,
            "server_seed_hash": server_seed_hash,
            "client_seeds": client_seeds,
            "seats": seats,
            "deck": deck,
            "hands": hands,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deal_id = d.pop("deal_id")

        shuffle = d.pop("shuffle")

        server_seed = d.pop("server_seed")

        server_seed_hash = d.pop("server_seed_hash")

        client_seeds = cast(list[str], d.pop("client_seeds"))


        seats = d.pop("seats")

        deck = cast(list[str], d.pop("deck"))


        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)


        deal = cls(
            deal_id=deal_id,
            shuffle=shuffle,
            server_seed=server_seed,
            server_seed_hash=server_seed_hash,
            client_seeds=client_seeds,
            seats=seats,
            deck=deck,
            hands=hands,
        )

        return deal

