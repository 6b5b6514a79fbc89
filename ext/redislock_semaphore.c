/* RedisSemaphore: at most $limit permits of a name held at once.
 *
 * Invariants:
 * - An acquisition is one atomic script that looks at the permits held and at the
 *   wait queue together: nobody takes permits ahead of a queued waiter, and the
 *   waiters are served in arrival order, the first that does not fit stopping the
 *   rest (so a request for several permits is never starved by smaller ones).
 * - Every acquisition is its own member of the semaphore's sorted set, with its own
 *   deadline: a crashed holder's permits come back when its lifetime ends, and the
 *   set itself never outlives its longest acquisition.
 * - Tokens are "<permits>:<128 bits from the CSPRNG>", fresh per acquisition;
 *   release and extend act only on the member with that token.
 * - If an acquisition was sent but its reply was lost, we do not believe we hold
 *   it, and we remove it by its random part once we are connected again.
 * - A waiter never sleeps in a loop: it queues and blocks in BLPOP on its own
 *   wake-up list, which a release signals once the permits it asked for are
 *   promised to it.
 */
#include "redislock_semaphore.h"
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_keys.h"
#include "redislock_runner.h"
#include "redislock_wait.h"
#include "zend_exceptions.h"

#define REDISLOCK_SEMAPHORE_DEFAULT_PREFIX "Semaphore:"
/* The largest limit: far below where a sum of permits in Lua loses digits. */
#define REDISLOCK_SEMAPHORE_MAX_LIMIT 1000000000

#define SEM_THROWN -1
#define SEM_BUSY 0
#define SEM_TAKEN 1

typedef struct _redislock_semaphore_obj {
	redislock_conn *conn;
	zend_string *prefix;
	HashTable held;      /* token => name of every acquisition this object holds */
	HashTable orphans;   /* random part => name of acquisitions whose reply was lost */
	HashTable watch;     /* token => watchdog entry id of every acquisition it renews */
	redislock_wd_target *wd_target; /* where the watchdog renews, made on first use */
	uint32_t generation; /* the fork generation whose acquisitions these are */
	zend_object std;
} redislock_semaphore_obj;

/* The keys a semaphore script is given: the set, and on a cluster its queue too
 * (declared, so that a migrating slot is answered before a script runs). */
typedef struct {
	zend_string *key;
	zend_string *queue;  /* NULL but on a cluster */
	const char *hint;    /* redislock_sibling_hint(key), or "" */
} sem_keys;

static zend_object_handlers semaphore_handlers;

static void hold_clear(redislock_semaphore_obj *sem);

static inline redislock_semaphore_obj *sem_from_obj(zend_object *obj)
{
	return (redislock_semaphore_obj *) ((char *) obj - XtOffsetOf(redislock_semaphore_obj, std));
}

/* A forked child inherits the object, but the permits in it are its parent's. */
static void forget_parent_permits(redislock_semaphore_obj *sem)
{
	if (sem->generation != redislock_fork_generation) {
		hold_clear(sem);
		zend_hash_clean(&sem->orphans);
		sem->generation = redislock_fork_generation;
	}
}

static redislock_semaphore_obj *this_sem(zval *this_ptr)
{
	redislock_semaphore_obj *sem = sem_from_obj(Z_OBJ_P(this_ptr));
	if (!sem->conn) {
		zend_throw_error(NULL, "%s object is not initialized: its constructor was not called",
			ZSTR_VAL(Z_OBJCE_P(this_ptr)->name));
		return NULL;
	}
	forget_parent_permits(sem);
	return sem;
}

static double read_timeout(const redislock_semaphore_obj *sem)
{
	return redislock_conn_config(sem->conn)->read_timeout;
}

static void keys_init(sem_keys *k, const redislock_semaphore_obj *sem, const zend_string *name)
{
	const char *hint;
	k->key = zend_string_concat2(ZSTR_VAL(sem->prefix), ZSTR_LEN(sem->prefix), ZSTR_VAL(name), ZSTR_LEN(name));
	hint = redislock_sibling_hint(k->key);
	k->hint = hint ? hint : "";
	k->queue = redislock_conn_config(sem->conn)->mode == REDISLOCK_MODE_CLUSTER
		? redislock_sibling_key(k->key, ":queue") : NULL;
}

static void keys_free(sem_keys *k)
{
	zend_string_release(k->key);
	if (k->queue) {
		zend_string_release(k->queue);
	}
}

