"""The one place domain errors become HTTP: a status code and the JSON body the API has always answered.

Services raise `inspections.errors` (they know nothing of HTTP); this maps each kind to its status and hands
it to APIFlask's own error callback, so the body is `{"detail": …, "message": …}` exactly as an `abort()`
gave it.
"""
from __future__ import annotations

from apiflask import APIFlask, HTTPError

from inspections.errors import (
    Conflict,
    DomainError,
    Gone,
    Invalid,
    Malformed,
    NotFound,
    NotInForce,
    PreconditionFailed,
    PreconditionRequired,
    Refused,
    TooLarge,
)

STATUS: dict[type[DomainError], int] = {
    Malformed: 400, Refused: 403, NotFound: 404, Conflict: 409, Gone: 410, PreconditionFailed: 412,
    TooLarge: 413, Invalid: 422, NotInForce: 422, PreconditionRequired: 428,  # NotInForce: no law that day
}


def status_of(exc: DomainError) -> int:
    """The status of the nearest mapped kind (a subclass answers like its parent); 400 if none is."""
    return next((STATUS[kind] for kind in type(exc).__mro__ if kind in STATUS), 400)


def as_http(exc: DomainError) -> HTTPError:
    return HTTPError(status_of(exc), exc.message, detail=dict(exc.detail))


def install(app: APIFlask) -> None:
    @app.errorhandler(DomainError)
    def _domain(exc: DomainError):  # type: ignore[no-untyped-def]
        return app.error_callback(as_http(exc))
