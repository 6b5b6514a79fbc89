/* RedisQueue: the classic delayed task queue, one atomic round trip per call of
 * up to REDISLOCK_QUEUE_PAGE tasks (a larger one pages through, a script per page).
 *
 * A queue is six keys in one Redis Cluster slot: the sorted set prefix+name
 * (member: task id, score: due time in seconds), an in-flight sorted set for
 * reserve() (score: the reservation's deadline), a wake-up list that blocked
 * workers BLPOP on, a hash of the reservations' receipts and attempts, the
 * sorted set of dead letters, and a hash of the tasks' payloads. Every operation
 * is a Lua script that reads the server's TIME, so the due times of all app
 * servers come from one clock.
 */
#include "redislock_queue_int.h"
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_keys.h"
#include "redislock_names.h"
#include "redislock_runner.h"
#include "redislock_slots.h"
#include "redislock_wait.h"
#include "redislock_watchdog.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include <math.h>

#define REDISLOCK_QUEUE_DEFAULT_PREFIX "Queue:"
/* The most queues one pop() or reserve() takes from. */
#define REDISLOCK_MAX_QUEUES 64

static zend_object_handlers queue_handlers;

static inline redislock_queue_obj *queue_from_obj(zend_object *obj)
{
	return (redislock_queue_obj *) ((char *) obj - XtOffsetOf(redislock_queue_obj, std));
}

static void deferred_flush(redislock_queue_obj *q);

/* The object of a method, NULL after throwing when it was not constructed. Every
 * method but reserve() and pop() (which send it in their own write) first sends
 * the ack deferred by ack(..., defer: true). */
static redislock_queue_obj *this_queue_keep(zval *this_ptr)
{
	redislock_queue_obj *q = queue_from_obj(Z_OBJ_P(this_ptr));
	if (!q->conn) {
		zend_throw_error(NULL, "%s object is not initialized: its constructor was not called",
			ZSTR_VAL(Z_OBJCE_P(this_ptr)->name));
		return NULL;
	}
	return q;
}

static redislock_queue_obj *this_queue(zval *this_ptr)
{
	redislock_queue_obj *q = this_queue_keep(this_ptr);
	if (q) {
		deferred_flush(q);
	}
	return q;
}

static void keys_init(queue_keys *k, const redislock_queue_obj *q, const zend_string *name)
{
	redislock_queue_keys_init(k, q->prefix, name);
}


/* A method's end after an argument error (thrown already) or a failed call: the
 * failure the call recorded is thrown here, once. q may be NULL, or not
 * constructed (that threw). */
static void queue_fail(const redislock_queue_obj *q)
{
	if (q && q->conn && !EG(exception)) {
		redislock_conn_throw(q->conn);
	}
}
#define QUEUE_FAILED(q) do { queue_fail(q); RETURN_THROWS(); } while (0)
/* The same in a method whose object was not looked up yet. */
#define QUEUE_FAILED_THIS() QUEUE_FAILED(queue_from_obj(Z_OBJ_P(ZEND_THIS)))

/* Runs the call: its reply, which the caller frees, or NULL with the failure
 * recorded (an error reply too). */
static redisReply *run(redislock_queue_obj *q, const redislock_script *script, redislock_argv *a, double timeout)
{
	redisReply *reply;
	if (redislock_script_call(q->conn, script, a, timeout, &reply) == FAILURE) {
		return NULL;
	}
	if (reply->type == REDIS_REPLY_ERROR) {
		redislock_conn_set_reply_error(q->conn, reply);
		freeReplyObject(reply);
		return NULL;
	}
	return reply;
}

/* ---- the heartbeat ------------------------------------------------------------- */

/* A reservation's entry in q->beats: the queue name's length in decimal, ':', the
 * name's bytes, the id's bytes. Built with memcpy, never a format: ids (and names)
 * are bytes, and two that agree up to a NUL byte are two entries. */
static zend_string *beat_key(const zend_string *name, const char *id, size_t id_len)
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
static void beats_forget_parent(redislock_queue_obj *q)
{
	if (redislock_renewal_forked(&q->renewal)) {
		redislock_renewal_table_forget(&q->beats);
	}
}

/* Stops the heartbeat of id; with only_receipt, only when it renews that
 * reservation (a refused call with another receipt leaves the current one's
 * heartbeat alone). */
static void beat_stop(redislock_queue_obj *q, const zend_string *name, const zend_string *id, const zend_string *only_receipt)
{
	zend_string *key;

	beats_forget_parent(q);
	if (redislock_renewal_table_count(&q->beats) == 0) {
		return;
	}
	key = beat_key(name, ZSTR_VAL(id), ZSTR_LEN(id));
	redislock_renewal_table_stop(&q->beats, key, only_receipt);
	zend_string_release(key);
}

static void beats_stop_all(redislock_queue_obj *q)
{
	beats_forget_parent(q);
	redislock_renewal_table_stop_all(&q->beats);
}

/* With the watchdog option, each reservation of a reserve() reply (stride 5 from
 * offset 1) is renewed to its visibility every visibility / 3 by a receipt-checked
 * touch, counted from when the reserve was sent. A reservation that cannot be
 * handed over (no memory, no thread) is simply not renewed: it lapses after its
 * visibility, as without the option. */
