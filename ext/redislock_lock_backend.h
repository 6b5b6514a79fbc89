/* RedisLock's table of operations: how locking reaches the servers, one table
 * for a single server (redislock_lock_single.c) and one for a Redlock majority
 * (redislock_lock_redlock.c). The methods call only through it. */
#ifndef REDISLOCK_LOCK_BACKEND_H
#define REDISLOCK_LOCK_BACKEND_H

#include "redislock_lock_int.h"

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
	/* How long it still holds token, in ms, or PTTL_NONE, PTTL_FOREVER, CALL_LOST (thrown). */
	zend_long (*pttl)(redislock_lock_obj *lock, const zend_string *name, const zend_string *token);
	/* Whether it holds token, without the side effect pttl() of Redlock has (it
	 * gives a lost lock back): 1, 0, or -1 after throwing. */
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

/* A single server: alone, behind Sentinel, or a cluster's node for the key. */
extern const lock_backend lock_single_backend;
/* A majority of independent servers. */
extern const lock_backend lock_redlock_backend;

#endif
