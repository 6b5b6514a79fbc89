/* What RedisLock's files share, below the backends that use it: the object, the
 * keys of one name, the codes the scripts answer, and the helpers of
 * redislock_lock_common.c (the keys; the read timeout and the key of a name are
 * the object base's, redislock_object.h). The class
 * (redislock_lock.c: the object's handlers and methods) picks a backend from the
 * table of operations of redislock_lock_backend.h, one for a single server
 * (redislock_lock_single.c) and one for a Redlock majority
 * (redislock_lock_redlock.c); both call down into this file, never up into the
 * class. */
#ifndef REDISLOCK_LOCK_COMMON_H
#define REDISLOCK_LOCK_COMMON_H

#include "php.h"
#include "redislock_holder.h"
#include "redislock_keys.h"
#include "redislock_redlock.h"
#include "redislock_runner.h"

typedef struct _lock_backend lock_backend;

typedef struct _redislock_lock_obj {
	/* One hold per name: its tables are keyed by name (name_to_token, name_to_hex). */
	redislock_holder h;
	redislock_redlock *redlock;  /* several independent servers; NULL for one */
	const lock_backend *backend; /* how locking reaches the servers */
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

static inline redislock_lock_obj *lock_from_obj(zend_object *obj)
{
	return (redislock_lock_obj *) ((char *) obj - XtOffsetOf(redislock_lock_obj, std));
}

/* The lifetime of a hold without an expiry (a key that is not ours to judge). */
#define PTTL_FOREVER -11

/* What an attempt wants (the lock script's want). */
#define WANT_EXCLUSIVE 'x'
#define WANT_SHARED 'r'
#define WANT_PROMOTE 'p'  /* the promotion of our shared hold */
/* The lock script's answer to a promotion while another holder's waits. */
#define PTTL_REFUSED -4
/* Its answer to a promotion of a share that is not held any more. */
#define PTTL_NOT_HELD -5
/* The token prefix of a shared hold. */
#define SHARED_PREFIX "shared:"

/* What an attempt does when the lock is busy (the lock script's mode). */
#define ATTEMPT_ONCE '0'   /* nothing: the caller does not wait */
#define ATTEMPT_QUEUE '1'  /* queue up, or stay queued */
#define ATTEMPT_LAST '2'   /* the waiter's time is up: leave the queue (one name) */

/* ---- redislock_lock_common.c ------------------------------------------------ */

/* The keys a script needs for name (the queue keys on a cluster only). */
void lock_keys_init(lock_keys *k, const redislock_lock_obj *lock, const zend_string *name);
void lock_keys_free(lock_keys *k);

#endif
