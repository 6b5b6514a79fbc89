/* RedisLock: the classic method names, made safe.
 *
 * Invariants:
 * - An acquisition sets the key with its lifetime in one atomic step (SET NX PX
 *   when the lock is free, else a script): never a key without a TTL, so a crash
 *   cannot leave a lock that lives forever.
 * - Every token holds 128 bits from the CSPRNG, fresh per acquisition, so no two
 *   owners (processes, servers, retries) ever share one. A fencing number, drawn
 *   from the counter of the name's cluster slot when first asked for
 *   (fencingToken(), fenceLock()) or at once (addLock()), goes in front of it as
 *   "<fence>:<hex>"; the random part alone names the hold.
 * - unlock and expire act only while Redis still holds our token, checked inside a
 *   Lua script, so a late caller never deletes or extends someone else's lock.
 * - If an acquisition was sent but its reply was lost, we do not believe we hold
 *   the lock, and we compare-and-delete its token once we are connected again.
 * - A waiter never sleeps in a loop: it joins the lock's FIFO queue and blocks in
 *   BLPOP on its own wake-up list, which unlock signals for the head of the queue
 *   only. The block is capped by the lock's remaining TTL, so a holder that dies
 *   without unlocking costs the waiters nothing beyond its lifetime.
 */
#include "redislock_lock.h"
#include "redislock_lock_backend.h"
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_names.h"
#include "zend_exceptions.h"
#include "ext/spl/spl_exceptions.h"

#define REDISLOCK_LOCK_DEFAULT_PREFIX "Lock:"

static zend_object_handlers lock_handlers;

static redislock_lock_obj *this_lock(zval *this_ptr)
{
	redislock_lock_obj *lock = lock_from_obj(Z_OBJ_P(this_ptr));
	return redislock_holder_ready(&lock->h, this_ptr) ? lock : NULL;
}

/* ---- failures ------------------------------------------------------------------ */

/* Throws the failure the last operation recorded (onto an exception already on
 * its way, it chains): the backend's, as Redlock records its failures apart from
 * the object's connection. The object base's throw_failure. */
static void lock_throw(const redislock_object *o)
{
	const redislock_lock_obj *lock = (const redislock_lock_obj *) ((const char *) o - XtOffsetOf(redislock_lock_obj, h.base));
	lock->backend->throw_failure(lock);
}

/* A method's end after an argument error or a failed operation (the base's one
 * throw). lock may be NULL: the object was not ready, which threw. */
#define LOCK_FAILED(lock) REDISLOCK_OBJECT_FAILED((lock) ? &(lock)->h.base : NULL)

/* Whether the object's backend can do what method needs (its table says); else
 * throws BadMethodCallException saying why and, with advise, what to use instead
 * (fenceLock(), given a token of this backend's, is told why only). */
static bool lock_can(const redislock_lock_obj *lock, lock_capability cap, const char *method, bool advise)
{
	const lock_lack *lack;

	if (!lock->backend) {
		/* The constructor has not run: the call's own check of the object says so. */
		return true;
	}
	lack = &lock->backend->lacks[cap];
	ZEND_ASSERT(cap != LOCK_CAN_FENCE || (lack->why == NULL) == (lock->backend->fence != NULL));
	if (!lack->why) {
		return true;
	}
	advise = advise && lack->instead;
	zend_throw_exception_ex(spl_ce_BadMethodCallException, 0, "RedisLock::%s() is not available with %s: %s%s%s",
		method, lock->backend->name, lack->why, advise ? "; " : "", advise ? lack->instead : "");
	return false;
}

/* ---- the holder's operations ------------------------------------------------------ */

static inline redislock_lock_obj *lock_from_holder(const redislock_holder *h)
{
	return (redislock_lock_obj *) ((char *) h - XtOffsetOf(redislock_lock_obj, h));
}

static zend_result holder_release(redislock_holder *h, zend_string **names, zend_string **tokens, uint32_t n, bool suffix,
	bool *released)
{
	redislock_lock_obj *lock = lock_from_holder(h);
	return lock->backend->release(lock, names, tokens, n, suffix, released);
}

/* The watchdog's renewal of a hold: the command single_extend() sends, with the
 * lease, which answers 0 once the hold is not ours. Its lifetime is the argument
 * before the last (the hint). */
static uint64_t holder_watch(redislock_holder *h, const zend_string *name, const zend_string *token, double max_hold)
{
	redislock_lock_obj *lock = lock_from_holder(h);
	redislock_argv a;
	lock_keys k;
	uint64_t id;

	lock_keys_init(&k, lock, name);
	redislock_script_extend_args(&a, k.key, k.queue, k.many, token,
		redislock_seconds_to_ms(redislock_conn_config(h->conn)->watchdog_lease), k.hint);
	id = redislock_holder_wd_add(h, &a, redislock_script_extend.body, a.argc - 2, max_hold);
	redislock_argv_free(&a);
	lock_keys_free(&k);
	return id;
}

/* The watchdog's renewal of a token hold of watchLock(): the watch script, which
 * renews up to the bound the server keeps for it (bound 0: read it); its first
 * renewal sets the bound when the server has none (addLock(watch: true), which
 * takes the hold in one round trip). Its "first" is the argument before the
 * last (the hint). */
