/* RedisQueue: the classic delayed task queue, one atomic round trip per call.
 *
 * A queue is three keys in one Redis Cluster slot: the sorted set prefix+name
 * (member: task id, score: due time in seconds), an in-flight sorted set for
 * reserve() (score: the reservation's deadline), and a wake-up list that blocked
 * workers BLPOP on. Every operation is a Lua script that reads the server's TIME,
 * so the due times of all app servers come from one clock.
 */
#include "redislock_queue.h"
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_keys.h"
#include "redislock_runner.h"
#include "redislock_wait.h"
#include "zend_exceptions.h"
#include <math.h>

#define REDISLOCK_QUEUE_DEFAULT_PREFIX "Queue:"

typedef struct _redislock_queue_obj {
	redislock_conn *conn;
	zend_string *prefix;
	zend_object std;
} redislock_queue_obj;

/* The three keys of one queue. */
typedef struct {
	zend_string *queue;
	zend_string *inflight;
	zend_string *wakeup;
} queue_keys;

static zend_object_handlers queue_handlers;

static inline redislock_queue_obj *queue_from_obj(zend_object *obj)
{
	return (redislock_queue_obj *) ((char *) obj - XtOffsetOf(redislock_queue_obj, std));
}

static redislock_queue_obj *this_queue(zval *this_ptr)
{
	redislock_queue_obj *q = queue_from_obj(Z_OBJ_P(this_ptr));
	if (!q->conn) {
		zend_throw_error(NULL, "%s object is not initialized: its constructor was not called",
			ZSTR_VAL(Z_OBJCE_P(this_ptr)->name));
		return NULL;
	}
	return q;
}

static void keys_init(queue_keys *k, const redislock_queue_obj *q, const zend_string *name)
{
	k->queue = zend_string_concat2(ZSTR_VAL(q->prefix), ZSTR_LEN(q->prefix), ZSTR_VAL(name), ZSTR_LEN(name));
	k->inflight = redislock_sibling_key(k->queue, ":inflight");
	k->wakeup = redislock_sibling_key(k->queue, ":wakeup");
}

static void keys_free(queue_keys *k)
{
	zend_string_release(k->queue);
	zend_string_release(k->inflight);
	zend_string_release(k->wakeup);
}

/* Starts a script call on all three keys of the queue. */
static void script_argv(redislock_argv *a, const redislock_script *script, const queue_keys *k)
{
	redislock_script_argv(a, script, 3);
	redislock_argv_push_str(a, k->queue);
	redislock_argv_push_str(a, k->inflight);
	redislock_argv_push_str(a, k->wakeup);
}

/* Runs the call; on failure throws and returns NULL. The caller frees the reply. */
static redisReply *run(redislock_queue_obj *q, const redislock_script *script, redislock_argv *a, double timeout)
{
	redisReply *reply;
	if (redislock_script_call(q->conn, script, a, timeout, &reply) == FAILURE) {
		redislock_conn_throw(q->conn);
		return NULL;
	}
	if (reply->type == REDIS_REPLY_ERROR) {
		redislock_conn_throw_reply(q->conn, reply);
		freeReplyObject(reply);
		return NULL;
	}
	return reply;
}

/* ---- argument checks ----------------------------------------------------- */

static bool check_count(zend_long count, uint32_t arg_num)
{
	if (count < 1) {
		zend_argument_value_error(arg_num, "must be greater than or equal to 1");
		return false;
	}
	return true;
}

/* A task id: a non-empty string, or an int (sent as its decimal form). */
static zend_string *task_id(zend_string *str, zend_long lval, uint32_t arg_num)
{
	if (str) {
		if (ZSTR_LEN(str) == 0) {
			zend_argument_value_error(arg_num, "must not be empty");
			return NULL;
		}
		return zend_string_copy(str);
	}
	return zend_long_to_str(lval);
}

/* ---- replies --------------------------------------------------------------- */

static void task_entry(zval *entry, const redisReply *id, const redisReply *score)
{
	array_init_size(entry, 2);
	add_assoc_stringl(entry, "id", id->str, id->len);
	add_assoc_double(entry, "score", zend_strtod(score->str, NULL));
}

/* Turns a flat [id, score, ...] reply into pop()'s shape: one entry or false for
 * count == 1, a list otherwise. */
