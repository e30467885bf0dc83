from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.problem_type import ProblemType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.invalid_value import InvalidValue





T = TypeVar("T", bound="Problem")



@_attrs_define
class Problem:
    """ RFC 9457 problem details. `title`, `detail` and each `errors` entry's `detail` are in the language `Accept-Language`
    chose (`Content-Language` says which); `type`, `status`, `instance` and the pointers are the same in both. A 422's
    `detail` is its first entry as `<pointer>: <detail>`, then "(and N more)" ("(và N lỗi khác)").

        Attributes:
            type_ (ProblemType): What went wrong, as a URN: one per kind of problem, the same in both languages (`error` for
                a status no other names).
            title (str): The status in words: "Invalid content" ("Nội dung không hợp lệ"), "Malformed request" ("Yêu cầu sai
                định dạng"), ...
            status (int):
            detail (str): What is wrong, in a sentence.
            instance (str | Unset): The request path. Every answer of the service has it; an answer the front (nginx) makes
                itself has it when the path is plain (letters, digits and the usual URI punctuation).
            errors (list[InvalidValue] | Unset): For a 422, every offending value.
     """

    type_: ProblemType
    title: str
    status: int
    detail: str
    instance: str | Unset = UNSET
    errors: list[InvalidValue] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.invalid_value import InvalidValue # noqa: PLC0415
        type_ = self.type_.value

        title = self.title

        status = self.status

        detail = self.detail

        instance = self.instance

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "title": title,
            "status": status,
            "detail": detail,
        })
        if instance is not UNSET:
            field_dict["instance"] = instance
        if errors is not UNSET:
            field_dict["errors"] = errors

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.invalid_value import InvalidValue # noqa: PLC0415
        d = dict(src_dict)
        type_ = ProblemType(d.pop("type"))




        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        instance = d.pop("instance", UNSET)

        _errors = d.pop("errors", UNSET)
        errors: list[InvalidValue] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = InvalidValue.from_dict(errors_item_data)



                errors.append(errors_item)


        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            instance=instance,
            errors=errors,
        )

        return problem

