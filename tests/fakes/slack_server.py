"""A fake Slack Web API server for driving the real ``slack_sdk`` / ``slack_bolt``.

Point a client at it with ``WebClient(token=fake.token, base_url=fake.base_url)``
(``base_url`` ends with ``/api/``). Bodies may be form-encoded, multipart or
JSON; the token may come as ``Authorization: Bearer`` or a ``token`` field.

Supported methods: ``auth.test``, ``chat.postMessage``, ``chat.update``,
``chat.postEphemeral``, ``conversations.history``, ``conversations.replies``, ``conversations.info``,
``users.lookupByEmail``, ``users.info``, ``views.open``, ``views.update``,
``views.publish``, ``files.getUploadURLExternal``, the upload POST to the
returned ``upload_url`` (served here, fault endpoint ``"upload_url"``),
``files.completeUploadExternal`` and ``reactions.add``; and the OAuth v2 install
flow: the consent page ``GET /oauth/v2/authorize`` and ``oauth.v2.access``
(:mod:`tests.fakes.slack_oauth`). Anything else answers ``unknown_method``.
Missing token: ``not_authed``; unknown: ``invalid_auth``; revoked:
``token_revoked``.

Each token belongs to one workspace (team); channels are only visible to
their own workspace's tokens (others get ``channel_not_found``).

Deliberate differences from real Slack (keep tests honest about them):

* ``conversations.history``/``replies`` return ``metadata`` only when
  ``include_all_metadata`` is true.
* ``files.completeUploadExternal`` shares synchronously: the file message is
  in the channel/thread and ``shares`` is filled at once (real Slack may
  share a moment later and return empty ``shares``).
* ``thread_ts`` must name an existing message (``thread_not_found``).
* No membership, scopes, ``mrkdwn`` rendering, message/attachment limits,
  trigger-id expiry by time (use :meth:`FakeSlack.expire_trigger`), or
  Events API / interactivity payloads sent *to* the app.
"""

from __future__ import annotations

import copy
import json
import mimetypes
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from werkzeug.wrappers import Request, Response

from tests.fakes.base import FakeHTTPServer, Fault, IdFactory, Params
from tests.fakes.slack_oauth import OAuthFake
from tests.fakes.slack_workspace import (
    Channel,
    Message,
    SlackError,
    SlackUser,
    Workspace,
    in_window,
    paginate,
    public_copy,
)

DEFAULT_TEAM_ID = "T00000001"
DEFAULT_TOKEN = "xoxb-fake-default"
DEFAULT_CHANNEL_ID = "C00000001"

_JSON_FIELDS = ("blocks", "attachments", "metadata", "view", "files")
Handler = Callable[[Workspace, Params], dict[str, Any]]


def _truthy(value: Any) -> bool:
    return value is True or str(value).lower() in ("1", "true")


def _limit(params: Params, default: int) -> int:
    try:
        return max(1, min(int(params.get("limit") or default), 1000))
    except ValueError as exc:
        raise SlackError("invalid_limit") from exc


def _json_response(payload: dict[str, Any], status: int = 200,
                   headers: dict[str, str] | None = None) -> Response:
    return Response(json.dumps(payload), status=status, headers=headers,
                    content_type="application/json; charset=utf-8")


@dataclass
class _Upload:
    file_id: str
    team_id: str
    filename: str
    length: int
    alt_txt: str | None
    content: bytes | None = None
    file: dict[str, Any] | None = None


