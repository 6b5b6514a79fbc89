/* What RedisQueue's methods and its two layouts share, below them all: a call's
 * failure thrown once, a script run with its error reply recorded, the
 * heartbeat of reservations (the watchdog option) kept in the object's renewal
 * table, the stream layout's receipts and the reservations the object holds,
 * and the ack deferred to the next reserve() or pop() (which either layout's
 * read may carry: a pop() starts on the zset layout's take script). */
#include "redislock_queue_int.h"
#include "redislock_runner.h"
#include "zend_smart_str.h"
#include <math.h>

void redislock_queue_fail(const redislock_queue_obj *q)
{
	redislock_object_throw(q ? &q->base : NULL);
}

redisReply *redislock_queue_run(redislock_queue_obj *q, const redislock_script *script, redislock_argv *a,
	double timeout)
{
	return redislock_script_run(q->conn, script, a, timeout);
}

/* ---- the heartbeat ------------------------------------------------------------- */

/* A reservation's entry in q->beats: the queue name's length in decimal, ':', the
 * name's bytes, the id's bytes. Built with memcpy, never a format: ids (and names)
 * are bytes, and two that agree up to a NUL byte are two entries. */
zend_string *redislock_queue_beat_key(const zend_string *name, const char *id, size_t id_len)
{
	char len[24];
	size_t len_len = (size_t) snprintf(len, sizeof(len), "%zu:", ZSTR_LEN(name));
	zend_string *key = zend_string_safe_alloc(1, ZSTR_LEN(name) + id_len, len_len, 0);
	char *p = ZSTR_VAL(key);

	memcpy(p, len, len_len);
	memcpy(p + len_len, ZSTR_VAL(name), ZSTR_LEN(name));
	memcpy(p + len_len + ZSTR_LEN(name), id, id_len);
	p[len_len + ZSTR_LEN(name) + id_len] = '\0';
	return key;
}

/* A forked child renews nothing of its parent's, and never stops it either. */
void redislock_queue_beats_forget_parent(redislock_queue_obj *q)
{
	if (redislock_renewal_forked(&q->renewal)) {
		redislock_renewal_table_forget(&q->beats);
	}
}

/* Stops the heartbeat of id; with only_receipt, only when it renews that
 * reservation (a refused call with another receipt leaves the current one's
 * heartbeat alone). */
void redislock_queue_beat_stop(redislock_queue_obj *q, const zend_string *name, const zend_string *id,
	const zend_string *only_receipt)
{
	zend_string *key;

	redislock_queue_beats_forget_parent(q);
	if (redislock_renewal_table_count(&q->beats) == 0) {
		return;
	}
	key = redislock_queue_beat_key(name, ZSTR_VAL(id), ZSTR_LEN(id));
	redislock_renewal_table_stop(&q->beats, key, only_receipt);
	zend_string_release(key);
}

void redislock_queue_beats_stop_all(redislock_queue_obj *q)
{
	redislock_queue_beats_forget_parent(q);
	redislock_renewal_table_stop_all(&q->beats);
}

/* With the watchdog option, each reservation of a reserve() reply (stride 5 from
 * offset 1) is renewed to its visibility every visibility / 3 by a receipt-checked
 * touch, counted from when the reserve was sent. A reservation that cannot be
 * handed over (no memory, no thread) is simply not renewed: it lapses after its
 * visibility, as without the option. */