/* ---- the arguments of each script ----------------------------------------------- *
 * Every caller of a script (the methods, the watchdog's renewal, auto-release,
 * orphan cleanup) builds its command with one of these, each a call of the
 * script's generated builder (ext/lua/<script>.lua lists its keys and arguments):
 * an argument cannot be left out (the compiler counts the parameters). The argv
 * points into k and the strings given: they must live until the command is sent. */

/* KEYS S [Q]. ARGV: waiter id, permits, limit, lifetime ms, mode, alive ms, hint. */
static void sem_acquire_args(redislock_argv *a, const sem_keys *k, const zend_string *hex, zend_long permits,
	zend_long limit, zend_long ms, const char *mode)
{
	redislock_script_sem_acquire_args(a, k->key, k->queue, hex, permits, limit, ms, mode, REDISLOCK_ALIVE_MS, k->hint);
}

/* KEYS S [Q]. ARGV: token (or its random part, with by_random_part), 's' or '', hint. */
static void sem_release_args(redislock_argv *a, const sem_keys *k, const zend_string *token, bool by_random_part)
{
	redislock_script_sem_release_args(a, k->key, k->queue, token, by_random_part, k->hint);
}

/* KEYS S [Q]. ARGV: token, lifetime ms, hint. Also the watchdog's renewal. */
static void sem_extend_args(redislock_argv *a, const sem_keys *k, const zend_string *token, zend_long ms)
{
	redislock_script_sem_extend_args(a, k->key, k->queue, token, ms, k->hint);
}

/* KEYS S (the count script reads the set alone). ARGV: a token, or NULL for all. */
static void sem_count_args(redislock_argv *a, const sem_keys *k, const zend_string *token)
{
	redislock_script_sem_count_args(a, k->key, token);
}

static void remember(HashTable *table, zend_string *key, const zend_string *value)
{
	zval zv;
	ZVAL_STR_COPY(&zv, (zend_string *) value);
	zend_hash_update(table, key, &zv);
}

/* The random part of a token: what follows its colon. */
static zend_string *token_hex(const zend_string *token)
{
	const char *colon = memchr(ZSTR_VAL(token), ':', ZSTR_LEN(token));
	return colon
		? zend_string_init(colon + 1, ZSTR_LEN(token) - (colon + 1 - ZSTR_VAL(token)), 0)
		: zend_string_copy((zend_string *) token);
}

/* ---- holds, and the watchdog that renews them ---------------------------------- */

static bool watched(const redislock_semaphore_obj *sem)
{
	return redislock_conn_config(sem->conn)->watchdog;
}

/* The lifetime of an acquisition: $expire, or with the watchdog its lease. */
static zend_long hold_ms(const redislock_semaphore_obj *sem, double expire)
{
	return redislock_seconds_to_ms(watched(sem) ? redislock_conn_config(sem->conn)->watchdog_lease : expire);
}

static void watch_stop(redislock_semaphore_obj *sem, zend_string *token)
{
	zval *id = zend_hash_find(&sem->watch, token);
	if (id) {
		redislock_wd_remove((uint64_t) Z_LVAL_P(id));
		zend_hash_del(&sem->watch, token);
	}
}

/* Remembers an acquisition of ours, and hands it to the watchdog when there is
 * one: the renewal is the extend script with the lease, its command built as
 * extend() builds it. */
static void hold_set(redislock_semaphore_obj *sem, zend_string *name, zend_string *token)
{
	const redislock_config *cfg = redislock_conn_config(sem->conn);
	redislock_argv a;
	sem_keys k;
	uint64_t id;
	zval zv;

	remember(&sem->held, token, name);
	if (!watched(sem) || (!sem->wd_target && (sem->wd_target = redislock_conn_watchdog_target(sem->conn)) == NULL)) {
		return;
	}
	keys_init(&k, sem, name);
	sem_extend_args(&a, &k, token, redislock_seconds_to_ms(cfg->watchdog_lease));
	id = redislock_wd_add(sem->wd_target, a.argc, a.argv, a.lens, redislock_script_sem_extend.body,
		cfg->watchdog_lease, cfg->watchdog_max_hold, redislock_conn_last_flush(sem->conn));
	redislock_argv_free(&a);
	keys_free(&k);
	if (id) {
		ZVAL_LONG(&zv, (zend_long) id);
		zend_hash_update(&sem->watch, token, &zv);
	}
}

