"""A switchable HTTP/1.1 proxy in front of the app: the browser talks to the proxy's port only.

`offline()` makes it reset every connection (the service worker's requests fail too, unlike with the browser's
offline switch); `online()` forwards again. `lose_next_response(method, path_prefix)` forwards one request to
the app but hangs up before the answer reaches the browser: the request took effect, the client cannot know.
`hang()` makes it a server that accepts and never answers (each request is read, then held open, unanswered,
until the proxy closes), as a wedged server or a dead link behind a captive portal does; `online()` forwards
new requests again while the hung ones stay hung, so the app must give up on them by itself.
Every request is logged with its outcome, so tests can prove nothing reached the app while offline.
"""
from __future__ import annotations

import socket
import struct
import threading
import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Seen:
    method: str
    path: str
    at: float  # time.time()
    outcome: str  # forwarded | refused | answer_lost | hung


@dataclass
class SwitchableProxy:
    upstream_port: int
    log: list[Seen] = field(default_factory=list)
    _online: bool = True
    _hanging: bool = False
    _lose: list[tuple[str, str]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.1)  # so the accept loop notices close() promptly
        self._stopping = False
        self._thread = threading.Thread(target=self._accept_loop, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._listener.getsockname()[1]}"

    def offline(self) -> None:
        self._online = False

    def online(self) -> None:
        self._online, self._hanging = True, False

    def hang(self) -> None:
        self._hanging = True

    def lose_next_response(self, method: str, path_prefix: str) -> None:
        with self._lock:
            self._lose.append((method, path_prefix))

    def seen(self, method: str, path_prefix: str) -> list[Seen]:
        with self._lock:
            return [s for s in self.log if s.method == method and s.path.startswith(path_prefix)]

    def close(self) -> None:
        self._stopping = True
        self._listener.close()
        self._thread.join(timeout=2)

    def _accept_loop(self) -> None:
        while not self._stopping:
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            client.settimeout(60)
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        with client:
            if not self._online:
                _reset(client)
                return
            try:
                head, body = _read_request(client)
            except (OSError, ValueError):
                return
            if head is None:
                return
            method, path = head.split(b" ", 2)[:2]
            if self._hanging:
                self._note(method.decode(), path.decode(), "hung")
                while not self._stopping:
                    time.sleep(0.05)
                return
            self._relay(client, method.decode(), path.decode(), head, body)

    def _relay(self, client: socket.socket, method: str, path: str, head: bytes, body: bytes) -> None:
        if not self._online:  # switched off while the request was arriving
            self._note(method, path, "refused")
            _reset(client)
            return
        lose = self._take_loss(method, path)
        answer = _forward(self.upstream_port, _closing(head), body)
        self._note(method, path, "answer_lost" if lose else "forwarded")
        if lose:
            _reset(client)
            return
        try:
            client.sendall(answer)
        except OSError:
            pass

    def _take_loss(self, method: str, path: str) -> bool:
        with self._lock:
            for i, (m, prefix) in enumerate(self._lose):
                if m == method and path.startswith(prefix):
                    del self._lose[i]
                    return True
        return False

    def _note(self, method: str, path: str, outcome: str) -> None:
        with self._lock:
            self.log.append(Seen(method, path, time.time(), outcome))


def _reset(sock: socket.socket) -> None:
    """Hang up with a TCP reset (no answer at all)."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass


def _read_request(sock: socket.socket) -> tuple[bytes | None, bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None, b""
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    return head, rest


def _closing(head: bytes) -> bytes:
    """One request per connection: replace any Connection header by `Connection: close`."""
    lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(b"connection:")]
    return b"\r\n".join(lines + [b"Connection: close"])


def _forward(port: int, head: bytes, body: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as upstream:
        upstream.sendall(head + b"\r\n\r\n" + body)
        chunks = []
        while chunk := upstream.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)
