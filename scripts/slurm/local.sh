#!/usr/bin/env bash
# local.sh -- bring up / tear down a throwaway single-node Slurm cluster
# on this machine (for testing sharded matches without a real cluster).
#
#   eval "$(scripts/slurm/local.sh start /tmp/slurm)"   # prints: export SLURM_CONF=...
#   sbatch --wait --wrap 'echo hi' ; squeue ; ...
#   scripts/slurm/local.sh stop /tmp/slurm              # idempotent, removes the dir
#
# Needs root. Installs Debian's slurmctld/slurmd/slurm-client/munge if missing;
# if that is impossible it prints "slurm-local: SKIP: <why>" and exits 77.
# Everything (config, munge key + socket, state, spool, logs, pid files) lives
# in STATE_DIR: nothing under /etc, /run or /var is written, and the system
# munge key is not used. The node is `hostname -s` with CPUs=nproc, partition
# `debug`; each 1-CPU task takes one CPU. Ports: $SLURM_LOCAL_PORT (default
# 6817) for slurmctld and that +1 for slurmd. Only stdout line: the export.
set -euo pipefail
exec 3>&1 1>&2                      # fd 3 = real stdout; everything else -> stderr

log()  { echo "slurm-local: $*"; }
die()  { log "ERROR: $*"; exit 1; }
skip() { log "SKIP: $*"; exit 77; }