static void hold_forget(redislock_semaphore_obj *sem, zend_string *token)
{
	zend_hash_del(&sem->held, token);
	watch_stop(sem, token);
}

static void hold_clear(redislock_semaphore_obj *sem)
{
	zval *id;
	zend_hash_clean(&sem->held);
	ZEND_HASH_FOREACH_VAL(&sem->watch, id) {
		redislock_wd_remove((uint64_t) Z_LVAL_P(id));
	} ZEND_HASH_FOREACH_END();
	zend_hash_clean(&sem->watch);
}

static void remember_orphan(redislock_semaphore_obj *sem, const zend_string *name, const zend_string *token)
{
	zend_string *hex = token_hex(token);
	remember(&sem->orphans, hex, name);
	zend_string_release(hex);
}

/* ---- releases ----------------------------------------------------------------- */

/* Runs the release script for n acquisitions in one round trip: tokens[i] of
 * names[i] (with suffix: its random part). removed[i] tells which were still held.
 * FAILURE is recorded on the connection, not thrown. */
static zend_result release_many(redislock_semaphore_obj *sem, zend_string **names, zend_string **tokens, uint32_t n,
	bool suffix, bool *removed)
{
	/* An argv points into the strings pushed: the keys live until the call is done. */
	redislock_argv *sets = safe_emalloc(n, sizeof(*sets), 0);
	redisReply **replies = safe_emalloc(n, sizeof(*replies), 0);
	sem_keys *keys = safe_emalloc(n, sizeof(*keys), 0);
	zend_result result;
	bool replies_read;

	for (uint32_t i = 0; i < n; i++) {
		keys_init(&keys[i], sem, names[i]);
		sem_release_args(&sets[i], &keys[i], tokens[i], suffix);
	}
	result = redislock_script_call_many(sem->conn, &redislock_script_sem_release, sets, (int) n, read_timeout(sem), replies);
	replies_read = result == SUCCESS;
	for (uint32_t i = 0; i < n && result == SUCCESS; i++) {
		if (replies[i]->type == REDIS_REPLY_ERROR) {
			redislock_conn_set_error(sem->conn, REDISLOCK_ERR_SERVER, "semaphore release script on %s failed: %.*s",
				redislock_conn_endpoint(sem->conn), (int) MIN(replies[i]->len, 512), replies[i]->str);
			result = FAILURE;
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		removed[i] = result == SUCCESS && replies[i]->type == REDIS_REPLY_INTEGER && replies[i]->integer > 0;
		if (replies_read) {
			freeReplyObject(replies[i]);
		}
		redislock_argv_free(&sets[i]);
		keys_free(&keys[i]);
	}
	efree(sets);
	efree(replies);
	efree(keys);
	return result;
}

/* Splits a key => value table into arrays: names are the values for held (token
 * => name) and orphans (random part => name) alike. */
static uint32_t table_arrays(HashTable *table, zend_string ***names, zend_string ***tokens)
{
	uint32_t n = zend_hash_num_elements(table), i = 0;
	zend_string *token;
	zval *name;

	*names = safe_emalloc(n, sizeof(**names), 0);
	*tokens = safe_emalloc(n, sizeof(**tokens), 0);
	ZEND_HASH_FOREACH_STR_KEY_VAL(table, token, name) {
		(*names)[i] = zend_string_copy(Z_STR_P(name));
		(*tokens)[i] = zend_string_copy(token);
		i++;
	} ZEND_HASH_FOREACH_END();
	return n;
}

static void free_arrays(zend_string **names, zend_string **tokens, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(names[i]);
		zend_string_release(tokens[i]);
	}
	efree(names);
	efree(tokens);
}

/* Removes every acquisition whose reply was lost, by its random part. */
static zend_result clean_orphans(redislock_semaphore_obj *sem)
{
	zend_string **names, **hexes;
	uint32_t n;
	bool *removed;
	zend_result result;

	if (zend_hash_num_elements(&sem->orphans) == 0) {
		return SUCCESS;
	}
	n = table_arrays(&sem->orphans, &names, &hexes);
	removed = safe_emalloc(n, sizeof(*removed), 0);
	result = release_many(sem, names, hexes, n, true, removed);
	if (result == SUCCESS) {
		zend_hash_clean(&sem->orphans);
	}
	efree(removed);
	free_arrays(names, hexes, n);
	return result;
}

