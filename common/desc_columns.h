/* desc_columns.h -- a module descriptor's arrays stored column by column:
 * the form a packed descriptor compresses (SS_DESC_PACKED_ZLIB_COLUMNS in
 * ss/format.h).  Shared by the pass (writer) and ssprof (reader). */
#ifndef SS_COMMON_DESC_COLUMNS_H
#define SS_COMMON_DESC_COLUMNS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Copy the descriptor src (size bytes) to dst, with the records of each of
 * its arrays (functions, blocks, edges, ...) turned into columns
 * (to_columns != 0: byte 0 of every record, then byte 1 of every record,
 * and so on) or back (to_columns == 0).  The header and the string table
 * are copied as they are; the header says where the arrays lie, in both
 * forms.  Returns 0, or -1 when the header is too short or its arrays do
 * not fit in size bytes (dst is then undefined). */
int ss_desc_columns(uint8_t *dst, const uint8_t *src, uint64_t size,
                    int to_columns);

#ifdef __cplusplus
}
#endif

#endif
