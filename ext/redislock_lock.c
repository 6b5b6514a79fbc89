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
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_keys.h"
#include "redislock_redlock.h"
#include "redislock_runner.h"
#include "redislock_wait.h"
#include "zend_exceptions.h"
#include "ext/spl/spl_exceptions.h"
#include <math.h>
#include <unistd.h>

#define REDISLOCK_LOCK_DEFAULT_PREFIX "Lock:"

typedef struct _lock_backend lock_backend;

typedef struct _redislock_lock_obj {
	redislock_conn *conn;
	redislock_redlock *redlock;  /* several independent servers; NULL for one */
	const lock_backend *backend; /* how locking reaches the servers */
	zend_string *prefix;
	HashTable held;      /* name => token of every lock this object holds */
	HashTable orphans;   /* name => random part of acquisitions whose reply was lost */
	HashTable watch;     /* name => watchdog entry id of every hold the watchdog renews */
	redislock_wd_target *wd_target; /* where the watchdog renews, made on first use */
	uint32_t generation; /* the fork generation whose locks held and orphans are */
	zend_object std;
} redislock_lock_obj;

/* What a script needs to find every key of one lock name: the lock key itself, and
 * the hint from which the script derives its sibling keys (see siblings() in
 * ext/lua/common/lock_keys.lua). */
typedef struct {
	zend_string *key;       /* prefix + name: the lock itself */
	const char *hint;       /* redislock_sibling_hint(key), or "" */
	/* On a cluster only, the queue keys the scripts derive, declared to Redis too:
	 * while the slot migrates, a script whose declared keys are not all on one side
	 * is answered TRYAGAIN or ASK before it runs, never stopped halfway by a key
	 * that already moved. NULL elsewhere: the scripts need only the lock key. */
	zend_string *queue;
	zend_string *many;
} lock_keys;

static zend_object_handlers lock_handlers;

static void hold_set(redislock_lock_obj *lock, const zend_string *name, zend_string *token);
static void hold_forget(redislock_lock_obj *lock, const zend_string *name);
static void hold_clear(redislock_lock_obj *lock);

static inline redislock_lock_obj *lock_from_obj(zend_object *obj)
{
	return (redislock_lock_obj *) ((char *) obj - XtOffsetOf(redislock_lock_obj, std));
}

/* A forked child inherits the object, but the locks in it are its parent's: the
 * child must never release them, not even by auto-release when it exits. */
static void forget_parent_locks(redislock_lock_obj *lock)
{
	if (lock->generation != redislock_fork_generation) {
		hold_clear(lock);
		zend_hash_clean(&lock->orphans);
		lock->generation = redislock_fork_generation;
	}
}

static redislock_lock_obj *this_lock(zval *this_ptr)
{
	redislock_lock_obj *lock = lock_from_obj(Z_OBJ_P(this_ptr));
	if (!lock->conn) {
		zend_throw_error(NULL, "%s object is not initialized: its constructor was not called",
			ZSTR_VAL(Z_OBJCE_P(this_ptr)->name));
		return NULL;
	}
	forget_parent_locks(lock);
	return lock;
}

/* Throws the failure of the last call. */
static void lock_throw(const redislock_lock_obj *lock);
static bool shared_available(const redislock_lock_obj *lock, const char *method);
static zend_result single_release(redislock_lock_obj *lock, zend_string **names, zend_string **tokens,
	uint32_t n, bool suffix, bool *released);

static double read_timeout(const redislock_lock_obj *lock)
{
	return redislock_conn_config(lock->conn)->read_timeout;
}

/* ---- keys, tokens, argv ---------------------------------------------------- */

/* prefix + name: the lock's key. */
static zend_string *lock_key(const redislock_lock_obj *lock, const zend_string *name)
{
	return zend_string_concat2(ZSTR_VAL(lock->prefix), ZSTR_LEN(lock->prefix), ZSTR_VAL(name), ZSTR_LEN(name));
}

/* Redlock: the lock keys of names. */
static zend_string **redlock_keys(const redislock_lock_obj *lock, zend_string **names, uint32_t n)
{
	zend_string **keys = safe_emalloc(n, sizeof(*keys), 0);
	for (uint32_t i = 0; i < n; i++) {
		keys[i] = lock_key(lock, names[i]);
	}
	return keys;
}

static void redlock_keys_free(zend_string **keys, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(keys[i]);
	}
	efree(keys);
}

static void keys_init(lock_keys *k, const redislock_lock_obj *lock, const zend_string *name)
{
	const char *hint;
	k->key = lock_key(lock, name);
	hint = redislock_sibling_hint(k->key);
	k->hint = hint ? hint : "";
	k->queue = k->many = NULL;
	if (redislock_conn_config(lock->conn)->mode == REDISLOCK_MODE_CLUSTER) {
		k->queue = redislock_sibling_key(k->key, ":queue");
		k->many = redislock_sibling_key(k->key, ":many");
	}
}

static void keys_free(lock_keys *k)
{
	zend_string_release(k->key);
	if (k->queue) {
		zend_string_release(k->queue);
		zend_string_release(k->many);
	}
}

/* The keys of n names as the lockMany scripts' builders take them: one array per
 * key (queue and many NULL off a cluster) and one of hints. Borrowed from the
 * lock_keys they are made of. */
typedef struct {
	zend_string **key, **queue, **many;
	const char **hint;
} name_keys;

static void name_keys_init(name_keys *nk, const lock_keys *keys, uint32_t n)
{
	bool cluster = keys[0].queue != NULL;
	nk->key = safe_emalloc(n, sizeof(*nk->key), 0);
	nk->queue = cluster ? safe_emalloc(n, sizeof(*nk->queue), 0) : NULL;
	nk->many = cluster ? safe_emalloc(n, sizeof(*nk->many), 0) : NULL;
	nk->hint = safe_emalloc(n, sizeof(*nk->hint), 0);
	for (uint32_t i = 0; i < n; i++) {
		nk->key[i] = keys[i].key;
		nk->hint[i] = keys[i].hint;
		if (cluster) {
			nk->queue[i] = keys[i].queue;
			nk->many[i] = keys[i].many;
		}
	}
}

static void name_keys_free(name_keys *nk)
{
	efree(nk->key);
	efree(nk->hint);
	if (nk->queue) {
		efree(nk->queue);
		efree(nk->many);
	}
}

/* The fencing counter of the lock key's cluster slot (see fence() in
 * ext/lua/common/fence.lua): one counter per slot, never per name, keeps the
 * number of keys bounded however many names an application locks, and a name's
 * numbers still only grow, since the name never changes slot. */
static zend_string *fence_key(const lock_keys *k)
{
	return redislock_slot_key(k->key, "redislock:fence");
}

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

static void remember(HashTable *table, const zend_string *name, zend_string *value)
{
	zval zv;
	ZVAL_STR_COPY(&zv, value);
	zend_hash_update(table, (zend_string *) name, &zv);
}

/* The random part of a token: what follows its colon, if it has one. */
static zend_string *token_hex(const zend_string *token)
{
	const char *colon = memchr(ZSTR_VAL(token), ':', ZSTR_LEN(token));
	return colon
		? zend_string_init(colon + 1, ZSTR_LEN(token) - (colon + 1 - ZSTR_VAL(token)), 0)
		: zend_string_copy((zend_string *) token);
}

/* ---- holds, and the watchdog that renews them --------------------------------- */

static bool watched(const redislock_lock_obj *lock)
{
	return !lock->redlock && redislock_conn_config(lock->conn)->watchdog;
}

/* The lifetime of an acquisition: $expire, or with the watchdog its lease. */
static zend_long hold_ms(const redislock_lock_obj *lock, double expire)
{
	return redislock_seconds_to_ms(watched(lock) ? redislock_conn_config(lock->conn)->watchdog_lease : expire);
}

/* Hands the hold of name under token to the watchdog: the renewal is the expire
 * script with the lease, which answers 0 once the hold is not ours. */
static void watch_start(redislock_lock_obj *lock, const zend_string *name, const zend_string *token)
{
	const redislock_config *cfg = redislock_conn_config(lock->conn);
	redislock_argv a;
	lock_keys k;
	uint64_t id;
	zval zv;

	if (!lock->wd_target && (lock->wd_target = redislock_conn_watchdog_target(lock->conn)) == NULL) {
		return;
	}
	keys_init(&k, lock, name);
	/* The command single_extend() sends, with the lease. */
	redislock_script_extend_args(&a, k.key, k.queue, k.many, token, redislock_seconds_to_ms(cfg->watchdog_lease), k.hint);
	id = redislock_wd_add(lock->wd_target, a.argc, a.argv, a.lens, redislock_script_extend.body, cfg->watchdog_lease,
		cfg->watchdog_max_hold, redislock_conn_last_flush(lock->conn));
	redislock_argv_free(&a);
	keys_free(&k);
	if (id) {
		ZVAL_LONG(&zv, (zend_long) id);
		zend_hash_update(&lock->watch, (zend_string *) name, &zv);
	}
}

