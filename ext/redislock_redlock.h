/* Redlock: one lock across several independent Redis masters, held while a
 * majority of them hold it. */
#ifndef REDISLOCK_REDLOCK_H
#define REDISLOCK_REDLOCK_H

#include "redislock_conn.h"
#include "redislock_exceptions.h"

typedef struct _redislock_redlock {
	redislock_conn **members;   /* one connection per server */
	uint32_t count;
	uint32_t quorum;            /* count / 2 + 1 */
	double read_timeout;        /* for each round: all replies within this */
	redislock_status st;        /* the failure of the last round that failed */
	bool maybe_held;            /* a failed acquisition may have left the token on some server */
} redislock_redlock;

/* Takes the member settings out of cfg (the rest stays). Failures are recorded in
 * r->st, naming the servers involved, for the method to throw. */
redislock_redlock *redislock_redlock_create(redislock_config *cfg);
void redislock_redlock_destroy(redislock_redlock *r);

/* Takes n keys at once with token for ms, on a majority, waiting up to timeout
 * seconds (woken through each key's wake-up list): REDISLOCK_YES (taken),
 * REDISLOCK_NO (busy) or REDISLOCK_FAILED (recorded) when fewer than a majority
 * of the servers answer or a majority refuses. */
redislock_outcome redislock_redlock_acquire(redislock_redlock *r, zend_string **keys, uint32_t n,
	const zend_string *token, zend_long ms, double timeout);

/* Releases each key on every server while it holds tokens[i] (with suffix: a
 * token ending in ":" + tokens[i]). released[i]: it was held on a majority. Fails
 * (error recorded, not thrown) when fewer than a majority of the servers answer. */
zend_result redislock_redlock_release(redislock_redlock *r, zend_string **keys, zend_string **tokens,
	uint32_t n, bool suffix, bool *released);

/* A new lifetime for the key while it holds token: 1 when a majority extended it
 * in time, REDISLOCK_NO when not (then it is released everywhere),
 * REDISLOCK_FAILED (recorded). */
redislock_outcome redislock_redlock_extend(redislock_redlock *r, zend_string *key, zend_string *token, zend_long ms);

/* With a token: how long a majority still holds the key with it; when no
 * majority does, the lock is lost and, with give_back, released on the servers
 * that still have it.
 * Without a token: how long a majority still has the key at all. In ms; -1 when
 * no majority has it (-2: no expiry), REDLOCK_PTTL_FAILED (recorded). */
#define REDLOCK_PTTL_FAILED (-100)
zend_long redislock_redlock_pttl(redislock_redlock *r, zend_string *key, zend_string *token, bool give_back);

/* Removes the lock on every server whoever holds it: REDISLOCK_YES when a
 * majority had it, REDISLOCK_NO when not, REDISLOCK_FAILED (recorded) when fewer
 * than a majority answered. */
redislock_outcome redislock_redlock_force(redislock_redlock *r, zend_string *key);

#endif
