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
 *   wake-up list. A release that frees the permits it asked for writes its
 *   acquisition (with the lifetime it queued with) and pushes "h": the waiter
 *   returns without another command. Any other wake-up ("1": a promise of the
 *   previous release to confirm, a shortened hold) sends it back to the acquire
 *   script, which also finds an acquisition handed to it while it was not
 *   blocked.
 */
#include "redislock_semaphore.h"
#include "redislock_holder.h"
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_keys.h"
#include "redislock_names.h"
#include "redislock_runner.h"
#include "redislock_wait.h"
#include "zend_exceptions.h"

#define REDISLOCK_SEMAPHORE_DEFAULT_PREFIX "Semaphore:"

/* A method's end after an argument error (thrown) or a failed operation (its
 * failure recorded, thrown here, once). sem may be NULL: the object was not
 * ready, which threw. */
#define SEM_FAILED(sem) REDISLOCK_OBJECT_FAILED((sem) ? &(sem)->h.base : NULL)

typedef struct _redislock_semaphore_obj {
	/* Its tables are keyed by token (token_to_name) and by random part
	 * (hex_to_name): a name has any number of acquisitions. */
	redislock_holder h;
	zend_object std;
} redislock_semaphore_obj;

/* The keys a semaphore script is given: the set, and on a cluster its queue and
 * its counts too (declared, so that a migrating slot is answered before a script
 * runs). */
typedef struct {
	zend_string *key;
	zend_string *queue;  /* NULL but on a cluster */
	zend_string *units;  /* NULL but on a cluster */
	const char *hint;    /* redislock_sibling_hint(key), or "" */
} sem_keys;

static zend_object_handlers semaphore_handlers;

static inline redislock_semaphore_obj *sem_from_obj(zend_object *obj)
{
	return (redislock_semaphore_obj *) ((char *) obj - XtOffsetOf(redislock_semaphore_obj, std));
}

static redislock_semaphore_obj *this_sem(zval *this_ptr)
{
	redislock_semaphore_obj *sem = sem_from_obj(Z_OBJ_P(this_ptr));
	return redislock_holder_ready(&sem->h, this_ptr) ? sem : NULL;
}

static void keys_init(sem_keys *k, const redislock_semaphore_obj *sem, const zend_string *name)
{
	const char *hint;
	k->key = redislock_object_key(&sem->h.base, name);
	hint = redislock_sibling_hint(k->key);
	k->hint = hint ? hint : "";
	k->queue = k->units = NULL;
	if (redislock_conn_config(sem->h.conn)->mode == REDISLOCK_MODE_CLUSTER) {
		k->queue = redislock_sibling_key(k->key, ":queue");
		k->units = redislock_sibling_key(k->key, ":units");
	}
}

static void keys_free(sem_keys *k)
{
	zend_string_release(k->key);
	if (k->queue) {
		zend_string_release(k->queue);
		zend_string_release(k->units);
	}
}

/* ---- the arguments of each script ----------------------------------------------- *
 * Every caller of a script (the methods, the watchdog's renewal, auto-release,
 * orphan cleanup) builds its command with one of these, each a call of the
 * script's generated builder (ext/lua/semaphore/<name>.lua lists its keys and arguments):
 * an argument cannot be left out (the compiler counts the parameters). The argv
 * points into k and the strings given: they must live until the command is sent. */

/* KEYS S [Q B]. ARGV: waiter id, permits, limit, lifetime ms, mode, alive ms, hint. */
static void sem_acquire_args(redislock_argv *a, const sem_keys *k, const zend_string *hex, zend_long permits,
	zend_long limit, zend_long ms, const char *mode)
{
	redislock_script_sem_acquire_args(a, k->key, k->queue, k->units, hex, permits, limit, ms, mode, REDISLOCK_ALIVE_MS, k->hint);
}

/* KEYS S [Q B]. ARGV: token (or its random part, with by_random_part), 's' or '', hint. */
static void sem_release_args(redislock_argv *a, const sem_keys *k, const zend_string *token, bool by_random_part)
{
	redislock_script_sem_release_args(a, k->key, k->queue, k->units, token, by_random_part, k->hint);
}

/* KEYS S [Q B]. ARGV: token, lifetime ms, hint. */
static void sem_extend_args(redislock_argv *a, const sem_keys *k, const zend_string *token, zend_long ms)
{
	redislock_script_sem_extend_args(a, k->key, k->queue, k->units, token, ms, k->hint);
}

/* KEYS S [B]. ARGV: a token, or NULL for all, hint. */
static void sem_count_args(redislock_argv *a, const sem_keys *k, const zend_string *token)
{
	redislock_script_sem_count_args(a, k->key, k->units, token, k->hint);
}