static zend_result sem_prepare(redislock_semaphore_obj *sem)
{
	if (zend_hash_num_elements(&sem->orphans) > 0 && clean_orphans(sem) == FAILURE) {
		redislock_conn_throw(sem->conn);
		return FAILURE;
	}
	return SUCCESS;
}

/* Gives back every permit this object holds, in one round trip. Failures are
 * silent: the lifetimes still bound them. */
static void release_all(redislock_semaphore_obj *sem)
{
	zend_string **names, **tokens;
	uint32_t n;
	bool *removed;

	if (zend_hash_num_elements(&sem->orphans) > 0 && clean_orphans(sem) == FAILURE) {
		return;
	}
	if (zend_hash_num_elements(&sem->held) == 0) {
		return;
	}
	n = table_arrays(&sem->held, &names, &tokens);
	hold_clear(sem);
	removed = safe_emalloc(n, sizeof(*removed), 0);
	if (release_many(sem, names, tokens, n, false, removed) == FAILURE) {
		for (uint32_t i = 0; i < n; i++) {
			remember_orphan(sem, names[i], tokens[i]);
		}
	}
	efree(removed);
	free_arrays(names, tokens, n);
}

static void auto_release(redislock_semaphore_obj *sem)
{
	if (!sem->conn) {
		return;
	}
	forget_parent_permits(sem);
	if (redislock_conn_config(sem->conn)->auto_release) {
		release_all(sem);
	} else if (zend_hash_num_elements(&sem->orphans) > 0) {
		clean_orphans(sem);
	}
	hold_clear(sem);
}

/* RSHUTDOWN: objects a fatal error kept from being destructed still let go. */
static void sem_on_shutdown(void *owner)
{
	auto_release((redislock_semaphore_obj *) owner);
}

/* Gives back one acquisition: 1, 0 when it was not held, -1 after throwing (the
 * token then kept as an orphan to retry). */
static int release_one(redislock_semaphore_obj *sem, zend_string *name, zend_string *token)
{
	bool removed = false;
	zval *held = zend_hash_find(&sem->held, token);

	if (held && zend_string_equals(Z_STR_P(held), name)) {
		hold_forget(sem, token);
	}
	if (release_many(sem, &name, &token, 1, false, &removed) == FAILURE) {
		remember_orphan(sem, name, token);
		redislock_conn_throw(sem->conn);
		return -1;
	}
	return removed;
}

/* ---- acquisition --------------------------------------------------------------- */

#define ATTEMPT_ONCE '0'
#define ATTEMPT_QUEUE '1'
#define ATTEMPT_LAST '2'

/* One attempt: SEM_TAKEN with *token set, SEM_BUSY with *pttl the ms until the
 * first acquisition ends (-1: none), or SEM_THROWN. */
