"""Adapters to other frameworks: OpenSpiel (`openspiel`), PettingZoo (`pettingzoo`).

They reach the games only through the registry (`arbitre.engine.get`) and import their
optional dependencies (`pip install arbitre[interop]`) inside their own modules.
"""
