"""Ludique: a museum kiosk of ancient board games."""

__version__ = "0.1.0"
