"""The model a request is answered from: the one it names in ``X-Model-Version`` (a version this
deployment keeps), else the deployment's default; every answer names it in its own
``X-Model-Version``, and the result cache keeps each model's answers apart."""

from __future__ import annotations

from flask import Flask, Response, request

from ..infra.problem_types import UNKNOWN_MODEL
from ..rules.texts import words
from ..service.hands import HandService
from ..service.models import Models, UnknownModel
from .context import context
from .problems import Problem
from .services import services


def register_model_choice(app: Flask, models: Models) -> None:
    """Read each request's ``X-Model-Version`` (a 400 naming the models kept when it names another)
    and answer it on every answer."""

    @app.before_request
    def _choose() -> None:
        # Only the API's operations are answered from a model; the others ignore the header.
        current = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
        # The header as the server gave it (a missing one costs no KeyError, as headers.get would).
        asked = current.environ.get("HTTP_X_MODEL_VERSION", "").strip() if current.path.startswith("/v1/") else ""
        if asked:
            try:
                models.service(asked)
            except UnknownModel as error:
                raise _unknown(error) from None
        context().model = asked or None

    @app.after_request
    def _name(response: Response) -> Response:
        pinned = context().model
        if pinned is not None:  # the default model's version the middleware writes on every answer
            response.headers["X-Model-Version"] = pinned
        return response


def _unknown(error: UnknownModel) -> Problem:
    known = ", ".join(error.known)
    said = words(
        "X-Model-Version names {asked}, a model this deployment does not keep; it answers {known}"
        " (the first when a request names none)",
        asked=repr(error.asked), known=known,
    )  # fmt: skip
    return Problem(400, said, kind=UNKNOWN_MODEL)


def chosen_version() -> str:
    """The version of the model the current request is answered from."""
    return context().model or services().models.default


def chosen_service() -> HandService:
    """The service layer of the current request's model."""
    return services().models.service(chosen_version())
