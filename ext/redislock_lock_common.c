/* What RedisLock's backends and its class share, below them all: the keys of a
 * name (its key is the object base's, redislock_object_key()). Nothing here knows
 * which backend an object has. */
#include "redislock_lock_common.h"

void lock_keys_init(lock_keys *k, const redislock_lock_obj *lock, const zend_string *name)
{
	const char *hint;
	k->key = redislock_object_key(&lock->h.base, name);
	hint = redislock_sibling_hint(k->key);
	k->hint = hint ? hint : "";
	k->queue = k->many = NULL;
	if (redislock_conn_config(lock->h.conn)->mode == REDISLOCK_MODE_CLUSTER) {
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