class FakeSlack(OAuthFake, FakeHTTPServer):
    """Fake Slack Web API. See the module docstring for what it supports.

    Setup: :meth:`add_workspace`, :meth:`add_channel`, :meth:`add_user`,
    :meth:`seed_message`, :meth:`revoke_token`, :meth:`expire_trigger`;
    installs: :meth:`register_app`, :meth:`approve_as`, :meth:`deny_next_install`,
    :meth:`uninstall` (and :attr:`installs`).
    Faults (endpoint = method name or ``"upload_url"``): ``fail_next``,
    ``rate_limit_next``, ``hang_next``, :meth:`error_next`.
    Inspection: ``requests``, ``requests_to(method)``, :attr:`posted_messages`,
    :meth:`messages`, :attr:`ephemeral_messages`, :attr:`uploaded_files`,
    :attr:`views`, :attr:`home_views`.
    """

    endpoints = frozenset({
        "auth.test", "chat.postMessage", "chat.update", "chat.postEphemeral",
        "conversations.history", "conversations.replies", "conversations.info", "users.lookupByEmail",
        "users.info", "views.open", "views.update", "views.publish", "files.getUploadURLExternal",
        "files.completeUploadExternal", "reactions.add", "upload_url", "oauth.authorize", "oauth.v2.access",
    })
    raw_body_endpoints = frozenset({"upload_url"})
    token = DEFAULT_TOKEN  # default workspace's bot token
    team_id = DEFAULT_TEAM_ID
    channel_id = DEFAULT_CHANNEL_ID  # "#general" in the default workspace

    def __init__(self) -> None:
        super().__init__()
        self._ids = IdFactory()
        self._init_oauth()
        self._workspaces: dict[str, Workspace] = {}
        self._tokens: dict[str, str] = {}
        self._revoked: set[str] = set()
        self._expired_triggers: set[str] = set()
        self._last_ts = Decimal(0)
        self._posted: list[tuple[str, Message]] = []
        self._ephemeral: list[dict[str, Any]] = []
        self._uploads: dict[str, _Upload] = {}
        self._upload_keys: dict[str, str] = {}
        self._views: dict[str, dict[str, Any]] = {}
        self._home_views: dict[str, dict[str, Any]] = {}
        self._methods: dict[str, Handler] = {
            "auth.test": self._auth_test,
            "chat.postMessage": self._chat_post_message,
            "chat.update": self._chat_update,
            "chat.postEphemeral": self._chat_post_ephemeral,
            "conversations.history": self._conversations_history,
            "conversations.replies": self._conversations_replies,
            "conversations.info": self._conversations_info,
            "users.lookupByEmail": self._users_lookup_by_email,
            "users.info": self._users_info,
            "views.open": self._views_open,
            "views.update": self._views_update,
            "views.publish": self._views_publish,
            "files.getUploadURLExternal": self._files_get_upload_url,
            "files.completeUploadExternal": self._files_complete_upload,
            "reactions.add": self._reactions_add,
        }
        self.add_workspace(DEFAULT_TEAM_ID, token=DEFAULT_TOKEN, name="Default Town")
        self.add_channel("general", team_id=DEFAULT_TEAM_ID, channel_id=DEFAULT_CHANNEL_ID)

    # -- addresses and defaults -----------------------------------------
    @property
    def base_url(self) -> str:
        """What to pass as ``WebClient(base_url=...)``: ``http://127.0.0.1:<port>/api/``."""
        return f"{self.base_address}/api/"

    # -- setup -----------------------------------------------------------
    def add_workspace(self, team_id: str, *, token: str | None = None, name: str | None = None) -> Workspace:
        """Create a team with a bot user; ``token`` (and later more, e.g. from an install) authenticate as
        it. Without a token the app is not installed there yet."""
        with self._lock:
            ws = Workspace(
                team_id=team_id, name=name or team_id, domain=team_id.lower(),
                bot_user_id=self._ids.next("UB"), bot_id=self._ids.next("B"), app_id=self._ids.next("A"),
            )
            ws.users[ws.bot_user_id] = SlackUser(ws.bot_user_id, team_id, "fieldenforce", "FieldEnforce",
                                                 None, is_bot=True)
            self._workspaces[team_id] = ws
            if token:
                self._tokens[token] = team_id
            return ws

    def add_token(self, token: str, team_id: str) -> None:
        """Another token (e.g. a user token) for an existing workspace."""
        with self._lock:
            self._workspace(team_id)
            self._tokens[token] = team_id

    def revoke_token(self, token: str) -> None:
        """Further calls with ``token`` answer ``token_revoked``."""
        with self._lock:
            self._revoked.add(token)

    def add_channel(self, name: str, *, team_id: str = DEFAULT_TEAM_ID, channel_id: str | None = None,
                    is_private: bool = False, bot_member: bool = True) -> str:
        """Create a channel in a workspace; returns its ID. ``bot_member=False``: nobody has invited the
        app's bot yet (``conversations.info`` says ``is_member: false``)."""
        with self._lock:
            ws = self._workspace(team_id)
            cid = channel_id or self._ids.next("G" if is_private else "C")
            ws.channels[cid] = Channel(id=cid, team_id=team_id, name=name, is_private=is_private,
                                       bot_member=bot_member)
            return cid

    def invite_bot(self, channel_id: str) -> None:
        """``/invite @fieldenforce`` in the channel: the app's bot becomes a member."""
        with self._lock:
            self._channel_anywhere(channel_id).bot_member = True

    def add_user(self, email: str, *, team_id: str = DEFAULT_TEAM_ID, name: str | None = None,
                 real_name: str | None = None, user_id: str | None = None,
                 tz: str = "America/New_York") -> str:
        """Add a directory entry (found by users.lookupByEmail / users.info); returns its ID."""
        with self._lock:
            ws = self._workspace(team_id)
            uid = user_id or self._ids.next("U")
            handle = name or email.split("@", 1)[0]
            ws.users[uid] = SlackUser(uid, team_id, handle, real_name or handle, email, tz=tz)
            return uid

    def seed_message(self, channel_id: str, text: str, *, user: str | None = None, ts: str | None = None,
                     thread_ts: str | None = None, metadata: dict[str, Any] | None = None) -> str:
        """Put a pre-existing message in a channel (as ``user``, default a human); returns ts."""
        with self._lock:
            channel = self._channel_anywhere(channel_id)
            message: Message = {"type": "message", "ts": ts or self._next_ts(), "text": text,
                                "user": user or "U0SEEDED", "team": channel.team_id}
            if metadata is not None:
                message["metadata"] = metadata
            self._append(channel, message, thread_ts)
            return message["ts"]

    def expire_trigger(self, trigger_id: str) -> None:
        """views.open with this trigger_id answers ``expired_trigger_id``."""
        with self._lock:
            self._expired_triggers.add(trigger_id)

    def error_next(self, method: str, error: str, *, times: int = 1) -> None:
        """Answer the next ``times`` calls with HTTP 200 ``{"ok": false, "error": error}``."""
        self._queue(method, Fault("error", status=200, error=error), times)

    # -- inspection ------------------------------------------------------
    @property
    def posted_messages(self) -> list[Message]:
        """Messages created by chat.postMessage, in order, current state, plus ``channel``."""
        with self._lock:
            return [{**copy.deepcopy(m), "channel": cid} for cid, m in self._posted]

    def messages(self, channel_id: str) -> list[Message]:
        """Full transcript of a channel (thread replies included), oldest first, with metadata."""
        with self._lock:
            return copy.deepcopy(self._channel_anywhere(channel_id).messages)

    @property
    def ephemeral_messages(self) -> list[dict[str, Any]]:
        with self._lock:
            return copy.deepcopy(self._ephemeral)

    @property
    def uploaded_files(self) -> list[dict[str, Any]]:
        """Completed uploads: the API file object plus ``content`` (bytes)."""
        with self._lock:
            return [{**copy.deepcopy(u.file), "content": u.content} for u in self._uploads.values() if u.file]

    @property
    def views(self) -> dict[str, dict[str, Any]]:
        """Modal views by view id (as last opened/updated)."""
        with self._lock:
            return copy.deepcopy(self._views)

    @property
    def home_views(self) -> dict[str, dict[str, Any]]:
        """App Home views by user id (views.publish)."""
        with self._lock:
            return copy.deepcopy(self._home_views)

    # -- HTTP plumbing ---------------------------------------------------
    def route(self, request: Request) -> tuple[str, Callable[[], Response]]:
        path = request.path
        if path.startswith("/api/"):
            method = path.removeprefix("/api/")
            return method, lambda: self._api_call(method, request)
        if path == "/oauth/v2/authorize":
            return "oauth.authorize", lambda: self._authorize_page(request)
        if path.startswith("/upload/v1/"):
            key = path.removeprefix("/upload/v1/")
            return "upload_url", lambda: self._receive_upload(key, request)
        return "unknown", lambda: Response("not found", status=404)

    def fault_response(self, fault: Fault, endpoint: str) -> Response:
        if fault.kind == "rate_limit":
            return _json_response({"ok": False, "error": "ratelimited"}, status=429,
                                  headers={"Retry-After": str(fault.retry_after)})
        if fault.kind == "error":
            return _json_response({"ok": False, "error": fault.error or "internal_error"})
        return _json_response({"ok": False, "error": fault.error or "internal_error"}, status=fault.status)

    def _api_call(self, method: str, request: Request) -> Response:
        handler = self._methods.get(method)
        if handler is None and method != "oauth.v2.access":
            return _json_response({"ok": False, "error": "unknown_method", "req_method": method})
        try:
            params = self._params(request)
            with self._lock:
                if method == "oauth.v2.access":  # the app's client id and secret, not a token
                    return _json_response({"ok": True, **self._oauth_v2_access(request, params)})
                ws = self._authenticate(request, params)
                payload = handler(ws, params)
        except SlackError as exc:
            return _json_response({"ok": False, "error": exc.error})
        return _json_response({"ok": True, **payload})

    @staticmethod
    def _params(request: Request) -> Params:
        params: Params = {**request.args.to_dict(), **request.form.to_dict()}
        if request.is_json and isinstance(body := request.get_json(silent=True), dict):
            params.update({k: v for k, v in body.items() if v is not None})
        for key in _JSON_FIELDS:
            if isinstance(params.get(key), str) and params[key]:
                try:
                    params[key] = json.loads(params[key])
                except json.JSONDecodeError as exc:
                    raise SlackError(f"invalid_{key}") from exc
        return params

    def _authenticate(self, request: Request, params: Params) -> Workspace:
        auth = request.headers.get("Authorization", "")
        token = auth.removeprefix("Bearer ").strip() if auth.startswith("Bearer ") else params.get("token")
        if not token:
            raise SlackError("not_authed")
        if token in self._revoked:
            raise SlackError("token_revoked")
        if token not in self._tokens:
            raise SlackError("invalid_auth")
        return self._workspaces[self._tokens[token]]

    # -- helpers ---------------------------------------------------------
    def _workspace(self, team_id: str) -> Workspace:
        if team_id not in self._workspaces:
            raise KeyError(f"no fake workspace {team_id!r}; call add_workspace first")
        return self._workspaces[team_id]

    def _channel_anywhere(self, channel_id: str) -> Channel:
        for ws in self._workspaces.values():
            if channel_id in ws.channels:
                return ws.channels[channel_id]
        raise KeyError(f"no fake channel {channel_id!r}; call add_channel first")

    def _next_ts(self) -> str:
        now = Decimal(f"{time.time():.6f}")
        self._last_ts = max(now, self._last_ts + Decimal("0.000001"))
        return f"{self._last_ts:.6f}"

    def _append(self, channel: Channel, message: Message, thread_ts: str | None) -> None:
        """Store a message; a reply updates its parent's thread fields."""
        if thread_ts:
            parent = next((m for m in channel.messages if m["ts"] == thread_ts), None)
            if parent is None:
                raise SlackError("thread_not_found")
            message["thread_ts"] = thread_ts
            message["parent_user_id"] = parent.get("user")
            parent["thread_ts"] = thread_ts
            parent["reply_count"] = parent.get("reply_count", 0) + 1
            users = parent.setdefault("reply_users", [])
            if message.get("user") not in users:
                users.append(message.get("user"))
            parent["latest_reply"] = message["ts"]
        channel.add(message)

    def _bot_message(self, ws: Workspace, text: str) -> Message:
        return {"type": "message", "ts": self._next_ts(), "text": text, "user": ws.bot_user_id,
                "bot_id": ws.bot_id, "app_id": ws.app_id, "team": ws.team_id}

    @staticmethod
    def _content(params: Params, message: Message) -> None:
        for key in ("blocks", "attachments"):
            if params.get(key):
                message[key] = params[key]

    @staticmethod
    def _metadata(params: Params) -> dict[str, Any] | None:
        metadata = params.get("metadata")
        if metadata is None:
            return None
        if not (isinstance(metadata, dict) and isinstance(metadata.get("event_type"), str)
                and isinstance(metadata.get("event_payload", {}), dict)):
            raise SlackError("invalid_metadata_format")
        return {"event_type": metadata["event_type"], "event_payload": metadata.get("event_payload", {})}

    # -- methods ---------------------------------------------------------
    def _auth_test(self, ws: Workspace, params: Params) -> dict[str, Any]:
        return {"url": f"https://{ws.domain}.slack.com/", "team": ws.name, "user": "fieldenforce",
                "team_id": ws.team_id, "user_id": ws.bot_user_id, "bot_id": ws.bot_id,
                "is_enterprise_install": False}

    def _chat_post_message(self, ws: Workspace, params: Params) -> dict[str, Any]:
        channel = ws.channel(params.get("channel"))
        if not (params.get("text") or params.get("blocks") or params.get("attachments")):
            raise SlackError("no_text")
        metadata = self._metadata(params)
        message = self._bot_message(ws, params.get("text") or "")
        self._content(params, message)
        if metadata is not None:
            message["metadata"] = metadata
        thread_ts = params.get("thread_ts") or None
        if thread_ts and _truthy(params.get("reply_broadcast")):
            message["subtype"] = "thread_broadcast"
        self._append(channel, message, thread_ts)
        self._posted.append((channel.id, message))
        return {"channel": channel.id, "ts": message["ts"], "message": copy.deepcopy(message)}

    def _chat_update(self, ws: Workspace, params: Params) -> dict[str, Any]:
        channel = ws.channel(params.get("channel"))
        message = channel.find(str(params.get("ts")))
        if message.get("bot_id") != ws.bot_id:
            raise SlackError("cant_update_message")
        if "text" in params:
            message["text"] = params["text"]
        self._content(params, message)
        if (metadata := self._metadata(params)) is not None:
            message["metadata"] = metadata
        message["edited"] = {"user": ws.bot_user_id, "ts": self._next_ts()}
        return {"channel": channel.id, "ts": message["ts"], "text": message.get("text", ""),
                "message": copy.deepcopy(message)}

    def _chat_post_ephemeral(self, ws: Workspace, params: Params) -> dict[str, Any]:
        channel = ws.channel(params.get("channel"))
        user = ws.user(params.get("user"))
        if not (params.get("text") or params.get("blocks") or params.get("attachments")):
            raise SlackError("no_text")
        message = self._bot_message(ws, params.get("text") or "")
        self._content(params, message)
        self._ephemeral.append({**message, "channel": channel.id, "to_user": user.id,
                                "thread_ts": params.get("thread_ts")})
        return {"message_ts": message["ts"]}

    def _conversations_history(self, ws: Workspace, params: Params) -> dict[str, Any]:
        channel = ws.channel(params.get("channel"))
        inclusive = _truthy(params.get("inclusive"))
        window = [m for m in reversed(channel.top_level())
                  if in_window(m, params.get("oldest"), params.get("latest"), inclusive)]
        page, next_cursor = paginate(window, _limit(params, 100), params.get("cursor"))
        with_meta = _truthy(params.get("include_all_metadata"))
        return {"messages": [public_copy(m, with_meta) for m in page], "has_more": bool(next_cursor),
                "pin_count": 0, "response_metadata": {"next_cursor": next_cursor}}

    def _conversations_info(self, ws: Workspace, params: Params) -> dict[str, Any]:
        ref = params.get("channel")
        if not ref or ref not in ws.channels:  # by ID only, as Slack: a name is channel_not_found
            raise SlackError("channel_not_found")
        channel = ws.channels[ref]
        return {"channel": {"id": channel.id, "name": channel.name, "is_channel": not channel.is_private,
                            "is_private": channel.is_private, "is_im": channel.is_im, "is_archived": False,
                            "is_member": channel.bot_member, "context_team_id": channel.team_id}}

    def _conversations_replies(self, ws: Workspace, params: Params) -> dict[str, Any]:
        channel = ws.channel(params.get("channel"))
        parent, *replies = channel.thread(str(params.get("ts")))
        inclusive = _truthy(params.get("inclusive"))
        window = [parent, *(m for m in replies
                            if in_window(m, params.get("oldest"), params.get("latest"), inclusive))]
        page, next_cursor = paginate(window, _limit(params, 1000), params.get("cursor"))
        with_meta = _truthy(params.get("include_all_metadata"))
        return {"messages": [public_copy(m, with_meta) for m in page], "has_more": bool(next_cursor),
                "response_metadata": {"next_cursor": next_cursor}}

    def _users_lookup_by_email(self, ws: Workspace, params: Params) -> dict[str, Any]:
        email = str(params.get("email", "")).lower()
        for user in ws.users.values():
            if user.email and user.email.lower() == email:
                return {"user": user.to_api()}
        raise SlackError("users_not_found")

    def _users_info(self, ws: Workspace, params: Params) -> dict[str, Any]:
        return {"user": ws.user(params.get("user")).to_api()}

    def _store_view(self, ws: Workspace, view: Any, view_id: str | None = None) -> dict[str, Any]:
        if not isinstance(view, dict) or not view.get("type"):
            raise SlackError("invalid_arguments")
        vid = view_id or self._ids.next("V")
        stored = {**copy.deepcopy(view), "id": vid, "team_id": ws.team_id, "app_id": ws.app_id,
                  "bot_id": ws.bot_id, "state": {"values": {}}, "root_view_id": vid, "previous_view_id": None,
                  "hash": f"{self._next_ts()}.{uuid.uuid4().hex[:8]}"}
        stored.setdefault("private_metadata", "")
        stored.setdefault("callback_id", "")
        stored.setdefault("external_id", "")
        return stored

    def _views_open(self, ws: Workspace, params: Params) -> dict[str, Any]:
        trigger = params.get("trigger_id") or params.get("interactivity_pointer")
        if not trigger:
            raise SlackError("invalid_arguments")
        if trigger in self._expired_triggers:
            raise SlackError("expired_trigger_id")
        view = self._store_view(ws, params.get("view"))
        self._views[view["id"]] = view
        return {"view": copy.deepcopy(view)}

    def _views_update(self, ws: Workspace, params: Params) -> dict[str, Any]:
        view_id, external_id = params.get("view_id"), params.get("external_id")
        current = next((v for v in self._views.values() if v["team_id"] == ws.team_id and (
            (view_id and v["id"] == view_id) or (external_id and v.get("external_id") == external_id))), None)
        if current is None:
            raise SlackError("not_found")
        if params.get("hash") and params["hash"] != current["hash"]:
            raise SlackError("hash_conflict")
        view = self._store_view(ws, params.get("view"), view_id=current["id"])
        self._views[view["id"]] = view
        return {"view": copy.deepcopy(view)}

    def _views_publish(self, ws: Workspace, params: Params) -> dict[str, Any]:
        user_id = str(params.get("user_id") or "")
        if not user_id:
            raise SlackError("invalid_arguments")
        current = self._home_views.get(user_id)
        if current and params.get("hash") and params["hash"] != current["hash"]:
            raise SlackError("hash_conflict")
        view = self._store_view(ws, params.get("view"), view_id=current["id"] if current else None)
        self._home_views[user_id] = view
        return {"view": copy.deepcopy(view)}

    def _files_get_upload_url(self, ws: Workspace, params: Params) -> dict[str, Any]:
        filename = params.get("filename")
        try:
            length = int(params.get("length", ""))
        except ValueError as exc:
            raise SlackError("invalid_arguments") from exc
        if not filename:
            raise SlackError("invalid_arguments")
        file_id, key = self._ids.next("F"), uuid.uuid4().hex
        self._uploads[file_id] = _Upload(file_id, ws.team_id, filename, length, params.get("alt_txt"))
        self._upload_keys[key] = file_id
        return {"upload_url": f"{self.base_address}/upload/v1/{key}", "file_id": file_id}

    def _receive_upload(self, key: str, request: Request) -> Response:
        with self._lock:
            upload = self._uploads.get(self._upload_keys.get(key, ""))
            if upload is None:
                return Response("unknown upload url", status=404)
            upload.content = request.get_data(cache=True)
            return Response(f"OK - {len(upload.content)}", status=200, content_type="text/plain")

    def _files_complete_upload(self, ws: Workspace, params: Params) -> dict[str, Any]:
        entries = params.get("files")
        if not isinstance(entries, list) or not entries:
            raise SlackError("invalid_arguments")
        uploads = []
        for entry in entries:
            upload = self._uploads.get(str(entry.get("id")))
            if upload is None or upload.team_id != ws.team_id or upload.content is None:
                raise SlackError("file_not_found")
            uploads.append((upload, entry.get("title") or upload.filename))
        refs = [params["channel_id"]] if params.get("channel_id") else []
        refs += [c for c in str(params.get("channels") or "").split(",") if c]
        channels = [ws.channel(ref) for ref in refs]
        thread_ts = params.get("thread_ts") or None
        if thread_ts and not channels:
            raise SlackError("invalid_arguments")
        files = [self._file_object(ws, upload, title) for upload, title in uploads]
        for channel in channels:
            message = self._bot_message(ws, params.get("initial_comment") or "")
            message.update({"files": copy.deepcopy(files), "upload": True})
            self._append(channel, message, thread_ts)
            for file in files:
                share = {"ts": message["ts"], "channel_name": channel.name, "team_id": ws.team_id}
                if thread_ts:
                    share["thread_ts"] = thread_ts
                visibility = "private" if channel.is_private else "public"
                file["shares"].setdefault(visibility, {}).setdefault(channel.id, []).append(share)
                file["channels" if visibility == "public" else "groups"].append(channel.id)
            message["files"] = copy.deepcopy(files)
        for (upload, _title), file in zip(uploads, files, strict=True):
            upload.file = file
        return {"files": copy.deepcopy(files)}

    def _file_object(self, ws: Workspace, upload: _Upload, title: str) -> dict[str, Any]:
        mimetype = mimetypes.guess_type(upload.filename)[0] or "application/octet-stream"
        file: dict[str, Any] = {
            "id": upload.file_id, "created": int(time.time()), "timestamp": int(time.time()),
            "name": upload.filename, "title": title, "mimetype": mimetype,
            "filetype": upload.filename.rsplit(".", 1)[-1].lower() if "." in upload.filename else "binary",
            "user": ws.bot_user_id, "size": len(upload.content or b""),
            "url_private": f"{self.base_address}/files-pri/{ws.team_id}-{upload.file_id}/{upload.filename}",
            "permalink": f"https://{ws.domain}.slack.com/files/{ws.bot_user_id}/{upload.file_id}/{upload.filename}",
            "shares": {}, "channels": [], "groups": [], "ims": [],
        }
        if upload.alt_txt:
            file["alt_txt"] = upload.alt_txt
        return file

    def _reactions_add(self, ws: Workspace, params: Params) -> dict[str, Any]:
        channel = ws.channel(params.get("channel"))
        message = channel.find(str(params.get("timestamp")))
        name = str(params.get("name") or "").strip(":")
        if not name:
            raise SlackError("invalid_name")
        reactions = message.setdefault("reactions", [])
        reaction = next((r for r in reactions if r["name"] == name), None)
        if reaction is None:
            reactions.append({"name": name, "users": [ws.bot_user_id], "count": 1})
        elif ws.bot_user_id in reaction["users"]:
            raise SlackError("already_reacted")
        else:
            reaction["users"].append(ws.bot_user_id)
            reaction["count"] += 1
        return {}