static bool tasks_to_return(redislock_queue_obj *q, const redisReply *reply, zend_long count, zval *return_value)
{
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements % 2 != 0) {
		redislock_conn_throw_unexpected(q->conn, reply);
		return false;
	}
	for (size_t i = 0; i < reply->elements; i++) {
		if (reply->element[i]->type != REDIS_REPLY_STRING) {
			redislock_conn_throw_unexpected(q->conn, reply->element[i]);
			return false;
		}
	}
	if (count == 1) {
		if (reply->elements == 0) {
			RETVAL_FALSE;
		} else {
			task_entry(return_value, reply->element[0], reply->element[1]);
		}
		return true;
	}
	array_init_size(return_value, (uint32_t) (reply->elements / 2));
	for (size_t i = 0; i < reply->elements; i += 2) {
		zval entry;
		task_entry(&entry, reply->element[i], reply->element[i + 1]);
		add_next_index_zval(return_value, &entry);
	}
	return true;
}

static void empty_result(zend_long count, zval *return_value)
{
	if (count == 1) {
		RETVAL_FALSE;
	} else {
		RETVAL_EMPTY_ARRAY();
	}
}

/* ---- object handlers ----------------------------------------------------- */

static zend_object *queue_create(zend_class_entry *ce)
{
	redislock_queue_obj *q = zend_object_alloc(sizeof(redislock_queue_obj), ce);
	zend_object_std_init(&q->std, ce);
	object_properties_init(&q->std, ce);
	q->std.handlers = &queue_handlers;
	return &q->std;
}

static void queue_free(zend_object *obj)
{
	redislock_queue_obj *q = queue_from_obj(obj);
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
	q->prefix = cfg.prefix ? zend_string_copy(cfg.prefix)
		: zend_string_init(REDISLOCK_QUEUE_DEFAULT_PREFIX, sizeof(REDISLOCK_QUEUE_DEFAULT_PREFIX) - 1, 0);
	q->conn = redislock_conn_create(&cfg);
}

PHP_METHOD(RedisQueue, enqueue)
{
	zend_string *name, *one_str = NULL;
	zend_long one_long = 0;
	zval *ids;
	double timeout = 10, delay = 0;
	bool replace = false;
	redislock_queue_obj *q;
	queue_keys k;
	redislock_argv a;
	redisReply *reply;

	ZEND_PARSE_PARAMETERS_START(2, 5)
		Z_PARAM_STR(name)
		Z_PARAM_ZVAL(ids)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(delay)
		Z_PARAM_BOOL(replace)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_check_seconds(timeout, 3, false) || !redislock_check_seconds(delay, 4, true)) {
		RETURN_THROWS();
	}
	if (Z_TYPE_P(ids) != IS_ARRAY) {
		/* string|int, with PHP's usual coercion in weak mode (1.0 -> 1, 1.5 -> "1.5"). */
		bool is_null;
		if (!zend_parse_arg_str_or_long(ids, &one_str, &one_long, &is_null, false, 2)) {
			zend_argument_type_error(2, "must be of type array|string|int, %s given", zend_zval_type_name(ids));
			RETURN_THROWS();
		}
		if (one_str && ZSTR_LEN(one_str) == 0) {
			zend_argument_value_error(2, "must not be empty");
			RETURN_THROWS();
		}
	} else {
		zval *id;
		if (zend_hash_num_elements(Z_ARRVAL_P(ids)) == 0) {
			zend_argument_value_error(2, "must not be an empty array");
			RETURN_THROWS();
		}
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(ids), id) {
			ZVAL_DEREF(id);
			if (Z_TYPE_P(id) != IS_LONG && Z_TYPE_P(id) != IS_STRING) {
				zend_argument_value_error(2, "must contain only strings and integers, %s found", zend_zval_type_name(id));
				RETURN_THROWS();
			}
			if (Z_TYPE_P(id) == IS_STRING && Z_STRLEN_P(id) == 0) {
				zend_argument_value_error(2, "must not contain empty ids");
				RETURN_THROWS();
			}
		} ZEND_HASH_FOREACH_END();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}

	keys_init(&k, q, name);
	script_argv(&a, &redislock_script_enqueue, &k);
	redislock_argv_push_double(&a, delay);
	redislock_argv_push(&a, replace ? "1" : "0", 1);
	if (Z_TYPE_P(ids) == IS_ARRAY) {
		zval *id;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(ids), id) {
			ZVAL_DEREF(id);
			if (Z_TYPE_P(id) == IS_STRING) {
				redislock_argv_push_str(&a, Z_STR_P(id));
			} else {
				redislock_argv_push_owned(&a, zend_long_to_str(Z_LVAL_P(id)));
			}
		} ZEND_HASH_FOREACH_END();
	} else if (one_str) {
		redislock_argv_push_str(&a, one_str);
	} else {
		redislock_argv_push_owned(&a, zend_long_to_str(one_long));
	}
	reply = run(q, &redislock_script_enqueue, &a, timeout);
	redislock_argv_free(&a);
	keys_free(&k);
	if (!reply) {
		RETURN_THROWS();
	}
	freeReplyObject(reply);
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
	if (!redislock_check_seconds(timeout, 4, false) || !(id = task_id(id_str, id_long, 2))) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		zend_string_release(id);
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	script_argv(&a, &redislock_script_dequeue, &k);
	redislock_argv_push_str(&a, id);
	redislock_argv_push_double(&a, score);
	reply = run(q, &redislock_script_dequeue, &a, timeout);
	redislock_argv_free(&a);
	keys_free(&k);
	zend_string_release(id);
	if (!reply) {
		RETURN_THROWS();
	}
	removed = reply->type == REDIS_REPLY_INTEGER && reply->integer == 1;
	freeReplyObject(reply);
	RETURN_BOOL(removed);
}