[[ $# -eq 2 && ( $1 == start || $1 == stop ) ]] || { echo "usage: $0 start|stop STATE_DIR"; exit 2; }
cmd=$1; dir=$(realpath -m -- "$2")
conf=$dir/slurm.conf; sock=$dir/munge/munge.socket
marker=$dir/.slurm-local            # guards the rm -rf in stop
export SLURM_CONF=$conf
[[ $(id -u) -eq 0 ]] || skip "must run as root (slurmd/munged run as root here)"

# zombies count as dead (pid 1 in some containers reaps them only slowly)
running() { local s; s=$(ps -o stat= -p "$1" 2>/dev/null) && [[ $s != Z* ]]; }
# Is the daemon recorded in $dir/NAME.pid still running (and really NAME)?
alive() {
  local pid; pid=$(cat "$dir/$1.pid" 2>/dev/null) || return 1
  [[ -n $pid && $(cat "/proc/$pid/comm" 2>/dev/null) == "$1" ]] && running "$pid" && echo "$pid"
}
stop_pid() {                        # TERM, wait up to 10 s, then KILL
  local pid=$1
  kill -TERM "$pid" 2>/dev/null || return 0
  for _ in $(seq 50); do running "$pid" || return 0; sleep 0.2; done
  log "$pid did not exit, sending KILL"; kill -KILL "$pid" 2>/dev/null || true
}
kill_daemons() {
  local pid p
  if alive slurmctld >/dev/null && [[ -f $conf ]]; then   # cancel jobs, let them drain
    timeout 10 squeue -h -o %i 2>/dev/null | xargs -r timeout 10 scancel 2>/dev/null || true
    local end=$((SECONDS + 15))
    while ((SECONDS < end)); do
      [[ -z $(timeout 5 squeue -h -o %i 2>/dev/null) ]] && break; sleep 0.5
    done
  fi
  if pid=$(alive slurmd); then stop_pid "$pid"; fi
  # stray job step daemons of *this* cluster (they carry our SLURM_CONF)
  for p in $(pgrep -x slurmstepd || true); do
    tr '\0' '\n' 2>/dev/null <"/proc/$p/environ" | grep -qxF "SLURM_CONF=$conf" && stop_pid "$p"
  done
  if pid=$(alive slurmctld); then stop_pid "$pid"; fi
  if pid=$(alive munged); then stop_pid "$pid"; fi
  return 0
}

if [[ $cmd == stop ]]; then
  [[ -e $dir ]] || { log "$dir does not exist, nothing to stop"; exit 0; }
  kill_daemons
  [[ -f $marker ]] || die "$dir was not made by this script; not removing it"
  rm -rf -- "$dir"; log "stopped, removed $dir"; exit 0
fi

# ---------------------------------------------------------------- start
missing() { local b; for b in munged slurmctld slurmd sbatch sinfo scancel; do
  command -v "$b" >/dev/null || { echo "$b"; return 0; }; done; return 1; }
if b=$(missing); then
  log "$b not found; installing slurm + munge with apt-get"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq slurmctld slurmd slurm-client munge; } ||
    skip "apt-get could not install slurmctld slurmd slurm-client munge"
  ! b=$(missing) || skip "$b still missing after apt-get install"
fi

if [[ -e $dir && ! -f $marker && -n $(ls -A "$dir") ]]; then
  die "$dir exists and is not empty; pick a fresh STATE_DIR"
fi
alive slurmctld >/dev/null || alive munged >/dev/null && die "a cluster is already running in $dir (run stop first)"
[[ $dir != *[[:space:]]* ]] || die "STATE_DIR must not contain whitespace (slurm.conf)"
(( ${#sock} < 100 )) || die "STATE_DIR path too long for a unix socket: $dir"
port=${SLURM_LOCAL_PORT:-6817}
for p in "$port" $((port + 1)); do
  ! ss -Hltn "sport = :$p" 2>/dev/null | grep -q . || die "TCP port $p is busy (set SLURM_LOCAL_PORT)"
done

mkdir -p "$dir"/{munge,log,state,spool}; touch "$marker"
chmod 755 "$dir" "$dir/munge" "$dir/log"  # munged refuses group/other-writable dirs
host=$(hostname -s); cpus=$(nproc)
mem=$(free -m | awk '/^Mem:/ { print int($2 / 2) }')

# --- munge: private key, socket, pid, seed and log all inside STATE_DIR
[[ -s $dir/munge/munge.key ]] ||
  { dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none; chmod 400 "$dir/munge/munge.key"; }
# --force only turns munged's directory-permission errors into warnings (e.g. a
# STATE_DIR under /root, which is not world-executable). Daemons must not
# inherit fd 3, or `$(... start DIR)` would never return.
munged --force --key-file="$dir/munge/munge.key" --socket="$sock" --pid-file="$dir/munged.pid" \
       --seed-file="$dir/munge/munged.seed" --log-file="$dir/log/munged.log" 3>&- </dev/null ||
  { tail -n 20 "$dir/log/munged.log" 2>/dev/null; die "munged did not start"; }

cat >"$conf" <<EOF
# written by scripts/slurm/local.sh -- single-node throwaway cluster
ClusterName=local
SlurmctldHost=$host
SlurmUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
SlurmctldTimeout=20
SlurmdTimeout=20
MessageTimeout=10
InactiveLimit=0
KillWait=5
SchedulerParameters=batch_sched_delay=0
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

failed() {
  log "ERROR: $*"
  for f in "$dir"/log/*.log; do echo "----- tail $f"; tail -n 25 "$f"; done
  kill_daemons
  log "daemons stopped; logs kept in $dir (run: $0 stop $dir)"; exit 1
}
slurmctld -f "$conf" 3>&- </dev/null || failed "slurmctld failed to start"
slurmd -f "$conf" 3>&- </dev/null || failed "slurmd failed to start"
state=; end=$((SECONDS + 60))      # wait (bounded) for the node to go idle
while ((SECONDS < end)); do
  state=$(timeout 5 sinfo -h -N -n "$host" -o %T 2>/dev/null || true)
  [[ $state == idle ]] && break; sleep 0.5
done
[[ $state == idle ]] || failed "node $host not idle after 60 s (state: '${state:-no answer}')"
log "up: node $host, $cpus CPUs, partition debug"
printf 'export SLURM_CONF=%q\n' "$conf" >&3
