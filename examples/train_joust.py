"""Trains a policy for Joust 7x7 from nothing against the engine, on CPU, in minutes.

PPO with action masks, numpy alone (a small MLP with hand-written backprop and Adam), on
``tabula_engine.vector.VectorEnv`` with the engine inside the environment as the opponent.
See examples/README.md.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import time
import zlib

import numpy as np

from tabula_engine.vector import VectorEnv

GAME = "joust"
LEVELS = ("random", "novice", "easy")


# ----------------------------------------------------------------------------- features


class Board:
    """Joust's planes and masks as the network sees them."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.cells = size * size

    def legal(self, masks: np.ndarray) -> np.ndarray:
        """(N, cells, cells) bool: legal (from, to) pairs."""
        return masks[:, : self.cells * self.cells].reshape(-1, self.cells, self.cells) > 0

    def features(self, planes: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The network's input and the legal destinations, (N, cells) bool."""
        n = planes.shape[0]
        p = planes.reshape(n, self.cells, planes.shape[-1])
        dest = legal.any(axis=1)
        x = np.concatenate(
            [p[:, :, 0], p[:, :, 1], p[:, :, 2], dest, p[:, :1, 6]], axis=1
        ).astype(np.float32)
        return x, dest

    def actions(self, legal: np.ndarray, dest: np.ndarray) -> np.ndarray:
        """The action (from * cells + to) that reaches each chosen destination."""
        n = legal.shape[0]
        rows = np.arange(n)
        frm = np.argmax(legal[rows, :, dest], axis=1)
        return (frm * self.cells + dest).astype(np.int64)


# ----------------------------------------------------------------------------- network


class Net:
    """x -> relu -> relu -> (destination logits, value)."""

    def __init__(self, inputs: int, hidden: int, outputs: int, rng: np.random.Generator):
        def layer(i: int, o: int, scale: float) -> tuple[np.ndarray, np.ndarray]:
            w = rng.standard_normal((i, o)).astype(np.float32) * np.float32(scale / np.sqrt(i))
            return w, np.zeros(o, np.float32)

        self.params: dict[str, np.ndarray] = {}
        self.params["w1"], self.params["b1"] = layer(inputs, hidden, np.sqrt(2))
        self.params["w2"], self.params["b2"] = layer(hidden, hidden, np.sqrt(2))
        self.params["wp"], self.params["bp"] = layer(hidden, outputs, 0.01)
        self.params["wv"], self.params["bv"] = layer(hidden, 1, 1.0)

    def forward(self, x: np.ndarray):
        p = self.params
        a1 = x @ p["w1"] + p["b1"]
        h1 = np.maximum(a1, 0)
        a2 = h1 @ p["w2"] + p["b2"]
        h2 = np.maximum(a2, 0)
        logits = h2 @ p["wp"] + p["bp"]
        value = (h2 @ p["wv"] + p["bv"])[:, 0]
        return logits, value, (x, h1, h2)

    def backward(self, cache, dlogits: np.ndarray, dvalue: np.ndarray) -> dict[str, np.ndarray]:
        p = self.params
        x, h1, h2 = cache
        g = {}
        g["wp"] = h2.T @ dlogits
        g["bp"] = dlogits.sum(0)
        dv = dvalue[:, None].astype(np.float32)
        g["wv"] = h2.T @ dv
        g["bv"] = dv.sum(0)
        dh2 = dlogits @ p["wp"].T + dv @ p["wv"].T
        dh2 *= h2 > 0
        g["w2"] = h1.T @ dh2
        g["b2"] = dh2.sum(0)
        dh1 = dh2 @ p["w2"].T
        dh1 *= h1 > 0
        g["w1"] = x.T @ dh1
        g["b1"] = dh1.sum(0)
        return g


class Adam:
    def __init__(self, params: dict[str, np.ndarray], lr: float) -> None:
        self.lr, self.b1, self.b2, self.eps, self.t = lr, 0.9, 0.999, 1e-8, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        c1 = 1 - self.b1**self.t
        c2 = 1 - self.b2**self.t
        for k, g in grads.items():
            self.m[k] = self.b1 * self.m[k] + (1 - self.b1) * g
            self.v[k] = self.b2 * self.v[k] + (1 - self.b2) * g * g
            params[k] -= (self.lr * (self.m[k] / c1) / (np.sqrt(self.v[k] / c2) + self.eps)).astype(
                np.float32
            )


def masked_log_softmax(logits: np.ndarray, legal: np.ndarray) -> np.ndarray:
    z = np.where(legal, logits, -1e9)
    z = z - z.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


# ----------------------------------------------------------------------------- playing


def choose(net: Net, board: Board, planes, masks, rng, greedy: bool):
    legal = board.legal(masks)
    x, dest = board.features(planes, legal)
    logits, value, _ = net.forward(x)
    logp = masked_log_softmax(logits, dest)
    playable = dest.any(axis=1)
    if greedy:
        pick = np.argmax(np.where(dest, logp, -np.inf), axis=1)
    else:
        gumbel = -np.log(-np.log(rng.random(logp.shape) + 1e-12) + 1e-12)
        pick = np.argmax(np.where(dest, logp + gumbel, -np.inf), axis=1)
    pick = np.where(playable, pick, 0)
    actions = np.where(playable, board.actions(legal, pick), 0)
    return actions, pick, logp[np.arange(len(pick)), pick], value, x, dest, playable


def evaluate(
    net: Net, board: Board, level: str, games: int, seed: int, greedy: bool = False
) -> tuple[int, int, int]:
    """Wins, draws, losses of `games` games (half with each colour). The policy is sampled
    unless `greedy` (the engine's levels from easy up are deterministic: greedy play against
    them repeats one game a colour)."""
    wins = draws = losses = 0
    rng = np.random.default_rng(seed)
    for k, learner in enumerate(("white", "black")):
        count = games // 2 if k == 0 else games - games // 2
        env = VectorEnv(GAME, count, size=board.size, opponent=level, learner=learner, copy=False)
        obs, _ = env.reset(seed=seed + k)
        result = np.full(count, np.nan)
        while np.isnan(result).any():
            actions = choose(net, board, obs["observation"], obs["action_mask"], rng, greedy)[0]
            obs, rewards, term, trunc, _ = env.step(actions)
            ended = (term | trunc) & np.isnan(result)
            result[ended] = rewards[ended]
        env.close()
        wins += int((result > 0).sum())
        draws += int((result == 0).sum())
        losses += int((result < 0).sum())
    return wins, draws, losses


def score(w: int, d: int, l: int) -> float:
    return 100.0 * (w + 0.5 * d) / max(1, w + d + l)


# ----------------------------------------------------------------------------- training


def train(args: argparse.Namespace) -> None:
    board = Board(args.size)
    rng = np.random.default_rng(args.seed)
    inputs = 4 * board.cells + 1
    net = Net(inputs, args.hidden, board.cells, rng)
    opt = Adam(net.params, args.lr)
    half = args.envs // 2
    opponents = args.opponents.split(",")
    envs = []
    for k, learner in enumerate(("white", "black")):
        for j, opp in enumerate(opponents):
            count = max(1, half // len(opponents))
            env = VectorEnv(GAME, count, size=args.size, opponent=opp, learner=learner, copy=True)
            envs.append(env)
    observations = [env.reset(seed=args.seed * 1000 + i)[0] for i, env in enumerate(envs)]
    n = sum(env.num_envs for env in envs)
    eval_levels = args.eval_levels.split(",")
    curve: list[tuple[float, int, dict[str, float]]] = []
    start = time.perf_counter()
    train_time = 0.0
    steps = 0
    reached: dict[str, float] = {}

    def run_eval(update: int) -> None:
        scores = {}
        for i, level in enumerate(eval_levels):
            w, d, l = evaluate(
                net, board, level, args.eval_games, args.seed * 7919 + 17 * i + 100000, args.greedy
            )
            scores[level] = score(w, d, l)
            if scores[level] >= args.target and level not in reached:
                reached[level] = time.perf_counter() - start
        elapsed = time.perf_counter() - start
        curve.append((elapsed, steps, scores))
        text = "  ".join(f"{lv} {s:5.1f} %" for lv, s in scores.items())
        print(f"[{elapsed:7.1f} s] update {update:5d}  steps {steps:9d}  {text}", flush=True)

    run_eval(0)
    update = 0
    budget = args.minutes * 60.0
    next_eval = args.eval_every
    while True:
        if args.updates is not None and update >= args.updates:
            break
        if args.updates is None and time.perf_counter() - start >= budget:
            break
        t0 = time.perf_counter()
        T = args.steps
        X = np.zeros((T, n, inputs), np.float32)
        D = np.zeros((T, n, board.cells), bool)
        A = np.zeros((T, n), np.int64)
        LP = np.zeros((T, n), np.float32)
        V = np.zeros((T + 1, n), np.float32)
        R = np.zeros((T, n), np.float32)
        DONE = np.zeros((T, n), bool)
        VALID = np.zeros((T, n), bool)
        for t in range(T):
            planes = np.concatenate([o["observation"] for o in observations])
            masks = np.concatenate([o["action_mask"] for o in observations])
            actions, pick, logp, value, x, dest, playable = choose(
                net, board, planes, masks, rng, False
            )
            X[t], D[t], A[t], LP[t], V[t], VALID[t] = x, dest, pick, logp, value, playable
            lo = 0
            for i, env in enumerate(envs):
                hi = lo + env.num_envs
                obs, rew, term, trunc, _ = env.step(actions[lo:hi])
                observations[i] = obs
                R[t, lo:hi] = rew
                DONE[t, lo:hi] = term | trunc
                lo = hi
            steps += int(playable.sum())
        planes = np.concatenate([o["observation"] for o in observations])
        masks = np.concatenate([o["action_mask"] for o in observations])
        legal = board.legal(masks)
        x, dest = board.features(planes, legal)
        V[T] = net.forward(x)[1] * dest.any(axis=1)
        # GAE; a step with no legal move (a finished game, restarted by the next step) is left out.
        adv = np.zeros((T, n), np.float32)
        last = np.zeros(n, np.float32)
        for t in reversed(range(T)):
            nonterminal = ~DONE[t]
            nextv = np.where(VALID[t + 1] if t + 1 < T else dest.any(axis=1), V[t + 1], 0.0)
            delta = R[t] + args.gamma * nextv * nonterminal - V[t]
            last = delta + args.gamma * args.lam * nonterminal * last
            adv[t] = last
        ret = adv + V[:T]
        sel = VALID.reshape(-1)
        bx, bd, ba, blp = X.reshape(-1, inputs)[sel], D.reshape(-1, board.cells)[sel], A.reshape(-1)[sel], LP.reshape(-1)[sel]
        badv, bret = adv.reshape(-1)[sel], ret.reshape(-1)[sel]
        m = len(ba)
        for _ in range(args.epochs):
            order = rng.permutation(m)
            for s in range(0, m, args.batch):
                idx = order[s : s + args.batch]
                b = len(idx)
                logits, value, cache = net.forward(bx[idx])
                logp_all = masked_log_softmax(logits, bd[idx])
                probs = np.where(bd[idx], np.exp(logp_all), 0.0)
                rows = np.arange(b)
                logp = logp_all[rows, ba[idx]]
                a = badv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                ratio = np.exp(logp - blp[idx])
                clipped = np.clip(ratio, 1 - args.clip, 1 + args.clip)
                # d(-min(r a, clip(r) a))/d logp: -r a where the unclipped term is the smaller
                active = (ratio * a) <= (clipped * a)
                dlogp = np.where(active, -ratio * a, 0.0) / b
                onehot = np.zeros_like(probs)
                onehot[rows, ba[idx]] = 1.0
                dlogits = dlogp[:, None] * (onehot - probs)
                # entropy bonus: d(-c H)/dlogits = c * p * (log p + H)
                plogp = np.where(bd[idx], probs * logp_all, 0.0)
                ent = -plogp.sum(1)
                dlogits += args.ent * np.where(bd[idx], probs * (logp_all + ent[:, None]), 0.0) / b
                dvalue = args.vf * (value - bret[idx]) / b
                grads = net.backward(cache, dlogits.astype(np.float32), dvalue.astype(np.float32))
                norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
                if norm > args.max_grad:
                    for g in grads.values():
                        g *= args.max_grad / norm
                opt.step(net.params, grads)
        update += 1
        train_time += time.perf_counter() - t0
        if update >= next_eval:
            next_eval += args.eval_every
            run_eval(update)
    if not curve or curve[-1][1] != steps:
        run_eval(update)
    total = time.perf_counter() - start
    print(f"training: {update} updates, {steps} learner steps, {total:.1f} s "
          f"({steps / max(train_time, 1e-9):.0f} steps a second outside evaluations)")
    for level in eval_levels:
        if level in reached:
            print(f"first evaluation at {args.target:.0f} % or more against {level}: {reached[level]:.1f} s")
    if args.png:
        write_curve(args.png, curve, eval_levels)
        print(f"curve: {args.png}")
    # final evaluation against the level asked for
    w, d, l = evaluate(
        net, board, args.level, args.final_games, args.seed * 31 + 999331, args.greedy
    )
    how = "greedy" if args.greedy else "sampled"
    print(f"final: {args.final_games} games against {args.level}, {how} policy: +{w} ={d} -{l}")
    print(f"{args.level} {score(w, d, l):.1f} %")


# ----------------------------------------------------------------------------- the PNG


def write_curve(path: str, curve, levels) -> None:
    """The score against each level over training, as a PNG written with zlib alone."""
    from plot import line_chart  # examples/plot.py

    series = {lv: [(c[0] / 60.0, c[2][lv]) for c in curve] for lv in levels}
    line_chart(path, series, "minutes", "score %", y_max=100.0)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--minutes", type=float, default=10.0, help="training time budget")
    ap.add_argument("--updates", type=int, default=None, help="stop after N updates instead")
    ap.add_argument("--level", default="novice", help="level of the final 200 games")
    ap.add_argument("--opponents", default="novice", help="training opponents, comma-separated")
    ap.add_argument("--eval-levels", default="random,novice,easy")
    ap.add_argument("--eval-every", type=int, default=10, help="updates between evaluations")
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--final-games", type=int, default=200)
    ap.add_argument("--target", type=float, default=80.0)
    ap.add_argument("--size", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--steps", type=int, default=32)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--gamma", type=float, default=1.0)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent", type=float, default=0.01)
    ap.add_argument("--vf", type=float, default=0.5)
    ap.add_argument("--max-grad", type=float, default=0.5)
    ap.add_argument("--greedy", action="store_true", help="evaluate with argmax, not sampling")
    ap.add_argument("--png", default="joust_curve.png")
    args = ap.parse_args(argv)
    train(args)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main()
