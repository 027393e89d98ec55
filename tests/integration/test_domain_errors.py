"""The services speak the domain: called outside any request (a job, the bot, the CLI), a refusal is a domain
error naming the field and the rule, never an HTTP exception; only the API layer turns it into a status."""
from __future__ import annotations

import inspect

import pytest
from apiflask import HTTPError
from flask import has_request_context
from werkzeug.exceptions import HTTPException

import inspections.errors as errors
from backend.api.errors import STATUS, as_http
from backend.services import accounts
from backend.services.states import ORDER_STATES
from inspections.errors import Conflict, DomainError, Gone, Invalid, Refused


def test_a_service_called_outside_a_request_refuses_with_a_domain_error(app):
    assert not has_request_context()
    with pytest.raises(DomainError) as refused:
        accounts.valid_reset("no-such-password-link")
    assert isinstance(refused.value, Gone)
    assert not isinstance(refused.value, (HTTPError, HTTPException))
    assert refused.value.field == "token"
    assert "invalid, expired or already used" in refused.value.message


def test_an_order_cannot_be_issued_again_once_lifted():
    with pytest.raises(Conflict, match="cannot go from lifted to issued; allowed from lifted: none") as e:
        ORDER_STATES.check("lifted", "issued", None)
    assert (e.value.state, e.value.field) == ("lifted", "status")


def test_lifting_an_order_needs_a_reason_named_as_the_field():
    with pytest.raises(Invalid) as refused:
        ORDER_STATES.check("issued", "lifted", None)
    assert refused.value.field == "reason"


def test_the_rule_and_the_field_are_read_from_the_detail_the_api_answers():
    refused = Refused("CARVER-136-13: only the ERC", detail={"rule_id": "CARVER-136-13"})
    invalid = Invalid("unknown authority", detail={"query": {"authority": ["an authority id"]}})
    assert (refused.rule_id, refused.field) == ("CARVER-136-13", None)
    assert (invalid.rule_id, invalid.field) == (None, "authority")


def test_every_kind_of_domain_error_has_its_http_status():
    kinds = {k for _, k in inspect.getmembers(errors, inspect.isclass)
             if issubclass(k, DomainError) and k is not DomainError}
    assert kinds == set(STATUS)


def test_the_api_answer_is_what_abort_gave():
    http = as_http(Conflict("meeting m is held; it cannot be recorded again", detail={"window": {}}))
    assert (http.status_code, http.message, http.detail) == (409, "meeting m is held; it cannot be recorded "
                                                                    "again", {"window": {}})
    assert as_http(Refused("no")).detail == {}
