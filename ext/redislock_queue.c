/* RedisQueue: the classic delayed task queue, one atomic round trip per call of
 * up to REDISLOCK_QUEUE_PAGE tasks (a larger one pages through, a script per page).
 *
 * A queue is twelve keys in one Redis Cluster slot, in one of two layouts: the
 * sorted sets (redislock_queue_zset.c: due tasks, reservations, a wake-up list,
 * receipts, dead letters, payloads) or a stream with a consumer group
 * (redislock_queue_stream.c: the stream, its id index, settings, deadline index
 * and the payloads it carries apart). Every operation is a Lua script or a
 * command that reads the server's clock, so the due times of all app servers
 * come from one clock.
 *
 * This file is the class: its object handlers and methods. A method checks its
 * arguments and calls through a layout's table (redislock_queue_layout.h), the
 * one layout_for() picks; what both layouts share (enqueue, dequeue, the
 * listings, sizes and stats, the dead letters, migrate()) runs the scripts of
 * ext/lua/queue/ from here. It calls down into the layouts,
 * redislock_queue_common.c (a script's run, failures, the heartbeat, the
 * deferred ack) and redislock_queue_tasks.c (checks and replies), which never
 * call back into it.
 */
#include "redislock_queue.h"
#include "redislock_queue_counts.h"
#include "redislock_queue_layout.h"
#include "redislock_queue_pages.h"
#include "redislock_queue_submit.h"
#include "redislock_queue_views.h"
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_keys.h"
#include "redislock_names.h"
#include "redislock_runner.h"
#include "redislock_watchdog.h"
#include "zend_exceptions.h"
#include "ext/spl/spl_exceptions.h"

#define REDISLOCK_QUEUE_DEFAULT_PREFIX "Queue:"

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
	redislock_queue_keys_init(k, &q->base, name);
}

/* QUEUE_FAILED() in a method whose object was not looked up yet. */
#define QUEUE_FAILED_THIS() QUEUE_FAILED(queue_from_obj(Z_OBJ_P(ZEND_THIS)))

/* The request's end, for an object still alive then (kept in a static, a
 * closure, a cycle): its deferred ack, the counts of its acks, then its
 * consumer leaves the groups while the link is still open (it closes right
 * after). */
static void queue_on_shutdown(void *owner)
{
	redislock_queue_deferred_final(owner);
	redislock_queue_pending_final(owner);
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
	redislock_queue_started_init(q);
	redislock_queue_pending_init(q);
	zend_hash_init(&q->lost, 0, NULL, NULL, 0);
	zend_hash_init(&q->lost_takes, 0, NULL, lost_take_free, 0);
	return obj;
}

static void queue_free(zend_object *obj)
{
	redislock_queue_obj *q = queue_from_obj(obj);
	if (q->conn) {
		redislock_queue_deferred_final(q);
		redislock_queue_pending_final(q);
		redislock_queue_stream_bye(q);
	}
	redislock_queue_deferred_clear(q);
	redislock_queue_beats_stop_all(q);
	redislock_renewal_table_destroy(&q->beats);
	redislock_renewal_destroy(&q->renewal);
	zend_hash_destroy(&q->streams);
	if (q->pop_name) {
		zend_string_release(q->pop_name);
	}
	zend_hash_destroy(&q->held);
	zend_hash_destroy(&q->started);
	zend_hash_destroy(&q->pending);
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
	ok = redislock_queue_enqueue_pages(q, &k, list, n, (uint32_t) paired, delay, replace, timeout);
	efree(list);
	redislock_queue_keys_free(&k);
	if (!ok) {
		QUEUE_FAILED_THIS();
	}
	RETURN_TRUE;
}

