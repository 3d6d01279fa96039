"""The kiosk: pygame-ce scenes on top of the rules engine and the computer player."""
