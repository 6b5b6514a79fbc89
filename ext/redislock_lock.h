/* The RedisLock class. */
#ifndef REDISLOCK_LOCK_H
#define REDISLOCK_LOCK_H

#include "php.h"

/* The most names one lockMany() takes: they are taken by one script, and Redis
 * serves nobody while it runs. 250 names cost about a quarter of 1000, which
 * took 20-38 ms of server time on Redis 7.0 and 25-116 ms on Valkey 9.1 on a
 * slow 2-core VM: past the 50 ms no script of ours may take. */
#define REDISLOCK_MAX_LOCK_MANY 250

void redislock_lock_startup(zend_class_entry *ce);

#endif