/* ---- the holder's operations ------------------------------------------------------ */

static inline redislock_semaphore_obj *sem_from_holder(const redislock_holder *h)
{
	return (redislock_semaphore_obj *) ((char *) h - XtOffsetOf(redislock_semaphore_obj, h));
}

/* The watchdog's renewal of an acquisition: the sem_watch script with the lease,
 * which renews up to the bound the server keeps beside the semaphore (so that
 * extend() from any object or process ends the watch); the first renewal sets
 * the bound, what is left of max_hold, unless the server has one. Its "first" is
 * the argument before the last (the hint). */
static uint64_t holder_watch(redislock_holder *h, const zend_string *name, const zend_string *token, double max_hold)
{
	redislock_argv a;
	sem_keys k;
	uint64_t id;

	keys_init(&k, sem_from_holder(h), name);
	redislock_script_sem_watch_args(&a, k.key, k.queue, k.units, token,
		redislock_seconds_to_ms(redislock_conn_config(h->conn)->watchdog_lease), 0, k.hint);
	id = redislock_holder_wd_add_bounded(h, &a, redislock_script_sem_watch.body, a.argc - 2, max_hold);
	redislock_argv_free(&a);
	keys_free(&k);
	return id;
}

/* ---- releases ----------------------------------------------------------------- */

/* Runs the release script for n acquisitions in one round trip: tokens[i] of
 * names[i] (with suffix: its random part). removed[i] tells which were still held.
 * FAILURE is recorded on the connection, not thrown. */
static zend_result release_many(redislock_holder *h, zend_string **names, zend_string **tokens, uint32_t n,
	bool suffix, bool *removed)
{
	redislock_argv *sets = safe_emalloc(n, sizeof(*sets), 0);
	sem_keys *keys = safe_emalloc(n, sizeof(*keys), 0);
	zend_result result;

	for (uint32_t i = 0; i < n; i++) {
		keys_init(&keys[i], sem_from_holder(h), names[i]);
		sem_release_args(&sets[i], &keys[i], tokens[i], suffix);
	}
	result = redislock_holder_call_each(h, &redislock_script_sem_release, sets, n, "semaphore release", 1, removed);
	for (uint32_t i = 0; i < n; i++) {
		redislock_argv_free(&sets[i]);
		keys_free(&keys[i]);
	}
	efree(sets);
	efree(keys);
	return result;
}

static const redislock_holder_ops sem_holder_ops = {
	.release = release_many,
	.watch = holder_watch,
};

/* Gives back one acquisition: REDISLOCK_YES, REDISLOCK_NO when it was not held,
 * or REDISLOCK_FAILED (the token then kept as an orphan to retry). */
static redislock_outcome release_one(redislock_semaphore_obj *sem, zend_string *name, zend_string *token)
{
	bool removed = false;
	zval *held = zend_hash_find(&sem->h.token_to_name, token);

	if (held && zend_string_equals(Z_STR_P(held), name)) {
		redislock_holder_forget(&sem->h, token);
	}
	if (release_many(&sem->h, &name, &token, 1, false, &removed) == FAILURE) {
		redislock_holder_orphan_token(&sem->h, name, token);
		return REDISLOCK_FAILED;
	}
	return removed ? REDISLOCK_YES : REDISLOCK_NO;
}

/* ---- acquisition --------------------------------------------------------------- */

#define ATTEMPT_ONCE '0'
#define ATTEMPT_QUEUE '1'
#define ATTEMPT_LAST '2'

/* One attempt: REDISLOCK_YES with *token set, REDISLOCK_NO with *pttl the ms
 * until the first acquisition ends (-1: none), or REDISLOCK_FAILED. */
static redislock_outcome attempt(redislock_semaphore_obj *sem, zend_string *name, const sem_keys *k, zend_string *hex,
	zend_long permits, zend_long limit, zend_long ms, char mode, zend_long *pttl, zend_string **token)
{
	redislock_argv a;
	redisReply *reply;
	zend_result sent;
	redislock_outcome outcome = REDISLOCK_FAILED;

	sem_acquire_args(&a, k, hex, permits, limit, ms, &mode);
	sent = redislock_script_call(sem->h.conn, &redislock_script_sem_acquire, &a, redislock_object_read_timeout(&sem->h.base),
		&reply);
	redislock_argv_free(&a);
	if (sent == FAILURE) {
		/* Once sent, the script may have run. */
		redislock_holder_lost_reply(&sem->h, name, hex);
		return REDISLOCK_FAILED;
	}
	if (reply->type == REDIS_REPLY_INTEGER) {
		*pttl = (zend_long) reply->integer;
		outcome = REDISLOCK_NO;
	} else if (reply->type == REDIS_REPLY_STRING) {
		*token = zend_string_init(reply->str, reply->len, 0);
		outcome = REDISLOCK_YES;
	} else {
		redislock_conn_set_unexpected(sem->h.conn, reply);
	}
	freeReplyObject(reply);
	return outcome;
}

