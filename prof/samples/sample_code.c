/*
 * sample_code.c -- the machine code of a sampled function with the
 * samples of each instruction (samples.h): decoded from the module the
 * run mapped, from the first sampled instruction of the function to its
 * last (every sampled PC is the start of an instruction), with the line
 * table's source position of each.
 */
#include "samples.h"

#include "base.h"
#include "mcode.h"

#include <stdlib.h>
#include <string.h>

#define MAX_INSNS 400

static void add(struct ss_sample_insn **v, size_t *n, size_t *cap,
                uint64_t address, const char *text,
                const struct ss_line_row *row) {
  SS_GROW(*v, *cap, *n);
  struct ss_sample_insn *in = &(*v)[(*n)++];
  memset(in, 0, sizeof *in);
  in->address = address;
  in->text = ss_xstrdup(text);
  if (row && row->line) {
    in->file = ss_xstrdup(row->file);
    in->line = row->line;
  }
}

size_t ss_sample_code(const struct ss_sample_model *m, uint32_t function,
                      struct ss_sample_insn **out, char *why,
                      size_t why_size) {
  *out = NULL;
  size_t first = m->num_addresses, last = 0;
  for (size_t i = 0; i < m->num_addresses; i++)
    if (m->addresses[i].function == function && m->addresses[i].path[0]) {
      if (first == m->num_addresses)
        first = i;
      if (strcmp(m->addresses[i].path, m->addresses[first].path) == 0)
        last = i;
    }
  if (first == m->num_addresses) {
    snprintf(why, why_size, "no sampled address in a module");
    return 0;
  }
  const char *path = m->addresses[first].path;
  struct ss_elf_code *code = ss_elf_code_open(path, NULL, 0, why, why_size);
  if (!code)
    return 0;
  struct ss_disasm *d = ss_disasm_new(ss_elf_code_machine(code), why,
                                      why_size);
  if (!d) {
    ss_elf_code_close(code);
    return 0;
  }
  size_t n = 0, cap = 0;
  uint64_t at = m->addresses[first].vaddr, end = m->addresses[last].vaddr;
  size_t next = first;
  while (at <= end && n < MAX_INSNS) {
    const uint8_t *bytes = ss_elf_code_bytes(code, at, 1);
    if (!bytes)
      break;
    size_t avail = 16;
    while (avail > 1 && !ss_elf_code_bytes(code, at, avail))
      avail--;
    struct ss_insn insn;
    ss_disasm_one(d, ss_elf_code_bytes(code, at, avail), avail, at, &insn);
    if (insn.size == 0)
      break;
    char text[200];
    const char *sym = strstr(insn.text, "ss_target");
    if (insn.has_target && sym)
      snprintf(text, sizeof text, "%.*s0x%llx%s", (int)(sym - insn.text),
               insn.text, (unsigned long long)insn.target,
               sym + strlen("ss_target"));
    else
      snprintf(text, sizeof text, "%s", insn.text);
    add(out, &n, &cap, at, text, ss_elf_code_row(code, at));
    while (next <= last && (m->addresses[next].function != function ||
                            strcmp(m->addresses[next].path, path) != 0 ||
                            m->addresses[next].vaddr < at))
      next++;
    for (; next <= last && m->addresses[next].vaddr == at; next++)
      if (m->addresses[next].function == function &&
          strcmp(m->addresses[next].path, path) == 0) {
        (*out)[n - 1].samples += m->addresses[next].samples;
        (*out)[n - 1].ns += m->addresses[next].ns;
      }
    at += insn.size;
  }
  if (n == 0)
    snprintf(why, why_size, "%s: the sampled code cannot be read", path);
  ss_disasm_free(d);
  ss_elf_code_close(code);
  return n;
}

void ss_sample_code_release(struct ss_sample_insn *v, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free((char *)v[i].text);
    free((char *)v[i].file);
  }
  free(v);
}
