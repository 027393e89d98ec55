"""Towns from nothing: `create_town` (the seed, `flask towns add` and the platform operators' API use it),
what a town has (`describe`), and the shell and HTTP ways in."""