static int attempt(redislock_semaphore_obj *sem, zend_string *name, const sem_keys *k, zend_string *hex,
	zend_long permits, zend_long limit, zend_long ms, char mode, zend_long *pttl, zend_string **token)
{
	redislock_argv a;
	redisReply *reply;
	int outcome = SEM_THROWN;

	sem_acquire_args(&a, k, hex, permits, limit, ms, &mode);
	if (redislock_script_call(sem->conn, &redislock_script_sem_acquire, &a, read_timeout(sem), &reply) == FAILURE) {
		/* Once sent, the script may have run: ours to clean up, not to count on. */
		if (redislock_conn_sent(sem->conn)) {
			remember(&sem->orphans, hex, name);
		}
		redislock_conn_throw(sem->conn);
	} else {
		if (reply->type == REDIS_REPLY_INTEGER) {
			*pttl = (zend_long) reply->integer;
			outcome = SEM_BUSY;
		} else if (reply->type == REDIS_REPLY_STRING) {
			*token = zend_string_init(reply->str, reply->len, 0);
			outcome = SEM_TAKEN;
		} else {
			redislock_conn_throw_unexpected(sem->conn, reply);
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	return outcome;
}

/* Takes permits of name, waiting up to timeout seconds in the queue; on SEM_TAKEN
 * the token is remembered as held and returned in *token. */
static int take(redislock_semaphore_obj *sem, zend_string *name, zend_long limit, zend_long permits, double timeout,
	zend_long ms, zend_string **token)
{
	zend_string *hex = redislock_random_hex(), *wake_key = NULL;
	bool waiting = timeout > 0;
	double deadline = redislock_now() + timeout;
	sem_keys k;
	int outcome;

	if (!hex) {
		return SEM_THROWN;
	}
	keys_init(&k, sem, name);
	if (waiting) {
		zend_string *prefix = redislock_sibling_key(k.key, ":w:");
		wake_key = zend_string_concat3(ZSTR_VAL(prefix), ZSTR_LEN(prefix), "w:", 2, ZSTR_VAL(hex), ZSTR_LEN(hex));
		zend_string_release(prefix);
	}
	for (;;) {
		bool last = waiting && deadline - redislock_now() <= 0;
		char mode = !waiting ? ATTEMPT_ONCE : last ? ATTEMPT_LAST : ATTEMPT_QUEUE;
		zend_long pttl = -1;
		double remaining, block;
		bool until_expiry;

		outcome = attempt(sem, name, &k, hex, permits, limit, ms, mode, &pttl, token);
		if (outcome != SEM_BUSY || !waiting || last) {
			break;
		}
		remaining = deadline - redislock_now();
		if (remaining <= 0) {
			continue;
		}
		block = redislock_block_time(remaining, pttl, &until_expiry);
		if (redislock_blpop(sem->conn, &wake_key, 1, block, until_expiry) == FAILURE) {
			/* Permits may have been promised to us meanwhile: cleaning the orphan
			 * passes them on at once, instead of after our alive mark. */
			remember(&sem->orphans, hex, name);
			outcome = SEM_THROWN;
			break;
		}
	}
	if (outcome == SEM_TAKEN) {
		hold_set(sem, name, *token);
	}
	keys_free(&k);
	if (wake_key) {
		zend_string_release(wake_key);
	}
	zend_string_release(hex);
	return outcome;
}

/* ---- object handlers ----------------------------------------------------------- */

static zend_object *semaphore_create(zend_class_entry *ce)
{
	redislock_semaphore_obj *sem = zend_object_alloc(sizeof(redislock_semaphore_obj), ce);
	zend_object_std_init(&sem->std, ce);
	object_properties_init(&sem->std, ce);
	zend_hash_init(&sem->held, 8, NULL, ZVAL_PTR_DTOR, 0);
	zend_hash_init(&sem->orphans, 0, NULL, ZVAL_PTR_DTOR, 0);
	zend_hash_init(&sem->watch, 0, NULL, NULL, 0);
	sem->std.handlers = &semaphore_handlers;
	return &sem->std;
}

static void semaphore_dtor(zend_object *obj)
{
	auto_release(sem_from_obj(obj));
	zend_objects_destroy_object(obj);
}

static void semaphore_free(zend_object *obj)
{
	redislock_semaphore_obj *sem = sem_from_obj(obj);
	/* After a fatal error PHP skips dtor_obj: the release happens here instead. */
	auto_release(sem);
	if (sem->conn) {
		redislock_conn_destroy(sem->conn);
		sem->conn = NULL;
	}
	if (sem->prefix) {
		zend_string_release(sem->prefix);
	}
	hold_clear(sem);
	zend_hash_destroy(&sem->held);
	zend_hash_destroy(&sem->watch);
	redislock_wd_target_release(sem->wd_target);
	zend_hash_destroy(&sem->orphans);
	zend_object_std_dtor(obj);
}

static HashTable *semaphore_debug_info(zend_object *obj, int *is_temp)
{
	redislock_semaphore_obj *sem = sem_from_obj(obj);
	zval info;

	*is_temp = 1;
	array_init(&info);
	if (sem->conn) {
		redislock_config_describe(redislock_conn_config(sem->conn), &info);
		add_assoc_str(&info, "prefix", zend_string_copy(sem->prefix));
		add_assoc_bool(&info, "auto_release", redislock_conn_config(sem->conn)->auto_release);
		add_assoc_bool(&info, "connected", redislock_conn_connected(sem->conn));
		add_assoc_long(&info, "acquisitions", zend_hash_num_elements(&sem->held));
	}
	return Z_ARRVAL(info);
}

void redislock_semaphore_startup(zend_class_entry *ce)
{
	ce->create_object = semaphore_create;
	memcpy(&semaphore_handlers, zend_get_std_object_handlers(), sizeof(semaphore_handlers));
	semaphore_handlers.offset = XtOffsetOf(redislock_semaphore_obj, std);
	semaphore_handlers.dtor_obj = semaphore_dtor;
	semaphore_handlers.free_obj = semaphore_free;
	semaphore_handlers.clone_obj = NULL;
	semaphore_handlers.get_debug_info = semaphore_debug_info;
}

/* ---- argument checks -------------------------------------------------------------- */

static bool check_limit(zend_long limit, uint32_t arg_num)
{
	if (limit < 1 || limit > REDISLOCK_SEMAPHORE_MAX_LIMIT) {
		zend_argument_value_error(arg_num, "must be between 1 and %d", REDISLOCK_SEMAPHORE_MAX_LIMIT);
		return false;
	}
	return true;
}

static bool check_token(const zend_string *token, uint32_t arg_num)
{
	if (ZSTR_LEN(token) == 0) {
		zend_argument_value_error(arg_num, "must not be empty");
		return false;
	}
	return true;
}

/* ---- methods ------------------------------------------------------------------ */

PHP_METHOD(RedisSemaphore, __construct)
{
	zend_string *dsn = NULL;
	HashTable *options = NULL;
	redislock_semaphore_obj *sem = sem_from_obj(Z_OBJ_P(ZEND_THIS));
	redislock_config cfg;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT_OR_STR_OR_NULL(options, dsn)
	ZEND_PARSE_PARAMETERS_END();

	if (sem->conn) {
		zend_throw_error(NULL, "RedisSemaphore::__construct() cannot be called twice");
		RETURN_THROWS();
	}
	if (redislock_config_parse(&cfg, dsn, options, 1) == FAILURE) {
		RETURN_THROWS();
	}
	if (cfg.queue_options) {
		redislock_config_free(&cfg);
		zend_argument_value_error(1, "cannot use options \"max_attempts\" and \"retry_backoff\": they apply to RedisQueue reservations");
		RETURN_THROWS();
	}
	if (cfg.mode == REDISLOCK_MODE_REDLOCK) {
		redislock_config_free(&cfg);
		zend_argument_value_error(1, "cannot use option \"redlock\": a semaphore counts its permits in one place, "
			"a server, a Sentinel-managed master or a cluster slot, never split over independent servers");
		RETURN_THROWS();
	}
	if (cfg.min_replicas > 0) {
		redislock_config_free(&cfg);
		zend_argument_value_error(1, "cannot use option \"min_replicas\": it applies to RedisLock acquisitions");
		RETURN_THROWS();
	}
	sem->prefix = cfg.prefix ? zend_string_copy(cfg.prefix)
		: zend_string_init(REDISLOCK_SEMAPHORE_DEFAULT_PREFIX, sizeof(REDISLOCK_SEMAPHORE_DEFAULT_PREFIX) - 1, 0);
	sem->conn = redislock_conn_create(&cfg);
	sem->generation = redislock_fork_generation;
	redislock_conn_on_shutdown(sem->conn, sem_on_shutdown, sem);
}

PHP_METHOD(RedisSemaphore, acquire)
{
	zend_string *name, *token;
	zend_long limit, permits = 1;
	double timeout = 0, expire = 15;
	redislock_semaphore_obj *sem;
	int outcome;

	ZEND_PARSE_PARAMETERS_START(2, 5)
		Z_PARAM_STR(name)
		Z_PARAM_LONG(limit)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
		Z_PARAM_LONG(permits)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_limit(limit, 2) || !redislock_check_seconds(timeout, 3, true)
		|| !redislock_check_seconds(expire, 4, false)) {
		RETURN_THROWS();
	}
	if (permits < 1 || permits > limit) {
		zend_argument_value_error(5, "must be between 1 and $limit (" ZEND_LONG_FMT ")", limit);
		RETURN_THROWS();
	}
	if (!(sem = this_sem(ZEND_THIS)) || sem_prepare(sem) == FAILURE) {
		RETURN_THROWS();
	}
	outcome = take(sem, name, limit, permits, timeout, hold_ms(sem, expire), &token);
	if (outcome == SEM_THROWN) {
		RETURN_THROWS();
	}
	if (outcome == SEM_BUSY) {
		RETURN_FALSE;
	}
	RETURN_STR(token);
}

PHP_METHOD(RedisSemaphore, release)
{
	zend_string *name, *token;
	redislock_semaphore_obj *sem;
	int removed;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_token(token, 2) || !(sem = this_sem(ZEND_THIS)) || sem_prepare(sem) == FAILURE) {
		RETURN_THROWS();
	}
	if ((removed = release_one(sem, name, token)) < 0) {
		RETURN_THROWS();
	}
	RETURN_BOOL(removed);
}

