from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.error_code import ErrorCode






T = TypeVar("T", bound="InvalidValue")



@_attrs_define
class InvalidValue:
    """ One offending value of a 422.

        Attributes:
            pointer (str): RFC 6901 JSON pointer into the request body ("" for the whole body).
            code (ErrorCode): What is wrong with one value, for a program to read: the same in both languages, stable
                within `/v1`. New codes may be added in a minor release (a client treats a code it does not
                know as `invalid_value`; docs/integrating.md, "Rules of change").

                | code | meaning |
                |---|---|
                | `card_unknown` | a text that is not a card in any accepted notation |
                | `card_repeated` | the same card twice: in one hand, or dealt to two players |
                | `wrong_count` | a chi, a hand, a list or a batch with the wrong number of items |
                | `required` | a required field is missing |
                | `null` | `null` where a value is needed |
                | `unknown_field` | a field this operation does not take |
                | `wrong_type` | a value of the wrong JSON type |
                | `out_of_range` | a number outside its field's range |
                | `not_a_choice` | a text that is none of its field's choices |
                | `conflict` | two fields that cannot go together |
                | `unknown_preset` | a preset the service does not know |
                | `unknown_knob` | a knob no variant has |
                | `knob_value` | a knob's value out of its range, or knobs that contradict each other |
                | `fingerprint_mismatch` | a variant fingerprint that does not match its preset and overrides |
                | `bet_format` | a bet that is not a decimal string of digits |
                | `bet_range` | a bet of 0 or less, or above the largest |
                | `bet_decimals` | a bet with more decimal places than the variant pays |
                | `player_count` | a table of too few or too many players |
                | `player_repeated` | one player id used twice at a table (ids compared in Unicode NFC) |
                | `player_id_character` | a player id with a control, format (bidi, zero-width, BOM) or line-separator character
                |
                | `theme_unavailable` | a drill theme the variant or table never deals, or too seldom to find |
                | `body_shape` | a body beyond what any request holds (members, values, text length, NUL, lone surrogate) |
                | `invalid_value` | any other value of the right type that is not valid there |
            detail (str): What is wrong there, in a sentence in the answer's language.
     """

    pointer: str
    code: ErrorCode
    detail: str





    def to_dict(self) -> dict[str, Any]:
        pointer = self.pointer

        code = self.code.value

        detail = self.detail


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "pointer": pointer,
            "code": code,
            "detail": detail,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pointer = d.pop("pointer")

        code = ErrorCode(d.pop("code"))




        detail = d.pop("detail")

        invalid_value = cls(
            pointer=pointer,
            code=code,
            detail=detail,
        )

        return invalid_value