static void beats_start(redislock_queue_obj *q, const redisReply *reply, zend_string **names, double visibility, double since)
{
	const redislock_config *cfg = redislock_conn_config(q->conn);
	zend_string *name;
	queue_keys k;

	if (!cfg->watchdog || reply->type != REDIS_REPLY_ARRAY || reply->elements < 6) {
		return;
	}
	beats_forget_parent(q);
	if (!redislock_renewal_target(&q->renewal, q->conn)) {
		return;
	}
	name = names[reply->element[0]->integer - 1];
	keys_init(&k, q, name);
	for (size_t i = 1; i + 5 <= reply->elements; i += 5) {
		const redisReply *id = reply->element[i], *receipt = reply->element[i + 2];
		zend_string *id_str = zend_string_init(id->str, id->len, 0);
		zend_string *receipt_str = zend_string_init(receipt->str, receipt->len, 0);
		zend_string *key = beat_key(name, id->str, id->len);
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

/* ---- the stream layout ------------------------------------------------------ */

/* A receipt of the stream layout, "<entry id>/<consumer>/<deliveries>", split;
 * false for any other (today's "<32 hex>:<k>" has no '/'). */
typedef struct {
	zend_string *eid, *consumer, *deliveries;
} stream_receipt;

static bool stream_receipt_parse(const zend_string *receipt, stream_receipt *r)
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

static void stream_receipt_free(stream_receipt *r)
{
	zend_string_release(r->eid);
	zend_string_release(r->consumer);
	zend_string_release(r->deliveries);
}

/* The stream layout's renewal of a reservation: the owner-checked touch. */
static void stream_touch_args(redislock_argv *a, const queue_keys *k, const zend_string *id, const stream_receipt *r,
	double visibility)
{
	redislock_script_stream_touch_args(a, k->stream, k->index, k->settings, id, r ? r->eid : NULL,
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
	beats_forget_parent(q);
	if (!redislock_renewal_target(&q->renewal, q->conn)) {
		return;
	}
	if (!stream_receipt_parse(receipt, &r)) {
		return;
	}
	stream_touch_args(&a, k, id, &r, visibility);
	stream_receipt_free(&r);
	wd = redislock_renewal_add(&q->renewal, &a, redislock_script_stream_touch.body, 0, visibility, cfg->watchdog_max_hold,
		since);
	redislock_argv_free(&a);
	key = beat_key(name, ZSTR_VAL(id), ZSTR_LEN(id));
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

/* One command of a write: a script's (EVALSHA, EVAL after NOSCRIPT) or a native one (script NULL). */
typedef struct {
	redislock_argv *a;
	const redislock_script *script;
} pipe_cmd;

static bool pipe_noscript(const redisReply *reply, redislock_argv *a, const void *script)
{
	if (!redislock_reply_is_noscript(reply) || a->lens[0] != 7) {
		return false;
	}
	redislock_script_use(a, script, true);
	return true;
}

/* Sends the commands in one write and reads their replies (each may be an error
 * reply; replies[i] belongs to cmds[i]). On one server they share a round trip;
 * behind a sentinel or on a cluster each is sent on its own (it may have to
 * follow the master or a slot). A script the server lacks is sent again as EVAL
 * on its own. FAILURE with the failure recorded, no reply kept. */
static zend_result pipe_run(redislock_queue_obj *q, pipe_cmd *cmds, int n, double timeout, redisReply **replies)
{
	redislock_conn *c = q->conn;
	double deadline;

	for (int i = 0; i < n; i++) {
		replies[i] = NULL;
	}
	if (redislock_conn_config(c)->mode != REDISLOCK_MODE_SINGLE) {
		for (int i = 0; i < n; i++) {
			zend_result result;
			redislock_conn_begin(c, cmds[i].script ? cmds[i].script->name : cmds[i].a->argv[0]);
			result = redislock_conn_exec(c, cmds[i].a, timeout, cmds[i].script ? pipe_noscript : NULL, cmds[i].script,
				&replies[i]);
			if (cmds[i].script) {
				redislock_script_use(cmds[i].a, cmds[i].script, false);
			}
			if (result == FAILURE) {
				goto failed;
			}
		}
		return SUCCESS;
	}
	redislock_conn_begin(c, cmds[n - 1].script ? cmds[n - 1].script->name : cmds[n - 1].a->argv[0]);
	if (redislock_conn_ensure(c) == FAILURE) {
		return FAILURE;
	}
	deadline = redislock_now() + timeout;
	for (int i = 0; i < n; i++) {
		if (redislock_conn_append(c, cmds[i].a) == FAILURE) {
			return FAILURE;
		}
	}
	if (redislock_conn_flush(c, deadline) == FAILURE) {
		return FAILURE;
	}
	for (int i = 0; i < n; i++) {
		if (redislock_conn_read(c, deadline, &replies[i]) == FAILURE) {
			goto failed;
		}
	}
	for (int i = 0; i < n; i++) {
		if (cmds[i].script && redislock_reply_is_noscript(replies[i])) {
			freeReplyObject(replies[i]);
			replies[i] = NULL;
			redislock_conn_begin(c, cmds[i].script->name);
			if (redislock_conn_exec(c, cmds[i].a, timeout, pipe_noscript, cmds[i].script, &replies[i]) == FAILURE) {
				redislock_script_use(cmds[i].a, cmds[i].script, false);
				goto failed;
			}
			redislock_script_use(cmds[i].a, cmds[i].script, false);
		}
	}
	return SUCCESS;

failed:
	for (int i = 0; i < n; i++) {
		if (replies[i]) {
			freeReplyObject(replies[i]);
			replies[i] = NULL;
		}
	}
	return FAILURE;
}

static void deferred_clear(redislock_queue_obj *q)
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

/* The deferred ack's reply came (or the write failed): its reservation's
 * heartbeat ends now that the ack is on the wire (or lapses, as any lost ack). */
static void deferred_done(redislock_queue_obj *q)
{
	if (q->deferred) {
		beat_stop(q, q->deferred_name, q->deferred_id, q->deferred_receipt);
		deferred_clear(q);
	}
}

/* Sends a deferred ack on its own: what every call but reserve() and pop() does
 * first, and the object's end and the request's. A failure is not reported: the
 * task's reservation then lapses and it runs again, as after any lost ack. */
static void deferred_flush(redislock_queue_obj *q)
{
	redisReply *reply;
	pipe_cmd cmd;

	if (!q->deferred) {
		return;
	}
	if (q->renewal.generation != redislock_fork_generation) {
		/* A forked child acks nothing of its parent's. */
		deferred_clear(q);
		return;
	}
	cmd.a = &q->deferred_ack;
	cmd.script = &redislock_script_stream_ack;
	if (pipe_run(q, &cmd, 1, redislock_conn_config(q->conn)->read_timeout, &reply) == SUCCESS) {
		freeReplyObject(reply);
	}
	deferred_done(q);
}

static void queue_on_shutdown(void *owner)
{
	deferred_flush(owner);
}

/* The consumer name of this object's reservations on the stream layout. */
static zend_string *stream_consumer(redislock_queue_obj *q)
{
	if (!q->consumer) {
		q->consumer = redislock_random_hex();
	}
	return q->consumer;
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
	zend_string **id_out, zend_string **receipt_out)
{
	const redisReply *eid, *f, *id = NULL, *payload = NULL;
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
		} else if (k->str[0] == 'p') {
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
	smart_str_append(&receipt, stream_consumer(q));
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
	pipe_cmd cmds[2] = {{&ack, NULL}, {&del, NULL}};
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
	if (found > 0 && pipe_run(q, cmds, 2, redislock_conn_config(q->conn)->read_timeout, replies) == SUCCESS) {
		freeReplyObject(replies[0]);
		freeReplyObject(replies[1]);
	}
	redislock_argv_free(&ack);
	redislock_argv_free(&del);
}

/* Hands back entries delivered to this object that it will not return (the
 * surplus of a read over several queues): each goes back to its stream's end,
 * the delivery not counted as an attempt. */
static void stream_hand_back(redislock_queue_obj *q, const queue_keys *k, const redisReply *entries)
{
	for (size_t e = 0; e < entries->elements; e++) {
		const redisReply *ent = entries->element[e], *f;
		zend_string *eid, *id = NULL, *deliveries = ZSTR_CHAR('1');
		redislock_argv a;
		redisReply *reply;

		if (ent->type != REDIS_REPLY_ARRAY || ent->elements != 2 || ent->element[0]->type != REDIS_REPLY_STRING
			|| (f = ent->element[1])->type != REDIS_REPLY_ARRAY) {
			continue;
		}
		for (size_t i = 0; i + 1 < f->elements; i += 2) {
			if (f->element[i]->len == 1 && f->element[i]->str[0] == 'i') {
				id = zend_string_init(f->element[i + 1]->str, f->element[i + 1]->len, 0);
			}
		}
		if (!id) {
			continue;
		}
		eid = zend_string_init(ent->element[0]->str, ent->element[0]->len, 0);
		redislock_script_stream_release_args(&a, k->queue, k->payloads, k->meta, k->dead, k->stream, k->index,
			k->settings, id, eid, q->consumer, deliveries, 0, true);
		reply = run(q, &redislock_script_stream_release, &a, redislock_conn_config(q->conn)->read_timeout);
		redislock_argv_free(&a);
		if (reply) {
			freeReplyObject(reply);
		}
		zend_string_release(eid);
		zend_string_release(id);
	}
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
 * gets the difference as idle time, so that it expires after its own: one
 * XCLAIM ... IDLE ... JUSTID of the entries (their delivery count stays). */
static void stream_shorten(redislock_queue_obj *q, const queue_keys *k, const redisReply *entries, zend_long idle_ms)
{
	redislock_argv a;
	redisReply *reply;
	pipe_cmd cmd = {&a, NULL};

	redislock_argv_init(&a);
	redislock_argv_push(&a, "XCLAIM", 6);
	redislock_argv_push_str(&a, k->stream);
	redislock_argv_push(&a, "rl", 2);
	redislock_argv_push_str(&a, q->consumer);
	redislock_argv_push(&a, "0", 1);
	for (size_t e = 0; e < entries->elements; e++) {
		const redisReply *ent = entries->element[e];
		if (ent->type == REDIS_REPLY_ARRAY && ent->elements == 2 && ent->element[0]->type == REDIS_REPLY_STRING) {
			redislock_argv_push(&a, ent->element[0]->str, ent->element[0]->len);
		}
	}
	redislock_argv_push(&a, "IDLE", 4);
	redislock_argv_push_long(&a, idle_ms);
	redislock_argv_push(&a, "JUSTID", 6);
	if (pipe_run(q, &cmd, 1, redislock_conn_config(q->conn)->read_timeout, &reply) == SUCCESS) {
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
}

/* An XREADGROUP reply as reserve() returns it: the tasks of the first queue (in
 * the caller's order) that gave any, each reservation renewed by the heartbeat
 * when the watchdog option is on; those of the others handed back, and entries
 * that are no task dropped. 1 + the index of the queue they came from with
 * tasks, 0 with none (only such entries), -1 with the failure recorded when the
 * reply has another shape. */
static int stream_reply_to_return(redislock_queue_obj *q, const redisReply *r, queue_keys *keys, zend_string **names,
	uint32_t n, bool listed, zend_long count, double visibility, zval *return_value)
{
	const redisReply *winner = NULL;
	uint32_t won = 0;
	double since = redislock_conn_last_flush(q->conn);
	zval list;

	array_init(&list);
	for (uint32_t i = 0; i < n; i++) {
		const redisReply *entries = stream_entries_of(r, &keys[i]);
		if (!entries || entries->elements == 0) {
			continue;
		}
		stream_drop_nudges(q, &keys[i], entries);
		if (winner) {
			stream_hand_back(q, &keys[i], entries);
			continue;
		}
		for (size_t e = 0; e < entries->elements; e++) {
			zval task;
			zend_string *id, *receipt;
			if (!stream_entry_to_task(q, entries->element[e], listed ? names[i] : NULL, &task, &id, &receipt)) {
				continue;
			}
			add_next_index_zval(&list, &task);
			stream_beat_start(q, &keys[i], names[i], id, receipt, visibility, since);
			zend_string_release(id);
			zend_string_release(receipt);
		}
		if (zend_hash_num_elements(Z_ARRVAL(list)) > 0) {
			stream_state *st = zend_hash_find_ptr(&q->streams, names[i]);
			winner = entries;
			won = i;
			if (st && since + visibility < st->next_expiry) {
				/* The upkeep runs again once this reservation may have expired. */
				st->next_expiry = since + visibility;
			}
			if (st && st->queue_ms > (zend_long) ceil(visibility * 1000)) {
				stream_shorten(q, &keys[i], entries, st->queue_ms - (zend_long) ceil(visibility * 1000));
			}
		}
	}
	if (!winner) {
		zval_ptr_dtor(&list);
		return 0;
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
	zend_long left, double visibility, zend_long max_attempts, zend_string *consumer, zval *list)
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
			pipe_cmd cmds[2] = {{&idle, &redislock_script_stream_idle}, {&read, NULL}};
			redisReply *replies[2];
			zend_result sent;
			redislock_script_stream_idle_args(&idle, QUEUE_KEYS(*k), k->stream, k->index, k->settings, false,
				(zend_long) ceil(visibility * 1000), max_attempts, (zend_long) ceil(q->retry_backoff * 1000), false);
			sent = pipe_run(q, cmds, 2, cfg->read_timeout, replies);
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
		res = r->type == REDIS_REPLY_ARRAY ? stream_reply_to_return(q, r, k, &name, 1, listed, 2, visibility, &more) : 0;
		freeReplyObject(r);
		if (res <= 0) {
			return res == 0;
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

/* reserve() on the stream layout: one XREADGROUP over the queues' streams (new
 * entries: '>'), in the same write as the deferred ack, and, once a second or
 * when this object has not set a queue up yet, its upkeep script ahead of it.
 * Nothing delivered: the upkeep of every queue with the read again (due ids
 * promoted, expired reservations settled), then with wait > 0 a blocking
 * XREADGROUP until an entry comes or the upkeep's hint (the next due task or
 * expiring reservation) passes. Entries of more than the first queue that has
 * any (several queues, one read) go back at once, not counted as attempts. */
static void stream_take(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, zend_string **names, uint32_t n,
	bool listed, zend_long count, double visibility, double wait, zend_long max_attempts)
{
	const redislock_config *cfg = redislock_conn_config(q->conn);
	queue_keys *keys = safe_emalloc(n, sizeof(*keys), 0);
	redislock_argv *idle = safe_emalloc(n, sizeof(*idle), 0);
	pipe_cmd *cmds = safe_emalloc(n + 2, sizeof(*cmds), 0);
	redisReply **replies = safe_emalloc(n + 2, sizeof(*replies), 0);
	bool *idle_used = safe_emalloc(n, sizeof(*idle_used), 0);
	zend_long page = MIN(count, REDISLOCK_QUEUE_PAGE);
	zend_string *consumer = stream_consumer(q);
	double wait_until = redislock_now() + wait, now;
	bool failed = false, all_idle = false, setup = false, got = false;
	int nogroup = 0;

	if (!consumer) {
		failed = true;
		goto done;
	}
	for (uint32_t i = 0; i < n; i++) {
		keys_init(&keys[i], q, names[i]);
	}
	for (;;) {
		redislock_argv read;
		int m = 0, read_at, ack_at = -1;
		zend_long hint = -1;
		bool blocked = false;

		now = redislock_now();
		if (q->deferred) {
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
					keys[i].settings, setup, (zend_long) ceil(visibility * 1000), max_attempts,
					(zend_long) ceil(q->retry_backoff * 1000), all_idle && wait > 0);
				cmds[m].a = &idle[i];
				cmds[m++].script = &redislock_script_stream_idle;
			}
		}
		xreadgroup_args(&read, consumer, page, -1, keys, n);
		read_at = m;
		cmds[m].a = &read;
		cmds[m++].script = NULL;
		if (pipe_run(q, cmds, m, cfg->read_timeout, replies) == FAILURE) {
			for (int j = 0, i = 0; i < (int) n; i++) {
				if (idle_used[i]) {
					redislock_argv_free(&idle[i]);
				}
				(void) j;
			}
			redislock_argv_free(&read);
			if (ack_at >= 0) {
				deferred_done(q);
			}
			failed = true;
			break;
		}
		if (ack_at >= 0) {
			freeReplyObject(replies[ack_at]);
			deferred_done(q);
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
		if (failed) {
			freeReplyObject(replies[read_at]);
			break;
		}
		for (int pass = 0; pass < 2; pass++) {
			redisReply *r = replies[read_at];
			if (r->type == REDIS_REPLY_ERROR && r->len >= 7 && memcmp(r->str, "NOGROUP", 7) == 0 && nogroup < 2) {
				/* The stream or its group is gone (cleared): set it up again. */
				freeReplyObject(r);
				nogroup++;
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
				int res = stream_reply_to_return(q, r, keys, names, n, listed, count, visibility, return_value);
				freeReplyObject(r);
				got = res > 0;
				if (res < 0) {
					failed = true;
				} else if (got && count > page && Z_TYPE_P(return_value) == IS_ARRAY
					&& zend_hash_num_elements(Z_ARRVAL_P(return_value)) >= (uint32_t) page
					&& !stream_take_more(q, &keys[res - 1], names[res - 1], listed,
						count - zend_hash_num_elements(Z_ARRVAL_P(return_value)), visibility, max_attempts, consumer, return_value)) {
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
				xreadgroup_args(&b, consumer, page, block_ms, keys, n);
				result = redislock_conn_call_interruptible(q->conn, &b, block_ms / 1000.0 + cfg->read_timeout,
					&redislock_php_signals, &replies[read_at]);
				redislock_argv_free(&b);
				blocked = true;
				if (result == FAILURE) {
					if (redislock_conn_status(q->conn)->kind == REDISLOCK_ERR_INTERRUPTED) {
						/* The link is closed, the read with it: as if woken, once the handlers ran. */
						if (!redislock_serve_signals(q->conn)) {
							failed = true;
						}
						break;
					}
					failed = true;
					break;
				}
			}
		}
		if (failed || got) {
			break;
		}
		if (setup) {
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
	if (!failed && !got) {
		redislock_queue_empty_result(count, return_value);
	}
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
		QUEUE_FAILED(q);
	}
}

/* ---- object handlers ----------------------------------------------------- */

static zend_object *queue_create(zend_class_entry *ce)
{
	redislock_queue_obj *q = zend_object_alloc(sizeof(redislock_queue_obj), ce);
	zend_object_std_init(&q->std, ce);
	object_properties_init(&q->std, ce);
	q->std.handlers = &queue_handlers;
	redislock_renewal_table_init(&q->beats);
	redislock_renewal_init(&q->renewal);
	zend_hash_init(&q->streams, 0, NULL, NULL, 0);
	return &q->std;
}

static void queue_free(zend_object *obj)
{
	redislock_queue_obj *q = queue_from_obj(obj);
	if (q->conn) {
		deferred_flush(q);
	}
	deferred_clear(q);
	beats_stop_all(q);
	redislock_renewal_table_destroy(&q->beats);
	redislock_renewal_destroy(&q->renewal);
	zend_hash_destroy(&q->streams);
	if (q->consumer) {
		zend_string_release(q->consumer);
	}
	if (q->conn) {
		redislock_conn_destroy(q->conn);
	}
	if (q->prefix) {
		zend_string_release(q->prefix);
	}
	zend_object_std_dtor(obj);
}

static HashTable *queue_debug_info(zend_object *obj, int *is_temp)
{
	redislock_queue_obj *q = queue_from_obj(obj);
	zval info;

	*is_temp = 1;
	array_init(&info);
	if (q->conn) {
		redislock_config_describe(redislock_conn_config(q->conn), &info);
		add_assoc_str(&info, "prefix", zend_string_copy(q->prefix));
		add_assoc_bool(&info, "connected", redislock_conn_connected(q->conn));
	}
	return Z_ARRVAL(info);
}

void redislock_queue_startup(zend_class_entry *ce)
{
	ce->create_object = queue_create;
	memcpy(&queue_handlers, zend_get_std_object_handlers(), sizeof(queue_handlers));
	queue_handlers.offset = XtOffsetOf(redislock_queue_obj, std);
	queue_handlers.free_obj = queue_free;
	queue_handlers.clone_obj = NULL;
	queue_handlers.get_debug_info = queue_debug_info;
}

/* ---- pages ------------------------------------------------------------------- */

/* enqueue()'s items, a script per page of at most REDISLOCK_QUEUE_PAGE ids: the
 * ids with a payload first (each followed by it), then the others. Each page is
 * atomic, the list is not: a worker may take the first page's tasks before the
 * last page is written, and a failure leaves the pages before it written (an
 * enqueue() again keeps their due times). The pages after the first take its due
 * time, so the ids of one call share one, as one script would have given them.
 * Every item's reference goes to a page's command, or is released here. */
static bool enqueue_pages(redislock_queue_obj *q, const queue_keys *k, zend_string **list, uint32_t n, uint32_t paired,
	double delay, bool replace, double timeout)
{
	uint32_t bare = n - 2 * paired, pairs_sent = 0, bare_sent = 0;
	zend_string **page = safe_emalloc(MIN(n, 2 * REDISLOCK_QUEUE_PAGE), sizeof(*page), 0);
	zend_string *due = NULL;
	bool ok = true;

	while (ok && (pairs_sent < paired || bare_sent < bare)) {
		uint32_t p = MIN(paired - pairs_sent, REDISLOCK_QUEUE_PAGE);
		uint32_t b = MIN(bare - bare_sent, REDISLOCK_QUEUE_PAGE - p);
		redislock_argv a;
		redisReply *reply;

		memcpy(page, list + 2 * pairs_sent, 2 * p * sizeof(*page));
		memcpy(page + 2 * p, list + 2 * paired + bare_sent, b * sizeof(*page));
		pairs_sent += p;
		bare_sent += b;
		redislock_script_enqueue_args(&a, 2 * p + b, QUEUE_ALL_KEYS(*k), !q->zset_layout, delay, due,
			replace, p, page);
		reply = run(q, &redislock_script_enqueue, &a, timeout);
		redislock_argv_free(&a);
		if (!reply) {
			ok = false;
		} else if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 2 || reply->element[1]->type != REDIS_REPLY_STRING) {
			redislock_conn_set_unexpected(q->conn, reply);
			freeReplyObject(reply);
			ok = false;
		} else {
			if (!due) {
				due = zend_string_init(reply->element[1]->str, reply->element[1]->len, 0);
			}
			freeReplyObject(reply);
		}
	}
	if (due) {
		zend_string_release(due);
	}
	for (uint32_t i = 2 * pairs_sent; i < 2 * paired; i++) {
		zend_string_release(list[i]);
	}
	for (uint32_t i = 2 * paired + bare_sent; i < n; i++) {
		zend_string_release(list[i]);
	}
	efree(page);
	return ok;
}

/* The [how many, died_by] answer of a page of retryDead() or purgeDead(): false
 * (recorded as unexpected) when it has another shape. *died_by: the time of death
 * the next page keeps to, replaced. */
static bool dead_page_count(redislock_queue_obj *q, const redisReply *reply, zend_long *count, zend_string **died_by)
{
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 2 || reply->element[0]->type != REDIS_REPLY_INTEGER
		|| reply->element[1]->type != REDIS_REPLY_STRING) {
		redislock_conn_set_unexpected(q->conn, reply);
		return false;
	}
	*count = (zend_long) reply->element[0]->integer;
	if (*died_by) {
		zend_string_release(*died_by);
	}
	*died_by = zend_string_init(reply->element[1]->str, reply->element[1]->len, 0);
	return true;
}

/* The builder of a page of retryDead() or purgeDead() over all the dead letters. */
typedef void (*dead_page_args)(redislock_argv *a, const queue_keys *k, bool streams, const zend_string *died_by);

static void retry_dead_all_args(redislock_argv *a, const queue_keys *k, bool streams, const zend_string *died_by)
{
	redislock_script_retry_dead_args(a, 0, QUEUE_ALL_KEYS(*k), streams, died_by, NULL);
}

static void purge_dead_all_args(redislock_argv *a, const queue_keys *k, bool streams, const zend_string *died_by)
{
	(void) streams;
	redislock_script_purge_dead_args(a, QUEUE_KEYS(*k), died_by);
}

/* retryDead() and purgeDead() of all the dead letters: a script per page of at
 * most REDISLOCK_QUEUE_PAGE of the oldest, each atomic, until a page comes back
 * short. The first page reads the server's clock, and every page keeps to the
 * dead letters that died by then: one that dies while the call pages through
 * (another worker's task, or one of its own pages' tasks dying again) is left for
 * the next call, so the call ends, and counts each task once. Workers run in
 * between the pages: a dead letter another caller revives or removes meanwhile is
 * simply not counted here. Returns how many, or -1 with the failure recorded (the
 * pages before it are done). */
static zend_long dead_pages(redislock_queue_obj *q, const queue_keys *k, const redislock_script *script, dead_page_args args)
{
	zend_string *died_by = NULL;
	zend_long total = 0, n;

	do {
		redislock_argv a;
		redisReply *reply;
		bool ok;

		args(&a, k, !q->zset_layout, died_by);
		reply = run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
		redislock_argv_free(&a);
		if (!reply) {
			total = -1;
			break;
		}
		ok = dead_page_count(q, reply, &n, &died_by);
		freeReplyObject(reply);
		if (!ok) {
			total = -1;
			break;
		}
		total += n;
	} while (n >= REDISLOCK_QUEUE_PAGE);
	if (died_by) {
		zend_string_release(died_by);
	}
	return total;
}

/* The builder of a page of top() or dead(). */
typedef void (*listing_args)(redislock_argv *a, const queue_keys *k, zend_long count, const zend_string *after,
	const zend_string *after_score);

static void top_page_args(redislock_argv *a, const queue_keys *k, zend_long count, const zend_string *after,
	const zend_string *after_score)
{
	redislock_script_top_args(a, QUEUE_ALL_KEYS(*k), count, after, after_score);
}

static void dead_page_args_of(redislock_argv *a, const queue_keys *k, zend_long count, const zend_string *after,
	const zend_string *after_score)
{
	redislock_script_dead_args(a, QUEUE_KEYS(*k), count, after, after_score);
}

/* A page's reply as a list of entries, each with its "id"; false (recorded) when it has another shape. */
typedef bool (*listing_entries)(redislock_conn *conn, const redisReply *reply, zval *list);

static bool top_entries(redislock_conn *conn, const redisReply *reply, zval *list)
{
	return redislock_queue_tasks_to_return(conn, reply, 0, false, NULL, 0, 2, list);
}

/* top() and dead(): a script per page of at most REDISLOCK_QUEUE_PAGE, in order,
 * until count are listed or a page comes back short. Each page resumes right
 * after the last entry of the one before (rank_after() in common/page.lua): an
 * entry that stays through the call is listed once, in its place; one that comes
 * or goes meanwhile may be listed or not. A page resumes at the first entry of
 * the last one's score when that last one left, so entries listed already are
 * dropped here (by id: a sorted set holds an id once). stride: the reply's
 * elements per entry, the id and its score first. Appends to list; false with the
 * failure recorded. */
static bool list_pages(redislock_queue_obj *q, const queue_keys *k, const redislock_script *script, listing_args args,
	listing_entries entries, size_t stride, zend_long count, zval *list)
{
	zend_string *after = NULL, *after_score = NULL;
	HashTable seen;
	bool ok = true, more = true;

	zend_hash_init(&seen, 0, NULL, NULL, 0);
	while (ok && more && count > 0) {
		zend_long want = MIN(count, REDISLOCK_QUEUE_PAGE);
		redislock_argv a;
		redisReply *reply;
		zval page, *entry;

		args(&a, k, want, after, after_score);
		reply = run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
		redislock_argv_free(&a);
		if (!reply) {
			ok = false;
			break;
		}
		if (!entries(q->conn, reply, &page)) {
			freeReplyObject(reply);
			ok = false;
			break;
		}
		more = (zend_long) (reply->elements / stride) == want;
		if (reply->elements > 0) {
			const redisReply *last = reply->element[reply->elements - stride];
			if (after) {
				zend_string_release(after);
				zend_string_release(after_score);
			}
			after = zend_string_init(last->str, last->len, 0);
			last = reply->element[reply->elements - stride + 1];
			after_score = zend_string_init(last->str, last->len, 0);
		}
		freeReplyObject(reply);
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL(page), entry) {
			zval *id = zend_hash_str_find(Z_ARRVAL_P(entry), "id", sizeof("id") - 1);
			if (count > 0 && zend_hash_add_empty_element(&seen, Z_STR_P(id))) {
				Z_ADDREF_P(entry);
				add_next_index_zval(list, entry);
				count--;
			}
		} ZEND_HASH_FOREACH_END();
		zval_ptr_dtor(&page);
	}
	zend_hash_destroy(&seen);
	if (after) {
		zend_string_release(after);
		zend_string_release(after_score);
	}
	return ok;
}

/* pop() from the queues on the stream layout (the stream_pop script over each
 * queue's seven keys), once the zset layout had nothing. */
static redisReply *stream_pop(redislock_queue_obj *q, const queue_keys *keys, uint32_t n, zend_long count, double timeout)
{
	zend_string **lists = safe_emalloc(7 * (size_t) n, sizeof(*lists), 0);
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
	}
	redislock_script_stream_pop_args(&a, n, lists, lists + n, lists + 2 * n, lists + 3 * n, lists + 4 * n,
		lists + 5 * n, lists + 6 * n, count);
	reply = run(q, &redislock_script_stream_pop, &a, timeout);
	redislock_argv_free(&a);
	efree(lists);
	return reply;
}

/* pop() and reserve() of more than a page: the pages after the first, a script
 * each that takes at most REDISLOCK_QUEUE_PAGE due tasks (each page atomic, other
 * workers' calls in between), until count are taken or a page comes back short.
 * Appends to list. A page that fails ends the call with the tasks taken so far,
 * without throwing: they are taken already (popped, or reserved until their
 * visibility), and only the caller can run them. */
static void take_more(redislock_queue_obj *q, zend_string **key_lists[6], queue_keys *keys, uint32_t n, zend_string **names,
	bool listed, zend_long left, bool reserve, double visibility, double timeout, zend_long max_attempts, zval *list)
{
	while (left > 0) {
		zend_long want = MIN(left, REDISLOCK_QUEUE_PAGE);
		zend_string *base = NULL;
		redislock_argv a;
		redisReply *reply;
		zval page, *entry;
		bool ok;

		/* Receipts are "<base>:<index in the page>": a fresh base per page. */
		if (reserve && !(base = redislock_random_hex())) {
			return;
		}
		redislock_script_take_args(&a, n, key_lists[0], key_lists[1], key_lists[2], key_lists[3], key_lists[4],
			key_lists[5], want, reserve, visibility, false, base, max_attempts, q->retry_backoff, false);
		reply = run(q, &redislock_script_take, &a, timeout);
		redislock_argv_free(&a);
		if (base) {
			zend_string_release(base);
		}
		if (reply && !reserve && !q->zset_layout && reply->type == REDIS_REPLY_INTEGER) {
			/* Nothing in the zset layout: the next page from the queues on the stream layout. */
			freeReplyObject(reply);
			reply = stream_pop(q, keys, n, want, timeout);
			if (reply && reply->type == REDIS_REPLY_ARRAY && reply->elements == 2
				&& reply->element[0]->type == REDIS_REPLY_INTEGER && reply->element[0]->integer == 0) {
				freeReplyObject(reply);
				return;
			}
		}
		if (!reply) {
			return;
		}
		ok = reply->type == REDIS_REPLY_ARRAY
			&& redislock_queue_tasks_to_return(q->conn, reply, 1, reserve, listed ? names : NULL, n, 2, &page);
		if (ok && reserve) {
			beats_start(q, reply, names, visibility, redislock_conn_last_flush(q->conn));
		}
		freeReplyObject(reply);
		if (!ok) {
			return;
		}
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL(page), entry) {
			Z_ADDREF_P(entry);
			add_next_index_zval(list, entry);
		} ZEND_HASH_FOREACH_END();
		ok = (zend_long) zend_hash_num_elements(Z_ARRVAL(page)) == want;
		left -= zend_hash_num_elements(Z_ARRVAL(page));
		zval_ptr_dtor(&page);
		if (!ok) {
			return;
		}
	}
}

/* ---- methods ---------------------------------------------------------------- */

PHP_METHOD(RedisQueue, __construct)
{
	zend_string *dsn = NULL;
	HashTable *options = NULL;
	redislock_queue_obj *q = queue_from_obj(Z_OBJ_P(ZEND_THIS));
	redislock_config cfg;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT_OR_STR_OR_NULL(options, dsn)
	ZEND_PARSE_PARAMETERS_END();

	if (q->conn) {
		zend_throw_error(NULL, "RedisQueue::__construct() cannot be called twice");
		RETURN_THROWS();
	}
	if (redislock_config_parse(&cfg, dsn, options, 1) == FAILURE) {
		RETURN_THROWS();
	}
	if (cfg.mode == REDISLOCK_MODE_REDLOCK) {
		redislock_config_free(&cfg);
		zend_argument_value_error(1, "cannot use option \"redlock\": a queue lives on one server, "
			"a Sentinel-managed master or a cluster, never split over independent servers");
		RETURN_THROWS();
	}
	if (cfg.min_replicas > 0) {
		redislock_config_free(&cfg);
		zend_argument_value_error(1, "cannot use option \"min_replicas\": it applies to lock acquisitions");
		RETURN_THROWS();
	}
	if (cfg.watchdog && cfg.watchdog_lease != REDISLOCK_WATCHDOG_LEASE) {
		redislock_config_free(&cfg);
		zend_argument_value_error(1, "cannot use a watchdog lease on a queue: each reservation is renewed to its own "
			"visibility (max_hold applies)");
		RETURN_THROWS();
	}
	q->prefix = cfg.prefix ? zend_string_copy(cfg.prefix)
		: zend_string_init(REDISLOCK_QUEUE_DEFAULT_PREFIX, sizeof(REDISLOCK_QUEUE_DEFAULT_PREFIX) - 1, 0);
	if (cfg.queue_layout && !zend_string_equals_literal(cfg.queue_layout, "auto")
		&& !zend_string_equals_literal(cfg.queue_layout, "zset")) {
		redislock_config_free(&cfg);
		zend_argument_value_error(1, "option \"queue_layout\" must be \"auto\" or \"zset\"");
		RETURN_THROWS();
	}
	q->zset_layout = cfg.queue_layout && zend_string_equals_literal(cfg.queue_layout, "zset");
	q->max_attempts = cfg.max_attempts;
	q->retry_backoff = cfg.retry_backoff;
	q->conn = redislock_conn_create(&cfg);
	redislock_conn_on_shutdown(q->conn, queue_on_shutdown, q);
}

PHP_METHOD(RedisQueue, enqueue)
{
	zend_string *name, *one_str = NULL, **list;
	zend_long one_long = 0, paired;
	zval *ids, *payload = NULL;
	uint32_t n;
	double timeout = 10, delay = 0;
	bool replace = false, ok;
	redislock_queue_obj *q;
	queue_keys k;

	ZEND_PARSE_PARAMETERS_START(2, 6)
		Z_PARAM_STR(name)
		Z_PARAM_ZVAL(ids)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(delay)
		Z_PARAM_BOOL(replace)
		Z_PARAM_ZVAL(payload)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_check_seconds(timeout, 3, false) || !redislock_check_seconds(delay, 4, true)) {
		RETURN_THROWS();
	}
	if (Z_TYPE_P(ids) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(ids)) == 0) {
		zend_argument_value_error(2, "must not be an empty array");
		RETURN_THROWS();
	}
	if (!redislock_queue_ids_check(ids, 2, false, &one_str, &one_long)) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}

	if (!(list = redislock_queue_items(ids, one_str, one_long, payload, 6, &n, &paired))) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	ok = enqueue_pages(q, &k, list, n, (uint32_t) paired, delay, replace, timeout);
	efree(list);
	redislock_queue_keys_free(&k);
	if (!ok) {
		QUEUE_FAILED_THIS();
	}
	RETURN_TRUE;
}

PHP_METHOD(RedisQueue, dequeue)
{
	zend_string *name, *id_str = NULL, *id;
	zend_long id_long = 0;
	double score, timeout = 10;
	redislock_queue_obj *q;
	queue_keys k;
	redislock_argv a;
	redisReply *reply;
	bool removed;

	ZEND_PARSE_PARAMETERS_START(3, 4)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
		Z_PARAM_DOUBLE(score)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1)) {
		RETURN_THROWS();
	}
	if (!isfinite(score)) {
		zend_argument_value_error(3, "must be a finite number");
		RETURN_THROWS();
	}
	if (!redislock_check_seconds(timeout, 4, false) || !(id = redislock_queue_task_id(id_str, id_long, 2))) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		zend_string_release(id);
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	redislock_script_dequeue_args(&a, QUEUE_ALL_KEYS(k), id, score);
	reply = run(q, &redislock_script_dequeue, &a, timeout);
	redislock_argv_free(&a);
	redislock_queue_keys_free(&k);
	zend_string_release(id);
	if (!reply) {
		QUEUE_FAILED_THIS();
	}
	removed = reply->type == REDIS_REPLY_INTEGER && reply->integer == 1;
	freeReplyObject(reply);
	RETURN_BOOL(removed);
}