PHP_METHOD(RedisQueue, submit)
{
	zend_string *name, *id_str = NULL, *id, *payload = NULL, *unique = NULL, *ukey = NULL;
	zend_long id_long = 0, priority = 0;
	double delay = 0, unique_for = 0, max_wait = 0;
	redislock_queue_obj *q;
	queue_keys k;
	bool ok;
	int mode;

	ZEND_PARSE_PARAMETERS_START(2, 9)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(payload)
		Z_PARAM_DOUBLE(delay)
		Z_PARAM_LONG(priority)
		Z_PARAM_STR(unique)
		Z_PARAM_DOUBLE(unique_for)
		Z_PARAM_DOUBLE(max_wait)
		Z_PARAM_STR_OR_NULL(ukey)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1)) {
		RETURN_THROWS();
	}
	if (payload && ZSTR_LEN(payload) > REDISLOCK_MAX_PAYLOAD) {
		zend_argument_value_error(3, "must not be over %d bytes (%zu given)", REDISLOCK_MAX_PAYLOAD, ZSTR_LEN(payload));
		RETURN_THROWS();
	}
	mode = redislock_queue_submit_check(delay, priority, unique, unique_for, max_wait, ukey);
	if (mode < 0 || !(id = redislock_queue_task_id(id_str, id_long, 2))) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		zend_string_release(id);
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	ok = redislock_queue_submit_run(q, &k, id, payload, delay, mode, unique_for, max_wait, ukey, return_value);
	redislock_queue_keys_free(&k);
	zend_string_release(id);
	if (!ok) {
		QUEUE_FAILED_THIS();
	}
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

/* The calls a layout is picked for. */
typedef enum {
	CALL_RESERVE,
	CALL_POP,
	CALL_ID,     /* ack, release, touch, fail, remove */
} queue_call;

/* 'auto' (the queue_layout option): the layout a call goes to first. A reserve()
 * of queues this object last found all on the stream reads their streams at
 * once; any other reserve(), and every pop(), runs the zset layout's take
 * script, which takes from the queues whose stream is missing and hands the
 * others to the stream layout's read (a worker never moves a queue: only
 * migrate() does). A call on one id goes to the stream layout, which hands on
 * what is not its own: a receipt of the zset layout, remove() (whose script sees
 * both), and an id not on the stream asked without a receipt. When the layout
 * asked says a queue or an id is not its own, the zset layout is asked next
 * (the caller's loop): so during a rolling deploy, where workers of the previous
 * release read and write the sorted sets of the same keys, every call finds its
 * task wherever it is. */
static const queue_layout *layout_for(const redislock_queue_obj *q, queue_call call, zend_string **names, uint32_t n)
{
	if (call == CALL_POP) {
		return &queue_layout_zset;
	}
	for (uint32_t i = 0; call == CALL_RESERVE && i < n; i++) {
		if (!zend_hash_exists(&q->streams, names[i])) {
			return &queue_layout_zset;
		}
	}
	return &queue_layout_stream;
}

PHP_METHOD(RedisQueue, pop)
{
	zend_string *one = NULL;
	HashTable *many = NULL;
	queue_take t = {.count = 1, .timeout = 10};
	redislock_queue_obj *q;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_ARRAY_HT_OR_STR(many, one)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(t.count)
		Z_PARAM_DOUBLE(t.timeout)
		Z_PARAM_DOUBLE(t.wait)
	ZEND_PARSE_PARAMETERS_END();

	if (!(q = this_queue_keep(ZEND_THIS)) || !(t.n = redislock_queue_names(&q->base, one, many, &t.names))) {
		RETURN_THROWS();
	}
	if (!redislock_queue_check_count(t.count, 2) || !redislock_check_seconds(t.timeout, 3, false)
		|| !redislock_check_seconds(t.wait, 4, true)) {
		efree(t.names);
		RETURN_THROWS();
	}
	t.listed = many != NULL;
	layout_for(q, CALL_POP, t.names, t.n)->pop(INTERNAL_FUNCTION_PARAM_PASSTHRU, q, &t);
	efree(t.names);
}

