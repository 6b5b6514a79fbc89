/* The RedisLatch class. */
#ifndef REDISLOCK_LATCH_H
#define REDISLOCK_LATCH_H

#include "php.h"

/* The largest count of set() and countDown()'s largest step: 10^15, below 2^53,
 * where a Lua number is exact, and printed whole by the scripts (%d). */
#define REDISLOCK_LATCH_MAX_COUNT 1000000000000000LL

void redislock_latch_startup(zend_class_entry *ce);

#endif