/* The queue names of pop() and reserve(): one, or a list of distinct non-empty
 * strings in order of preference, all of one slot on a cluster. Fills *names
 * (borrowed strings, emalloc'd array) and returns how many, or 0 after throwing. */
static uint32_t queue_names(redislock_queue_obj *q, zend_string *one, HashTable *many, zend_string ***names)
{
	uint32_t n = 0;
	zval *entry;

	if (one) {
		if (!redislock_check_name(one, 1)) {
			return 0;
		}
		*names = emalloc(sizeof(**names));
		(*names)[0] = one;
		return 1;
	}
	if (zend_hash_num_elements(many) == 0) {
		zend_argument_value_error(1, "must not be an empty array");
		return 0;
	}
	if (zend_hash_num_elements(many) > REDISLOCK_MAX_QUEUES) {
		zend_argument_value_error(1, "must not name more than %d queues", REDISLOCK_MAX_QUEUES);
		return 0;
	}
	ZEND_HASH_FOREACH_VAL(many, entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) != IS_STRING || Z_STRLEN_P(entry) == 0) {
			zend_argument_value_error(1, "must contain only non-empty strings");
			return 0;
		}
	} ZEND_HASH_FOREACH_END();
	*names = safe_emalloc(zend_hash_num_elements(many), sizeof(**names), 0);
	ZEND_HASH_FOREACH_VAL(many, entry) {
		ZVAL_DEREF(entry);
		for (uint32_t i = 0; i < n; i++) {
			if (zend_string_equals((*names)[i], Z_STR_P(entry))) {
				efree(*names);
				zend_argument_value_error(1, "must not contain the same queue twice");
				return 0;
			}
		}
		(*names)[n++] = Z_STR_P(entry);
	} ZEND_HASH_FOREACH_END();
	if (redislock_conn_config(q->conn)->mode == REDISLOCK_MODE_CLUSTER) {
		unsigned int first = 0;
		for (uint32_t i = 0; i < n; i++) {
			zend_string *key = zend_string_concat2(ZSTR_VAL(q->prefix), ZSTR_LEN(q->prefix), ZSTR_VAL((*names)[i]), ZSTR_LEN((*names)[i]));
			unsigned int slot = redislock_key_slot(ZSTR_VAL(key), ZSTR_LEN(key));
			zend_string_release(key);
			if (i > 0 && slot != first) {
				efree(*names);
				zend_argument_value_error(1, "must name queues of one cluster slot on a Redis Cluster: give the names a common {hash tag}, as in \"{jobs}mail\" and \"{jobs}report\"");
				return 0;
			}
			first = slot;
		}
	}
	return n;
}