PHP_METHOD(RedisQueue, reserve)
{
	zend_string *one = NULL;
	HashTable *many = NULL;
	queue_take t = {.count = 1, .visibility = 30};
	bool max_attempts_null = true;
	double wait, until;
	redislock_queue_obj *q;
	const queue_layout *layout;

	ZEND_PARSE_PARAMETERS_START(1, 5)
		Z_PARAM_ARRAY_HT_OR_STR(many, one)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(t.count)
		Z_PARAM_DOUBLE(t.visibility)
		Z_PARAM_DOUBLE(t.wait)
		Z_PARAM_LONG_OR_NULL(t.max_attempts, max_attempts_null)
	ZEND_PARSE_PARAMETERS_END();

	if (!(q = this_queue_keep(ZEND_THIS)) || !(t.n = redislock_queue_names(&q->base, one, many, &t.names))) {
		RETURN_THROWS();
	}
	if (!redislock_queue_check_count(t.count, 2) || !redislock_check_seconds(t.visibility, 3, false)
		|| !redislock_check_seconds(t.wait, 4, true)) {
		efree(t.names);
		RETURN_THROWS();
	}
	if (max_attempts_null) {
		t.max_attempts = q->max_attempts;
	} else if (t.max_attempts < 0 || t.max_attempts > REDISLOCK_MAX_ATTEMPTS) {
		efree(t.names);
		zend_argument_value_error(5, "must be between 0 and %d", REDISLOCK_MAX_ATTEMPTS);
		RETURN_THROWS();
	}
	t.listed = many != NULL;
	t.timeout = redislock_object_read_timeout(&q->base);
	wait = t.wait;
	until = redislock_now() + wait;
	layout = layout_for(q, CALL_RESERVE, t.names, t.n);
	/* 2: a queue is not on the layout asked (nothing taken); the zset layout's
	 * take script reads every queue, with what is left of the wait. */
	while (layout->take(INTERNAL_FUNCTION_PARAM_PASSTHRU, q, &t) == 2 && layout != &queue_layout_zset) {
		layout = &queue_layout_zset;
		t.wait = wait > 0 ? MAX(until - redislock_now(), 0) : 0;
	}
	if (!EG(exception)) {
		redislock_queue_started_add(q, return_value, t.names[0]);
	}
	efree(t.names);
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
	ok = redislock_queue_list_pages(q, &k, false, count, NULL, &list);
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
 * receipt, which the script that ended the reservation has made stale. flags:
 * ID_DEFER (ack(defer: true)), ID_FAILED (ack(failed: true)). */
#define ID_DEFER 1u
#define ID_FAILED 2u
static void id_call(INTERNAL_FUNCTION_PARAMETERS, after_id after,
	zend_string *name, zend_string *id_str, zend_long id_long, double seconds, zend_string *receipt, zend_string *payload,
	unsigned flags)
{
	queue_id_call c = {.after = after, .name = name, .receipt = receipt, .seconds = seconds, .payload = payload,
		.defer = (flags & ID_DEFER) != 0, .sample = {.failed = (flags & ID_FAILED) != 0, .bucket = -1}};
	redislock_queue_obj *q;
	queue_keys k;
	const queue_layout *layout;
	queue_id_outcome outcome;

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
	if (!(c.id = redislock_queue_task_id(id_str, id_long, 2))) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		zend_string_release(c.id);
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	c.keys = &k;
	/* A run acked as failed has no duration counted: the histogram is of the runs done. */
	if (after == AFTER_ID_RECEIPT && !c.sample.failed) {
		redislock_queue_started_ran(q, name, c.id, receipt, &c.sample);
	}
	/* An ack of a failed run, and once a second any ack, counts its run in its
	 * own script (see redislock_queue_carry_due()); the others are kept and sent
	 * in a later write. Failures are counted exactly: a kill loses none. */
	if (after == AFTER_ID_RECEIPT && (c.sample.failed || redislock_queue_carry_due(q))) {
		c.packed = c.sample.failed ? zend_string_init("f", 1, 0) : c.sample.bucket < 0 ? zend_string_init("p", 1, 0)
			: zend_strpprintf(0, "%d:" ZEND_LONG_FMT, c.sample.bucket, c.sample.micros);
	}
	layout = layout_for(q, CALL_ID, &name, 1);
	while ((outcome = layout->id_call(q, &c)) == QUEUE_ID_ELSEWHERE && layout != &queue_layout_zset) {
		layout = &queue_layout_zset;
	}
	redislock_queue_keys_free(&k);
	/* An ack the server confirmed counts with the object's next write (a deferred
	 * one once its reply comes). */
	if (after == AFTER_ID_RECEIPT && outcome == QUEUE_ID_YES && !c.packed) {
		redislock_queue_pending_add(q, name, &c.sample);
	}
	if (c.packed) {
		zend_string_release(c.packed);
	}
	if (outcome != QUEUE_ID_KEPT && after != AFTER_ID_VISIBILITY) {
		redislock_queue_beat_stop(q, name, c.id, outcome == QUEUE_ID_NO ? receipt : NULL);
	}
	/* A run that ended, or is no longer this reservation's, takes its start with
	 * it (a deferred ack's goes now: its duration is in the ack kept). */
	if (after != AFTER_ID_VISIBILITY && outcome != QUEUE_ID_FAILED) {
		redislock_queue_started_end(q, name, c.id, outcome == QUEUE_ID_NO ? receipt : NULL);
	}
	zend_string_release(c.id);
	if (outcome == QUEUE_ID_FAILED) {
		QUEUE_FAILED_THIS();
	}
	RETURN_BOOL(outcome == QUEUE_ID_YES || outcome == QUEUE_ID_KEPT);
}

PHP_METHOD(RedisQueue, ack)
{
	zend_string *name, *id_str = NULL, *receipt = NULL;
	zend_long id_long = 0;

	bool defer = false, failed = false;

	ZEND_PARSE_PARAMETERS_START(2, 5)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(receipt)
		Z_PARAM_BOOL(defer)
		Z_PARAM_BOOL(failed)
	ZEND_PARSE_PARAMETERS_END();

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_RECEIPT, name, id_str, id_long, 0, receipt, NULL,
		(defer ? ID_DEFER : 0) | (failed ? ID_FAILED : 0));
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

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_DELAY, name, id_str, id_long, delay, receipt, NULL, 0);
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

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_VISIBILITY, name, id_str, id_long, visibility, receipt, NULL, 0);
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

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_FAIL, name, id_str, id_long, 0, receipt, payload, 0);
}

