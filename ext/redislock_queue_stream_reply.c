/* RedisQueue's stream layout, its replies: an XREADGROUP reply as the tasks
 * reserve() returns, the payloads that entries carry by reference fetched, the
 * wake-up entries dropped, and a visibility shorter than the queue's given as
 * idle time. Below redislock_queue_stream.c, which calls down into it. */
#include "redislock_queue_stream_reply.h"
#include "redislock_runner.h"
#include "zend_smart_str.h"
#include <math.h>

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
		&& redislock_script_pipe(q->conn, cmds, 2, redislock_object_read_timeout(&q->base), replies) == SUCCESS) {
		freeReplyObject(replies[0]);
		freeReplyObject(replies[1]);
	}
	redislock_argv_free(&ack);
	redislock_argv_free(&del);
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
		if (redislock_script_pipe(q->conn, &cmd, 1, redislock_object_read_timeout(&q->base), &reply) == SUCCESS) {
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
		ok = redislock_script_pipe(q->conn, cmds, (int) (2 * m), redislock_object_read_timeout(&q->base), replies)
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

/* The entries of one queue's read as tasks appended to list (those gone[e]
 * dropped; fetched[e], their payloads by reference, freed), each added to
 * handed and renewed by the heartbeat from since. */
static void stream_entries_to_tasks(redislock_queue_obj *q, const queue_keys *k, zend_string *name, bool listed,
	const redisReply *entries, redisReply **fetched, const bool *gone, double visibility, double since, HashTable *handed,
	zval *list)
{
	for (size_t e = 0; e < entries->elements; e++) {
		zval task;
		zend_string *id, *receipt, *key;
		const redisReply *eid;
		bool made = !gone[e]
			&& stream_entry_to_task(q, entries->element[e], listed ? name : NULL, &task, &id, &receipt, fetched[e]);
		if (fetched[e]) {
			freeReplyObject(fetched[e]);
		}
		if (!made) {
			continue;
		}
		add_next_index_zval(list, &task);
		eid = entries->element[e]->element[0];
		key = redislock_queue_beat_key(name, eid->str, eid->len);
		zend_hash_add_empty_element(handed, key);
		zend_string_release(key);
		redislock_queue_stream_beat_start(q, k, name, id, receipt, visibility, since);
		zend_string_release(id);
		zend_string_release(receipt);
	}
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
int redislock_queue_stream_reply(redislock_queue_obj *q, const redisReply *r, queue_keys *keys, zend_string **names,
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
		stream_entries_to_tasks(q, &keys[i], names[i], listed, entries, fetched, gone, visibility, since, handed, &list);
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