/* Blocks until an entry is added to one of the queues' streams, or seconds
 * pass (XREAD BLOCK from their end: nothing is taken). A signal PHP must serve
 * ends the wait at once, as if woken. */
static zend_result stream_wait(redislock_queue_obj *q, queue_keys *keys, uint32_t n, double seconds)
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

/* pop() and reserve(): take due tasks from the first of the queues that has any,
 * and with wait > 0 block on all their wake-up lists until a task is enqueued or
 * the next delayed one falls due. The block is capped by that due time, so a
 * delayed task is picked up on time without any polling. */
static void take(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, zend_string **names, uint32_t n, bool listed,
	zend_long count, bool reserve, double visibility, double timeout, double wait, zend_long max_attempts)
{
	queue_keys *keys = safe_emalloc(n, sizeof(*keys), 0);
	zend_string **wakeups = safe_emalloc(n, sizeof(*wakeups), 0);
	zend_string **key_lists[6];
	zend_string *base = NULL;
	zend_long page = MIN(count, REDISLOCK_QUEUE_PAGE);
	double wait_until;
	/* Whether the last BLPOP returned: the next take then passes the turn on
	 * (see take.lua's pop path), as only a worker woken from the list has to. */
	bool failed = false, woken = false;

	if (reserve && !(base = redislock_random_hex())) {
		efree(keys);
		efree(wakeups);
		RETURN_THROWS();
	}
	for (uint32_t i = 0; i < n; i++) {
		keys_init(&keys[i], q, names[i]);
		wakeups[i] = keys[i].wakeup;
	}
	/* The take script's keys, one array per key of a queue (its builder's lists). */
	key_lists[0] = safe_emalloc(6 * (size_t) n, sizeof(**key_lists), 0);
	for (uint32_t j = 1; j < 6; j++) {
		key_lists[j] = key_lists[0] + j * n;
	}
	for (uint32_t i = 0; i < n; i++) {
		key_lists[0][i] = keys[i].queue;
		key_lists[1][i] = keys[i].inflight;
		key_lists[2][i] = keys[i].wakeup;
		key_lists[3][i] = keys[i].meta;
		key_lists[4][i] = keys[i].dead;
		key_lists[5][i] = keys[i].payloads;
	}
	wait_until = redislock_now() + wait;
	for (;;) {
		redislock_argv a;
		redisReply *reply;
		double remaining;
		zend_long hint_ms;
		bool on_streams = false;

		redislock_script_take_args(&a, n, key_lists[0], key_lists[1], key_lists[2], key_lists[3], key_lists[4],
			key_lists[5], page, reserve, visibility, wait > 0, base, max_attempts, q->retry_backoff, woken);
		if (q->deferred) {
			/* The deferred ack goes in the same write. */
			pipe_cmd cmds[2] = {{&q->deferred_ack, &redislock_script_stream_ack}, {&a, &redislock_script_take}};
			redisReply *replies[2];
			reply = NULL;
			if (pipe_run(q, cmds, 2, timeout, replies) == SUCCESS) {
				freeReplyObject(replies[0]);
				reply = replies[1];
				if (reply->type == REDIS_REPLY_ERROR) {
					redislock_conn_set_reply_error(q->conn, reply);
					freeReplyObject(reply);
					reply = NULL;
				}
			}
			deferred_done(q);
		} else {
			reply = run(q, &redislock_script_take, &a, timeout);
		}
		redislock_argv_free(&a);
		if (reply && !reserve && !q->zset_layout && reply->type == REDIS_REPLY_INTEGER) {
			/* Nothing in the zset layout: the queues on the stream layout may have tasks. */
			redisReply *more = stream_pop(q, keys, n, page, timeout);
			if (!more) {
				freeReplyObject(reply);
				reply = NULL;
			} else if (more->type == REDIS_REPLY_ARRAY && more->elements == 2 && more->element[0]->type == REDIS_REPLY_INTEGER
				&& more->element[0]->integer == 0 && more->element[1]->type == REDIS_REPLY_INTEGER) {
				/* Nothing, and some of the queues are on the stream layout: wait on their streams. */
				zend_long h = (zend_long) more->element[1]->integer;
				on_streams = true;
				if (reply->type == REDIS_REPLY_INTEGER && h >= 0 && (reply->integer < 0 || h < reply->integer)) {
					reply->integer = h;
				}
				freeReplyObject(more);
			} else if (more->type == REDIS_REPLY_ARRAY) {
				freeReplyObject(reply);
				reply = more;
			} else {
				freeReplyObject(more);
			}
		}
		if (!reply) {
			failed = true;
			break;
		}
		if (reply->type == REDIS_REPLY_ARRAY) {
			zend_long got = reply->elements > 0 ? (zend_long) ((reply->elements - 1) / (reserve ? 5 : 3)) : 0;
			if (!redislock_queue_tasks_to_return(q->conn, reply, 1, reserve, listed ? names : NULL, n, count, return_value)) {
				failed = true;
			} else if (reserve) {
				beats_start(q, reply, names, visibility, redislock_conn_last_flush(q->conn));
			}
			freeReplyObject(reply);
			if (!failed && count > 1 && got == page) {
				take_more(q, key_lists, keys, n, names, listed, count - got, reserve, visibility, timeout, max_attempts,
					return_value);
			}
			break;
		}
		if (reply->type != REDIS_REPLY_INTEGER) {
			redislock_conn_set_unexpected(q->conn, reply);
			freeReplyObject(reply);
			failed = true;
			break;
		}
		hint_ms = reply->integer;
		freeReplyObject(reply);

		remaining = wait_until - redislock_now();
		if (wait <= 0 || remaining <= 0) {
			redislock_queue_empty_result(count, return_value);
			break;
		}
		{
			/* Block until a task is announced, or until the next delayed task or
			 * expired reservation falls due, whichever comes first. */
			bool until_due = hint_ms >= 0 && hint_ms / 1000.0 < remaining;
			double block = until_due ? hint_ms / 1000.0 + 0.001 : remaining;
			if (on_streams) {
				/* pop() of queues on the stream layout: XREAD BLOCK on their streams
				 * from their end wakes on the next entry without taking it. */
				if (stream_wait(q, keys, n, block) == FAILURE) {
					failed = true;
					break;
				}
			} else if (redislock_blpop(q->conn, wakeups, n, block, until_due) == FAILURE) {
				failed = true;
				break;
			}
			woken = true;
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		redislock_queue_keys_free(&keys[i]);
	}
	efree(keys);
	efree(wakeups);
	efree(key_lists[0]);
	if (base) {
		zend_string_release(base);
	}
	if (failed) {
		QUEUE_FAILED(q);
	}
}

PHP_METHOD(RedisQueue, pop)
{
	zend_string *one = NULL, **names;
	HashTable *many = NULL;
	zend_long count = 1;
	double timeout = 10, wait = 0;
	redislock_queue_obj *q;
	uint32_t n;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_ARRAY_HT_OR_STR(many, one)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(count)
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(wait)
	ZEND_PARSE_PARAMETERS_END();

	if (!(q = this_queue_keep(ZEND_THIS)) || !(n = queue_names(q, one, many, &names))) {
		RETURN_THROWS();
	}
	if (!redislock_queue_check_count(count, 2) || !redislock_check_seconds(timeout, 3, false) || !redislock_check_seconds(wait, 4, true)) {
		efree(names);
		RETURN_THROWS();
	}
	take(INTERNAL_FUNCTION_PARAM_PASSTHRU, q, names, n, many != NULL, count, false, 0, timeout, wait, 0);
	efree(names);
}

PHP_METHOD(RedisQueue, reserve)
{
	zend_string *one = NULL, **names;
	HashTable *many = NULL;
	zend_long count = 1, max_attempts = 0;
	bool max_attempts_null = true;
	double visibility = 30, wait = 0;
	redislock_queue_obj *q;
	uint32_t n;

	ZEND_PARSE_PARAMETERS_START(1, 5)
		Z_PARAM_ARRAY_HT_OR_STR(many, one)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(count)
		Z_PARAM_DOUBLE(visibility)
		Z_PARAM_DOUBLE(wait)
		Z_PARAM_LONG_OR_NULL(max_attempts, max_attempts_null)
	ZEND_PARSE_PARAMETERS_END();

	if (!(q = this_queue_keep(ZEND_THIS)) || !(n = queue_names(q, one, many, &names))) {
		RETURN_THROWS();
	}
	if (!redislock_queue_check_count(count, 2) || !redislock_check_seconds(visibility, 3, false) || !redislock_check_seconds(wait, 4, true)) {
		efree(names);
		RETURN_THROWS();
	}
	if (max_attempts_null) {
		max_attempts = q->max_attempts;
	} else if (max_attempts < 0 || max_attempts > REDISLOCK_MAX_ATTEMPTS) {
		efree(names);
		zend_argument_value_error(5, "must be between 0 and %d", REDISLOCK_MAX_ATTEMPTS);
		RETURN_THROWS();
	}
	if (q->zset_layout) {
		take(INTERNAL_FUNCTION_PARAM_PASSTHRU, q, names, n, many != NULL, count, true, visibility,
			redislock_conn_config(q->conn)->read_timeout, wait, max_attempts);
	} else {
		stream_take(INTERNAL_FUNCTION_PARAM_PASSTHRU, q, names, n, many != NULL, count, visibility, wait, max_attempts);
	}
	efree(names);
}

PHP_METHOD(RedisQueue, top)
{
	zend_string *name;
	zend_long count = 1;
	redislock_queue_obj *q;
	queue_keys k;
	zval list;
	bool ok;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(count)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_queue_check_count(count, 2)) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	array_init(&list);
	ok = list_pages(q, &k, &redislock_script_top, top_page_args, top_entries, 3, count, &list);
	redislock_queue_keys_free(&k);
	if (!ok) {
		zval_ptr_dtor(&list);
		QUEUE_FAILED(q);
	}
	if (count > 1) {
		RETURN_COPY_VALUE(&list);
	}
	if (zend_hash_num_elements(Z_ARRVAL(list)) == 0) {
		RETVAL_FALSE;
	} else {
		RETVAL_COPY(zend_hash_index_find(Z_ARRVAL(list), 0));
	}
	zval_ptr_dtor(&list);
}