PHP_METHOD(RedisQueue, remove)
{
	zend_string *name, *id_str = NULL;
	zend_long id_long = 0;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
	ZEND_PARSE_PARAMETERS_END();

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_NOTHING, name, id_str, id_long, 0, NULL, NULL, 0);
}

/* The builder of a script that takes a queue's keys alone. */
typedef void (*whole_queue_args)(redislock_argv *a, const queue_keys *k);

static void size_args(redislock_argv *a, const queue_keys *k)
{
	redislock_script_size_args(a, QUEUE_ALL_KEYS(*k));
}

static void clear_args(redislock_argv *a, const queue_keys *k)
{
	zend_string *unique = redislock_sibling_key(k->queue, ":unique");
	redislock_script_clear_args(a, QUEUE_ALL_KEYS(*k), k->deadlines, unique, k->keyed);
	zend_string_release(unique); /* the argv holds its own reference */
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
	reply = redislock_queue_run(q, script, &a, redislock_object_read_timeout(&q->base));
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

PHP_METHOD(RedisQueue, history)
{
	zend_string *name;
	redislock_queue_obj *q;
	queue_keys k;
	bool ok;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	redislock_queue_pending_send(q, &name, 1);
	keys_init(&k, q, name);
	ok = redislock_queue_history_run(q, &k, return_value);
	redislock_queue_keys_free(&k);
	if (!ok) {
		QUEUE_FAILED(q);
	}
}

/* stats()'s names: one, or a list of at most REDISLOCK_MAX_STATS; false after throwing. */
static bool stats_names_check(const zend_string *one, HashTable *many)
{
	zval *entry;

	if (one) {
		return redislock_check_name(one, 1);
	}
	if (zend_hash_num_elements(many) == 0) {
		zend_argument_value_error(1, "must not be an empty array");
		return false;
	}
	if (zend_hash_num_elements(many) > REDISLOCK_MAX_STATS) {
		zend_argument_value_error(1, "must not name more than %d queues", REDISLOCK_MAX_STATS);
		return false;
	}
	ZEND_HASH_FOREACH_VAL(many, entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) != IS_STRING) {
			zend_argument_value_error(1, "must contain only strings, %s found", zend_zval_type_name(entry));
			return false;
		}
		if (!redislock_check_name(Z_STR_P(entry), 1)) {
			return false;
		}
	} ZEND_HASH_FOREACH_END();
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

	if (!stats_names_check(one, many) || !(q = this_queue(ZEND_THIS))) {
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
	/* This object's acks counted first: a process reads its own. */
	redislock_queue_pending_send(q, names, n);
	sets = safe_emalloc(n, sizeof(*sets), 0);
	replies = safe_emalloc(n, sizeof(*replies), 0);
	keys = safe_emalloc(n, sizeof(*keys), 0);
	for (uint32_t i = 0; i < n; i++) {
		keys_init(&keys[i], q, names[i]);
		redislock_script_stats_args(&sets[i], QUEUE_ALL_KEYS(keys[i]), keys[i].paused, keys[i].counts);
	}
	/* One round trip on a single server; one per queue on a cluster or behind a
	 * sentinel, where each may have to follow its slot or the master. */
	if (redislock_script_call_many(q->conn, &redislock_script_stats, sets, (int) n,
			redislock_object_read_timeout(&q->base), replies) == FAILURE) {
		ok = false;
	} else {
		if (many) {
			array_init_size(return_value, n);
		}
		for (uint32_t i = 0; i < n && ok; i++) {
			zval one_entry;
			if (!redislock_queue_stats_entry(replies[i], &one_entry)) {
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

/* A listing of a queue's tasks: dead(), delayed() or reserved(). */
typedef bool (*queue_listing)(redislock_queue_obj *q, const queue_keys *k, zend_long count, zval *list);


static bool list_delayed(redislock_queue_obj *q, const queue_keys *k, zend_long count, zval *list)
{
	return redislock_queue_view_pages(q, k, false, count, list);
}

static bool list_reserved(redislock_queue_obj *q, const queue_keys *k, zend_long count, zval *list)
{
	return redislock_queue_view_pages(q, k, true, count, list);
}

/* dead(), delayed() and reserved(): a list of up to $count entries. */
static void listing(INTERNAL_FUNCTION_PARAMETERS, queue_listing list)
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
	ok = list(q, &k, count, return_value);
	redislock_queue_keys_free(&k);
	if (!ok) {
		zval_ptr_dtor(return_value);
		ZVAL_NULL(return_value);
		QUEUE_FAILED(q);
	}
}

PHP_METHOD(RedisQueue, dead)
{
	zend_string *name, *cut = NULL;
	zend_long count = 100, bytes = 0;
	bool bytes_null = true, ok;
	redislock_queue_obj *q;
	queue_keys k;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(count)
		Z_PARAM_LONG_OR_NULL(bytes, bytes_null)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_queue_check_count(count, 2)) {
		RETURN_THROWS();
	}
	if (!bytes_null && (bytes < 0 || bytes > REDISLOCK_MAX_PAYLOAD)) {
		zend_argument_value_error(3, "must be null or between 0 and %d (RedisQueue::MAX_PAYLOAD_BYTES)", REDISLOCK_MAX_PAYLOAD);
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!bytes_null) {
		cut = zend_long_to_str(bytes);
	}
	keys_init(&k, q, name);
	array_init(return_value);
	ok = redislock_queue_list_pages(q, &k, true, count, cut, return_value);
	redislock_queue_keys_free(&k);
	if (cut) {
		zend_string_release(cut);
	}
	if (!ok) {
		zval_ptr_dtor(return_value);
		ZVAL_NULL(return_value);
		QUEUE_FAILED(q);
	}
}

PHP_METHOD(RedisQueue, delayed)
{
	listing(INTERNAL_FUNCTION_PARAM_PASSTHRU, list_delayed);
}

PHP_METHOD(RedisQueue, reserved)
{
	listing(INTERNAL_FUNCTION_PARAM_PASSTHRU, list_reserved);
}

PHP_METHOD(RedisQueue, retryDead)
{
	zend_string *name, *one_str = NULL, **list;
	zend_long one_long = 0, moved = 0;
	zval *ids = NULL;
	uint32_t n = 0;
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
		moved = redislock_queue_dead_pages(q, &k, true);
		redislock_queue_keys_free(&k);
		if (moved < 0) {
			QUEUE_FAILED(q);
		}
		RETURN_LONG(moved);
	}
	list = redislock_queue_ids_list(ids, one_str, one_long, &n);
	moved = redislock_queue_retry_dead_ids(q, &k, list, n);
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
	removed = redislock_queue_dead_pages(q, &k, false);
	redislock_queue_keys_free(&k);
	if (removed < 0) {
		QUEUE_FAILED(q);
	}
	RETURN_LONG(removed);
}

/* pause() and resume(): the script's 1 or 0 as true or false. */
static void pause_answer(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, redisReply *reply)
{
	if (!reply) {
		QUEUE_FAILED(q);
	}
	if (reply->type != REDIS_REPLY_INTEGER) {
		redislock_conn_set_unexpected(q->conn, reply);
		freeReplyObject(reply);
		QUEUE_FAILED(q);
	}
	RETVAL_BOOL(reply->integer == 1);
	freeReplyObject(reply);
}

PHP_METHOD(RedisQueue, pause)
{
	zend_string *name;
	double seconds = 0;
	redislock_queue_obj *q;
	redislock_argv a;
	queue_keys k;
	redisReply *reply;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(seconds)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_check_seconds(seconds, 2, true) || !(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	/* A pause for a time lasts at least 1 ms (0 would be until resume()). */
	redislock_script_pause_args(&a, k.wakeup, k.stream, k.paused, k.settings, seconds > 0 ? MAX((zend_long) ceil(seconds * 1000), 1) : 0);
	reply = redislock_queue_run(q, &redislock_script_pause, &a, redislock_object_read_timeout(&q->base));
	redislock_argv_free(&a);
	redislock_queue_keys_free(&k);
	pause_answer(INTERNAL_FUNCTION_PARAM_PASSTHRU, q, reply);
}

PHP_METHOD(RedisQueue, resume)
{
	zend_string *name;
	redislock_queue_obj *q;
	redislock_argv a;
	queue_keys k;
	redisReply *reply;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	redislock_script_resume_args(&a, k.queue, k.wakeup, k.stream, k.index, k.settings, k.paused);
	reply = redislock_queue_run(q, &redislock_script_resume, &a, redislock_object_read_timeout(&q->base));
	redislock_argv_free(&a);
	redislock_queue_keys_free(&k);
	pause_answer(INTERNAL_FUNCTION_PARAM_PASSTHRU, q, reply);
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
			redislock_script_migrate_back_args(&a, QUEUE_ALL_KEYS(k), k.deadlines, k.paused, k.counts);
		} else {
			/* No visibility (each reserve() gives its own), and the object's max
			 * attempts and backoff only when its options gave them. */
			bool given = redislock_conn_config(q->conn)->queue_options;
			redislock_script_migrate_args(&a, QUEUE_ALL_KEYS(k), k.paused, 0, given ? q->max_attempts : -1,
				given ? (zend_long) llround(q->retry_backoff * 1000) : -1, (zend_long) skipped);
		}
		reply = redislock_queue_run(q, back ? &redislock_script_migrate_back : &redislock_script_migrate, &a,
			redislock_object_read_timeout(&q->base));
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

/* layout(): the queue_layout this object was constructed with. Only "zset" is
 * kept (as no_migrate, what it changes); anything else was "auto" or left out. */
PHP_METHOD(RedisQueue, layout)
{
	redislock_queue_obj *q;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!(q = this_queue_keep(ZEND_THIS))) {
		RETURN_THROWS();
	}
	RETURN_STRING(q->no_migrate ? "zset" : "auto");
}
