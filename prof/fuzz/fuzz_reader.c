/*
 * fuzz_reader.c -- libFuzzer harness over the reader and the merge: any
 * bytes as an experiment file (expfile: container, records, descriptors,
 * samples), and a file that reads merged with itself and alone (profile),
 * as ssprof does.  A crash, a sanitizer report, a leak or a hang is a
 * finding; a refusal with a message is the reader doing its job.
 * lit/fuzz/ runs it; prof/fuzz/README.md says how to run it longer.
 */
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct ss_expfile *f = fuzz_read(data, size);
  if (f) {
    /* Every decoded sample walked, as the sample model does. */
    for (size_t b = 0; b < f->num_sample_blocks; b++) {
      const uint8_t *p = f->sample_blocks[b].data;
      for (uint64_t i = 0; i < f->sample_blocks[b].num_samples; i++) {
        struct ss_sample_view s;
        ss_sample_next(&p, &s);
        for (uint32_t k = 0; k < s.depth; k++)
          (void)ss_sample_addr(&s, k);
      }
    }
    struct ss_expfile *files[2] = {f, f};
    for (size_t n = 1; n <= 2; n++) {
      struct ss_profile p;
      struct ss_err err;
      const char *bad = NULL;
      ss_profile_merge(&p, files, n, &err, &bad);
      ss_profile_release(&p);
    }
    ss_expfile_free(f);
  }
  return 0;
}