/* pop() and reserve(): take due tasks, and with wait > 0 block on the wake-up list
 * until a task is enqueued or the next delayed one falls due. The block is capped
 * by that due time, so a delayed task is picked up on time without any polling. */
static void take(INTERNAL_FUNCTION_PARAMETERS, zend_string *name, zend_long count,
	bool reserve, double visibility, double timeout, double wait)
{
	redislock_queue_obj *q = this_queue(ZEND_THIS);
	queue_keys k;
	double wait_until;

	if (!q) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	wait_until = redislock_now() + wait;
	for (;;) {
		redislock_argv a;
		redisReply *reply;
		double remaining;
		zend_long hint_ms;

		script_argv(&a, &redislock_script_take, &k);
		redislock_argv_push_long(&a, count);
		redislock_argv_push(&a, reserve ? "reserve" : "pop", reserve ? 7 : 3);
		redislock_argv_push_double(&a, visibility);
		redislock_argv_push(&a, wait > 0 ? "1" : "0", 1);
		reply = run(q, &redislock_script_take, &a, timeout);
		redislock_argv_free(&a);
		if (!reply) {
			break;
		}
		if (reply->type == REDIS_REPLY_ARRAY) {
			tasks_to_return(q, reply, count, return_value);
			freeReplyObject(reply);
			break;
		}
		if (reply->type != REDIS_REPLY_INTEGER) {
			redislock_conn_throw_unexpected(q->conn, reply);
			freeReplyObject(reply);
			break;
		}
		hint_ms = reply->integer;
		freeReplyObject(reply);

		remaining = wait_until - redislock_now();
		if (wait <= 0 || remaining <= 0) {
			empty_result(count, return_value);
			break;
		}
		{
			/* Block until a task is announced, or until the next delayed task or
			 * expired reservation falls due, whichever comes first. */
			bool until_due = hint_ms >= 0 && hint_ms / 1000.0 < remaining;
			double block = until_due ? hint_ms / 1000.0 + 0.001 : remaining;
			if (redislock_blpop(q->conn, &k.wakeup, 1, block, until_due) == FAILURE) {
				break;
			}
		}
	}
	keys_free(&k);
}

PHP_METHOD(RedisQueue, pop)
{
	zend_string *name;
	zend_long count = 1;
	double timeout = 10, wait = 0;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(count)
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(wait)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_count(count, 2) || !redislock_check_seconds(timeout, 3, false) || !redislock_check_seconds(wait, 4, true)) {
		RETURN_THROWS();
	}
	take(INTERNAL_FUNCTION_PARAM_PASSTHRU, name, count, false, 0, timeout, wait);
}

