/* RedisQueue's sorted-set layout ("zset"): a queue's due and delayed tasks in the
 * sorted set Z (member: task id, score: due time in seconds), its reservations in
 * the in-flight set F (score: the deadline), the wake-up list W that blocked
 * workers BLPOP on, the reservations' records H (receipt, attempts), the dead
 * letters D and the payloads P. Its receipts are "<32 hex>:<k>": one hex per take
 * script, k the task's index in the page.
 *
 * The take script is what reads a queue of either layout first: it takes from
 * the queues whose stream S is missing, and says which are on the stream layout,
 * whose read this file then runs through queue_layout_stream (a pop() too: the
 * stream layout's page and wait). It calls down, into the stream layout's table
 * and redislock_queue_common.c, never into the class's file. */
#include "redislock_queue_layout.h"
#include "redislock_keys.h"
#include "redislock_runner.h"
#include "redislock_wait.h"
#include <math.h>

/* One pop() or reserve() on the zset layout, from the first take script to its
 * last page. */
typedef struct {
	redislock_queue_obj *q;
	const queue_take *t;
	bool reserve;
	double wait;             /* what is left of the call's wait when it came here */
	zend_long page;          /* the first page: at most REDISLOCK_QUEUE_PAGE */
	queue_keys *keys;
	zend_string **wakeups;   /* each queue's W, for BLPOP */
	bool *paused;            /* pop(): the queues stream_pop last found paused, left out of a wait on the streams */
	zend_string **key_lists[9]; /* the take script's keys, one array per key of a queue (its builder's lists) */
	zend_string *base;       /* reserve(): the receipts' base, "<base>:<k>" */
	double wait_until;
	/* Whether the last BLPOP returned: the next take then passes the turn on
	 * (see take.lua's pop path), as only a worker woken from the list has to. */
	bool woken;
	bool failed;             /* the failure recorded: thrown at the end */
	int moved;               /* rounds the take script sent to the stream layout and it sent back */
	/* When this call first sent its take script, and whether a reply of one was
	 * lost (or the tasks it reserved never reached the caller): they go back,
	 * uncounted, at the next reserve() (lost_take_add()). */
	double first_sent;
	bool take_lost;
	/* A signal handler that forks during the wait: the child ends the call with
	 * nothing (it never goes on with its parent's receipt base). */
	redislock_generation generation;
} zset_read;

/* The most lost reserve() calls an object remembers (the oldest is forgotten:
 * its tasks lapse and count an attempt, as a dead worker's). */
#define LOST_TAKES_MAX 16

/* A reserve() on the zset layout sent at sent with receipt base base lost its
 * reply (or failed before its tasks reached the caller). */
static void lost_take_add(redislock_queue_obj *q, zend_string *base, double sent, double visibility, zend_string **names,
	uint32_t n)
{
	lost_take *t;

	if (zend_hash_num_elements(&q->lost_takes) >= LOST_TAKES_MAX) {
		HashPosition pos;
		zend_string *oldest;
		zend_ulong h;
		zend_hash_internal_pointer_reset_ex(&q->lost_takes, &pos);
		if (zend_hash_get_current_key_ex(&q->lost_takes, &oldest, &h, &pos) == HASH_KEY_IS_STRING) {
			zend_hash_del(&q->lost_takes, oldest);
		}
	}
	t = emalloc(sizeof(*t));
	t->sent = sent;
	t->visibility = visibility;
	t->n = n;
	t->at = 0;
	t->cursor = NULL;
	t->names = safe_emalloc(n, sizeof(*t->names), 0);
	for (uint32_t i = 0; i < n; i++) {
		t->names[i] = zend_string_copy(names[i]);
	}
	zend_hash_update_ptr(&q->lost_takes, base, t);
}

/* The most pages of deadline windows one reserve() walks for lost calls: a call
 * that lost nothing (or whose tasks ended already) is looked for through its
 * whole window, so a crowded one is walked over several calls. */
#define LOST_PAGES_PER_CALL 8

/* Before a reserve(): the tasks of every lost reserve() on the zset layout go
 * back, uncounted (the reserve_lost script over each of its queues, a page of
 * the deadline window at a time, at most LOST_PAGES_PER_CALL pages in all; the
 * walk goes on at the next call). False with the failure recorded when the link
 * failed: what is not done yet stays for the next call. A call the server
 * refused (an error reply) gives that lost call up (its tasks lapse, an attempt
 * each, as before), so that a refusal never fails every reserve() after it. */
