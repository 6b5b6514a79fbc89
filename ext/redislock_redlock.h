/* Redlock: one lock across several independent Redis masters, held while a
 * majority of them hold it. */
#ifndef REDISLOCK_REDLOCK_H
#define REDISLOCK_REDLOCK_H

#include "redislock_conn.h"

typedef struct _redislock_redlock {
	redislock_conn **members;   /* one connection per server */
	uint32_t count;
	uint32_t quorum;            /* count / 2 + 1 */
	double read_timeout;        /* for each round: all replies within this */
	redislock_status st;        /* the failure of the last round that failed */
	bool maybe_held;            /* a failed acquisition may have left the token on some server */
} redislock_redlock;

/* Takes the member settings out of cfg (the rest stays). Failures are recorded in
 * r->st, naming the servers involved, and thrown from there. */
redislock_redlock *redislock_redlock_create(redislock_config *cfg);
void redislock_redlock_destroy(redislock_redlock *r);

#define REDLOCK_THROWN -1
#define REDLOCK_BUSY 0
#define REDLOCK_TAKEN 1

/* Takes n keys at once with token for ms, on a majority, waiting up to timeout
 * seconds (woken through each key's wake-up list). Throws when fewer than a majority
 * of the servers answer. */
int redislock_redlock_acquire(redislock_redlock *r, zend_string **keys, uint32_t n,
	const zend_string *token, zend_long ms, double timeout);

/* Releases each key on every server while it holds tokens[i] (with suffix: a
 * token ending in ":" + tokens[i]). released[i]: it was held on a majority. Fails
 * (error recorded, not thrown) when fewer than a majority of the servers answer. */
zend_result redislock_redlock_release(redislock_redlock *r, zend_string **keys, zend_string **tokens,
	uint32_t n, bool suffix, bool *released);

/* A new lifetime for the key while it holds token: 1 when a majority extended it
 * in time, 0 when not (then it is released everywhere), -1 after throwing. */
int redislock_redlock_extend(redislock_redlock *r, zend_string *key, zend_string *token, zend_long ms);

/* With a token: how long a majority still holds the key with it; when no
 * majority does, the lock is lost and, with give_back, released on the servers
 * that still have it.
 * Without a token: how long a majority still has the key at all. In ms; -1 when
 * no majority has it (-2: no expiry), REDLOCK_PTTL_THROWN after throwing. */
#define REDLOCK_PTTL_THROWN (-100)
zend_long redislock_redlock_pttl(redislock_redlock *r, zend_string *key, zend_string *token, bool give_back);

/* Removes the lock on every server whoever holds it: 1 when a majority had it, 0
 * when not, -1 after throwing (fewer than a majority answered). */
int redislock_redlock_force(redislock_redlock *r, zend_string *key);

#endif
