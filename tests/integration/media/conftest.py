"""Both photo stores behind one fixture: a LocalPhotoStore in a temp dir, and an S3PhotoStore against
moto in server mode on 127.0.0.1 (random free port, one server per session, one bucket per test)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import boto3
import pytest
from botocore.config import Config
from moto.server import ThreadedMotoServer

from media.s3store import S3PhotoStore
from media.storage import LocalPhotoStore, PhotoStore


@pytest.fixture(scope="session")
def moto_endpoint() -> Iterator[str]:
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    yield f"http://{host}:{port}"
    server.stop()


def s3_client(endpoint: str):  # noqa: ANN201 - boto3 clients are dynamically typed
    return boto3.client(
        "s3",
        endpoint_url=endpoint,
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
        config=Config(retries={"max_attempts": 1}, connect_timeout=5, read_timeout=30),
    )


@dataclass
class Backend:
    """A store plus a way to change what it holds behind its back (tampering, deletion)."""

    name: str
    store: PhotoStore
    root: Path | None = None
    client: object = None
    bucket: str = ""
    prefix: str = ""

    def overwrite(self, key: str, data: bytes) -> None:
        if self.root is not None:
            (self.root / key).write_bytes(data)
        else:
            self.client.put_object(Bucket=self.bucket, Key=self.prefix + key, Body=data)  # type: ignore[attr-defined]

    def delete(self, key: str) -> None:
        if self.root is not None:
            (self.root / key).unlink()
        else:
            self.client.delete_object(Bucket=self.bucket, Key=self.prefix + key)  # type: ignore[attr-defined]


@pytest.fixture(params=["local", "s3"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "local":
        root = tmp_path / "photos"
        return Backend("local", LocalPhotoStore(root), root=root)
    client = s3_client(request.getfixturevalue("moto_endpoint"))
    bucket = f"photos-{uuid.uuid4().hex[:12]}"
    client.create_bucket(Bucket=bucket)
    return Backend(
        "s3",
        S3PhotoStore(client, bucket, prefix="evidence"),
        client=client,
        bucket=bucket,
        prefix="evidence/",
    )
