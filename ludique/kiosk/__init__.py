"""The kiosk's services: the curator's settings and PIN, the statistics, the computer player's
process (worker), the watchdog, the logs, the data folders and the memory guard.  No pygame
below the entry points."""
