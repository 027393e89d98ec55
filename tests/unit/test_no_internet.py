import socket

import pytest


def test_a_test_cannot_reach_the_internet():
    with socket.socket() as s, pytest.raises(ConnectionRefusedError, match="reach the network"):
        s.connect(("93.184.216.34", 80))


def test_loopback_is_allowed():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        with socket.socket() as client:
            client.connect(server.getsockname())
