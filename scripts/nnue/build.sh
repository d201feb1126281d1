#!/usr/bin/env bash
# Rebuilds a net from nothing: self-play data searched with the hand-written evaluation, then
# training and quantising; writes WORK_DIR/NET.nnue. With the same tabula and the same arguments
# it equals the shipped net byte for byte (datagen and training are deterministic). No GPU.
# A run killed during the data continues where it stopped when started again.
#
# usage: scripts/nnue/build.sh NET [WORK_DIR]      (tabula: $TABULA, default on the PATH)
# NET, a shipped net, with its time on 2 cores (docs/nnue.md has each net's figures):
#   jesonmor-9x9   about 65 minutes (the data; the training takes half a minute)
#   claustro-7x7   about 21 minutes
set -euo pipefail
net=${1:?usage: scripts/nnue/build.sh NET [WORK_DIR]}
work=${2:-nnue-$net}
tabula=${TABULA:-tabula}
case $net in
  jesonmor-9x9)
    game=(--game jesonmor)
    data=(--games 58392 --nodes 5000 --random-plies 8 --seed 1)
    training=(--epochs 15 --batch-size 4096 --learning-rate 0.005 --score-weight 0.75 --seed 1) ;;
  claustro-7x7)
    game=(--game claustro --size 7)
    data=(--games 3000 --nodes 5000 --random-plies 8 --seed 1)
    training=(--epochs 15 --batch-size 4096 --learning-rate 0.005 --score-weight 0.75 --seed 1) ;;
  *)
    echo "error: unknown net '$net' (jesonmor-9x9, claustro-7x7)" >&2
    exit 2 ;;
esac
mkdir -p "$work"
"$tabula" datagen "${game[@]}" "${data[@]}" --threads 2 --hand-written --out "$work/data.txt"
"$tabula" train "${game[@]}" --data "$work/data.txt" --out "$work/$net.nnue" "${training[@]}" \
  --validation-every 20
