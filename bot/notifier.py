"""Thumbnails into an alert's thread. (Each message's blocks are built by its kind's module in the backend's
notification catalogue, with `bot.blocks`.) `post_thumbnail` uploads one EXIF-free thumbnail into the
alert's thread with `files_upload_v2`; the backend calls it again later for a photo whose derivative was still
pending when the alert went out.
"""
from __future__ import annotations

from slack_sdk import WebClient


def post_thumbnail(client: WebClient, *, channel: str, thread_ts: str, photo_id: str, content: bytes,
                   caption: str) -> str:
    """Upload one thumbnail JPEG into a thread; returns the Slack file id. Errors are slack_sdk's."""
    response = client.files_upload_v2(channel=channel, thread_ts=thread_ts, content=content,
                                      filename=f"photo-{photo_id[:8]}.jpg", title=caption[:250],
                                      alt_txt=caption[:1000])
    return str(response["file"]["id"])
