/* RedisLock: the classic method names, made safe.
 *
 * Invariants:
 * - An acquisition is one SET key token NX PX: the key never exists without a TTL,
 *   so a crash can never leave a lock that lives forever.
 * - Every token is 128 bits from the CSPRNG, fresh per acquisition, so no two
 *   owners (processes, servers, retries) ever share one.
 * - unlock and expire act only while Redis still holds our token, checked inside a
 *   Lua script, so a late caller never deletes or extends someone else's lock.
 * - If a SET was sent but its reply was lost, we do not believe we hold the lock,
 *   and we remember the token to compare-and-delete it once we are connected again.
 */
#include "php_redislock.h"
#include "redislock_lock.h"
#include "redislock_commands.h"
#include "redislock_exceptions.h"
#include "ext/random/php_random.h"
#include "zend_exceptions.h"
#include <math.h>

#define REDISLOCK_LOCK_DEFAULT_PREFIX "Lock:"
#define REDISLOCK_TOKEN_BYTES 16
/* Longest lifetime and wait we accept: well inside what PX and timeouts can hold. */
#define REDISLOCK_MAX_SECONDS 1e9

typedef struct _redislock_lock_obj {
	redislock_conn *conn;
	zend_string *prefix;
	HashTable held;      /* name => token of every lock this object holds */
	HashTable orphans;   /* key => token of acquisitions whose reply was lost */
	zend_object std;
} redislock_lock_obj;

static zend_object_handlers lock_handlers;

static inline redislock_lock_obj *lock_from_obj(zend_object *obj)
{
	return (redislock_lock_obj *) ((char *) obj - XtOffsetOf(redislock_lock_obj, std));
}

#define Z_LOCK_P(zv) lock_from_obj(Z_OBJ_P(zv))

static redislock_lock_obj *this_lock(zval *this_ptr)
{
	redislock_lock_obj *lock = Z_LOCK_P(this_ptr);
	if (!lock->conn) {
		zend_throw_error(NULL, "%s object is not initialized: its constructor was not called",
			ZSTR_VAL(Z_OBJCE_P(this_ptr)->name));
		return NULL;
	}
	return lock;
}

/* ---- helpers --------------------------------------------------------------- */

static zend_string *lock_key(const redislock_lock_obj *lock, const zend_string *name)
{
	return zend_string_concat2(ZSTR_VAL(lock->prefix), ZSTR_LEN(lock->prefix), ZSTR_VAL(name), ZSTR_LEN(name));
}

static zend_string *new_token(void)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char bytes[REDISLOCK_TOKEN_BYTES];
	zend_string *token;

	if (php_random_bytes_throw(bytes, sizeof(bytes)) == FAILURE) {
		return NULL;
	}
	token = zend_string_alloc(REDISLOCK_TOKEN_BYTES * 2, 0);
	for (int i = 0; i < REDISLOCK_TOKEN_BYTES; i++) {
		ZSTR_VAL(token)[i * 2] = hex[bytes[i] >> 4];
		ZSTR_VAL(token)[i * 2 + 1] = hex[bytes[i] & 15];
	}
	ZSTR_VAL(token)[REDISLOCK_TOKEN_BYTES * 2] = '\0';
	return token;
}

static zend_long seconds_to_ms(double seconds)
{
	double ms = ceil(seconds * 1000.0);
	return ms < 1 ? 1 : (zend_long) ms;
}

static void remember_orphan(redislock_lock_obj *lock, zend_string *key, zend_string *token)
{
	zval zv;
	ZVAL_STR_COPY(&zv, token);
	zend_hash_update(&lock->orphans, key, &zv);
}

/* Compare-and-delete every token whose SET reply was lost. The lock may or may not
 * exist; either way no one else holds our token, so deleting it is safe. */
