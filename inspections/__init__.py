"""The bylaws as code: rule packs, calendar, deadlines, fines, zones, exemptions, fees, checklists.

Pure domain: no Flask, SQLAlchemy, Slack, Twilio, Pillow or I/O beyond reading this package's own
data files. Every result names the RULES.md id it comes from.
"""
