/*
 * listing_dsos.c -- -dsolist: the module map, in order of loading, with
 * each DSO's text addresses; unloaded (dlclose'd) ones are marked.
 */
#include "listing.h"

#include <inttypes.h>
#include <string.h>

void ss_list_dsos(const struct ss_listing *l) {
  const struct ss_profile *p = l->profile;
  FILE *out = l->out;
  int width = (int)strlen("DSO name");
  for (size_t i = 0; i < p->num_dsos; i++) {
    int n = (int)strlen(p->dsos[i].name);
    if (n > width)
      width = n;
  }
  ss_print_title(out, "DSO List, in order of loading");
  fprintf(out, "%-*s  %s\n", width, "DSO name",
          "low - high text addrs., DSO pathname");
  for (size_t i = 0; i < p->num_dsos; i++) {
    const struct ss_map_entry *e = p->dsos[i].entry;
    fprintf(out, "%-*s  0x%012" PRIx64 " - 0x%012" PRIx64 ", %s%s\n", width,
            p->dsos[i].name, e->text_start, e->text_end,
            e->path[0] ? e->path : p->target,
            (e->flags & SS_MAP_UNLOADED) ? " [unloaded]" : "");
  }
}
