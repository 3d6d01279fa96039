"""Playing one game: the match (turns, die, computer, undo, record), what the screen says of it
(guidance, threats, notices), what a touch means (touch), the guided games (learn) and the story
of a finished game (analysis, narration).  No pygame."""