static uint64_t holder_watch_token(redislock_holder *h, const zend_string *name, const zend_string *token, double max_hold)
{
	redislock_lock_obj *lock = lock_from_holder(h);
	redislock_argv a;
	lock_keys k;
	uint64_t id;

	lock_keys_init(&k, lock, name);
	redislock_script_watch_args(&a, k.key, k.queue, k.many, token,
		redislock_seconds_to_ms(redislock_conn_config(h->conn)->watchdog_lease), 0, 0, k.hint);
	id = redislock_holder_wd_add_bounded(h, &a, redislock_script_watch.body, a.argc - 2, max_hold);
	redislock_argv_free(&a);
	lock_keys_free(&k);
	return id;
}

/* The servers' connections, after the release. */
static void holder_close(redislock_holder *h)
{
	redislock_lock_obj *lock = lock_from_holder(h);
	if (lock->redlock) {
		redislock_redlock_destroy(lock->redlock);
		lock->redlock = NULL;
	}
}

static const redislock_holder_ops lock_holder_ops = {
	.release = holder_release,
	.watch = holder_watch,
	.watch_token = holder_watch_token,
	.close = holder_close,
};

/* ---- object handlers ----------------------------------------------------- */

static zend_object *lock_create(zend_class_entry *ce)
{
	zend_object *obj = redislock_holder_create(ce, sizeof(redislock_lock_obj), &lock_handlers, &lock_holder_ops, true);
	lock_from_obj(obj)->h.throw_failure = lock_throw;
	return obj;
}

static HashTable *lock_debug_info(zend_object *obj, int *is_temp)
{
	redislock_lock_obj *lock = lock_from_obj(obj);
	zval info, names;
	zend_string *name;

	*is_temp = 1;
	if (!redislock_holder_debug_info(&lock->h, &info)) {
		return Z_ARRVAL(info);
	}
	if (lock->redlock) {
		zval servers;
		bool connected = false;
		array_init(&servers);
		for (uint32_t i = 0; i < lock->redlock->count; i++) {
			redislock_conn *member = lock->redlock->members[i];
			add_next_index_str(&servers, zend_string_copy(redislock_conn_config(member)->endpoint));
			connected = connected || redislock_conn_connected(member);
		}
		add_assoc_bool(&info, "connected", connected);
		add_assoc_zval(&info, "servers", &servers);
	} else {
		add_assoc_bool(&info, "connected", redislock_conn_connected(lock->h.conn));
	}
	array_init(&names);
	ZEND_HASH_FOREACH_STR_KEY(&lock->h.name_to_token, name) {
		add_next_index_str(&names, zend_string_copy(name));
	} ZEND_HASH_FOREACH_END();
	add_assoc_zval(&info, "locks", &names);
	return Z_ARRVAL(info);
}

void redislock_lock_startup(zend_class_entry *ce)
{
	redislock_holder_startup(ce, &lock_handlers, XtOffsetOf(redislock_lock_obj, std), lock_create, lock_debug_info);
}

/* ---- argument checks ----------------------------------------------------- */


/* The fencing number at the front of a token, or -1 for a token of another form. */
static zend_long token_fence(const zend_string *token)
{
	const char *colon = memchr(ZSTR_VAL(token), ':', ZSTR_LEN(token));
	zend_long fence = 0;
	if (!colon || colon == ZSTR_VAL(token) || colon - ZSTR_VAL(token) > 18) {
		return -1;
	}
	for (const char *p = ZSTR_VAL(token); p < colon; p++) {
		if (*p < '0' || *p > '9') {
			return -1;
		}
		fence = fence * 10 + (*p - '0');
	}
	return fence;
}

/* ---- methods ---------------------------------------------------------------- */

/* The start of every method on a lock this object holds: checks the name, and
 * gives the object and a copy of its token for the name, or a NULL token when it
 * holds none (the method then answers "not held" without a round trip). Returns
 * false after an argument error (thrown) or a failure (recorded): the method
 * ends with LOCK_FAILED(). */
static bool held_lock(zval *this_ptr, zend_string *name, redislock_lock_obj **lock, zend_string **token)
{
	zval *held;

	*token = NULL;
	if (!redislock_check_name(name, 1) || !(*lock = this_lock(this_ptr))) {
		return false;
	}
	if ((held = zend_hash_find(&(*lock)->h.name_to_token, name)) == NULL) {
		return true;
	}
	if (redislock_holder_lost(&(*lock)->h, name)) {
		/* The watchdog found it gone, or could not renew it within its lease. */
		redislock_holder_forget(&(*lock)->h, name);
		return true;
	}
	if (redislock_holder_prepare(&(*lock)->h) == FAILURE) {
		return false;
	}
	*token = zend_string_copy(Z_STR_P(held));
	return true;
}

PHP_METHOD(RedisLock, __construct)
{
	redislock_lock_obj *lock = lock_from_obj(Z_OBJ_P(ZEND_THIS));
	redislock_config cfg;

	if (!redislock_object_parse(execute_data, &lock->h.base, REDISLOCK_CLASS_LOCK, &cfg)) {
		RETURN_THROWS();
	}
	if (cfg.mode == REDISLOCK_MODE_REDLOCK) {
		/* The servers' connections first: request shutdown visits connections
		 * newest first, and the object's own (which releases its locks) must come
		 * before the ones the release goes through are closed. */
		lock->redlock = redislock_redlock_create(&cfg);
	}
	lock->backend = lock->redlock ? &lock_redlock_backend : &lock_single_backend;
	redislock_holder_start(&lock->h, &cfg, REDISLOCK_LOCK_DEFAULT_PREFIX);
}

