"""Run by test_interrupts.py: four daemon threads search Jeson Mor (two short searches again and
again, two long ones) while the interpreter exits, by `sys.exit` or by the script's end, after
a random moment. The process must end with status 0 every time."""

import random
import sys
import threading
import time

from tabula_engine import Engine, Position


def search_forever(depth: int) -> None:
    engine, position = Engine("jesonmor"), Position("jesonmor")
    while True:
        engine.analyse(position, depth=depth)


how, seed = sys.argv[1], int(sys.argv[2])
for index in range(4):
    depth = 3 if index % 2 == 0 else 100
    threading.Thread(target=search_forever, args=(depth,), daemon=True).start()
time.sleep(random.Random(seed).uniform(0.05, 0.3))
if how == "exit":
    sys.exit(0)
