#!/usr/bin/env bash
# Rebuilds a shipped net from nothing: self-play data, then training and quantising; writes
# WORK_DIR/NET.nnue. With the same tabula and the same arguments it equals the shipped net byte for
# byte (datagen and training are deterministic). No GPU. A run killed anywhere continues where it
# stopped when started again.
#
# usage: scripts/nnue/build.sh NET [WORK_DIR]      (tabula: $TABULA, default on the PATH)
# NET, a shipped net, with its time on 2 cores (docs/nnue.md has each net's figures):
#   jesonmor-9x9   about 2 hours 15 minutes: the first net's data (65 minutes), then the shipped
#                  net's data searched with that first net (240,000 games in 16 shards, about
#                  70 minutes; scripts/nnue/dataset.sh, so any number of cores shortens it)
#   claustro-7x7   about 21 minutes
#   apart-8x8      about 2 hours 30 minutes (330,000 games in 16 shards, scripts/nnue/dataset.sh,
#                  so any number of cores shortens it; then 5 epochs, 1 minute)
#   apart-12x12    about 75 minutes (140,000 games in 16 shards at 1,000 nodes a move,
#                  scripts/nnue/dataset.sh, so any number of cores shortens it; then 3 epochs)
#   joust-9x9      about 65 minutes (100,000 games in 16 shards, scripts/nnue/dataset.sh, so any
#                  number of cores shortens it; then 15 epochs, 3 minutes)
set -euo pipefail
export LC_ALL=C  # the shards in one order whatever the locale: the training depends on it
net=${1:?usage: scripts/nnue/build.sh NET [WORK_DIR]}
work=${2:-nnue-$net}
tabula=${TABULA:-tabula}
export TABULA=$tabula
here=$(dirname "$0")
training=(--batch-size 4096 --learning-rate 0.005 --score-weight 0.75 --seed 1 --validation-every 20)
mkdir -p "$work"

# A net from data of GAMES games searched with the hand-written evaluation at NODES nodes a move
# (16 shards, scripts/nnue/dataset.sh), then trained for EPOCHS epochs.
# usage: shipped_from_shards GAME SIZE GAMES NODES SEED EPOCHS
shipped_from_shards() {
  local game=$1 size=$2 games=$3 nodes=$4 seed=$5 epochs=$6
  "$here/dataset.sh" "$work/data" 16 "$(nproc)" --game "$game" --size "$size" --games "$games" \
    --nodes "$nodes" --random-plies 8 --seed "$seed" --hand-written
  "$tabula" train --game "$game" --size "$size" --data "$work"/data/data-*.txt \
    --out "$work/$net.nnue" --epochs "$epochs" "${training[@]}"
}

case $net in
  jesonmor-9x9)
    # The first net (shipped 2026-11-26): data searched with the hand-written evaluation.
    "$tabula" datagen --game jesonmor --games 58392 --nodes 5000 --random-plies 8 --seed 1 \
      --threads 2 --hand-written --out "$work/first-data.txt"
    "$tabula" train --game jesonmor --data "$work/first-data.txt" --out "$work/first.nnue" \
      --epochs 15 "${training[@]}"
    # The shipped net (2026-11-28): data searched with the first net, trained 30 epochs.
    "$here/dataset.sh" "$work/data" 16 "$(nproc)" --game jesonmor --games 240000 --nodes 5000 \
      --random-plies 8 --seed 2 --eval-file "$work/first.nnue"
    "$tabula" train --game jesonmor --data "$work"/data/data-*.txt --out "$work/$net.nnue" \
      --epochs 30 "${training[@]}" ;;
  claustro-7x7)
    "$tabula" datagen --game claustro --size 7 --games 3000 --nodes 5000 --random-plies 8 \
      --seed 1 --threads 2 --hand-written --out "$work/data.txt"
    "$tabula" train --game claustro --size 7 --data "$work/data.txt" --out "$work/$net.nnue" \
      --epochs 15 "${training[@]}" ;;
  apart-8x8)
    # The second 8 x 8 net (2026-11-28); the first was trained on this run's first 47,298 games.
    shipped_from_shards apart 8 330000 5000 3 5 ;;
  apart-12x12)
    # 1,000 nodes a move, not 5,000: a 12 x 12 node costs about four 8 x 8 ones.
    shipped_from_shards apart 12 140000 1000 3 3 ;;
  joust-9x9)
    shipped_from_shards joust 9 100000 5000 1 15 ;;
  *)
    known="jesonmor-9x9, claustro-7x7, apart-8x8, apart-12x12, joust-9x9"
    echo "error: unknown net '$net' ($known)" >&2
    exit 2 ;;
esac
