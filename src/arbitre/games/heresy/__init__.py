"""L'Hérésie d'Horus (FFG 2010): content layer (board, units, cards, scenarios as data).

The game flow is not written yet, so no ruleset is registered. `content.load_content()`
gives the validated catalogs; rule IDs are the digest's (HH-p.n, shared/rules/heresy.md).
"""
