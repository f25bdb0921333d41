/*
 * sqlite_driver.c -- an in-memory SQLite workload: inserts in transactions,
 * an index, joins, aggregates, LIKE scans, point lookups, updates, deletes.
 *
 * Linked with the SQLite amalgamation (bench/fetch-sqlite.sh), compiled in the
 * same configuration.  Every result row is folded into a checksum, so a build
 * that computed anything differently would print a different line.
 *
 *   usage: sqlite_driver [orders]     (default 70000; customers are a tenth)
 */
#include "sqlite3.h"
#include "wl.h"
#include <string.h>

static sqlite3 *db;
static uint64_t checksum = WL_FOLD_INIT;

static void die(const char *what) {
  fprintf(stderr, "sqlite_driver: %s: %s\n", what, sqlite3_errmsg(db));
  exit(1);
}

static sqlite3_stmt *prepare(const char *sql) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
    die(sql);
  return st;
}

static void exec(const char *sql) {
  char *err = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "sqlite_driver: %s: %s\n", sql, err);
    exit(1);
  }
}

/* Steps st to the end, folding every column of every row into the checksum
 * (as text, so integers and reals are treated alike); returns the rows. */
static long fold_rows(sqlite3_stmt *st) {
  long rows = 0;
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    rows++;
    for (int c = 0; c < sqlite3_column_count(st); c++) {
      const unsigned char *s = sqlite3_column_text(st, c);
      for (; s && *s; s++)
        checksum = wl_fold(checksum, *s);
      checksum = wl_fold(checksum, '|');
    }
  }
  if (rc != SQLITE_DONE)
    die("step");
  sqlite3_reset(st);
  return rows;
}

static void query(const char *sql) {
  sqlite3_stmt *st = prepare(sql);
  fold_rows(st);
  sqlite3_finalize(st);
}

/* A pseudo-random word of lower-case letters, 4 to 11 long. */
static void word(uint64_t *seed, char *out) {
  uint64_t r = wl_rand(seed);
  int len = 4 + (int)(r % 8);
  for (int i = 0; i < len; i++) {
    r = r * 6364136223846793005ULL + 1442695040888963407ULL;
    out[i] = (char)('a' + (r >> 40) % 26);
  }
  out[len] = '\0';
}

static void fill(long orders, uint64_t *seed) {
  static const char *const cities[] = {"Berlin", "Lyon", "Oslo", "Porto", "Quito", "Riga",
                                       "Turku", "Utrecht", "Zagreb", "Bergen"};
  long customers = orders / 10 > 0 ? orders / 10 : 1;
  char name[16], note[16];
  sqlite3_stmt *ins_c = prepare("INSERT INTO customers(id, name, city, balance) VALUES (?,?,?,?)");
  sqlite3_stmt *ins_o =
      prepare("INSERT INTO orders(customer, amount, note, day) VALUES (?,?,?,?)");
  exec("BEGIN");
  for (long i = 1; i <= customers; i++) {
    word(seed, name);
    sqlite3_bind_int64(ins_c, 1, i);
    sqlite3_bind_text(ins_c, 2, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(ins_c, 3, cities[wl_rand(seed) % 10], -1, SQLITE_STATIC);
    sqlite3_bind_double(ins_c, 4, (double)(wl_rand(seed) % 100000) / 100.0);
    if (sqlite3_step(ins_c) != SQLITE_DONE)
      die("insert customer");
    sqlite3_reset(ins_c);
  }
  exec("COMMIT");
  /* Orders in transactions of 1000 rows, as a loader would. */
  for (long i = 0; i < orders; i++) {
    if (i % 1000 == 0)
      exec(i ? "COMMIT; BEGIN" : "BEGIN");
    word(seed, note);
    sqlite3_bind_int64(ins_o, 1, 1 + (sqlite3_int64)(wl_rand(seed) % (uint64_t)customers));
    sqlite3_bind_int64(ins_o, 2, (sqlite3_int64)(wl_rand(seed) % 5000));
    sqlite3_bind_text(ins_o, 3, note, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(ins_o, 4, (sqlite3_int64)(wl_rand(seed) % 365));
    if (sqlite3_step(ins_o) != SQLITE_DONE)
      die("insert order");
    sqlite3_reset(ins_o);
  }
  exec("COMMIT");
  sqlite3_finalize(ins_c);
  sqlite3_finalize(ins_o);
}

int main(int argc, char **argv) {
  long orders = wl_arg(argc, argv, 1, 70000);
  uint64_t seed = 7;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK)
    die("open");
  exec("CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT, city TEXT, balance REAL);"
       "CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER, amount INTEGER,"
       "                    note TEXT, day INTEGER)");
  fill(orders, &seed);
  exec("CREATE INDEX orders_customer ON orders(customer);"
       "CREATE INDEX customers_city ON customers(city, name)");

  /* Joins and aggregates over everything. */
  query("SELECT c.city, count(*), sum(o.amount), min(o.day), max(o.day) FROM orders o "
        "JOIN customers c ON c.id = o.customer GROUP BY c.city ORDER BY c.city");
  query("SELECT c.id, c.name, count(o.id) AS n, total(o.amount) FROM customers c "
        "LEFT JOIN orders o ON o.customer = c.id GROUP BY c.id ORDER BY n DESC, c.id LIMIT 50");
  query("SELECT day, count(*), avg(amount) FROM orders WHERE amount > 2500 GROUP BY day "
        "HAVING count(*) > 1 ORDER BY day");
  /* LIKE scans (no index can help). */
  query("SELECT count(*), sum(amount) FROM orders WHERE note LIKE '%ab%'");
  query("SELECT count(*) FROM customers WHERE name LIKE 'q%' OR name LIKE '%zz%'");
  query("SELECT city, name FROM customers WHERE city LIKE 'B%' ORDER BY name, id LIMIT 200");
  /* Point lookups through the index, a prepared statement reused. */
  sqlite3_stmt *by_customer =
      prepare("SELECT count(*), sum(amount) FROM orders WHERE customer = ?");
  long customers = orders / 10 > 0 ? orders / 10 : 1;
  for (long i = 0; i < orders / 2; i++) {
    sqlite3_bind_int64(by_customer, 1, 1 + (sqlite3_int64)(wl_rand(&seed) % (uint64_t)customers));
    fold_rows(by_customer);
  }
  sqlite3_finalize(by_customer);
  /* Updates and deletes, then the totals again. */
  exec("BEGIN;"
       "UPDATE orders SET amount = amount + 1 WHERE amount % 7 = 0;"
       "UPDATE customers SET balance = balance * 1.01 WHERE city IN ('Oslo', 'Riga');"
       "DELETE FROM orders WHERE amount % 11 = 3;"
       "DELETE FROM customers WHERE id % 13 = 0;"
       "COMMIT");
  query("SELECT count(*), sum(amount), sum(length(note)) FROM orders");
  query("SELECT city, count(*), round(sum(balance), 2) FROM customers GROUP BY city ORDER BY city");
  query("SELECT count(*) FROM orders o WHERE NOT EXISTS "
        "(SELECT 1 FROM customers c WHERE c.id = o.customer)");
  sqlite3_close(db);
  printf("sqlite_driver: SQLite %s, %ld orders, checksum %016llx\n", sqlite3_libversion(),
         orders, (unsigned long long)checksum);
  return 0;
}
