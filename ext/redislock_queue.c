/* RedisQueue: the classic delayed task queue, one atomic round trip per call.
 *
 * A queue is five keys in one Redis Cluster slot: the sorted set prefix+name
 * (member: task id, score: due time in seconds), an in-flight sorted set for
 * reserve() (score: the reservation's deadline), a wake-up list that blocked
 * workers BLPOP on, a hash of the reservations' receipts and attempts, and the
 * sorted set of dead letters. Every operation is a Lua script that reads the
 * server's TIME, so the due times of all app servers come from one clock.
 */
#include "redislock_queue.h"
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_keys.h"
#include "redislock_runner.h"
#include "redislock_slots.h"
#include "redislock_wait.h"
#include "zend_exceptions.h"
#include <math.h>

#define REDISLOCK_QUEUE_DEFAULT_PREFIX "Queue:"
/* The most queues one pop() or reserve() takes from. */
#define REDISLOCK_MAX_QUEUES 64

typedef struct _redislock_queue_obj {
	redislock_conn *conn;
	zend_string *prefix;
	zend_long max_attempts;  /* reservations before a task is dead; 0: no limit */
	double retry_backoff;    /* seconds before an expired reservation is due again, doubled per attempt */
	zend_object std;
} redislock_queue_obj;

/* The five keys of one queue, in the order the scripts take them. */
typedef struct {
	zend_string *queue;
	zend_string *inflight;
	zend_string *wakeup;
	zend_string *meta;
	zend_string *dead;
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
	k->meta = redislock_sibling_key(k->queue, ":receipts");
	k->dead = redislock_sibling_key(k->queue, ":dead");
}

static void keys_free(queue_keys *k)
{
	zend_string_release(k->queue);
	zend_string_release(k->inflight);
	zend_string_release(k->wakeup);
	zend_string_release(k->meta);
	zend_string_release(k->dead);
}

/* The five keys of a queue, as every queue script's builder takes them first. */
#define QUEUE_KEYS(k) (k).queue, (k).inflight, (k).wakeup, (k).meta, (k).dead

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

/* One id (string|int, with PHP's usual coercion in weak mode) or a list of them, as
 * enqueue() and retryDead() take them: checks it; false after throwing. For one
 * id, *one_str or *one_long holds it. */
static bool ids_check(zval *ids, uint32_t arg_num, bool nullable, zend_string **one_str, zend_long *one_long)
{
	if (Z_TYPE_P(ids) != IS_ARRAY) {
		bool is_null;
		if (!zend_parse_arg_str_or_long(ids, one_str, one_long, &is_null, false, arg_num)) {
			zend_argument_type_error(arg_num, "must be of type array|string|int%s, %s given", nullable ? "|null" : "",
				zend_zval_type_name(ids));
			return false;
		}
		if (*one_str && ZSTR_LEN(*one_str) == 0) {
			zend_argument_value_error(arg_num, "must not be empty");
			return false;
		}
		return true;
	}
	zval *id;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(ids), id) {
		ZVAL_DEREF(id);
		if (Z_TYPE_P(id) != IS_LONG && Z_TYPE_P(id) != IS_STRING) {
			zend_argument_value_error(arg_num, "must contain only strings and integers, %s found", zend_zval_type_name(id));
			return false;
		}
		if (Z_TYPE_P(id) == IS_STRING && Z_STRLEN_P(id) == 0) {
			zend_argument_value_error(arg_num, "must not contain empty ids");
			return false;
		}
	} ZEND_HASH_FOREACH_END();
	return true;
}

/* Pushes the ids ids_check() accepted. */
/* The ids as strings, each a reference for the command to take over (the scripts'
 * id lists are "owned"); the array is the caller's to efree once they are pushed. */
