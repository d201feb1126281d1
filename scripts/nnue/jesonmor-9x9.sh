#!/usr/bin/env bash
# Rebuilds the shipped Jeson Mor 9 x 9 net from nothing: self-play data searched with the
# hand-written evaluation, then training, then quantising; writes WORK_DIR/jesonmor-9x9.nnue,
# which equals src/games/jesonmor/jesonmor-9x9.nnue byte for byte (same data, same seed).
# About 65 minutes on 2 cores (the data; the training takes half a minute), no GPU.
# A run killed during the data continues where it stopped when started again.
#
# usage: scripts/nnue/jesonmor-9x9.sh [WORK_DIR]      (tabula: $TABULA, default on the PATH)
set -euo pipefail
work=${1:-nnue-jesonmor}
tabula=${TABULA:-tabula}
mkdir -p "$work"
"$tabula" datagen --game jesonmor --games 58392 --nodes 5000 --random-plies 8 --seed 1 \
  --threads 2 --hand-written --out "$work/data.txt"
"$tabula" train --game jesonmor --data "$work/data.txt" --out "$work/jesonmor-9x9.nnue" \
  --epochs 15 --batch-size 4096 --learning-rate 0.005 --score-weight 0.75 --seed 1 \
  --validation-every 20
