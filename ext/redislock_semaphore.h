/* The RedisSemaphore class. */
#ifndef REDISLOCK_SEMAPHORE_H
#define REDISLOCK_SEMAPHORE_H

#include "php.h"

/* The largest limit: far below where a sum of permits in Lua loses digits. */
#define REDISLOCK_SEMAPHORE_MAX_LIMIT 1000000000

void redislock_semaphore_startup(zend_class_entry *ce);

#endif