static zend_string **ids_list(zval *ids, zend_string *one_str, zend_long one_long, uint32_t *n)
{
	zend_string **list;
	uint32_t i = 0;

	if (Z_TYPE_P(ids) != IS_ARRAY) {
		list = emalloc(sizeof(*list));
		list[0] = one_str ? zend_string_copy(one_str) : zend_long_to_str(one_long);
		*n = 1;
		return list;
	}
	list = safe_emalloc(zend_hash_num_elements(Z_ARRVAL_P(ids)), sizeof(*list), 0);
	zval *id;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(ids), id) {
		ZVAL_DEREF(id);
		list[i++] = Z_TYPE_P(id) == IS_STRING ? zend_string_copy(Z_STR_P(id)) : zend_long_to_str(Z_LVAL_P(id));
	} ZEND_HASH_FOREACH_END();
	*n = i;
	return list;
}

/* ---- replies --------------------------------------------------------------- */

/* One task of a reply, from element `at`: id and score, then for a reservation
 * its receipt and attempts; with queue, the name it came from. */
static void task_entry(zval *entry, redisReply **e, bool reserve, zend_string *queue)
{
	array_init_size(entry, 5);
	add_assoc_stringl(entry, "id", e[0]->str, e[0]->len);
	add_assoc_double(entry, "score", zend_strtod(e[1]->str, NULL));
	if (reserve) {
		add_assoc_stringl(entry, "receipt", e[2]->str, e[2]->len);
		add_assoc_long(entry, "attempts", (zend_long) e[3]->integer);
	}
	if (queue) {
		add_assoc_str(entry, "queue", zend_string_copy(queue));
	}
}

/* The fields of one task in a reply, and their types. */
static bool task_shape(redisReply **e, bool reserve)
{
	return e[0]->type == REDIS_REPLY_STRING && e[1]->type == REDIS_REPLY_STRING
		&& (!reserve || (e[2]->type == REDIS_REPLY_STRING && e[3]->type == REDIS_REPLY_INTEGER));
}

/* Turns a [queue index, id, score, (receipt, attempts,) ...] reply (first, at
 * offset 1; top() has no index: offset 0) into pop()'s shape: one entry or false
 * for count == 1, a list otherwise. names: the queues asked for, when several
 * (each entry then says which), else NULL. */
static bool tasks_to_return(redislock_queue_obj *q, const redisReply *reply, size_t offset, bool reserve,
	zend_string **names, uint32_t n_names, zend_long count, zval *return_value)
{
	size_t stride = reserve ? 4 : 2;
	zend_string *queue = NULL;

	if (reply->type != REDIS_REPLY_ARRAY || reply->elements < offset || (reply->elements - offset) % stride != 0) {
		redislock_conn_throw_unexpected(q->conn, reply);
		return false;
	}
	if (offset) {
		long long index = reply->element[0]->type == REDIS_REPLY_INTEGER ? reply->element[0]->integer : 0;
		if (index < 1 || index > (long long) n_names) {
			redislock_conn_throw_unexpected(q->conn, reply->element[0]);
			return false;
		}
		queue = names ? names[index - 1] : NULL;
	}
	for (size_t i = offset; i < reply->elements; i += stride) {
		if (!task_shape(&reply->element[i], reserve)) {
			redislock_conn_throw_unexpected(q->conn, reply);
			return false;
		}
	}
	if (count == 1) {
		if (reply->elements == offset) {
			RETVAL_FALSE;
		} else {
			task_entry(return_value, &reply->element[offset], reserve, queue);
		}
		return true;
	}
	array_init_size(return_value, (uint32_t) ((reply->elements - offset) / stride));
	for (size_t i = offset; i < reply->elements; i += stride) {
		zval entry;
		task_entry(&entry, &reply->element[i], reserve, queue);
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
	if (cfg.watchdog) {
		redislock_config_free(&cfg);
		zend_argument_value_error(1, "cannot use option \"watchdog\": it renews locks and permits; a reservation has touch()");
		RETURN_THROWS();
	}
	q->prefix = cfg.prefix ? zend_string_copy(cfg.prefix)
		: zend_string_init(REDISLOCK_QUEUE_DEFAULT_PREFIX, sizeof(REDISLOCK_QUEUE_DEFAULT_PREFIX) - 1, 0);
	q->max_attempts = cfg.max_attempts;
	q->retry_backoff = cfg.retry_backoff;
	q->conn = redislock_conn_create(&cfg);
}

PHP_METHOD(RedisQueue, enqueue)
{
	zend_string *name, *one_str = NULL, **list;
	zend_long one_long = 0;
	zval *ids;
	uint32_t n;
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
	if (Z_TYPE_P(ids) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(ids)) == 0) {
		zend_argument_value_error(2, "must not be an empty array");
		RETURN_THROWS();
	}
	if (!ids_check(ids, 2, false, &one_str, &one_long)) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}

	keys_init(&k, q, name);
	list = ids_list(ids, one_str, one_long, &n);
	redislock_script_enqueue_args(&a, n, QUEUE_KEYS(k), delay, replace, list);
	efree(list);
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
	redislock_script_dequeue_args(&a, QUEUE_KEYS(k), id, score);
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