/* What an id call takes after the id. */
typedef enum {
	AFTER_ID_NOTHING,     /* remove(name, id) */
	AFTER_ID_RECEIPT,     /* ack(name, id, ?receipt) */
	AFTER_ID_DELAY,       /* release(name, id, delay = 0, ?receipt) */
	AFTER_ID_VISIBILITY,  /* touch(name, id, visibility, ?receipt) */
	AFTER_ID_FAIL,        /* fail(name, id, ?receipt, ?payload) */
} after_id;

/* ack, release, touch, fail and remove, once their arguments are parsed: checks
 * them, runs one script, answers its integer as a bool. Every call but touch()
 * then ends this object's renewal of the reservation, unless the server refused
 * a receipt that is not the one the heartbeat renews: a refused call changes
 * nothing, and the current reservation stays renewed. A task acked or released is
 * not renewed; one refused without a receipt, or with the heartbeat's own, is no
 * longer in flight (or no longer that reservation); one whose answer was lost
 * lapses after its visibility and runs again rather than being renewed forever.
 * Stopping after the answer is safe: a renewal sent meanwhile carries its
 * receipt, which the script that ended the reservation has made stale. */
/* The stream layout's script for ack, release, touch or fail of id (r: the
 * receipt's parts, NULL: the current reservation). */