static bool is_shared(const zend_string *token)
{
	return zend_string_starts_with_literal(token, SHARED_PREFIX);
}

/* Promotes (WANT_PROMOTE) or demotes (WANT_SHARED) the hold of name under token
 * mine, keeping its random part, which is also its place in the queue. Not done
 * in time, the hold stays as it was. Failed, the hold may be either kind, or
 * none: it is forgotten and its random part kept as an orphan to clean. */
static redislock_outcome convert(redislock_lock_obj *lock, zend_string *name, const zend_string *mine, double timeout,
	zend_long ms, char want)
{
	zend_string *hex = redislock_holder_token_hex(mine), *token;
	bool gone;
	redislock_outcome outcome = lock->backend->acquire(lock, &name, 1, timeout, ms, false, want, hex, &token, &gone);

	if (outcome == REDISLOCK_YES) {
		redislock_holder_hold(&lock->h, name, token);
		zend_string_release(token);
	} else if (gone) {
		/* Our share lapsed: not ours to promote, and not ours at all. */
		redislock_holder_forget(&lock->h, name);
	} else if (outcome == REDISLOCK_FAILED) {
		redislock_holder_forget(&lock->h, name);
		redislock_holder_orphan(&lock->h, name, hex);
	}
	zend_string_release(hex);
	return outcome;
}

/* Renews a hold of ours of the kind asked for: REDISLOCK_YES, REDISLOCK_FAILED,
 * or REDISLOCK_NO when it is not ours any more (then forgotten). */
static redislock_outcome renew(redislock_lock_obj *lock, zend_string *name, const zend_string *mine, zend_long ms)
{
	redislock_outcome renewed = lock->backend->extend(lock, name, mine, ms);
	if (renewed == REDISLOCK_NO) {
		redislock_holder_forget(&lock->h, name);
	}
	return renewed;
}

/* lock(), lockShared() and synchronized(): take the lock in the mode asked for and
 * remember its token. Locking a name we already hold in that mode does not wait
 * for ourselves: while Redis still has our token, the hold gets the new lifetime
 * and we return at once. There is no nesting count; one unlock() releases it. A
 * hold of the other mode is converted: a shared one promoted (waiting for the
 * other holders to leave), an exclusive one demoted (at once). */
static redislock_outcome take_and_hold(redislock_lock_obj *lock, zend_string *name, double timeout, double expire, char want)
{
	zend_long ms = redislock_holder_ms(&lock->h, expire);
	zend_string *token;
	zval *held;
	redislock_outcome outcome;

	if ((held = zend_hash_find(&lock->h.name_to_token, name)) != NULL) {
		zend_string *mine = zend_string_copy(Z_STR_P(held));
		if (is_shared(mine) == (want == WANT_SHARED)) {
			outcome = renew(lock, name, mine, ms);
		} else {
			outcome = convert(lock, name, mine, timeout, ms, want == WANT_SHARED ? WANT_SHARED : WANT_PROMOTE);
		}
		zend_string_release(mine);
		/* Renewed, converted, failed, or a promotion not done: the hold we had
		 * (if still ours) is what we report on. A hold that was not ours any more
		 * is taken afresh. */
		if (outcome != REDISLOCK_NO || zend_hash_exists(&lock->h.name_to_token, name)) {
			return outcome;
		}
	}
	outcome = lock->backend->acquire(lock, &name, 1, timeout, ms, false, want, NULL, &token, NULL);
	if (outcome == REDISLOCK_YES) {
		redislock_holder_hold(&lock->h, name, token);
		zend_string_release(token);
	}
	return outcome;
}

PHP_METHOD(RedisLock, lock)
{
	zend_string *name;
	double timeout = 0, expire = 15;
	zend_long wait_us = 100000;
	redislock_lock_obj *lock = NULL;
	redislock_outcome outcome;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
		Z_PARAM_LONG(wait_us)
	ZEND_PARSE_PARAMETERS_END();

	/* $waitIntervalUs is checked but otherwise unused: waiting is done by the
	 * server waking us, not by sleeping between tries. */
	if (!redislock_check_name(name, 1) || !redislock_check_seconds(timeout, 2, true) || !redislock_check_seconds(expire, 3, false)) {
		RETURN_THROWS();
	}
	if (wait_us < 0) {
		zend_argument_value_error(4, "must be greater than or equal to 0");
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS)) || redislock_holder_prepare(&lock->h) == FAILURE
		|| (outcome = take_and_hold(lock, name, timeout, expire, WANT_EXCLUSIVE)) == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	RETURN_BOOL(outcome == REDISLOCK_YES);
}

PHP_METHOD(RedisLock, lockShared)
{
	zend_string *name;
	double timeout = 0, expire = 15;
	redislock_lock_obj *lock = NULL;
	redislock_outcome outcome;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_check_seconds(timeout, 2, true) || !redislock_check_seconds(expire, 3, false)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS)) || !lock_can(lock, LOCK_CAN_SHARE, "lockShared", true) || redislock_holder_prepare(&lock->h) == FAILURE
		|| (outcome = take_and_hold(lock, name, timeout, expire, WANT_SHARED)) == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	RETURN_BOOL(outcome == REDISLOCK_YES);
}

