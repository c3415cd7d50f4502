"""arbitre: a rules referee for tabletop battle games."""

__version__ = "0.1.0"
