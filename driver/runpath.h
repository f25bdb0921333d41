/* runpath.h -- after a link: take sscc's runtime directory back out of the
 * RUNPATH (or RPATH) of an output that does not need libssrt. */
#ifndef SSCC_RUNPATH_H
#define SSCC_RUNPATH_H

/* Removes the entry `dir` from the run-time search path of the ELF file
 * `path` when no DT_NEEDED entry names libssrt.so, in place (the string
 * gets shorter; an empty one goes with its dynamic entry).  Leaves any
 * other file, and one whose string another name shares, as it is. */
void drop_unneeded_runpath(const char *path, const char *dir);

#endif