static const redislock_script *stream_id_args(redislock_argv *a, after_id after, const queue_keys *k, zend_string *id,
	const stream_receipt *r, double seconds, zend_string *payload)
{
	zend_string *eid = r ? r->eid : NULL, *consumer = r ? r->consumer : NULL, *deliveries = r ? r->deliveries : NULL;
	switch (after) {
	case AFTER_ID_RECEIPT:
		redislock_script_stream_ack_args(a, k->queue, k->payloads, k->meta, k->stream, k->index, k->settings, id, eid, consumer,
			deliveries);
		return &redislock_script_stream_ack;
	case AFTER_ID_DELAY:
		redislock_script_stream_release_args(a, k->queue, k->payloads, k->meta, k->dead, k->stream, k->index,
			k->settings, id, eid, consumer, deliveries, seconds, false);
		return &redislock_script_stream_release;
	case AFTER_ID_VISIBILITY:
		stream_touch_args(a, k, id, r, seconds);
		return &redislock_script_stream_touch;
	default:
		redislock_script_stream_fail_args(a, k->queue, k->payloads, k->meta, k->dead, k->stream, k->index,
			k->settings, id, eid, consumer, deliveries, payload != NULL, payload);
		return &redislock_script_stream_fail;
	}
}

static void id_call(INTERNAL_FUNCTION_PARAMETERS, after_id after,
	zend_string *name, zend_string *id_str, zend_long id_long, double seconds, zend_string *receipt, zend_string *payload,
	bool defer)
{
	stream_receipt sr;
	bool has_sr = false;
	zend_string *id;
	redislock_queue_obj *q;
	queue_keys k;
	redislock_argv a;
	redisReply *reply;
	const redislock_script *script;
	bool done;

	if (!redislock_check_name(name, 1)
		|| (after == AFTER_ID_DELAY && !redislock_check_seconds(seconds, 3, true))
		|| (after == AFTER_ID_VISIBILITY && !redislock_check_seconds(seconds, 3, false))) {
		RETURN_THROWS();
	}
	if (receipt && ZSTR_LEN(receipt) == 0) {
		zend_argument_value_error(after == AFTER_ID_RECEIPT || after == AFTER_ID_FAIL ? 3 : 4,
			"must not be empty (null: the current reservation)");
		RETURN_THROWS();
	}
	if (payload && ZSTR_LEN(payload) > REDISLOCK_MAX_PAYLOAD) {
		zend_argument_value_error(4, "must not be over %d bytes (%zu given)", REDISLOCK_MAX_PAYLOAD, ZSTR_LEN(payload));
		RETURN_THROWS();
	}
	if (!(id = redislock_queue_task_id(id_str, id_long, 2))) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		zend_string_release(id);
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	has_sr = receipt && stream_receipt_parse(receipt, &sr);
	if (!q->zset_layout && after != AFTER_ID_NOTHING && (has_sr || !receipt)) {
		/* The stream layout first; an id not on the stream (-1), asked without a
		 * receipt, is tried on the zset layout below. */
		if (defer && has_sr && after == AFTER_ID_RECEIPT) {
			/* Kept for the next reserve() or pop(); the heartbeat renews until then. */
			deferred_clear(q);
			stream_id_args(&q->deferred_ack, after, &k, id, &sr, seconds, payload);
			q->deferred = true;
			q->deferred_name = zend_string_copy(name);
			q->deferred_id = zend_string_copy(id);
			q->deferred_receipt = zend_string_copy(receipt);
			stream_receipt_free(&sr);
			redislock_queue_keys_free(&k);
			zend_string_release(id);
			RETURN_TRUE;
		}
		script = stream_id_args(&a, after, &k, id, has_sr ? &sr : NULL, seconds, payload);
		reply = run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
		redislock_argv_free(&a);
		if (has_sr) {
			stream_receipt_free(&sr);
		}
		if (!reply || reply->type != REDIS_REPLY_INTEGER || reply->integer != -1 || has_sr) {
			goto answered;
		}
		freeReplyObject(reply);
	} else if (has_sr) {
		stream_receipt_free(&sr);
	}
	switch (after) {
	case AFTER_ID_FAIL:
		script = &redislock_script_fail;
		redislock_script_fail_args(&a, QUEUE_KEYS(k), id, receipt, payload != NULL, payload);
		break;
	case AFTER_ID_RECEIPT:
		script = &redislock_script_ack;
		redislock_script_ack_args(&a, QUEUE_KEYS(k), id, receipt);
		break;
	case AFTER_ID_DELAY:
		script = &redislock_script_release;
		redislock_script_release_args(&a, QUEUE_KEYS(k), id, seconds, receipt);
		break;
	case AFTER_ID_VISIBILITY:
		script = &redislock_script_touch;
		redislock_script_touch_args(&a, QUEUE_KEYS(k), id, seconds, receipt);
		break;
	default:
		script = &redislock_script_remove;
		redislock_script_remove_args(&a, QUEUE_ALL_KEYS(k), id);
		break;
	}
	reply = run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
	redislock_argv_free(&a);
answered:
	redislock_queue_keys_free(&k);
	done = reply && reply->type == REDIS_REPLY_INTEGER && reply->integer > 0;
	if (after != AFTER_ID_VISIBILITY) {
		beat_stop(q, name, id, reply && !done ? receipt : NULL);
	}
	zend_string_release(id);
	if (!reply) {
		QUEUE_FAILED_THIS();
	}
	freeReplyObject(reply);
	RETURN_BOOL(done);
}

