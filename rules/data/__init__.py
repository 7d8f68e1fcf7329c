"""Data shipped with the rule systems: default charts and sample cards, as YAML."""