PHP_METHOD(RedisQueue, reserve)
{
	zend_string *name;
	zend_long count = 1;
	double visibility = 30, wait = 0;
	redislock_queue_obj *q;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(count)
		Z_PARAM_DOUBLE(visibility)
		Z_PARAM_DOUBLE(wait)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_count(count, 2) || !redislock_check_seconds(visibility, 3, false) || !redislock_check_seconds(wait, 4, true)) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	take(INTERNAL_FUNCTION_PARAM_PASSTHRU, name, count, true, visibility, redislock_conn_config(q->conn)->read_timeout, wait);
}

PHP_METHOD(RedisQueue, top)
{
	zend_string *name;
	zend_long count = 1;
	redislock_queue_obj *q;
	queue_keys k;
	redislock_argv a;
	redisReply *reply;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(count)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_count(count, 2)) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	script_argv(&a, &redislock_script_top, &k);
	redislock_argv_push_long(&a, count);
	reply = run(q, &redislock_script_top, &a, redislock_conn_config(q->conn)->read_timeout);
	redislock_argv_free(&a);
	keys_free(&k);
	if (!reply) {
		RETURN_THROWS();
	}
	tasks_to_return(q, reply, count, return_value);
	freeReplyObject(reply);
}

/* ack, release and remove: one id, one script, an integer answer. */
static void id_call(INTERNAL_FUNCTION_PARAMETERS, const redislock_script *script, bool with_delay)
{
	zend_string *name, *id_str = NULL, *id;
	zend_long id_long = 0;
	double delay = 0;
	redislock_queue_obj *q;
	queue_keys k;
	redislock_argv a;
	redisReply *reply;
	bool done;

	ZEND_PARSE_PARAMETERS_START(2, with_delay ? 3 : 2)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(delay)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || (with_delay && !redislock_check_seconds(delay, 3, true))) {
		RETURN_THROWS();
	}
	if (!(id = task_id(id_str, id_long, 2))) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		zend_string_release(id);
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	script_argv(&a, script, &k);
	redislock_argv_push_str(&a, id);
	if (with_delay) {
		redislock_argv_push_double(&a, delay);
	}
	reply = run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
	redislock_argv_free(&a);
	keys_free(&k);
	zend_string_release(id);
	if (!reply) {
		RETURN_THROWS();
	}
	done = reply->type == REDIS_REPLY_INTEGER && reply->integer > 0;
	freeReplyObject(reply);
	RETURN_BOOL(done);
}

PHP_METHOD(RedisQueue, ack)
{
	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, &redislock_script_ack, false);
}

PHP_METHOD(RedisQueue, release)
{
	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, &redislock_script_release, true);
}

PHP_METHOD(RedisQueue, remove)
{
	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, &redislock_script_remove, false);
}

/* size() and clear(): the whole queue, one script. */
static redisReply *whole_queue_call(INTERNAL_FUNCTION_PARAMETERS, const redislock_script *script)
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
	script_argv(&a, script, &k);
	reply = run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
	redislock_argv_free(&a);
	keys_free(&k);
	return reply;
}

PHP_METHOD(RedisQueue, size)
{
	redisReply *reply = whole_queue_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, &redislock_script_size);
	if (!reply) {
		RETURN_THROWS();
	}
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 3) {
		redislock_conn_throw_unexpected(queue_from_obj(Z_OBJ_P(ZEND_THIS))->conn, reply);
		freeReplyObject(reply);
		RETURN_THROWS();
	}
	array_init_size(return_value, 3);
	add_assoc_long(return_value, "due", (zend_long) reply->element[0]->integer);
	add_assoc_long(return_value, "delayed", (zend_long) reply->element[1]->integer);
	add_assoc_long(return_value, "inflight", (zend_long) reply->element[2]->integer);
	freeReplyObject(reply);
}

PHP_METHOD(RedisQueue, clear)
{
	redisReply *reply = whole_queue_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, &redislock_script_clear);
	zend_long removed;
	if (!reply) {
		RETURN_THROWS();
	}
	removed = reply->type == REDIS_REPLY_INTEGER ? (zend_long) reply->integer : 0;
	freeReplyObject(reply);
	RETURN_LONG(removed);
}
