#!/usr/bin/env bash
# mpi-two-nodes.sh OUTDIR NP PROGRAM [ARGS...] -- run PROGRAM on NP ranks
# of Open MPI spread over two simulated nodes on this machine, under
# `ssrun -mpi`, and leave each rank's experiment file in OUTDIR.
#
# The two "nodes" are two network namespaces (nodeA<pid>, nodeB<pid>: each its
# own network stack, its own host name through a UTS namespace), joined by
# a veth pair on 10.28.0.0/24.  mpirun runs in node A and starts node B's
# ranks through a launch agent that stands in for ssh (`ip netns exec` +
# `unshare --uts`); the ranks talk over Open MPI's TCP transport on their
# own addresses (btl tcp, btl_tcp_if_include / oob_tcp_if_include), as
# they would between two machines.  Half the ranks run on each node; the
# files name their host, so the pids two nodes may share never collide.
# Needs root (namespaces), Open MPI and a built sscc; docs/mpi.md.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 OUTDIR NP PROGRAM [ARGS...]" >&2
  exit 2
fi
out=$(realpath -m "$1"); np=$2; shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
ssrun=${SSRUN:-$root/build/bin/ssrun}
program=$(realpath "$1"); shift
[ "$(id -u)" -eq 0 ] || { echo "$0: needs root (network namespaces)" >&2; exit 1; }
command -v mpirun >/dev/null || { echo "$0: no mpirun; scripts/deps.sh installs Open MPI" >&2; exit 1; }
mkdir -p "$out"
work=$(mktemp -d)
# Names of this run's own, so that two runs do not meet.
a=nodeA$$ b=nodeB$$ va=ssva$$ vb=ssvb$$
cleanup() {
  ip netns del "$a" 2>/dev/null || true
  ip netns del "$b" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
ip netns add "$a"
ip netns add "$b"
ip link add "$va" type veth peer name "$vb"
ip link set "$va" netns "$a"
ip link set "$vb" netns "$b"
ip -n "$a" addr add 10.28.0.1/24 dev "$va"
ip -n "$b" addr add 10.28.0.2/24 dev "$vb"
for ns in "$a" "$b"; do
  ip -n "$ns" link set lo up
done
ip -n "$a" link set "$va" up
ip -n "$b" link set "$vb" up

# The launch agent mpirun calls instead of ssh: "agent [options] HOST CMD".
cat > "$work/agent" <<'AGENT'
#!/bin/sh
while [ $# -gt 0 ]; do case "$1" in -*) shift;; *) break;; esac; done
host=$1; shift
exec ip netns exec "$host" unshare --uts sh -c "hostname $host; $*"
AGENT
chmod +x "$work/agent"
half=$(( (np + 1) / 2 ))
printf '%s slots=%d\n%s slots=%d\n' "$a" "$half" "$b" "$half" > "$work/hosts"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
ip netns exec "$a" unshare --uts sh -c 'hostname "$0"; exec "$@"' "$a" \
  mpirun --hostfile "$work/hosts" -np "$np" --map-by slot \
    --mca plm_rsh_agent "$work/agent" \
    --mca btl tcp,self --mca btl_tcp_if_include 10.28.0.0/24 \
    --mca oob_tcp_if_include 10.28.0.0/24 \
    -x _SPEEDSHOP_OUTPUT_DIRECTORY="$out" \
    "$ssrun" -mpi "$program" "$@"