static void watch_stop(redislock_lock_obj *lock, const zend_string *name)
{
	zval *id = zend_hash_find(&lock->watch, (zend_string *) name);
	if (id) {
		redislock_wd_remove((uint64_t) Z_LVAL_P(id));
		zend_hash_del(&lock->watch, (zend_string *) name);
	}
}

/* Whether the watchdog found the hold of name gone (or could not renew it in
 * time): then it is not ours, whatever the object remembers. */
static bool watch_lost(const redislock_lock_obj *lock, const zend_string *name)
{
	zval *id = zend_hash_find(&lock->watch, (zend_string *) name);
	return id && redislock_wd_state_of((uint64_t) Z_LVAL_P(id)) == REDISLOCK_WD_LOST;
}

static void hold_set(redislock_lock_obj *lock, const zend_string *name, zend_string *token)
{
	remember(&lock->held, name, token);
	watch_stop(lock, name);
	if (watched(lock)) {
		watch_start(lock, name, token);
	}
}

static void hold_forget(redislock_lock_obj *lock, const zend_string *name)
{
	zend_hash_del(&lock->held, (zend_string *) name);
	watch_stop(lock, name);
}

static void hold_clear(redislock_lock_obj *lock)
{
	zval *id;
	zend_hash_clean(&lock->held);
	/* In a forked child the ids name nothing (its watchdog table is empty). */
	ZEND_HASH_FOREACH_VAL(&lock->watch, id) {
		redislock_wd_remove((uint64_t) Z_LVAL_P(id));
	} ZEND_HASH_FOREACH_END();
	zend_hash_clean(&lock->watch);
}

/* Remembers a full token whose release was lost, by its random part: orphans are
 * cleaned by that part alone, as for a lost acquisition. */
static void remember_orphan(redislock_lock_obj *lock, const zend_string *name, const zend_string *token)
{
	zend_string *hex = token_hex(token);
	remember(&lock->orphans, name, hex);
	zend_string_release(hex);
}

/* ---- script calls ---------------------------------------------------------- */

#define CALL_REPLY_ERROR -1   /* Redis answered with an error: thrown */
#define CALL_LOST -2          /* the connection failed, the outcome is unknown: thrown */

/* What a lifetime query answers besides milliseconds. */
#define PTTL_NONE -10         /* not held (with a token: not held with it) */
#define PTTL_FOREVER -11      /* held without an expiry (a key that is not ours to judge) */

/* What locking does against the servers: one table for a single server (alone,
 * behind Sentinel, or a cluster's node for the key), one for a Redlock majority.
 * An operation that fails either throws (its result says so) or records the
 * failure for throw_failure(). */
struct _lock_backend {
	/* Takes n names at once for ms, waiting up to timeout: ACQUIRE_TAKEN (then
	 * tokens[i] is names[i]'s new token, with its fencing number when fenced or
	 * n > 1), ACQUIRE_BUSY or ACQUIRE_THROWN. want is WANT_EXCLUSIVE, or for one
	 * name on one server WANT_SHARED or WANT_PROMOTE; hex is the random part to
	 * use (a promotion or demotion keeps its own), or NULL for a new one. */
	int (*acquire)(redislock_lock_obj *lock, zend_string **names, uint32_t n, double timeout, zend_long ms, bool fenced,
		char want, zend_string *hex, zend_string **tokens);
	/* Releases each name while it holds tokens[i] (with suffix: the random part);
	 * released[i] tells which were still ours. FAILURE is recorded, not thrown. */
	zend_result (*release)(redislock_lock_obj *lock, zend_string **names, zend_string **tokens, uint32_t n, bool suffix, bool *released);
	/* A new lifetime while it holds token: 1, 0 when it does not, CALL_LOST after throwing. */
	zend_long (*extend)(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, zend_long ms);
	/* Whether it holds token: 1, 0, or -1 after throwing. */
	int (*holds)(redislock_lock_obj *lock, const zend_string *name, const zend_string *token);
	/* How long it still holds token, in ms, or PTTL_NONE, PTTL_FOREVER, CALL_LOST (thrown). */
	zend_long (*pttl)(redislock_lock_obj *lock, const zend_string *name, const zend_string *token);
	/* Whether anyone holds the name: 1, 0, or -1 after throwing. */
	int (*exists)(redislock_lock_obj *lock, const zend_string *name);
	/* holds() without any side effect (holds() of Redlock gives a lost lock back). */
	int (*check)(redislock_lock_obj *lock, const zend_string *name, const zend_string *token);
	/* Removes the lock whoever holds it and wakes the next waiter: 1 when there
	 * was one, 0, or -1 after throwing. */
	int (*force)(redislock_lock_obj *lock, const zend_string *name);
	/* Draws the fencing number of a lock held with a token that has none yet (one
	 * that has one is given back while it holds): the new token, or NULL (not held,
	 * or thrown). owned: the object's own hold of name, which a lost reply turns
	 * into an orphan; otherwise the token is the caller's, who learns of the lost
	 * reply from the exception and may ask again. NULL where there are none. */
	zend_string *(*fence)(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, bool owned);
	void (*throw_failure)(const redislock_lock_obj *lock);
	bool fencing;         /* tokens carry fencing numbers */
};

/* Runs a script whose answer is an integer; returns it or a negative code above. */
static zend_long integer_call(redislock_lock_obj *lock, const redislock_script *script, redislock_argv *a, double timeout)
{
	redisReply *reply;
	zend_long result;

	if (redislock_script_call(lock->conn, script, a, timeout, &reply) == FAILURE) {
		lock_throw(lock);
		return CALL_LOST;
	}
	if (reply->type == REDIS_REPLY_INTEGER) {
		result = (zend_long) reply->integer;
	} else {
		redislock_conn_throw_unexpected(lock->conn, reply);
		result = CALL_REPLY_ERROR;
	}
	freeReplyObject(reply);
	return result;
}

/* The unlock script's match and hint are trailing arguments, sent only when one
 * says something: the common release is the same command, key and argument as a
 * bare compare-and-delete. */
static void unlock_argv(redislock_argv *a, const lock_keys *k, const zend_string *token, bool suffix)
{
	redislock_script_unlock_args(a, k->key, k->queue, k->many, token, suffix, k->hint);
}

/* Runs the unlock script for n names at once, in one round trip. tokens[i] is a
 * full token, or with suffix the random part only. released[i] tells whether that
 * lock was still ours. */
