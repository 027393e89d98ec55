"""Shared machinery for the local fake HTTP servers (Slack, Twilio).

A :class:`FakeHTTPServer` is a real, threaded werkzeug server bound to
``127.0.0.1`` on a random free port. Every request is **recorded first**
(:class:`RecordedRequest`), then either answered normally or handled by the
next scripted :class:`Fault` queued for its endpoint:

* ``fail``       -- answer with an HTTP error status (default 500), no side effect;
* ``rate_limit`` -- answer 429 with a ``Retry-After`` header, no side effect;
* ``error``      -- answer with an API-level error (service specific), no side effect;
* ``hang``       -- apply the side effect (unless ``apply=False``), then sleep
  for ``seconds`` before answering: the ambiguous "did it send?" case.

Hangs wait on an :class:`threading.Event` that :meth:`FakeHTTPServer.stop`
sets, so shutdown never waits for a hang to run out. Exceptions raised by
the fake's own code are kept in ``internal_errors`` (and answered with 500);
:meth:`FakeHTTPServer.check` re-raises them so bugs in a fake fail the test.

Not supported: TLS, HTTP/2, chunked request bodies from exotic clients.
"""

from __future__ import annotations

import socket
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, Self

from werkzeug.datastructures import MultiDict
from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler
from werkzeug.wrappers import Request, Response

FaultKind = Literal["fail", "rate_limit", "hang", "error"]
Params = dict[str, Any]

_STOP_GRACE_SECONDS = 2.0


def _flatten(multi: MultiDict[str, str]) -> dict[str, str | list[str]]:
    """Single values stay strings; repeated keys become lists (in order)."""
    flat: dict[str, str | list[str]] = {}
    for key in multi:
        values = multi.getlist(key)
        flat[key] = values[0] if len(values) == 1 else values
    return flat


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the fake received it, captured before any answer.

    ``form`` holds urlencoded or multipart fields, ``json`` the decoded JSON
    body (or ``None``), ``raw_body`` the exact bytes. ``at`` is a
    ``time.monotonic()`` reading (use it for gaps), ``received_at`` UTC wall
    time. ``fault`` names the scripted behaviour applied (``None`` = normal).
    """

    method: str
    path: str
    endpoint: str
    headers: dict[str, str]
    query: dict[str, str | list[str]]
    form: dict[str, str | list[str]]
    json: Any
    raw_body: bytes
    at: float
    received_at: datetime
    fault: FaultKind | None

    def header(self, name: str) -> str | None:
        """Case-insensitive header lookup."""
        lowered = name.lower()
        return next((v for k, v in self.headers.items() if k.lower() == lowered), None)

    @property
    def params(self) -> Params:
        """Query, form and JSON-object fields merged (JSON wins, then form)."""
        merged: Params = {**self.query, **self.form}
        if isinstance(self.json, dict):
            merged.update(self.json)
        return merged


@dataclass(frozen=True)
class Fault:
    """A scripted behaviour for one request to one endpoint."""

    kind: FaultKind
    status: int = 500
    retry_after: int = 1
    seconds: float = 5.0
    apply: bool = True
    error: str | None = None
    code: int | None = None
    message: str | None = None


class _Server(ThreadedWSGIServer):
    """Threaded werkzeug server that can unblock and await its handler threads."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        super().__init__("127.0.0.1", 0, app, handler=_QuietHandler)
        self._connections: set[socket.socket] = set()
        self._idle = threading.Condition()

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        with self._idle:
            self._connections.add(request)
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._idle:
                self._connections.discard(request)
                self._idle.notify_all()

    def drop_connections(self, grace: float) -> None:
        """Close idle keep-alive connections and wait for handlers to finish."""
        with self._idle:
            for conn in self._connections:
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            self._idle.wait_for(lambda: not self._connections, timeout=grace)


