/* RedisLock's bookkeeping: key names, tokens, the object's holds and orphans, the
 * watchdog's entries for them, and releasing everything at the object's end or
 * the request's. */
#include "redislock_lock_backend.h"
#include "redislock_args.h"

/* A forked child inherits the object, but the locks in it are its parent's: the
 * child must never release them, not even by auto-release when it exits. */
void lock_forget_parent_locks(redislock_lock_obj *lock)
{
	if (lock->generation != redislock_fork_generation) {
		lock_hold_clear(lock);
		zend_hash_clean(&lock->orphans);
		lock->generation = redislock_fork_generation;
	}
}

double lock_read_timeout(const redislock_lock_obj *lock)
{
	return redislock_conn_config(lock->conn)->read_timeout;
}

/* ---- keys and tokens --------------------------------------------------------- */

/* prefix + name: the lock's key. */
zend_string *lock_key(const redislock_lock_obj *lock, const zend_string *name)
{
	return zend_string_concat2(ZSTR_VAL(lock->prefix), ZSTR_LEN(lock->prefix), ZSTR_VAL(name), ZSTR_LEN(name));
}


void lock_keys_init(lock_keys *k, const redislock_lock_obj *lock, const zend_string *name)
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

void lock_keys_free(lock_keys *k)
{
	zend_string_release(k->key);
	if (k->queue) {
		zend_string_release(k->queue);
		zend_string_release(k->many);
	}
}


void lock_remember(HashTable *table, const zend_string *name, zend_string *value)
{
	zval zv;
	ZVAL_STR_COPY(&zv, value);
	zend_hash_update(table, (zend_string *) name, &zv);
}

/* The random part of a token: what follows its colon, if it has one. */
zend_string *lock_token_hex(const zend_string *token)
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
zend_long lock_hold_ms(const redislock_lock_obj *lock, double expire)
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
	lock_keys_init(&k, lock, name);
	/* The command single_extend() sends, with the lease. */
	redislock_script_extend_args(&a, k.key, k.queue, k.many, token, redislock_seconds_to_ms(cfg->watchdog_lease), k.hint);
	id = redislock_wd_add(lock->wd_target, a.argc, a.argv, a.lens, redislock_script_extend.body, cfg->watchdog_lease,
		cfg->watchdog_max_hold, redislock_conn_last_flush(lock->conn));
	redislock_argv_free(&a);
	lock_keys_free(&k);
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
bool lock_watch_lost(const redislock_lock_obj *lock, const zend_string *name)
{
	zval *id = zend_hash_find(&lock->watch, (zend_string *) name);
	return id && redislock_wd_state_of((uint64_t) Z_LVAL_P(id)) == REDISLOCK_WD_LOST;
}

void lock_hold_set(redislock_lock_obj *lock, const zend_string *name, zend_string *token)
{
	lock_remember(&lock->held, name, token);
	watch_stop(lock, name);
	if (watched(lock)) {
		watch_start(lock, name, token);
	}
}

void lock_hold_forget(redislock_lock_obj *lock, const zend_string *name)
{
	zend_hash_del(&lock->held, (zend_string *) name);
	watch_stop(lock, name);
}

void lock_hold_clear(redislock_lock_obj *lock)
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
void lock_remember_orphan(redislock_lock_obj *lock, const zend_string *name, const zend_string *token)
{
	zend_string *hex = lock_token_hex(token);
	lock_remember(&lock->orphans, name, hex);
	zend_string_release(hex);
}

/* ---- releasing everything, and orphans ------------------------------------------ */

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
zend_result lock_prepare(redislock_lock_obj *lock)
{
	if (zend_hash_num_elements(&lock->orphans) > 0 && clean_orphans(lock) == FAILURE) {
		lock_throw(lock);
		return FAILURE;
	}
	return SUCCESS;
}

/* Releases everything this object holds, in one round trip. With report=false
 * (destructor, request shutdown) failures are silent: the TTL still bounds them. */
zend_result lock_release_all(redislock_lock_obj *lock, bool report, bool *all_released)
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
	lock_hold_clear(lock);
	released = safe_emalloc(n, sizeof(*released), 0);
	result = lock->backend->release(lock, names, tokens, n, false, released);
	for (uint32_t i = 0; i < n; i++) {
		if (result == FAILURE) {
			/* The reply was lost: the delete may not have happened. */
			lock_remember_orphan(lock, names[i], tokens[i]);
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

void lock_auto_release(redislock_lock_obj *lock)
{
	bool all_released;
	if (!lock->conn) {
		return;
	}
	lock_forget_parent_locks(lock);
	if (redislock_conn_config(lock->conn)->auto_release) {
		lock_release_all(lock, false, &all_released);
	} else if (zend_hash_num_elements(&lock->orphans) > 0) {
		clean_orphans(lock);
	}
	lock_hold_clear(lock);
}

/* RSHUTDOWN: objects a fatal error kept from being destructed still let go. */
void lock_on_shutdown(void *owner)
{
	lock_auto_release((redislock_lock_obj *) owner);
}

void lock_throw(const redislock_lock_obj *lock)
{
	lock->backend->throw_failure(lock);
}

