"""`flask admin invite`: a town's first admin is enrolled from the shell with a one-time password link."""

from __future__ import annotations

import re

from tests.integration.admin.test_accounts import PASSWORD, login


def test_inviting_the_first_admin_prints_a_working_one_time_link(app, world, client):
    runner = app.test_cli_runner()
    result = runner.invoke(
        args=["admin", "invite", "--town", "upton", "--email", "Clerk@Upton.example", "--name", "Town Clerk"]
    )
    assert result.exit_code == 0, result.output
    token = re.search(r"#token=(\S+)", result.output).group(1)
    resp = client.post("/api/v1/public/password-reset", json={"token": token, "password": PASSWORD})
    assert resp.status_code == 204
    assert login(client, "clerk@upton.example", PASSWORD, "upton").json["roles"] == ["town_admin"]
    again = runner.invoke(
        args=[
            "admin",
            "invite",
            "--town",
            "gardner",
            "--email",
            "clerk@upton.example",
            "--name",
            "x",
            "--role",
            "board_member",
            "--board",
            "conservation_commission",
        ]
    )
    assert again.exit_code == 0 and "password is unchanged" in again.output
    assert login(client, "clerk@upton.example", PASSWORD, "gardner").json["roles"] == ["board_member"]


def test_an_unknown_town_or_board_is_refused(app, world):
    runner = app.test_cli_runner()
    assert (
        runner.invoke(
            args=["admin", "invite", "--town", "boston", "--email", "a@b.c", "--name", "A"]
        ).exit_code
        == 2
    )
    result = runner.invoke(
        args=[
            "admin",
            "invite",
            "--town",
            "upton",
            "--email",
            "a@b.c",
            "--name",
            "A",
            "--role",
            "board_member",
            "--board",
            "planning_board",
        ]
    )
    assert result.exit_code == 2 and "has no planning_board" in result.output


def test_a_refusal_of_the_accounts_service_is_a_line_on_stderr_not_a_traceback(app, world):
    runner = app.test_cli_runner()
    args = ["admin", "invite", "--town", "upton", "--email", "clerk@upton.example", "--name", "Town Clerk"]
    assert runner.invoke(args=args).exit_code == 0
    again = runner.invoke(args=args)
    assert again.exit_code == 2, again.output
    assert "refused: clerk@upton.example already holds this town_admin membership" in again.output
    assert again.exception is None or isinstance(again.exception, SystemExit)
