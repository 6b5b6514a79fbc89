/* RedisLatch: a count that processes count down, and that others wait on until
 * it reaches 0.
 *
 * Invariants:
 * - A latch is its count C (a string, with the lifetime set() gave it) and, once
 *   the count is 0, its open mark O ("{C}:open", a list of one element, C's end
 *   in ms (PEXPIRETIME), with C's expiry). The element names the latch among
 *   those a name has one after another: a waiter whose latch ended while it was
 *   still blocked, woken by a later latch of the name, answers false. set() and countDown() are each one script; nothing else writes.
 * - The count never goes below 0 and never back up: once open, a latch stays
 *   open until its lifetime ends.
 * - A waiter never polls: it reads the count and the lifetime left (one
 *   script), and while the latch counts it blocks in BLMOVE O O, which moves O's
 *   element onto O itself, once for its whole wait: to its deadline, or to the
 *   end of the latch's lifetime when that comes first. The push that opens the
 *   latch serves every blocked waiter in the order they blocked, and the element
 *   stays for the waiters that come later. A waiter leaves nothing on the server
 *   (no queue, no mark): one killed while it waits is forgotten with its
 *   connection.
 * - A signal PHP must serve ends the block at once: the handlers run, then the
 *   waiter reads the count again and blocks again (behind the waiters blocked
 *   meanwhile).
 */
#include "redislock_latch.h"
#include "redislock_object.h"
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_keys.h"
#include "redislock_names.h"
#include "redislock_runner.h"
#include "redislock_wait.h"
#include "zend_exceptions.h"

#define REDISLOCK_LATCH_DEFAULT_PREFIX "Latch:"

/* Nothing but the object base: a latch object keeps no state between calls. */
typedef struct _redislock_latch_obj {
	REDISLOCK_OBJECT_BASE;
	zend_object std;
} redislock_latch_obj;

/* The keys of a name: its count and its open mark. */
typedef struct {
	zend_string *key;
	zend_string *open;
} latch_keys;

/* The siblings names() knows a latch by (its open mark outlives no count). */
static const char *const latch_siblings[] = {":open", NULL};

static zend_object_handlers latch_handlers;

static inline redislock_latch_obj *latch_from_obj(zend_object *obj)
{
	return (redislock_latch_obj *) ((char *) obj - XtOffsetOf(redislock_latch_obj, std));
}

static redislock_latch_obj *this_latch(zval *this_ptr)
{
	redislock_latch_obj *l = latch_from_obj(Z_OBJ_P(this_ptr));
	return redislock_object_ready(&l->base, this_ptr) ? l : NULL;
}

/* A method's end after an argument error or a failed call (the base's one
 * throw). l may be NULL: the object was not ready, which threw. */
#define LATCH_FAILED(l) REDISLOCK_OBJECT_FAILED((l) ? &(l)->base : NULL)

static void keys_init(latch_keys *k, const redislock_latch_obj *l, const zend_string *name)
{
	k->key = redislock_object_key(&l->base, name);
	k->open = redislock_sibling_key(k->key, ":open");
}

static void keys_free(latch_keys *k)
{
	zend_string_release(k->key);
	zend_string_release(k->open);
}

/* ---- object handlers ----------------------------------------------------------- */

static zend_object *latch_create(zend_class_entry *ce)
{
	return redislock_object_create(ce, sizeof(redislock_latch_obj), &latch_handlers);
}

/* The base's free_obj and get_debug_info: a latch has nothing else to free or show. */
void redislock_latch_startup(zend_class_entry *ce)
{
	redislock_object_startup(ce, &latch_handlers, XtOffsetOf(redislock_latch_obj, std), latch_create, NULL, NULL);
}

/* ---- the calls ------------------------------------------------------------------ */

/* A count as the server keeps it (digits, up to MAX_COUNT); false when it is not. */
static bool parse_count(const char *s, size_t len, zend_long *out)
{
	zend_long n = 0;

	if (len == 0 || len > 16) {
		return false;
	}
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9') {
			return false;
		}
		n = n * 10 + (s[i] - '0');
	}
	if (n > REDISLOCK_LATCH_MAX_COUNT) {
		return false;
	}
	*out = n;
	return true;
}

/* GET of the count: *count, or -1 when the latch does not exist. False with the
 * failure recorded (a key of another type, a count that is not one). */
static bool read_count(redislock_latch_obj *l, zend_string *key, zend_long *count)
{
	redislock_argv a;
	redisReply *reply;
	bool ok = true;

	redislock_argv_init(&a);
	redislock_argv_push(&a, "GET", 3);
	redislock_argv_push_str(&a, key);
	if (redislock_conn_call_timeout(l->conn, &a, redislock_object_read_timeout(&l->base), &reply) == FAILURE) {
		redislock_argv_free(&a);
		return false;
	}
	redislock_argv_free(&a);
	if (reply->type == REDIS_REPLY_NIL) {
		*count = -1;
	} else if (reply->type == REDIS_REPLY_ERROR) {
		redislock_conn_set_reply_error(l->conn, reply);
		ok = false;
	} else if (reply->type != REDIS_REPLY_STRING || !parse_count(reply->str, reply->len, count)) {
		redislock_conn_set_unexpected(l->conn, reply);
		ok = false;
	}
	freeReplyObject(reply);
	return ok;
}