/* Takes permits of name, waiting up to timeout seconds in the queue; on
 * REDISLOCK_YES the token is remembered as held and returned in *token. */
static redislock_outcome take(redislock_semaphore_obj *sem, zend_string *name, zend_long limit, zend_long permits, double timeout,
	zend_long ms, zend_string **token)
{
	zend_string *hex = redislock_holder_new_random(&sem->h), *wake_key = NULL, *woke = NULL;
	bool waiting = timeout > 0;
	redislock_generation generation = redislock_fork_generation;
	double deadline = redislock_now() + timeout, remaining, block;
	bool until_expiry;
	sem_keys k;
	redislock_outcome outcome;

	if (!hex) {
		/* The CSPRNG failed, and said so. */
		return REDISLOCK_FAILED;
	}
	keys_init(&k, sem, name);
	if (waiting) {
		wake_key = redislock_holder_wake_key(k.key, hex);
	}
	for (;;) {
		bool last = waiting && deadline - redislock_now() <= 0;
		char mode = !waiting ? ATTEMPT_ONCE : last ? ATTEMPT_LAST : ATTEMPT_QUEUE;
		zend_long pttl = -1;

		outcome = attempt(sem, name, &k, hex, permits, limit, ms, mode, &pttl, token);
		if (outcome != REDISLOCK_NO || !waiting || last) {
			break;
		}
		remaining = deadline - redislock_now();
		if (remaining <= 0) {
			continue;
		}
		block = redislock_block_time(remaining, pttl, &until_expiry);
		if (redislock_blpop_popped(sem->h.conn, &wake_key, 1, block, until_expiry, &woke) == FAILURE) {
			/* Permits may have been promised to us meanwhile: cleaning the orphan
			 * passes them on at once, instead of after our alive mark. */
			redislock_holder_orphan(&sem->h, name, hex);
			if (EG(exception)) {
				/* A signal handler threw: leave the queue now, as the object may
				 * never be called again to clean its orphans. */
				redislock_holder_prepare(&sem->h);
			}
			outcome = REDISLOCK_FAILED;
			break;
		}
		if (generation != redislock_fork_generation) {
			/* A signal handler forked: the child ends the call with nothing and
			 * touches nothing of the wait, which its parent goes on with (both
			 * would otherwise return holding the one acquisition). A wake-up the
			 * child took is not lost: the parent's next attempt finds its
			 * acquisition. */
			outcome = REDISLOCK_NO;
			break;
		}
		if (woke && zend_string_equals_literal(woke, "h")) {
			/* The release wrote our acquisition, with our lifetime: nothing to
			 * confirm. */
			*token = strpprintf(0, ZEND_LONG_FMT ":%s", permits, ZSTR_VAL(hex));
			outcome = REDISLOCK_YES;
			break;
		}
		if (woke) {
			zend_string_release(woke);
			woke = NULL;
		}
	}
	if (woke) {
		zend_string_release(woke);
	}
	if (outcome == REDISLOCK_YES) {
		redislock_holder_hold(&sem->h, name, *token);
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
	return redislock_holder_create(ce, sizeof(redislock_semaphore_obj), &semaphore_handlers, &sem_holder_ops, false);
}

static HashTable *semaphore_debug_info(zend_object *obj, int *is_temp)
{
	redislock_semaphore_obj *sem = sem_from_obj(obj);
	zval info;

	*is_temp = 1;
	if (redislock_holder_debug_info(&sem->h, &info)) {
		add_assoc_bool(&info, "connected", redislock_conn_connected(sem->h.conn));
		add_assoc_long(&info, "acquisitions", zend_hash_num_elements(&sem->h.token_to_name));
	}
	return Z_ARRVAL(info);
}

void redislock_semaphore_startup(zend_class_entry *ce)
{
	redislock_holder_startup(ce, &semaphore_handlers, XtOffsetOf(redislock_semaphore_obj, std), semaphore_create,
		semaphore_debug_info);
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

/* ---- methods ------------------------------------------------------------------ */

PHP_METHOD(RedisSemaphore, __construct)
{
	redislock_semaphore_obj *sem = sem_from_obj(Z_OBJ_P(ZEND_THIS));
	redislock_config cfg;

	if (!redislock_object_parse(execute_data, &sem->h.base, REDISLOCK_CLASS_SEMAPHORE, &cfg)) {
		RETURN_THROWS();
	}
	redislock_holder_start(&sem->h, &cfg, REDISLOCK_SEMAPHORE_DEFAULT_PREFIX);
}

PHP_METHOD(RedisSemaphore, acquire)
{
	zend_string *name, *token;
	zend_long limit, permits = 1;
	double timeout = 0, expire = 15;
	redislock_semaphore_obj *sem = NULL;
	redislock_outcome outcome = REDISLOCK_FAILED;

	ZEND_PARSE_PARAMETERS_START(2, 5)
		Z_PARAM_STR(name)
		Z_PARAM_LONG(limit)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
		Z_PARAM_LONG(permits)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_limit(limit, 2)
		|| !redislock_check_seconds(timeout, 3, true) || !redislock_check_seconds(expire, 4, false)) {
		RETURN_THROWS();
	}
	if (permits < 1 || permits > limit) {
		zend_argument_value_error(5, "must be between 1 and $limit (" ZEND_LONG_FMT ")", limit);
		RETURN_THROWS();
	}
	if (!(sem = this_sem(ZEND_THIS)) || redislock_holder_prepare(&sem->h) == FAILURE
		|| (outcome = take(sem, name, limit, permits, timeout, redislock_holder_ms(&sem->h, expire), &token)) == REDISLOCK_FAILED) {
		SEM_FAILED(sem);
	}
	if (outcome == REDISLOCK_YES) {
		RETURN_STR(token);
	}
	RETURN_FALSE;
}

static redislock_outcome release_token_op(redislock_holder *h, zend_string *name, zend_string *token)
{
	return release_one(sem_from_holder(h), name, token);
}

PHP_METHOD(RedisSemaphore, release)
{
	redislock_holder_token_method(INTERNAL_FUNCTION_PARAM_PASSTHRU, &sem_from_obj(Z_OBJ_P(ZEND_THIS))->h, release_token_op);
}

/* extend(), holds() and count(): one script on the semaphore of name, whose
 * answer is an integer. With token, the script is given it (and, for extend, the
 * lifetime ms). False when it failed (recorded). */
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
	if (redislock_script_call(sem->h.conn, script, &a, redislock_object_read_timeout(&sem->h.base), &reply) == SUCCESS) {
		if (reply->type == REDIS_REPLY_INTEGER) {
			*out = (zend_long) reply->integer;
			ok = true;
		} else {
			redislock_conn_set_unexpected(sem->h.conn, reply);
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
	zend_long extended;
	redislock_semaphore_obj *sem = NULL;

	ZEND_PARSE_PARAMETERS_START(3, 3)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_holder_check_token(token, 2)
		|| !redislock_check_seconds(expire, 3, false) || !(sem = this_sem(ZEND_THIS)) || redislock_holder_prepare(&sem->h) == FAILURE
		|| !integer_call(sem, &redislock_script_sem_extend, name, token, redislock_seconds_to_ms(expire), &extended)) {
		SEM_FAILED(sem);
	}
	if (extended == 1) {
		RETURN_TRUE;
	}
	/* Lapsed: not ours any more. */
	redislock_holder_forget(&sem->h, token);
	RETURN_FALSE;
}

/* holds(): whether the acquisition token still holds its permits (the count
 * script's time left is -1 when not). */
static redislock_outcome holds_token_op(redislock_holder *h, zend_string *name, zend_string *token)
{
	zend_long left;
	if (!integer_call(sem_from_holder(h), &redislock_script_sem_count, name, token, 0, &left)) {
		return REDISLOCK_FAILED;
	}
	return left >= 0 ? REDISLOCK_YES : REDISLOCK_NO;
}

PHP_METHOD(RedisSemaphore, holds)
{
	redislock_holder_token_method(INTERNAL_FUNCTION_PARAM_PASSTHRU, &sem_from_obj(Z_OBJ_P(ZEND_THIS))->h, holds_token_op);
}

PHP_METHOD(RedisSemaphore, count)
{
	zend_string *name;
	redislock_semaphore_obj *sem = NULL;
	zend_long n;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(sem = this_sem(ZEND_THIS)) || redislock_holder_prepare(&sem->h) == FAILURE
		|| !integer_call(sem, &redislock_script_sem_count, name, NULL, 0, &n)) {
		SEM_FAILED(sem);
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
	redislock_semaphore_obj *sem = NULL;
	redislock_outcome outcome = REDISLOCK_FAILED;

	ZEND_PARSE_PARAMETERS_START(3, 5)
		Z_PARAM_STR(name)
		Z_PARAM_LONG(limit)
		Z_PARAM_FUNC(fci, fcc)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_limit(limit, 2)
		|| !redislock_check_seconds(timeout, 4, true) || !redislock_check_seconds(expire, 5, false)) {
		RETURN_THROWS();
	}
	if (!(sem = this_sem(ZEND_THIS)) || redislock_holder_prepare(&sem->h) == FAILURE
		|| (outcome = take(sem, name, limit, 1, timeout, redislock_holder_ms(&sem->h, expire), &token)) == REDISLOCK_FAILED) {
		SEM_FAILED(sem);
	}
	if (outcome == REDISLOCK_NO) {
		redislock_throw(redislock_ce_timeout_exception, "semaphore \"%.*s\" on %s had no free permit of " ZEND_LONG_FMT " within %g s",
			(int) MIN(ZSTR_LEN(name), 200), ZSTR_VAL(name), redislock_conn_endpoint(sem->h.conn), limit, timeout);
		RETURN_THROWS();
	}

	fci.retval = return_value;
	zend_call_function(&fci, &fcc);

	/* $fn may have forked: a child returning from it holds its parent's permit,
	 * which is the parent's to give back. Whatever $fn did, an exception
	 * included, the permit goes back; our exception chains onto its. */
	redislock_holder_forget_parent(&sem->h);
	if (zend_hash_exists(&sem->h.token_to_name, token) && release_one(sem, name, token) == REDISLOCK_FAILED) {
		redislock_conn_throw(sem->h.conn);
	}
	zend_string_release(token);
}