PHP_METHOD(RedisQueue, ack)
{
	zend_string *name, *id_str = NULL, *receipt = NULL;
	zend_long id_long = 0;

	bool defer = false;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(receipt)
		Z_PARAM_BOOL(defer)
	ZEND_PARSE_PARAMETERS_END();

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_RECEIPT, name, id_str, id_long, 0, receipt, NULL, defer);
}

PHP_METHOD(RedisQueue, release)
{
	zend_string *name, *id_str = NULL, *receipt = NULL;
	zend_long id_long = 0;
	double delay = 0;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(delay)
		Z_PARAM_STR_OR_NULL(receipt)
	ZEND_PARSE_PARAMETERS_END();

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_DELAY, name, id_str, id_long, delay, receipt, NULL, false);
}

PHP_METHOD(RedisQueue, touch)
{
	zend_string *name, *id_str = NULL, *receipt = NULL;
	zend_long id_long = 0;
	double visibility;

	ZEND_PARSE_PARAMETERS_START(3, 4)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
		Z_PARAM_DOUBLE(visibility)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(receipt)
	ZEND_PARSE_PARAMETERS_END();

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_VISIBILITY, name, id_str, id_long, visibility, receipt, NULL, false);
}

PHP_METHOD(RedisQueue, fail)
{
	zend_string *name, *id_str = NULL, *receipt = NULL, *payload = NULL;
	zend_long id_long = 0;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(receipt)
		Z_PARAM_STR_OR_NULL(payload)
	ZEND_PARSE_PARAMETERS_END();

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_FAIL, name, id_str, id_long, 0, receipt, payload, false);
}

PHP_METHOD(RedisQueue, remove)
{
	zend_string *name, *id_str = NULL;
	zend_long id_long = 0;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
	ZEND_PARSE_PARAMETERS_END();

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_NOTHING, name, id_str, id_long, 0, NULL, NULL, false);
}

/* The builder of a script that takes a queue's keys alone. */
typedef void (*whole_queue_args)(redislock_argv *a, const queue_keys *k);

static void size_args(redislock_argv *a, const queue_keys *k)
{
	redislock_script_size_args(a, QUEUE_ALL_KEYS(*k));
}

static void clear_args(redislock_argv *a, const queue_keys *k)
{
	redislock_script_clear_args(a, QUEUE_ALL_KEYS(*k));
}

/* size() and clear(): the whole queue, one script of O(1) work (counts, UNLINK). */
static redisReply *whole_queue_call(INTERNAL_FUNCTION_PARAMETERS, const redislock_script *script, whole_queue_args args)
{
	zend_string *name;
	redislock_queue_obj *q;
	queue_keys k;
	redislock_argv a;
	redisReply *reply;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END_EX(return NULL);

	if (!redislock_check_name(name, 1) || !(q = this_queue(ZEND_THIS))) {
		return NULL;
	}
	keys_init(&k, q, name);
	args(&a, &k);
	reply = run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
	redislock_argv_free(&a);
	redislock_queue_keys_free(&k);
	return reply;
}

PHP_METHOD(RedisQueue, size)
{
	redisReply *reply = whole_queue_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, &redislock_script_size, size_args);
	if (!reply) {
		QUEUE_FAILED_THIS();
	}
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 4) {
		redislock_conn_set_unexpected(queue_from_obj(Z_OBJ_P(ZEND_THIS))->conn, reply);
		freeReplyObject(reply);
		QUEUE_FAILED_THIS();
	}
	array_init_size(return_value, 4);
	add_assoc_long(return_value, "due", (zend_long) reply->element[0]->integer);
	add_assoc_long(return_value, "delayed", (zend_long) reply->element[1]->integer);
	add_assoc_long(return_value, "inflight", (zend_long) reply->element[2]->integer);
	add_assoc_long(return_value, "dead", (zend_long) reply->element[3]->integer);
	freeReplyObject(reply);
}

/* The most queues one stats() call reads. */
#define REDISLOCK_MAX_STATS 1000

/* One stats reply as the array stats() returns; false when it has another shape. */
static bool stats_entry(const redisReply *r, zval *entry)
{
	if (r->type != REDIS_REPLY_ARRAY || r->elements != 7) {
		return false;
	}
	for (size_t i = 0; i < 7; i++) {
		if (r->element[i]->type != REDIS_REPLY_INTEGER) {
			return false;
		}
	}
	array_init_size(entry, 7);
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
	return true;
}

