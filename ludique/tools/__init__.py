"""Developer and kiosk tools above every layer: the self-test driver (``--self-test``), the review
renderer of every screen (``screens``) and the offline Pente grammai solver (``pente_solver``,
not in the frozen build)."""
