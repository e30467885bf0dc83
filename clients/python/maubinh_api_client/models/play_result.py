from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.arrangement import Arrangement
  from ..models.chi_hands import ChiHands
  from ..models.natural import Natural
  from ..models.player_level import PlayerLevel
  from ..models.style import Style
  from ..models.variant import Variant
  from ..models.verdict import Verdict





T = TypeVar("T", bound="PlayResult")



@_attrs_define
class PlayResult:
    """ 
        Attributes:
            arrangement (Arrangement): Three chi: back and middle of 5 cards, front of 3. A request may write its cards in
                any notation; an answer writes them canonically, and posts on as it is.
            chi (ChiHands): The three chi, classified.
            natural (Natural | None): The natural the cards hold under the variant (whether the bot declares it or not), or
                null.
            declare_natural (bool): Whether the bot declares the natural the cards hold.
            level (PlayerLevel): The level a bot played at, as every enumeration is given.
            seed (int): The seed sent, or the one drawn.
            style (Style): How the bot came to its arrangement.
            ev (float): Expected points per opponent of the play.
            ev_loss (float): The best play's expected points minus `ev`.
            verdict (Verdict): The grade of the loss in points per opponent: best (0), good (< 0.1), inaccuracy (< 0.3),
                mistake (< 1.0), blunder (>= 1.0); foul for a fouled arrangement that collects no natural.
            opponents (int): The opponents at the table (1-3).
            variant (Variant): A preset with overrides: what a request's `variant` may be, and what every answer's `variant`
                is (an answer always has all three fields, so that it can be sent back as it is).
     """

    arrangement: Arrangement
    chi: ChiHands
    natural: Natural | None
    declare_natural: bool
    level: PlayerLevel
    seed: int
    style: Style
    ev: float
    ev_loss: float
    verdict: Verdict
    opponents: int
    variant: Variant





    def to_dict(self) -> dict[str, Any]:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        from ..models.natural import Natural # noqa: PLC0415
        from ..models.player_level import PlayerLevel # noqa: PLC0415
        from ..models.style import Style # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        from ..models.verdict import Verdict # noqa: PLC0415
        arrangement = self.arrangement.to_dict()

        chi = self.chi.to_dict()

        natural: dict[str, Any] | None
        if isinstance(self.natural, Natural):
            natural = self.natural.to_dict()
        else:
            natural = self.natural

        declare_natural = self.declare_natural

        level = self.level.to_dict()

        seed = self.seed

        style = self.style.to_dict()

        ev = self.ev

        ev_loss = self.ev_loss

        verdict = self.verdict.to_dict()

        opponents = self.opponents

        variant = self.variant.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "arrangement": arrangement,
            "chi": chi,
            "natural": natural,
            "declare_natural": declare_natural,
            "level": level,
            "seed": seed,
            "style": style,
            "ev": ev,
            "ev_loss": ev_loss,
            "verdict": verdict,
            "opponents": opponents,
            "variant": variant,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        from ..models.natural import Natural # noqa: PLC0415
        from ..models.player_level import PlayerLevel # noqa: PLC0415
        from ..models.style import Style # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        from ..models.verdict import Verdict # noqa: PLC0415
        d = dict(src_dict)
        arrangement = Arrangement.from_dict(d.pop("arrangement"))




        chi = ChiHands.from_dict(d.pop("chi"))




        def _parse_natural(data: object) -> Natural | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                natural_type_1 = Natural.from_dict(data)



                return natural_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Natural | None, data)

        natural = _parse_natural(d.pop("natural"))


        declare_natural = d.pop("declare_natural")

        level = PlayerLevel.from_dict(d.pop("level"))




        seed = d.pop("seed")

        style = Style.from_dict(d.pop("style"))




        ev = d.pop("ev")

        ev_loss = d.pop("ev_loss")

        verdict = Verdict.from_dict(d.pop("verdict"))




        opponents = d.pop("opponents")

        variant = Variant.from_dict(d.pop("variant"))




        play_result = cls(
            arrangement=arrangement,
            chi=chi,
            natural=natural,
            declare_natural=declare_natural,
            level=level,
            seed=seed,
            style=style,
            ev=ev,
            ev_loss=ev_loss,
            verdict=verdict,
            opponents=opponents,
            variant=variant,
        )

        return play_result

