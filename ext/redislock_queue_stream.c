/* RedisQueue's stream layout: a queue's ready and in-flight tasks as entries of
 * one stream S with a consumer group, reserve() as XREADGROUP behind the queue's
 * upkeep script (due ids of Z promoted onto S, expired reservations settled), the
 * receipts "<entry id>/<consumer>/<deliveries>" and their heartbeat, the ack
 * deferred to the next reserve() or pop(), pop() of the queues on the stream and
 * its wait. The methods in redislock_queue.c call down into this file; it calls
 * nothing of theirs. */
#include "redislock_queue_stream.h"
#include "redislock_keys.h"
#include "redislock_runner.h"
#include "redislock_wait.h"
#include "zend_smart_str.h"
#include <math.h>
#include <inttypes.h>

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

/* The stream layout's renewal of a reservation: the owner-checked touch. */
static void stream_touch_args(redislock_argv *a, const queue_keys *k, const zend_string *id, const stream_receipt *r,
	double visibility)
{
	redislock_script_stream_touch_args(a, k->stream, k->index, k->settings, k->deadlines, id, r ? r->eid : NULL,
		r ? r->consumer : NULL, r ? r->deliveries : NULL, (zend_long) ceil(visibility * 1000));
}

/* With the watchdog option, a reservation of the stream layout is renewed every
 * visibility / 3 by the owner-checked touch (XCLAIM JUSTID: never an attempt). */