/* pop() and reserve(): take due tasks from the first of the queues that has any,
 * and with wait > 0 block on all their wake-up lists until a task is enqueued or
 * the next delayed one falls due. The block is capped by that due time, so a
 * delayed task is picked up on time without any polling. */
static void take(INTERNAL_FUNCTION_PARAMETERS, redislock_queue_obj *q, zend_string **names, uint32_t n, bool listed,
	zend_long count, bool reserve, double visibility, double timeout, double wait, zend_long max_attempts)
{
	queue_keys *keys = safe_emalloc(n, sizeof(*keys), 0);
	zend_string **wakeups = safe_emalloc(n, sizeof(*wakeups), 0);
	zend_string **key_lists[5];
	zend_string *base = NULL;
	double wait_until;

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
	key_lists[0] = safe_emalloc(5 * (size_t) n, sizeof(**key_lists), 0);
	for (uint32_t j = 1; j < 5; j++) {
		key_lists[j] = key_lists[0] + j * n;
	}
	for (uint32_t i = 0; i < n; i++) {
		key_lists[0][i] = keys[i].queue;
		key_lists[1][i] = keys[i].inflight;
		key_lists[2][i] = keys[i].wakeup;
		key_lists[3][i] = keys[i].meta;
		key_lists[4][i] = keys[i].dead;
	}
	wait_until = redislock_now() + wait;
	for (;;) {
		redislock_argv a;
		redisReply *reply;
		double remaining;
		zend_long hint_ms;

		redislock_script_take_args(&a, n, key_lists[0], key_lists[1], key_lists[2], key_lists[3], key_lists[4],
			count, reserve, visibility, wait > 0, base, max_attempts, q->retry_backoff);
		reply = run(q, &redislock_script_take, &a, timeout);
		redislock_argv_free(&a);
		if (!reply) {
			break;
		}
		if (reply->type == REDIS_REPLY_ARRAY) {
			tasks_to_return(q, reply, 1, reserve, listed ? names : NULL, n, count, return_value);
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
			if (redislock_blpop(q->conn, wakeups, n, block, until_due) == FAILURE) {
				break;
			}
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		keys_free(&keys[i]);
	}
	efree(keys);
	efree(wakeups);
	efree(key_lists[0]);
	if (base) {
		zend_string_release(base);
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

	if (!(q = this_queue(ZEND_THIS)) || !(n = queue_names(q, one, many, &names))) {
		RETURN_THROWS();
	}
	if (!check_count(count, 2) || !redislock_check_seconds(timeout, 3, false) || !redislock_check_seconds(wait, 4, true)) {
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

	if (!(q = this_queue(ZEND_THIS)) || !(n = queue_names(q, one, many, &names))) {
		RETURN_THROWS();
	}
	if (!check_count(count, 2) || !redislock_check_seconds(visibility, 3, false) || !redislock_check_seconds(wait, 4, true)) {
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
	take(INTERNAL_FUNCTION_PARAM_PASSTHRU, q, names, n, many != NULL, count, true, visibility,
		redislock_conn_config(q->conn)->read_timeout, wait, max_attempts);
	efree(names);
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
	redislock_script_top_args(&a, QUEUE_KEYS(k), count);
	reply = run(q, &redislock_script_top, &a, redislock_conn_config(q->conn)->read_timeout);
	redislock_argv_free(&a);
	keys_free(&k);
	if (!reply) {
		RETURN_THROWS();
	}
	tasks_to_return(q, reply, 0, false, NULL, 0, count, return_value);
	freeReplyObject(reply);
}

/* What an id call takes after the id. */
typedef enum {
	AFTER_ID_NOTHING,     /* remove(name, id) */
	AFTER_ID_RECEIPT,     /* ack(name, id, ?receipt) */
	AFTER_ID_DELAY,       /* release(name, id, delay = 0, ?receipt) */
	AFTER_ID_VISIBILITY,  /* touch(name, id, visibility, ?receipt) */
} after_id;

/* ack, release, touch and remove, once their arguments are parsed: checks them,
 * runs one script, answers its integer as a bool. */
static void id_call(INTERNAL_FUNCTION_PARAMETERS, after_id after,
	zend_string *name, zend_string *id_str, zend_long id_long, double seconds, zend_string *receipt)
{
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
		zend_argument_value_error(after == AFTER_ID_RECEIPT ? 3 : 4, "must not be empty (null: the current reservation)");
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
	switch (after) {
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
		redislock_script_remove_args(&a, QUEUE_KEYS(k), id);
		break;
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
	zend_string *name, *id_str = NULL, *receipt = NULL;
	zend_long id_long = 0;

	ZEND_PARSE_PARAMETERS_START(2, 3)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(receipt)
	ZEND_PARSE_PARAMETERS_END();

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_RECEIPT, name, id_str, id_long, 0, receipt);
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

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_DELAY, name, id_str, id_long, delay, receipt);
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

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_VISIBILITY, name, id_str, id_long, visibility, receipt);
}

PHP_METHOD(RedisQueue, remove)
{
	zend_string *name, *id_str = NULL;
	zend_long id_long = 0;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_STR_OR_LONG(id_str, id_long)
	ZEND_PARSE_PARAMETERS_END();

	id_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, AFTER_ID_NOTHING, name, id_str, id_long, 0, NULL);
}

/* The builder of a script that takes a queue's keys alone. */
typedef void (*whole_queue_args)(redislock_argv *a, const zend_string *queue, const zend_string *inflight,
	const zend_string *wakeup, const zend_string *receipts, const zend_string *dead);

/* size(), clear() and purgeDead(): the whole queue, one script. */
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
	args(&a, QUEUE_KEYS(k));
	reply = run(q, script, &a, redislock_conn_config(q->conn)->read_timeout);
	redislock_argv_free(&a);
	keys_free(&k);
	return reply;
}