static bool lost_takes_recover(redislock_queue_obj *q, double timeout)
{
	int budget = LOST_PAGES_PER_CALL;

	while (budget > 0 && zend_hash_num_elements(&q->lost_takes) > 0) {
		HashPosition pos;
		zend_string *base;
		zend_ulong h;
		lost_take *t;
		zend_long since;
		bool give_up = false;

		zend_hash_internal_pointer_reset_ex(&q->lost_takes, &pos);
		if (zend_hash_get_current_key_ex(&q->lost_takes, &base, &h, &pos) != HASH_KEY_IS_STRING
			|| !(t = zend_hash_get_current_data_ptr_ex(&q->lost_takes, &pos))) {
			break;
		}
		since = (zend_long) ceil((redislock_now() - t->sent) * 1000) + 1000;
		while (budget > 0 && t->at < t->n && !give_up) {
			queue_keys k;
			redislock_argv a;
			redisReply *r;
			redislock_queue_keys_init(&k, &q->base, t->names[t->at]);
			redislock_script_reserve_lost_args(&a, k.queue, k.inflight, k.wakeup, k.meta, k.dead, k.paused, base, since,
				t->visibility, t->cursor ? t->cursor : ZSTR_EMPTY_ALLOC());
			r = redislock_queue_run(q, &redislock_script_reserve_lost, &a, timeout);
			redislock_argv_free(&a);
			redislock_queue_keys_free(&k);
			budget--;
			if (!r) {
				if (redislock_conn_status(q->conn)->kind != REDISLOCK_ERR_SERVER) {
					return false;
				}
				give_up = true;
				break;
			}
			if (t->cursor) {
				zend_string_release(t->cursor);
				t->cursor = NULL;
			}
			if (r->type == REDIS_REPLY_ARRAY && r->elements == 2 && r->element[0]->type == REDIS_REPLY_STRING
				&& r->element[0]->len > 0) {
				t->cursor = zend_string_init(r->element[0]->str, r->element[0]->len, 0);
			} else {
				t->at++;     /* this queue's window is done */
			}
			freeReplyObject(r);
		}
		if (give_up || t->at >= t->n) {
			zend_hash_del(&q->lost_takes, base);
		}
	}
	return true;
}

/* pop() and reserve() of more than a page: the pages after the first, a script
 * each that takes at most REDISLOCK_QUEUE_PAGE due tasks (each page atomic, other
 * workers' calls in between), until count are taken or a page comes back short.
 * Appends to list. A page that fails ends the call with the tasks taken so far,
 * without throwing: they are taken already (popped, or reserved until their
 * visibility), and only the caller can run them. */
