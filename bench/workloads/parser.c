/*
 * parser.c -- tokenize and recursive-descent parse a generated program text,
 * then evaluate it.
 *
 * The text is a list of assignments to the variables a..z, each with a random
 * expression of numbers, variables, + - * / % < ==, unary minus and
 * parentheses.  Every pass scans the whole text into tokens, parses each
 * statement into a tree (a node arena reused per statement) and evaluates it
 * in 32-bit unsigned arithmetic (x / 0 and x % 0 give 0).  Character-class
 * tests, a token switch and deep recursion: the branchy, call-heavy code of
 * compilers and data-format readers.
 *
 *   usage: parser [passes] [statements]     (defaults 12, 20000)
 */
#include "wl.h"
#include <string.h>

/* ---- the program text ---- */

struct text {
  char *buf;
  size_t len, cap;
};

static void put(struct text *t, const char *s) {
  size_t n = strlen(s);
  if (t->len + n + 1 > t->cap) {
    t->cap = (t->len + n + 1) * 2;
    t->buf = realloc(t->buf, t->cap);
    if (!t->buf) {
      fprintf(stderr, "parser: out of memory\n");
      exit(1);
    }
  }
  memcpy(t->buf + t->len, s, n + 1);
  t->len += n;
}

static void gen_expr(struct text *t, uint64_t *seed, int depth) {
  static const char *const ops[] = {" + ", " - ", " * ", " / ", " % ", " < ", " == ", "+", "-", "*"};
  uint64_t r = wl_rand(seed);
  if (depth == 0 || r % 8 < 2) { /* a leaf */
    char leaf[24];
    if (r & 0x100)
      snprintf(leaf, sizeof leaf, "%c", 'a' + (int)((r >> 12) % 26));
    else
      snprintf(leaf, sizeof leaf, "%u", (unsigned)((r >> 12) % 1000));
    put(t, leaf);
  } else if (r % 8 == 2) {
    put(t, "-");
    gen_expr(t, seed, depth - 1);
  } else if (r % 8 == 3) {
    put(t, "(");
    gen_expr(t, seed, depth - 1);
    put(t, ")");
  } else {
    gen_expr(t, seed, depth - 1);
    put(t, ops[(r >> 20) % 10]);
    gen_expr(t, seed, depth - 1);
  }
}

/* ---- tokens ---- */

enum tok { T_NUM, T_VAR, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PCT, T_LT, T_EQEQ, T_ASSIGN,
           T_LPAREN, T_RPAREN, T_SEMI, T_END };

struct token {
  enum tok kind;
  uint32_t value; /* the number, or the variable's index */
};

static struct token *tokenize(const char *s, size_t *count) {
  size_t cap = 1024, n = 0;
  struct token *v = malloc(cap * sizeof *v);
  for (;;) {
    if (n + 1 >= cap)
      v = realloc(v, (cap *= 2) * sizeof *v);
    if (!v) {
      fprintf(stderr, "parser: out of memory\n");
      exit(1);
    }
    while (*s == ' ' || *s == '\n')
      s++;
    char c = *s++;
    struct token tk = {T_END, 0};
    if (c >= '0' && c <= '9') {
      uint32_t x = (uint32_t)(c - '0');
      while (*s >= '0' && *s <= '9')
        x = x * 10 + (uint32_t)(*s++ - '0');
      tk = (struct token){T_NUM, x};
    } else if (c >= 'a' && c <= 'z') {
      tk = (struct token){T_VAR, (uint32_t)(c - 'a')};
    } else {
      switch (c) {
      case '+': tk.kind = T_PLUS; break;
      case '-': tk.kind = T_MINUS; break;
      case '*': tk.kind = T_STAR; break;
      case '/': tk.kind = T_SLASH; break;
      case '%': tk.kind = T_PCT; break;
      case '<': tk.kind = T_LT; break;
      case '(': tk.kind = T_LPAREN; break;
      case ')': tk.kind = T_RPAREN; break;
      case ';': tk.kind = T_SEMI; break;
      case '=':
        if (*s == '=')
          s++, tk.kind = T_EQEQ;
        else
          tk.kind = T_ASSIGN;
        break;
      case '\0': tk.kind = T_END; break;
      default: fprintf(stderr, "parser: unexpected character '%c'\n", c); exit(1);
      }
    }
    v[n++] = tk;
    if (tk.kind == T_END)
      break;
  }
  *count = n;
  return v;
}

/* ---- syntax trees ---- */

struct node {
  enum tok op; /* T_NUM, T_VAR, a binary operator, or T_MINUS with rhs < 0 for negation */
  int lhs, rhs;
  uint32_t value;
};

struct parser {
  const struct token *tok;
  size_t pos;
  struct node *nodes;
  int nnodes, cap;
};

