"""Delivery channels behind one port (`port.ChannelPort`): console, Slack (`slack.py`) and SMS (`sms.py`).

`registry.build_channels(settings)` is the only place adapters are built; the outbox dispatcher uses them.
"""