PHP_METHOD(RedisLock, unlock)
{
	zend_string *name, *token;
	redislock_lock_obj *lock = NULL;
	bool released = false;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!held_lock(ZEND_THIS, name, &lock, &token)) {
		LOCK_FAILED(lock);
	}
	if (!token) {
		RETURN_FALSE;
	}
	/* Forget the name whatever happens: either we release it now, or it is not ours. */
	redislock_holder_forget(&lock->h, name);
	if (lock->backend->release(lock, &name, &token, 1, false, &released) == FAILURE) {
		redislock_holder_orphan_token(&lock->h, name, token);
		zend_string_release(token);
		LOCK_FAILED(lock);
	}
	zend_string_release(token);
	RETURN_BOOL(released);
}

PHP_METHOD(RedisLock, unlockAll)
{
	redislock_lock_obj *lock = NULL;
	bool all_released;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!(lock = this_lock(ZEND_THIS)) || redislock_holder_release_all(&lock->h, &all_released) == FAILURE) {
		LOCK_FAILED(lock);
	}
	RETURN_BOOL(all_released);
}

PHP_METHOD(RedisLock, expire)
{
	zend_string *name, *token;
	double expire;
	redislock_lock_obj *lock = NULL;
	redislock_outcome extended;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_seconds(expire, 2, false) || !held_lock(ZEND_THIS, name, &lock, &token)) {
		LOCK_FAILED(lock);
	}
	if (!token) {
		RETURN_FALSE;
	}
	extended = lock->backend->extend(lock, name, token, redislock_seconds_to_ms(expire));
	zend_string_release(token);
	if (extended == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	if (extended == REDISLOCK_NO) {
		/* It expired and is gone or someone else's now: we no longer hold it. */
		redislock_holder_forget(&lock->h, name);
	}
	RETURN_BOOL(extended == REDISLOCK_YES);
}

PHP_METHOD(RedisLock, isLocking)
{
	zend_string *name, *token;
	redislock_lock_obj *lock = NULL;
	redislock_outcome holding;
	zend_long ms;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!held_lock(ZEND_THIS, name, &lock, &token)) {
		LOCK_FAILED(lock);
	}
	if (!token) {
		RETURN_FALSE;
	}
	holding = lock->backend->pttl(lock, name, token, &ms);
	zend_string_release(token);
	if (holding == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	if (holding == REDISLOCK_NO) {
		redislock_holder_forget(&lock->h, name);
	}
	RETURN_BOOL(holding == REDISLOCK_YES);
}

/* watchLock() and addLock(watch: true) need the watchdog's thread. */
static bool watch_available(const redislock_lock_obj *lock, const char *method)
{
	if (!redislock_conn_config(lock->h.conn)->watchdog) {
		zend_throw_exception_ex(spl_ce_BadMethodCallException, 0, "RedisLock::%s() needs the \"watchdog\" option: "
			"the extension's thread renews the hold, and only an object created with that option runs one", method);
		return false;
	}
	return true;
}

/* The lifetime a watched hold starts with: the lease, or max_hold if shorter. */
static double first_lease(const redislock_lock_obj *lock, double max_hold)
{
	double lease = redislock_conn_config(lock->h.conn)->watchdog_lease;
	return max_hold < lease ? max_hold : lease;
}

/* Gives the hold of name under token the bound max_hold seconds from now, on the
 * server (every watchdog renewing it, in any process, renews it up to there), and
 * its first lease; then this object's watchdog renews it (not when the first
 * lease is all of it). When no watchdog entry can be made (out of memory, or no
 * thread), the hold gets max_hold as its lifetime instead, as without the
 * watchdog: it then outlives a dead holder, but never lapses under a live one.
 * With set false, no bound is sent now: the watchdog's first renewal sets it
 * unless the server has one (addLock(watch: true), whose hold was taken in the
 * same round trip as ever; a watch taken up again). */
static redislock_outcome watch_token(redislock_lock_obj *lock, zend_string *name, zend_string *token, double max_hold, bool set)
{
	zend_long lease = redislock_seconds_to_ms(redislock_conn_config(lock->h.conn)->watchdog_lease);
	redislock_outcome outcome;

	if (set && (outcome = lock->backend->watch(lock, name, token, lease, redislock_seconds_to_ms(max_hold))) != REDISLOCK_YES) {
		if (outcome == REDISLOCK_NO) {
			redislock_holder_unwatch_token(&lock->h, name, token);
		}
		return outcome;
	}
	if (max_hold <= redislock_conn_config(lock->h.conn)->watchdog_lease) {
		/* The first lease is all of it. */
		redislock_holder_unwatch_token(&lock->h, name, token);
		return REDISLOCK_YES;
	}
	if (redislock_holder_watch_token(&lock->h, name, token, max_hold)) {
		return REDISLOCK_YES;
	}
	return lock->backend->watch(lock, name, token, redislock_seconds_to_ms(max_hold), -1);
}

/* extendLock() and convertLock() to the same kind: the hold lives ms from now,
 * as asked, and every watch of it ends, this object's and any other's. */
