/* The RedisLock class. */
#ifndef REDISLOCK_LOCK_H
#define REDISLOCK_LOCK_H

#include "php.h"

/* The most names one lockMany() takes: they are taken by one script, and Redis
 * serves nobody while it runs. On a slow 2-core VM, 1000 names took 20-38 ms
 * of server time on Redis 7.0 and 25-116 ms on Valkey 9.1, past the 50 ms no
 * script of ours may take; 250 took at most 15.5 ms on Valkey 9.1. */
#define REDISLOCK_MAX_LOCK_MANY 250

void redislock_lock_startup(zend_class_entry *ce);

#endif
