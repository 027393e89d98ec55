"""Inspection tasks (/api/v1/tasks): the field app's "today" list and the board's view of where agents go.

Every role of the town reads and writes tasks (a board member may ask for a visit); edits need If-Match.
`GET /api/v1/tasks?assignee=me&due_within_days=7` lists mine due within a week, overdue ones included.
"""
from __future__ import annotations

import uuid

from apiflask import APIBlueprint

from backend.api.admin_common import READERS
from backend.api.admin_work_schemas import TaskIn, TaskOut, TaskPatch, TaskQuery, TaskTransitionIn
from backend.api.common import require_if_match, with_etag
from backend.models import InspectionTask
from backend.security import get_in_town, principal, require_roles
from backend.services import tasks as service

bp = APIBlueprint("tasks", __name__, url_prefix="/api/v1/tasks", tag="Tasks")


@bp.get("")
@bp.input(TaskQuery, location="query")
@bp.output(TaskOut(many=True))
@bp.doc(security="BearerAuth", summary="Tasks by assignee (me, unassigned, any, a user id), status, due date")
@require_roles(*READERS)
def list_tasks(query_data: dict) -> list:
    return service.list_tasks(principal(), query_data)


@bp.post("")
@bp.input(TaskIn)
@bp.output(TaskOut, status_code=201)
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def create_task(json_data: dict):  # type: ignore[no-untyped-def]
    task = service.create_task(principal(), json_data)
    return with_etag(task, task.version, 201)


@bp.get("/<uuid:task_id>")
@bp.output(TaskOut)
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def get_task(task_id: uuid.UUID):  # type: ignore[no-untyped-def]
    task = get_in_town(InspectionTask, task_id)
    return with_etag(task, task.version)


@bp.patch("/<uuid:task_id>")
@bp.input(TaskPatch)
@bp.output(TaskOut)
@bp.doc(security="BearerAuth", responses={409: "the task is not open"})
@require_roles(*READERS)
def update_task(task_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    task = get_in_town(InspectionTask, task_id)
    require_if_match(task.version)
    task = service.update_task(task, json_data)
    return with_etag(task, task.version)


@bp.post("/<uuid:task_id>/transition")
@bp.input(TaskTransitionIn)
@bp.output(TaskOut)
@bp.doc(security="BearerAuth", summary="open -> done | cancelled; done/cancelled -> open (with a reason)",
        responses={409: "illegal transition"})
@require_roles(*READERS)
def transition_task(task_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    task = service.transition_task(get_in_town(InspectionTask, task_id), json_data["to"], json_data["reason"],
                                   json_data["inspection_id"])
    return with_etag(task, task.version)
