"""What every rule system shares: dice, events, match specs, results, decisions and errors.

``rules.core`` knows none of the engines; they import it, never the other way round.
"""
