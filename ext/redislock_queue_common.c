/* What RedisQueue's methods and its stream layout share, below both: a call's
 * failure thrown once, a script run with its error reply recorded, and the
 * heartbeat of reservations (the watchdog option) kept in the object's renewal
 * table. */
#include "redislock_queue_int.h"
#include "redislock_runner.h"

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
	redislock_queue_keys_init(&k, q->prefix, name);
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
