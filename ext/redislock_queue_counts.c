/* RedisQueue's counters below the class: the durations acks count (when this
 * object's reserve() handed each task out, and the bucket of a run's duration),
 * stats()'s answer for a queue (its state, and its counters as 'counts') and
 * history()'s minutes, read back from the counters' hash, {K}:counts, which the
 * queue's scripts and its workers keep (ext/lua/common/counts.lua). */
#include "redislock_queue_counts.h"
#include "redislock_runner.h"

/* ---- the durations acks count -------------------------------------------------------- */

const double redislock_queue_bucket_bounds[REDISLOCK_QUEUE_BUCKETS] = {
	0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600,
};

static void started_free(zval *zv)
{
	queue_started *s = Z_PTR_P(zv);
	zend_string_release(s->receipt);
	efree(s);
}

void redislock_queue_started_init(redislock_queue_obj *q)
{
	zend_hash_init(&q->started, 0, NULL, started_free, 0);
}

static void started_add_one(redislock_queue_obj *q, const zval *task, zend_string *name, double now)
{
	zval *id = zend_hash_str_find(Z_ARRVAL_P(task), "id", sizeof("id") - 1);
	zval *receipt = zend_hash_str_find(Z_ARRVAL_P(task), "receipt", sizeof("receipt") - 1);
	zval *queue = zend_hash_str_find(Z_ARRVAL_P(task), "queue", sizeof("queue") - 1);
	queue_started *s;
	zend_string *key;

	if (!id || Z_TYPE_P(id) != IS_STRING || !receipt || Z_TYPE_P(receipt) != IS_STRING) {
		return;
	}
	if (queue && Z_TYPE_P(queue) == IS_STRING) {
		name = Z_STR_P(queue);
	}
	/* At the bound, the oldest record goes: its run, if it ever ends here, is
	 * counted without a duration. */
	while (zend_hash_num_elements(&q->started) >= REDISLOCK_QUEUE_STARTED) {
		HashPosition pos;
		zend_string *first;
		zend_ulong h;
		zend_hash_internal_pointer_reset_ex(&q->started, &pos);
		if (zend_hash_get_current_key_ex(&q->started, &first, &h, &pos) != HASH_KEY_IS_STRING) {
			break;
		}
		zend_hash_del(&q->started, first);
	}
	key = redislock_queue_beat_key(name, Z_STRVAL_P(id), Z_STRLEN_P(id));
	s = emalloc(sizeof(*s));
	s->at = now;
	s->receipt = zend_string_copy(Z_STR_P(receipt));
	/* A record of an earlier run of the id goes, and this one is the newest. */
	zend_hash_del(&q->started, key);
	zend_hash_add_new_ptr(&q->started, key, s);
	zend_string_release(key);
}

void redislock_queue_started_add(redislock_queue_obj *q, const zval *tasks, zend_string *name)
{
	double now = redislock_now();
	zval *task;

	if (Z_TYPE_P(tasks) != IS_ARRAY) {
		return;
	}
	if (zend_hash_str_exists(Z_ARRVAL_P(tasks), "id", sizeof("id") - 1)) {
		started_add_one(q, tasks, name, now);
		return;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(tasks), task) {
		if (Z_TYPE_P(task) == IS_ARRAY) {
			started_add_one(q, task, name, now);
		}
	} ZEND_HASH_FOREACH_END();
}

bool redislock_queue_started_ran(redislock_queue_obj *q, const zend_string *name, const zend_string *id,
	const zend_string *receipt, queue_sample *sample)
{
	zend_string *key = redislock_queue_beat_key(name, ZSTR_VAL(id), ZSTR_LEN(id));
	queue_started *s = zend_hash_find_ptr(&q->started, key);
	double d;
	int k = 0;

	zend_string_release(key);
	/* Only an ack naming the reservation recorded is timed: without a receipt it
	 * ends whichever reservation is current, which may be another object's once
	 * this one's lapsed. */
	if (!s || !receipt || !zend_string_equals(receipt, s->receipt)) {
		return false;
	}
	d = redislock_now() - s->at;
	if (d < 0) {
		d = 0;
	}
	while (k < REDISLOCK_QUEUE_BUCKETS && d > redislock_queue_bucket_bounds[k]) {
		k++;
	}
	sample->bucket = k;
	sample->micros = d * 1e6 < (double) ZEND_LONG_MAX ? (zend_long) (d * 1e6 + 0.5) : ZEND_LONG_MAX;
	return true;
}

