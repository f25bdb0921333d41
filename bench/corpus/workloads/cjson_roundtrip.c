/*
 * cjson_roundtrip.c -- bench/corpus's workload for cJSON: parse a JSON
 * document, print it back unformatted and formatted, parse that again and
 * walk it, `rounds` times.  Prints one line that depends only on the input.
 *
 *   usage: cjson_roundtrip FILE [rounds]
 */
#include "cJSON.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double walk(const cJSON *item) {
  double sum = 0;
  for (const cJSON *c = item; c; c = c->next) {
    if (cJSON_IsNumber(c))
      sum += c->valuedouble;
    else if (cJSON_IsString(c))
      sum += (double)strlen(c->valuestring);
    if (c->child)
      sum += walk(c->child);
  }
  return sum;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: cjson_roundtrip FILE [rounds]\n");
    return 2;
  }
  int rounds = argc > 2 ? atoi(argv[2]) : 1;
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  if (!text || fread(text, 1, (size_t)size, f) != (size_t)size)
    return 1;
  text[size] = '\0';
  fclose(f);
  double total = 0;
  for (int r = 0; r < rounds; r++) {
    cJSON *doc = cJSON_Parse(text);
    if (!doc)
      return 1;
    char *flat = cJSON_PrintUnformatted(doc), *pretty = cJSON_Print(doc);
    cJSON *again = cJSON_Parse(pretty);
    if (!flat || !pretty || !again)
      return 1;
    total += walk(again) + (double)strlen(flat);
    cJSON_free(flat);
    cJSON_free(pretty);
    cJSON_Delete(again);
    cJSON_Delete(doc);
  }
  printf("cjson_roundtrip: %d rounds, checksum %.0f\n", rounds, total);
  free(text);
  return 0;
}