static int new_node(struct parser *p, enum tok op, int lhs, int rhs, uint32_t value) {
  if (p->nnodes == p->cap) {
    p->cap = p->cap ? p->cap * 2 : 256;
    p->nodes = realloc(p->nodes, (size_t)p->cap * sizeof *p->nodes);
    if (!p->nodes) {
      fprintf(stderr, "parser: out of memory\n");
      exit(1);
    }
  }
  p->nodes[p->nnodes] = (struct node){op, lhs, rhs, value};
  return p->nnodes++;
}

static void expect(struct parser *p, enum tok kind) {
  if (p->tok[p->pos].kind != kind) {
    fprintf(stderr, "parser: syntax error at token %zu\n", p->pos);
    exit(1);
  }
  p->pos++;
}

static int parse_expr(struct parser *p);

static int parse_unary(struct parser *p) {
  struct token tk = p->tok[p->pos++];
  switch (tk.kind) {
  case T_NUM:
  case T_VAR: return new_node(p, tk.kind, -1, -1, tk.value);
  case T_MINUS: {
    int operand = parse_unary(p);
    return new_node(p, T_MINUS, operand, -1, 0);
  }
  case T_LPAREN: {
    int e = parse_expr(p);
    expect(p, T_RPAREN);
    return e;
  }
  default: fprintf(stderr, "parser: unexpected token at %zu\n", p->pos - 1); exit(1);
  }
}

static int parse_mul(struct parser *p) {
  int lhs = parse_unary(p);
  for (;;) {
    enum tok k = p->tok[p->pos].kind;
    if (k != T_STAR && k != T_SLASH && k != T_PCT)
      return lhs;
    p->pos++;
    lhs = new_node(p, k, lhs, parse_unary(p), 0);
  }
}

static int parse_add(struct parser *p) {
  int lhs = parse_mul(p);
  for (;;) {
    enum tok k = p->tok[p->pos].kind;
    if (k != T_PLUS && k != T_MINUS)
      return lhs;
    p->pos++;
    lhs = new_node(p, k, lhs, parse_mul(p), 0);
  }
}

/* Comparisons bind loosest and associate to the left, as in C. */
static int parse_expr(struct parser *p) {
  int lhs = parse_add(p);
  for (;;) {
    enum tok k = p->tok[p->pos].kind;
    if (k != T_LT && k != T_EQEQ)
      return lhs;
    p->pos++;
    lhs = new_node(p, k, lhs, parse_add(p), 0);
  }
}

static uint32_t eval(const struct node *nodes, int at, const uint32_t *env) {
  const struct node *n = &nodes[at];
  if (n->op == T_NUM)
    return n->value;
  if (n->op == T_VAR)
    return env[n->value];
  uint32_t a = eval(nodes, n->lhs, env);
  if (n->rhs < 0) /* negation */
    return 0u - a;
  uint32_t b = eval(nodes, n->rhs, env);
  switch (n->op) {
  case T_PLUS: return a + b;
  case T_MINUS: return a - b;
  case T_STAR: return a * b;
  case T_SLASH: return b ? a / b : 0;
  case T_PCT: return b ? a % b : 0;
  case T_LT: return a < b;
  case T_EQEQ: return a == b;
  default: fprintf(stderr, "parser: bad node\n"); exit(1);
  }
}

/* One pass: tokenize, then parse and run each statement "v = expr;". */
static void run_text(const char *text, uint32_t *env, struct parser *p) {
  size_t ntok;
  struct token *tok = tokenize(text, &ntok);
  p->tok = tok;
  p->pos = 0;
  while (tok[p->pos].kind != T_END) {
    if (tok[p->pos].kind != T_VAR) {
      fprintf(stderr, "parser: statement must start with a variable\n");
      exit(1);
    }
    uint32_t var = tok[p->pos++].value;
    expect(p, T_ASSIGN);
    p->nnodes = 0;
    int root = parse_expr(p);
    expect(p, T_SEMI);
    env[var] = eval(p->nodes, root, env);
  }
  free(tok);
}

int main(int argc, char **argv) {
  int passes = (int)wl_arg(argc, argv, 1, 12);
  long statements = wl_arg(argc, argv, 2, 20000);
  struct text t = {0};
  uint64_t seed = 5;
  put(&t, "");
  for (long i = 0; i < statements; i++) {
    char lhs[8];
    snprintf(lhs, sizeof lhs, "%c = ", 'a' + (int)(i % 26));
    put(&t, lhs);
    gen_expr(&t, &seed, 9);
    put(&t, ";\n");
  }
  uint32_t env[26];
  for (int i = 0; i < 26; i++)
    env[i] = (uint32_t)i + 1;
  struct parser p = {0};
  for (int pass = 0; pass < passes; pass++)
    run_text(t.buf, env, &p);
  uint64_t h = WL_FOLD_INIT;
  for (int i = 0; i < 26; i++)
    h = wl_fold(h, env[i]);
  printf("parser: %d passes over %ld statements (%zu bytes), checksum %016llx\n", passes,
         statements, t.len, (unsigned long long)h);
  free(p.nodes);
  free(t.buf);
  return 0;
}
