"""Translations of the slash-command catalogue: one JSON per locale (cs, ru, pl).

Keys are the command path joined by dots ('neuroshima.add-ai') and, for an option, the path
and the option name ('neuroshima.add-ai.level'); values are the localised descriptions.
"""