/* The sem_inspect script's answer (ext/lua/semaphore/sem_inspect.lua) as inspect()
 * returns it; false when it is not of that shape. */
static bool sem_inspect_result(const redisReply *r, zval *out)
{
	zval ttls;

	if (r->type != REDIS_REPLY_ARRAY || r->elements < 5) {
		return false;
	}
	for (size_t i = 0; i < r->elements; i++) {
		if (i != 4 && r->element[i]->type != REDIS_REPLY_INTEGER) {
			return false;
		}
	}
	array_init_size(&ttls, (uint32_t) (r->elements - 5));
	for (size_t i = 5; i < r->elements; i++) {
		add_next_index_double(&ttls, (double) MAX(r->element[i]->integer, 0) / 1000.0);
	}
	array_init_size(out, 6);
	add_assoc_long(out, "held", (zend_long) r->element[0]->integer);
	add_assoc_long(out, "holders", (zend_long) r->element[1]->integer);
	add_assoc_zval(out, "ttls", &ttls);
	add_assoc_long(out, "waiters", (zend_long) r->element[2]->integer);
	if (r->element[3]->integer < 0) {
		add_assoc_null(out, "oldest_wait");
	} else {
		add_assoc_double(out, "oldest_wait", (double) r->element[3]->integer / 1e6);
	}
	if (!redislock_holder_held_by(r->element[4], out)) {
		zval_ptr_dtor(out);
		return false;
	}
	return true;
}