static zend_result clean_orphans(redislock_lock_obj *lock)
{
	uint32_t n = zend_hash_num_elements(&lock->orphans);
	redislock_argv *sets;
	redisReply **replies;
	zend_string *key;
	zval *token;
	zend_result result;
	int i = 0;

	if (n == 0) {
		return SUCCESS;
	}
	sets = safe_emalloc(n, sizeof(*sets), 0);
	replies = safe_emalloc(n, sizeof(*replies), 0);
	ZEND_HASH_FOREACH_STR_KEY_VAL(&lock->orphans, key, token) {
		redislock_script_argv(&sets[i], &redislock_script_unlock, 1);
		redislock_argv_push_str(&sets[i], key);
		redislock_argv_push_str(&sets[i], Z_STR_P(token));
		i++;
	} ZEND_HASH_FOREACH_END();

	result = redislock_script_call_many(lock->conn, &redislock_script_unlock, sets, n, lock->conn->cfg.read_timeout, replies);
	for (i = 0; i < (int) n; i++) {
		if (result == SUCCESS) {
			freeReplyObject(replies[i]);
		}
		redislock_argv_free(&sets[i]);
	}
	efree(sets);
	efree(replies);
	if (result == SUCCESS) {
		zend_hash_clean(&lock->orphans);
	}
	return result;
}

/* Prepares the connection for a call: cleans lost acquisitions first. */
static zend_result lock_prepare(redislock_lock_obj *lock)
{
	if (zend_hash_num_elements(&lock->orphans) > 0 && clean_orphans(lock) == FAILURE) {
		redislock_conn_throw(lock->conn);
		return FAILURE;
	}
	return SUCCESS;
}

#define TOKEN_SCRIPT_REPLY_ERROR -1   /* Redis answered with an error */
#define TOKEN_SCRIPT_LOST -2          /* the connection failed: the outcome is unknown */

/* Runs a one-key token script (unlock or extend). Returns the integer reply, or one
 * of the negative codes above after throwing. */