PHP_METHOD(RedisQueue, size)
{
	redisReply *reply = whole_queue_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, &redislock_script_size, redislock_script_size_args);
	if (!reply) {
		RETURN_THROWS();
	}
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 4) {
		redislock_conn_throw_unexpected(queue_from_obj(Z_OBJ_P(ZEND_THIS))->conn, reply);
		freeReplyObject(reply);
		RETURN_THROWS();
	}
	array_init_size(return_value, 4);
	add_assoc_long(return_value, "due", (zend_long) reply->element[0]->integer);
	add_assoc_long(return_value, "delayed", (zend_long) reply->element[1]->integer);
	add_assoc_long(return_value, "inflight", (zend_long) reply->element[2]->integer);
	add_assoc_long(return_value, "dead", (zend_long) reply->element[3]->integer);
	freeReplyObject(reply);
}

/* clear() and purgeDead(): a whole-queue script that answers how many it removed. */
static void whole_queue_count(INTERNAL_FUNCTION_PARAMETERS, const redislock_script *script, whole_queue_args args)
{
	redisReply *reply = whole_queue_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, script, args);
	zend_long removed;
	if (!reply) {
		RETURN_THROWS();
	}
	removed = reply->type == REDIS_REPLY_INTEGER ? (zend_long) reply->integer : 0;
	freeReplyObject(reply);
	RETURN_LONG(removed);
}