/* The latch_inspect script: *count (-1 when the latch does not exist), *pttl
 * (ms its lifetime has left; -1 for none) and *end (its end, ms since the epoch,
 * which its open mark holds; -1 for none). False with the failure recorded (a
 * key of another type, a count that is not one). */
static bool read_state(redislock_latch_obj *l, zend_string *key, zend_long *count, zend_long *pttl, zend_long *end)
{
	redislock_argv a;
	redisReply *reply;

	redislock_script_latch_inspect_args(&a, key);
	reply = redislock_script_run(l->conn, &redislock_script_latch_inspect, &a, redislock_object_read_timeout(&l->base));
	redislock_argv_free(&a);
	if (!reply) {
		return false;
	}
	if (reply->type == REDIS_REPLY_NIL) {
		*count = *pttl = *end = -1;
	} else if (reply->type == REDIS_REPLY_ARRAY && reply->elements == 3 && reply->element[0]->type == REDIS_REPLY_INTEGER
		&& reply->element[1]->type == REDIS_REPLY_INTEGER && reply->element[2]->type == REDIS_REPLY_INTEGER
		&& reply->element[0]->integer >= 0) {
		*count = (zend_long) reply->element[0]->integer;
		*pttl = (zend_long) reply->element[1]->integer;
		*end = (zend_long) reply->element[2]->integer;
	} else {
		redislock_conn_set_unexpected(l->conn, reply);
		freeReplyObject(reply);
		return false;
	}
	freeReplyObject(reply);
	return true;
}

/* A script's integer answer in *out; false with the failure recorded. */
static bool run_integer(redislock_latch_obj *l, const redislock_script *script, redislock_argv *a, zend_long *out)
{
	redisReply *reply = redislock_script_run(l->conn, script, a, redislock_object_read_timeout(&l->base));

	if (!reply) {
		return false;
	}
	if (reply->type != REDIS_REPLY_INTEGER) {
		redislock_conn_set_unexpected(l->conn, reply);
		freeReplyObject(reply);
		return false;
	}
	*out = (zend_long) reply->integer;
	freeReplyObject(reply);
	return true;
}

/* A count as a method returns it: false for no latch (-1). */
static void return_count(zend_long count, zval *return_value)
{
	if (count < 0) {
		RETURN_FALSE;
	}
	RETURN_LONG(count);
}

/* A count or step argument: 0 (min 0) or 1 (min 1) to MAX_COUNT. */
static bool check_count(zend_long value, uint32_t arg_num, zend_long min)
{
	if (value < min || value > REDISLOCK_LATCH_MAX_COUNT) {
		zend_argument_value_error(arg_num, "must be between " ZEND_LONG_FMT " and %lld, " ZEND_LONG_FMT " given",
			min, (long long) REDISLOCK_LATCH_MAX_COUNT, value);
		return false;
	}
	return true;
}

/* ---- methods ------------------------------------------------------------------ */

PHP_METHOD(RedisLatch, __construct)
{
	redislock_latch_obj *l = latch_from_obj(Z_OBJ_P(ZEND_THIS));
	redislock_config cfg;

	/* What a latch refuses (redlock, min_replicas, the watchdog, holder, the
	 * queue's options) is in the option table's rows. */
	if (!redislock_object_parse(execute_data, &l->base, REDISLOCK_CLASS_LATCH, &cfg)) {
		RETURN_THROWS();
	}
	redislock_object_start(&l->base, &cfg, REDISLOCK_LATCH_DEFAULT_PREFIX);
}

PHP_METHOD(RedisLatch, set)
{
	zend_string *name;
	zend_long count, set = 0;
	double ttl = 86400;
	redislock_latch_obj *l;
	latch_keys k;
	redislock_argv a;
	bool ok;

	ZEND_PARSE_PARAMETERS_START(2, 3)
		Z_PARAM_STR(name)
		Z_PARAM_LONG(count)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(ttl)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_count(count, 2, 0) || !redislock_check_seconds(ttl, 3, false)
		|| !(l = this_latch(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, l, name);
	redislock_script_latch_set_args(&a, k.key, k.open, count, redislock_seconds_to_ms(ttl));
	ok = run_integer(l, &redislock_script_latch_set, &a, &set);
	redislock_argv_free(&a);
	keys_free(&k);
	if (!ok) {
		LATCH_FAILED(l);
	}
	RETURN_BOOL(set == 1);
}

PHP_METHOD(RedisLatch, countDown)
{
	zend_string *name;
	zend_long by = 1, left = 0;
	redislock_latch_obj *l;
	latch_keys k;
	redislock_argv a;
	bool ok;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(by)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_count(by, 2, 1) || !(l = this_latch(ZEND_THIS))) {
		RETURN_THROWS();
	}
	keys_init(&k, l, name);
	redislock_script_latch_count_down_args(&a, k.key, k.open, by);
	ok = run_integer(l, &redislock_script_latch_count_down, &a, &left);
	redislock_argv_free(&a);
	keys_free(&k);
	if (!ok) {
		LATCH_FAILED(l);
	}
	return_count(left, return_value);
}