static zend_long run_token_script(redislock_lock_obj *lock, const redislock_script *script,
	zend_string *key, zend_string *token, zend_long ms)
{
	redislock_argv a;
	redisReply *reply;
	zend_long result;

	redislock_script_argv(&a, script, 1);
	redislock_argv_push_str(&a, key);
	redislock_argv_push_str(&a, token);
	if (ms > 0) {
		redislock_argv_push_long(&a, ms);
	}
	if (redislock_script_call(lock->conn, script, &a, lock->conn->cfg.read_timeout, &reply) == FAILURE) {
		redislock_conn_throw(lock->conn);
		result = TOKEN_SCRIPT_LOST;
	} else {
		if (reply->type == REDIS_REPLY_INTEGER) {
			result = reply->integer;
		} else {
			redislock_conn_throw_unexpected(lock->conn, reply);
			result = TOKEN_SCRIPT_REPLY_ERROR;
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	return result;
}

/* Releases everything this object holds, in one round trip. With report=false
 * (destructor, request shutdown) failures are silent: the TTL still bounds them. */
static zend_result release_all(redislock_lock_obj *lock, bool report, bool *all_released)
{
	uint32_t n = zend_hash_num_elements(&lock->held);
	redislock_argv *sets;
	redisReply **replies;
	zend_string **keys;
	zend_string *name;
	zval *token;
	zend_result result;
	int i = 0;

	*all_released = true;
	if (n == 0) {
		return SUCCESS;
	}
	if (zend_hash_num_elements(&lock->orphans) > 0 && clean_orphans(lock) == FAILURE) {
		if (report) {
			redislock_conn_throw(lock->conn);
		}
		return FAILURE;
	}
	sets = safe_emalloc(n, sizeof(*sets), 0);
	replies = safe_emalloc(n, sizeof(*replies), 0);
	keys = safe_emalloc(n, sizeof(*keys), 0);
	ZEND_HASH_FOREACH_STR_KEY_VAL(&lock->held, name, token) {
		keys[i] = lock_key(lock, name);
		redislock_script_argv(&sets[i], &redislock_script_unlock, 1);
		redislock_argv_push_str(&sets[i], keys[i]);
		redislock_argv_push_str(&sets[i], Z_STR_P(token));
		i++;
	} ZEND_HASH_FOREACH_END();

	result = redislock_script_call_many(lock->conn, &redislock_script_unlock, sets, n, lock->conn->cfg.read_timeout, replies);
	i = 0;
	ZEND_HASH_FOREACH_VAL(&lock->held, token) {
		if (result == SUCCESS) {
			if (replies[i]->type != REDIS_REPLY_INTEGER || replies[i]->integer != 1) {
				*all_released = false;
			}
			freeReplyObject(replies[i]);
		} else {
			/* The reply was lost: the delete may not have happened. */
			remember_orphan(lock, keys[i], Z_STR_P(token));
		}
		redislock_argv_free(&sets[i]);
		zend_string_release(keys[i]);
		i++;
	} ZEND_HASH_FOREACH_END();
	efree(sets);
	efree(replies);
	efree(keys);
	zend_hash_clean(&lock->held);

	if (result == FAILURE) {
		*all_released = false;
		if (report) {
			redislock_conn_throw(lock->conn);
		}
	}
	return result;
}

static void auto_release(redislock_lock_obj *lock)
{
	bool all_released;
	if (!lock->conn) {
		return;
	}
	if (lock->conn->cfg.auto_release) {
		release_all(lock, false, &all_released);
	}
	if (zend_hash_num_elements(&lock->orphans) > 0) {
		clean_orphans(lock);
	}
}

/* RSHUTDOWN: objects a fatal error kept from being destructed still let go. */
static void lock_on_shutdown(void *owner)
{
	auto_release((redislock_lock_obj *) owner);
}

/* ---- object handlers ----------------------------------------------------- */

static zend_object *lock_create(zend_class_entry *ce)
{
	redislock_lock_obj *lock = zend_object_alloc(sizeof(redislock_lock_obj), ce);
	zend_object_std_init(&lock->std, ce);
	object_properties_init(&lock->std, ce);
	zend_hash_init(&lock->held, 8, NULL, ZVAL_PTR_DTOR, 0);
	zend_hash_init(&lock->orphans, 0, NULL, ZVAL_PTR_DTOR, 0);
	lock->std.handlers = &lock_handlers;
	return &lock->std;
}

static void lock_dtor(zend_object *obj)
{
	auto_release(lock_from_obj(obj));
	zend_objects_destroy_object(obj);
}

static void lock_free(zend_object *obj)
{
	redislock_lock_obj *lock = lock_from_obj(obj);
	/* After a fatal error PHP marks every object destructed and then frees the
	 * globals without calling dtor_obj, so the release happens here instead. */
	auto_release(lock);
	if (lock->conn) {
		redislock_conn_destroy(lock->conn);
		lock->conn = NULL;
	}
	if (lock->prefix) {
		zend_string_release(lock->prefix);
	}
	zend_hash_destroy(&lock->held);
	zend_hash_destroy(&lock->orphans);
	zend_object_std_dtor(obj);
}

static HashTable *lock_debug_info(zend_object *obj, int *is_temp)
{
	redislock_lock_obj *lock = lock_from_obj(obj);
	zval info, names;
	zend_string *name;

	*is_temp = 1;
	array_init(&info);
	if (!lock->conn) {
		return Z_ARRVAL(info);
	}
	redislock_config_describe(&lock->conn->cfg, &info);
	add_assoc_str(&info, "prefix", zend_string_copy(lock->prefix));
	add_assoc_bool(&info, "auto_release", lock->conn->cfg.auto_release);
	add_assoc_bool(&info, "connected", lock->conn->stream != NULL);
	array_init(&names);
	ZEND_HASH_FOREACH_STR_KEY(&lock->held, name) {
		add_next_index_str(&names, zend_string_copy(name));
	} ZEND_HASH_FOREACH_END();
	add_assoc_zval(&info, "locks", &names);
	return Z_ARRVAL(info);
}

void redislock_lock_startup(zend_class_entry *ce)
{
	ce->create_object = lock_create;
	memcpy(&lock_handlers, zend_get_std_object_handlers(), sizeof(lock_handlers));
	lock_handlers.offset = XtOffsetOf(redislock_lock_obj, std);
	lock_handlers.dtor_obj = lock_dtor;
	lock_handlers.free_obj = lock_free;
	lock_handlers.clone_obj = NULL;
	lock_handlers.get_debug_info = lock_debug_info;
}

/* ---- argument checks ----------------------------------------------------- */

static bool check_name(const zend_string *name, uint32_t arg_num)
{
	if (ZSTR_LEN(name) == 0) {
		zend_argument_value_error(arg_num, "must not be empty");
		return false;
	}
	return true;
}

static bool check_seconds(double value, uint32_t arg_num, bool zero_allowed)
{
	if (!isfinite(value) || value < 0 || (!zero_allowed && value == 0) || value > REDISLOCK_MAX_SECONDS) {
		zend_argument_value_error(arg_num, zero_allowed
			? "must be a finite number of seconds between 0 and 1e9"
			: "must be a finite number of seconds greater than 0 and at most 1e9");
		return false;
	}
	return true;
}

/* ---- methods ---------------------------------------------------------------- */

PHP_METHOD(RedisLock, __construct)
{
	zval *connection = NULL;
	redislock_lock_obj *lock = Z_LOCK_P(ZEND_THIS);
	redislock_config cfg;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(connection)
	ZEND_PARSE_PARAMETERS_END();

	if (lock->conn) {
		zend_throw_error(NULL, "RedisLock::__construct() cannot be called twice");
		RETURN_THROWS();
	}
	if (redislock_config_parse(&cfg, connection, 1) == FAILURE) {
		RETURN_THROWS();
	}
	lock->prefix = cfg.prefix ? zend_string_copy(cfg.prefix)
		: zend_string_init(REDISLOCK_LOCK_DEFAULT_PREFIX, sizeof(REDISLOCK_LOCK_DEFAULT_PREFIX) - 1, 0);
	lock->conn = redislock_conn_create(&cfg);
	lock->conn->on_shutdown = lock_on_shutdown;
	lock->conn->owner = lock;
}

/* Tries SET NX once. Returns 1 when taken, 0 when busy, -1 after throwing. */
static int try_acquire(redislock_lock_obj *lock, zend_string *name, zend_string *key, zend_long ms)
{
	redislock_argv a;
	redisReply *reply;
	zend_string *token = new_token();
	int result = -1;

	if (!token) {
		return -1;
	}
	redislock_argv_init(&a);
	redislock_argv_push(&a, "SET", 3);
	redislock_argv_push_str(&a, key);
	redislock_argv_push_str(&a, token);
	redislock_argv_push(&a, "PX", 2);
	redislock_argv_push_long(&a, ms);
	redislock_argv_push(&a, "NX", 2);

	if (redislock_conn_call(lock->conn, &a, &reply) == FAILURE) {
		/* The SET may have reached Redis. We do not count it as held; the token is
		 * compare-and-deleted as soon as we are connected again. */
		remember_orphan(lock, key, token);
		redislock_conn_throw(lock->conn);
	} else {
		if (reply->type == REDIS_REPLY_STATUS) {
			zval zv;
			ZVAL_STR_COPY(&zv, token);
			zend_hash_update(&lock->held, name, &zv);
			result = 1;
		} else if (reply->type == REDIS_REPLY_NIL) {
			result = 0;
		} else {
			redislock_conn_throw_unexpected(lock->conn, reply);
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	zend_string_release(token);
	return result;
}

PHP_METHOD(RedisLock, lock)
{
	zend_string *name, *key;
	double timeout = 0, expire = 15, deadline;
	zend_long wait_us = 100000, ms;
	redislock_lock_obj *lock;
	zval *held;
	int taken;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
		Z_PARAM_LONG(wait_us)
	ZEND_PARSE_PARAMETERS_END();

	if (!check_name(name, 1) || !check_seconds(timeout, 2, true) || !check_seconds(expire, 3, false)) {
		RETURN_THROWS();
	}
	if (wait_us < 0) {
		zend_argument_value_error(4, "must be greater than or equal to 0");
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS)) || lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	ms = seconds_to_ms(expire);
	key = lock_key(lock, name);

	/* Locking a name we already hold does not wait for ourselves: while Redis still
	 * has our token, the lock is renewed to the new lifetime and we return at once.
	 * There is no nesting count; one unlock() releases it. */
	if ((held = zend_hash_find(&lock->held, name)) != NULL) {
		zend_string *token = zend_string_copy(Z_STR_P(held));
		zend_long renewed = run_token_script(lock, &redislock_script_extend, key, token, ms);
		zend_string_release(token);
		if (renewed != 0) {
			zend_string_release(key);
			if (renewed < 0) {
				RETURN_THROWS();
			}
			RETURN_TRUE;
		}
		zend_hash_del(&lock->held, name);
	}

	deadline = redislock_now() + timeout;
	for (;;) {
		double remaining;
		taken = try_acquire(lock, name, key, ms);
		if (taken != 0) {
			break;
		}
		remaining = deadline - redislock_now();
		if (remaining <= 0) {
			break;
		}
		usleep((useconds_t) MIN((double) wait_us, ceil(remaining * 1e6)));
	}
	zend_string_release(key);
	if (taken < 0) {
		RETURN_THROWS();
	}
	RETURN_BOOL(taken == 1);
}

PHP_METHOD(RedisLock, unlock)
{
	zend_string *name, *key, *token;
	redislock_lock_obj *lock;
	zval *held;
	zend_long released;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!check_name(name, 1)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if ((held = zend_hash_find(&lock->held, name)) == NULL) {
		RETURN_FALSE;
	}
	if (lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	token = zend_string_copy(Z_STR_P(held));
	key = lock_key(lock, name);
	/* Forget the name whatever happens: either we release it now, or it is not ours. */
	zend_hash_del(&lock->held, name);
	released = run_token_script(lock, &redislock_script_unlock, key, token, 0);
	if (released == TOKEN_SCRIPT_LOST) {
		remember_orphan(lock, key, token);
	}
	zend_string_release(key);
	zend_string_release(token);
	if (released < 0) {
		RETURN_THROWS();
	}
	RETURN_BOOL(released == 1);
}

PHP_METHOD(RedisLock, unlockAll)
{
	redislock_lock_obj *lock;
	bool all_released;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!(lock = this_lock(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (release_all(lock, true, &all_released) == FAILURE) {
		RETURN_THROWS();
	}
	RETURN_BOOL(all_released);
}

PHP_METHOD(RedisLock, expire)
{
	zend_string *name, *key, *token;
	double expire;
	redislock_lock_obj *lock;
	zval *held;
	zend_long extended;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!check_name(name, 1) || !check_seconds(expire, 2, false)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if ((held = zend_hash_find(&lock->held, name)) == NULL) {
		RETURN_FALSE;
	}
	if (lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	token = zend_string_copy(Z_STR_P(held));
	key = lock_key(lock, name);
	extended = run_token_script(lock, &redislock_script_extend, key, token, seconds_to_ms(expire));
	zend_string_release(key);
	zend_string_release(token);
	if (extended < 0) {
		RETURN_THROWS();
	}
	if (extended == 0) {
		/* It expired and is gone or someone else's now: we no longer hold it. */
		zend_hash_del(&lock->held, name);
	}
	RETURN_BOOL(extended == 1);
}

PHP_METHOD(RedisLock, isLocking)
{
	zend_string *name, *key;
	redislock_lock_obj *lock;
	redislock_argv a;
	redisReply *reply;
	zval *held;
	int holding = -1;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!check_name(name, 1)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if ((held = zend_hash_find(&lock->held, name)) == NULL) {
		RETURN_FALSE;
	}
	if (lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	key = lock_key(lock, name);
	redislock_argv_init(&a);
	redislock_argv_push(&a, "GET", 3);
	redislock_argv_push_str(&a, key);
	if (redislock_conn_call(lock->conn, &a, &reply) == FAILURE) {
		redislock_conn_throw(lock->conn);
	} else {
		if (reply->type == REDIS_REPLY_STRING) {
			holding = zend_string_equals_cstr(Z_STR_P(held), reply->str, reply->len);
		} else if (reply->type == REDIS_REPLY_NIL) {
			holding = 0;
		} else {
			redislock_conn_throw_unexpected(lock->conn, reply);
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	zend_string_release(key);
	if (holding < 0) {
		RETURN_THROWS();
	}
	if (!holding) {
		zend_hash_del(&lock->held, name);
	}
	RETURN_BOOL(holding);
}