/* extend(), holds() and count(): one script on the semaphore of name, whose
 * answer is an integer. With token, the script is given it (and, for extend, the
 * lifetime ms). False after throwing. */
static bool integer_call(redislock_semaphore_obj *sem, const redislock_script *script, zend_string *name,
	zend_string *token, zend_long ms, zend_long *out)
{
	redislock_argv a;
	redisReply *reply;
	sem_keys k;
	bool ok = false;

	keys_init(&k, sem, name);
	if (script == &redislock_script_sem_extend) {
		sem_extend_args(&a, &k, token, ms);
	} else {
		sem_count_args(&a, &k, token);
	}
	if (redislock_script_call(sem->conn, script, &a, read_timeout(sem), &reply) == FAILURE) {
		redislock_conn_throw(sem->conn);
	} else {
		if (reply->type == REDIS_REPLY_INTEGER) {
			*out = (zend_long) reply->integer;
			ok = true;
		} else {
			redislock_conn_throw_unexpected(sem->conn, reply);
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	keys_free(&k);
	return ok;
}

PHP_METHOD(RedisSemaphore, extend)
{
	zend_string *name, *token;
	double expire;
	redislock_semaphore_obj *sem;
	zend_long extended;

	ZEND_PARSE_PARAMETERS_START(3, 3)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_token(token, 2) || !redislock_check_seconds(expire, 3, false)
		|| !(sem = this_sem(ZEND_THIS)) || sem_prepare(sem) == FAILURE
		|| !integer_call(sem, &redislock_script_sem_extend, name, token, redislock_seconds_to_ms(expire), &extended)) {
		RETURN_THROWS();
	}
	if (extended != 1) {
		/* Lapsed: not ours any more. */
		hold_forget(sem, token);
	}
	RETURN_BOOL(extended == 1);
}

PHP_METHOD(RedisSemaphore, holds)
{
	zend_string *name, *token;
	redislock_semaphore_obj *sem;
	zend_long left;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_token(token, 2) || !(sem = this_sem(ZEND_THIS)) || sem_prepare(sem) == FAILURE
		|| !integer_call(sem, &redislock_script_sem_count, name, token, 0, &left)) {
		RETURN_THROWS();
	}
	RETURN_BOOL(left >= 0);
}

