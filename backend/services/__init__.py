"""Service functions: one per use case; views parse input, call one of these, format the reply."""