void redislock_queue_beats_start(redislock_queue_obj *q, const redisReply *reply, zend_string **names,
	double visibility, double since)
{
	const redislock_config *cfg = redislock_conn_config(q->conn);
	zend_string *name;
	queue_keys k;

	if (!cfg->watchdog || reply->type != REDIS_REPLY_ARRAY || reply->elements < 6) {
		return;
	}
	redislock_queue_beats_forget_parent(q);
	if (!redislock_renewal_target(&q->renewal, q->conn)) {
		return;
	}
	name = names[reply->element[0]->integer - 1];
	redislock_queue_keys_init(&k, &q->base, name);
	for (size_t i = 1; i + 5 <= reply->elements; i += 5) {
		const redisReply *id = reply->element[i], *receipt = reply->element[i + 2];
		zend_string *id_str = zend_string_init(id->str, id->len, 0);
		zend_string *receipt_str = zend_string_init(receipt->str, receipt->len, 0);
		zend_string *key = redislock_queue_beat_key(name, id->str, id->len);
		redislock_argv a;
		uint64_t wd;

		redislock_script_touch_args(&a, QUEUE_KEYS(k), id_str, visibility, receipt_str);
		wd = redislock_renewal_add(&q->renewal, &a, redislock_script_touch.body, 0, visibility, cfg->watchdog_max_hold,
			since);
		redislock_argv_free(&a);
		if (wd != 0) {
			redislock_renewal_table_put(&q->beats, key, wd, receipt_str);
		} else {
			redislock_renewal_table_stop(&q->beats, key, NULL);
		}
		zend_string_release(receipt_str);
		zend_string_release(key);
		zend_string_release(id_str);
	}
	redislock_queue_keys_free(&k);
}

/* ---- receipts of the stream layout, and what the object holds ------------------- */

bool redislock_queue_stream_receipt_parse(const zend_string *receipt, stream_receipt *r)
{
	const char *s = ZSTR_VAL(receipt), *end = s + ZSTR_LEN(receipt);
	const char *a = memchr(s, '/', ZSTR_LEN(receipt)), *b;
	if (!a || !(b = memchr(a + 1, '/', (size_t) (end - a - 1))) || a == s || b == a + 1 || b + 1 == end) {
		return false;
	}
	r->eid = zend_string_init(s, (size_t) (a - s), 0);
	r->consumer = zend_string_init(a + 1, (size_t) (b - a - 1), 0);
	r->deliveries = zend_string_init(b + 1, (size_t) (end - b - 1), 0);
	return true;
}

void redislock_queue_stream_receipt_free(stream_receipt *r)
{
	zend_string_release(r->eid);
	zend_string_release(r->consumer);
	zend_string_release(r->deliveries);
}

/* A reservation of the consumer ended by a call of this object (its receipt
 * names the consumer): no longer held. */
void redislock_queue_held_end(redislock_queue_obj *q, const zend_string *name, const stream_receipt *r)
{
	zend_string *key;

	if (!q->consumer || !r->consumer || !zend_string_equals(r->consumer, q->consumer)
		|| zend_hash_num_elements(&q->held) == 0) {
		return;
	}
	key = redislock_queue_beat_key(name, ZSTR_VAL(r->eid), ZSTR_LEN(r->eid));
	zend_hash_del(&q->held, key);
	zend_string_release(key);
}

/* ---- the counts of the acks a worker confirmed -------------------------------------- */

/* How long the counts of a queue are kept before they go with the next write. */
#define PENDING_SECONDS 1.0

static void pending_free(zval *zv)
{
	efree(Z_PTR_P(zv));
}

void redislock_queue_pending_init(redislock_queue_obj *q)
{
	zend_hash_init(&q->pending, 0, NULL, pending_free, 0);
	q->pending_generation = redislock_fork_generation;
}

/* A forked child sends nothing of its parent's counts (the parent does). */
static void pending_own(redislock_queue_obj *q)
{
	if (q->pending_generation != redislock_fork_generation) {
		zend_hash_clean(&q->pending);
		q->pending_generation = redislock_fork_generation;
	}
}

void redislock_queue_pending_add(redislock_queue_obj *q, zend_string *name, const queue_sample *sample)
{
	queue_pending *p;

	pending_own(q);
	if (!(p = zend_hash_find_ptr(&q->pending, name))) {
		p = ecalloc(1, sizeof(*p));
		p->since = redislock_now();
		zend_hash_add_new_ptr(&q->pending, name, p);
	}
	if (sample->failed) {
		p->v[1]++;
	} else if (sample->bucket < 0) {
		p->v[0]++;
	} else {
		p->v[2] = p->v[2] > ZEND_LONG_MAX - sample->micros ? ZEND_LONG_MAX : p->v[2] + sample->micros;
		p->v[3 + sample->bucket]++;
	}
}

/* Whether a second has passed since *at (0: never); if so, *at is now. */
static bool once_a_second(double *at)
{
	double now = redislock_now();

	if (*at > 0 && now - *at < 1.0) {
		return false;
	}
	*at = now;
	return true;
}

