/* RedisQueue's stream layout: a queue's ready and in-flight tasks as entries of
 * one stream S with a consumer group, reserve() as XREADGROUP behind the queue's
 * upkeep script (due ids of Z promoted onto S, expired reservations settled), the
 * receipts "<entry id>/<consumer>/<deliveries>" and their heartbeat, pop() of the
 * queues on the stream and its wait, and the calls on one id. The class reaches
 * it through queue_layout_stream, the zset layout too (its take script hands the
 * queues on the stream over); it calls only down, into redislock_queue_common.c
 * (the deferred ack, receipts, the heartbeat) and below. */
#include "redislock_queue_layout.h"
#include "redislock_queue_stream_reply.h"
#include "redislock_keys.h"
#include "redislock_runner.h"
#include "redislock_wait.h"
#include "zend_smart_str.h"
#include <math.h>
#include <inttypes.h>

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
			redislock_script_stream_idle_args(&idle, QUEUE_KEYS(*k), k->stream, k->index, k->settings, k->deadlines, k->spare, k->paused, k->counts, false,
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
		res = r->type == REDIS_REPLY_ARRAY ? redislock_queue_stream_reply(q, r, k, &name, 1, listed, 2, visibility, handed, &more) : 0;
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

/* A page of the consumer's pending entries from start on (XPENDING ... consumer). */
static zend_result stream_pending_page(redislock_queue_obj *q, const queue_keys *k, const zend_string *start,
	redisReply **r)
{
	redislock_argv pend;
	redislock_pipe_cmd cmd = {&pend, NULL};
	zend_result result;

	redislock_argv_init(&pend);
	redislock_argv_push(&pend, "XPENDING", 8);
	redislock_argv_push_str(&pend, k->stream);
	redislock_argv_push(&pend, "rl", 2);
	redislock_argv_push_str(&pend, start);
	redislock_argv_push(&pend, "+", 1);
	redislock_argv_push_long(&pend, REDISLOCK_QUEUE_PAGE);
	redislock_argv_push_str(&pend, q->consumer);
	result = redislock_script_pipe(q->conn, &cmd, 1, redislock_object_read_timeout(&q->base), r);
	redislock_argv_free(&pend);
	return result;
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
		redisReply *r;
		zend_string **lost = NULL;
		uint32_t n = 0;
		size_t got;

		if (stream_pending_page(q, k, start, &r) == FAILURE) {
			ok = false;
			break;
		}
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

/* ---- reserve() --------------------------------------------------------------- */

/* One reserve() on the stream layout: one XREADGROUP over the queues' streams
 * (new entries: '>'), in the same write as the deferred ack, and, once a second
 * or when this object has not set a queue up yet, its upkeep script ahead of it.
 * Nothing delivered: the upkeep of every queue with the read again (due ids
 * promoted, expired reservations settled), then with wait > 0 a blocking
 * XREADGROUP until an entry comes or the upkeep's hint (the next due task or
 * expiring reservation) passes. Entries of more than the first queue that has
 * any (several queues, one read) go back at once, not counted as attempts. */
typedef struct {
	redislock_queue_obj *q;
	const queue_take *t;
	zend_long page;
	double wait_until;
	queue_keys *keys;
	redislock_argv *idle;    /* each queue's upkeep script, where idle_used[i] */
	redislock_argv *counts;  /* the count_add scripts of the queues whose counts go with the read */
	bool *idle_used;
	redislock_pipe_cmd *cmds;
	redisReply **replies;
	zend_string *consumer;
	/* Over several queues the read delivers to a reader consumer of its own,
	 * and stream_hand_back (hb), in the same write, keeps the first queue's
	 * entries and puts the others' back in place (see the script). */
	zend_string *reader;
	redislock_argv hb;
	HashTable handed;        /* the reservations this call hands over, held once it returns them */
	zend_long hint;          /* this round's upkeep: ms until a task may be due (-1: none) */
	int nogroup, again;      /* NOGROUP answers to a read that did not block; reads of wake-up entries only */
	bool all_idle;           /* the upkeep of every queue goes with the next read */
	bool setup;              /* a stream or group is gone: the upkeep sets it up again */
	bool failed, got, off;   /* failed (recorded); tasks returned; a queue is not on the stream layout */
	bool interrupted;        /* a blocking read whose link closed (a signal): what it delivered is lost */
	/* A signal handler forked: the child ends the call with nothing (it never
	 * reads as its parent's consumer, whose reservations the parent knows). */
	bool forked;
} stream_read;

/* The call's keys and consumer, after the lost deliveries of a failed call went
 * back (the upkeep before its read). False with the failure recorded. */
static bool stream_read_open(stream_read *s, redislock_queue_obj *q, const queue_take *t)
{
	uint32_t n = t->n;

	memset(s, 0, sizeof(*s));
	s->q = q;
	s->t = t;
	s->page = MIN(t->count, REDISLOCK_QUEUE_PAGE);
	s->keys = safe_emalloc(n, sizeof(*s->keys), 0);
	s->idle = safe_emalloc(n, sizeof(*s->idle), 0);
	s->idle_used = safe_emalloc(n, sizeof(*s->idle_used), 0);
	s->counts = safe_emalloc(n, sizeof(*s->counts), 0);
	s->cmds = safe_emalloc(2 * (size_t) n + 3, sizeof(*s->cmds), 0);
	s->replies = safe_emalloc(2 * (size_t) n + 3, sizeof(*s->replies), 0);
	s->wait_until = redislock_now() + t->wait;
	if (!(s->consumer = stream_consumer(q))) {
		s->failed = true;
		return false;
	}
	for (uint32_t i = 0; i < n; i++) {
		redislock_queue_keys_init(&s->keys[i], &q->base, t->names[i]);
	}
	for (uint32_t i = 0; i < n; i++) {
		if (zend_hash_exists(&q->lost, t->names[i])) {
			if (!stream_recover_lost(q, &s->keys[i], t->names[i])) {
				for (uint32_t j = 0; j < n; j++) {
					redislock_queue_keys_free(&s->keys[j]);
				}
				s->failed = true;
				return false;
			}
			zend_hash_del(&q->lost, t->names[i]);
		}
	}
	zend_hash_init(&s->handed, 8, NULL, NULL, 0);
	if (n > 1) {
		/* "<consumer>~", or "<consumer>~<generation>" after a failed read left
		 * entries with the former reader, which the hand-back must not take for
		 * this read's (they lapse, uncounted). */
		char gen[16];
		int len = q->reader_generation ? snprintf(gen, sizeof(gen), "~%" PRIu32, q->reader_generation) : snprintf(gen, sizeof(gen), "~");
		s->reader = zend_string_concat2(ZSTR_VAL(s->consumer), ZSTR_LEN(s->consumer), gen, (size_t) len);
		hand_back_args(&s->hb, s->keys, n, s->reader, s->consumer);
	} else {
		s->reader = zend_string_copy(s->consumer);
	}
	return true;
}

/* The upkeep scripts that go with this round's read, added to s->cmds from *m:
 * a queue's own once a second, when its reservations may have expired, when
 * asked for a longer visibility or other max attempts than it last sent, and
 * every queue's once a read found nothing. */
static void stream_read_upkeep(stream_read *s, double now, int *m)
{
	const queue_take *t = s->t;

	for (uint32_t i = 0; i < t->n; i++) {
		stream_state *st = zend_hash_find_ptr(&s->q->streams, t->names[i]);
		s->idle_used[i] = s->all_idle || s->setup || !st || now - st->at >= 1.0 || t->visibility > st->visibility
			|| now >= st->next_expiry || t->max_attempts != st->max_attempts;
		if (s->idle_used[i]) {
			const queue_keys *k = &s->keys[i];
			redislock_script_stream_idle_args(&s->idle[i], QUEUE_KEYS(*k), k->stream, k->index, k->settings,
				k->deadlines, k->spare, k->paused, k->counts, s->setup, (zend_long) ceil(t->visibility * 1000), t->max_attempts,
				(zend_long) ceil(s->q->retry_backoff * 1000), s->all_idle && t->wait > 0);
			s->cmds[*m].a = &s->idle[i];
			s->cmds[(*m)++].script = &redislock_script_stream_idle;
		}
	}
}

/* The upkeep scripts' replies, from replies[j] on: each queue's state kept, the
 * earliest hint, a queue whose stream is missing (s->off: on the zset layout,
 * never moved here: only migrate() moves a queue). */
static void stream_read_upkept(stream_read *s, double now, uint32_t j)
{
	for (uint32_t i = 0; i < s->t->n; i++) {
		redisReply *r;
		if (!s->idle_used[i]) {
			continue;
		}
		redislock_argv_free(&s->idle[i]);
		r = s->replies[j++];
		if (!s->failed && r->type == REDIS_REPLY_ERROR) {
			redislock_conn_set_reply_error(s->q->conn, r);
			s->failed = true;
		} else if (r->type == REDIS_REPLY_ARRAY && r->elements == 2 && r->element[0]->type == REDIS_REPLY_INTEGER
			&& r->element[0]->integer == -2) {
			zend_hash_del(&s->q->streams, s->t->names[i]);
			s->off = true;
		} else if (r->type == REDIS_REPLY_ARRAY && r->elements == 2 && r->element[0]->type == REDIS_REPLY_INTEGER
			&& r->element[1]->type == REDIS_REPLY_INTEGER) {
			stream_state st = {.at = now, .visibility = s->t->visibility, .queue_ms = (zend_long) r->element[1]->integer,
				.next_expiry = INFINITY, .max_attempts = s->t->max_attempts};
			zend_long h = (zend_long) r->element[0]->integer;
			zend_hash_update_mem(&s->q->streams, s->t->names[i], &st, sizeof(st));
			if (h >= 0 && (s->hint < 0 || h < s->hint)) {
				s->hint = h;
			}
		}
		freeReplyObject(r);
	}
}

/* One write: the deferred ack, the upkeep scripts due, the read, over several
 * queues the hand-back, and the counts due of the acks the server confirmed.
 * The read's reply, or NULL when the call ends (failed, or a queue is not on
 * the stream layout). */
static redisReply *stream_read_send(stream_read *s)
{
	redislock_queue_obj *q = s->q;
	redislock_argv read;
	int m = 0, read_at, ack_at = -1, hand_at = -1, count_at;
	uint32_t counted;
	double now = redislock_now();

	s->hint = -1;
	if (redislock_queue_deferred_kept(q)) {
		ack_at = m;
		s->cmds[m].a = &q->deferred_ack;
		s->cmds[m++].script = &redislock_script_stream_ack;
	}
	stream_read_upkeep(s, now, &m);
	xreadgroup_args(&read, s->reader, s->page, -1, s->keys, s->t->n);
	read_at = m;
	s->cmds[m].a = &read;
	s->cmds[m++].script = NULL;
	if (s->t->n > 1) {
		hand_at = m;
		s->cmds[m].a = &s->hb;
		s->cmds[m++].script = &redislock_script_stream_hand_back;
	}
	count_at = m;
	counted = redislock_queue_pending_take(q, s->t->names, s->keys, s->t->n, s->counts, s->cmds + m);
	m += (int) counted;
	if (redislock_script_pipe(q->conn, s->cmds, m, redislock_object_read_timeout(&q->base), s->replies) == FAILURE) {
		/* Counts whose send failed are lost, never sent twice. */
		for (uint32_t i = 0; i < counted; i++) {
			redislock_argv_free(&s->counts[i]);
		}
		for (uint32_t i = 0; i < s->t->n; i++) {
			if (s->idle_used[i]) {
				redislock_argv_free(&s->idle[i]);
			}
		}
		redislock_argv_free(&read);
		s->failed = true;     /* a deferred ack in the write stays kept */
		return NULL;
	}
	for (uint32_t i = 0; i < counted; i++) {
		freeReplyObject(s->replies[count_at + (int) i]);
		redislock_argv_free(&s->counts[i]);
	}
	if (ack_at >= 0) {
		redislock_queue_deferred_answered(q, s->replies[ack_at]);
	}
	stream_read_upkept(s, now, ack_at >= 0 ? 1 : 0);
	redislock_argv_free(&read);
	if (hand_at >= 0) {
		if (!s->failed && s->replies[hand_at]->type == REDIS_REPLY_ERROR) {
			redislock_conn_set_reply_error(q->conn, s->replies[hand_at]);
			s->failed = true;
		}
		freeReplyObject(s->replies[hand_at]);
	}
	if (s->failed || s->off) {
		freeReplyObject(s->replies[read_at]);
		return NULL;
	}
	return s->replies[read_at];
}

/* Nothing delivered, the upkeep of every queue run: a blocking XREADGROUP until
 * an entry comes or the hint passes, its hand-back in the next write. Its reply,
 * or NULL (no wait left, failed, interrupted or forked). */
static redisReply *stream_read_block(stream_read *s)
{
	redislock_queue_obj *q = s->q;
	const redislock_config *cfg = redislock_conn_config(q->conn);
	double remaining = s->wait_until - redislock_now();
	zend_long block_ms;
	redislock_argv b;
	redisReply *r;
	zend_result result;

	if (s->t->wait <= 0 || remaining <= 0) {
		return NULL;
	}
	block_ms = (zend_long) ceil(remaining * 1000);
	if (s->hint >= 0 && s->hint + 1 < block_ms) {
		block_ms = s->hint + 1;
	}
	if (block_ms < 1) {
		block_ms = 1;
	}
	if (!redislock_serve_signals(q->conn)) {
		s->failed = true;
		return NULL;
	}
	if (q->consumer_generation != redislock_fork_generation) {
		s->forked = true;
		return NULL;
	}
	xreadgroup_args(&b, s->reader, s->page, block_ms, s->keys, s->t->n);
	result = redislock_conn_call_interruptible(q->conn, &b, block_ms / 1000.0 + cfg->read_timeout,
		&redislock_php_signals, &r);
	redislock_argv_free(&b);
	if (result == FAILURE) {
		if (s->t->n > 1) {
			q->reader_generation++;    /* a delivery may have been lost with the link */
		}
		if (redislock_conn_status(q->conn)->kind != REDISLOCK_ERR_INTERRUPTED) {
			s->failed = true;
			return NULL;
		}
		/* The link is closed, the read with it: as if woken, once the handlers ran. */
		s->interrupted = true;
		if (!redislock_serve_signals(q->conn)) {
			s->failed = true;
		} else if (q->consumer_generation != redislock_fork_generation) {
			s->forked = true;
		}
		return NULL;
	}
	if (s->t->n > 1 && r->type == REDIS_REPLY_ARRAY) {
		redisReply *h = redislock_queue_run(q, &redislock_script_stream_hand_back, &s->hb, cfg->read_timeout);
		if (!h) {
			freeReplyObject(r);
			s->failed = true;
			return NULL;
		}
		freeReplyObject(h);
	}
	return r;
}

/* What a read's reply (freed here) says. */
typedef enum {
	READ_NOTHING,   /* nil: no entry */
	READ_ANSWERED,  /* tasks, none, or a failure (s says which) */
	READ_SETUP,     /* a stream or its group is gone: set it up again */
	READ_AGAIN,     /* only wake-up entries: look again at once */
} read_answer;

static read_answer stream_read_answer(INTERNAL_FUNCTION_PARAMETERS, stream_read *s, redisReply *r, bool blocked)
{
	const queue_take *t = s->t;
	int res;

	if (r->type == REDIS_REPLY_ERROR && ((r->len >= 7 && memcmp(r->str, "NOGROUP", 7) == 0 && (blocked || s->nogroup < 2))
		|| (blocked && r->len >= 9 && memcmp(r->str, "UNBLOCKED", 9) == 0))) {
		/* The stream or its group is gone (cleared, flushed, the end of a
		 * migration back): set it up again. A wait goes on until its own end
		 * (each such round follows a deletion, and the wait is bounded). */
		freeReplyObject(r);
		s->nogroup += !blocked;
		s->setup = true;
		return READ_SETUP;
	}
	s->setup = false;
	if (r->type == REDIS_REPLY_ERROR) {
		redislock_conn_set_reply_error(s->q->conn, r);
		freeReplyObject(r);
		s->failed = true;
		return READ_ANSWERED;
	}
	if (r->type != REDIS_REPLY_ARRAY) {
		freeReplyObject(r);
		return READ_NOTHING;
	}
	res = redislock_queue_stream_reply(s->q, r, s->keys, t->names, t->n, t->listed, t->count, t->visibility, &s->handed,
		return_value);
	freeReplyObject(r);
	s->got = res > 0;
	if (res == -1) {
		s->failed = true;
	} else if (res == -2 && s->again < 8) {
		/* Only wake-up entries in the first queue that gave any: the others'
		 * went back. Each pause, resume and delayed task's nudge may have left
		 * one ahead of the tasks: up to 8 such reads before the call answers. */
		s->again++;
		return READ_AGAIN;
	} else if (s->got && t->count > s->page && Z_TYPE_P(return_value) == IS_ARRAY
		&& zend_hash_num_elements(Z_ARRVAL_P(return_value)) >= (uint32_t) s->page
		&& !stream_take_more(s->q, &s->keys[res - 1], t->names[res - 1], t->listed,
			t->count - zend_hash_num_elements(Z_ARRVAL_P(return_value)), t->visibility, t->max_attempts, s->consumer,
			&s->handed, return_value)) {
		s->failed = true;
	}
	return READ_ANSWERED;
}

/* One round: the write and its read, then, when it found nothing once the
 * upkeep of every queue ran, the blocking read. */
static read_answer stream_read_round(INTERNAL_FUNCTION_PARAMETERS, stream_read *s)
{
	redisReply *r = stream_read_send(s);
	read_answer a;

	if (!r) {
		return READ_ANSWERED;
	}
	a = stream_read_answer(INTERNAL_FUNCTION_PARAM_PASSTHRU, s, r, false);
	if (a != READ_NOTHING || !s->all_idle || !(r = stream_read_block(s))) {
		return a;
	}
	return stream_read_answer(INTERNAL_FUNCTION_PARAM_PASSTHRU, s, r, true);
}

/* The call's end: the answer when nothing came, the queues whose deliveries may
 * be lost remembered, what it returns held. */
static void stream_read_end(stream_read *s, zval *return_value)
{
	redislock_queue_obj *q = s->q;

	if (!s->failed && !s->got && !s->off) {
		redislock_queue_empty_result(s->t->count, return_value);
	}
	if (s->t->n > 1) {
		redislock_argv_free(&s->hb);
		if (s->failed) {
			q->reader_generation++;
		}
	}
	if ((s->failed || s->interrupted) && !s->forked) {
		/* A read may have delivered what the caller never gets: the next
		 * reserve() of these queues puts it back, uncounted. */
		for (uint32_t i = 0; i < s->t->n; i++) {
			zend_hash_add_empty_element(&q->lost, s->t->names[i]);
		}
	}
	if (!s->failed && s->got) {
		/* What the call returns is held, also after an interrupted read whose
		 * deliveries are lost (those are not in handed). */
		zend_string *key;
		ZEND_HASH_FOREACH_STR_KEY(&s->handed, key) {
			zend_hash_add_empty_element(&q->held, key);
		} ZEND_HASH_FOREACH_END();
		if (zend_hash_num_elements(&q->held) > HELD_MAX) {
			q->consumer_full = true;
		}
	}
	zend_hash_destroy(&s->handed);
	zend_string_release(s->reader);
	for (uint32_t i = 0; i < s->t->n; i++) {
		redislock_queue_keys_free(&s->keys[i]);
	}
}

static int stream_take(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, const queue_take *t)
{
	stream_read s;

	if (stream_read_open(&s, q, t)) {
		for (;;) {
			read_answer a = stream_read_round(INTERNAL_FUNCTION_PARAM_PASSTHRU, &s);
			if (s.failed || s.got || s.forked || s.off) {
				break;
			}
			if (a == READ_SETUP || a == READ_AGAIN) {
				continue;
			}
			if (!s.all_idle) {
				s.all_idle = true;
				continue;
			}
			if (t->wait <= 0 || s.wait_until - redislock_now() <= 0) {
				break;
			}
		}
		stream_read_end(&s, return_value);
	}
	efree(s.keys);
	efree(s.idle);
	efree(s.counts);
	efree(s.idle_used);
	efree(s.cmds);
	efree(s.replies);
	if (s.failed) {
		redislock_queue_fail(q);
		return -1;
	}
	return s.off ? 2 : s.got ? 1 : 0;
}
/* ---- pop() --------------------------------------------------------------------- */

/* pop() from the queues on the stream layout (the stream_pop script over each
 * queue's nine keys): first for one queue its object last found there, else
 * once the zset layout had nothing. upkeep: lapsed reservations settled too. */
static redisReply *stream_pop_page(redislock_queue_obj *q, const queue_keys *keys, uint32_t n, zend_long count,
	double timeout, bool upkeep)
{
	zend_string **lists = safe_emalloc(12 * (size_t) n, sizeof(*lists), 0);
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
		lists[9 * n + i] = keys[i].paused;
		lists[10 * n + i] = keys[i].wakeup;
		lists[11 * n + i] = keys[i].counts;
	}
	redislock_script_stream_pop_args(&a, n, lists, lists + n, lists + 2 * n, lists + 3 * n, lists + 4 * n,
		lists + 5 * n, lists + 6 * n, lists + 7 * n, lists + 8 * n, lists + 9 * n, lists + 10 * n, lists + 11 * n, count, upkeep);
	/* The deferred ack in the same write, when this is the call's first script. */
	reply = redislock_queue_run_after_ack(q, &redislock_script_stream_pop, &a, timeout, NULL, NULL, 0);
	redislock_argv_free(&a);
	efree(lists);
	return reply;
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
	result = redislock_conn_call_interruptible(q->conn, &a, seconds + redislock_object_read_timeout(&q->base),
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

/* ---- calls on one id ----------------------------------------------------------- */

/* The stream layout's script for ack, release, touch or fail of id (r: the
 * receipt's parts, NULL: the current reservation). */
static const redislock_script *stream_id_args(redislock_argv *a, after_id after, const queue_keys *k, zend_string *id,
	const stream_receipt *r, double seconds, zend_string *payload, const zend_string *packed)
{
	zend_string *eid = r ? r->eid : NULL, *consumer = r ? r->consumer : NULL, *deliveries = r ? r->deliveries : NULL;
	switch (after) {
	case AFTER_ID_RECEIPT:
		redislock_queue_stream_ack_args(a, k, id, r, packed);
		return &redislock_script_stream_ack;
	case AFTER_ID_DELAY:
		redislock_script_stream_release_args(a, k->queue, k->payloads, k->meta, k->dead, k->stream, k->index,
			k->settings, k->spare, k->counts, id, eid, consumer, deliveries, seconds, false);
		return &redislock_script_stream_release;
	case AFTER_ID_VISIBILITY:
		redislock_queue_stream_touch_args(a, k, id, r, seconds);
		return &redislock_script_stream_touch;
	default:
		redislock_script_stream_fail_args(a, k->queue, k->payloads, k->meta, k->dead, k->stream, k->index,
			k->settings, k->spare, k->counts, id, eid, consumer, deliveries, payload != NULL, payload);
		return &redislock_script_stream_fail;
	}
}

/* ack, release, touch and fail with a receipt of the stream layout, or without
 * a receipt (the current reservation: an id not on the stream, -1, is the zset
 * layout's). remove() and the zset layout's receipts are the zset layout's. */
static queue_id_outcome stream_id_call(redislock_queue_obj *q, const queue_id_call *c)
{
	stream_receipt sr;
	bool has_sr, done;
	redislock_argv a;
	redisReply *reply;
	const redislock_script *script;

	if (c->after == AFTER_ID_NOTHING) {
		return QUEUE_ID_ELSEWHERE;
	}
	has_sr = c->receipt && redislock_queue_stream_receipt_parse(c->receipt, &sr);
	if (c->receipt && !has_sr) {
		return QUEUE_ID_ELSEWHERE;
	}
	if (c->defer && has_sr && c->after == AFTER_ID_RECEIPT && !redislock_queue_deferred_kept(q)) {
		/* Kept for the next reserve() or pop(); the heartbeat renews until then.
		 * (While an earlier one is still kept, its send having failed just now,
		 * this one is sent at once: its failure is the call's.) */
		redislock_queue_defer_ack(q, c->keys, c->name, c->id, c->receipt, &sr, &c->sample, c->packed);
		redislock_queue_stream_receipt_free(&sr);
		return QUEUE_ID_KEPT;
	}
	script = stream_id_args(&a, c->after, c->keys, c->id, has_sr ? &sr : NULL, c->seconds, c->payload, c->packed);
	reply = redislock_queue_run(q, script, &a, redislock_object_read_timeout(&q->base));
	redislock_argv_free(&a);
	if (has_sr) {
		if (c->after != AFTER_ID_VISIBILITY && reply && reply->type == REDIS_REPLY_INTEGER && reply->integer > 0) {
			redislock_queue_held_end(q, c->name, &sr);
		}
		redislock_queue_stream_receipt_free(&sr);
	}
	if (!reply) {
		return QUEUE_ID_FAILED;
	}
	if (!has_sr && reply->type == REDIS_REPLY_INTEGER && reply->integer == -1) {
		freeReplyObject(reply);
		return QUEUE_ID_ELSEWHERE;
	}
	done = reply->type == REDIS_REPLY_INTEGER && reply->integer > 0;
	freeReplyObject(reply);
	return done ? QUEUE_ID_YES : QUEUE_ID_NO;
}

const queue_layout queue_layout_stream = {
	.take = stream_take,
	.pop = NULL,
	.pop_page = stream_pop_page,
	.wait = stream_wait,
	.id_call = stream_id_call,
	.name = "stream",
};
