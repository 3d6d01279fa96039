"""Developer and kiosk tools above every layer: the self-test driver (``--self-test``), the review
renderer of every screen (``screens``) and the offline solver of each solved game, which writes
the table its player reads (``<game>_solver``, named by ``SolvedGame.solver``; not in the frozen
build)."""