bool redislock_queue_carry_due(redislock_queue_obj *q)
{
	return once_a_second(&q->carried_at);
}

bool redislock_queue_snapshot_due(redislock_queue_obj *q)
{
	return once_a_second(&q->snapshot_at);
}

bool redislock_queue_pending_due(redislock_queue_obj *q)
{
	pending_own(q);
	return zend_hash_num_elements(&q->pending) > 0;
}

/* The count_add script of the counts p, for the counters' key. */
static void pending_args(redislock_argv *a, zend_string *counts, const queue_pending *p)
{
	smart_str packed = {0};

	for (int i = 0; i < QUEUE_PENDING_FIELDS; i++) {
		if (i > 0) {
			smart_str_appendc(&packed, '|');
		}
		smart_str_append_long(&packed, p->v[i]);
	}
	smart_str_0(&packed);
	redislock_script_count_add_args(a, counts, packed.s);
	smart_str_free(&packed);
}

uint32_t redislock_queue_pending_take(redislock_queue_obj *q, zend_string *const *names, const queue_keys *keys,
	uint32_t n, redislock_argv *argvs, redislock_pipe_cmd *cmds)
{
	double now = redislock_now();
	uint32_t m = 0;

	pending_own(q);
	for (uint32_t i = 0; i < n && zend_hash_num_elements(&q->pending) > 0; i++) {
		zend_string *name = names[i];
		queue_pending *p = zend_hash_find_ptr(&q->pending, name);
		if (!p || now - p->since < PENDING_SECONDS) {
			continue;
		}
		pending_args(&argvs[m], keys[i].counts, p);
		cmds[m].a = &argvs[m];
		cmds[m].script = &redislock_script_count_add;
		m++;
		zend_hash_del(&q->pending, name);
	}
	return m;
}