PHP_METHOD(RedisLatch, count)
{
	zend_string *name, *key;
	zend_long count = -1;
	redislock_latch_obj *l;
	bool ok;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(l = this_latch(ZEND_THIS))) {
		RETURN_THROWS();
	}
	key = redislock_object_key(&l->base, name);
	ok = read_count(l, key, &count);
	zend_string_release(key);
	if (!ok) {
		LATCH_FAILED(l);
	}
	return_count(count, return_value);
}

PHP_METHOD(RedisLatch, await)
{
	zend_string *name;
	double timeout, deadline;
	redislock_latch_obj *l;
	latch_keys k;
	bool failed = false;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_DOUBLE(timeout)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_check_seconds(timeout, 2, true) || !(l = this_latch(ZEND_THIS))) {
		RETURN_THROWS();
	}
	deadline = redislock_now() + timeout;
	keys_init(&k, l, name);
	RETVAL_FALSE;
	/* The wait is on the latch the name has at the first look: one that ends is
	 * not replaced by a later latch of the name (its end, PEXPIRETIME, differs). */
	zend_long first_end = 0;
	bool looked = false;
	for (;;) {
		zend_long count, pttl, end;
		double remaining, block;
		zend_string *moved;

		if (!read_state(l, k.key, &count, &pttl, &end)) {
			failed = true;
			break;
		}
		if (count < 0) {
			break;                 /* no such latch, or its lifetime ended */
		}
		if (!looked) {
			first_end = end;
			looked = true;
		} else if (end != first_end) {
			break;                 /* it ended; the name has another latch now */
		}
		if (count == 0) {
			RETVAL_TRUE;
			break;
		}
		remaining = deadline - redislock_now();
		if (remaining <= 0) {
			break;
		}
		/* One block for the whole wait, so that the waiter keeps its place among
		 * the blocked ones (the server serves them in the order they blocked): to
		 * the caller's deadline, or to the end of the latch's lifetime (+1 ms, to
		 * land after it) when that comes first. Both must hold to the ms: the
		 * server's timer would notice them only at its next tick. A signal ends
		 * the block at once; its handlers run and the loop blocks again. */
		block = remaining;
		if (pttl >= 0 && (double) (pttl + 1) / 1000.0 < block) {
			block = (double) (pttl + 1) / 1000.0;
		}
		if (redislock_blmove_self(l->conn, k.open, block, true, &moved) == FAILURE) {
			failed = true;
			break;
		}
		if (moved) {
			/* The mark holds the end of the latch that opened: this one's, or, when
			 * this one's lifetime ended while the waiter was still blocked (its last
			 * milliseconds), that of a latch of the name set and opened since. */
			char mine[MAX_LENGTH_OF_LONG + 1];
			int len = snprintf(mine, sizeof(mine), ZEND_LONG_FMT, end);
			bool ours = len > 0 && ZSTR_LEN(moved) == (size_t) len && memcmp(ZSTR_VAL(moved), mine, (size_t) len) == 0;

			zend_string_release(moved);
			if (ours) {
				RETVAL_TRUE;
			}
			break;
		}
	}
	keys_free(&k);
	if (failed) {
		LATCH_FAILED(l);
	}
}

PHP_METHOD(RedisLatch, inspect)
{
	zend_string *name, *key;
	zend_long count = -1, pttl = -1, end = -1;
	redislock_latch_obj *l;
	bool ok;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(l = this_latch(ZEND_THIS))) {
		RETURN_THROWS();
	}
	key = redislock_object_key(&l->base, name);
	ok = read_state(l, key, &count, &pttl, &end);
	zend_string_release(key);
	if (!ok) {
		LATCH_FAILED(l);
	}
	if (count < 0) {
		RETURN_NULL();
	}
	array_init_size(return_value, 3);
	add_assoc_long(return_value, "count", count);
	add_assoc_bool(return_value, "open", count == 0);
	/* -1 (no lifetime) cannot come from set(), which always gives one. */
	if (pttl >= 0) {
		add_assoc_double(return_value, "ttl", (double) pttl / 1000.0);
	} else {
		add_assoc_null(return_value, "ttl");
	}
}

PHP_METHOD(RedisLatch, names)
{
	zend_string *cursor = NULL;
	zend_long count = 100;
	redislock_latch_obj *l;

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(cursor)
		Z_PARAM_LONG(count)
	ZEND_PARSE_PARAMETERS_END();

	if (!(l = this_latch(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!redislock_names_list(l->conn, l->prefix, latch_siblings, cursor, count, return_value)) {
		LATCH_FAILED(l);
	}
}
