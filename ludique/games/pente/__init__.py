"""Pente grammai: its rules (``rules``), what its next move can decide (``threats``), its rules
explained once (``notices``) and what the game is (``spec``)."""