PHP_METHOD(RedisQueue, stats)
{
	zend_string *one = NULL, **names;
	HashTable *many = NULL;
	redislock_queue_obj *q;
	redislock_argv *sets;
	queue_keys *keys;
	redisReply **replies;
	uint32_t n = 0;
	zval *entry;
	bool ok = true;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT_OR_STR(many, one)
	ZEND_PARSE_PARAMETERS_END();

	if (one && !redislock_check_name(one, 1)) {
		RETURN_THROWS();
	}
	if (many) {
		if (zend_hash_num_elements(many) == 0) {
			zend_argument_value_error(1, "must not be an empty array");
			RETURN_THROWS();
		}
		if (zend_hash_num_elements(many) > REDISLOCK_MAX_STATS) {
			zend_argument_value_error(1, "must not name more than %d queues", REDISLOCK_MAX_STATS);
			RETURN_THROWS();
		}
		ZEND_HASH_FOREACH_VAL(many, entry) {
			ZVAL_DEREF(entry);
			if (Z_TYPE_P(entry) != IS_STRING) {
				zend_argument_value_error(1, "must contain only strings, %s found", zend_zval_type_name(entry));
				RETURN_THROWS();
			}
			if (!redislock_check_name(Z_STR_P(entry), 1)) {
				RETURN_THROWS();
			}
		} ZEND_HASH_FOREACH_END();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	names = safe_emalloc(many ? zend_hash_num_elements(many) : 1, sizeof(*names), 0);
	if (many) {
		ZEND_HASH_FOREACH_VAL(many, entry) {
			ZVAL_DEREF(entry);
			names[n++] = Z_STR_P(entry);
		} ZEND_HASH_FOREACH_END();
	} else {
		names[n++] = one;
	}
	sets = safe_emalloc(n, sizeof(*sets), 0);
	replies = safe_emalloc(n, sizeof(*replies), 0);
	keys = safe_emalloc(n, sizeof(*keys), 0);
	for (uint32_t i = 0; i < n; i++) {
		keys_init(&keys[i], q, names[i]);
		redislock_script_stats_args(&sets[i], QUEUE_ALL_KEYS(keys[i]));
	}
	/* One round trip on a single server; one per queue on a cluster or behind a
	 * sentinel, where each may have to follow its slot or the master. */
	if (redislock_script_call_many(q->conn, &redislock_script_stats, sets, (int) n,
			redislock_conn_config(q->conn)->read_timeout, replies) == FAILURE) {
		ok = false;
	} else {
		if (many) {
			array_init_size(return_value, n);
		}
		for (uint32_t i = 0; i < n && ok; i++) {
			zval one_entry;
			if (!stats_entry(replies[i], &one_entry)) {
				redislock_conn_set_unexpected(q->conn, replies[i]);
				ok = false;
			} else if (many) {
				zend_symtable_update(Z_ARRVAL_P(return_value), names[i], &one_entry);
			} else {
				ZVAL_COPY_VALUE(return_value, &one_entry);
			}
		}
		for (uint32_t i = 0; i < n; i++) {
			freeReplyObject(replies[i]);
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		redislock_argv_free(&sets[i]);
		redislock_queue_keys_free(&keys[i]);
	}
	efree(sets);
	efree(keys);
	efree(replies);
	efree(names);
	if (!ok) {
		zval_ptr_dtor(return_value);
		ZVAL_NULL(return_value);
		QUEUE_FAILED(q);
	}
}

PHP_METHOD(RedisQueue, names)
{
	zend_string *cursor = NULL;
	zend_long count = 100;
	redislock_queue_obj *q;

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(cursor)
		Z_PARAM_LONG(count)
	ZEND_PARSE_PARAMETERS_END();

	if (!(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!redislock_names_list(q->conn, q->prefix, redislock_queue_siblings, cursor, count, return_value)) {
		QUEUE_FAILED(q);
	}
}

/* clear(): a whole-queue script that answers how many it removed. */
static void whole_queue_count(INTERNAL_FUNCTION_PARAMETERS, const redislock_script *script, whole_queue_args args)
{
	redisReply *reply = whole_queue_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, script, args);
	zend_long removed;
	if (!reply) {
		QUEUE_FAILED_THIS();
	}
	removed = reply->type == REDIS_REPLY_INTEGER ? (zend_long) reply->integer : 0;
	freeReplyObject(reply);
	RETURN_LONG(removed);
}

PHP_METHOD(RedisQueue, clear)
{
	whole_queue_count(INTERNAL_FUNCTION_PARAM_PASSTHRU, &redislock_script_clear, clear_args);
}

PHP_METHOD(RedisQueue, dead)
{
	zend_string *name;
	zend_long count = 100;
	redislock_queue_obj *q;
	queue_keys k;
	bool ok;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(count)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_queue_check_count(count, 2) || !(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	array_init(return_value);
	ok = list_pages(q, &k, &redislock_script_dead, dead_page_args_of, redislock_queue_dead_to_return, 4, count,
		return_value);
	redislock_queue_keys_free(&k);
	if (!ok) {
		zval_ptr_dtor(return_value);
		ZVAL_NULL(return_value);
		QUEUE_FAILED(q);
	}
}

PHP_METHOD(RedisQueue, retryDead)
{
	zend_string *name, *one_str = NULL, **list;
	zend_long one_long = 0, moved = 0;
	zval *ids = NULL;
	uint32_t n = 0, sent = 0;
	redislock_queue_obj *q;
	queue_keys k;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL_OR_NULL(ids)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1)) {
		RETURN_THROWS();
	}
	if (ids && Z_TYPE_P(ids) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(ids)) == 0) {
		RETURN_LONG(0);
	}
	if (ids && !redislock_queue_ids_check(ids, 2, true, &one_str, &one_long)) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	if (!ids) {
		moved = dead_pages(q, &k, &redislock_script_retry_dead, retry_dead_all_args);
		redislock_queue_keys_free(&k);
		if (moved < 0) {
			QUEUE_FAILED(q);
		}
		RETURN_LONG(moved);
	}
	/* The ids given, a page at a time, each page atomic. */
	list = redislock_queue_ids_list(ids, one_str, one_long, &n);
	while (sent < n) {
		uint32_t m = MIN(n - sent, REDISLOCK_QUEUE_PAGE);
		zend_string *died_by = NULL;
		zend_long revived;
		redislock_argv a;
		redisReply *reply;
		bool ok;

		redislock_script_retry_dead_args(&a, m, QUEUE_ALL_KEYS(k), !q->zset_layout, NULL, list + sent);
		sent += m;
		reply = run(q, &redislock_script_retry_dead, &a, redislock_conn_config(q->conn)->read_timeout);
		redislock_argv_free(&a);
		ok = reply && dead_page_count(q, reply, &revived, &died_by);
		if (reply) {
			freeReplyObject(reply);
		}
		if (died_by) {
			zend_string_release(died_by);
		}
		if (!ok) {
			moved = -1;
			break;
		}
		moved += revived;
	}
	for (uint32_t i = sent; i < n; i++) {
		zend_string_release(list[i]);
	}
	efree(list);
	redislock_queue_keys_free(&k);
	if (moved < 0) {
		QUEUE_FAILED(q);
	}
	RETURN_LONG(moved);
}

PHP_METHOD(RedisQueue, purgeDead)
{
	zend_string *name;
	redislock_queue_obj *q;
	queue_keys k;
	zend_long removed;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	removed = dead_pages(q, &k, &redislock_script_purge_dead, purge_dead_all_args);
	redislock_queue_keys_free(&k);
	if (removed < 0) {
		QUEUE_FAILED(q);
	}
	RETURN_LONG(removed);
}

/* The integers of a migrate page's reply (all of them integers, n of them);
 * false (recorded as unexpected) when it has another shape. */
static bool migrate_page(redislock_queue_obj *q, const redisReply *reply, size_t n, long long *out)
{
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements != n) {
		redislock_conn_set_unexpected(q->conn, reply);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		if (reply->element[i]->type != REDIS_REPLY_INTEGER) {
			redislock_conn_set_unexpected(q->conn, reply);
			return false;
		}
		out[i] = reply->element[i]->integer;
	}
	return true;
}

/* migrate(): a script per page until a page comes back short (each page atomic,
 * workers run in between). Forward, the ids a page skipped (in flight on the
 * zset layout, or on the stream already) stay at the front of the due ones, so
 * the next page starts after them. */
PHP_METHOD(RedisQueue, migrate)
{
	zend_string *name;
	bool back = false, ok = true;
	redislock_queue_obj *q;
	queue_keys k;
	long long r[6] = {0}, moved = 0, settled = 0, skipped = 0;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL(back)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	do {
		redislock_argv a;
		redisReply *reply;

		if (back) {
			redislock_script_migrate_back_args(&a, QUEUE_ALL_KEYS(k));
		} else {
			redislock_script_migrate_args(&a, QUEUE_ALL_KEYS(k), 30000, q->max_attempts,
				(zend_long) llround(q->retry_backoff * 1000), (zend_long) skipped);
		}
		reply = run(q, back ? &redislock_script_migrate_back : &redislock_script_migrate, &a,
			redislock_conn_config(q->conn)->read_timeout);
		redislock_argv_free(&a);
		ok = reply && migrate_page(q, reply, back ? 6 : 5, r);
		if (reply) {
			freeReplyObject(reply);
		}
		if (!ok) {
			break;
		}
		moved += r[0];
		if (back) {
			settled += r[1];
		} else {
			skipped += r[1];
		}
	} while (r[2]);
	redislock_queue_keys_free(&k);
	if (!ok) {
		QUEUE_FAILED(q);
	}
	array_init_size(return_value, 5);
	add_assoc_long(return_value, "moved", (zend_long) moved);
	add_assoc_long(return_value, "settled", (zend_long) settled);
	add_assoc_long(return_value, "zset", (zend_long) (back ? r[5] : r[3]));
	add_assoc_long(return_value, "inflight", (zend_long) (back ? r[3] : r[4]));
	add_assoc_string(return_value, "layout", back && r[4] ? "zset" : "stream");
}
