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
 *
 * This file is the class: its object handlers and methods. It calls down into
 * redislock_queue_stream.c (the stream layout), redislock_queue_common.c (a
 * script's run, failures, the heartbeat) and redislock_queue_tasks.c (checks and
 * replies), which never call back into it.
 */
#include "redislock_queue.h"
#include "redislock_queue_stream.h"
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_keys.h"
#include "redislock_names.h"
#include "redislock_runner.h"
#include "redislock_slots.h"
#include "redislock_wait.h"
#include "redislock_watchdog.h"
#include "zend_exceptions.h"
#include "ext/spl/spl_exceptions.h"

#define REDISLOCK_QUEUE_DEFAULT_PREFIX "Queue:"
/* The most queues one pop() or reserve() takes from. */
#define REDISLOCK_MAX_QUEUES 64

static zend_object_handlers queue_handlers;

static inline redislock_queue_obj *queue_from_obj(zend_object *obj)
{
	return (redislock_queue_obj *) ((char *) obj - XtOffsetOf(redislock_queue_obj, std));
}

/* The object of a method, NULL after throwing when it was not constructed. Every
 * method but reserve() and pop() (which send it in their own write) first sends
 * the ack deferred by ack(..., defer: true). */
static redislock_queue_obj *this_queue_keep(zval *this_ptr)
{
	redislock_queue_obj *q = queue_from_obj(Z_OBJ_P(this_ptr));
	return redislock_object_ready(&q->base, this_ptr) ? q : NULL;
}

static redislock_queue_obj *this_queue(zval *this_ptr)
{
	redislock_queue_obj *q = this_queue_keep(this_ptr);
	if (q) {
		redislock_queue_deferred_flush(q);
	}
	return q;
}

static void keys_init(queue_keys *k, const redislock_queue_obj *q, const zend_string *name)
{
	redislock_queue_keys_init(k, q->prefix, name);
}

/* QUEUE_FAILED() in a method whose object was not looked up yet. */
#define QUEUE_FAILED_THIS() QUEUE_FAILED(queue_from_obj(Z_OBJ_P(ZEND_THIS)))

/* The request's end, for an object still alive then (kept in a static, a
 * closure, a cycle): its deferred ack, then its consumer leaves the groups
 * while the link is still open (it closes right after). */
static void queue_on_shutdown(void *owner)
{
	redislock_queue_deferred_final(owner);
	redislock_queue_stream_bye(owner);
}

/* ---- object handlers ----------------------------------------------------- */

/* An entry of q->streams (zend_hash_update_mem()'s copy): freed when replaced and
 * with the table. */
static void stream_state_free(zval *zv)
{
	efree(Z_PTR_P(zv));
}

static void lost_take_free(zval *zv)
{
	lost_take *t = Z_PTR_P(zv);
	for (uint32_t i = 0; i < t->n; i++) {
		zend_string_release(t->names[i]);
	}
	efree(t->names);
	if (t->cursor) {
		zend_string_release(t->cursor);
	}
	efree(t);
}

static zend_object *queue_create(zend_class_entry *ce)
{
	zend_object *obj = redislock_object_create(ce, sizeof(redislock_queue_obj), &queue_handlers);
	redislock_queue_obj *q = queue_from_obj(obj);
	redislock_renewal_table_init(&q->beats);
	redislock_renewal_init(&q->renewal);
	zend_hash_init(&q->streams, 0, NULL, stream_state_free, 0);
	zend_hash_init(&q->held, 0, NULL, NULL, 0);
	zend_hash_init(&q->lost, 0, NULL, NULL, 0);
	zend_hash_init(&q->lost_takes, 0, NULL, lost_take_free, 0);
	return obj;
}

static void queue_free(zend_object *obj)
{
	redislock_queue_obj *q = queue_from_obj(obj);
	if (q->conn) {
		redislock_queue_deferred_final(q);
		redislock_queue_stream_bye(q);
	}
	redislock_queue_deferred_clear(q);
	redislock_queue_beats_stop_all(q);
	redislock_renewal_table_destroy(&q->beats);
	redislock_renewal_destroy(&q->renewal);
	zend_hash_destroy(&q->streams);
	zend_hash_destroy(&q->held);
	zend_hash_destroy(&q->lost);
	zend_hash_destroy(&q->lost_takes);
	if (q->consumer) {
		zend_string_release(q->consumer);
	}
	redislock_object_free(obj);
}

