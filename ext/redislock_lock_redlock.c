/* RedisLock on a majority of independent servers: the same operations as on one
 * server, over the rounds of redislock_redlock.c.
 * Tokens are "redlock:<hex>": no fencing number, as no single counter exists. */
#include "redislock_lock_backend.h"
#include "redislock_exceptions.h"

/* Redlock: the lock keys of names. */
static zend_string **redlock_keys(const redislock_lock_obj *lock, zend_string **names, uint32_t n)
{
	zend_string **keys = safe_emalloc(n, sizeof(*keys), 0);
	for (uint32_t i = 0; i < n; i++) {
		keys[i] = redislock_object_key(&lock->h.base, names[i]);
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

/* ---- the operations ------------------------------------------------------------ */

static redislock_outcome redlock_acquire_op(redislock_lock_obj *lock, zend_string **names, uint32_t n, double timeout,
	zend_long ms, bool fenced, char want, zend_string *given_hex, zend_string **tokens, bool *gone)
{
	/* Only exclusive holds: the methods refuse the rest before coming here. */
	ZEND_ASSERT(want == WANT_EXCLUSIVE && !given_hex);
	zend_string *hex = redislock_random_hex(), **keys, *token;
	redislock_outcome outcome;

	if (gone) {
		*gone = false;
	}
	if (!hex) {
		/* The CSPRNG failed, and said so. */
		return REDISLOCK_FAILED;
	}
	keys = redlock_keys(lock, names, n);
	token = zend_string_concat2("redlock:", sizeof("redlock:") - 1, ZSTR_VAL(hex), ZSTR_LEN(hex));
	outcome = redislock_redlock_acquire(lock->redlock, keys, n, token, ms, timeout);
	redlock_keys_free(keys, n);
	/* As with one server: what may have been taken is cleaned up by the next call. */
	for (uint32_t i = 0; outcome == REDISLOCK_FAILED && lock->redlock->maybe_held && i < n; i++) {
		redislock_holder_orphan(&lock->h, names[i], hex);
	}
	for (uint32_t i = 0; outcome == REDISLOCK_YES && i < n; i++) {
		tokens[i] = zend_string_copy(token);
	}
	zend_string_release(token);
	zend_string_release(hex);
	return outcome;
}

static zend_result redlock_release_op(redislock_lock_obj *lock, zend_string **names, zend_string **tokens,
	uint32_t n, bool suffix, bool *released)
{
	zend_string **keys = redlock_keys(lock, names, n);
	zend_result result = redislock_redlock_release(lock->redlock, keys, tokens, n, suffix, released);
	redlock_keys_free(keys, n);
	return result;
}

static redislock_outcome redlock_extend_op(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, zend_long ms)
{
	zend_string *key = redislock_object_key(&lock->h.base, name);
	redislock_outcome extended = redislock_redlock_extend(lock->redlock, key, (zend_string *) token, ms);
	zend_string_release(key);
	return extended;
}

/* The majority's PTTL of the key (with token: of the key holding it). */
static redislock_outcome majority_pttl(redislock_lock_obj *lock, const zend_string *name, const zend_string *token,
	bool give_back, zend_long *ms)
{
	zend_string *key = redislock_object_key(&lock->h.base, name);
	zend_long pttl = redislock_redlock_pttl(lock->redlock, key, (zend_string *) token, give_back);
	zend_string_release(key);
	if (pttl == REDLOCK_PTTL_FAILED) {
		return REDISLOCK_FAILED;
	}
	if (pttl == -1) {
		return REDISLOCK_NO;
	}
	*ms = pttl == -2 ? PTTL_FOREVER : pttl;
	return REDISLOCK_YES;
}

static redislock_outcome redlock_pttl_op(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, zend_long *ms)
{
	return majority_pttl(lock, name, token, true, ms);
}

static redislock_outcome redlock_check_op(redislock_lock_obj *lock, const zend_string *name, const zend_string *token)
{
	zend_long ms;
	return majority_pttl(lock, name, token, false, &ms);
}

static redislock_outcome redlock_force_op(redislock_lock_obj *lock, const zend_string *name)
{
	zend_string *key = redislock_object_key(&lock->h.base, name);
	redislock_outcome removed = redislock_redlock_force(lock->redlock, key);
	zend_string_release(key);
	return removed;
}

static void redlock_throw_op(const redislock_lock_obj *lock)
{
	redislock_throw_status(&lock->redlock->st);
}

const lock_backend lock_redlock_backend = {
	.acquire = redlock_acquire_op,
	.release = redlock_release_op,
	.extend = redlock_extend_op,
	.watch = NULL,  /* no watchdog with Redlock */
	.pttl = redlock_pttl_op,
	.check = redlock_check_op,
	.force = redlock_force_op,
	.fence = NULL,  /* no fencing numbers: no single counter exists */
	.throw_failure = redlock_throw_op,
	.name = "redlock",
	.lacks = {
		[LOCK_CAN_FENCE] = {"independent servers count separately, so no number orders the holders of a majority",
			"use one server, Sentinel or a cluster where fencing matters"},
		[LOCK_CAN_SHARE] = {"a shared hold needs the set of its holders and its wait queue on one server",
			"use one server, Sentinel or a cluster for shared locks"},
		[LOCK_CAN_INSPECT] = {"a redlock's keys live on several servers, which may disagree",
			"ask each server with a RedisLock of its own"},
	},
};
