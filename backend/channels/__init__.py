"""Delivery channels behind one port (console here; Slack and SMS adapters join in their issues)."""
