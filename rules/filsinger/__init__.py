"""The Filsinger card game engine (Champions of the Galaxy / Legends of Wrestling rules)."""

from rules.filsinger.system import FilsingerSystem, system

__all__ = ["FilsingerSystem", "system"]
