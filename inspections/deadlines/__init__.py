"""Deadlines the bylaws attach to events: kind, local date or instant, whom it binds, rule id, citation.

`core` holds the result types; one module per bylaw turns an event into its deadlines.
"""
from inspections.deadlines.core import Deadline, DeadlineKind

__all__ = ["Deadline", "DeadlineKind"]
