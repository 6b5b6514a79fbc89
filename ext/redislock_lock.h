/* The RedisLock class. */
#ifndef REDISLOCK_LOCK_H
#define REDISLOCK_LOCK_H

#include "php.h"

/* The most names one lockMany() takes: they are taken by one script, and Redis
 * serves nobody while it runs (1000 names take about 5 ms of server time). */
#define REDISLOCK_MAX_LOCK_MANY 1000

void redislock_lock_startup(zend_class_entry *ce);

#endif