/* get_debug_info is the base's: the configuration, the prefix, whether connected. */
void redislock_queue_startup(zend_class_entry *ce)
{
	redislock_object_startup(ce, &queue_handlers, XtOffsetOf(redislock_queue_obj, std), queue_create, queue_free, NULL);
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
		redislock_script_enqueue_args(&a, 2 * p + b, QUEUE_ALL_KEYS(*k), true, delay, due,
			replace, p, page);
		reply = redislock_queue_run(q, &redislock_script_enqueue, &a, timeout);
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
	redislock_script_purge_dead_args(a, QUEUE_KEYS(*k), k->spare, died_by);
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

		args(&a, k, true, died_by);
		reply = redislock_queue_run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
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
	redislock_script_dead_args(a, QUEUE_KEYS(*k), k->spare, count, after, after_score);
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
		reply = redislock_queue_run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
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
			keys_init(&k, q, t->names[t->at]);
			redislock_script_reserve_lost_args(&a, k.queue, k.inflight, k.wakeup, k.meta, k.dead, base, since,
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
static void take_more(redislock_queue_obj *q, zend_string **key_lists[7], queue_keys *keys, uint32_t n, zend_string **names,
	bool listed, zend_long left, bool reserve, double visibility, double timeout, zend_long max_attempts, zval *list)
{
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
			key_lists[5], key_lists[6], want, reserve, visibility, false, base, max_attempts, q->retry_backoff, false);
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
			reply = redislock_queue_stream_pop(q, keys, n, want, timeout);
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
			&& redislock_queue_tasks_to_return(q->conn, reply, 1, reserve, listed ? names : NULL, n, 2, &page);
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

/* ---- methods ---------------------------------------------------------------- */

PHP_METHOD(RedisQueue, __construct)
{
	redislock_queue_obj *q = queue_from_obj(Z_OBJ_P(ZEND_THIS));
	redislock_config cfg;

	/* What a queue refuses (redlock, min_replicas, a watchdog lease) and the words
	 * queue_layout takes are in the option table's rows. */
	if (!redislock_object_parse(execute_data, &q->base, REDISLOCK_CLASS_QUEUE, &cfg)) {
		RETURN_THROWS();
	}
	q->no_migrate = cfg.queue_layout && zend_string_equals_literal(cfg.queue_layout, "zset");
	q->max_attempts = cfg.max_attempts;
	q->retry_backoff = cfg.retry_backoff;
	redislock_object_start(&q->base, &cfg, REDISLOCK_QUEUE_DEFAULT_PREFIX);
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
	reply = redislock_queue_run(q, &redislock_script_dequeue, &a, timeout);
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
			zend_string *key = redislock_object_key(&q->base, (*names)[i]);
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

/* pop() and reserve(): take due tasks from the first of the queues that has any,
 * and with wait > 0 block on all their wake-up lists until a task is enqueued or
 * the next delayed one falls due. The block is capped by that due time, so a
 * delayed task is picked up on time without any polling. */
static void take(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, zend_string **names, uint32_t n, bool listed,
	zend_long count, bool reserve, double visibility, double timeout, double wait, zend_long max_attempts)
{
	queue_keys *keys = safe_emalloc(n, sizeof(*keys), 0);
	zend_string **wakeups = safe_emalloc(n, sizeof(*wakeups), 0);
	zend_string **key_lists[7];
	zend_string *base = NULL;
	zend_long page = MIN(count, REDISLOCK_QUEUE_PAGE);
	double wait_until;
	/* Whether the last BLPOP returned: the next take then passes the turn on
	 * (see take.lua's pop path), as only a worker woken from the list has to. */
	bool failed = false, woken = false;
	int moved = 0;
	/* When this call first sent its take script, and whether a reply of one was
	 * lost (or the tasks it reserved never reached the caller): they go back,
	 * uncounted, at the next reserve() (lost_take_add()). */
	double first_sent = 0;
	bool take_lost = false;
	/* A signal handler that forks during the wait: the child ends the call with
	 * nothing (it never goes on with its parent's receipt base). */
	redislock_generation generation = redislock_fork_generation;

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
	key_lists[0] = safe_emalloc(7 * (size_t) n, sizeof(**key_lists), 0);
	for (uint32_t j = 1; j < 7; j++) {
		key_lists[j] = key_lists[0] + j * n;
	}
	for (uint32_t i = 0; i < n; i++) {
		key_lists[0][i] = keys[i].queue;
		key_lists[1][i] = keys[i].inflight;
		key_lists[2][i] = keys[i].wakeup;
		key_lists[3][i] = keys[i].meta;
		key_lists[4][i] = keys[i].dead;
		key_lists[5][i] = keys[i].payloads;
		key_lists[6][i] = keys[i].stream;
	}
	wait_until = redislock_now() + wait;
	if (reserve && zend_hash_num_elements(&q->lost_takes) > 0 && !lost_takes_recover(q, timeout)) {
		failed = true;
	}
	while (!failed) {
		redislock_argv a;
		redisReply *reply;
		double remaining;
		zend_long hint_ms;
		bool on_streams = false;

		if (first_sent == 0) {
			first_sent = redislock_now();
		}
		redislock_script_take_args(&a, n, key_lists[0], key_lists[1], key_lists[2], key_lists[3], key_lists[4],
			key_lists[5], key_lists[6], page, reserve, visibility, wait > 0, base, max_attempts, q->retry_backoff, woken);
		reply = redislock_queue_run_after_ack(q, &redislock_script_take, &a, timeout);
		redislock_argv_free(&a);
		if (reply && !reserve && reply->type == REDIS_REPLY_INTEGER) {
			/* Nothing in the zset layout: the queues on the stream layout may have tasks. */
			redisReply *more = redislock_queue_stream_pop(q, keys, n, page, timeout);
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
			take_lost = reserve;
			break;
		}
		if (reserve && reply->type == REDIS_REPLY_ARRAY && reply->elements >= 3 && reply->element[0]->type == REDIS_REPLY_INTEGER
			&& reply->element[0]->integer == 0 && reply->element[1]->type == REDIS_REPLY_INTEGER) {
			/* Nothing due on the zset layout, and some of the queues are on the
			 * stream layout: their streams are read. All of them: with the
			 * wait. Some: without, and the wait below looks again at least once
			 * a second. */
			zend_string **sub = safe_emalloc(reply->elements - 2, sizeof(*sub), 0);
			uint32_t m = 0;
			int st;
			for (size_t j = 2; j < reply->elements; j++) {
				if (reply->element[j]->type == REDIS_REPLY_INTEGER && reply->element[j]->integer >= 1
					&& reply->element[j]->integer <= (long long) n) {
					sub[m++] = names[reply->element[j]->integer - 1];
				}
			}
			remaining = wait_until - redislock_now();
			on_streams = m < n;
			hint_ms = (zend_long) reply->element[1]->integer;
			freeReplyObject(reply);
			st = m == 0 ? 2 : redislock_queue_stream_take(INTERNAL_FUNCTION_PARAM_PASSTHRU, q, sub, m, listed, count, visibility,
				on_streams || remaining < 0 ? 0 : remaining, max_attempts);
			efree(sub);
			if (st < 0) {
				break;     /* thrown already */
			}
			if (st == 1 || (st == 0 && !on_streams)) {
				break;
			}
			if (st == 0) {
				zval_ptr_dtor(return_value);
				ZVAL_UNDEF(return_value);
			} else if (++moved > 3) {
				/* The layout changes under this call (a migration): nothing this time. */
				redislock_queue_empty_result(count, return_value);
				break;
			} else {
				continue;
			}
			if (wait <= 0 || remaining <= 0) {
				redislock_queue_empty_result(count, return_value);
				break;
			}
			{
				bool until_due = hint_ms >= 0 && hint_ms / 1000.0 < remaining;
				double block = MIN(until_due ? hint_ms / 1000.0 + 0.001 : remaining, 1.0);
				if (redislock_blpop(q->conn, wakeups, n, block, until_due) == FAILURE) {
					failed = true;
					break;
				}
				if (generation != redislock_fork_generation) {
					redislock_queue_empty_result(count, return_value);
					break;
				}
				woken = true;
			}
			continue;
		}
		if (reply->type == REDIS_REPLY_ARRAY) {
			zend_long got = reply->elements > 0 ? (zend_long) ((reply->elements - 1) / (reserve ? 5 : 3)) : 0;
			if (!redislock_queue_tasks_to_return(q->conn, reply, 1, reserve, listed ? names : NULL, n, count, return_value)) {
				failed = true;
				take_lost = reserve;
			} else if (reserve) {
				redislock_queue_beats_start(q, reply, names, visibility, redislock_conn_last_flush(q->conn));
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
			take_lost = reserve;
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
				 * from their end wakes on the next entry without taking it. It is
				 * not woken when a stream is deleted (clear(), FLUSHALL, the end of
				 * migrate(back: true)), so it looks again at least once a second,
				 * on whatever layout the queues are in by then. */
				if (redislock_queue_stream_wait(q, keys, n, MIN(block, 1.0)) == FAILURE) {
					failed = true;
					break;
				}
			} else if (redislock_blpop(q->conn, wakeups, n, block, until_due) == FAILURE) {
				failed = true;
				break;
			}
			if (generation != redislock_fork_generation) {
				redislock_queue_empty_result(count, return_value);
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
	if (take_lost) {
		lost_take_add(q, base, first_sent, visibility, names, n);
	}
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
	{
		/* The layout each queue is on: queues this object last found on the
		 * stream are read there at once; any other call runs the take script,
		 * which reserves only from queues whose stream is missing and hands the
		 * others to the stream's read. A worker never moves a queue. */
		bool known = true;
		int st = 2;
		double until = redislock_now() + wait, left;
		for (uint32_t i = 0; i < n && known; i++) {
			known = zend_hash_exists(&q->streams, names[i]);
		}
		if (known) {
			st = redislock_queue_stream_take(INTERNAL_FUNCTION_PARAM_PASSTHRU, q, names, n, many != NULL, count, visibility,
				wait, max_attempts);
		}
		left = until - redislock_now();
		if (st == 2) {
			take(INTERNAL_FUNCTION_PARAM_PASSTHRU, q, names, n, many != NULL, count, true, visibility,
				redislock_conn_config(q->conn)->read_timeout, wait > 0 ? MAX(left, 0) : 0, max_attempts);
		}
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
	has_sr = receipt && redislock_queue_stream_receipt_parse(receipt, &sr);
	if (after != AFTER_ID_NOTHING && (has_sr || !receipt)) {
		/* The stream layout first; an id not on the stream (-1), asked without a
		 * receipt, is tried on the zset layout below. */
		if (defer && has_sr && after == AFTER_ID_RECEIPT && !redislock_queue_deferred_kept(q)) {
			/* Kept for the next reserve() or pop(); the heartbeat renews until then.
			 * (While an earlier one is still kept, its send having failed just now,
			 * this one is sent at once: its failure is the call's.) */
			redislock_queue_defer_ack(q, &k, name, id, receipt, &sr);
			redislock_queue_stream_receipt_free(&sr);
			redislock_queue_keys_free(&k);
			zend_string_release(id);
			RETURN_TRUE;
		}
		script = redislock_queue_stream_id_args(&a, after, &k, id, has_sr ? &sr : NULL, seconds, payload);
		reply = redislock_queue_run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
		redislock_argv_free(&a);
		if (has_sr) {
			if (after != AFTER_ID_VISIBILITY && reply && reply->type == REDIS_REPLY_INTEGER && reply->integer > 0) {
				redislock_queue_held_end(q, name, &sr);
			}
			redislock_queue_stream_receipt_free(&sr);
		}
		if (!reply || reply->type != REDIS_REPLY_INTEGER || reply->integer != -1 || has_sr) {
			goto answered;
		}
		freeReplyObject(reply);
	} else if (has_sr) {
		redislock_queue_stream_receipt_free(&sr);
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
	reply = redislock_queue_run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
	redislock_argv_free(&a);
answered:
	redislock_queue_keys_free(&k);
	done = reply && reply->type == REDIS_REPLY_INTEGER && reply->integer > 0;
	if (after != AFTER_ID_VISIBILITY) {
		redislock_queue_beat_stop(q, name, id, reply && !done ? receipt : NULL);
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
	redislock_script_clear_args(a, QUEUE_ALL_KEYS(*k), k->deadlines);
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
	reply = redislock_queue_run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
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

		redislock_script_retry_dead_args(&a, m, QUEUE_ALL_KEYS(k), true, NULL, list + sent);
		sent += m;
		reply = redislock_queue_run(q, &redislock_script_retry_dead, &a, redislock_conn_config(q->conn)->read_timeout);
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
	if (q->no_migrate && !back) {
		zend_throw_exception_ex(spl_ce_BadMethodCallException, 0, "RedisQueue::migrate() onto the stream layout is refused "
			"by the option queue_layout \"zset\" (migrate(back: true) is not)");
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	do {
		redislock_argv a;
		redisReply *reply;

		if (back) {
			redislock_script_migrate_back_args(&a, QUEUE_ALL_KEYS(k), k.deadlines);
		} else {
			/* No visibility (each reserve() gives its own), and the object's max
			 * attempts and backoff only when its options gave them. */
			bool given = redislock_conn_config(q->conn)->queue_options;
			redislock_script_migrate_args(&a, QUEUE_ALL_KEYS(k), 0, given ? q->max_attempts : -1,
				given ? (zend_long) llround(q->retry_backoff * 1000) : -1, (zend_long) skipped);
		}
		reply = redislock_queue_run(q, back ? &redislock_script_migrate_back : &redislock_script_migrate, &a,
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