static redislock_outcome extend_unwatched(redislock_lock_obj *lock, zend_string *name, zend_string *token, zend_long ms)
{
	redislock_holder_unwatch_token(&lock->h, name, token);
	return lock->backend->watch ? lock->backend->watch(lock, name, token, ms, -1) : lock->backend->extend(lock, name, token, ms);
}

PHP_METHOD(RedisLock, addLock)
{
	zend_string *name, *token;
	double expire = 15, timeout = 0;
	bool shared = false, fenced = true, watch = false;
	redislock_lock_obj *lock = NULL;
	redislock_outcome outcome;

	ZEND_PARSE_PARAMETERS_START(1, 6)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(expire)
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_BOOL(shared)
		Z_PARAM_BOOL(fenced)
		Z_PARAM_BOOL(watch)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_check_seconds(expire, 2, false) || !redislock_check_seconds(timeout, 3, true)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS)) || (watch && !watch_available(lock, "addLock"))
		|| (shared && !lock_can(lock, LOCK_CAN_SHARE, "addLock", true)) || redislock_holder_prepare(&lock->h) == FAILURE) {
		LOCK_FAILED(lock);
	}
	/* The token is the caller's to keep: the object does not remember it, so it is
	 * neither auto-released nor touched by unlockAll(). Unfenced, the acquisition
	 * is lock()'s: one SET NX PX when the name is free, the number drawn later by
	 * fenceLock() if ever. Watched, it lives a lease, renewed as by watchLock(). */
	outcome = lock->backend->acquire(lock, &name, 1, timeout,
		redislock_seconds_to_ms(watch ? first_lease(lock, expire) : expire), !shared && fenced,
		shared ? WANT_SHARED : WANT_EXCLUSIVE, NULL, &token, NULL);
	if (outcome == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	if (outcome == REDISLOCK_NO) {
		RETURN_FALSE;
	}
	if (watch && watch_token(lock, name, token, expire, false) == REDISLOCK_FAILED) {
		/* Taken, but the caller never gets the token: an orphan, released before
		 * the next call (it would lapse within a lease anyway). */
		redislock_holder_orphan_token(&lock->h, name, token);
		zend_string_release(token);
		LOCK_FAILED(lock);
	}
	RETURN_STR(token);
}