static zend_result single_release(redislock_lock_obj *lock, zend_string **names, zend_string **tokens,
	uint32_t n, bool suffix, bool *released)
{
	redislock_argv *sets;
	redisReply **replies;
	lock_keys *keys;
	zend_result result;
	bool replies_read;

	sets = safe_emalloc(n, sizeof(*sets), 0);
	replies = safe_emalloc(n, sizeof(*replies), 0);
	keys = safe_emalloc(n, sizeof(*keys), 0);

	for (uint32_t i = 0; i < n; i++) {
		keys_init(&keys[i], lock, names[i]);
		unlock_argv(&sets[i], &keys[i], tokens[i], suffix);
	}
	result = redislock_script_call_many(lock->conn, &redislock_script_unlock, sets, n, read_timeout(lock), replies);
	replies_read = result == SUCCESS;
	for (uint32_t i = 0; i < n && result == SUCCESS; i++) {
		/* An error reply (NOPERM, OOM, ...): the release did not happen; it is
		 * reported like a lost one, and the token kept as an orphan to retry. */
		if (replies[i]->type == REDIS_REPLY_ERROR) {
			redislock_conn_set_error(lock->conn, REDISLOCK_ERR_SERVER, "unlock script on %s failed: %.*s",
				redislock_conn_endpoint(lock->conn), (int) MIN(replies[i]->len, 512), replies[i]->str);
			result = FAILURE;
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		released[i] = result == SUCCESS && replies[i]->type == REDIS_REPLY_INTEGER && replies[i]->integer == 1;
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

/* Splits a name => token table into arrays for a release. */
static uint32_t table_arrays(HashTable *table, zend_string ***names, zend_string ***tokens)
{
	uint32_t n = zend_hash_num_elements(table), i = 0;
	zend_string *name;
	zval *token;

	*names = safe_emalloc(n, sizeof(**names), 0);
	*tokens = safe_emalloc(n, sizeof(**tokens), 0);
	ZEND_HASH_FOREACH_STR_KEY_VAL(table, name, token) {
		(*names)[i] = zend_string_copy(name);
		(*tokens)[i] = zend_string_copy(Z_STR_P(token));
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

/* Compare-and-delete every acquisition whose reply was lost. The lock may or may
 * not exist; either way nobody else holds our random token, so deleting is safe. */
static zend_result clean_orphans(redislock_lock_obj *lock)
{
	zend_string **names, **hexes;
	uint32_t n;
	bool *released;
	zend_result result;

	if (zend_hash_num_elements(&lock->orphans) == 0) {
		return SUCCESS;
	}
	n = table_arrays(&lock->orphans, &names, &hexes);
	released = safe_emalloc(n, sizeof(*released), 0);
	result = lock->backend->release(lock, names, hexes, n, true, released);
	if (result == SUCCESS) {
		zend_hash_clean(&lock->orphans);
	}
	efree(released);
	free_arrays(names, hexes, n);
	return result;
}

/* Prepares the connection for a call: cleans lost acquisitions first. */
static zend_result lock_prepare(redislock_lock_obj *lock)
{
	if (zend_hash_num_elements(&lock->orphans) > 0 && clean_orphans(lock) == FAILURE) {
		lock_throw(lock);
		return FAILURE;
	}
	return SUCCESS;
}

/* Releases everything this object holds, in one round trip. With report=false
 * (destructor, request shutdown) failures are silent: the TTL still bounds them. */
static zend_result release_all(redislock_lock_obj *lock, bool report, bool *all_released)
{
	zend_string **names, **tokens;
	uint32_t n;
	bool *released;
	zend_result result;

	*all_released = true;
	if (zend_hash_num_elements(&lock->orphans) > 0 && clean_orphans(lock) == FAILURE) {
		if (report) {
			lock_throw(lock);
		}
		return FAILURE;
	}
	if (zend_hash_num_elements(&lock->held) == 0) {
		return SUCCESS;
	}
	n = table_arrays(&lock->held, &names, &tokens);
	hold_clear(lock);
	released = safe_emalloc(n, sizeof(*released), 0);
	result = lock->backend->release(lock, names, tokens, n, false, released);
	for (uint32_t i = 0; i < n; i++) {
		if (result == FAILURE) {
			/* The reply was lost: the delete may not have happened. */
			remember_orphan(lock, names[i], tokens[i]);
			*all_released = false;
		} else if (!released[i]) {
			*all_released = false;
		}
	}
	efree(released);
	free_arrays(names, tokens, n);
	if (result == FAILURE && report) {
		lock_throw(lock);
	}
	return result;
}

static void auto_release(redislock_lock_obj *lock)
{
	bool all_released;
	if (!lock->conn) {
		return;
	}
	forget_parent_locks(lock);
	if (redislock_conn_config(lock->conn)->auto_release) {
		release_all(lock, false, &all_released);
	} else if (zend_hash_num_elements(&lock->orphans) > 0) {
		clean_orphans(lock);
	}
	hold_clear(lock);
}

/* RSHUTDOWN: objects a fatal error kept from being destructed still let go. */
static void lock_on_shutdown(void *owner)
{
	auto_release((redislock_lock_obj *) owner);
}

/* ---- waiting ----------------------------------------------------------------- */

#define ACQUIRE_THROWN -1
#define ACQUIRE_BUSY 0
#define ACQUIRE_TAKEN 1
#define ACQUIRE_NOT_HELD 2  /* a promotion of a share that is gone: nothing to promote */

/* Reads the tokens out of an acquire reply: a string for one name, an array of
 * strings for several. False for any other shape. */
static bool reply_tokens(const redisReply *reply, uint32_t n, zend_string **tokens)
{
	if (n == 1 && reply->type == REDIS_REPLY_STRING) {
		tokens[0] = zend_string_init(reply->str, reply->len, 0);
		return true;
	}
	if (n > 1 && reply->type == REDIS_REPLY_ARRAY && reply->elements == n) {
		for (uint32_t i = 0; i < n; i++) {
			if (reply->element[i]->type != REDIS_REPLY_STRING) {
				return false;
			}
		}
		for (uint32_t i = 0; i < n; i++) {
			tokens[i] = zend_string_init(reply->element[i]->str, reply->element[i]->len, 0);
		}
		return true;
	}
	return false;
}

/* min_replicas: an acquisition counts once that many replicas have it (WAIT),
 * within read_timeout; a failover then cannot lose it. When they do not have it in
 * time, it is released again and a RedisLockTimeoutException says so, rather than
 * false: false means "someone else holds it", which is not what happened, and a
 * caller that waits or gives up on that would be misled. On success the tokens
 * stay with the caller; otherwise they are freed. */
static int replicate(redislock_lock_obj *lock, zend_string **names, uint32_t n, zend_string **tokens)
{
	const redislock_config *cfg = redislock_conn_config(lock->conn);
	double started = redislock_now();
	/* When the acquisition was sent: what a watchdog counts the first lease from,
	 * not the WAIT below, which sets no lifetime. */
	double acquired = redislock_conn_last_flush(lock->conn);
	zend_long acked = -1;
	redislock_argv a;
	redisReply *reply;
	bool *released;

	redislock_argv_init(&a);
	redislock_argv_push(&a, "WAIT", 4);
	redislock_argv_push_long(&a, cfg->min_replicas);
	redislock_argv_push_long(&a, redislock_seconds_to_ms(cfg->read_timeout));
	/* WAIT answers by its own timeout; the reply gets a second on top. */
	if (redislock_conn_call_timeout(lock->conn, &a, cfg->read_timeout + 1.0, &reply) == FAILURE) {
		redislock_argv_free(&a);
		/* We hold the locks, replicated or not: ours to clean up. */
		for (uint32_t i = 0; i < n; i++) {
			remember_orphan(lock, names[i], tokens[i]);
			zend_string_release(tokens[i]);
		}
		lock_throw(lock);
		return ACQUIRE_THROWN;
	}
	redislock_argv_free(&a);
	if (reply->type == REDIS_REPLY_INTEGER) {
		acked = (zend_long) reply->integer;
	}
	if (acked >= cfg->min_replicas) {
		freeReplyObject(reply);
		redislock_conn_set_last_flush(lock->conn, acquired);
		return ACQUIRE_TAKEN;
	}
	released = safe_emalloc(n, sizeof(*released), 0);
	if (single_release(lock, names, tokens, n, false, released) == FAILURE) {
		for (uint32_t i = 0; i < n; i++) {
			remember_orphan(lock, names[i], tokens[i]);
		}
	}
	efree(released);
	if (acked < 0) {
		redislock_conn_throw_unexpected(lock->conn, reply);
	} else {
		redislock_throw(redislock_ce_timeout_exception,
			"lock \"%.*s\" on %s was released again: " ZEND_LONG_FMT " of " ZEND_LONG_FMT " replicas had it within %.3f s (min_replicas)",
			(int) MIN(ZSTR_LEN(names[0]), 200), ZSTR_VAL(names[0]), redislock_conn_endpoint(lock->conn), acked,
			cfg->min_replicas, redislock_now() - started);
	}
	freeReplyObject(reply);
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(tokens[i]);
	}
	return ACQUIRE_THROWN;
}

/* The first try of lock(): SET NX PX, the whole uncontended acquisition. A free
 * key means nobody has a claim on the lock (the scripts hand a released lock
 * straight to the head of its queue, and keep the key while anyone waits), so no
 * queue needs checking. ACQUIRE_TAKEN, ACQUIRE_BUSY or ACQUIRE_THROWN. */
static int try_set(redislock_lock_obj *lock, const zend_string *name, const lock_keys *k, zend_string *hex, zend_long ms)
{
	redislock_argv a;
	redisReply *reply;
	int outcome = ACQUIRE_THROWN;

	redislock_argv_init(&a);
	redislock_argv_push(&a, "SET", 3);
	redislock_argv_push_str(&a, k->key);
	redislock_argv_push_str(&a, hex);
	redislock_argv_push(&a, "NX", 2);
	redislock_argv_push(&a, "PX", 2);
	redislock_argv_push_long(&a, ms);
	if (redislock_conn_call_timeout(lock->conn, &a, read_timeout(lock), &reply) == FAILURE) {
		/* Once sent, it may have been set. Not ours to count on; ours to clean up. */
		if (redislock_conn_sent(lock->conn)) {
			remember(&lock->orphans, name, hex);
		}
		lock_throw(lock);
	} else {
		if (reply->type == REDIS_REPLY_STATUS) {
			outcome = ACQUIRE_TAKEN;
		} else if (reply->type == REDIS_REPLY_NIL) {
			outcome = ACQUIRE_BUSY;
		} else {
			redislock_conn_throw_unexpected(lock->conn, reply);
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	return outcome;
}

/* What an attempt wants (the acquire script's ARGV[7]). */
#define WANT_EXCLUSIVE 'x'
#define WANT_SHARED 'r'
#define WANT_PROMOTE 'p'  /* the promotion of our shared hold */
/* The acquire script's answer to a promotion while another holder's waits. */
#define PTTL_REFUSED -4
/* Its answer to a promotion of a share that is not held any more. */
#define PTTL_NOT_HELD -5
/* The token prefix of a shared hold. */
#define SHARED_PREFIX "shared:"

/* What an attempt does when the lock is busy (the acquire script's ARGV[3]). */
#define ATTEMPT_ONCE '0'   /* nothing: the caller does not wait */
#define ATTEMPT_QUEUE '1'  /* queue up, or stay queued */
#define ATTEMPT_LAST '2'   /* the waiter's time is up: leave the queue (one name) */

/* One attempt of a waiter, for one name or several: the acquire script or
 * lockMany's (which queues up for any mode but ATTEMPT_ONCE). Returns ACQUIRE_TAKEN with tokens set,
 * ACQUIRE_BUSY with *pttl the ms until it is worth looking again, or
 * ACQUIRE_THROWN. */
static int attempt(redislock_lock_obj *lock, zend_string **names, const lock_keys *keys, uint32_t n,
	zend_string *hex, zend_long ms, char mode, bool fenced, char want, zend_long *pttl, zend_string **tokens)
{
	const redislock_script *script = n == 1 ? &redislock_script_acquire : &redislock_script_acquire_many;
	/* The fencing counters, declared keys like the others: lockMany() always draws
	 * numbers, one name only when fenced. */
	uint32_t n_counters = n > 1 || fenced ? n : 0;
	zend_string **counters = n_counters ? safe_emalloc(n_counters, sizeof(*counters), 0) : NULL;
	redislock_argv a;
	redisReply *reply;
	int outcome = ACQUIRE_THROWN;

	for (uint32_t i = 0; i < n_counters; i++) {
		counters[i] = fence_key(&keys[i]);
	}
	if (n == 1) {
		redislock_script_acquire_args(&a, keys[0].key, keys[0].queue, keys[0].many, fenced ? counters[0] : NULL,
			hex, ms, &mode, fenced, REDISLOCK_ALIVE_MS, keys[0].hint, &want);
	} else {
		name_keys nk;
		name_keys_init(&nk, keys, n);
		redislock_script_acquire_many_args(&a, n, counters, nk.key, nk.queue, nk.many, hex, ms,
			mode != ATTEMPT_ONCE ? hex : NULL, REDISLOCK_ALIVE_MS, nk.hint);
		name_keys_free(&nk);
	}
	if (redislock_script_call(lock->conn, script, &a, read_timeout(lock), &reply) == FAILURE) {
		/* Once sent, the script may have run. Not ours to count on; ours to clean
		 * up. A call that failed before sending (no connection) took nothing. */
		for (uint32_t i = 0; i < n && redislock_conn_sent(lock->conn); i++) {
			remember(&lock->orphans, names[i], hex);
		}
		lock_throw(lock);
	} else {
		if (reply->type == REDIS_REPLY_INTEGER) {
			*pttl = (zend_long) reply->integer;
			outcome = ACQUIRE_BUSY;
		} else if (reply_tokens(reply, n, tokens)) {
			outcome = ACQUIRE_TAKEN;
		} else {
			redislock_conn_throw_unexpected(lock->conn, reply);
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	for (uint32_t i = 0; i < n_counters; i++) {
		zend_string_release(counters[i]);
	}
	if (counters) {
		efree(counters);
	}
	return outcome;
}

/* A lockMany() waiter gives up: it leaves the queues. ACQUIRE_BUSY, or
 * ACQUIRE_THROWN. (One name leaves in its last attempt, ATTEMPT_LAST.) */
static int give_up(redislock_lock_obj *lock, const lock_keys *keys, uint32_t n, zend_string *hex)
{
	const redislock_script *script = &redislock_script_leave_many;
	redislock_argv a;
	zend_long left;

	name_keys nk;

	name_keys_init(&nk, keys, n);
	redislock_script_leave_many_args(&a, n, nk.key, nk.queue, nk.many, hex, nk.hint);
	name_keys_free(&nk);
	left = integer_call(lock, script, &a, read_timeout(lock));
	redislock_argv_free(&a);
	return left < 0 ? ACQUIRE_THROWN : ACQUIRE_BUSY;
}

/* Takes one lock (in its FIFO queue) or several at once (all or nothing), waiting
 * up to timeout seconds. On success tokens[i] is the new token of names[i]:
 * "<hex>" for one name unless fenced, "<fence>:<hex>" otherwise, "shared:<hex>"
 * for a shared hold. A promotion refused because another holder's waits is
 * ACQUIRE_BUSY at once. */
static int single_acquire(redislock_lock_obj *lock, zend_string **names, uint32_t n, double timeout, zend_long ms,
	bool fenced, char want, zend_string *given_hex, zend_string **tokens)
{
	zend_string *hex = given_hex ? zend_string_copy(given_hex) : redislock_random_hex(), **wake_keys = NULL;
	bool waiting = timeout > 0;
	double deadline = redislock_now() + timeout;
	lock_keys *keys;
	int outcome;

	if (!hex) {
		return ACQUIRE_THROWN;
	}
	keys = safe_emalloc(n, sizeof(*keys), 0);
	for (uint32_t i = 0; i < n; i++) {
		keys_init(&keys[i], lock, names[i]);
	}

	if (n == 1 && !fenced && want == WANT_EXCLUSIVE) {
		outcome = try_set(lock, names[0], &keys[0], hex, ms);
		if (outcome == ACQUIRE_TAKEN) {
			tokens[0] = zend_string_copy(hex);
		}
		if (outcome != ACQUIRE_BUSY || !waiting) {
			goto finish;
		}
	}
	/* Only a caller that may wait needs its wake-up lists. */
	if (waiting) {
		wake_keys = safe_emalloc(n, sizeof(*wake_keys), 0);
		for (uint32_t i = 0; i < n; i++) {
			zend_string *prefix = redislock_sibling_key(keys[i].key, ":w:");
			wake_keys[i] = zend_string_concat3(ZSTR_VAL(prefix), ZSTR_LEN(prefix), "w:", 2, ZSTR_VAL(hex), ZSTR_LEN(hex));
			zend_string_release(prefix);
		}
	}
	for (;;) {
		bool last = waiting && deadline - redislock_now() <= 0;
		char mode = !waiting ? ATTEMPT_ONCE : last ? ATTEMPT_LAST : ATTEMPT_QUEUE;
		zend_long pttl = -1;
		double remaining, block;
		bool until_expiry;

		outcome = attempt(lock, names, keys, n, hex, ms, mode, fenced, want, &pttl, tokens);
		if (outcome == ACQUIRE_BUSY && pttl == PTTL_NOT_HELD) {
			outcome = ACQUIRE_NOT_HELD;
			break;
		}
		if (outcome != ACQUIRE_BUSY || !waiting || pttl == PTTL_REFUSED) {
			break;
		}
		if (last) {
			if (n > 1) {
				outcome = give_up(lock, keys, n, hex);
			}
			break;
		}
		remaining = deadline - redislock_now();
		if (remaining <= 0) {
			continue;
		}
		block = redislock_block_time(remaining, pttl, &until_expiry);
		if (redislock_blpop(lock->conn, wake_keys, n, block, until_expiry) == FAILURE) {
			/* The lock may have been promised to us meanwhile: cleaning the orphan
			 * passes the promise on at once, instead of after our alive mark. */
			if (n == 1) {
				remember(&lock->orphans, names[0], hex);
			}
			outcome = ACQUIRE_THROWN;
			break;
		}
	}

finish:
	if (outcome == ACQUIRE_TAKEN && redislock_conn_config(lock->conn)->min_replicas > 0) {
		outcome = replicate(lock, names, n, tokens);
	}
	for (uint32_t i = 0; i < n; i++) {
		keys_free(&keys[i]);
		if (wake_keys) {
			zend_string_release(wake_keys[i]);
		}
	}
	efree(keys);
	if (wake_keys) {
		efree(wake_keys);
	}
	zend_string_release(hex);
	return outcome;
}

/* Runs the extend script for a token; returns 1, 0 or a negative CALL_ code. */
static zend_long single_extend(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, zend_long ms)
{
	redislock_argv a;
	lock_keys keys;
	zend_long result;

	keys_init(&keys, lock, name);
	redislock_script_extend_args(&a, keys.key, keys.queue, keys.many, token, ms, keys.hint);
	result = integer_call(lock, &redislock_script_extend, &a, read_timeout(lock));
	redislock_argv_free(&a);
	keys_free(&keys);
	return result;
}

/* The ttl script for token ("": whoever holds it): how long the lock still holds
 * it, in ms, or PTTL_NONE, PTTL_FOREVER, CALL_LOST (thrown). */
static zend_long ttl_call(redislock_lock_obj *lock, const zend_string *name, const zend_string *token)
{
	redislock_argv a;
	zend_string *key = lock_key(lock, name);
	zend_long pttl;

	redislock_script_ttl_args(&a, key, token);
	pttl = integer_call(lock, &redislock_script_ttl, &a, read_timeout(lock));
	redislock_argv_free(&a);
	zend_string_release(key);
	/* integer_call() answers -1 and -2 also after throwing: the exception tells. */
	if (EG(exception)) {
		return CALL_LOST;
	}
	return pttl == -3 ? PTTL_NONE : pttl == -1 ? PTTL_FOREVER : pttl;
}

static zend_long single_pttl(redislock_lock_obj *lock, const zend_string *name, const zend_string *token)
{
	return ttl_call(lock, name, token);
}

/* Whether the lock holds token (a holder past its deadline holds nothing): 1, 0,
 * or -1 after throwing. */
static int single_holds(redislock_lock_obj *lock, const zend_string *name, const zend_string *token)
{
	zend_long pttl = ttl_call(lock, name, token);
	return pttl == CALL_LOST ? -1 : pttl != PTTL_NONE;
}

/* Whether anyone holds the lock: 1, 0, or -1 after throwing. */
static int single_exists(redislock_lock_obj *lock, const zend_string *name)
{
	zend_long pttl = ttl_call(lock, name, NULL);
	return pttl == CALL_LOST ? -1 : pttl != PTTL_NONE;
}

static int single_force(redislock_lock_obj *lock, const zend_string *name)
{
	redislock_argv a;
	lock_keys keys;
	zend_long existed;

	keys_init(&keys, lock, name);
	redislock_script_force_unlock_args(&a, keys.key, keys.queue, keys.many, keys.hint);
	existed = integer_call(lock, &redislock_script_force_unlock, &a, read_timeout(lock));
	redislock_argv_free(&a);
	keys_free(&keys);
	return existed < 0 ? -1 : existed > 0;
}

/* Draws the fencing number of a lock taken with a plain token, while it still
 * holds that token: the new token "<fence>:<hex>", NULL when it does not hold it
 * any more, or NULL after throwing (EG(exception) set). */
static zend_string *single_fence(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, bool owned)
{
	redislock_argv a;
	lock_keys keys;
	zend_string *counter, *fenced = NULL;
	redisReply *reply;

	keys_init(&keys, lock, name);
	counter = fence_key(&keys);
	redislock_script_fence_args(&a, keys.key, counter, token);
	if (redislock_script_call(lock->conn, &redislock_script_fence, &a, read_timeout(lock), &reply) == FAILURE) {
		/* Once sent, the token may have been rewritten to the fenced one we never
		 * learnt: the lock is no longer one we can name, so it is an orphan to
		 * clean (by its random part) rather than a lock we hold. */
		if (owned && redislock_conn_sent(lock->conn)) {
			remember(&lock->orphans, name, (zend_string *) token);
			hold_forget(lock, name);
		}
		lock_throw(lock);
	} else {
		if (reply->type == REDIS_REPLY_STRING) {
			fenced = zend_string_init(reply->str, reply->len, 0);
		} else if (reply->type != REDIS_REPLY_INTEGER) {
			redislock_conn_throw_unexpected(lock->conn, reply);
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	zend_string_release(counter);
	keys_free(&keys);
	return fenced;
}

static void single_throw(const redislock_lock_obj *lock)
{
	redislock_conn_throw(lock->conn);
}

static const lock_backend single_backend = {
	single_acquire, single_release, single_extend, single_holds, single_pttl, single_exists, single_holds, single_force,
	single_fence, single_throw, true,
};

/* ---- Redlock backend ------------------------------------------------------------ *
 * The same operations on a majority of independent servers (redislock_redlock.c).
 * Tokens are "redlock:<hex>": no fencing number, as no single counter exists. */

static int redlock_acquire_op(redislock_lock_obj *lock, zend_string **names, uint32_t n, double timeout, zend_long ms,
	bool fenced, char want, zend_string *given_hex, zend_string **tokens)
{
	/* Only exclusive holds: the methods refuse the rest before coming here. */
	ZEND_ASSERT(want == WANT_EXCLUSIVE && !given_hex);
	zend_string *hex = redislock_random_hex(), **keys, *token;
	int outcome;

	if (!hex) {
		return ACQUIRE_THROWN;
	}
	keys = redlock_keys(lock, names, n);
	token = zend_string_concat2("redlock:", sizeof("redlock:") - 1, ZSTR_VAL(hex), ZSTR_LEN(hex));
	outcome = redislock_redlock_acquire(lock->redlock, keys, n, token, ms, timeout);
	redlock_keys_free(keys, n);
	/* As with one server: what may have been taken is cleaned up by the next call. */
	for (uint32_t i = 0; outcome == REDLOCK_THROWN && lock->redlock->maybe_held && i < n; i++) {
		remember(&lock->orphans, names[i], hex);
	}
	for (uint32_t i = 0; outcome == REDLOCK_TAKEN && i < n; i++) {
		tokens[i] = zend_string_copy(token);
	}
	zend_string_release(token);
	zend_string_release(hex);
	return outcome == REDLOCK_TAKEN ? ACQUIRE_TAKEN : outcome == REDLOCK_BUSY ? ACQUIRE_BUSY : ACQUIRE_THROWN;
}

static zend_result redlock_release_op(redislock_lock_obj *lock, zend_string **names, zend_string **tokens,
	uint32_t n, bool suffix, bool *released)
{
	zend_string **keys = redlock_keys(lock, names, n);
	zend_result result = redislock_redlock_release(lock->redlock, keys, tokens, n, suffix, released);
	redlock_keys_free(keys, n);
	return result;
}

static zend_long redlock_extend_op(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, zend_long ms)
{
	zend_string *key = lock_key(lock, name);
	int extended = redislock_redlock_extend(lock->redlock, key, (zend_string *) token, ms);
	zend_string_release(key);
	return extended < 0 ? CALL_LOST : extended;
}

/* The majority's PTTL of the key (with token: of the key holding it). */
static zend_long redlock_pttl_op(redislock_lock_obj *lock, const zend_string *name, const zend_string *token)
{
	zend_string *key = lock_key(lock, name);
	zend_long pttl = redislock_redlock_pttl(lock->redlock, key, (zend_string *) token, true);
	zend_string_release(key);
	return pttl == REDLOCK_PTTL_THROWN ? CALL_LOST : pttl == -1 ? PTTL_NONE : pttl == -2 ? PTTL_FOREVER : pttl;
}

static int redlock_holds_op(redislock_lock_obj *lock, const zend_string *name, const zend_string *token)
{
	zend_long pttl = redlock_pttl_op(lock, name, token);
	return pttl == CALL_LOST ? -1 : pttl != PTTL_NONE;
}

static int redlock_exists_op(redislock_lock_obj *lock, const zend_string *name)
{
	zend_long pttl = redlock_pttl_op(lock, name, NULL);
	return pttl == CALL_LOST ? -1 : pttl != PTTL_NONE;
}

static int redlock_check_op(redislock_lock_obj *lock, const zend_string *name, const zend_string *token)
{
	zend_string *key = lock_key(lock, name);
	zend_long pttl = redislock_redlock_pttl(lock->redlock, key, (zend_string *) token, false);
	zend_string_release(key);
	return pttl == REDLOCK_PTTL_THROWN ? -1 : pttl != -1;
}

static int redlock_force_op(redislock_lock_obj *lock, const zend_string *name)
{
	zend_string *key = lock_key(lock, name);
	int removed = redislock_redlock_force(lock->redlock, key);
	zend_string_release(key);
	return removed;
}

static void redlock_throw_op(const redislock_lock_obj *lock)
{
	redislock_throw_status(&lock->redlock->st);
}

static const lock_backend redlock_backend = {
	redlock_acquire_op, redlock_release_op, redlock_extend_op, redlock_holds_op, redlock_pttl_op, redlock_exists_op,
	redlock_check_op, redlock_force_op, NULL, redlock_throw_op, false,
};

static void lock_throw(const redislock_lock_obj *lock)
{
	lock->backend->throw_failure(lock);
}

/* ---- object handlers ----------------------------------------------------- */

static zend_object *lock_create(zend_class_entry *ce)
{
	redislock_lock_obj *lock = zend_object_alloc(sizeof(redislock_lock_obj), ce);
	zend_object_std_init(&lock->std, ce);
	object_properties_init(&lock->std, ce);
	zend_hash_init(&lock->held, 8, NULL, ZVAL_PTR_DTOR, 0);
	zend_hash_init(&lock->orphans, 0, NULL, ZVAL_PTR_DTOR, 0);
	zend_hash_init(&lock->watch, 0, NULL, NULL, 0);
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
	if (lock->redlock) {
		redislock_redlock_destroy(lock->redlock);
		lock->redlock = NULL;
	}
	if (lock->conn) {
		redislock_conn_destroy(lock->conn);
		lock->conn = NULL;
	}
	if (lock->prefix) {
		zend_string_release(lock->prefix);
	}
	hold_clear(lock);
	zend_hash_destroy(&lock->held);
	zend_hash_destroy(&lock->orphans);
	zend_hash_destroy(&lock->watch);
	redislock_wd_target_release(lock->wd_target);
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
	redislock_config_describe(redislock_conn_config(lock->conn), &info);
	add_assoc_str(&info, "prefix", zend_string_copy(lock->prefix));
	add_assoc_bool(&info, "auto_release", redislock_conn_config(lock->conn)->auto_release);
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
		add_assoc_bool(&info, "connected", redislock_conn_connected(lock->conn));
	}
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

static bool check_token(const zend_string *token, uint32_t arg_num)
{
	if (ZSTR_LEN(token) == 0) {
		zend_argument_value_error(arg_num, "must not be empty");
		return false;
	}
	return true;
}

/* ---- methods ---------------------------------------------------------------- */

/* The start of every method on a lock this object holds: checks the name, and
 * gives the object and a copy of its token for the name, or a NULL token when it
 * holds none (the method then answers "not held" without a round trip). Returns
 * false after throwing. */
static bool held_lock(zval *this_ptr, zend_string *name, redislock_lock_obj **lock, zend_string **token)
{
	zval *held;

	*token = NULL;
	if (!redislock_check_name(name, 1) || !(*lock = this_lock(this_ptr))) {
		return false;
	}
	if ((held = zend_hash_find(&(*lock)->held, name)) == NULL) {
		return true;
	}
	if (watch_lost(*lock, name)) {
		/* The watchdog found it gone, or could not renew it within its lease. */
		hold_forget(*lock, name);
		return true;
	}
	if (lock_prepare(*lock) == FAILURE) {
		return false;
	}
	*token = zend_string_copy(Z_STR_P(held));
	return true;
}

PHP_METHOD(RedisLock, __construct)
{
	zend_string *dsn = NULL;
	HashTable *options = NULL;
	redislock_lock_obj *lock = lock_from_obj(Z_OBJ_P(ZEND_THIS));
	redislock_config cfg;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT_OR_STR_OR_NULL(options, dsn)
	ZEND_PARSE_PARAMETERS_END();

	if (lock->conn) {
		zend_throw_error(NULL, "RedisLock::__construct() cannot be called twice");
		RETURN_THROWS();
	}
	if (redislock_config_parse(&cfg, dsn, options, 1) == FAILURE) {
		RETURN_THROWS();
	}
	if (cfg.watchdog && cfg.mode == REDISLOCK_MODE_REDLOCK) {
		redislock_config_free(&cfg);
		zend_argument_value_error(1, "cannot use option \"watchdog\" with \"redlock\": renewals would have to reach a majority of independent servers in time");
		RETURN_THROWS();
	}
	if (cfg.queue_options) {
		redislock_config_free(&cfg);
		zend_argument_value_error(1, "cannot use options \"max_attempts\" and \"retry_backoff\": they apply to RedisQueue reservations");
		RETURN_THROWS();
	}
	lock->prefix = cfg.prefix ? zend_string_copy(cfg.prefix)
		: zend_string_init(REDISLOCK_LOCK_DEFAULT_PREFIX, sizeof(REDISLOCK_LOCK_DEFAULT_PREFIX) - 1, 0);
	if (cfg.mode == REDISLOCK_MODE_REDLOCK) {
		/* The servers' connections first: request shutdown visits connections
		 * newest first, and the object's own (which releases its locks) must come
		 * before the ones the release goes through are closed. */
		lock->redlock = redislock_redlock_create(&cfg);
	}
	lock->backend = lock->redlock ? &redlock_backend : &single_backend;
	lock->conn = redislock_conn_create(&cfg);
	lock->generation = redislock_fork_generation;
	redislock_conn_on_shutdown(lock->conn, lock_on_shutdown, lock);
}

static bool is_shared(const zend_string *token)
{
	return zend_string_starts_with_literal(token, SHARED_PREFIX);
}

/* Promotes (WANT_PROMOTE) or demotes (WANT_SHARED) the hold of name under token
 * mine, keeping its random part, which is also its place in the queue. Not done
 * in time, the hold stays as it was. Thrown, the hold may be either kind, or
 * none: it is forgotten and its random part kept as an orphan to clean. */
static int convert(redislock_lock_obj *lock, zend_string *name, const zend_string *mine, double timeout, zend_long ms, char want)
{
	zend_string *hex = token_hex(mine), *token;
	int outcome = lock->backend->acquire(lock, &name, 1, timeout, ms, false, want, hex, &token);

	if (outcome == ACQUIRE_TAKEN) {
		hold_set(lock, name, token);
		zend_string_release(token);
	} else if (outcome == ACQUIRE_NOT_HELD) {
		/* Our share lapsed: not ours to promote, and not ours at all. */
		hold_forget(lock, name);
		outcome = ACQUIRE_BUSY;
	} else if (outcome == ACQUIRE_THROWN) {
		hold_forget(lock, name);
		remember(&lock->orphans, name, hex);
	}
	zend_string_release(hex);
	return outcome;
}

/* Renews a hold of ours of the kind asked for: ACQUIRE_TAKEN, ACQUIRE_THROWN, or
 * ACQUIRE_BUSY when it is not ours any more (then forgotten). */
static int renew(redislock_lock_obj *lock, zend_string *name, const zend_string *mine, zend_long ms)
{
	zend_long renewed = lock->backend->extend(lock, name, mine, ms);
	if (renewed < 0) {
		return ACQUIRE_THROWN;
	}
	if (renewed == 1) {
		return ACQUIRE_TAKEN;
	}
	hold_forget(lock, name);
	return ACQUIRE_BUSY;
}

/* lock(), lockShared() and synchronized(): take the lock in the mode asked for and
 * remember its token. Locking a name we already hold in that mode does not wait
 * for ourselves: while Redis still has our token, the hold gets the new lifetime
 * and we return at once. There is no nesting count; one unlock() releases it. A
 * hold of the other mode is converted: a shared one promoted (waiting for the
 * other holders to leave), an exclusive one demoted (at once). */
static int take_and_hold(redislock_lock_obj *lock, zend_string *name, double timeout, double expire, char want)
{
	zend_long ms = hold_ms(lock, expire);
	zend_string *token;
	zval *held;
	int outcome;

	if ((held = zend_hash_find(&lock->held, name)) != NULL) {
		zend_string *mine = zend_string_copy(Z_STR_P(held));
		if (is_shared(mine) == (want == WANT_SHARED)) {
			outcome = renew(lock, name, mine, ms);
		} else {
			outcome = convert(lock, name, mine, timeout, ms, want == WANT_SHARED ? WANT_SHARED : WANT_PROMOTE);
		}
		zend_string_release(mine);
		/* Renewed, converted, thrown, or a promotion not done: the hold we had
		 * (if still ours) is what we report on. A hold that was not ours any more
		 * is taken afresh. */
		if (outcome != ACQUIRE_BUSY || zend_hash_exists(&lock->held, name)) {
			return outcome;
		}
	}
	outcome = lock->backend->acquire(lock, &name, 1, timeout, ms, false, want, NULL, &token);
	if (outcome == ACQUIRE_TAKEN) {
		hold_set(lock, name, token);
		zend_string_release(token);
	}
	return outcome;
}

PHP_METHOD(RedisLock, lock)
{
	zend_string *name;
	double timeout = 0, expire = 15;
	zend_long wait_us = 100000;
	redislock_lock_obj *lock;
	int outcome;

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
	if (!(lock = this_lock(ZEND_THIS)) || lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	outcome = take_and_hold(lock, name, timeout, expire, WANT_EXCLUSIVE);
	if (outcome == ACQUIRE_THROWN) {
		RETURN_THROWS();
	}
	RETURN_BOOL(outcome == ACQUIRE_TAKEN);
}

PHP_METHOD(RedisLock, lockShared)
{
	zend_string *name;
	double timeout = 0, expire = 15;
	redislock_lock_obj *lock;
	int outcome;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_check_seconds(timeout, 2, true) || !redislock_check_seconds(expire, 3, false)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!shared_available(lock, "lockShared")) {
		RETURN_THROWS();
	}
	if (lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	outcome = take_and_hold(lock, name, timeout, expire, WANT_SHARED);
	if (outcome == ACQUIRE_THROWN) {
		RETURN_THROWS();
	}
	RETURN_BOOL(outcome == ACQUIRE_TAKEN);
}

PHP_METHOD(RedisLock, unlock)
{
	zend_string *name, *token;
	redislock_lock_obj *lock;
	bool released = false;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!held_lock(ZEND_THIS, name, &lock, &token)) {
		RETURN_THROWS();
	}
	if (!token) {
		RETURN_FALSE;
	}
	/* Forget the name whatever happens: either we release it now, or it is not ours. */
	hold_forget(lock, name);
	if (lock->backend->release(lock, &name, &token, 1, false, &released) == FAILURE) {
		remember_orphan(lock, name, token);
		zend_string_release(token);
		lock_throw(lock);
		RETURN_THROWS();
	}
	zend_string_release(token);
	RETURN_BOOL(released);
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
	zend_string *name, *token;
	double expire;
	redislock_lock_obj *lock;
	zend_long extended;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_seconds(expire, 2, false) || !held_lock(ZEND_THIS, name, &lock, &token)) {
		RETURN_THROWS();
	}
	if (!token) {
		RETURN_FALSE;
	}
	extended = lock->backend->extend(lock, name, token, redislock_seconds_to_ms(expire));
	zend_string_release(token);
	if (extended < 0) {
		RETURN_THROWS();
	}
	if (extended == 0) {
		/* It expired and is gone or someone else's now: we no longer hold it. */
		hold_forget(lock, name);
	}
	RETURN_BOOL(extended == 1);
}

PHP_METHOD(RedisLock, isLocking)
{
	zend_string *name, *token;
	redislock_lock_obj *lock;
	int holding;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!held_lock(ZEND_THIS, name, &lock, &token)) {
		RETURN_THROWS();
	}
	if (!token) {
		RETURN_FALSE;
	}
	holding = lock->backend->holds(lock, name, token);
	zend_string_release(token);
	if (holding < 0) {
		RETURN_THROWS();
	}
	if (!holding) {
		hold_forget(lock, name);
	}
	RETURN_BOOL(holding);
}

/* Token holds (addLock(), convertLock()) are not available with redlock in shared
 * mode: throws and returns false. */
static bool shared_available(const redislock_lock_obj *lock, const char *method)
{
	if (lock->redlock) {
		zend_throw_exception_ex(spl_ce_BadMethodCallException, 0, "RedisLock::%s() is not available with redlock: "
			"a shared hold needs the set of its holders and its wait queue on one server; "
			"use one server, Sentinel or a cluster for shared locks", method);
		return false;
	}
	return true;
}

PHP_METHOD(RedisLock, addLock)
{
	zend_string *name, *token;
	double expire = 15, timeout = 0;
	bool shared = false, fenced = true;
	redislock_lock_obj *lock;
	int outcome;

	ZEND_PARSE_PARAMETERS_START(1, 5)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(expire)
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_BOOL(shared)
		Z_PARAM_BOOL(fenced)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_check_seconds(expire, 2, false) || !redislock_check_seconds(timeout, 3, true)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS)) || (shared && !shared_available(lock, "addLock")) || lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	/* The token is the caller's to keep: the object does not remember it, so it is
	 * neither auto-released nor touched by unlockAll(). Unfenced, the acquisition
	 * is lock()'s: one SET NX PX when the name is free, the number drawn later by
	 * fenceLock() if ever. */
	outcome = lock->backend->acquire(lock, &name, 1, timeout, redislock_seconds_to_ms(expire), !shared && fenced,
		shared ? WANT_SHARED : WANT_EXCLUSIVE, NULL, &token);
	if (outcome == ACQUIRE_THROWN) {
		RETURN_THROWS();
	}
	if (outcome == ACQUIRE_BUSY) {
		RETURN_FALSE;
	}
	RETURN_STR(token);
}

PHP_METHOD(RedisLock, convertLock)
{
	zend_string *name, *token, *hex, *converted;
	double timeout = 0, expire = 15;
	bool shared;
	redislock_lock_obj *lock;
	int outcome;

	ZEND_PARSE_PARAMETERS_START(3, 5)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
		Z_PARAM_BOOL(shared)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_token(token, 2) || !redislock_check_seconds(timeout, 4, true)
		|| !redislock_check_seconds(expire, 5, false)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS)) || !shared_available(lock, "convertLock") || lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	if (is_shared(token) == shared) {
		/* Already of that kind: a new lifetime while it is still held. */
		zend_long renewed = lock->backend->extend(lock, name, token, redislock_seconds_to_ms(expire));
		if (renewed < 0) {
			RETURN_THROWS();
		}
		if (renewed == 0) {
			RETURN_FALSE;
		}
		RETURN_STR_COPY(token);
	}
	/* Only a hold the token names is converted: a promotion or demotion of a hold
	 * that is gone would otherwise be a fresh acquisition under an old name. */
	if ((outcome = lock->backend->check(lock, name, token)) < 0) {
		RETURN_THROWS();
	}
	if (!outcome) {
		RETURN_FALSE;
	}
	hex = token_hex(token);
	outcome = lock->backend->acquire(lock, &name, 1, timeout, redislock_seconds_to_ms(expire), !shared,
		shared ? WANT_SHARED : WANT_PROMOTE, hex, &converted);
	zend_string_release(hex);
	if (outcome == ACQUIRE_THROWN) {
		RETURN_THROWS();
	}
	if (outcome != ACQUIRE_TAKEN) {
		RETURN_FALSE;
	}
	RETURN_STR(converted);
}

PHP_METHOD(RedisLock, releaseLock)
{
	zend_string *name, *token;
	redislock_lock_obj *lock;
	zval *held;
	bool released = false;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_token(token, 2) || !(lock = this_lock(ZEND_THIS)) || lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	if (lock->backend->release(lock, &name, &token, 1, false, &released) == FAILURE) {
		lock_throw(lock);
		RETURN_THROWS();
	}
	if ((held = zend_hash_find(&lock->held, name)) != NULL && zend_string_equals(Z_STR_P(held), token)) {
		hold_forget(lock, name);
	}
	RETURN_BOOL(released);
}

PHP_METHOD(RedisLock, extendLock)
{
	zend_string *name, *token;
	double expire;
	redislock_lock_obj *lock;
	zend_long extended;

	ZEND_PARSE_PARAMETERS_START(3, 3)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_token(token, 2) || !redislock_check_seconds(expire, 3, false)
		|| !(lock = this_lock(ZEND_THIS)) || lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	extended = lock->backend->extend(lock, name, token, redislock_seconds_to_ms(expire));
	if (extended < 0) {
		RETURN_THROWS();
	}
	RETURN_BOOL(extended == 1);
}

PHP_METHOD(RedisLock, fencingToken)
{
	zend_string *name, *token, *fenced;
	redislock_lock_obj *lock;
	zval *held;
	zend_long fence;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(lock = this_lock(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!lock->backend->fencing) {
		zend_throw_exception(spl_ce_BadMethodCallException, "RedisLock::fencingToken() is not available with redlock: "
			"independent servers count separately, so no number orders the holders of a majority; "
			"use one server, Sentinel or a cluster where fencing matters", 0);
		RETURN_THROWS();
	}
	if ((held = zend_hash_find(&lock->held, name)) == NULL) {
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
	if (lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	token = zend_string_copy(Z_STR_P(held));
	fenced = lock->backend->fence(lock, name, token, true);
	zend_string_release(token);
	if (EG(exception)) {
		RETURN_THROWS();
	}
	if (!fenced) {
		hold_forget(lock, name);
		RETURN_NULL();
	}
	fence = token_fence(fenced);
	hold_set(lock, name, fenced);
	zend_string_release(fenced);
	RETURN_LONG(fence);
}

PHP_METHOD(RedisLock, fenceLock)
{
	zend_string *name, *token, *fenced;
	redislock_lock_obj *lock;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_token(token, 2) || !(lock = this_lock(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!lock->backend->fencing) {
		zend_throw_exception(spl_ce_BadMethodCallException, "RedisLock::fenceLock() is not available with redlock: "
			"independent servers count separately, so no number orders the holders of a majority", 0);
		RETURN_THROWS();
	}
	if (is_shared(token)) {
		zend_argument_value_error(2, "must be the token of an exclusive hold: shared holds have no fencing numbers");
		RETURN_THROWS();
	}
	if (lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	fenced = lock->backend->fence(lock, name, token, false);
	if (EG(exception)) {
		RETURN_THROWS();
	}
	if (!fenced) {
		RETURN_FALSE;
	}
	RETURN_STR(fenced);
}

PHP_METHOD(RedisLock, ttl)
{
	zend_string *name, *token;
	redislock_lock_obj *lock;
	zend_long pttl;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!held_lock(ZEND_THIS, name, &lock, &token)) {
		RETURN_THROWS();
	}
	if (!token) {
		RETURN_NULL();
	}
	pttl = lock->backend->pttl(lock, name, token);
	zend_string_release(token);
	if (pttl == CALL_LOST) {
		RETURN_THROWS();
	}
	if (pttl < 0) {
		/* Not ours any more; a key of ours without expiry cannot be. */
		hold_forget(lock, name);
		RETURN_NULL();
	}
	RETURN_DOUBLE(pttl / 1000.0);
}

PHP_METHOD(RedisLock, isLocked)
{
	zend_string *name;
	redislock_lock_obj *lock;
	int exists;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(lock = this_lock(ZEND_THIS)) || lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	if ((exists = lock->backend->exists(lock, name)) < 0) {
		RETURN_THROWS();
	}
	RETURN_BOOL(exists);
}

PHP_METHOD(RedisLock, synchronized)
{
	zend_string *name;
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;
	double timeout = 0, expire = 15;
	redislock_lock_obj *lock;
	zval *held;
	int outcome;

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
	if (!(lock = this_lock(ZEND_THIS)) || lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	outcome = take_and_hold(lock, name, timeout, expire, WANT_EXCLUSIVE);
	if (outcome == ACQUIRE_THROWN) {
		RETURN_THROWS();
	}
	if (outcome == ACQUIRE_BUSY) {
		redislock_throw(redislock_ce_timeout_exception, "lock \"%.*s\" on %s could not be acquired within %g s",
			(int) MIN(ZSTR_LEN(name), 200), ZSTR_VAL(name),
			lock->redlock ? ZSTR_VAL(redislock_conn_config(lock->conn)->endpoint) : redislock_conn_endpoint(lock->conn), timeout);
		RETURN_THROWS();
	}

	fci.retval = return_value;
	zend_call_function(&fci, &fcc);

	/* $fn may have forked: a child returning from it holds its parent's lock,
	 * which is the parent's to release, not the child's. */
	forget_parent_locks(lock);
	/* Release whatever $fn did, an exception included; ours chains onto it. */
	if ((held = zend_hash_find(&lock->held, name)) != NULL) {
		zend_string *token = zend_string_copy(Z_STR_P(held));
		bool released;
		hold_forget(lock, name);
		if (lock->backend->release(lock, &name, &token, 1, false, &released) == FAILURE) {
			/* The reply was lost: the delete may not have happened. */
			remember_orphan(lock, name, token);
			lock_throw(lock);
		}
		zend_string_release(token);
	}
}

/* A script runs on one cluster node, and touches one slot only. */
static bool names_share_slot(const redislock_lock_obj *lock, zend_string **names, uint32_t n)
{
	unsigned int first = 0;
	for (uint32_t i = 0; i < n; i++) {
		zend_string *key = lock_key(lock, names[i]);
		unsigned int slot = redislock_key_slot(ZSTR_VAL(key), ZSTR_LEN(key));
		zend_string_release(key);
		if (i == 0) {
			first = slot;
		} else if (slot != first) {
			return false;
		}
	}
	return true;
}

PHP_METHOD(RedisLock, lockMany)
{
	HashTable *names_ht;
	double timeout = 0, expire = 15;
	redislock_lock_obj *lock;
	zend_string **names, **tokens;
	uint32_t n, i = 0;
	zval *entry;
	int outcome = ACQUIRE_BUSY;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_ARRAY_HT(names_ht)
		Z_PARAM_OPTIONAL
		Z_PARAM_DOUBLE(timeout)
		Z_PARAM_DOUBLE(expire)
	ZEND_PARSE_PARAMETERS_END();

	n = zend_hash_num_elements(names_ht);
	if (n == 0) {
		zend_argument_value_error(1, "must not be empty");
		RETURN_THROWS();
	}
	ZEND_HASH_FOREACH_VAL(names_ht, entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) != IS_STRING || Z_STRLEN_P(entry) == 0) {
			zend_argument_value_error(1, "must contain only non-empty strings");
			RETURN_THROWS();
		}
	} ZEND_HASH_FOREACH_END();
	if (!redislock_check_seconds(timeout, 2, true) || !redislock_check_seconds(expire, 3, false)) {
		RETURN_THROWS();
	}
	if (!(lock = this_lock(ZEND_THIS)) || lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}

	names = safe_emalloc(n, sizeof(*names), 0);
	ZEND_HASH_FOREACH_VAL(names_ht, entry) {
		ZVAL_DEREF(entry);
		names[i++] = Z_STR_P(entry);
	} ZEND_HASH_FOREACH_END();
	for (i = 0; i < n; i++) {
		for (uint32_t j = i + 1; j < n; j++) {
			if (zend_string_equals(names[i], names[j])) {
				efree(names);
				zend_argument_value_error(1, "must not contain the same name twice");
				RETURN_THROWS();
			}
		}
	}
	if (redislock_conn_config(lock->conn)->mode == REDISLOCK_MODE_CLUSTER && !names_share_slot(lock, names, n)) {
		efree(names);
		zend_argument_value_error(1, "must name locks of one cluster slot on a Redis Cluster: give the names a common {hash tag}, as in \"{order:42}stock\" and \"{order:42}payment\"");
		RETURN_THROWS();
	}
	/* All or nothing: a name this object holds already cannot be taken again along
	 * with the rest, and waiting for ourselves would never end. */
	for (i = 0; i < n && !zend_hash_exists(&lock->held, names[i]); i++);
	if (i == n) {
		tokens = safe_emalloc(n, sizeof(*tokens), 0);
		outcome = lock->backend->acquire(lock, names, n, timeout, hold_ms(lock, expire), true, WANT_EXCLUSIVE, NULL, tokens);
		if (outcome == ACQUIRE_TAKEN) {
			for (i = 0; i < n; i++) {
				hold_set(lock, names[i], tokens[i]);
				zend_string_release(tokens[i]);
			}
		}
		efree(tokens);
	}
	efree(names);
	if (outcome == ACQUIRE_THROWN) {
		RETURN_THROWS();
	}
	RETURN_BOOL(outcome == ACQUIRE_TAKEN);
}

PHP_METHOD(RedisLock, holdsLock)
{
	zend_string *name, *token;
	redislock_lock_obj *lock;
	int holding;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !check_token(token, 2) || !(lock = this_lock(ZEND_THIS)) || lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	if ((holding = lock->backend->check(lock, name, token)) < 0) {
		RETURN_THROWS();
	}
	RETURN_BOOL(holding);
}

PHP_METHOD(RedisLock, forceUnlock)
{
	zend_string *name;
	redislock_lock_obj *lock;
	int removed;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !(lock = this_lock(ZEND_THIS)) || lock_prepare(lock) == FAILURE) {
		RETURN_THROWS();
	}
	if ((removed = lock->backend->force(lock, name)) < 0) {
		RETURN_THROWS();
	}
	/* If it was ours, it is not any more. */
	hold_forget(lock, name);
	RETURN_BOOL(removed);
}
