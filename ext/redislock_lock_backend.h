/* RedisLock's table of operations: how locking reaches the servers, one table
 * for a single server (redislock_lock_single.c) and one for a Redlock majority
 * (redislock_lock_redlock.c), and what each can do. The methods call only
 * through it, and ask it alone what a backend lacks. */
#ifndef REDISLOCK_LOCK_BACKEND_H
#define REDISLOCK_LOCK_BACKEND_H

#include "redislock_lock_common.h"

/* What a method may need that a backend may lack. */
typedef enum {
	LOCK_CAN_FENCE,   /* fencing numbers: fencingToken(), fenceLock() (and the fence slot) */
	LOCK_CAN_SHARE,   /* shared holds: lockShared(), addLock(shared: true), convertLock() */
	LOCK_CAN_INSPECT, /* one server's keys to read: inspect(), inspectMany(), names() */
	LOCK_CAPABILITIES
} lock_capability;

/* Why a backend lacks a capability, for the BadMethodCallException of the methods
 * that need it; {NULL, NULL} where it has it. */
typedef struct {
	const char *why;      /* what the backend cannot do, and why */
	const char *instead;  /* what to use instead, or NULL */
} lock_lack;

/* What locking does against the servers: one table for a single server (alone,
 * behind Sentinel, or a cluster's node for the key), one for a Redlock majority.
 * Every operation answers a redislock_outcome (or a zend_result where there is no
 * "no"): REDISLOCK_FAILED leaves the failure recorded, for the method to throw
 * with lock_throw(); nothing here throws. */
struct _lock_backend {
	/* Takes n names at once for ms, waiting up to timeout: REDISLOCK_YES (then
	 * tokens[i] is names[i]'s new token, with its fencing number when fenced or
	 * n > 1), REDISLOCK_NO (busy; *gone, when given, tells a promotion or
	 * demotion of a hold that lapsed: nothing to convert) or REDISLOCK_FAILED.
	 * want is WANT_EXCLUSIVE, or for one name on one server WANT_SHARED or
	 * WANT_PROMOTE; hex is the random part to use (a promotion or demotion keeps
	 * its own), or NULL for a new one. */
	redislock_outcome (*acquire)(redislock_lock_obj *lock, zend_string **names, uint32_t n, double timeout, zend_long ms,
		bool fenced, char want, zend_string *hex, zend_string **tokens, bool *gone);
	/* Releases each name while it holds tokens[i] (with suffix: the random part);
	 * released[i] tells which were still ours. */
	zend_result (*release)(redislock_lock_obj *lock, zend_string **names, zend_string **tokens, uint32_t n, bool suffix, bool *released);
	/* A new lifetime while it holds token: REDISLOCK_YES, REDISLOCK_NO when it
	 * does not, or REDISLOCK_FAILED. */
	redislock_outcome (*extend)(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, zend_long ms);
	/* The watch script (ext/lua/lock/watch.lua) while it holds token: bound > 0
	 * moves the bound the watchdogs of every process renew the hold up to (bound
	 * ms from now) and gives the hold life ms (bound if shorter); bound < 0 ends
	 * every watch of the hold and gives it life ms. REDISLOCK_YES, REDISLOCK_NO
	 * when it does not hold token, or REDISLOCK_FAILED. NULL with Redlock (no
	 * watchdog there). */
	redislock_outcome (*watch)(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, zend_long life,
		zend_long bound);
	/* Whether it holds token (NULL: whether anyone holds it), and then for how
	 * long in *ms (PTTL_FOREVER: without an expiry): REDISLOCK_YES, REDISLOCK_NO
	 * or REDISLOCK_FAILED. With Redlock, a token a majority does not hold any
	 * more is given back on the servers that still have it. */
	redislock_outcome (*pttl)(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, zend_long *ms);
	/* Whether it holds token, without the side effect pttl() of Redlock has. */
	redislock_outcome (*check)(redislock_lock_obj *lock, const zend_string *name, const zend_string *token);
	/* Removes the lock whoever holds it and wakes the next waiter: REDISLOCK_YES
	 * when there was one, REDISLOCK_NO, or REDISLOCK_FAILED. */
	redislock_outcome (*force)(redislock_lock_obj *lock, const zend_string *name);
	/* Draws the fencing number of a lock held with a token that has none yet (one
	 * that has one is given back while it holds): REDISLOCK_YES with the new
	 * token in *fenced, REDISLOCK_NO (not held) or REDISLOCK_FAILED. owned: the
	 * object's own hold of name, which a lost reply turns into an orphan;
	 * otherwise the token is the caller's, who learns of the lost reply from the
	 * exception and may ask again. NULL where there are none (lacks[LOCK_CAN_FENCE]). */
	redislock_outcome (*fence)(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, bool owned,
		zend_string **fenced);
	/* Throws the failure the last operation recorded (for lock_throw()). */
	void (*throw_failure)(const redislock_lock_obj *lock);
	const char *name;     /* what the methods it lacks are "not available with" */
	lock_lack lacks[LOCK_CAPABILITIES];
};

/* A single server: alone, behind Sentinel, or a cluster's node for the key. */
extern const lock_backend lock_single_backend;
/* A majority of independent servers. */
extern const lock_backend lock_redlock_backend;

#endif