PHP_METHOD(RedisLock, convertLock)
{
	zend_string *name, *token, *hex, *converted;
	double timeout = 0, expire = 15, watched_left;
	bool shared;
	redislock_lock_obj *lock = NULL;
	redislock_outcome outcome;

	ZEND_PARSE_PARAMETERS_START(3, 5)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
		Z_PARAM_BOOL(shared)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_holder_check_token(token, 2) || !redislock_check_seconds(timeout, 4, true)
		|| !redislock_check_seconds(expire, 5, false)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS)) || !lock_can(lock, LOCK_CAN_SHARE, "convertLock", true) || redislock_holder_prepare(&lock->h) == FAILURE) {
		LOCK_FAILED(lock);
	}
	if (is_shared(token) == shared) {
		/* Already of that kind: a new lifetime while it is still held (its
		 * watches end, as for extendLock()). */
		outcome = extend_unwatched(lock, name, token, redislock_seconds_to_ms(expire));
		if (outcome == REDISLOCK_FAILED) {
			LOCK_FAILED(lock);
		}
		if (outcome == REDISLOCK_NO) {
			RETURN_FALSE;
		}
		RETURN_STR_COPY(token);
	}
	/* Only a hold the token names is converted: a promotion or demotion of a hold
	 * that is gone would otherwise be a fresh acquisition under an old name. */
	if ((outcome = lock->backend->check(lock, name, token)) == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	if (outcome == REDISLOCK_NO) {
		RETURN_FALSE;
	}
	/* Converted, the hold has the lifetime $expire: a watchLock() of it ends first,
	 * so that no renewal lands after the conversion (watchLock() the new token to
	 * go on). Not converted, it is watched again for what was left. */
	watched_left = redislock_holder_unwatch_token(&lock->h, name, token);
	hex = redislock_holder_token_hex(token);
	outcome = lock->backend->acquire(lock, &name, 1, timeout, redislock_seconds_to_ms(expire), !shared,
		shared ? WANT_SHARED : WANT_PROMOTE, hex, &converted, NULL);
	zend_string_release(hex);
	if (outcome == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	if (outcome == REDISLOCK_NO) {
		if (watched_left > 0) {
			(void) watch_token(lock, name, token, watched_left, false);
		}
		RETURN_FALSE;
	}
	RETURN_STR(converted);
}

/* releaseLock(): only while the lock holds token, whoever calls; if the hold was
 * this object's, it is not any more. */
static redislock_outcome release_token_op(redislock_holder *h, zend_string *name, zend_string *token)
{
	redislock_lock_obj *lock = lock_from_holder(h);
	bool released = false;
	zval *held;

	/* A watchLock() of it ends first: no renewal runs beside the release. */
	redislock_holder_unwatch_token(h, name, token);
	if (lock->backend->release(lock, &name, &token, 1, false, &released) == FAILURE) {
		return REDISLOCK_FAILED;
	}
	if ((held = zend_hash_find(&h->name_to_token, name)) != NULL && zend_string_equals(Z_STR_P(held), token)) {
		redislock_holder_forget(h, name);
	}
	return released ? REDISLOCK_YES : REDISLOCK_NO;
}

PHP_METHOD(RedisLock, releaseLock)
{
	redislock_holder_token_method(INTERNAL_FUNCTION_PARAM_PASSTHRU, &lock_from_obj(Z_OBJ_P(ZEND_THIS))->h, release_token_op);
}

PHP_METHOD(RedisLock, extendLock)
{
	zend_string *name, *token;
	double expire;
	redislock_lock_obj *lock = NULL;
	redislock_outcome extended = REDISLOCK_FAILED;

	ZEND_PARSE_PARAMETERS_START(3, 3)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_holder_check_token(token, 2) || !redislock_check_seconds(expire, 3, false)
		|| !(lock = this_lock(ZEND_THIS)) || redislock_holder_prepare(&lock->h) == FAILURE) {
		LOCK_FAILED(lock);
	}
	/* The hold lives $expire from now, as asked: every watchLock() of it ends,
	 * this object's first (no renewal of it lands after this), any other
	 * object's or process's at its next renewal (the bound they renew up to is
	 * gone from the server). */
	if ((extended = extend_unwatched(lock, name, token, redislock_seconds_to_ms(expire))) == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	RETURN_BOOL(extended == REDISLOCK_YES);
}

PHP_METHOD(RedisLock, watchLock)
{
	zend_string *name, *token;
	double max_hold;
	redislock_lock_obj *lock = NULL;
	redislock_outcome outcome;

	ZEND_PARSE_PARAMETERS_START(3, 3)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
		Z_PARAM_DOUBLE(max_hold)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_holder_check_token(token, 2) || !redislock_check_seconds(max_hold, 3, false)
		|| !(lock = this_lock(ZEND_THIS)) || !watch_available(lock, "watchLock") || redislock_holder_prepare(&lock->h) == FAILURE) {
		LOCK_FAILED(lock);
	}
	/* The hold gets its bound on the server and its first lease now, which also
	 * tells whether the token still holds it; the watchdog takes it from there.
	 * A call whose reply is lost leaves this object's watch of the hold as it
	 * was. */
	if ((outcome = watch_token(lock, name, token, max_hold, true)) == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	RETURN_BOOL(outcome == REDISLOCK_YES);
}

PHP_METHOD(RedisLock, fencingToken)
{
	zend_string *name, *token, *fenced = NULL;
	redislock_lock_obj *lock = NULL;
	redislock_outcome outcome;
	zval *held;
	zend_long fence;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(lock = this_lock(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!lock_can(lock, LOCK_CAN_FENCE, "fencingToken", true)) {
		RETURN_THROWS();
	}
	if ((held = zend_hash_find(&lock->h.name_to_token, name)) == NULL) {
		RETURN_NULL();
	}
	/* Fencing numbers order exclusive holders, whose writes they guard: a shared
	 * hold has none, and a caller that fences its writes must not write with it. */
	if (is_shared(Z_STR_P(held))) {
		RETURN_NULL();
	}
	if ((fence = token_fence(Z_STR_P(held))) >= 0) {
		RETURN_LONG(fence);
	}
	/* A lock() token has no number yet: drawn now, while the lock is still ours,
	 * so it orders this hold among the others, and kept with the token. */
	if (redislock_holder_prepare(&lock->h) == FAILURE) {
		LOCK_FAILED(lock);
	}
	token = zend_string_copy(Z_STR_P(held));
	outcome = lock->backend->fence(lock, name, token, true, &fenced);
	zend_string_release(token);
	if (outcome == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	if (outcome == REDISLOCK_NO) {
		redislock_holder_forget(&lock->h, name);
		RETURN_NULL();
	}
	fence = token_fence(fenced);
	redislock_holder_hold(&lock->h, name, fenced);
	zend_string_release(fenced);
	RETURN_LONG(fence);
}

PHP_METHOD(RedisLock, fenceLock)
{
	zend_string *name, *token, *fenced = NULL;
	redislock_lock_obj *lock = NULL;
	redislock_outcome outcome = REDISLOCK_FAILED;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_holder_check_token(token, 2) || !(lock = this_lock(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!lock_can(lock, LOCK_CAN_FENCE, "fenceLock", false)) {
		RETURN_THROWS();
	}
	if (is_shared(token)) {
		zend_argument_value_error(2, "must be the token of an exclusive hold: shared holds have no fencing numbers");
		RETURN_THROWS();
	}
	if (redislock_holder_prepare(&lock->h) == FAILURE
		|| (outcome = lock->backend->fence(lock, name, token, false, &fenced)) == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	if (outcome == REDISLOCK_NO) {
		RETURN_FALSE;
	}
	RETURN_STR(fenced);
}

PHP_METHOD(RedisLock, ttl)
{
	zend_string *name, *token;
	redislock_lock_obj *lock = NULL;
	redislock_outcome holding;
	zend_long pttl = -1;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!held_lock(ZEND_THIS, name, &lock, &token)) {
		LOCK_FAILED(lock);
	}
	if (!token) {
		RETURN_NULL();
	}
	holding = lock->backend->pttl(lock, name, token, &pttl);
	zend_string_release(token);
	if (holding == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	if (holding == REDISLOCK_NO || pttl < 0) {
		/* Not ours any more; a key of ours without expiry cannot be. */
		redislock_holder_forget(&lock->h, name);
		RETURN_NULL();
	}
	RETURN_DOUBLE(pttl / 1000.0);
}

PHP_METHOD(RedisLock, isLocked)
{
	zend_string *name;
	redislock_lock_obj *lock = NULL;
	redislock_outcome exists = REDISLOCK_FAILED;
	zend_long ms;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(lock = this_lock(ZEND_THIS)) || redislock_holder_prepare(&lock->h) == FAILURE
		|| (exists = lock->backend->pttl(lock, name, NULL, &ms)) == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	RETURN_BOOL(exists == REDISLOCK_YES);
}

PHP_METHOD(RedisLock, synchronized)
{
	zend_string *name;
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;
	double timeout = 0, expire = 15;
	redislock_lock_obj *lock = NULL;
	zval *held;
	redislock_outcome outcome;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_STR(name)
		Z_PARAM_FUNC(fci, fcc)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_check_seconds(timeout, 3, true) || !redislock_check_seconds(expire, 4, false)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS)) || redislock_holder_prepare(&lock->h) == FAILURE
		|| (outcome = take_and_hold(lock, name, timeout, expire, WANT_EXCLUSIVE)) == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	if (outcome == REDISLOCK_NO) {
		redislock_throw(redislock_ce_timeout_exception, "lock \"%.*s\" on %s could not be acquired within %g s",
			(int) MIN(ZSTR_LEN(name), 200), ZSTR_VAL(name),
			lock->redlock ? ZSTR_VAL(redislock_conn_config(lock->h.conn)->endpoint) : redislock_conn_endpoint(lock->h.conn), timeout);
		RETURN_THROWS();
	}

	fci.retval = return_value;
	zend_call_function(&fci, &fcc);

	/* $fn may have forked: a child returning from it holds its parent's lock,
	 * which is the parent's to release, not the child's. */
	redislock_holder_forget_parent(&lock->h);
	/* Release whatever $fn did, an exception included; ours chains onto it. */
	if ((held = zend_hash_find(&lock->h.name_to_token, name)) != NULL) {
		zend_string *token = zend_string_copy(Z_STR_P(held));
		bool released;
		redislock_holder_forget(&lock->h, name);
		if (lock->backend->release(lock, &name, &token, 1, false, &released) == FAILURE) {
			/* The reply was lost: the delete may not have happened. */
			redislock_holder_orphan_token(&lock->h, name, token);
			lock->backend->throw_failure(lock);
		}
		zend_string_release(token);
	}
}

/* A script runs on one cluster node, and touches one slot only. */
PHP_METHOD(RedisLock, lockMany)
{
	HashTable *names_ht;
	double timeout = 0, expire = 15;
	redislock_lock_obj *lock;
	zend_string **names, **tokens;
	uint32_t n, i = 0;
	zval *entry;
	redislock_outcome outcome = REDISLOCK_NO;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_ARRAY_HT(names_ht)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	/* At most REDISLOCK_MAX_LOCK_MANY: one script takes them all, and Redis serves
	 * nobody while it runs. */
	if (!redislock_check_names(names_ht, 1, REDISLOCK_MAX_LOCK_MANY, false)) {
		RETURN_THROWS();
	}
	n = zend_hash_num_elements(names_ht);
	if (!redislock_check_seconds(timeout, 2, true) || !redislock_check_seconds(expire, 3, false)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS)) || redislock_holder_prepare(&lock->h) == FAILURE) {
		LOCK_FAILED(lock);
	}

	names = safe_emalloc(n, sizeof(*names), 0);
	{
		/* Binary-safe keys: names that differ after a NUL byte are two names. */
		HashTable seen;
		bool twice = false;
		zend_hash_init(&seen, n, NULL, NULL, 0);
		ZEND_HASH_FOREACH_VAL(names_ht, entry) {
			ZVAL_DEREF(entry);
			names[i++] = Z_STR_P(entry);
			twice = twice || !zend_hash_add_empty_element(&seen, Z_STR_P(entry));
		} ZEND_HASH_FOREACH_END();
		zend_hash_destroy(&seen);
		if (twice) {
			efree(names);
			zend_argument_value_error(1, "must not contain the same name twice");
			RETURN_THROWS();
		}
	}
	if (!redislock_object_one_slot(&lock->h.base, names, n)) {
		efree(names);
		zend_argument_value_error(1, "must name locks of one cluster slot on a Redis Cluster: give the names a common {hash tag}, as in \"{order:42}stock\" and \"{order:42}payment\"");
		RETURN_THROWS();
	}
	/* All or nothing: a name this object holds already cannot be taken again along
	 * with the rest, and waiting for ourselves would never end. */
	for (i = 0; i < n && !zend_hash_exists(&lock->h.name_to_token, names[i]); i++);
	if (i == n) {
		tokens = safe_emalloc(n, sizeof(*tokens), 0);
		outcome = lock->backend->acquire(lock, names, n, timeout, redislock_holder_ms(&lock->h, expire), true, WANT_EXCLUSIVE, NULL,
			tokens, NULL);
		if (outcome == REDISLOCK_YES) {
			for (i = 0; i < n; i++) {
				redislock_holder_hold(&lock->h, names[i], tokens[i]);
				zend_string_release(tokens[i]);
			}
		}
		efree(tokens);
	}
	efree(names);
	if (outcome == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	RETURN_BOOL(outcome == REDISLOCK_YES);
}

/* holdsLock(): whether the lock holds token, with no side effect. */
static redislock_outcome holds_token_op(redislock_holder *h, zend_string *name, zend_string *token)
{
	redislock_lock_obj *lock = lock_from_holder(h);
	return lock->backend->check(lock, name, token);
}

PHP_METHOD(RedisLock, holdsLock)
{
	redislock_holder_token_method(INTERNAL_FUNCTION_PARAM_PASSTHRU, &lock_from_obj(Z_OBJ_P(ZEND_THIS))->h, holds_token_op);
}

PHP_METHOD(RedisLock, forceUnlock)
{
	zend_string *name;
	redislock_lock_obj *lock = NULL;
	redislock_outcome removed = REDISLOCK_FAILED;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(lock = this_lock(ZEND_THIS)) || redislock_holder_prepare(&lock->h) == FAILURE
		|| (removed = lock->backend->force(lock, name)) == REDISLOCK_FAILED) {
		LOCK_FAILED(lock);
	}
	/* If it was ours, it is not any more. */
	redislock_holder_forget(&lock->h, name);
	RETURN_BOOL(removed == REDISLOCK_YES);
}


/* The inspect script's answer (ext/lua/lock/inspect.lua) as inspect() returns it; false
 * when it is not of that shape. */
static bool inspect_result(const redisReply *r, zval *out)
{
	const redisReply *const *e;
	bool promised;

	if (r->type != REDIS_REPLY_ARRAY || r->elements != 8) {
		return false;
	}
	e = (const redisReply *const *) r->element;
	if (e[0]->type != REDIS_REPLY_STRING || e[5]->type != REDIS_REPLY_STRING || e[7]->type != REDIS_REPLY_ARRAY) {
		return false;
	}
	for (int i = 1; i <= 6; i++) {
		if (i != 5 && e[i]->type != REDIS_REPLY_INTEGER) {
			return false;
		}
	}
	promised = e[6]->integer != 0;
	array_init_size(out, 8);
	add_assoc_stringl(out, "mode", e[0]->str, e[0]->len);
	add_assoc_long(out, "holders", (zend_long) e[1]->integer);
	if (e[2]->integer < 0 || (e[1]->integer == 0 && !promised)) {
		/* No expiry (a key we did not write), or nobody to expire. */
		add_assoc_null(out, "ttl");
	} else {
		add_assoc_double(out, "ttl", (double) e[2]->integer / 1000.0);
	}
	add_assoc_long(out, "waiters", (zend_long) e[3]->integer);
	if (e[4]->integer < 0) {
		add_assoc_null(out, "oldest_wait");
	} else {
		add_assoc_double(out, "oldest_wait", (double) e[4]->integer / 1e6);
	}
	if (e[5]->len == 0) {
		add_assoc_null(out, "fencing");
	} else {
		add_assoc_long(out, "fencing", ZEND_STRTOL(e[5]->str, NULL, 10));
	}
	add_assoc_bool(out, "promised", promised);
	if (!redislock_holder_held_by(e[7], out)) {
		zval_ptr_dtor(out);
		return false;
	}
	return true;
}

static void inspect_args(redislock_holder *h, const zend_string *name, redislock_argv *a)
{
	lock_keys k;
	lock_keys_init(&k, lock_from_holder(h), name);
	redislock_script_inspect_args(a, k.key, k.queue, k.many, k.hint);
	lock_keys_free(&k);
}

static const redislock_inspect_ops lock_inspect_ops = {
	.script = &redislock_script_inspect,
	.args = inspect_args,
	.convert = inspect_result,
};

static zend_result inspect_read(redislock_holder *h, zend_string *name, zval *out)
{
	return redislock_holder_inspect_one(h, &lock_inspect_ops, name, out);
}

PHP_METHOD(RedisLock, inspect)
{
	redislock_lock_obj *lock = lock_from_obj(Z_OBJ_P(ZEND_THIS));

	if (!lock_can(lock, LOCK_CAN_INSPECT, "inspect", true)) {
		RETURN_THROWS();
	}
	redislock_holder_name_method(INTERNAL_FUNCTION_PARAM_PASSTHRU, &lock->h, inspect_read);
}

PHP_METHOD(RedisLock, inspectMany)
{
	redislock_lock_obj *lock = lock_from_obj(Z_OBJ_P(ZEND_THIS));

	if (!lock_can(lock, LOCK_CAN_INSPECT, "inspectMany", true)) {
		RETURN_THROWS();
	}
	redislock_holder_inspect_many(INTERNAL_FUNCTION_PARAM_PASSTHRU, &lock->h, &lock_inspect_ops);
}

PHP_METHOD(RedisLock, names)
{
	redislock_lock_obj *lock = NULL;

	if (!(lock = this_lock(ZEND_THIS)) || !lock_can(lock, LOCK_CAN_INSPECT, "names", true)) {
		RETURN_THROWS();
	}
	redislock_holder_names(INTERNAL_FUNCTION_PARAM_PASSTHRU, &lock->h, redislock_lock_siblings);
}
