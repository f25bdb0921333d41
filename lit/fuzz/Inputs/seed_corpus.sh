#!/bin/sh
# seed_corpus.sh SSCC SSRUN SEED.C DIR [MPICC MPIRUN SEED_MPI.C] -- real
# experiment files of every
# kind the runtime writes, made now (nothing recorded is kept in the
# tree), into DIR: ideal at -O2 with line tables and at -O0 without,
# each with its fork (f) and exec (e) files; usertime, totaltime, pcsamp,
# fpcsamp, pcsampx and fpcsampx with caliper points, a thread, fork and
# exec; fpe, io and heap traces of the same; a usertime file without
# samples (every signal blocked); and, given an MPI compiler and launcher
# (a command line with its options), a 2-rank job's mpi and usertime
# files, with their RANK records.
set -e
sscc=$1 ssrun=$2 seed=$3 dir=$4 mpicc=${5:-} mpirun=${6:-} seed_mpi=${7:-}
work=$dir.build
rm -rf "$dir" "$work" && mkdir -p "$dir" "$work" && cd "$work"
"$sscc" -O2 -fss-ideal "$seed" -o ideal-O2 -lpthread
"$sscc" -O0 -g0 -fss-ideal "$seed" -o ideal-O0 -lpthread
"$sscc" -O1 -fss-sampling -DWITH_CALIPERS "$seed" -o sampled -lpthread
./ideal-O2 exec
./ideal-O0 exec
for exp in usertime totaltime pcsamp fpcsamp pcsampx fpcsampx fpe io heap; do
  "$ssrun" -$exp ./sampled exec
done
mkdir blocked && (cd blocked && "$ssrun" -usertime ../sampled blocked)
for f in blocked/*; do mv "$f" "no-samples-${f#blocked/}"; done
if [ -n "$mpicc" ]; then
  $mpicc -O1 -g "$seed_mpi" -o seed-mpi
  $mpirun -np 2 "$ssrun" -mpi ./seed-mpi
  $mpirun -np 2 "$ssrun" -usertime ./seed-mpi
fi
# The files, named by what they are, and the programs they name, which
# stay where the files say they are.
n=0
for f in *.ideal.* *.usertime.* *.totaltime.* *.pcsamp.* *.fpcsamp.* *.pcsampx.* *.fpcsampx.* *.fpe.* *.io.* *.heap.* *.mpi.*; do
  [ -e "$f" ] || continue
  n=$((n + 1))
  cp "$f" "$dir/seed-$n-$f"
done
echo "seed_corpus: $n files"