/* Sends the counts of the queue name, kept or not due yet, in a call of its own. */
static void pending_send(redislock_queue_obj *q, zend_string *name)
{
	queue_keys k;
	redislock_argv a;
	redisReply *reply;
	queue_pending *p = zend_hash_find_ptr(&q->pending, name);

	if (!p) {
		return;
	}
	redislock_queue_keys_init(&k, &q->base, name);
	pending_args(&a, k.counts, p);
	zend_hash_del(&q->pending, name);
	/* A count that cannot be sent is lost, never sent twice. */
	if ((reply = redislock_queue_run(q, &redislock_script_count_add, &a, redislock_object_read_timeout(&q->base)))) {
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	redislock_queue_keys_free(&k);
}

void redislock_queue_pending_send(redislock_queue_obj *q, zend_string *const *names, uint32_t n)
{
	pending_own(q);
	for (uint32_t i = 0; i < n && zend_hash_num_elements(&q->pending) > 0; i++) {
		pending_send(q, names[i]);
	}
}

void redislock_queue_pending_final(redislock_queue_obj *q)
{
	pending_own(q);
	while (zend_hash_num_elements(&q->pending) > 0) {
		HashPosition pos;
		zend_string *name;
		zend_ulong h;
		zend_hash_internal_pointer_reset_ex(&q->pending, &pos);
		if (zend_hash_get_current_key_ex(&q->pending, &name, &h, &pos) != HASH_KEY_IS_STRING) {
			break;
		}
		zend_string_addref(name);
		pending_send(q, name);
		zend_string_release(name);
	}
	zend_hash_clean(&q->pending);
}

/* ---- the deferred ack ------------------------------------------------------------ */

void redislock_queue_stream_ack_args(redislock_argv *a, const queue_keys *k, zend_string *id, const stream_receipt *r,
	const zend_string *packed)
{
	redislock_script_stream_ack_args(a, k->queue, k->payloads, k->meta, k->stream, k->index, k->settings, k->deadlines,
		k->spare, packed ? k->counts : NULL, id, r ? r->eid : NULL, r ? r->consumer : NULL, r ? r->deliveries : NULL,
		packed);
}

void redislock_queue_deferred_clear(redislock_queue_obj *q)
{
	if (!q->deferred) {
		return;
	}
	redislock_argv_free(&q->deferred_ack);
	zend_string_release(q->deferred_name);
	zend_string_release(q->deferred_id);
	zend_string_release(q->deferred_receipt);
	q->deferred = false;
}

bool redislock_queue_deferred_kept(redislock_queue_obj *q)
{
	if (q->deferred && q->deferred_generation != redislock_fork_generation) {
		/* A forked child acks nothing of its parent's. */
		redislock_queue_deferred_clear(q);
	}
	return q->deferred;
}

/* The deferred ack's reply came: an error reply (READONLY, LOADING, ...) says
 * it did not run, and it stays kept for the next call; any other answer (1, or
 * 0 and -1 when a resent ack had run already) ends it, and its reservation's
 * heartbeat with it. A failed write never comes here: it stays kept. */
void redislock_queue_deferred_answered(redislock_queue_obj *q, redisReply *reply)
{
	if (reply->type != REDIS_REPLY_ERROR && q->deferred) {
		stream_receipt r;
		if (reply->type == REDIS_REPLY_INTEGER && reply->integer > 0) {
			if (!q->deferred_carried) {
				redislock_queue_pending_add(q, q->deferred_name, &q->deferred_sample);
			}
			if (redislock_queue_stream_receipt_parse(q->deferred_receipt, &r)) {
				redislock_queue_held_end(q, q->deferred_name, &r);
				redislock_queue_stream_receipt_free(&r);
			}
		}
		redislock_queue_beat_stop(q, q->deferred_name, q->deferred_id, q->deferred_receipt);
		redislock_queue_deferred_clear(q);
	}
	freeReplyObject(reply);
}

void redislock_queue_deferred_flush(redislock_queue_obj *q)
{
	redisReply *reply;
	redislock_pipe_cmd cmd;

	if (!redislock_queue_deferred_kept(q)) {
		return;
	}
	cmd.a = &q->deferred_ack;
	cmd.script = &redislock_script_stream_ack;
	if (redislock_script_pipe(q->conn, &cmd, 1, redislock_object_read_timeout(&q->base), &reply) == SUCCESS) {
		redislock_queue_deferred_answered(q, reply);
	}
}

void redislock_queue_deferred_final(redislock_queue_obj *q)
{
	redislock_queue_deferred_flush(q);
	if (q->deferred) {
		php_error_docref(NULL, E_WARNING, "RedisQueue: a deferred ack could not be sent before the object's end"
			" (the server did not answer it); its task runs again after its visibility");
		redislock_queue_deferred_clear(q);
	}
}

void redislock_queue_defer_ack(redislock_queue_obj *q, const queue_keys *k, zend_string *name, zend_string *id,
	zend_string *receipt, const stream_receipt *r, const queue_sample *sample, const zend_string *packed)
{
	redislock_queue_deferred_clear(q);
	redislock_queue_stream_ack_args(&q->deferred_ack, k, id, r, packed);
	q->deferred_sample = *sample;
	q->deferred_carried = packed != NULL;
	q->deferred = true;
	q->deferred_generation = redislock_fork_generation;
	q->deferred_name = zend_string_copy(name);
	q->deferred_id = zend_string_copy(id);
	q->deferred_receipt = zend_string_copy(receipt);
}

redisReply *redislock_queue_run_after_ack(redislock_queue_obj *q, const redislock_script *script, redislock_argv *a,
	double timeout, zend_string *const *names, const queue_keys *keys, uint32_t n)
{
	redislock_pipe_cmd *cmds, *counted;
	redislock_argv *counts;
	redisReply **replies, *reply = NULL;
	uint32_t m = 0, c = 0;
	bool ack = redislock_queue_deferred_kept(q);

	if (!ack && (!keys || !redislock_queue_pending_due(q))) {
		return redislock_queue_run(q, script, a, timeout);
	}
	cmds = safe_emalloc(n + 2, sizeof(*cmds), 0);
	counts = safe_emalloc(n + 1, sizeof(*counts), 0);
	counted = safe_emalloc(n + 1, sizeof(*counted), 0);
	if (keys) {
		c = redislock_queue_pending_take(q, names, keys, n, counts, counted);
	}
	if (!ack && c == 0) {
		/* Counts kept, none due yet: the call alone, as ever. */
		efree(counted);
		efree(counts);
		efree(cmds);
		return redislock_queue_run(q, script, a, timeout);
	}
	replies = safe_emalloc(n + 2, sizeof(*replies), 0);
	/* The deferred ack goes in the same write; a failed write keeps it. */
	if (ack) {
		cmds[m].a = &q->deferred_ack;
		cmds[m++].script = &redislock_script_stream_ack;
	}
	cmds[m].a = a;
	cmds[m++].script = script;
	memcpy(cmds + m, counted, c * sizeof(*counted));
	if (redislock_script_pipe(q->conn, cmds, (int) (m + c), timeout, replies) == SUCCESS) {
		if (ack) {
			redislock_queue_deferred_answered(q, replies[0]);
		}
		reply = replies[m - 1];
		for (uint32_t i = 0; i < c; i++) {
			freeReplyObject(replies[m + i]);   /* counted, or not: never sent again */
		}
		if (reply->type == REDIS_REPLY_ERROR) {
			redislock_conn_set_reply_error(q->conn, reply);
			freeReplyObject(reply);
			reply = NULL;
		}
	}
	for (uint32_t i = 0; i < c; i++) {
		redislock_argv_free(&counts[i]);
	}
	efree(counts);
	efree(counted);
	efree(replies);
	efree(cmds);
	return reply;
}

/* ---- the stream layout's heartbeat, and its consumer's end ----------------------- */

/* The stream layout's renewal of a reservation: the owner-checked touch. */
void redislock_queue_stream_touch_args(redislock_argv *a, const queue_keys *k, const zend_string *id, const stream_receipt *r,
	double visibility)
{
	redislock_script_stream_touch_args(a, k->stream, k->index, k->settings, k->deadlines, id, r ? r->eid : NULL,
		r ? r->consumer : NULL, r ? r->deliveries : NULL, (zend_long) ceil(visibility * 1000));
}

/* With the watchdog option, a reservation of the stream layout is renewed every
 * visibility / 3 by the owner-checked touch (XCLAIM JUSTID: never an attempt). */
void redislock_queue_stream_beat_start(redislock_queue_obj *q, const queue_keys *k, const zend_string *name, zend_string *id,
	zend_string *receipt, double visibility, double since)
{
	const redislock_config *cfg = redislock_conn_config(q->conn);
	zend_string *key;
	stream_receipt r;
	redislock_argv a;
	uint64_t wd;

	if (!cfg->watchdog) {
		return;
	}
	redislock_queue_beats_forget_parent(q);
	if (!redislock_renewal_target(&q->renewal, q->conn)) {
		return;
	}
	if (!redislock_queue_stream_receipt_parse(receipt, &r)) {
		return;
	}
	redislock_queue_stream_touch_args(&a, k, id, &r, visibility);
	redislock_queue_stream_receipt_free(&r);
	wd = redislock_renewal_add(&q->renewal, &a, redislock_script_stream_touch.body, 0, visibility, cfg->watchdog_max_hold,
		since);
	redislock_argv_free(&a);
	key = redislock_queue_beat_key(name, ZSTR_VAL(id), ZSTR_LEN(id));
	if (wd != 0) {
		redislock_renewal_table_put(&q->beats, key, wd, receipt);
	} else {
		redislock_renewal_table_stop(&q->beats, key, NULL);
	}
	zend_string_release(key);
}

void redislock_queue_stream_bye(redislock_queue_obj *q)
{
	zend_string *name;

	if (!q->consumer || q->consumer_generation != redislock_fork_generation || zend_hash_num_elements(&q->streams) == 0
		|| !redislock_conn_connected(q->conn)) {
		return;
	}
	ZEND_HASH_FOREACH_STR_KEY(&q->streams, name) {
		queue_keys k;
		redislock_argv a;
		redisReply *reply;
		if (!name) {
			continue;
		}
		redislock_queue_keys_init(&k, &q->base, name);
		redislock_script_stream_bye_args(&a, k.stream, q->consumer);
		reply = redislock_queue_run(q, &redislock_script_stream_bye, &a, redislock_object_read_timeout(&q->base));
		redislock_argv_free(&a);
		redislock_queue_keys_free(&k);
		if (!reply) {
			break;
		}
		freeReplyObject(reply);
	} ZEND_HASH_FOREACH_END();
}
