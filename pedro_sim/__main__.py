"""`python -m pedro_sim`: the same as the `pedro-sim` command."""

from pedro_sim.entry import run

if __name__ == "__main__":
    run()