static void take_more(zset_read *r, zend_long left, zval *list)
{
	redislock_queue_obj *q = r->q;
	zend_string ***key_lists = r->key_lists, **names = r->t->names;
	uint32_t n = r->t->n;
	bool reserve = r->reserve;
	double visibility = r->t->visibility, timeout = r->t->timeout;

	while (left > 0) {
		zend_long want = MIN(left, REDISLOCK_QUEUE_PAGE);
		zend_string *base = NULL;
		double sent;
		redislock_argv a;
		redisReply *reply;
		zval page, *entry;
		bool ok;

		/* Receipts are "<base>:<index in the page>": a fresh base per page. */
		if (reserve && !(base = redislock_random_hex())) {
			return;
		}
		redislock_script_take_args(&a, n, key_lists[0], key_lists[1], key_lists[2], key_lists[3], key_lists[4],
			key_lists[5], key_lists[6], key_lists[7], key_lists[8], want, reserve, visibility, false, base, r->t->max_attempts, q->retry_backoff, false,
			reserve && redislock_queue_snapshot_due(q));
		sent = redislock_now();
		reply = redislock_queue_run(q, &redislock_script_take, &a, timeout);
		redislock_argv_free(&a);
		if (base && !reply) {
			lost_take_add(q, base, sent, visibility, names, n);
		}
		if (base) {
			zend_string_release(base);
		}
		if (reply && !reserve && reply->type == REDIS_REPLY_INTEGER) {
			/* Nothing in the zset layout: the next page from the queues on the stream layout. */
			freeReplyObject(reply);
			reply = queue_layout_stream.pop_page(q, r->keys, n, want, timeout, n > 1);
			if (reply && reply->type == REDIS_REPLY_ARRAY && reply->elements == 2
				&& reply->element[0]->type == REDIS_REPLY_INTEGER && reply->element[0]->integer == 0) {
				freeReplyObject(reply);
				return;
			}
		}
		if (!reply) {
			return;
		}
		if (reply->type == REDIS_REPLY_ARRAY && reply->elements >= 1 && reply->element[0]->type == REDIS_REPLY_INTEGER
			&& reply->element[0]->integer == 0) {
			/* Nothing more on the zset layout (the rest is on streams). */
			freeReplyObject(reply);
			return;
		}
		ok = reply->type == REDIS_REPLY_ARRAY
			&& redislock_queue_tasks_to_return(q->conn, reply, 1, reserve, r->t->listed ? names : NULL, n, 2, &page);
		if (ok && reserve) {
			redislock_queue_beats_start(q, reply, names, visibility, redislock_conn_last_flush(q->conn));
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


/* ---- pop() and reserve() ----------------------------------------------------- */

/* The call's keys, its receipt base and the lost calls' recovery (reserve():
 * the upkeep before its read). False after throwing, with nothing to free. */
static bool zset_read_open(zset_read *r, redislock_queue_obj *q, const queue_take *t, bool reserve)
{
	uint32_t n = t->n;

	memset(r, 0, sizeof(*r));
	r->q = q;
	r->t = t;
	r->reserve = reserve;
	r->wait = t->wait;
	r->page = MIN(t->count, REDISLOCK_QUEUE_PAGE);
	r->generation = redislock_fork_generation;
	if (reserve && !(r->base = redislock_random_hex())) {
		return false;
	}
	r->keys = safe_emalloc(n, sizeof(*r->keys), 0);
	r->wakeups = safe_emalloc(n, sizeof(*r->wakeups), 0);
	r->paused = ecalloc(n, sizeof(*r->paused));
	r->key_lists[0] = safe_emalloc(9 * (size_t) n, sizeof(**r->key_lists), 0);
	for (uint32_t j = 1; j < 9; j++) {
		r->key_lists[j] = r->key_lists[0] + j * n;
	}
	for (uint32_t i = 0; i < n; i++) {
		redislock_queue_keys_init(&r->keys[i], &q->base, t->names[i]);
		r->wakeups[i] = r->keys[i].wakeup;
		r->key_lists[0][i] = r->keys[i].queue;
		r->key_lists[1][i] = r->keys[i].inflight;
		r->key_lists[2][i] = r->keys[i].wakeup;
		r->key_lists[3][i] = r->keys[i].meta;
		r->key_lists[4][i] = r->keys[i].dead;
		r->key_lists[5][i] = r->keys[i].payloads;
		r->key_lists[6][i] = r->keys[i].stream;
		r->key_lists[7][i] = r->keys[i].paused;
		r->key_lists[8][i] = r->keys[i].counts;
	}
	r->wait_until = redislock_now() + r->wait;
	if (reserve && zend_hash_num_elements(&q->lost_takes) > 0 && !lost_takes_recover(q, t->timeout)) {
		r->failed = true;
	}
	return true;
}

/* The call's end: a lost take remembered, the failure thrown. */
static void zset_read_close(zset_read *r)
{
	for (uint32_t i = 0; i < r->t->n; i++) {
		redislock_queue_keys_free(&r->keys[i]);
	}
	efree(r->keys);
	efree(r->wakeups);
	efree(r->paused);
	efree(r->key_lists[0]);
	if (r->take_lost) {
		lost_take_add(r->q, r->base, r->first_sent, r->t->visibility, r->t->names, r->t->n);
	}
	if (r->base) {
		zend_string_release(r->base);
	}
	if (r->failed) {
		redislock_queue_fail(r->q);
	}
}

/* What pop() of one queue tries first: what its object found there last time. */
typedef enum {
	POP_LEAN = 0,    /* the pop script: bare ids, nothing in flight (the default) */
	POP_TAKE,        /* the take script, then stream_pop when it had nothing */
	POP_STREAM,      /* stream_pop: the queue is on the stream layout */
} queue_pop_guess;

/* How long a guess of POP_TAKE stands before the pop script is tried again: a
 * queue whose reservations, records or payloads are gone is lean again. */
#define POP_TAKE_FOR 1.0
/* How often a pop() of one queue on the stream layout settles lapsed reservations. */
#define POP_UPKEEP_EVERY 1.0

static queue_pop_guess pop_guess(redislock_queue_obj *q, zend_string *name)
{
	if (!q->pop_name || !zend_string_equals(q->pop_name, name)) {
		return POP_LEAN;
	}
	if (q->pop_guess == POP_TAKE && redislock_now() - q->pop_since >= POP_TAKE_FOR) {
		return POP_LEAN;
	}
	return (queue_pop_guess) q->pop_guess;
}

static void pop_found(redislock_queue_obj *q, zend_string *name, queue_pop_guess found)
{
	if (!q->pop_name || !zend_string_equals(q->pop_name, name)) {
		if (q->pop_name) {
			zend_string_release(q->pop_name);
		}
		q->pop_name = zend_string_copy(name);
		q->pop_upkeep = 0;
	} else if ((queue_pop_guess) q->pop_guess == found && found != POP_LEAN) {
		return;      /* the guess stands, and keeps its time */
	}
	q->pop_guess = found;
	q->pop_since = redislock_now();
}

/* Whether stream_pop's "nothing" reply says every queue of the stream layout is
 * paused: the wait is then on the wake-up lists (resume() pushes to them), not
 * on the streams, which every producer's task would wake. The paused ones (the
 * indexes after that flag) are kept in r->paused, for a wait on the others'
 * streams to leave out. */
static bool stream_pop_held(zset_read *r, const redisReply *reply)
{
	memset(r->paused, 0, r->t->n * sizeof(*r->paused));
	for (size_t j = 3; j < reply->elements; j++) {
		if (reply->element[j]->type == REDIS_REPLY_INTEGER && reply->element[j]->integer >= 1
			&& reply->element[j]->integer <= (long long) r->t->n) {
			r->paused[reply->element[j]->integer - 1] = true;
		}
	}
	return reply->elements >= 3 && reply->element[2]->type == REDIS_REPLY_INTEGER && reply->element[2]->integer == 1;
}

/* stream_pop of one queue, its reply turned into what a take answers: the
 * tasks, the hint (an integer reply, *on_streams set), or -1 (an integer reply
 * too) when the queue is not on the stream layout. */
static redisReply *pop_stream_page(zset_read *r, bool *on_streams)
{
	redislock_queue_obj *q = r->q;
	bool upkeep = redislock_now() - q->pop_upkeep >= POP_UPKEEP_EVERY;
	redisReply *reply = queue_layout_stream.pop_page(q, r->keys, 1, r->page, r->t->timeout, upkeep), *hint;

	if (reply && upkeep) {
		q->pop_upkeep = redislock_now();
	}
	if (reply && reply->type == REDIS_REPLY_ARRAY && reply->elements >= 2 && reply->element[0]->type == REDIS_REPLY_INTEGER
		&& reply->element[0]->integer == 0 && reply->element[1]->type == REDIS_REPLY_INTEGER) {
		*on_streams = !stream_pop_held(r, reply);
		hint = reply->element[1];
		reply->element[1] = NULL;
		freeReplyObject(reply);
		return hint;
	}
	return reply;
}

/* The take script's page, in the same write as the deferred ack. A pop() that
 * found nothing on the zset layout reads the queues on the stream layout next:
 * their tasks are the reply, or with none the earlier of both hints is, and
 * *on_streams says the wait is on their streams. NULL with the failure recorded. */
static redisReply *zset_read_take(zset_read *r, bool *on_streams)
{
	const queue_take *t = r->t;
	redislock_argv a;
	redisReply *reply, *more;

	redislock_script_take_args(&a, t->n, r->key_lists[0], r->key_lists[1], r->key_lists[2], r->key_lists[3],
		r->key_lists[4], r->key_lists[5], r->key_lists[6], r->key_lists[7], r->key_lists[8], r->page, r->reserve, t->visibility, r->wait > 0, r->base,
		t->max_attempts, r->q->retry_backoff, r->woken, r->reserve && redislock_queue_snapshot_due(r->q));
	reply = redislock_queue_run_after_ack(r->q, &redislock_script_take, &a, t->timeout, r->reserve ? t->names : NULL,
		r->reserve ? r->keys : NULL, t->n);
	redislock_argv_free(&a);
	if (!reply || r->reserve || reply->type != REDIS_REPLY_INTEGER) {
		return reply;
	}
	if (!(more = queue_layout_stream.pop_page(r->q, r->keys, t->n, r->page, t->timeout, true))) {
		freeReplyObject(reply);
		return NULL;
	}
	if (more->type == REDIS_REPLY_ARRAY && more->elements >= 2 && more->element[0]->type == REDIS_REPLY_INTEGER
		&& more->element[0]->integer == 0 && more->element[1]->type == REDIS_REPLY_INTEGER) {
		/* Nothing, and some of the queues are on the stream layout: wait on their
		 * streams, unless all of those are paused. */
		zend_long h = (zend_long) more->element[1]->integer;
		*on_streams = !stream_pop_held(r, more);
		if (h >= 0 && (reply->integer < 0 || h < reply->integer)) {
			reply->integer = h;
		}
	} else if (more->type == REDIS_REPLY_ARRAY) {
		freeReplyObject(reply);
		return more;
	}
	freeReplyObject(more);
	return reply;
}

/* pop() of one queue: one script, the one for the layout and state its object
 * found the queue in last time (pop_guess()). A script that finds the queue in
 * another state answers so without changing anything (the pop script: -2, take's
 * state; -3, the stream; stream_pop: -1, not on the stream), and the right one
 * runs next: a stale guess costs one more round trip, never a wrong answer. */
static redisReply *zset_read_pop_one(zset_read *r, bool *on_streams)
{
	redislock_queue_obj *q = r->q;
	zend_string *name = r->t->names[0];
	queue_pop_guess guess = pop_guess(q, name);

	for (int tries = 0; tries < 3; tries++) {
		redisReply *reply;
		if (guess == POP_TAKE || tries == 2) {
			reply = zset_read_take(r, on_streams);
			if (reply) {
				pop_found(q, name, *on_streams ? POP_STREAM : POP_TAKE);
			}
			return reply;
		}
		if (guess == POP_STREAM) {
			reply = pop_stream_page(r, on_streams);
			if (reply && reply->type == REDIS_REPLY_INTEGER && !*on_streams) {
				freeReplyObject(reply);      /* not on the stream layout */
				guess = POP_LEAN;
				continue;
			}
		} else {
			redislock_argv a;
			const queue_keys *k = &r->keys[0];
			redislock_script_pop_args(&a, k->queue, k->inflight, k->wakeup, k->meta, k->payloads, k->stream, k->paused, r->page,
				r->wait > 0, r->woken);
			reply = redislock_queue_run_after_ack(q, &redislock_script_pop, &a, r->t->timeout, NULL, NULL, 0);
			redislock_argv_free(&a);
			if (reply && reply->type == REDIS_REPLY_INTEGER && (reply->integer == -2 || reply->integer == -3)) {
				guess = reply->integer == -2 ? POP_TAKE : POP_STREAM;
				freeReplyObject(reply);
				continue;
			}
		}
		if (reply) {
			pop_found(q, name, guess);
		}
		return reply;
	}
	return NULL;
}

/* A page of reserve() or pop(): the pop script or stream_pop for one queue, else
 * the take script. NULL with the failure recorded. */
static redisReply *zset_read_page(zset_read *r, bool *on_streams)
{
	if (r->first_sent == 0) {
		r->first_sent = redislock_now();
	}
	if (!r->reserve && r->t->n == 1) {
		return zset_read_pop_one(r, on_streams);
	}
	return zset_read_take(r, on_streams);
}

/* Nothing came: block until a task is announced, or until the next delayed task
 * or expired reservation falls due (hint_ms), whichever comes first, at most
 * cap seconds. On streams (pop() of queues on the stream layout), the stream
 * layout's wait. False when the call ends here (return_value set, or failed). */
static bool zset_read_block(zset_read *r, zend_long hint_ms, double remaining, double cap, bool on_streams,
	zval *return_value)
{
	bool until_due = hint_ms >= 0 && hint_ms / 1000.0 < remaining;
	double block = MIN(until_due ? hint_ms / 1000.0 + 0.001 : remaining, cap);

	if (r->wait <= 0 || remaining <= 0) {
		redislock_queue_empty_result(r->t->count, return_value);
		return false;
	}
	if (on_streams) {
		/* The stream layout's wait is not woken when a stream is deleted
		 * (clear(), FLUSHALL, the end of migrate(back: true)), so it looks again
		 * at least once a second, on whatever layout the queues are in by then. */
		/* The streams of the queues not paused: a paused one's producers wake nobody. */
		queue_keys *keys = safe_emalloc(r->t->n, sizeof(*keys), 0);
		uint32_t m = 0;
		zend_result waited;
		for (uint32_t i = 0; i < r->t->n; i++) {
			if (!r->paused[i]) {
				keys[m++] = r->keys[i];
			}
		}
		waited = queue_layout_stream.wait(r->q, m > 0 ? keys : r->keys, m > 0 ? m : r->t->n, MIN(block, 1.0));
		efree(keys);
		if (waited == FAILURE) {
			r->failed = true;
			return false;
		}
	} else if (redislock_blpop(r->q->conn, r->wakeups, r->t->n, block, until_due) == FAILURE) {
		r->failed = true;
		return false;
	}
	if (r->generation != redislock_fork_generation) {
		redislock_queue_empty_result(r->t->count, return_value);
		return false;
	}
	r->woken = true;
	return true;
}

/* reserve(): nothing due on the zset layout, and some of the queues are on the
 * stream layout (reply: [0, hint, their indexes...], freed here): their streams
 * are read. All of them: with the wait. Some: without, and the wait looks again
 * at least once a second. False when the call ends here. */
static bool zset_read_streams(INTERNAL_FUNCTION_PARAMETERS, zset_read *r, redisReply *reply)
{
	queue_take sub = *r->t;
	zend_string **names = safe_emalloc(reply->elements - 2, sizeof(*names), 0);
	zend_long hint_ms = (zend_long) reply->element[1]->integer;
	double remaining;
	bool some;
	int st;

	sub.names = names;
	sub.n = 0;
	for (size_t j = 2; j < reply->elements; j++) {
		if (reply->element[j]->type == REDIS_REPLY_INTEGER && reply->element[j]->integer >= 1
			&& reply->element[j]->integer <= (long long) r->t->n) {
			names[sub.n++] = r->t->names[reply->element[j]->integer - 1];
		}
	}
	freeReplyObject(reply);
	remaining = r->wait_until - redislock_now();
	some = sub.n < r->t->n;
	sub.wait = some || remaining < 0 ? 0 : remaining;
	st = sub.n == 0 ? 2 : queue_layout_stream.take(INTERNAL_FUNCTION_PARAM_PASSTHRU, r->q, &sub);
	efree(names);
	if (st < 0 || st == 1 || (st == 0 && !some)) {
		return false;     /* thrown already, or the stream layout's answer */
	}
	if (st == 2) {
		if (++r->moved > 3) {
			/* The layout changes under this call (a migration): nothing this time. */
			redislock_queue_empty_result(r->t->count, return_value);
			return false;
		}
		return true;
	}
	zval_ptr_dtor(return_value);
	ZVAL_UNDEF(return_value);
	return zset_read_block(r, hint_ms, remaining, 1.0, false, return_value);
}

/* A page of tasks (reply, freed here) as the call's answer, the heartbeat of
 * its reservations started, and the pages after it when it was full. */
static void zset_read_tasks(zset_read *r, redisReply *reply, zval *return_value)
{
	const queue_take *t = r->t;
	zend_long got = reply->elements > 0 ? (zend_long) ((reply->elements - 1) / (r->reserve ? 5 : 3)) : 0;

	if (!redislock_queue_tasks_to_return(r->q->conn, reply, 1, r->reserve, t->listed ? t->names : NULL, t->n, t->count,
			return_value)) {
		r->failed = true;
		r->take_lost = r->reserve;
	} else if (r->reserve) {
		redislock_queue_beats_start(r->q, reply, t->names, t->visibility, redislock_conn_last_flush(r->q->conn));
	}
	freeReplyObject(reply);
	if (!r->failed && t->count > 1 && got == r->page) {
		take_more(r, t->count - got, return_value);
	}
}

/* pop() and reserve(): take due tasks from the first of the queues that has any,
 * and with wait > 0 block on all their wake-up lists until a task is enqueued or
 * the next delayed one falls due. The block is capped by that due time, so a
 * delayed task is picked up on time without any polling. */
static void zset_read_run(INTERNAL_FUNCTION_PARAMETERS, zset_read *r)
{
	while (!r->failed) {
		bool on_streams = false;
		redisReply *reply = zset_read_page(r, &on_streams);
		zend_long hint_ms;

		if (!reply) {
			r->failed = true;
			r->take_lost = r->reserve;
			return;
		}
		if (r->reserve && reply->type == REDIS_REPLY_ARRAY && reply->elements >= 3
			&& reply->element[0]->type == REDIS_REPLY_INTEGER && reply->element[0]->integer == 0
			&& reply->element[1]->type == REDIS_REPLY_INTEGER) {
			if (!zset_read_streams(INTERNAL_FUNCTION_PARAM_PASSTHRU, r, reply)) {
				return;
			}
			continue;
		}
		if (reply->type == REDIS_REPLY_ARRAY) {
			zset_read_tasks(r, reply, return_value);
			return;
		}
		if (reply->type != REDIS_REPLY_INTEGER) {
			redislock_conn_set_unexpected(r->q->conn, reply);
			freeReplyObject(reply);
			r->failed = true;
			r->take_lost = r->reserve;
			return;
		}
		hint_ms = reply->integer;
		freeReplyObject(reply);
		if (!zset_read_block(r, hint_ms, r->wait_until - redislock_now(), INFINITY, on_streams, return_value)) {
			return;
		}
	}
}

static int zset_take(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, const queue_take *t)
{
	zset_read r;

	if (!zset_read_open(&r, q, t, true)) {
		return -1;
	}
	zset_read_run(INTERNAL_FUNCTION_PARAM_PASSTHRU, &r);
	zset_read_close(&r);
	if (EG(exception)) {
		return -1;
	}
	return Z_TYPE_P(return_value) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(return_value)) > 0 ? 1 : 0;
}

static void zset_pop(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, const queue_take *t)
{
	zset_read r;

	if (zset_read_open(&r, q, t, false)) {
		zset_read_run(INTERNAL_FUNCTION_PARAM_PASSTHRU, &r);
		zset_read_close(&r);
	}
}

/* ---- calls on one id ----------------------------------------------------------- */

/* ack, release, touch, fail and remove on the zset layout (remove's script sees
 * both layouts: an id is removed wherever it is). */
static queue_id_outcome zset_id_call(redislock_queue_obj *q, const queue_id_call *c)
{
	const queue_keys *k = c->keys;
	const redislock_script *script;
	redislock_argv a;
	redisReply *reply;
	bool done;

	switch (c->after) {
	case AFTER_ID_FAIL:
		script = &redislock_script_fail;
		redislock_script_fail_args(&a, QUEUE_KEYS(*k), k->counts, c->id, c->receipt, c->payload != NULL, c->payload);
		break;
	case AFTER_ID_RECEIPT:
		script = &redislock_script_ack;
		redislock_script_ack_args(&a, QUEUE_KEYS(*k), k->paused, c->packed ? k->counts : NULL, c->id, c->receipt, c->packed);
		break;
	case AFTER_ID_DELAY:
		script = &redislock_script_release;
		redislock_script_release_args(&a, QUEUE_KEYS(*k), k->paused, k->counts, c->id, c->seconds, c->receipt);
		break;
	case AFTER_ID_VISIBILITY:
		script = &redislock_script_touch;
		redislock_script_touch_args(&a, QUEUE_KEYS(*k), c->id, c->seconds, c->receipt);
		break;
	default:
		script = &redislock_script_remove;
		redislock_script_remove_args(&a, QUEUE_ALL_KEYS(*k), c->id);
		break;
	}
	reply = redislock_queue_run(q, script, &a, redislock_object_read_timeout(&q->base));
	redislock_argv_free(&a);
	if (!reply) {
		return QUEUE_ID_FAILED;
	}
	done = reply->type == REDIS_REPLY_INTEGER && reply->integer > 0;
	freeReplyObject(reply);
	return done ? QUEUE_ID_YES : QUEUE_ID_NO;
}

const queue_layout queue_layout_zset = {
	.take = zset_take,
	.pop = zset_pop,
	.pop_page = NULL,
	.wait = NULL,
	.id_call = zset_id_call,
	.name = "zset",
};
