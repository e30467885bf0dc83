from enum import StrEnum

class ProblemType(StrEnum):
    URNMAUBINHPROBLEMBUSY = "urn:maubinh:problem:busy"
    URNMAUBINHPROBLEMCOST_OVER_LIMIT = "urn:maubinh:problem:cost-over-limit"
    URNMAUBINHPROBLEMERROR = "urn:maubinh:problem:error"
    URNMAUBINHPROBLEMEXPECTATION_FAILED = "urn:maubinh:problem:expectation-failed"
    URNMAUBINHPROBLEMFORBIDDEN = "urn:maubinh:problem:forbidden"
    URNMAUBINHPROBLEMHEADER_TOO_LARGE = "urn:maubinh:problem:header-too-large"
    URNMAUBINHPROBLEMINTERNAL_ERROR = "urn:maubinh:problem:internal-error"
    URNMAUBINHPROBLEMINVALID_CONTENT = "urn:maubinh:problem:invalid-content"
    URNMAUBINHPROBLEMMALFORMED_REQUEST = "urn:maubinh:problem:malformed-request"
    URNMAUBINHPROBLEMMETHOD_NOT_ALLOWED = "urn:maubinh:problem:method-not-allowed"
    URNMAUBINHPROBLEMNOT_FOUND = "urn:maubinh:problem:not-found"
    URNMAUBINHPROBLEMNOT_IMPLEMENTED = "urn:maubinh:problem:not-implemented"
    URNMAUBINHPROBLEMNOT_READY = "urn:maubinh:problem:not-ready"
    URNMAUBINHPROBLEMPAYLOAD_TOO_LARGE = "urn:maubinh:problem:payload-too-large"
    URNMAUBINHPROBLEMTIMED_OUT = "urn:maubinh:problem:timed-out"
    URNMAUBINHPROBLEMTOO_MANY_REQUESTS = "urn:maubinh:problem:too-many-requests"
    URNMAUBINHPROBLEMUNAUTHORIZED = "urn:maubinh:problem:unauthorized"
    URNMAUBINHPROBLEMUNKNOWN_MODEL = "urn:maubinh:problem:unknown-model"
    URNMAUBINHPROBLEMUNSUPPORTED_MEDIA_TYPE = "urn:maubinh:problem:unsupported-media-type"
    URNMAUBINHPROBLEMURI_TOO_LONG = "urn:maubinh:problem:uri-too-long"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "ProblemType | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
