/*
 * mpi_c_io.c -- the C bindings of MPI-IO's common calls: MPI_File_open,
 * _close, _set_view, _sync and the reads and writes (individual file
 * pointer, explicit offset, and their collective _all forms).  A read or
 * write records the bytes it moved (from its status: MPI_Get_count in
 * MPI_BYTE; the program's status, or ours where it passed
 * MPI_STATUS_IGNORE), the size recorded is the file's group's.
 */
#define _GNU_SOURCE
#include "interpose.h"

/* The bytes a read or write moved, from its status. */
static int64_t moved(int rc, const MPI_Status *st) {
  int n = 0;
  if (rc != MPI_SUCCESS || PMPI_Get_count(st, MPI_BYTE, &n) != MPI_SUCCESS ||
      n == MPI_UNDEFINED || n < 0)
    return 0;
  return n;
}

SSMPI_EXPORT int MPI_File_open(MPI_Comm comm, const char *filename, int amode,
                               MPI_Info info, MPI_File *fh) {
  SSMPI_BEGIN;
  int rc = PMPI_File_open(comm, filename, amode, info, fh);
  SSMPI_END(SS_MPI_FILE_OPEN, -1, 0, comm);
  return rc;
}

SSMPI_EXPORT int MPI_File_close(MPI_File *fh) {
  SSMPI_BEGIN;
  int64_t size = c_.on && fh ? ssmpi_group_size_of_file(*fh) : 0;
  int rc = PMPI_File_close(fh);
  SSMPI_END_SIZE(SS_MPI_FILE_CLOSE, -1, 0, size);
  return rc;
}

SSMPI_EXPORT int MPI_File_set_view(MPI_File fh, MPI_Offset disp,
                                   MPI_Datatype etype, MPI_Datatype filetype,
                                   const char *datarep, MPI_Info info) {
  SSMPI_BEGIN;
  int rc = PMPI_File_set_view(fh, disp, etype, filetype, datarep, info);
  SSMPI_END_SIZE(SS_MPI_FILE_SET_VIEW, -1, 0, ssmpi_group_size_of_file(fh));
  return rc;
}

SSMPI_EXPORT int MPI_File_sync(MPI_File fh) {
  SSMPI_BEGIN;
  int rc = PMPI_File_sync(fh);
  SSMPI_END_SIZE(SS_MPI_FILE_SYNC, -1, 0, ssmpi_group_size_of_file(fh));
  return rc;
}

/* A read or write at the file pointer (Name) or at an offset (Name_at). */
#define FILE_XFER(Name, CALL, Buf)                                             \
  SSMPI_EXPORT int MPI_##Name(MPI_File fh, Buf buf, int count,                 \
                              MPI_Datatype type, MPI_Status *status) {         \
    SSMPI_BEGIN;                                                               \
    MPI_Status own;                                                            \
    MPI_Status *st = c_.on && status == MPI_STATUS_IGNORE ? &own : status;     \
    int rc = PMPI_##Name(fh, buf, count, type, st);                            \
    SSMPI_END_SIZE(CALL, -1, moved(rc, st), ssmpi_group_size_of_file(fh));     \
    return rc;                                                                 \
  }
#define FILE_XFER_AT(Name, CALL, Buf)                                          \
  SSMPI_EXPORT int MPI_##Name(MPI_File fh, MPI_Offset offset, Buf buf,         \
                              int count, MPI_Datatype type,                    \
                              MPI_Status *status) {                            \
    SSMPI_BEGIN;                                                               \
    MPI_Status own;                                                            \
    MPI_Status *st = c_.on && status == MPI_STATUS_IGNORE ? &own : status;     \
    int rc = PMPI_##Name(fh, offset, buf, count, type, st);                    \
    SSMPI_END_SIZE(CALL, -1, moved(rc, st), ssmpi_group_size_of_file(fh));     \
    return rc;                                                                 \
  }
FILE_XFER(File_read, SS_MPI_FILE_READ, void *)
FILE_XFER(File_write, SS_MPI_FILE_WRITE, const void *)
FILE_XFER(File_read_all, SS_MPI_FILE_READ_ALL, void *)
FILE_XFER(File_write_all, SS_MPI_FILE_WRITE_ALL, const void *)
FILE_XFER_AT(File_read_at, SS_MPI_FILE_READ_AT, void *)
FILE_XFER_AT(File_write_at, SS_MPI_FILE_WRITE_AT, const void *)
FILE_XFER_AT(File_read_at_all, SS_MPI_FILE_READ_AT_ALL, void *)
FILE_XFER_AT(File_write_at_all, SS_MPI_FILE_WRITE_AT_ALL, const void *)