static void stream_beat_start(redislock_queue_obj *q, const queue_keys *k, const zend_string *name, zend_string *id,
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
	stream_touch_args(&a, k, id, &r, visibility);
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

/* XREADGROUP GROUP rl <consumer> COUNT <page> [BLOCK <ms>] STREAMS <each queue's stream> > ...:
 * the reserve of the stream layout (block_ms < 0: no BLOCK). */
static void xreadgroup_args(redislock_argv *a, const zend_string *consumer, zend_long page, zend_long block_ms,
	const queue_keys *keys, uint32_t n)
{
	redislock_argv_init(a);
	redislock_argv_push(a, "XREADGROUP", 10);
	redislock_argv_push(a, "GROUP", 5);
	redislock_argv_push(a, "rl", 2);
	redislock_argv_push_str(a, consumer);
	redislock_argv_push(a, "COUNT", 5);
	redislock_argv_push_long(a, page);
	if (block_ms >= 0) {
		redislock_argv_push(a, "BLOCK", 5);
		redislock_argv_push_long(a, block_ms);
	}
	redislock_argv_push(a, "STREAMS", 7);
	for (uint32_t i = 0; i < n; i++) {
		redislock_argv_push_str(a, keys[i].stream);
	}
	for (uint32_t i = 0; i < n; i++) {
		redislock_argv_push(a, ">", 1);
	}
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
static void deferred_answered(redislock_queue_obj *q, redisReply *reply)
{
	if (reply->type != REDIS_REPLY_ERROR && q->deferred) {
		stream_receipt r;
		if (reply->type == REDIS_REPLY_INTEGER && reply->integer > 0
			&& redislock_queue_stream_receipt_parse(q->deferred_receipt, &r)) {
			redislock_queue_held_end(q, q->deferred_name, &r);
			redislock_queue_stream_receipt_free(&r);
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
	if (redislock_script_pipe(q->conn, &cmd, 1, redislock_conn_config(q->conn)->read_timeout, &reply) == SUCCESS) {
		deferred_answered(q, reply);
	}
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
		redislock_queue_keys_init(&k, q->prefix, name);
		redislock_script_stream_bye_args(&a, k.stream, q->consumer);
		reply = redislock_queue_run(q, &redislock_script_stream_bye, &a, redislock_conn_config(q->conn)->read_timeout);
		redislock_argv_free(&a);
		redislock_queue_keys_free(&k);
		if (!reply) {
			break;
		}
		freeReplyObject(reply);
	} ZEND_HASH_FOREACH_END();
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
	zend_string *receipt, const stream_receipt *r)
{
	redislock_queue_deferred_clear(q);
	redislock_queue_stream_id_args(&q->deferred_ack, AFTER_ID_RECEIPT, k, id, r, 0, NULL);
	q->deferred = true;
	q->deferred_generation = redislock_fork_generation;
	q->deferred_name = zend_string_copy(name);
	q->deferred_id = zend_string_copy(id);
	q->deferred_receipt = zend_string_copy(receipt);
}

redisReply *redislock_queue_run_after_ack(redislock_queue_obj *q, const redislock_script *script, redislock_argv *a,
	double timeout)
{
	redislock_pipe_cmd cmds[2] = {{&q->deferred_ack, &redislock_script_stream_ack}, {a, script}};
	redisReply *replies[2], *reply = NULL;

	if (!redislock_queue_deferred_kept(q)) {
		return redislock_queue_run(q, script, a, timeout);
	}
	/* The deferred ack goes in the same write; a failed write keeps it. */
	if (redislock_script_pipe(q->conn, cmds, 2, timeout, replies) == SUCCESS) {
		deferred_answered(q, replies[0]);
		reply = replies[1];
		if (reply->type == REDIS_REPLY_ERROR) {
			redislock_conn_set_reply_error(q->conn, reply);
			freeReplyObject(reply);
			reply = NULL;
		}
	}
	return reply;
}

/* The most reservations q->held keeps: past it (a caller that ends them with
 * another object), the next reserve() starts a new consumer. */
#define HELD_MAX 10000

/* The consumer name of this object's reservations on the stream layout, at the
 * start of a reserve(): a forked child, or an object whose held table is full,
 * starts a consumer of its own, whose reservations it knows from the first
 * (the former one's keep their receipts, and lapse as any reservation). */
static zend_string *stream_consumer(redislock_queue_obj *q)
{
	if (q->consumer && (q->consumer_full || q->consumer_generation != redislock_fork_generation)) {
		zend_string_release(q->consumer);
		q->consumer = NULL;
		zend_hash_clean(&q->held);
		zend_hash_clean(&q->lost);
		q->consumer_full = false;
	}
	if (!q->consumer) {
		q->consumer = redislock_random_hex();
		q->consumer_generation = redislock_fork_generation;
	}
	return q->consumer;
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

/* When this object last ran a queue's upkeep, and the visibility it sent. */
typedef struct {
	double at;
	double visibility;
	zend_long queue_ms;      /* the queue's visibility (ms) the upkeep answered */
	double next_expiry;      /* when the first reservation made since then may expire (redislock_now()) */
	zend_long max_attempts;  /* the max attempts it sent (the queue's setting, last writer wins) */
} stream_state;

/* One entry of an XREADGROUP reply as a reserved task: id, score (the entry's
 * time, s), receipt, attempts, payload, and the queue when several were asked. */
static bool stream_entry_to_task(redislock_queue_obj *q, const redisReply *e, zend_string *queue, zval *task,
	zend_string **id_out, zend_string **receipt_out, const redisReply *fetched)
{
	const redisReply *eid, *f, *id = NULL, *payload = fetched;
	zend_long carried = 0;
	smart_str receipt = {0};

	if (e->type != REDIS_REPLY_ARRAY || e->elements != 2 || e->element[0]->type != REDIS_REPLY_STRING) {
		return false;
	}
	eid = e->element[0];
	f = e->element[1];
	if (f->type != REDIS_REPLY_ARRAY) {
		return false;
	}
	for (size_t i = 0; i + 1 < f->elements; i += 2) {
		const redisReply *k = f->element[i], *v = f->element[i + 1];
		if (k->type != REDIS_REPLY_STRING || v->type != REDIS_REPLY_STRING || k->len != 1) {
			continue;
		}
		if (k->str[0] == 'i') {
			id = v;
		} else if (k->str[0] == 'p' && !fetched) {
			payload = v;
		} else if (k->str[0] == 'a') {
			carried = ZEND_STRTOL(v->str, NULL, 10);
		}
	}
	if (!id) {
		return false;
	}
	smart_str_appendl(&receipt, eid->str, eid->len);
	smart_str_appendc(&receipt, '/');
	smart_str_append(&receipt, q->consumer);
	smart_str_appendl(&receipt, "/1", 2);
	smart_str_0(&receipt);
	array_init_size(task, 6);
	add_assoc_stringl(task, "id", id->str, id->len);
	add_assoc_double(task, "score", ZEND_STRTOL(eid->str, NULL, 10) / 1000.0);
	add_assoc_str(task, "receipt", zend_string_copy(receipt.s));
	add_assoc_long(task, "attempts", carried + 1);
	if (payload) {
		add_assoc_stringl(task, "payload", payload->str, payload->len);
	}
	if (queue) {
		add_assoc_str(task, "queue", zend_string_copy(queue));
	}
	*id_out = zend_string_init(id->str, id->len, 0);
	*receipt_out = receipt.s;
	return true;
}

/* Acks and deletes the entries of a read that are no task (an empty entry
 * that woke a blocked worker, see nudge() in common/stream.lua). */
static void stream_drop_nudges(redislock_queue_obj *q, const queue_keys *k, const redisReply *entries)
{
	redislock_argv ack, del;
	redislock_pipe_cmd cmds[2] = {{&ack, NULL}, {&del, NULL}};
	redisReply *replies[2];
	int found = 0;

	redislock_argv_init(&ack);
	redislock_argv_init(&del);
	redislock_argv_push(&ack, "XACK", 4);
	redislock_argv_push_str(&ack, k->stream);
	redislock_argv_push(&ack, "rl", 2);
	redislock_argv_push(&del, "XDEL", 4);
	redislock_argv_push_str(&del, k->stream);
	for (size_t e = 0; e < entries->elements; e++) {
		const redisReply *ent = entries->element[e], *f;
		bool task = false;
		if (ent->type != REDIS_REPLY_ARRAY || ent->elements != 2 || ent->element[0]->type != REDIS_REPLY_STRING) {
			continue;
		}
		f = ent->element[1];
		for (size_t i = 0; f->type == REDIS_REPLY_ARRAY && i + 1 < f->elements; i += 2) {
			task = task || (f->element[i]->len == 1 && f->element[i]->str[0] == 'i');
		}
		if (!task) {
			redislock_argv_push(&ack, ent->element[0]->str, ent->element[0]->len);
			redislock_argv_push(&del, ent->element[0]->str, ent->element[0]->len);
			found++;
		}
	}
	if (found > 0
		&& redislock_script_pipe(q->conn, cmds, 2, redislock_conn_config(q->conn)->read_timeout, replies) == SUCCESS) {
		freeReplyObject(replies[0]);
		freeReplyObject(replies[1]);
	}
	redislock_argv_free(&ack);
	redislock_argv_free(&del);
}

/* The stream_hand_back script after a read over several queues (reader: the
 * consumer it read as, "<consumer>~"): the first queue with entries keeps them
 * for the object's consumer, the others' go back in their place, unseen. */
static void hand_back_args(redislock_argv *a, const queue_keys *keys, uint32_t n, const zend_string *reader,
	const zend_string *consumer)
{
	zend_string **lists = safe_emalloc(8 * (size_t) n, sizeof(*lists), 0);

	for (uint32_t i = 0; i < n; i++) {
		lists[i] = keys[i].queue;
		lists[n + i] = keys[i].payloads;
		lists[2 * n + i] = keys[i].meta;
		lists[3 * n + i] = keys[i].dead;
		lists[4 * n + i] = keys[i].stream;
		lists[5 * n + i] = keys[i].index;
		lists[6 * n + i] = keys[i].settings;
		lists[7 * n + i] = keys[i].spare;
	}
	redislock_script_stream_hand_back_args(a, n, lists, lists + n, lists + 2 * n, lists + 3 * n, lists + 4 * n,
		lists + 5 * n, lists + 6 * n, lists + 7 * n, reader, consumer);
	efree(lists);
}

/* The entries of queue i in an XREADGROUP reply, or NULL. */
static const redisReply *stream_entries_of(const redisReply *r, const queue_keys *k)
{
	for (size_t s = 0; s < r->elements; s++) {
		const redisReply *pair = r->element[s];
		if (pair->type == REDIS_REPLY_ARRAY && pair->elements == 2 && pair->element[0]->type == REDIS_REPLY_STRING
			&& zend_string_equals_cstr(k->stream, pair->element[0]->str, pair->element[0]->len)
			&& pair->element[1]->type == REDIS_REPLY_ARRAY) {
			return pair->element[1];
		}
	}
	return NULL;
}

/* A reservation asked for a shorter visibility than the queue's (queue_ms)
 * gets the difference as idle time, so that it expires after its own: the
 * stream_shorten script claims the entries (XCLAIM ... IDLE ... JUSTID: their
 * delivery count stays) and writes their deadline to the deadline index. */
static void stream_shorten(redislock_queue_obj *q, const queue_keys *k, const redisReply *entries, zend_long idle_ms,
	zend_long visibility_ms)
{
	redislock_argv a;
	redisReply *reply;
	redislock_pipe_cmd cmd = {&a, &redislock_script_stream_shorten};
	zend_string **eids = safe_emalloc(entries->elements ? entries->elements : 1, sizeof(*eids), 0);
	uint32_t n = 0;

	for (size_t e = 0; e < entries->elements; e++) {
		const redisReply *ent = entries->element[e];
		if (ent->type == REDIS_REPLY_ARRAY && ent->elements == 2 && ent->element[0]->type == REDIS_REPLY_STRING) {
			eids[n++] = zend_string_init(ent->element[0]->str, ent->element[0]->len, 0);
		}
	}
	if (n > 0) {
		redislock_script_stream_shorten_args(&a, n, k->stream, k->deadlines, q->consumer, idle_ms, visibility_ms, eids);
		if (redislock_script_pipe(q->conn, &cmd, 1, redislock_conn_config(q->conn)->read_timeout, &reply) == SUCCESS) {
			freeReplyObject(reply);
		}
		redislock_argv_free(&a);
	}
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(eids[i]);
	}
	efree(eids);
}

/* The field of one entry of a read (k: 'i', 'r', ...), or NULL. */
static const redisReply *stream_entry_field(const redisReply *e, char k)
{
	const redisReply *f;

	if (e->type != REDIS_REPLY_ARRAY || e->elements != 2 || e->element[0]->type != REDIS_REPLY_STRING
		|| (f = e->element[1])->type != REDIS_REPLY_ARRAY) {
		return NULL;
	}
	for (size_t i = 0; i + 1 < f->elements; i += 2) {
		const redisReply *key = f->element[i], *v = f->element[i + 1];
		if (key->type == REDIS_REPLY_STRING && v->type == REDIS_REPLY_STRING && key->len == 1 && key->str[0] == k) {
			return v;
		}
	}
	return NULL;
}

/* The payloads that entries refer to (field r: in P, or in Q when 'q') instead of
 * carrying them, read in one round trip of plain reads: for each, HGET of the
 * payload and then XPENDING of its entry. fetched[e] is the HGET's reply for
 * such an entry, kept when the reservation was still this object's after the
 * read (no ack, removal, failure or lapse came between the read of the entry and
 * that of its payload: a payload is never another run's), else NULL, and the
 * task is dropped (gone[e]). Entries that carry their payload, or none, are left
 * as they are. false after a failed write (recorded). */
static bool stream_fetch_payloads(redislock_queue_obj *q, const queue_keys *k, const redisReply *entries,
	redisReply **fetched, bool *gone)
{
	size_t n = entries->elements, m = 0;
	redislock_argv *argv = safe_emalloc(2 * n + 1, sizeof(*argv), 0);
	redislock_pipe_cmd *cmds = safe_emalloc(2 * n + 1, sizeof(*cmds), 0);
	redisReply **replies = safe_emalloc(2 * n + 1, sizeof(*replies), 0);
	size_t *of = safe_emalloc(n + 1, sizeof(*of), 0);
	bool ok = true;

	for (size_t e = 0; e < n; e++) {
		const redisReply *ent = entries->element[e], *id = stream_entry_field(ent, 'i'), *r = stream_entry_field(ent, 'r');
		fetched[e] = NULL;
		gone[e] = false;
		if (!id || !r) {
			continue;
		}
		redislock_argv_init(&argv[2 * m]);
		redislock_argv_push(&argv[2 * m], "HGET", 4);
		redislock_argv_push_str(&argv[2 * m], r->len == 1 && r->str[0] == 'q' ? k->spare : k->payloads);
		redislock_argv_push(&argv[2 * m], id->str, id->len);
		redislock_argv_init(&argv[2 * m + 1]);
		redislock_argv_push(&argv[2 * m + 1], "XPENDING", 8);
		redislock_argv_push_str(&argv[2 * m + 1], k->stream);
		redislock_argv_push(&argv[2 * m + 1], "rl", 2);
		redislock_argv_push(&argv[2 * m + 1], ent->element[0]->str, ent->element[0]->len);
		redislock_argv_push(&argv[2 * m + 1], ent->element[0]->str, ent->element[0]->len);
		redislock_argv_push(&argv[2 * m + 1], "1", 1);
		cmds[2 * m].a = &argv[2 * m];
		cmds[2 * m].script = NULL;
		cmds[2 * m + 1].a = &argv[2 * m + 1];
		cmds[2 * m + 1].script = NULL;
		of[m++] = e;
	}
	if (m > 0) {
		ok = redislock_script_pipe(q->conn, cmds, (int) (2 * m), redislock_conn_config(q->conn)->read_timeout, replies)
			== SUCCESS;
		for (size_t j = 0; j < m; j++) {
			if (ok) {
				redisReply *p = replies[2 * j], *pe = replies[2 * j + 1];
				const redisReply *row = pe->type == REDIS_REPLY_ARRAY && pe->elements == 1 ? pe->element[0] : NULL;
				bool ours = p->type == REDIS_REPLY_STRING && row && row->type == REDIS_REPLY_ARRAY && row->elements == 4
					&& row->element[1]->type == REDIS_REPLY_STRING
					&& zend_string_equals_cstr(q->consumer, row->element[1]->str, row->element[1]->len);
				if (ours) {
					fetched[of[j]] = p;
				} else {
					gone[of[j]] = true;
					freeReplyObject(p);
				}
				freeReplyObject(pe);
			}
			redislock_argv_free(&argv[2 * j]);
			redislock_argv_free(&argv[2 * j + 1]);
		}
	}
	efree(argv);
	efree(cmds);
	efree(replies);
	efree(of);
	return ok;
}

/* An XREADGROUP reply as reserve() returns it: the tasks of the first queue (in
 * the caller's order) that gave any entries, each reservation renewed by the
 * heartbeat when the watchdog option is on, each added to handed (see q->held);
 * entries that are no task dropped.
 * The other queues' entries were handed back by stream_hand_back, which keeps
 * the same first queue's. 1 + the index of the queue they came from with tasks,
 * 0 with no entries, -2 when that queue's were no task (the others' were handed
 * back: look again), -1 with the failure recorded when the reply has another
 * shape. */
static int stream_reply_to_return(redislock_queue_obj *q, const redisReply *r, queue_keys *keys, zend_string **names,
	uint32_t n, bool listed, zend_long count, double visibility, HashTable *handed, zval *return_value)
{
	const redisReply *winner = NULL;
	uint32_t won = 0;
	double since = redislock_conn_last_flush(q->conn);
	bool seen = false, *gone;
	redisReply **fetched;
	zval list;

	array_init(&list);
	for (uint32_t i = 0; i < n && !seen; i++) {
		const redisReply *entries = stream_entries_of(r, &keys[i]);
		if (!entries || entries->elements == 0) {
			continue;
		}
		seen = true;
		stream_drop_nudges(q, &keys[i], entries);
		fetched = safe_emalloc(entries->elements, sizeof(*fetched), 0);
		gone = safe_emalloc(entries->elements, sizeof(*gone), 0);
		if (!stream_fetch_payloads(q, &keys[i], entries, fetched, gone)) {
			efree(fetched);
			efree(gone);
			zval_ptr_dtor(&list);
			return -1;
		}
		for (size_t e = 0; e < entries->elements; e++) {
			zval task;
			zend_string *id, *receipt;
			bool made = !gone[e]
				&& stream_entry_to_task(q, entries->element[e], listed ? names[i] : NULL, &task, &id, &receipt, fetched[e]);
			if (fetched[e]) {
				freeReplyObject(fetched[e]);
			}
			if (!made) {
				continue;
			}
			add_next_index_zval(&list, &task);
			{
				const redisReply *eid = entries->element[e]->element[0];
				zend_string *key = redislock_queue_beat_key(names[i], eid->str, eid->len);
				zend_hash_add_empty_element(handed, key);
				zend_string_release(key);
			}
			stream_beat_start(q, &keys[i], names[i], id, receipt, visibility, since);
			zend_string_release(id);
			zend_string_release(receipt);
		}
		efree(fetched);
		efree(gone);
		if (zend_hash_num_elements(Z_ARRVAL(list)) > 0) {
			stream_state *st = zend_hash_find_ptr(&q->streams, names[i]);
			winner = entries;
			won = i;
			if (st && since + visibility < st->next_expiry) {
				/* The upkeep runs again once this reservation may have expired. */
				st->next_expiry = since + visibility;
			}
			if (st && st->queue_ms > (zend_long) ceil(visibility * 1000)) {
				stream_shorten(q, &keys[i], entries, st->queue_ms - (zend_long) ceil(visibility * 1000),
					(zend_long) ceil(visibility * 1000));
			}
		}
	}
	if (!winner) {
		zval_ptr_dtor(&list);
		return seen ? -2 : 0;
	}
	if (count == 1) {
		zval *first = zend_hash_index_find(Z_ARRVAL(list), 0);
		if (first) {
			RETVAL_COPY(first);
		} else {
			RETVAL_FALSE;
		}
		zval_ptr_dtor(&list);
	} else {
		RETVAL_COPY_VALUE(&list);
	}
	return (int) won + 1;
}

/* reserve() of more than a page on the stream layout: once the first read
 * filled its page, further non-blocking reads of the queue it came from, a
 * page each (COUNT at most REDISLOCK_QUEUE_PAGE: each read is one bounded
 * command), each behind the queue's upkeep in the same write (it moves the
 * next page of due ids of Z onto the stream), until $count or a short page,
 * appended to the list in list. */
static bool stream_take_more(redislock_queue_obj *q, queue_keys *k, zend_string *name, bool listed,
	zend_long left, double visibility, zend_long max_attempts, zend_string *consumer, HashTable *handed, zval *list)
{
	const redislock_config *cfg = redislock_conn_config(q->conn);

	while (left > 0) {
		zend_long page = MIN(left, REDISLOCK_QUEUE_PAGE);
		redislock_argv read;
		redisReply *r;
		zval more;
		int res;
		uint32_t got;

		redislock_argv_init(&read);
		redislock_argv_push(&read, "XREADGROUP", 10);
		redislock_argv_push(&read, "GROUP", 5);
		redislock_argv_push(&read, "rl", 2);
		redislock_argv_push_str(&read, consumer);
		redislock_argv_push(&read, "COUNT", 5);
		redislock_argv_push_long(&read, page);
		redislock_argv_push(&read, "STREAMS", 7);
		redislock_argv_push_str(&read, k->stream);
		redislock_argv_push(&read, ">", 1);
		{
			redislock_argv idle;
			redislock_pipe_cmd cmds[2] = {{&idle, &redislock_script_stream_idle}, {&read, NULL}};
			redisReply *replies[2];
			zend_result sent;
			redislock_script_stream_idle_args(&idle, QUEUE_KEYS(*k), k->stream, k->index, k->settings, k->deadlines, k->spare, false,
				(zend_long) ceil(visibility * 1000), max_attempts, (zend_long) ceil(q->retry_backoff * 1000), false);
			sent = redislock_script_pipe(q->conn, cmds, 2, cfg->read_timeout, replies);
			redislock_argv_free(&idle);
			redislock_argv_free(&read);
			if (sent == FAILURE) {
				return false;
			}
			if (replies[0]->type == REDIS_REPLY_ERROR) {
				redislock_conn_set_reply_error(q->conn, replies[0]);
				freeReplyObject(replies[0]);
				freeReplyObject(replies[1]);
				return false;
			}
			freeReplyObject(replies[0]);
			r = replies[1];
		}
		if (r->type == REDIS_REPLY_ERROR) {
			redislock_conn_set_reply_error(q->conn, r);
			freeReplyObject(r);
			return false;
		}
		ZVAL_UNDEF(&more);
		res = r->type == REDIS_REPLY_ARRAY ? stream_reply_to_return(q, r, k, &name, 1, listed, 2, visibility, handed, &more) : 0;
		freeReplyObject(r);
		if (res <= 0) {
			return res != -1;
		}
		got = zend_hash_num_elements(Z_ARRVAL(more));
		{
			zval *t;
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL(more), t) {
				Z_TRY_ADDREF_P(t);
				add_next_index_zval(list, t);
			} ZEND_HASH_FOREACH_END();
		}
		zval_ptr_dtor(&more);
		left -= got;
		if (got < (uint32_t) page) {
			break;
		}
	}
	return true;
}

/* After a reserve() of the queue failed once its read was sent (q->lost): the
 * entries of the object's consumer that it never handed to its caller (not in
 * q->held), a page of the PEL at a time (XPENDING ... consumer), go back with
 * no attempt counted (the stream_lost script, which checks each is still the
 * consumer's). False with the failure recorded. */
static bool stream_recover_lost(redislock_queue_obj *q, const queue_keys *k, const zend_string *name)
{
	const redislock_config *cfg = redislock_conn_config(q->conn);
	zend_string *start = zend_string_init("-", 1, 0);
	bool ok = true;

	for (;;) {
		redislock_argv pend;
		redislock_pipe_cmd cmd = {&pend, NULL};
		redisReply *r;
		zend_string **lost = NULL;
		uint32_t n = 0;
		size_t got;

		redislock_argv_init(&pend);
		redislock_argv_push(&pend, "XPENDING", 8);
		redislock_argv_push_str(&pend, k->stream);
		redislock_argv_push(&pend, "rl", 2);
		redislock_argv_push_str(&pend, start);
		redislock_argv_push(&pend, "+", 1);
		redislock_argv_push_long(&pend, REDISLOCK_QUEUE_PAGE);
		redislock_argv_push_str(&pend, q->consumer);
		if (redislock_script_pipe(q->conn, &cmd, 1, cfg->read_timeout, &r) == FAILURE) {
			redislock_argv_free(&pend);
			ok = false;
			break;
		}
		redislock_argv_free(&pend);
		if (r->type == REDIS_REPLY_ERROR) {
			/* NOGROUP: no stream or group, so nothing of ours in flight. Any
			 * other refusal gives the recovery up (what was lost lapses, an
			 * attempt each), so that it never fails every reserve() after it. */
			freeReplyObject(r);
			break;
		}
		got = r->type == REDIS_REPLY_ARRAY ? r->elements : 0;
		if (got > 0) {
			lost = safe_emalloc(got, sizeof(*lost), 0);
		}
		for (size_t i = 0; i < got; i++) {
			const redisReply *e = r->element[i];
			zend_string *key;
			if (e->type != REDIS_REPLY_ARRAY || e->elements < 1 || e->element[0]->type != REDIS_REPLY_STRING) {
				continue;
			}
			key = redislock_queue_beat_key(name, e->element[0]->str, e->element[0]->len);
			if (!zend_hash_exists(&q->held, key)) {
				lost[n++] = zend_string_init(e->element[0]->str, e->element[0]->len, 0);
			}
			zend_string_release(key);
			if (i + 1 == got) {
				zend_string_release(start);
				start = zend_string_concat2("(", 1, e->element[0]->str, e->element[0]->len);
			}
		}
		freeReplyObject(r);
		for (uint32_t from = 0; ok && from < n;) {
			redislock_argv a;
			redisReply *reply;
			redislock_script_stream_lost_args(&a, n - from, k->queue, k->payloads, k->meta, k->dead, k->stream, k->index,
				k->settings, k->spare, q->consumer, lost + from);
			reply = redislock_queue_run(q, &redislock_script_stream_lost, &a, cfg->read_timeout);
			redislock_argv_free(&a);
			if (!reply) {
				/* Refused (an error reply): given up, as above. The link failed: kept. */
				ok = redislock_conn_status(q->conn)->kind == REDISLOCK_ERR_SERVER;
				got = 0;       /* the walk ends */
				break;
			}
			from += reply->type == REDIS_REPLY_INTEGER && reply->integer > 0 ? (uint32_t) reply->integer : n - from;
			freeReplyObject(reply);
		}
		for (uint32_t i = 0; i < n; i++) {
			zend_string_release(lost[i]);
		}
		if (lost) {
			efree(lost);
		}
		if (!ok || got < REDISLOCK_QUEUE_PAGE) {
			break;
		}
	}
	zend_string_release(start);
	return ok;
}

/* reserve() on the stream layout: one XREADGROUP over the queues' streams (new
 * entries: '>'), in the same write as the deferred ack, and, once a second or
 * when this object has not set a queue up yet, its upkeep script ahead of it.
 * Nothing delivered: the upkeep of every queue with the read again (due ids
 * promoted, expired reservations settled), then with wait > 0 a blocking
 * XREADGROUP until an entry comes or the upkeep's hint (the next due task or
 * expiring reservation) passes. Entries of more than the first queue that has
 * any (several queues, one read) go back at once, not counted as attempts.
 * Returns 1 with tasks, 0 with none (return_value set either way), 2 when one
 * of the queues is not on the stream layout (its stream is missing; nothing
 * taken, return_value untouched), -1 after throwing. */
int redislock_queue_stream_take(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, zend_string **names, uint32_t n,
	bool listed, zend_long count, double visibility, double wait, zend_long max_attempts)
{
	const redislock_config *cfg = redislock_conn_config(q->conn);
	queue_keys *keys = safe_emalloc(n, sizeof(*keys), 0);
	redislock_argv *idle = safe_emalloc(n, sizeof(*idle), 0);
	redislock_pipe_cmd *cmds = safe_emalloc(n + 3, sizeof(*cmds), 0);
	redisReply **replies = safe_emalloc(n + 3, sizeof(*replies), 0);
	bool *idle_used = safe_emalloc(n, sizeof(*idle_used), 0);
	zend_long page = MIN(count, REDISLOCK_QUEUE_PAGE);
	zend_string *consumer = stream_consumer(q);
	double wait_until = redislock_now() + wait, now;
	bool failed = false, all_idle = false, setup = false, got = false, off = false;
	int nogroup = 0, again = 0;
	/* Over several queues the read delivers to a reader consumer of its own,
	 * and stream_hand_back, in the same write, keeps the first queue's entries
	 * and puts the others' back in place (see the script). */
	zend_string *reader = NULL;
	redislock_argv hb;
	/* The reservations this call hands over, held once it returns them. */
	HashTable handed;
	/* A blocking read whose link closed (a signal): what it delivered is lost. */
	bool interrupted = false;
	/* A signal handler forked: the child ends the call with nothing (it never
	 * reads as its parent's consumer, whose reservations the parent knows). */
	bool forked = false;

	if (!consumer) {
		failed = true;
		goto done;
	}
	for (uint32_t i = 0; i < n; i++) {
		redislock_queue_keys_init(&keys[i], q->prefix, names[i]);
	}
	for (uint32_t i = 0; i < n; i++) {
		if (zend_hash_exists(&q->lost, names[i])) {
			if (!stream_recover_lost(q, &keys[i], names[i])) {
				for (uint32_t j = 0; j < n; j++) {
					redislock_queue_keys_free(&keys[j]);
				}
				failed = true;
				goto done;
			}
			zend_hash_del(&q->lost, names[i]);
		}
	}
	zend_hash_init(&handed, 8, NULL, NULL, 0);
	if (n > 1) {
		/* "<consumer>~", or "<consumer>~<generation>" after a failed read left
		 * entries with the former reader, which the hand-back must not take for
		 * this read's (they lapse, uncounted). */
		char gen[16];
		int len = q->reader_generation ? snprintf(gen, sizeof(gen), "~%" PRIu32, q->reader_generation) : snprintf(gen, sizeof(gen), "~");
		reader = zend_string_concat2(ZSTR_VAL(consumer), ZSTR_LEN(consumer), gen, (size_t) len);
	} else {
		reader = zend_string_copy(consumer);
	}
	if (n > 1) {
		hand_back_args(&hb, keys, n, reader, consumer);
	}
	for (;;) {
		redislock_argv read;
		int m = 0, read_at, ack_at = -1, hand_at = -1;
		zend_long hint = -1;
		bool blocked = false, look_again = false;

		now = redislock_now();
		if (redislock_queue_deferred_kept(q)) {
			ack_at = m;
			cmds[m].a = &q->deferred_ack;
			cmds[m++].script = &redislock_script_stream_ack;
		}
		for (uint32_t i = 0; i < n; i++) {
			stream_state *st = zend_hash_find_ptr(&q->streams, names[i]);
			idle_used[i] = all_idle || setup || !st || now - st->at >= 1.0 || visibility > st->visibility
				|| now >= st->next_expiry || max_attempts != st->max_attempts;
			if (idle_used[i]) {
				redislock_script_stream_idle_args(&idle[i], QUEUE_KEYS(keys[i]), keys[i].stream, keys[i].index,
					keys[i].settings, keys[i].deadlines, keys[i].spare, setup, (zend_long) ceil(visibility * 1000), max_attempts,
					(zend_long) ceil(q->retry_backoff * 1000), all_idle && wait > 0);
				cmds[m].a = &idle[i];
				cmds[m++].script = &redislock_script_stream_idle;
			}
		}
		xreadgroup_args(&read, reader, page, -1, keys, n);
		read_at = m;
		cmds[m].a = &read;
		cmds[m++].script = NULL;
		if (n > 1) {
			hand_at = m;
			cmds[m].a = &hb;
			cmds[m++].script = &redislock_script_stream_hand_back;
		}
		if (redislock_script_pipe(q->conn, cmds, m, cfg->read_timeout, replies) == FAILURE) {
			for (int j = 0, i = 0; i < (int) n; i++) {
				if (idle_used[i]) {
					redislock_argv_free(&idle[i]);
				}
				(void) j;
			}
			redislock_argv_free(&read);
			failed = true;     /* a deferred ack in the write stays kept */
			break;
		}
		if (ack_at >= 0) {
			deferred_answered(q, replies[ack_at]);
		}
		for (uint32_t i = 0, j = ack_at >= 0 ? 1 : 0; i < n; i++) {
			if (!idle_used[i]) {
				continue;
			}
			redislock_argv_free(&idle[i]);
			if (!failed && replies[j]->type == REDIS_REPLY_ERROR) {
				redislock_conn_set_reply_error(q->conn, replies[j]);
				failed = true;
			} else if (replies[j]->type == REDIS_REPLY_ARRAY && replies[j]->elements == 2
				&& replies[j]->element[0]->type == REDIS_REPLY_INTEGER && replies[j]->element[0]->integer == -2) {
				/* The stream is missing: the queue is on the zset layout (never
				 * moved here: only migrate() moves a queue). */
				zend_hash_del(&q->streams, names[i]);
				off = true;
			} else if (replies[j]->type == REDIS_REPLY_ARRAY && replies[j]->elements == 2
				&& replies[j]->element[0]->type == REDIS_REPLY_INTEGER && replies[j]->element[1]->type == REDIS_REPLY_INTEGER) {
				stream_state st = {.at = now, .visibility = visibility, .queue_ms = (zend_long) replies[j]->element[1]->integer,
					.next_expiry = INFINITY, .max_attempts = max_attempts};
				zend_long h = (zend_long) replies[j]->element[0]->integer;
				zend_hash_update_mem(&q->streams, names[i], &st, sizeof(st));
				if (h >= 0 && (hint < 0 || h < hint)) {
					hint = h;
				}
			}
			freeReplyObject(replies[j]);
			j++;
		}
		redislock_argv_free(&read);
		if (hand_at >= 0) {
			if (!failed && replies[hand_at]->type == REDIS_REPLY_ERROR) {
				redislock_conn_set_reply_error(q->conn, replies[hand_at]);
				failed = true;
			}
			freeReplyObject(replies[hand_at]);
		}
		if (failed || off) {
			freeReplyObject(replies[read_at]);
			break;
		}
		for (int pass = 0; pass < 2; pass++) {
			redisReply *r = replies[read_at];
			if (r->type == REDIS_REPLY_ERROR && ((r->len >= 7 && memcmp(r->str, "NOGROUP", 7) == 0 && (blocked || nogroup < 2))
				|| (blocked && r->len >= 9 && memcmp(r->str, "UNBLOCKED", 9) == 0))) {
				/* The stream or its group is gone (cleared, flushed, the end of a
				 * migration back): set it up again. A wait goes on until its own
				 * end (each such round follows a deletion, and the wait is bounded). */
				freeReplyObject(r);
				if (!blocked) {
					nogroup++;
				}
				setup = true;
				break;
			}
			setup = false;
			if (r->type == REDIS_REPLY_ERROR) {
				redislock_conn_set_reply_error(q->conn, r);
				freeReplyObject(r);
				failed = true;
				break;
			}
			if (r->type == REDIS_REPLY_ARRAY) {
				int res = stream_reply_to_return(q, r, keys, names, n, listed, count, visibility, &handed, return_value);
				freeReplyObject(r);
				got = res > 0;
				if (res == -1) {
					failed = true;
				} else if (res == -2 && again < 2) {
					/* Only wake-up entries in the first queue that gave any: the
					 * others' went back; look again at once. */
					again++;
					look_again = true;
				} else if (got && count > page && Z_TYPE_P(return_value) == IS_ARRAY
					&& zend_hash_num_elements(Z_ARRVAL_P(return_value)) >= (uint32_t) page
					&& !stream_take_more(q, &keys[res - 1], names[res - 1], listed,
						count - zend_hash_num_elements(Z_ARRVAL_P(return_value)), visibility, max_attempts, consumer, &handed,
						return_value)) {
					failed = true;
				}
				break;
			}
			freeReplyObject(r);
			if (pass == 1 || blocked) {
				break;
			}
			/* Nothing: a blocking read, once the upkeep of every queue has run. */
			if (!all_idle) {
				break;
			}
			{
				double remaining = wait_until - redislock_now();
				zend_long block_ms;
				redislock_argv b;
				zend_result result;
				if (wait <= 0 || remaining <= 0) {
					break;
				}
				block_ms = (zend_long) ceil(remaining * 1000);
				if (hint >= 0 && hint + 1 < block_ms) {
					block_ms = hint + 1;
				}
				if (block_ms < 1) {
					block_ms = 1;
				}
				if (!redislock_serve_signals(q->conn)) {
					failed = true;
					break;
				}
				if (q->consumer_generation != redislock_fork_generation) {
					forked = true;
					break;
				}
				xreadgroup_args(&b, reader, page, block_ms, keys, n);
				result = redislock_conn_call_interruptible(q->conn, &b, block_ms / 1000.0 + cfg->read_timeout,
					&redislock_php_signals, &replies[read_at]);
				redislock_argv_free(&b);
				blocked = true;
				if (result == FAILURE && n > 1) {
					q->reader_generation++;    /* a delivery may have been lost with the link */
				}
				if (result == SUCCESS && n > 1 && replies[read_at]->type == REDIS_REPLY_ARRAY) {
					/* The hand-back of a blocking read: the next write. */
					redisReply *h = redislock_queue_run(q, &redislock_script_stream_hand_back, &hb, cfg->read_timeout);
					if (!h) {
						freeReplyObject(replies[read_at]);
						failed = true;
						break;
					}
					freeReplyObject(h);
				}
				if (result == FAILURE) {
					if (redislock_conn_status(q->conn)->kind == REDISLOCK_ERR_INTERRUPTED) {
						/* The link is closed, the read with it: as if woken, once the handlers ran. */
						interrupted = true;
						if (!redislock_serve_signals(q->conn)) {
							failed = true;
						} else if (q->consumer_generation != redislock_fork_generation) {
							forked = true;
						}
						break;
					}
					failed = true;
					break;
				}
			}
		}
		if (failed || got || forked) {
			break;
		}
		if (setup || look_again) {
			continue;
		}
		if (!all_idle) {
			all_idle = true;
			continue;
		}
		if (wait <= 0 || wait_until - redislock_now() <= 0) {
			break;
		}
	}
	if (!failed && !got && !off) {
		redislock_queue_empty_result(count, return_value);
	}
	if (n > 1) {
		redislock_argv_free(&hb);
		if (failed) {
			q->reader_generation++;
		}
	}
	if ((failed || interrupted) && !forked) {
		/* A read may have delivered what the caller never gets: the next
		 * reserve() of these queues puts it back, uncounted. */
		for (uint32_t i = 0; i < n; i++) {
			zend_hash_add_empty_element(&q->lost, names[i]);
		}
	}
	if (!failed && got) {
		/* What the call returns is held, also after an interrupted read whose
		 * deliveries are lost (those are not in handed). */
		zend_string *key;
		ZEND_HASH_FOREACH_STR_KEY(&handed, key) {
			zend_hash_add_empty_element(&q->held, key);
		} ZEND_HASH_FOREACH_END();
		if (zend_hash_num_elements(&q->held) > HELD_MAX) {
			q->consumer_full = true;
		}
	}
	zend_hash_destroy(&handed);
	zend_string_release(reader);
	for (uint32_t i = 0; i < n; i++) {
		redislock_queue_keys_free(&keys[i]);
	}
done:
	efree(keys);
	efree(idle);
	efree(cmds);
	efree(replies);
	efree(idle_used);
	if (failed) {
		redislock_queue_fail(q);
		return -1;
	}
	return off ? 2 : got ? 1 : 0;
}

/* pop() from the queues on the stream layout (the stream_pop script over each
 * queue's eight keys), once the zset layout had nothing. */
redisReply *redislock_queue_stream_pop(redislock_queue_obj *q, const queue_keys *keys, uint32_t n, zend_long count,
	double timeout)
{
	zend_string **lists = safe_emalloc(9 * (size_t) n, sizeof(*lists), 0);
	redislock_argv a;
	redisReply *reply;

	for (uint32_t i = 0; i < n; i++) {
		lists[i] = keys[i].queue;
		lists[n + i] = keys[i].payloads;
		lists[2 * n + i] = keys[i].meta;
		lists[3 * n + i] = keys[i].dead;
		lists[4 * n + i] = keys[i].stream;
		lists[5 * n + i] = keys[i].index;
		lists[6 * n + i] = keys[i].settings;
		lists[7 * n + i] = keys[i].inflight;
		lists[8 * n + i] = keys[i].spare;
	}
	redislock_script_stream_pop_args(&a, n, lists, lists + n, lists + 2 * n, lists + 3 * n, lists + 4 * n,
		lists + 5 * n, lists + 6 * n, lists + 7 * n, lists + 8 * n, count);
	reply = redislock_queue_run(q, &redislock_script_stream_pop, &a, timeout);
	redislock_argv_free(&a);
	efree(lists);
	return reply;
}

/* Blocks until an entry is added to one of the queues' streams, or seconds
 * pass (XREAD BLOCK from their end: nothing is taken). A signal PHP must serve
 * ends the wait at once, as if woken. */
zend_result redislock_queue_stream_wait(redislock_queue_obj *q, queue_keys *keys, uint32_t n, double seconds)
{
	redislock_argv a;
	redisReply *reply;
	zend_result result;
	zend_long ms = (zend_long) ceil(seconds * 1000);

	if (!redislock_serve_signals(q->conn)) {
		return FAILURE;
	}
	redislock_argv_init(&a);
	redislock_argv_push(&a, "XREAD", 5);
	redislock_argv_push(&a, "COUNT", 5);
	redislock_argv_push(&a, "1", 1);
	redislock_argv_push(&a, "BLOCK", 5);
	redislock_argv_push_long(&a, ms < 1 ? 1 : ms);
	redislock_argv_push(&a, "STREAMS", 7);
	for (uint32_t i = 0; i < n; i++) {
		redislock_argv_push_str(&a, keys[i].stream);
	}
	for (uint32_t i = 0; i < n; i++) {
		redislock_argv_push(&a, "$", 1);
	}
	result = redislock_conn_call_interruptible(q->conn, &a, seconds + redislock_conn_config(q->conn)->read_timeout,
		&redislock_php_signals, &reply);
	redislock_argv_free(&a);
	if (result == FAILURE) {
		if (redislock_conn_status(q->conn)->kind == REDISLOCK_ERR_INTERRUPTED) {
			return redislock_serve_signals(q->conn) ? SUCCESS : FAILURE;
		}
		return FAILURE;
	}
	if (reply->type == REDIS_REPLY_ERROR) {
		redislock_conn_set_reply_error(q->conn, reply);
		freeReplyObject(reply);
		return FAILURE;
	}
	freeReplyObject(reply);
	return SUCCESS;
}

/* The stream layout's script for ack, release, touch or fail of id (r: the
 * receipt's parts, NULL: the current reservation). */
const redislock_script *redislock_queue_stream_id_args(redislock_argv *a, after_id after, const queue_keys *k,
	zend_string *id, const stream_receipt *r, double seconds, zend_string *payload)
{
	zend_string *eid = r ? r->eid : NULL, *consumer = r ? r->consumer : NULL, *deliveries = r ? r->deliveries : NULL;
	switch (after) {
	case AFTER_ID_RECEIPT:
		redislock_script_stream_ack_args(a, k->queue, k->payloads, k->meta, k->stream, k->index, k->settings, k->deadlines, k->spare, id, eid, consumer,
			deliveries);
		return &redislock_script_stream_ack;
	case AFTER_ID_DELAY:
		redislock_script_stream_release_args(a, k->queue, k->payloads, k->meta, k->dead, k->stream, k->index,
			k->settings, k->spare, id, eid, consumer, deliveries, seconds, false);
		return &redislock_script_stream_release;
	case AFTER_ID_VISIBILITY:
		stream_touch_args(a, k, id, r, seconds);
		return &redislock_script_stream_touch;
	default:
		redislock_script_stream_fail_args(a, k->queue, k->payloads, k->meta, k->dead, k->stream, k->index,
			k->settings, k->spare, id, eid, consumer, deliveries, payload != NULL, payload);
		return &redislock_script_stream_fail;
	}
}