PHP_METHOD(RedisQueue, clear)
{
	whole_queue_count(INTERNAL_FUNCTION_PARAM_PASSTHRU, &redislock_script_clear, redislock_script_clear_args);
}

PHP_METHOD(RedisQueue, dead)
{
	zend_string *name;
	zend_long count = 100;
	redislock_queue_obj *q;
	queue_keys k;
	redislock_argv a;
	redisReply *reply;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(count)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_count(count, 2) || !(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	redislock_script_dead_args(&a, QUEUE_KEYS(k), count - 1);
	reply = run(q, &redislock_script_dead, &a, redislock_conn_config(q->conn)->read_timeout);
	redislock_argv_free(&a);
	keys_free(&k);
	if (!reply) {
		RETURN_THROWS();
	}
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements % 3 != 0) {
		redislock_conn_throw_unexpected(q->conn, reply);
		freeReplyObject(reply);
		RETURN_THROWS();
	}
	for (size_t i = 0; i < reply->elements; i += 3) {
		if (reply->element[i]->type != REDIS_REPLY_STRING || reply->element[i + 1]->type != REDIS_REPLY_STRING
			|| reply->element[i + 2]->type != REDIS_REPLY_INTEGER) {
			redislock_conn_throw_unexpected(q->conn, reply);
			freeReplyObject(reply);
			RETURN_THROWS();
		}
	}
	array_init_size(return_value, (uint32_t) (reply->elements / 3));
	for (size_t i = 0; i < reply->elements; i += 3) {
		zval entry;
		array_init_size(&entry, 3);
		add_assoc_stringl(&entry, "id", reply->element[i]->str, reply->element[i]->len);
		add_assoc_long(&entry, "attempts", (zend_long) reply->element[i + 2]->integer);
		add_assoc_double(&entry, "time", zend_strtod(reply->element[i + 1]->str, NULL));
		add_next_index_zval(return_value, &entry);
	}
	freeReplyObject(reply);
}

PHP_METHOD(RedisQueue, retryDead)
{
	zend_string *name, *one_str = NULL, **list = NULL;
	zend_long one_long = 0;
	zval *ids = NULL;
	uint32_t n = 0;
	redislock_queue_obj *q;
	queue_keys k;
	redislock_argv a;
	redisReply *reply;
	zend_long moved;

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
	if (ids && !ids_check(ids, 2, true, &one_str, &one_long)) {
		RETURN_THROWS();
	}
	if (!(q = this_queue(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, q, name);
	if (ids) {
		list = ids_list(ids, one_str, one_long, &n);
	}
	/* No ids: none sent, which the script reads as all of them. */
	redislock_script_retry_dead_args(&a, n, QUEUE_KEYS(k), list);
	if (list) {
		efree(list);
	}
	reply = run(q, &redislock_script_retry_dead, &a, redislock_conn_config(q->conn)->read_timeout);
	redislock_argv_free(&a);
	keys_free(&k);
	if (!reply) {
		RETURN_THROWS();
	}
	moved = reply->type == REDIS_REPLY_INTEGER ? (zend_long) reply->integer : 0;
	freeReplyObject(reply);
	RETURN_LONG(moved);
}

PHP_METHOD(RedisQueue, purgeDead)
{
	whole_queue_count(INTERNAL_FUNCTION_PARAM_PASSTHRU, &redislock_script_purge_dead, redislock_script_purge_dead_args);
}
