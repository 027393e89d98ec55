"""Bolt listeners, one module per surface, each with `register(app, deps)`: commands, actions, views."""
