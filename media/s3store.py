"""The S3 backend of :class:`media.storage.PhotoStore` (boto3 client passed in, nothing global).

A single ``PutObject`` is atomic: readers see the whole object or none, so there are no temporaries to
sweep.  Originals are sent with ``ChecksumSHA256`` (S3 refuses a body that does not match) and
``If-None-Match: *`` (an existing key is never overwritten; S3 answers 412 and we verify what is there).
Multipart uploads are never used, so no incomplete upload can linger.
"""

from __future__ import annotations

import base64
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any, BinaryIO, cast

from botocore.exceptions import ClientError

from media.errors import IntegrityError, ObjectMissing, StorageError
from media.keys import DerivativeName, check_key, derivative_key, original_key
from media.storage import PROBE_DIR, SWEEP_AGE
from media.streaming import sha256_of

_MISSING = frozenset({"404", "NoSuchKey", "NotFound"})
_EXISTS = frozenset({"PreconditionFailed", "412", "ConditionalRequestConflict"})


class S3PhotoStore:
    def __init__(
        self, client: Any, bucket: str, prefix: str = "", *, conditional_writes: bool = True
    ) -> None:
        if prefix and not prefix.endswith("/"):
            prefix += "/"
        self.client, self.bucket, self.prefix = client, bucket, prefix
        self.conditional_writes = conditional_writes  # off for S3 clones without If-None-Match

    def _s3_key(self, key: str) -> str:
        check_key(key)
        return self.prefix + key

    def put_original(
        self, town: str, sha256: str, src: BinaryIO, *, content_type: str = "application/octet-stream"
    ) -> str:
        key = original_key(town, sha256)
        src.seek(0)
        actual, size = sha256_of(src)
        if actual != sha256:
            raise IntegrityError(f"bytes hash to {actual}, not {sha256}")
        if self.exists(key):
            self._check_existing(key, sha256)
            return key
        src.seek(0)
        try:
            self.client.put_object(**self._put_args(key, src, size, sha256, content_type))
        except ClientError as exc:
            if _code(exc) not in _EXISTS:
                raise StorageError(f"cannot store {key}: {exc}") from exc
            self._check_existing(key, sha256)  # lost a race with an identical upload
        return key

    def _put_args(self, key: str, src: BinaryIO, size: int, sha256: str, content_type: str) -> dict[str, Any]:
        args: dict[str, Any] = {
            "Bucket": self.bucket,
            "Key": self._s3_key(key),
            "Body": src,
            "ContentLength": size,
            "ContentType": content_type,
            "ChecksumSHA256": base64.b64encode(bytes.fromhex(sha256)).decode("ascii"),
            "Metadata": {"sha256": sha256},
        }
        if self.conditional_writes:
            args["IfNoneMatch"] = "*"
        return args

    def _check_existing(self, key: str, sha256: str) -> None:
        with self.open(key) as stream:
            actual, _ = sha256_of(stream)
        if actual != sha256:
            raise IntegrityError(f"{key} already holds bytes with SHA-256 {actual}; left untouched")

    def put_derivative(self, town: str, sha256: str, name: DerivativeName, data: bytes) -> str:
        key = derivative_key(town, sha256, name)
        self.client.put_object(Bucket=self.bucket, Key=self._s3_key(key), Body=data, ContentType="image/jpeg")
        return key

    def open(self, key: str) -> BinaryIO:
        try:
            response = self.client.get_object(Bucket=self.bucket, Key=self._s3_key(key))
        except ClientError as exc:
            raise _translate(exc, key) from exc
        return cast(BinaryIO, response["Body"])

    def get(self, key: str) -> bytes:
        with self.open(key) as stream:
            return stream.read()

    def _head(self, key: str) -> dict[str, Any]:
        try:
            return cast(dict[str, Any], self.client.head_object(Bucket=self.bucket, Key=self._s3_key(key)))
        except ClientError as exc:
            raise _translate(exc, key) from exc

    def exists(self, key: str) -> bool:
        try:
            self._head(key)
        except ObjectMissing:
            return False
        return True

    def size(self, key: str) -> int:
        return int(self._head(key)["ContentLength"])

    def list_keys(self, prefix: str = "") -> Iterator[str]:
        pages = self.client.get_paginator("list_objects_v2").paginate(
            Bucket=self.bucket, Prefix=self.prefix + prefix
        )
        for page in pages:
            for item in page.get("Contents", []):
                yield item["Key"][len(self.prefix) :]

    def sweep(self, *, older_than: timedelta = SWEEP_AGE, now: datetime | None = None) -> list[str]:
        """Nothing to sweep: a PutObject is all or nothing and multipart uploads are never started."""
        return []

    def probe(self) -> None:
        key, data = f"{self.prefix}{PROBE_DIR}/{uuid.uuid4().hex}.probe", uuid.uuid4().bytes
        self.client.put_object(Bucket=self.bucket, Key=key, Body=data)
        try:
            if self.client.get_object(Bucket=self.bucket, Key=key)["Body"].read() != data:
                raise OSError(f"s3://{self.bucket}/{key} did not read back what was written")
        finally:
            self.client.delete_object(Bucket=self.bucket, Key=key)


def _code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code", ""))


def _translate(exc: ClientError, key: str) -> Exception:
    if _code(exc) in _MISSING:
        return ObjectMissing(key)
    return StorageError(f"S3 error on {key}: {exc}")
