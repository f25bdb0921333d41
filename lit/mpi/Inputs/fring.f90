! fring.f90 -- the Fortran bindings (the mpi module) of the common MPI
! routines: a ring of MPI_SEND/MPI_RECV (rank r sends r+1 integers to
! rank r+1), MPI_ISEND/MPI_IRECV completed by MPI_WAIT and MPI_WAITALL,
! MPI_BCAST from rank 1, MPI_REDUCE to rank 0, MPI_ALLREDUCE in place and
! MPI_BARRIER.  Each rank prints its own tally, as Inputs/exchange.c does.
program fring
  use mpi
  implicit none
  integer :: rank, nranks, ierr, nxt, prv, n, m, i
  integer :: buf(16), rbuf(16), reqs(2), req
  double precision :: v(3), s(3)
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)
  nxt = mod(rank + 1, nranks)
  prv = mod(rank + nranks - 1, nranks)
  n = rank + 1
  m = prv + 1
  buf = rank
  call MPI_SEND(buf, n, MPI_INTEGER, nxt, 0, MPI_COMM_WORLD, ierr)
  call tally(rank, 'MPI_Send', 1, n * 4, nxt)
  call MPI_RECV(rbuf, m, MPI_INTEGER, prv, 0, MPI_COMM_WORLD, status, ierr)

  call MPI_IRECV(rbuf, 5, MPI_INTEGER, prv, 1, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_ISEND(buf, 5, MPI_INTEGER, nxt, 1, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_WAITALL(2, reqs, MPI_STATUSES_IGNORE, ierr)
  call tally(rank, 'MPI_Irecv', 1, 0, prv)
  call tally(rank, 'MPI_Waitall', 1, 5 * 4, prv)
  ! Another Isend, completed by MPI_WAIT; its receive without a status.
  ! (Calls on one line each: gfortran gives a call continued on the next
  ! line the next line.)
  call MPI_ISEND(buf, 2, MPI_INTEGER, nxt, 2, MPI_COMM_WORLD, req, ierr)
  call MPI_RECV(rbuf, 2, MPI_INTEGER, prv, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call MPI_WAIT(req, status, ierr)
  call tally(rank, 'MPI_Isend', 2, 5 * 4 + 2 * 4, nxt)
  call tally(rank, 'MPI_Recv', 2, m * 4 + 2 * 4, prv)
  call tally(rank, 'MPI_Wait', 1, 0, -1)

  do i = 1, 2
    call MPI_BCAST(buf, 2, MPI_INTEGER, 1, MPI_COMM_WORLD, ierr)
  end do
  call tally(rank, 'MPI_Bcast', 2, 2 * 2 * 4, 1)
  v = rank
  call MPI_REDUCE(v, s, 3, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  call tally(rank, 'MPI_Reduce', 1, 3 * 8, 0)
  call MPI_ALLREDUCE(MPI_IN_PLACE, v, 3, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
  if (v(1) /= nranks - 1) stop 'MPI_IN_PLACE lost'
  call tally(rank, 'MPI_Allreduce', 1, 3 * 8, -1)
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  call tally(rank, 'MPI_Barrier', 1, 0, -1)
  call MPI_FINALIZE(ierr)

contains

  subroutine tally(r, routine, calls, bytes, peer)
    integer, intent(in) :: r, calls, bytes, peer
    character(len=*), intent(in) :: routine
    write (*, '(A,I0,A,A,A,I0,A,I0,A,I0)') 'tally rank=', r, ' routine=', &
      routine, ' calls=', calls, ' bytes=', bytes, ' peer=', peer
  end subroutine tally
end program fring
