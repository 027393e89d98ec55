"""Exemption and threshold rules, one module per chapter; `inspections.exemptions.assess` dispatches."""
