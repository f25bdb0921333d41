-- sqlite_work.sql -- bench/corpus's workload for the sqlite3 shell: a
-- table of 200,000 generated rows, an index, grouped aggregates, a join,
-- LIKE scans, an update and a delete, each checked by a count.
CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, name TEXT, v REAL);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 200000)
INSERT INTO t SELECT i, (i * 7919) % 1000, 'name' || (i % 5003), i * 0.5 FROM c;
CREATE INDEX t_k ON t(k);
SELECT count(*), sum(k), round(avg(v), 2) FROM t;
SELECT k, count(*), max(name) FROM t GROUP BY k ORDER BY count(*) DESC, k LIMIT 3;
CREATE TABLE u AS SELECT k, sum(v) AS s FROM t WHERE k % 3 = 0 GROUP BY k;
SELECT count(*), round(sum(u.s), 1) FROM t JOIN u USING (k) WHERE t.id % 10 = 0;
SELECT count(*) FROM t WHERE name LIKE '%77%';
UPDATE t SET v = v + 1 WHERE k BETWEEN 100 AND 200;
DELETE FROM t WHERE id % 4 = 0;
SELECT count(*), sum(k) FROM t;
SELECT group_concat(name, ',') FROM (SELECT DISTINCT name FROM t ORDER BY name LIMIT 5);
