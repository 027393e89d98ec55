"""The public notice page `/n/<id>`: what a permittee opens from an SMS link (no login; the link is the key).

Blueprint `public_notice` (a public prefix of the bearer guard). Server-rendered HTML in the party's
language, one CSS file, no JavaScript, no CDN. Unknown, malformed, revoked and expired ids get the same 404
page; lookups are rate-limited per IP; responses are never indexed, cached or sent as a Referer.
"""

from __future__ import annotations

from backend.public.views import bp

__all__ = ["bp"]
