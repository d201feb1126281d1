#!/usr/bin/env bash
# Runs CleanRL's own PPO on tabula's batched environment: CleanRL is single-file scripts, not a
# package, so pass the path of its cleanrl/ppo.py (from a clone of CleanRL). Its code runs as
# it is but for the one statement that makes the environments, which becomes
#   VectorEnv(GAME, args.num_envs, observation="flat", illegal_action="lose", opponent=...)
# wrapped in Gymnasium's vector RecordEpisodeStatistics: the flat planes are what its MLP takes
# (np.prod of single_observation_space.shape), Discrete its action head, next-step autoreset its
# loop, and without masks its policy's illegal actions lose the game. Prints CleanRL's own
# lines; the check is that it runs to its end. Needs a virtual environment with tabula_engine,
# torch, tyro and tensorboard (VENV, default: the python3 on PATH).
#   scripts/cleanrl-check.sh PATH/TO/cleanrl/ppo.py [GAME] [TOTAL_TIMESTEPS]
set -euo pipefail
ppo=$1
game=${2:-joust}
steps=${3:-4096}
python=${VENV:+$VENV/bin/}python3
work=$(mktemp -d)
"$python" - "$ppo" "$work/ppo.py" "$game" <<'PY'
import re
import sys

source, target, game = sys.argv[1:]
text = open(source).read()
made = re.compile(r"envs = gym\.vector\.SyncVectorEnv\(\n.*?\n    \)\n", re.S)
if len(made.findall(text)) != 1:
    raise SystemExit("cleanrl-check.sh: ppo.py has no one SyncVectorEnv statement to replace")
text = made.sub(
    "from tabula_engine.vector import VectorEnv\n"
    f"    envs = gym.wrappers.vector.RecordEpisodeStatistics(VectorEnv({game!r}, args.num_envs,"
    " observation='flat', illegal_action='lose', opponent='random'))\n",
    text,
)
open(target, "w").write(text)
PY
(cd "$work" && "$python" ppo.py --total-timesteps "$steps" --num-envs 8 --num-steps 64 --no-cuda)
rm -rf "$work"
echo "cleanrl-check.sh: CleanRL's ppo.py ran $steps steps of $game"
