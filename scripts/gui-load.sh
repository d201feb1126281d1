#!/usr/bin/env bash
# `tabula gui` under load, larger than the small run of `cargo test`: the load test of
# tests/gui_load.rs (engines playing each other at 20 ms a move, analyses, event sockets opened
# and dropped, crowded 25 x 25 Apart positions pasted, /api/info asked every 20 ms), on 127.0.0.1
# only, for a bounded time. It prints the requests served, the slowest answers, the errors, the
# server's and the engines' peak memory and the engine processes left after the clients went.
#
#   scripts/gui-load.sh [SECONDS [CLIENTS]]
#
# SECONDS of load (default 150, at most 170) with CLIENTS clients of each kind (default 6, at
# most 6: the server holds at most 32 tables). Set CARGO_TARGET_DIR to build elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-150}
clients=${2:-6}
GUI_LOAD_SECONDS=$seconds GUI_LOAD_CLIENTS=$clients \
  cargo test --test gui_load -- --nocapture --test-threads 1