static void inspect_args(redislock_holder *h, const zend_string *name, redislock_argv *a)
{
	sem_keys k;
	keys_init(&k, sem_from_holder(h), name);
	redislock_script_sem_inspect_args(a, k.key, k.queue, k.units, k.hint);
	keys_free(&k);
}

static const redislock_inspect_ops sem_inspect_ops = {
	.script = &redislock_script_sem_inspect,
	.args = inspect_args,
	.convert = sem_inspect_result,
};

static zend_result inspect_read(redislock_holder *h, zend_string *name, zval *out)
{
	return redislock_holder_inspect_one(h, &sem_inspect_ops, name, out);
}

PHP_METHOD(RedisSemaphore, inspect)
{
	redislock_holder_name_method(INTERNAL_FUNCTION_PARAM_PASSTHRU, &sem_from_obj(Z_OBJ_P(ZEND_THIS))->h, inspect_read);
}

PHP_METHOD(RedisSemaphore, inspectMany)
{
	redislock_holder_inspect_many(INTERNAL_FUNCTION_PARAM_PASSTHRU, &sem_from_obj(Z_OBJ_P(ZEND_THIS))->h, &sem_inspect_ops);
}

PHP_METHOD(RedisSemaphore, names)
{
	redislock_semaphore_obj *sem;

	if (!(sem = this_sem(ZEND_THIS))) {
		RETURN_THROWS();
	}
	redislock_holder_names(INTERNAL_FUNCTION_PARAM_PASSTHRU, &sem->h, redislock_semaphore_siblings);
}