PHP_METHOD(RedisSemaphore, count)
{
	zend_string *name;
	redislock_semaphore_obj *sem;
	zend_long n;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(sem = this_sem(ZEND_THIS)) || sem_prepare(sem) == FAILURE
		|| !integer_call(sem, &redislock_script_sem_count, name, NULL, 0, &n)) {
		RETURN_THROWS();
	}
	RETURN_LONG(n);
}

PHP_METHOD(RedisSemaphore, synchronized)
{
	zend_string *name, *token;
	zend_long limit;
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;
	double timeout = 0, expire = 15;
	redislock_semaphore_obj *sem;
	int outcome;

	ZEND_PARSE_PARAMETERS_START(3, 5)
		Z_PARAM_STR(name)
		Z_PARAM_LONG(limit)
		Z_PARAM_FUNC(fci, fcc)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_limit(limit, 2) || !redislock_check_seconds(timeout, 4, true)
		|| !redislock_check_seconds(expire, 5, false)) {
		RETURN_THROWS();
	}
	if (!(sem = this_sem(ZEND_THIS)) || sem_prepare(sem) == FAILURE) {
		RETURN_THROWS();
	}
	outcome = take(sem, name, limit, 1, timeout, hold_ms(sem, expire), &token);
	if (outcome == SEM_THROWN) {
		RETURN_THROWS();
	}
	if (outcome == SEM_BUSY) {
		redislock_throw(redislock_ce_timeout_exception, "semaphore \"%.*s\" on %s had no free permit of " ZEND_LONG_FMT " within %g s",
			(int) MIN(ZSTR_LEN(name), 200), ZSTR_VAL(name), redislock_conn_endpoint(sem->conn), limit, timeout);
		RETURN_THROWS();
	}

	fci.retval = return_value;
	zend_call_function(&fci, &fcc);

	/* $fn may have forked: a child returning from it holds its parent's permit,
	 * which is the parent's to give back. Whatever $fn did, an exception
	 * included, the permit goes back; our exception chains onto its. */
	forget_parent_permits(sem);
	if (zend_hash_exists(&sem->held, token)) {
		release_one(sem, name, token);
	}
	zend_string_release(token);
}