class _QuietHandler(WSGIRequestHandler):
    """Request handler that does not log every request to stderr."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        return None


class FakeHTTPServer:
    """Base class: lifecycle, request record, fault queues, WSGI plumbing.

    Subclasses set ``endpoints`` (names accepted by the fault methods),
    optionally ``default_endpoint``, and implement :meth:`route` and
    :meth:`fault_response`.
    """

    endpoints: frozenset[str] = frozenset()
    default_endpoint: str | None = None
    raw_body_endpoints: frozenset[str] = frozenset()  # never parsed as a form

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._requests: list[RecordedRequest] = []
        self._faults: dict[str, deque[Fault]] = {}
        self._release = threading.Event()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self.internal_errors: list[str] = []

    # -- lifecycle -------------------------------------------------------
    def start(self) -> Self:
        """Bind a random free port on 127.0.0.1 and serve in a daemon thread."""
        if self._server is not None:
            raise RuntimeError("fake server already started")
        self._release.clear()
        self._server = _Server(self._wsgi)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True,
            name=f"{type(self).__name__}-{self._server.port}",
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Release hangs, stop serving, close connections and the socket."""
        server, self._server = self._server, None
        if server is None:
            return
        self._release.set()
        server.shutdown()
        server.drop_connections(_STOP_GRACE_SECONDS)
        server.server_close()
        if self._thread is not None:
            self._thread.join(_STOP_GRACE_SECONDS)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def check(self) -> None:
        """Raise if the fake itself crashed while handling a request."""
        if self.internal_errors:
            raise AssertionError("fake server internal error(s):\n" + "\n".join(self.internal_errors))

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("fake server is not running")
        return self._server.port

    @property
    def base_address(self) -> str:
        """``http://127.0.0.1:<port>`` (no trailing slash)."""
        return f"http://127.0.0.1:{self.port}"

    # -- record ----------------------------------------------------------
    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, in arrival order (a copy)."""
        with self._lock:
            return list(self._requests)

    def requests_to(self, endpoint: str) -> list[RecordedRequest]:
        """Requests for one endpoint name (e.g. ``"chat.postMessage"``)."""
        return [r for r in self.requests if r.endpoint == endpoint]

    def clear_requests(self) -> None:
        with self._lock:
            self._requests.clear()

    # -- fault injection -------------------------------------------------
    def fail_next(self, endpoint: str | None = None, *, status: int = 500, error: str | None = None,
                  times: int = 1) -> None:
        """Answer the next ``times`` calls with HTTP ``status``; nothing is applied."""
        self._queue(endpoint, Fault("fail", status=status, error=error), times)

    def rate_limit_next(self, endpoint: str | None = None, *, retry_after: int = 1, times: int = 1) -> None:
        """Answer the next ``times`` calls with 429 and ``Retry-After: retry_after``."""
        self._queue(endpoint, Fault("rate_limit", status=429, retry_after=retry_after), times)

    def hang_next(self, endpoint: str | None = None, *, seconds: float = 5.0, apply: bool = True,
                  times: int = 1) -> None:
        """Record, apply the side effect (unless ``apply=False``), then stall ``seconds``."""
        self._queue(endpoint, Fault("hang", seconds=seconds, apply=apply), times)

    def pending_faults(self) -> dict[str, int]:
        """Scripted faults not consumed yet, per endpoint."""
        with self._lock:
            return {name: len(queue) for name, queue in self._faults.items() if queue}

    def _queue(self, endpoint: str | None, fault: Fault, times: int) -> None:
        name = endpoint or self.default_endpoint
        if name is None:
            raise TypeError("an endpoint name is required")
        if name not in self.endpoints:
            raise ValueError(f"unknown endpoint {name!r}; known: {sorted(self.endpoints)}")
        with self._lock:
            self._faults.setdefault(name, deque()).extend([fault] * times)

    def _pop_fault(self, endpoint: str) -> Fault | None:
        with self._lock:
            queue = self._faults.get(endpoint)
            return queue.popleft() if queue else None

    # -- request handling ------------------------------------------------
    def route(self, request: Request) -> tuple[str, Callable[[], Response]]:
        """Return ``(endpoint name, handler)`` for a request."""
        raise NotImplementedError

    def fault_response(self, fault: Fault, endpoint: str) -> Response:
        """The response for a ``fail``/``rate_limit``/``error`` fault."""
        raise NotImplementedError

    def hang_timeout_response(self, endpoint: str) -> Response:
        """What a hung request finally answers when its side effect was skipped."""
        return Response("gateway timeout", status=504)

    def _wsgi(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        request = Request(environ)
        try:
            response = self._handle(request)
        except Exception:  # noqa: BLE001 - a crashing fake must fail the test, not the thread
            with self._lock:
                self.internal_errors.append(traceback.format_exc())
            response = Response("fake server internal error", status=500)
        return response(environ, start_response)

    def _handle(self, request: Request) -> Response:
        raw = request.get_data(cache=True)
        endpoint, handler = self.route(request)
        fault = self._pop_fault(endpoint)
        self._record(request, raw, endpoint, fault)
        if fault is None:
            return handler()
        if fault.kind != "hang":
            return self.fault_response(fault, endpoint)
        response = handler() if fault.apply else self.hang_timeout_response(endpoint)
        self._release.wait(fault.seconds)
        return response

    def _record(self, request: Request, raw: bytes, endpoint: str, fault: Fault | None) -> None:
        body_json: Any = None
        if request.is_json:
            body_json = request.get_json(silent=True)
        record = RecordedRequest(
            method=request.method,
            path=request.path,
            endpoint=endpoint,
            headers=dict(request.headers.items()),
            query=_flatten(request.args),
            form={} if request.is_json or endpoint in self.raw_body_endpoints else _flatten(request.form),
            json=body_json,
            raw_body=raw,
            at=time.monotonic(),
            received_at=datetime.now(UTC),
            fault=fault.kind if fault else None,
        )
        with self._lock:
            self._requests.append(record)


@dataclass
class IdFactory:
    """Deterministic, unique, Slack/Twilio-looking identifiers."""

    counters: dict[str, int] = field(default_factory=dict)

    def next(self, prefix: str, width: int = 9) -> str:
        count = self.counters.get(prefix, 0) + 1
        self.counters[prefix] = count
        return f"{prefix}{count:0{width}d}"
