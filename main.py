#!/usr/bin/env python3
"""Pixel Parlor: start the game (see `python main.py --help`)."""

import sys

from game.main import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