void redislock_queue_started_end(redislock_queue_obj *q, const zend_string *name, const zend_string *id,
	const zend_string *receipt)
{
	zend_string *key = redislock_queue_beat_key(name, ZSTR_VAL(id), ZSTR_LEN(id));
	queue_started *s = zend_hash_find_ptr(&q->started, key);

	if (s && (!receipt || zend_string_equals(receipt, s->receipt))) {
		zend_hash_del(&q->started, key);
	}
	zend_string_release(key);
}

/* ---- the counters read back ---------------------------------------------------------- */

/* The counters' fields a snapshot and stats() read, in their order: p, f, r, t,
 * x, s, then one per bucket. */
#define FIELDS (6 + REDISLOCK_QUEUE_BUCKETS + 1)

/* A counter as the server holds it: 0 when never counted (nil), -1 when it is
 * not a count. */
static zend_long count_of(const char *s, size_t len, bool nil)
{
	char buf[24], *end;
	long long v;

	if (nil) {
		return 0;
	}
	if (len == 0 || len >= sizeof(buf)) {
		return -1;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	v = strtoll(buf, &end, 10);
	if (errno || end != buf + len || v < 0) {
		return -1;
	}
	return (zend_long) v;
}

/* a + b of two counts (each at least 0), stopping at ZEND_LONG_MAX. */
static zend_long sum(zend_long a, zend_long b)
{
	return a > ZEND_LONG_MAX - b ? ZEND_LONG_MAX : a + b;
}

/* The counters v (FIELDS of them) as stats()'s 'counts' and each of history()'s
 * minutes have them (those with 'at' first: at >= 0). */
static void counts_array(const zend_long *v, zend_long at, zval *counts)
{
	zend_long runs = 0;
	zval durations;

	array_init_size(&durations, REDISLOCK_QUEUE_BUCKETS + 1);
	for (int k = 0; k <= REDISLOCK_QUEUE_BUCKETS; k++) {
		char le[32];
		runs = sum(runs, v[6 + k]);
		if (k == REDISLOCK_QUEUE_BUCKETS) {
			add_assoc_long(&durations, "+Inf", runs);
		} else {
			/* "0.005" ... "3600": whole bounds become integer keys, as PHP makes them. */
			snprintf(le, sizeof(le), "%.15g", redislock_queue_bucket_bounds[k]);
			add_assoc_long_ex(&durations, le, strlen(le), runs);
		}
	}
	array_init_size(counts, 8);
	if (at >= 0) {
		add_assoc_long(counts, "at", at);
	}
	add_assoc_long(counts, "processed", sum(v[0], runs));
	add_assoc_long(counts, "failed", v[1]);
	add_assoc_long(counts, "released", v[2]);
	add_assoc_long(counts, "retried", v[3]);
	add_assoc_long(counts, "dead", v[4]);
	add_assoc_zval(counts, "durations", &durations);
	add_assoc_double(counts, "duration_sum", v[5] / 1e6);
}

/* stats()'s 'counts' from the last element of a stats reply (the HMGET of
 * ext/lua/queue/stats.lua); false when it has another shape (nil: the key is of
 * another type; a field that is no count). */
static bool counts_to_array(const redisReply *c, zval *counts)
{
	zend_long v[FIELDS];

	if (c->type != REDIS_REPLY_ARRAY || c->elements != FIELDS) {
		return false;
	}
	for (size_t i = 0; i < FIELDS; i++) {
		const redisReply *e = c->element[i];
		if ((e->type != REDIS_REPLY_STRING && e->type != REDIS_REPLY_NIL)
			|| (v[i] = count_of(e->str, e->len, e->type == REDIS_REPLY_NIL)) < 0) {
			return false;
		}
	}
	counts_array(v, -1, counts);
	return true;
}

/* One stats reply as the array stats() returns; false when it has another shape. */
bool redislock_queue_stats_entry(const redisReply *r, zval *entry)
{
	zval counts;

	if (r->type != REDIS_REPLY_ARRAY || r->elements != 9) {
		return false;
	}
	for (size_t i = 0; i < 8; i++) {
		if (r->element[i]->type != REDIS_REPLY_INTEGER) {
			return false;
		}
	}
	/* Counters that are not counts (their key or a field written by hand) are
	 * null: the queue's state is still told. */
	if (!counts_to_array(r->element[8], &counts)) {
		ZVAL_NULL(&counts);
	}
	array_init_size(entry, 10);
	add_assoc_long(entry, "due", (zend_long) r->element[0]->integer);
	add_assoc_long(entry, "delayed", (zend_long) r->element[1]->integer);
	add_assoc_long(entry, "inflight", (zend_long) r->element[2]->integer);
	add_assoc_long(entry, "dead", (zend_long) r->element[3]->integer);
	add_assoc_double(entry, "oldest_due_age", r->element[4]->integer < 0 ? 0.0 : r->element[4]->integer / 1e6);
	if (r->element[5]->integer < 0) {
		add_assoc_null(entry, "next_due_in");
	} else {
		add_assoc_double(entry, "next_due_in", r->element[5]->integer / 1e6);
	}
	add_assoc_long(entry, "overdue", (zend_long) r->element[6]->integer);
	/* The pause's ms left: -2 not paused, -1 until resume(). */
	add_assoc_bool(entry, "paused", r->element[7]->integer != -2);
	if (r->element[7]->integer < 0) {
		add_assoc_null(entry, "pause_left");
	} else {
		add_assoc_double(entry, "pause_left", r->element[7]->integer / 1e3);
	}
	add_assoc_zval(entry, "counts", &counts);
	return true;
}

/* A snapshot "<minute>|p|f|r|t|x|s|d0|...|d16" split into its minute and
 * counters; false when it has another shape (a snapshot of another format is
 * left out, never misread). */
static bool snapshot_of(const redisReply *r, zend_long *minute, zend_long *v)
{
	const char *s = r->str, *end = r->str + r->len;

	for (int i = -1; i < FIELDS; i++) {
		const char *bar = memchr(s, '|', (size_t) (end - s));
		const char *stop = bar ? bar : end;
		zend_long n = count_of(s, (size_t) (stop - s), false);
		if (n < 0 || (i < FIELDS - 1) != (bar != NULL)) {
			return false;
		}
		*(i < 0 ? minute : &v[i]) = n;
		s = stop + 1;
	}
	return true;
}

static int minute_compare(Bucket *a, Bucket *b)
{
	return a->h < b->h ? -1 : (a->h > b->h ? 1 : 0);
}

bool redislock_queue_history_run(redislock_queue_obj *q, const queue_keys *k, zval *return_value)
{
	redislock_argv a;
	redisReply *reply;
	zend_long now;
	HashTable *by_minute;
	zval *entry, list;

	redislock_script_history_args(&a, k->counts);
	reply = redislock_queue_run(q, &redislock_script_history, &a, redislock_object_read_timeout(&q->base));
	redislock_argv_free(&a);
	if (!reply) {
		return false;
	}
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 61 || reply->element[0]->type != REDIS_REPLY_STRING
		|| (now = count_of(reply->element[0]->str, reply->element[0]->len, false)) < 0) {
		redislock_conn_set_unexpected(q->conn, reply);
		freeReplyObject(reply);
		return false;
	}
	/* The snapshots of the last 60 minutes, by minute, then in order. */
	by_minute = zend_new_array(60);
	for (size_t i = 1; i < reply->elements; i++) {
		zend_long minute, v[FIELDS];
		zval counts;
		if (reply->element[i]->type != REDIS_REPLY_STRING || !snapshot_of(reply->element[i], &minute, v)
			|| minute > now || minute <= now - 60) {
			continue;
		}
		counts_array(v, minute * 60, &counts);
		zend_hash_index_update(by_minute, (zend_ulong) minute, &counts);
	}
	freeReplyObject(reply);
	zend_hash_sort(by_minute, minute_compare, false);
	array_init_size(&list, zend_hash_num_elements(by_minute));
	ZEND_HASH_FOREACH_VAL(by_minute, entry) {
		Z_TRY_ADDREF_P(entry);
		add_next_index_zval(&list, entry);
	} ZEND_HASH_FOREACH_END();
	zend_array_destroy(by_minute);
	RETVAL_COPY_VALUE(&list);
	return true;
}
